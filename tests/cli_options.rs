//! One spelling of every option (issue 30): `--format table|json|markdown` on every command that
//! prints, `--json` for `--format json`, every JSON document an object, and every diagnostic in
//! one style.

use crate::support::{data_dir, run, run_in};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
const SCENARIO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/blood-moon-urborg.yaml");

/// A data directory with the fixture imported twice, as `mini-a` and `mini-b`.
fn imported() -> tempfile::TempDir {
    let dir = data_dir();
    for name in ["mini-a", "mini-b"] {
        let (code, _, stderr) = run(dir.path(), &["corpus", "import", FIXTURE, "--edition", name]);
        assert_eq!(code, 0, "{stderr}");
    }
    dir
}

/// Every command that prints, with arguments that find something.
fn printing_commands() -> Vec<Vec<&'static str>> {
    vec![
        vec!["rule", "614.1"],
        vec!["rule", "614.1", "--edition", "mini-a", "--in", "mini-b"],
        vec!["search", "remplacement"],
        vec!["define", "trample", "--edition", "mini-a"],
        vec!["card", "Humility"],
        vec!["card", "--list"],
        vec!["corpus", "list"],
        vec!["cards", "info"],
        vec!["check", SCENARIO],
        vec!["resolve", SCENARIO],
        vec!["diff", "mini-a", "mini-b"],
    ]
}

#[test]
fn every_command_that_prints_takes_the_three_formats_and_json_is_format_json() {
    let dir = imported();
    for command in printing_commands() {
        let with = |extra: &[&str]| run(dir.path(), &[command.as_slice(), extra].concat());
        let (table_code, table, stderr) = with(&["--format", "table"]);
        assert!(table_code < 2, "{command:?}: {stderr}");
        assert_eq!(with(&[]).1, table, "{command:?}: table is the default");
        let (json_code, json, _) = with(&["--format", "json"]);
        assert_eq!(json_code, table_code, "{command:?}");
        assert_eq!(with(&["--json"]).1, json, "{command:?}: --json is --format json");
        let value: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{command:?}: {e}"));
        assert!(value.is_object(), "{command:?}: the JSON is an object: {json}");
        let (markdown_code, markdown, _) = with(&["--format", "markdown"]);
        assert_eq!(markdown_code, table_code, "{command:?}");
        assert!(!markdown.is_empty() && markdown != table && markdown != json, "{command:?}: {markdown}");
        // The last one given wins, as for any option given twice.
        assert_eq!(with(&["--json", "--format", "markdown"]).1, markdown, "{command:?}");
        assert_eq!(with(&["--format", "markdown", "--json"]).1, json, "{command:?}");
    }
}

#[test]
fn markdown_of_rules_editions_and_checks() {
    let dir = imported();
    let (_, rules, _) = run(dir.path(), &["rule", "614.1a-b", "--format", "markdown"]);
    insta::assert_snapshot!("markdown_rules", rules);
    let (_, editions, _) = run(dir.path(), &["corpus", "list", "--format", "markdown"]);
    insta::assert_snapshot!("markdown_editions", editions.replace(dir.path().to_str().unwrap(), "DATA"));
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (_, check, _) = run_in(
        dir.path(),
        root,
        &["check", "scenarios/blood-moon-urborg.yaml", "scenarios/colour-add-then-set.yaml", "--format", "markdown"],
    );
    insta::assert_snapshot!("markdown_check", check);
}

#[test]
fn the_library_listing_is_an_object() {
    let dir = data_dir();
    let (code, stdout, _) = run(dir.path(), &["card", "--list", "--json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let cards = json["cards"].as_array().expect("`cards` lists the library");
    assert!(cards.iter().any(|c| c["name"] == "Humility"));
}

#[test]
fn check_json_says_what_each_file_found() {
    let dir = data_dir();
    let scenarios = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("scenarios/blood-moon-urborg.yaml"), scenarios.path().join("a.yaml")).unwrap();
    std::fs::write(scenarios.path().join("b.yaml"), "title: broken\nplayers: [\n").unwrap();
    let (code, stdout, stderr) = run_in(dir.path(), scenarios.path(), &["check", ".", "--json"]);
    assert_eq!(code, 2, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["files"][0]["file"], "./a.yaml");
    assert_eq!(json["files"][0]["result"], "ok");
    assert_eq!(json["files"][1]["result"], "invalid");
    assert!(json["files"][1]["error"].as_str().unwrap().contains("b.yaml"));
    assert_eq!(
        json["counts"],
        serde_json::json!({"files": 2, "ok": 1, "no_expectation": 0, "differ": 0, "invalid": 1})
    );
}

/// The diagnostics of the command layer, of a scenario and of an edition, in one style: the
/// message after `x`, the place, the help; no code of ours, no bare `Error:`.
#[test]
fn every_diagnostic_is_printed_one_way() {
    let dir = data_dir();
    let scenarios = tempfile::tempdir().unwrap();
    std::fs::write(
        scenarios.path().join("bad.yaml"),
        "title: two problems\nplayers: [{name: Alice}]\nobjects:\n  - {id: a, name: A, types: [creture]}\n  - {id: b, name: B, types: [creature], colour: [red]}\n",
    )
    .unwrap();
    let failing: [&[&str]; 5] = [
        &["rule", "foo"],
        &["rule", "614.1z"],
        &["resolve", "bad.yaml"],
        &["resolve", "missing.yaml"],
        &["corpus", "list", "--edition", "x"],
    ];
    let mut all = String::new();
    for args in failing {
        let (code, _, stderr) = run_in(dir.path(), scenarios.path(), args);
        assert_ne!(code, 0, "{args:?}");
        if args[0] == "corpus" {
            // clap's own errors keep clap's style.
            continue;
        }
        assert!(!stderr.contains("judge::"), "{args:?}: a code is shown:\n{stderr}");
        assert!(!stderr.contains("Error:"), "{args:?}: a bare `Error:`:\n{stderr}");
        assert!(stderr.trim_start().starts_with("x "), "{args:?}:\n{stderr}");
        all.push_str(&format!("$ judge {}\n{stderr}\n", args.join(" ")));
    }
    insta::assert_snapshot!("diagnostics_in_one_style", all);
}
