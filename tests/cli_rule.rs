//! `judge rule` on the embedded French corpus: real output, snapshotted.

use crate::support::{data_dir, run};

#[test]
fn one_rule_with_examples_and_references() {
    let dir = data_dir();
    let (code, stdout, stderr) = run(dir.path(), &["rule", "614.12"]);
    assert_eq!(code, 0, "{stderr}");
    insta::assert_snapshot!(stdout);
}

#[test]
fn a_rule_with_its_subrules_in_json() {
    let dir = data_dir();
    let (code, stdout, _) = run(dir.path(), &["rule", "614.1", "--json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let ids: Vec<&str> = json["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["614.1", "614.1a", "614.1b", "614.1c", "614.1d", "614.1e"]);
    assert_eq!(json["edition"], "fr-2011-02-04");
    assert_eq!(json["rules"][0]["children"], serde_json::json!(["614.1a", "614.1b", "614.1c", "614.1d", "614.1e"]));
    insta::assert_snapshot!(stdout);
}

#[test]
fn ranges_in_both_forms() {
    let dir = data_dir();
    let ids = |args: &[&str]| -> Vec<String> {
        let (code, stdout, _) = run(dir.path(), args);
        assert_eq!(code, 0);
        let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        json["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(ids(&["rule", "614.1a-c", "--json"]), ["614.1a", "614.1b", "614.1c"]);
    assert_eq!(
        ids(&["rule", "614.10-614.11", "--json"]),
        ["614.10", "614.10a", "614.10b", "614.11", "614.11a", "614.11b"]
    );
    assert_eq!(ids(&["rule", "101", "--json"]).len(), 9);
}

#[test]
fn reverse_references_are_listed() {
    let dir = data_dir();
    let (_, stdout, _) = run(dir.path(), &["rule", "101.4a", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["rules"][0]["cited_by"], serde_json::json!(["101.4b"]));
}

#[test]
fn an_unknown_number_suggests_the_nearest_ones_and_exits_1() {
    let dir = data_dir();
    let (code, stdout, stderr) = run(dir.path(), &["rule", "614.1z"]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    insta::assert_snapshot!(stderr);
}

#[test]
fn a_malformed_reference_is_an_error_exit_2() {
    let dir = data_dir();
    let (code, _, stderr) = run(dir.path(), &["rule", "61a.4"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`61a.4` is not a rule number or range"), "{stderr}");
}
