//! `judge corpus import` and `judge corpus list`, then `judge rule`, `judge define`, `judge search`
//! and `judge index` on the imported edition: a miniature rules text of our own
//! (`tests/fixtures/mini-cr.txt`), and the official 2025 text when it is beside the repository.

use crate::support::{self, data_dir, run, run_in};
use serde_json::{json, Value};
use std::fs;
use std::path::Path;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");

fn fixture_text() -> String {
    fs::read_to_string(FIXTURE).unwrap()
}

/// The fixture imported under `name` (or its default name) into a fresh data directory.
fn imported(name: Option<&str>) -> tempfile::TempDir {
    let dir = data_dir();
    let mut args = vec!["corpus", "import", FIXTURE];
    if let Some(name) = name {
        args.extend(["--edition", name]);
    }
    let (code, _, stderr) = run(dir.path(), &args);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "the fixture imports without warnings: {stderr}");
    dir
}

fn json_of(data: &Path, args: &[&str]) -> (i32, Value) {
    let (code, stdout, stderr) = run(data, args);
    let json = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    (code, json)
}

/// What `judge corpus list --json` lists: (name, rules).
fn listed(data: &Path) -> Vec<(String, u64)> {
    let (code, json) = json_of(data, &["corpus", "list", "--json"]);
    assert_eq!(code, 0);
    json["editions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["name"].as_str().unwrap().to_string(), e["rules"].as_u64().unwrap()))
        .collect()
}

fn names(listed: &[(&str, u64)]) -> Vec<(String, u64)> {
    listed.iter().map(|(n, r)| (n.to_string(), *r)).collect()
}

#[test]
fn an_import_is_named_after_its_effective_date() {
    let dir = data_dir();
    assert_eq!(listed(dir.path()), names(&[("fr-2011-02-04", 102)]), "only the embedded edition at first");
    let (code, stdout, stderr) = run(dir.path(), &["corpus", "import", FIXTURE]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(
        stdout,
        format!(
            "imported en-2024-04-01: 13 rules, language en, rules text of 2024-04-01, into {}\n",
            dir.path().display()
        )
    );
    assert!(dir.path().join("editions/en-2024-04-01.edition").is_file());
    assert_eq!(listed(dir.path()), names(&[("fr-2011-02-04", 102), ("en-2024-04-01", 13)]));
}

#[test]
fn an_import_under_a_name_of_ones_own_and_the_list() {
    let dir = imported(None);
    let (code, stdout, _) = run(dir.path(), &["corpus", "import", FIXTURE, "--edition", "mini"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("imported mini: 13 rules, language en, rules text of 2024-04-01, into "), "{stdout}");
    let (code, stdout, _) = run(dir.path(), &["corpus", "list"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(stdout);
    // Importing again under the same name replaces the edition; the list does not grow.
    assert_eq!(run(dir.path(), &["corpus", "import", FIXTURE, "--edition", "mini"]).0, 0);
    assert_eq!(listed(dir.path()).len(), 3);
}

#[test]
fn the_list_in_json() {
    let dir = imported(Some("mini"));
    let (code, json) = json_of(dir.path(), &["corpus", "list", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        json,
        json!({
            "editions": [
                {"name": "fr-2011-02-04", "lang": "fr", "date": "2011-02-04", "rules": 102, "default": false},
                {"name": "mini", "lang": "en", "date": "2024-04-01", "rules": 13, "default": true},
            ],
            "default": {"name": "mini", "requested": "mini", "from": "default", "config_file": null},
        })
    );
}

#[test]
fn names_that_cannot_be_used_are_refused() {
    let dir = data_dir();
    for (name, message) in [
        ("fr-2011-02-04", "`fr-2011-02-04` is the name of the embedded edition, which cannot be replaced"),
        // `--edition fr` means the embedded edition: an import of that name could never be read.
        ("fr", "`fr` is the name of the embedded edition, which cannot be replaced"),
        ("Mini", "`Mini` is not a valid edition name"),
        ("../mini", "`../mini` is not a valid edition name"),
    ] {
        let (code, stdout, stderr) = run(dir.path(), &["corpus", "import", FIXTURE, "--edition", name]);
        assert_eq!(code, 2, "{name}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(message), "{name}: {stderr}");
    }
    assert!(!dir.path().join("editions").exists());
    assert_eq!(listed(dir.path()), names(&[("fr-2011-02-04", 102)]));
}

/// Writes `text` as `file` in a directory of its own, to be imported from there by its short name.
fn bad_file(file: &str, text: &str) -> tempfile::TempDir {
    let work = tempfile::tempdir().unwrap();
    fs::write(work.path().join(file), text).unwrap();
    work
}

#[test]
fn a_file_without_effective_date_is_refused_and_changes_nothing() {
    let dir = imported(Some("mini"));
    let before = (listed(dir.path()), support::files(dir.path()));
    let text = fixture_text().replace("These rules are effective as of April 1, 2024.", "These rules are effective.");
    let work = bad_file("no-date.txt", &text);
    for name in [&[][..], &["--edition", "mini"][..]] {
        let args = [&["corpus", "import", "no-date.txt"][..], name].concat();
        let (code, stdout, stderr) = run_in(dir.path(), work.path(), &args);
        assert_eq!(code, 2, "{name:?}");
        assert!(stdout.is_empty());
        assert!(stderr.contains("`no-date.txt` cannot be imported: 1 problem"), "{stderr}");
        assert!(stderr.contains("line 1: no effective date"), "{stderr}");
        assert_eq!((listed(dir.path()), support::files(dir.path())), before, "{name:?}");
    }
}

#[test]
fn a_rule_number_twice_is_refused_with_both_lines() {
    let dir = imported(Some("mini"));
    let before = (listed(dir.path()), support::files(dir.path()));
    let text = fixture_text().replace("614.1b An effect", "614.1a An effect");
    let lines: Vec<usize> =
        text.lines().enumerate().filter(|(_, l)| l.starts_with("614.1a ")).map(|(i, _)| i + 1).collect();
    assert_eq!(lines, [53, 55]);
    let work = bad_file("twice.txt", &text);
    let (code, stdout, stderr) =
        run_in(dir.path(), work.path(), &["corpus", "import", "twice.txt", "--edition", "mini"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    insta::assert_snapshot!(stderr);
    assert_eq!((listed(dir.path()), support::files(dir.path())), before);
    // The edition of that name is the one imported before.
    let (code, json) = json_of(dir.path(), &["rule", "614.1b", "--edition", "mini", "--json"]);
    assert_eq!(code, 0);
    assert!(json["rules"][0]["text"].as_str().unwrap().contains("“skip”"));
}

#[test]
fn unreadable_and_undecodable_files_are_errors() {
    let dir = data_dir();
    let work = bad_file("nul.txt", "These rules are effective as of April 1, 2024.\n\0\n");
    let (code, _, stderr) = run_in(dir.path(), work.path(), &["corpus", "import", "missing.txt"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot read `missing.txt`"), "{stderr}");
    let (code, _, stderr) = run_in(dir.path(), work.path(), &["corpus", "import", "nul.txt"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot decode `nul.txt`") && stderr.contains("NUL byte at byte 47 (line 2)"), "{stderr}");
    assert!(!dir.path().join("editions").exists());
}

#[test]
fn oddities_are_warnings_and_the_import_goes_on() {
    let dir = data_dir();
    let work = bad_file("odd.txt", &fixture_text().replace("614.1b An effect", "614.1c An effect"));
    let (code, stdout, stderr) = run_in(dir.path(), work.path(), &["corpus", "import", "odd.txt", "--edition", "odd"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("imported odd: 13 rules"), "{stdout}");
    assert!(stderr.contains("`odd.txt` was imported, with 1 warning"), "{stderr}");
    assert!(stderr.contains("line 55: rule `614.1c` is out of sequence after `614.1a`"), "{stderr}");
    // Shown as a warning, not under `Error:`: the import went through.
    assert!(!stderr.contains("Error"), "{stderr}");
    insta::assert_snapshot!(stderr);
    assert_eq!(listed(dir.path()), names(&[("fr-2011-02-04", 102), ("odd", 13)]));
}

#[test]
fn rules_of_the_imported_edition() {
    let dir = imported(Some("mini"));
    let (code, stdout, stderr) = run(dir.path(), &["rule", "614.2", "--edition", "mini"]);
    assert_eq!(code, 0, "{stderr}");
    insta::assert_snapshot!(stdout);

    let (code, json) = json_of(dir.path(), &["rule", "613.1", "--edition", "mini", "--json"]);
    assert_eq!(code, 0);
    assert_eq!((&json["edition"], &json["lang"], &json["date"]), (&json!("mini"), &json!("en"), &json!("2024-04-01")));
    let rule = &json["rules"][0];
    assert_eq!(rule["section"], "613. Interaction of Continuous Effects");
    assert_eq!(rule["children"], json!(["613.1a", "613.1b"]));
    assert_eq!(rule["references"], json!(["613.1a", "613.1b"]), "`613.1a–b` is a range");
    assert_eq!(rule["cited_by"], json!(["614.1b"]));
    let ids: Vec<&str> = json["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["613.1", "613.1a", "613.1b"]);

    // References across sections, both ways.
    let (_, json) = json_of(dir.path(), &["rule", "101.1", "614.1", "--edition", "mini", "--json"]);
    assert_eq!(json["rules"][0]["references"], json!(["614.1"]));
    assert_eq!(json["rules"][1]["id"], "614.1");
    assert_eq!(json["rules"][1]["cited_by"], json!(["101.1"]));

    // The default edition is now the imported English one; the embedded one is still named.
    let (_, json) = json_of(dir.path(), &["rule", "614.2", "--json"]);
    assert_eq!(json["edition"], "mini");
    let (_, json) = json_of(dir.path(), &["rule", "614.2", "--edition", "fr", "--json"]);
    assert_eq!(json["edition"], "fr-2011-02-04");

    let (code, stdout, stderr) = run(dir.path(), &["rule", "614.3", "--edition", "mini"]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    assert!(stderr.contains("rule `614.3` is not in edition `mini`"), "{stderr}");
    assert!(stderr.contains("nearest existing rules: 613.1b, 614.1, 614.1a, 614.1b, 614.2"), "{stderr}");
}

#[test]
fn the_glossary_of_the_imported_edition() {
    let dir = imported(Some("mini"));
    let (code, stdout, stderr) = run(dir.path(), &["define", "active", "player", "--edition", "mini"]);
    assert_eq!(code, 0, "{stderr}");
    insta::assert_snapshot!(stdout);

    // A part of a comma-joined headword names it.
    let (code, json) = json_of(dir.path(), &["define", "controller", "--edition", "mini", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        json,
        json!({"term": "controller", "edition": "mini", "misspelled": false, "suggestions": [], "entries": [{
            "term": "Control, Controller",
            "aliases": ["Control", "Controller"],
            "definition": "The player who may use an object. See rule 100.2.",
            "obsolete": false,
        }]})
    );
    // An entry that sends elsewhere comes with the entry it names.
    let (code, json) = json_of(dir.path(), &["define", "APNAP order", "--edition", "mini", "--json"]);
    assert_eq!(code, 0);
    let terms: Vec<&str> = json["entries"].as_array().unwrap().iter().map(|e| e["term"].as_str().unwrap()).collect();
    assert_eq!(terms, ["APNAP Order", "Active Player, Nonactive Player Order"]);
}

#[test]
fn a_misspelt_term_shows_the_closest_entry_and_no_match_exits_1() {
    let dir = imported(Some("mini"));
    let (code, stdout, stderr) = run(dir.path(), &["define", "trampel", "--edition", "mini"]);
    assert_eq!(code, 0);
    assert!(stderr.is_empty(), "{stderr}");
    assert!(
        stdout.starts_with(
            "Edition mini · en · glossary\n\nNo glossary entry is named `trampel`; the closest:\n\nTrample\n"
        ),
        "{stdout}"
    );
    let (code, json) = json_of(dir.path(), &["define", "replacement", "--edition", "mini", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(json["misspelled"], true);
    assert_eq!(json["entries"][0]["term"], "Replacement Effect");
    let (code, stdout, _) = run(dir.path(), &["define", "zzzzzz", "--edition", "mini"]);
    assert_eq!(code, 1);
    assert!(stdout.ends_with("No glossary entry is named `zzzzzz`.\n"), "{stdout}");
}

#[test]
fn the_french_edition_has_no_glossary() {
    let dir = imported(Some("mini"));
    for edition in [&["--edition", "fr"][..], &["--edition", "fr-2011-02-04"][..]] {
        let (code, stdout, stderr) = run(dir.path(), &[&["define", "trample"][..], edition].concat());
        assert_eq!(code, 2, "{edition:?}");
        assert!(stdout.is_empty());
        assert!(stderr.contains("edition `fr-2011-02-04` has no glossary"), "{stderr}");
        assert!(stderr.contains("judge corpus import FILE"), "{stderr}");
    }
}

#[test]
fn search_and_index_of_the_imported_edition() {
    let dir = imported(Some("mini"));
    let data = dir.path().display().to_string();
    let index = |args: &[&str]| {
        let (code, stdout, stderr) = run(dir.path(), &[&["index", "--edition", "mini"][..], args].concat());
        assert_eq!(code, 0, "{stderr}");
        stdout.replace(&data, "[DATA]")
    };
    let first = index(&[]);
    assert!(first.starts_with("index of mini: built (first use), 13 rules, in [DATA]/index/mini-"), "{first}");
    let index_dir = dir.path().join("index").join(first.trim_end().rsplit('/').next().unwrap());
    let segments = || {
        let mut names: Vec<String> =
            fs::read_dir(&index_dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    };
    let built = segments();
    assert_eq!(index(&[]), first.replace("built (first use)", "up to date"));
    assert_eq!(segments(), built);
    assert_eq!(index(&["--rebuild"]), first.replace("built (first use)", "built (rebuild asked for)"));
    let rebuilt = segments();
    assert_ne!(rebuilt, built, "a rebuild writes new segments");

    let (code, json) = json_of(dir.path(), &["search", "self-replacement", "--edition", "mini", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(json["edition"], "mini");
    assert_eq!(json["hits"][0]["id"], "614.2");
    assert_eq!(json["hits"][0]["section"], "614. Replacement Effects");
    // The embedded edition's index is its own: rebuilding it leaves this one alone.
    let (code, stdout, _) = run(dir.path(), &["index", "--rebuild", "--edition", "fr"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("index of fr-2011-02-04: built (rebuild asked for), 102 rules"), "{stdout}");
    assert_eq!(segments(), rebuilt);
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn the_official_2025_text() {
    let path = crate::support::official_cr("MagicCompRules_20251114.txt");
    let dir = data_dir();
    let (code, stdout, stderr) = run(dir.path(), &["corpus", "import", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert!(
        stdout.starts_with("imported en-2025-11-14: 3109 rules, language en, rules text of 2025-11-14"),
        "{stdout}"
    );

    let rule = |id: &str| {
        let (code, json) = json_of(dir.path(), &["rule", id, "--edition", "en-2025-11-14", "--json"]);
        assert_eq!(code, 0, "{id}");
        assert_eq!(json["rules"][0]["id"], id);
        json["rules"][0].clone()
    };
    let ids = |value: &Value| -> Vec<String> {
        value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
    };

    let self_replacement = rule("614.15");
    assert_eq!(self_replacement["section"], "614. Replacement Effects");
    let text = self_replacement["text"].as_str().unwrap();
    assert!(text.contains("Such effects are called self-replacement effects."), "{text}");
    assert!(text.ends_with("self-replacement effects are applied before other replacement effects."), "{text}");
    // Both rules that send to it speak of self-replacement effects and cite it back.
    assert_eq!(ids(&self_replacement["cited_by"]), ["614.17c", "616.1a"]);
    for citing in ids(&self_replacement["cited_by"]) {
        let citing = rule(&citing);
        let text = citing["text"].as_str().unwrap();
        assert!(text.contains("self-replacement effect") && text.contains("(see rule 614.15)"), "{text}");
        assert!(ids(&citing["references"]).contains(&"614.15".to_string()), "{citing}");
    }

    let layer_7c = rule("613.4c");
    assert!(layer_7c["text"].as_str().unwrap().starts_with("Layer 7c: Effects and counters that modify power"));
    assert_eq!(layer_7c["section"], "613. Interaction of Continuous Effects");
    assert_eq!(layer_7c["references"], json!([]));
    // +1/+1 counters, doubling and tripling power are what layer 7c applies.
    assert_eq!(ids(&layer_7c["cited_by"]), ["122.1a", "701.10a", "701.11a"]);
    for citing in ids(&layer_7c["cited_by"]) {
        let citing = rule(&citing);
        let text = citing["text"].as_str().unwrap();
        assert!(text.contains("power") && text.ends_with("See rule 613.4c."), "{text}");
        assert_eq!(citing["references"], json!(["613.4c"]), "{citing}");
    }
    let (code, stdout, _) = run(dir.path(), &["rule", "613.4c", "--edition", "en-2025-11-14"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("← cited by 122.1a, 701.10a, 701.11a"), "{stdout}");

    let (code, json) = json_of(dir.path(), &["define", "layer", "--edition", "en-2025-11-14", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(json["entries"][0]["term"], "Layer");
}
