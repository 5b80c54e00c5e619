//! `judge search` on the embedded French corpus: real output, snapshotted, and the JSON contract
//! of the README.

use crate::support::{data_dir, run};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

/// Runs a search with `--json`; returns the exit code and the parsed output.
fn search_json(data: &Path, args: &[&str]) -> (i32, Value) {
    let mut all = vec!["search"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, stdout, stderr) = run(data, &all);
    assert!(stderr.is_empty(), "{stderr}");
    (code, serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}")))
}

/// The rule numbers of the hits, best first.
fn hit_ids(json: &Value) -> Vec<String> {
    json["hits"].as_array().unwrap().iter().map(|h| h["id"].as_str().unwrap().to_string()).collect()
}

/// The rules each hit shows as matching: its own id, or, for a rule shown with its subrules
/// grouped under it, theirs.
fn matched_ids(json: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for hit in json["hits"].as_array().unwrap() {
        let subrules = hit["subrules"].as_array().unwrap();
        if subrules.is_empty() {
            out.push(hit["id"].as_str().unwrap().to_string());
        }
        out.extend(subrules.iter().map(|s| s["id"].as_str().unwrap().to_string()));
    }
    out
}

fn ids_of(data: &Path, query: &str) -> Vec<String> {
    let (code, json) = search_json(data, &[query, "--limit", "50"]);
    assert_eq!(code, 0, "`{query}` finds something");
    hit_ids(&json)
}

/// A rule's text and examples, from `judge rule --json`, in lower case.
fn rule_text(data: &Path, id: &str) -> String {
    let (code, stdout, _) = run(data, &["rule", id, "--json"]);
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let rule = &json["rules"][0];
    let examples: Vec<&str> = rule["examples"].as_array().unwrap().iter().map(|e| e.as_str().unwrap()).collect();
    format!("{} {}", rule["text"].as_str().unwrap(), examples.join(" ")).to_lowercase()
}

