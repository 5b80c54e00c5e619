//! The rough edges a new judge hit (issue 31, item 3), each with its command.

use crate::support::{data_dir, judge, official_cr_dir, run, run_in, run_wide};
use std::path::Path;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
const CARDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

const RIVER_BOA: &str = "\
title: a typo in an event
players:
  - name: Alice
    active: true
  - name: Bob
objects:
  - id: river-boa
    name: River Boa
    owner: Alice
    types: [creature]
    power: 2
    toughness: 1
events:
  - damage: {from: river-boa, to: boa, amount: 2}
";

#[test]
fn a_wrong_id_is_answered_with_the_object_whose_id_holds_it() {
    let dir = data_dir();
    let scenarios = tempfile::tempdir().unwrap();
    std::fs::write(scenarios.path().join("boa.yaml"), RIVER_BOA).unwrap();
    let (code, _, stderr) = run_in(dir.path(), scenarios.path(), &["resolve", "boa.yaml"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no object or player is `boa`"), "{stderr}");
    assert!(stderr.contains("did you mean `river-boa`?"), "{stderr}");
    assert!(!stderr.contains("`Bob`"), "{stderr}");
}

/// `script` gives `judge` a terminal of 20 lines; a pager that marks its lines shows it was used.
/// None where `script` (util-linux) is not installed.
fn on_a_terminal(args: &str, pager: &str) -> Option<String> {
    if !Path::new("/usr/bin/script").exists() {
        return None;
    }
    let dir = data_dir();
    let line = format!("{} {args}", assert_cmd::cargo::cargo_bin("judge").display());
    let out = std::process::Command::new("/usr/bin/script")
        .args(["-qec", &line, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .env_clear()
        .envs([("NO_COLOR", "1"), ("COLUMNS", "100"), ("LINES", "20"), ("PAGER", pager)])
        .env("JUDGE_DATA_DIR", dir.path())
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .output()
        .expect("script runs");
    Some(String::from_utf8_lossy(&out.stdout).replace('\r', ""))
}

#[test]
fn long_output_on_a_terminal_goes_through_the_pager() {
    let marking = "sed 's/^/paged: /'";
    let Some(long) = on_a_terminal("rule 614", marking) else { return };
    assert!(long.lines().count() > 20 && long.lines().all(|l| l.starts_with("paged: ")), "{long}");
    let short = on_a_terminal("rule 614.1a", marking).unwrap();
    assert!(!short.contains("paged: ") && short.contains("614.1a"), "what fits is printed as is: {short}");
    let off = on_a_terminal("rule 614 --no-pager", marking).unwrap();
    assert!(!off.contains("paged: ") && off.lines().count() > 20, "{off}");
    let cat = on_a_terminal("rule 614", "cat").unwrap();
    assert!(!cat.contains("paged: ") && cat.lines().count() > 20, "{cat}");
}

#[test]
fn output_that_is_not_to_a_terminal_is_never_paged() {
    let dir = data_dir();
    let marker = dir.path().join("pager-ran");
    let pager = format!("touch '{}'; cat", marker.display());
    let (code, stdout, _) = run_wide(dir.path(), &[("PAGER", &pager), ("LINES", "5")], &["rule", "614"]);
    assert_eq!(code, 0);
    assert!(stdout.lines().count() > 5);
    assert!(!marker.exists(), "the pager ran into a pipe");
}

#[test]
fn several_rule_numbers_separated_by_commas_or_spaces() {
    let dir = data_dir();
    let ids = |args: &[&str]| -> Vec<String> {
        let (code, stdout, stderr) = run(dir.path(), args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        json["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(ids(&["rule", "614.2,614.1a", "--json"]), ["614.2", "614.1a"]);
    assert_eq!(ids(&["rule", "614.2, 614.1a", "101.1", "--json"]), ["614.2", "614.1a", "101.1"]);
    assert_eq!(ids(&["rule", "614.2 614.1a-b", "--json"]), ["614.2", "614.1a", "614.1b"]);
}

#[test]
fn a_glossary_term_shows_every_rule_it_points_to() {
    let dir = data_dir();
    let text = std::fs::read_to_string(FIXTURE).unwrap().replacen(
        "Replacement Effect\n",
        "Lethal Damage\nEnough damage to destroy a creature. See rules 614.2, 614.1a, and 614.1b.\n\nReplacement Effect\n",
        1,
    );
    let file = dir.path().join("lethal.txt");
    std::fs::write(&file, text).unwrap();
    let (code, _, stderr) = run(dir.path(), &["corpus", "import", file.to_str().unwrap(), "--edition", "mini"]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, stderr) = run(dir.path(), &["rule", "lethal damage", "--edition", "mini", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let ids: Vec<&str> = json["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["614.2", "614.1a", "614.1b"]);
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files (JUDGE_CR_DIR, else ../shared/cr)")]
fn lethal_damage_shows_the_four_rules_of_the_official_glossary() {
    let dir = data_dir();
    let file = crate::support::official_cr("MagicCompRules_20260227.txt");
    let (code, _, stderr) = run(dir.path(), &["corpus", "import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, stderr) = run(dir.path(), &["rule", "lethal damage", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let ids: Vec<&str> = json["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    // "See rules 120.4a, 120.6, 510.1, and 704.5g": each as `judge rule` shows it, 510.1 with its
    // subrules.
    let pointed: Vec<&str> =
        ids.iter().copied().filter(|id| ["120.4a", "120.6", "510.1", "704.5g"].contains(id)).collect();
    assert_eq!(pointed, ["120.4a", "120.6", "510.1", "704.5g"], "{ids:?}");
    assert!(ids.iter().all(|id| pointed.iter().any(|p| id.starts_with(p))), "{ids:?}");
}

#[test]
fn a_part_of_a_card_name_finds_it() {
    let dir = data_dir();
    // The library alone: `rest` begins a word of Rest in Peace only (not of Forest).
    let (code, stdout, stderr) = run(dir.path(), &["card", "rest"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("Rest in Peace ·"), "{stdout}");
    assert!(stderr.contains("showing Rest in Peace"), "{stderr}");
    let files = ["oracle-cards-20260105100000.json", "rulings-20260105100200.json"].map(|f| format!("{CARDS}/{f}"));
    let (code, _, stderr) = run(dir.path(), &["cards", "import", &files[0], &files[1]]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, _) = run(dir.path(), &["card", "grizzly", "--json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["name"], "Grizzly Bears");
    let (code, stdout, _) = run(dir.path(), &["card", "time rav", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&stdout).unwrap()["name"], "Teferi, Time Raveler");
    // Several names begin so: the candidates, and exit 1.
    let (code, stdout, _) = run(dir.path(), &["card", "sh", "--json"]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let closest: Vec<&str> = json["closest"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    assert!(
        closest.len() > 1
            && closest.iter().all(|n| n.to_lowercase().split([' ', '-', ',']).any(|w| w.starts_with("sh"))),
        "{closest:?}"
    );
}

#[test]
fn check_is_aligned_and_counts_files_without_expectation_apart() {
    let dir = data_dir();
    let scenarios = tempfile::tempdir().unwrap();
    std::fs::copy(root().join("scenarios/blood-moon-urborg.yaml"), scenarios.path().join("a-ok.yaml")).unwrap();
    let none = std::fs::read_to_string(root().join("scenarios/blood-moon-urborg.yaml")).unwrap();
    let none = none.split("\nexpect:").next().unwrap().to_string() + "\n";
    std::fs::write(scenarios.path().join("b-none.yaml"), none).unwrap();
    std::fs::write(scenarios.path().join("c-invalid.yaml"), "title: broken\n").unwrap();
    let (code, stdout, _) = run_in(dir.path(), scenarios.path(), &["check", "."]);
    assert_eq!(code, 2);
    insta::assert_snapshot!("check_aligned", stdout);
    let (_, quiet, _) = run_in(dir.path(), scenarios.path(), &["check", ".", "-q"]);
    insta::assert_snapshot!("check_aligned_quiet", quiet);
}

#[test]
fn bash_completes_edition_names_from_the_data_directory() {
    let dir = data_dir();
    let (code, _, stderr) = run(dir.path(), &["corpus", "import", FIXTURE, "--edition", "mini-a"]);
    assert_eq!(code, 0, "{stderr}");
    let (_, script, _) = run(dir.path(), &["completions", "bash"]);
    let work = tempfile::tempdir().unwrap();
    std::fs::write(work.path().join("judge.bash"), &script).unwrap();
    std::fs::write(work.path().join("a-file-here"), "").unwrap();
    let bin = assert_cmd::cargo::cargo_bin("judge");
    let path = format!("{}:{}", bin.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let complete = |words: &str| {
        let shell = format!(
            "source ./judge.bash; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); _judge judge \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; printf '%s\\n' \"${{COMPREPLY[@]}}\""
        );
        let out = std::process::Command::new("bash")
            .args(["-c", &shell])
            .current_dir(work.path())
            .env("PATH", &path)
            .env("JUDGE_DATA_DIR", dir.path())
            .output()
            .expect("bash runs");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(complete("judge rule 614 --edition ''"), "fr-2011-02-04\nmini-a\n");
    assert_eq!(complete("judge rule 614 --edition mi"), "mini-a\n");
    assert_eq!(complete("judge search x --edition ''"), "fr-2011-02-04\nmini-a\n");
    assert_eq!(complete("judge rule 614 --in f"), "fr-2011-02-04\n");
}

#[test]
fn quiet_keeps_the_note_that_abilities_were_left_out() {
    let dir = data_dir();
    let scenario = root().join("scenarios/cards-leyline-of-the-void-opening-hand.yaml");
    let (_, full, _) = run(dir.path(), &["resolve", scenario.to_str().unwrap()]);
    let (_, quiet, _) = run(dir.path(), &["resolve", scenario.to_str().unwrap(), "-q"]);
    let note = "Left out of this answer, as the engine cannot express them yet";
    assert!(full.contains(note), "{full}");
    assert!(quiet.contains(note), "{quiet}");
    assert!(quiet.len() < full.len());
}

#[test]
fn help_never_wraps_inside_a_rule_number() {
    let dir = data_dir();
    for columns in ["60", "72", "80", "100"] {
        let mut cmd = judge(dir.path());
        let output = cmd.env("COLUMNS", columns).args(["rule", "foo"]).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("`614.10-614.11`"), "{columns} columns:\n{stderr}");
        assert!(!stderr.lines().any(|l| l.trim_end().ends_with('-')), "{columns} columns:\n{stderr}");
    }
}

#[test]
fn a_missing_file_suggests_the_near_one_beside_it() {
    let dir = data_dir();
    let scenarios = tempfile::tempdir().unwrap();
    std::fs::create_dir(scenarios.path().join("calls")).unwrap();
    std::fs::copy(root().join("scenarios/blood-moon-urborg.yaml"), scenarios.path().join("calls/x.yaml")).unwrap();
    let (code, _, stderr) = run_in(dir.path(), scenarios.path(), &["resolve", "calls/x.yml"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("did you mean `calls/x.yaml`?"), "{stderr}");
    let (_, _, stderr) = run_in(dir.path(), scenarios.path(), &["resolve", "calls/other.yml"]);
    assert!(!stderr.contains("did you mean"), "nothing near: {stderr}");
}

#[test]
fn the_event_keys_offered_are_those_of_events() {
    let dir = data_dir();
    let scenarios = tempfile::tempdir().unwrap();
    let file = RIVER_BOA.replace("to: boa", "to: Bob").replace("  - damage:", "  - zzzzzzq:");
    std::fs::write(scenarios.path().join("keys.yaml"), file).unwrap();
    let (code, _, stderr) =
        run_wide(dir.path(), &[], &["resolve", scenarios.path().join("keys.yaml").to_str().unwrap()]);
    assert_eq!(code, 2);
    let keys = stderr.lines().find(|l| l.contains("known keys here")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(keys.contains("`damage`") && keys.contains("`at_once`"), "{keys}");
    assert!(!keys.contains("`regenerate`") && !keys.contains("`action`"), "{keys}");
}

/// The folder the tests read the official CR files from is the one `build.rs` looked at
/// (`JUDGE_CR_DIR`, else `../shared/cr`), and the tests that need them run exactly when it is there.
#[test]
fn the_tests_read_the_cr_folder_build_rs_found() {
    match std::env::var_os("JUDGE_CR_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => assert_eq!(official_cr_dir(), Path::new(&dir)),
        None => assert!(official_cr_dir().ends_with("../shared/cr"), "{}", official_cr_dir().display()),
    }
    assert_eq!(official_cr_dir().is_dir(), cfg!(shared_cr));
}
