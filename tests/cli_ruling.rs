//! `judge ruling FILE`: the write-up of a judge call in Markdown and HTML, snapshotted on a
//! layers-only scenario and on one with events; the HTML page stands alone and its links land;
//! the output is the same on every run; a bad file is an error.

use crate::support::{data_dir, run, run_in};
use std::path::Path;

const LAYERS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/blood-moon-urborg.yaml");
/// Two outcomes, on Bob's choice between Furnace of Rath and a prevention shield (616.1).
const EVENTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rulings/furnace-of-rath.yaml");
const MINI_CR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");

fn ruling(file: &str, args: &[&str]) -> String {
    let dir = data_dir();
    let mut all = vec!["ruling", file];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = run(dir.path(), &all);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    stdout
}

#[test]
fn markdown_of_a_layers_only_scenario() {
    let out = ruling(LAYERS, &[]);
    assert!(out.contains("## Short answer\n\nUrborg, Tomb of Yawgmoth is a colorless Legendary Land — Mountain"));
    insta::assert_snapshot!(out);
}

#[test]
fn markdown_of_a_scenario_with_events() {
    let out = ruling(EVENTS, &["--format", "markdown"]);
    assert!(out.contains("It depends on Bob's choice:"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn html_of_a_layers_only_scenario() {
    insta::assert_snapshot!(ruling(LAYERS, &["--format", "html"]));
}

#[test]
fn html_of_a_scenario_with_events() {
    insta::assert_snapshot!(ruling(EVENTS, &["--format", "html"]));
}

#[test]
fn markdown_is_the_default_format() {
    assert_eq!(ruling(EVENTS, &[]), ruling(EVENTS, &["--format", "markdown"]));
}

#[test]
fn each_cited_rule_is_quoted_once() {
    for file in [LAYERS, EVENTS] {
        let md = ruling(file, &[]);
        let notes: Vec<&str> = md.lines().filter(|l| l.starts_with("[^")).collect();
        let mut ids: Vec<&str> = notes.iter().map(|l| &l[2..l.find("]:").unwrap()]).collect();
        let count = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), count, "{notes:?}");
        for id in &ids {
            assert!(md.contains(&format!("{id}[^{id}]")), "{id} is quoted but never cited");
        }
        let html = ruling(file, &["--format", "html"]);
        for id in ids {
            assert_eq!(html.matches(&format!("id=\"r-{id}\"")).count(), 1, "{id}");
        }
    }
}

#[test]
fn html_is_self_contained_and_every_link_lands() {
    for file in [LAYERS, EVENTS] {
        let html = ruling(file, &["--format", "html"]);
        for external in ["http:", "https:", "src=", "<script", "<link", "@import", "url("] {
            assert!(!html.contains(external), "{file}: `{external}` in the page");
        }
        let links: Vec<&str> = html.split("href=\"").skip(1).map(|rest| &rest[..rest.find('"').unwrap()]).collect();
        assert!(!links.is_empty());
        for link in links {
            let anchor = link.strip_prefix('#').unwrap_or_else(|| panic!("{file}: `{link}` leaves the page"));
            assert!(html.contains(&format!("id=\"{anchor}\"")), "{file}: no anchor for `{link}`");
        }
    }
}

#[test]
fn html_escapes_the_scenario_text() {
    let dir = data_dir();
    let file = dir.path().join("markup.yaml");
    let text = std::fs::read_to_string(EVENTS)
        .unwrap()
        .replace("title: \"Furnace of Rath", "title: \"<script>alert('x')</script> & Furnace of Rath")
        .replace("name: Lava Axe", "name: Lava <Axe>");
    std::fs::write(&file, text).unwrap();
    let (code, html, stderr) = run(dir.path(), &["ruling", file.to_str().unwrap(), "--format", "html"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!html.contains("<script>") && !html.contains("<Axe>"), "{html}");
    assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Furnace of Rath"), "{html}");
    assert!(html.contains("Lava &lt;Axe&gt; deals 5 damage"), "{html}");
}

#[test]
fn the_same_scenario_gives_byte_identical_output() {
    for file in [LAYERS, EVENTS] {
        for format in ["markdown", "html"] {
            let dir = data_dir();
            let first = run(dir.path(), &["ruling", file, "--format", format]);
            let second = run(dir.path(), &["ruling", file, "--format", format]);
            assert_eq!(first, second, "{file} {format}");
        }
    }
}

#[test]
fn the_edition_decides_what_is_quoted() {
    let dir = data_dir();
    assert_eq!(run(dir.path(), &["corpus", "import", MINI_CR, "--edition", "mini"]).0, 0);
    let (code, md, stderr) = run(dir.path(), &["ruling", EVENTS, "--edition", "mini"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        md.contains("[^614.1a]: **614.1a** An effect that uses the word “instead” is a replacement effect."),
        "{md}"
    );
    // The miniature has a section 614 but no rule saying that a replaced event never happens, and
    // no section 616: those steps are said to be uncited, with the reason, never given a number.
    assert!(md.contains("Not cited, as edition mini does not state them: "), "{md}");
    assert!(md.contains("replacement-never-happens (no rule of its section states it)"), "{md}");
    assert!(md.contains("interaction-order (its section is not in the edition)"), "{md}");
    assert!(!md.contains("[^614.6]"), "{md}");
    let (code, _, stderr) = run(dir.path(), &["ruling", EVENTS, "--edition", "no-such-edition"]);
    assert_eq!(code, 2, "{stderr}");
}

#[test]
fn an_invalid_file_is_an_error_with_its_place() {
    let data = data_dir();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenarios");
    for format in ["markdown", "html"] {
        let (code, stdout, stderr) = run_in(data.path(), &fixtures, &["ruling", "no-layer.yaml", "--format", format]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(stderr.contains("no-layer.yaml") && stderr.contains("line "), "{stderr}");
    }
    let (code, stdout, stderr) = run(data.path(), &["ruling", "/no/such/scenario.yaml"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("cannot read `/no/such/scenario.yaml`"), "{stderr}");
}

#[test]
fn an_answer_that_differs_from_the_expected_one_is_a_warning_and_exit_1() {
    let data = data_dir();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenarios");
    let (code, stdout, stderr) = run_in(data.path(), &fixtures, &["ruling", "expectation-fails.yaml"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.starts_with("# "), "{stdout}");
    assert!(stderr.contains("the ruling differs from the answer `expectation-fails.yaml` expects"), "{stderr}");
}

/// In an edition other than the one the engine implements, the ruling and the trace name the
/// deciding rules whose wording changed since in a way whose meaning the engine does not know
/// (614.9, since 2023 about battles), so that the judge checks those steps.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn rules_reworded_since_the_implemented_text_are_named() {
    // 614.9 (redirection) is reworded since 2023 for battles, which the model lacks.
    const PARIAH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/cr-614-9-pariah-enchanted-creature.yaml");
    let dir = data_dir();
    let cr = crate::support::official_cr("MagicCompRules_20251114.txt");
    assert_eq!(run(dir.path(), &["corpus", "import", cr.to_str().unwrap()]).0, 0);
    let (code, md, stderr) = run(dir.path(), &["ruling", PARIAH, "--edition", "en-2025-11-14"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        md.contains("Reworded since the rules of 2011-02-04 in a way whose meaning this ruling's reasoning does not know: 614.9"),
        "{md}"
    );
    let (code, json, _) = run(dir.path(), &["resolve", PARIAH, "--edition", "en-2025-11-14", "--format", "json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(!json["reworded"].as_array().unwrap().is_empty(), "{json}");
    // The text the engine implements has nothing reworded.
    let cr = crate::support::official_cr("MagicCompRules_20110204.txt");
    assert_eq!(run(dir.path(), &["corpus", "import", cr.to_str().unwrap()]).0, 0);
    let (_, md, _) = run(dir.path(), &["ruling", PARIAH, "--edition", "en-2011-02-04"]);
    assert!(!md.contains("Reworded since"), "{md}");
}

/// The French corpus lacks section 613: with the English CR of its date imported, the layer rules
/// are numbered and quoted from it, marked as English; without it, they are marked missing.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn the_french_corpus_quotes_the_english_rules_of_its_date() {
    let dir = data_dir();
    let (_, before, _) = run(dir.path(), &["resolve", LAYERS]);
    assert!(before.contains("* not in this edition: "), "{before}");
    let cr = crate::support::official_cr("MagicCompRules_20110204.txt");
    assert_eq!(run(dir.path(), &["corpus", "import", cr.to_str().unwrap()]).0, 0);
    let (code, after, stderr) = run(dir.path(), &["resolve", LAYERS, "--strict", "--edition", "fr"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(after.contains("Quoted in English from edition en-2011-02-04: 613.1d"), "{after}");
    assert!(!after.contains("not in this edition"), "{after}");
    let (_, md, _) = run(dir.path(), &["ruling", LAYERS, "--edition", "fr"]);
    assert!(md.contains("*(in English, edition en-2011-02-04)*"), "{md}");
}

/// A creature made a land loses its power and toughness in layer 4, and the pump and the counter
/// on it do nothing in layer 7: the ruling says both, citing the rule where today's rules number
/// it (208.3; 207.3 in 2011).
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_noncreature_permanent_has_no_power_or_toughness() {
    let song = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/cr-208-3-song-of-the-dryads-on-a-pumped-angel.yaml");
    let dir = data_dir();
    let cr = crate::support::official_cr("MagicCompRules_20260227.txt");
    assert_eq!(run(dir.path(), &["corpus", "import", cr.to_str().unwrap()]).0, 0);
    let (code, md, stderr) = run(dir.path(), &["ruling", song, "--edition", "en-2026-02-27"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(md.contains("and its power and toughness from 4/4 to none (305.7[^305.7], 208.3[^208.3])"), "{md}");
    assert!(
        md.contains("It does nothing to a noncreature permanent it applies to: such a permanent has no power or toughness (208.3[^208.3])"),
        "{md}"
    );
    assert!(md.contains("Counters on a noncreature permanent change nothing"), "{md}");
    assert!(md.contains("[^208.3]: **208.3** A noncreature permanent has no power or toughness"), "{md}");
    // The short answer gives it no power and toughness.
    assert!(md.contains("Serra Angel is a colorless Land — Forest with"), "{md}");
}