#[test]
fn a_french_question_as_a_table() {
    let dir = data_dir();
    let (code, stdout, stderr) = run(dir.path(), &["search", "effet d'auto-remplacement", "--limit", "3"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "nothing on stderr when it is not a terminal: {stderr}");
    assert!(stdout.starts_with("Edition fr-2011-02-04 · fr · search: effet d'auto-remplacement\n"), "{stdout}");
    insta::assert_snapshot!(stdout);
}

#[test]
fn json_follows_the_contract() {
    let dir = data_dir();
    let (code, stdout, stderr) = run(dir.path(), &["search", "effet d'auto-remplacement", "--limit", "5", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 4, "{keys:?}");
    assert_eq!(json["hints"], serde_json::json!([]));
    assert_eq!(json["query"], "effet d'auto-remplacement");
    assert_eq!(json["edition"], "fr-2011-02-04");
    let hits = json["hits"].as_array().unwrap();
    assert_eq!(hits.len(), 5, "--limit 5, and more rules than that match");
    let mut previous = f64::INFINITY;
    for hit in hits {
        assert_eq!(hit.as_object().unwrap().len(), 5, "{hit}");
        // Subrules grouped under the hit: each with its id, score and snippet, and of the hit's rule.
        for sub in hit["subrules"].as_array().expect("subrules is an array") {
            assert_eq!(sub.as_object().unwrap().len(), 3, "{sub}");
            let (parent, sub_id) = (hit["id"].as_str().unwrap(), sub["id"].as_str().unwrap());
            assert!(sub_id.starts_with(parent) && sub_id.len() > parent.len(), "{sub}");
            assert!(sub["score"].as_f64().unwrap() > 0.0 && !sub["snippet"].as_str().unwrap().is_empty());
        }
        let score = hit["score"].as_f64().expect("a score is a number");
        assert!(score > 0.0 && score <= previous, "best first: {score} after {previous}");
        previous = score;
        let id = hit["id"].as_str().unwrap();
        assert!(hit["section"].as_str().unwrap().starts_with(&id[..4]), "{hit}");
        let snippet = hit["snippet"].as_str().unwrap();
        assert!(!snippet.contains('\n') && !snippet.contains('\x1b'), "plain text on one line: {snippet:?}");
    }
    assert_eq!(hits[0]["id"], "614.14");
    assert!(hits[0]["snippet"].as_str().unwrap().contains("effets d’auto-remplacement"));
    // The output as printed (keys in the README's order), but for the scores: floats whose last
    // digits are tantivy's business, not this snapshot's.
    let scores = regex::Regex::new(r#""score": [0-9.eE+-]+,"#).unwrap();
    let subrules: usize = hits.iter().map(|h| h["subrules"].as_array().unwrap().len()).sum();
    assert_eq!(scores.find_iter(&stdout).count(), 5 + subrules);
    insta::assert_snapshot!(scores.replace_all(&stdout, r#""score": "[score]","#));
}

#[test]
fn limit_cuts_the_same_ranking() {
    let dir = data_dir();
    let (_, five) = search_json(dir.path(), &["effet de remplacement", "--limit", "5"]);
    let (_, one) = search_json(dir.path(), &["effet de remplacement", "--limit", "1"]);
    let (_, all) = search_json(dir.path(), &["effet de remplacement", "--limit", "1000"]);
    let (_, default) = search_json(dir.path(), &["effet de remplacement"]);
    assert_eq!(hit_ids(&one), hit_ids(&five)[..1]);
    assert_eq!(hit_ids(&default).len(), 10, "10 by default");
    assert_eq!(hit_ids(&default)[..5], hit_ids(&five));
    assert!(hit_ids(&all).len() > 10 && hit_ids(&all).len() < 102, "{}", hit_ids(&all).len());
    assert_eq!(hit_ids(&all)[..10], hit_ids(&default));
}

#[test]
fn english_words_find_french_rules() {
    let dir = data_dir();
    let (code, json) = search_json(dir.path(), &["replacement effect enters the battlefield tapped", "--limit", "3"]);
    assert_eq!(code, 0);
    assert_eq!(json["edition"], "fr-2011-02-04");
    assert_eq!(hit_ids(&json)[0], "614.12");
    let snippet = json["hits"][0]["snippet"].as_str().unwrap();
    assert!(snippet.contains("effets de remplacement") && snippet.contains("champ de bataille"), "{snippet}");
    let (code, json) = search_json(dir.path(), &["self-replacement effect", "--limit", "3"]);
    assert_eq!(code, 0);
    assert_eq!(hit_ids(&json)[0], "614.14");
}

#[test]
fn accents_and_case_are_folded() {
    let dir = data_dir();
    let (code, stdout, _) = run(dir.path(), &["search", "regeneration"]);
    assert_eq!(code, 0);
    // The accented words of the rules are highlighted for a question typed without accents.
    insta::assert_snapshot!(stdout);
    let plain = ids_of(dir.path(), "regeneration");
    assert_eq!(plain[0], "614.8");
    for spelling in ["régénération", "RÉGÉNÉRATION", "Regeneration"] {
        assert_eq!(ids_of(dir.path(), spelling), plain, "{spelling}");
    }
}

#[test]
fn a_quoted_phrase_keeps_its_words_together() {
    let dir = data_dir();
    let matched = |query| {
        let (code, json) = search_json(dir.path(), &[query, "--limit", "50"]);
        assert_eq!(code, 0, "`{query}` finds something");
        matched_ids(&json)
    };
    let phrase = matched("\"arrive sur le champ de bataille\"");
    let words = matched("arrive sur le champ de bataille");
    assert!(!phrase.is_empty() && phrase.len() < words.len(), "{phrase:?} against {words:?}");
    assert!(phrase.iter().all(|id| words.contains(id)), "{phrase:?} against {words:?}");
    let together = regex::Regex::new(r"arriv\w* sur le champ de bataille").unwrap();
    for id in &phrase {
        assert!(together.is_match(&rule_text(dir.path(), id)), "{id} has the phrase");
    }
    let apart: Vec<&String> = words.iter().filter(|id| !together.is_match(&rule_text(dir.path(), id))).collect();
    assert!(!apart.is_empty(), "without quotes, rules with the words apart are found too");
    // French quotes work as well, and a word beside the phrase adds the rules that have it.
    assert_eq!(matched("« arrive sur le champ de bataille »"), phrase);
    let mixed = matched("« arrive sur le champ de bataille » engagé");
    assert!(phrase.iter().all(|id| mixed.contains(id)), "{mixed:?}");
    let more: Vec<&String> = mixed.iter().filter(|id| !phrase.contains(id)).collect();
    assert!(!more.is_empty(), "{mixed:?}");
    for id in more {
        assert!(rule_text(dir.path(), id).contains("engag"), "{id}");
    }
}

#[test]
fn a_typo_is_corrected() {
    let dir = data_dir();
    assert_eq!(ids_of(dir.path(), "blesures redirigées"), ids_of(dir.path(), "blessures redirigées"));
    let (code, stdout, _) = run(dir.path(), &["search", "régénératoin", "--limit", "1"]);
    assert_eq!(code, 0);
    // Under the header, the section's title, then the hit.
    let heading = stdout.lines().nth(4).unwrap();
    assert!(heading.contains("614. Sorts, capacités et effets : Effets de remplacement"), "{stdout}");
    let first_row = stdout.lines().nth(5).unwrap();
    assert!(first_row.starts_with("│ 614.8 ") && first_row.contains("‹régénération›"), "{stdout}");
}

#[test]
fn a_rule_number_goes_to_lookup() {
    let dir = data_dir();
    for extra in [&[][..], &["--json"][..]] {
        let search = run(dir.path(), &[&["search", "614.12"][..], extra].concat());
        let rule = run(dir.path(), &[&["rule", "614.12"][..], extra].concat());
        assert_eq!(search.0, 0, "{}", search.2);
        assert_eq!(search, rule, "{extra:?}");
    }
    // So does a range, and a number that is not there is reported like `judge rule` does.
    assert_eq!(run(dir.path(), &["search", "614.1a-c"]), run(dir.path(), &["rule", "614.1a-c"]));
    let (code, stdout, stderr) = run(dir.path(), &["search", "614.99"]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert!(stderr.contains("rule `614.99` is not in edition `fr-2011-02-04`"), "{stderr}");
    assert!(!dir.path().join("index").exists(), "a lookup needs no index");
}

#[test]
fn no_hits_exits_1() {
    let dir = data_dir();
    let (code, stdout, stderr) = run(dir.path(), &["search", "zorglub"]);
    assert_eq!(code, 1);
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(stdout, "Edition fr-2011-02-04 · fr · search: zorglub\nNo rule matches.\n");
    let (code, json) = search_json(dir.path(), &["zorglub"]);
    assert_eq!(code, 1);
    assert_eq!(json, serde_json::json!({"query": "zorglub", "edition": "fr-2011-02-04", "hits": [], "hints": []}));
}

/// A question about sections the edition lacks says which, and how to get them; one made of card
/// names says that a scenario answers it, and which scenarios name those cards.
#[test]
fn hints_say_what_the_edition_cannot_answer() {
    let dir = data_dir();
    let (_, stdout, _) = run(dir.path(), &["search", "layer 7"]);
    insta::assert_snapshot!(stdout);
    let (_, json) = search_json(dir.path(), &["does Humility turn off Opalescence"]);
    let hints = json["hints"].as_array().unwrap();
    assert_eq!(hints.len(), 1, "{json}");
    let hint = hints[0].as_str().unwrap();
    assert!(hint.starts_with("`Humility`, `Opalescence` look like card names"), "{hint}");
    assert!(hint.contains("scenarios/humility-then-opalescence.yaml"), "{hint}");
}

/// When the best hit has less than two thirds of the words searched, the answer says which words no
/// hit has together with the others; not when the best hit has most of them.
#[test]
fn a_weak_best_hit_is_said_so() {
    let dir = data_dir();
    let (_, stdout, _) = run(dir.path(), &["search", "régénération banane pomme", "--limit", "2"]);
    insta::assert_snapshot!(stdout);
    let (_, json) = search_json(dir.path(), &["régénération banane pomme"]);
    let hints = json["hints"].as_array().unwrap();
    assert_eq!(hints.len(), 1, "{json}");
    let hint = hints[0].as_str().unwrap();
    assert!(hint.starts_with("the best match has only 1 of the 3 words searched (not `banane`, `pomme`)"), "{hint}");
    for strong in ["régénération blessures", "effet de remplacement", "regenration"] {
        let (_, json) = search_json(dir.path(), &[strong]);
        assert_eq!(json["hints"], serde_json::json!([]), "{strong}");
    }
}

/// The directories under `<data>/index/`, and the files of each.
fn index_files(data: &Path) -> Vec<(String, Vec<String>)> {
    let mut dirs: Vec<(String, Vec<String>)> = fs::read_dir(data.join("index"))
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let mut files: Vec<String> = match fs::read_dir(&path) {
                Ok(entries) => entries.map(|f| f.unwrap().file_name().to_string_lossy().into_owned()).collect(),
                Err(_) => vec!["(not a directory)".to_string()],
            };
            files.sort();
            (path.file_name().unwrap().to_string_lossy().into_owned(), files)
        })
        .collect();
    dirs.sort();
    dirs
}

/// The one index directory of the embedded edition.
fn the_index_dir(data: &Path) -> PathBuf {
    let listed = index_files(data);
    assert_eq!(listed.len(), 1, "{listed:?}");
    data.join("index").join(&listed[0].0)
}

#[test]
fn the_index_is_built_on_first_use_then_reused() {
    let dir = data_dir();
    assert!(!dir.path().join("index").exists());
    let first = run(dir.path(), &["search", "régénération"]);
    assert_eq!(first.0, 0, "{}", first.2);
    let built = index_files(dir.path());
    assert_eq!(built.len(), 1, "{built:?}");
    let name = &built[0].0;
    let fingerprint = name.strip_prefix("fr-2011-02-04-").unwrap_or_else(|| panic!("{name}"));
    assert!(fingerprint.len() == 16 && fingerprint.bytes().all(|b| b.is_ascii_hexdigit()), "{name}");
    assert!(built[0].1.iter().any(|f| f == "meta.json"), "{built:?}");

    // The second run answers the same from the same files: segment names are new on each build.
    let second = run(dir.path(), &["search", "régénération"]);
    assert_eq!(second, first);
    assert_eq!(index_files(dir.path()), built);
    let (code, stdout, _) = run(dir.path(), &["index"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("index of fr-2011-02-04: up to date, 102 rules, in "), "{stdout}");
    assert_eq!(index_files(dir.path()), built);
}

/// Something done to an index directory behind `judge`'s back.
type Damage = fn(&Path);

#[test]
fn a_damaged_index_is_rebuilt_not_a_crash() {
    let dir = data_dir();
    let expected = run(dir.path(), &["search", "régénération", "--json"]);
    assert_eq!(expected.0, 0);
    let index = the_index_dir(dir.path());
    let damage: [(&str, Damage); 3] = [
        ("garbage in meta.json", |index| fs::write(index.join("meta.json"), "{ not an index").unwrap()),
        ("files removed", |index| {
            for file in fs::read_dir(index).unwrap() {
                fs::remove_file(file.unwrap().path()).unwrap();
            }
        }),
        ("a file in place of the directory", |index| {
            fs::remove_dir_all(index).unwrap();
            fs::write(index, "not a directory").unwrap();
        }),
    ];
    for (what, damage) in damage {
        damage(&index);
        assert_eq!(run(dir.path(), &["search", "régénération", "--json"]), expected, "{what}");
        assert_eq!(the_index_dir(dir.path()), index, "{what}");
        assert!(index.join("meta.json").is_file(), "{what}");
        let (_, stdout, _) = run(dir.path(), &["index"]);
        assert!(stdout.contains(": up to date,"), "{what}: {stdout}");
    }
}

/// Runs a search whose words are each an argument, as a shell passes a long unquoted question.
fn search_words(data: &Path, words: &[String]) -> (i32, String, String) {
    let mut args = vec!["search"];
    args.extend(words.iter().map(String::as_str));
    run(data, &args)
}

#[test]
fn a_question_over_the_limits_is_refused_saying_the_limit() {
    let dir = data_dir();
    // The issue's two questions: one word of 120,000 characters, and 95,000 words.
    let (code, stdout, stderr) = run(dir.path(), &["search", &"a".repeat(120_000)]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("the question has 120000 characters; a search reads at most 3000"), "{stderr}");
    assert!(stderr.contains("keep the words that matter"), "{stderr}");
    let (code, stdout, stderr) = search_words(dir.path(), &vec!["carte".to_string(); 95_000]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("the question has 569999 characters; a search reads at most 3000"), "{stderr}");
    // Short words: the number of words is the limit reached.
    let (code, stdout, stderr) = search_words(dir.path(), &vec!["a".to_string(); 401]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("the question has 401 words; a search reads at most 400"), "{stderr}");
    // Nothing was built for a question refused.
    assert!(!dir.path().join("index").exists());
}

#[test]
fn the_help_says_the_limits() {
    let (code, stdout, _) = run(data_dir().path(), &["search", "--help"]);
    assert_eq!(code, 0);
    let limits = format!(
        "at most {} characters and {} words",
        judge::search::MAX_QUESTION_CHARS,
        judge::search::MAX_QUESTION_WORDS
    );
    assert!(stdout.contains(&limits), "{stdout}");
    assert!(stdout.contains(&format!("longer than {} characters", judge::search::MAX_FUZZY_CHARS)), "{stdout}");
}

#[test]
fn a_question_at_the_limits_is_searched() {
    let dir = data_dir();
    let mut words = vec!["a".to_string(); 399];
    words.push("régénération".into());
    let (code, stdout, stderr) = search_words(dir.path(), &words);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert!(stdout.contains("614.8"), "{stdout}");
    // 3,000 characters, the last word too long to be anyone's typo: not corrected, not refused.
    let question = format!("régénération {}", "x".repeat(3_000 - 13));
    assert_eq!(question.chars().count(), 3_000);
    let (code, stdout, stderr) = run(dir.path(), &["search", &question]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert!(stdout.contains("614.8"), "{stdout}");
}
