//! The exit codes of the README, command by command: 0 found (and as expected), 1 nothing found
//! or an expected answer differs, 2 error.

use crate::support::{data_dir, judge, run};
use std::path::Path;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");

/// A data directory with the miniature rules text imported as `mini`.
fn with_mini() -> tempfile::TempDir {
    let dir = data_dir();
    assert_eq!(run(dir.path(), &["corpus", "import", FIXTURE, "--edition", "mini"]).0, 0);
    dir
}

fn code(data: &Path, args: &[&str]) -> i32 {
    run(data, args).0
}

#[test]
fn found_is_0() {
    let dir = with_mini();
    for args in [
        &["rule", "614.12", "--edition", "fr"][..],
        &["rule", "614.1a-c", "101", "--edition", "fr"],
        &["rule", "613.1", "--edition", "mini"],
        &["search", "régénération", "--edition", "fr"],
        &["search", "614.12", "--edition", "fr"],
        &["search", "self-replacement", "--edition", "mini"],
        &["define", "trample", "--edition", "mini"],
        &["corpus", "list"],
        &["corpus", "import", FIXTURE, "--edition", "mini2"],
        &["index", "--edition", "fr"],
        &["index", "--edition", "mini", "--rebuild"],
        &["--help"],
        &["--version"],
        &["search", "--help"],
    ] {
        let (code, stdout, stderr) = run(dir.path(), args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert!(!stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn nothing_found_is_1() {
    let dir = with_mini();
    for args in [
        &["rule", "614.99", "--edition", "fr"][..],
        &["rule", "613.4c", "--edition", "mini"],
        &["search", "zorglub", "--edition", "fr"],
        &["search", "zorglub", "--json"],
        &["search", "614.99", "--edition", "fr"],
        &["define", "zzzzzz", "--edition", "mini"],
        &["define", "zzzzzz", "--edition", "mini", "--json"],
    ] {
        assert_eq!(code(dir.path(), args), 1, "{args:?}");
    }
    // Some rules found and one not: what was found is printed, the missing one is reported, and
    // the code says that something was not found.
    let (code, stdout, stderr) = run(dir.path(), &["rule", "614.12", "614.99", "--edition", "fr"]);
    assert_eq!(code, 1);
    assert!(stdout.contains("│ 614.12 "), "{stdout}");
    assert!(stderr.contains("rule `614.99` is not in edition `fr-2011-02-04`"), "{stderr}");
}

#[test]
fn bad_arguments_are_2() {
    let dir = data_dir();
    for args in [
        &[][..],
        &["frobnicate"],
        &["rule"],
        &["rule", "614.12", "--bogus"],
        &["rule", "61a.4"],
        &["search"],
        &["search", "x", "--limit", "0"],
        &["search", "x", "--limit", "1001"],
        &["search", "x", "--limit", "many"],
        &["define"],
        &["corpus"],
        &["corpus", "import"],
        &["corpus", "list", "--edition", "mini"],
    ] {
        let (code, stdout, stderr) = run(dir.path(), args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(!stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn an_unknown_edition_is_2_and_the_help_lists_the_imported_ones() {
    let dir = data_dir();
    let (code, _, stderr) = run(dir.path(), &["rule", "614.12", "--edition", "mini"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no edition named `mini`"), "{stderr}");
    assert!(stderr.contains("no edition has been imported into this data directory"), "{stderr}");

    let dir = with_mini();
    assert_eq!(run(dir.path(), &["corpus", "import", FIXTURE]).0, 0);
    for command in [&["rule", "614.12"][..], &["search", "remplacement"], &["define", "trample"], &["index"]] {
        let args = [command, &["--edition", "en-2011-02-04"]].concat();
        let (code, stdout, stderr) = run(dir.path(), &args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty(), "{args:?}");
        assert!(stderr.contains("no edition named `en-2011-02-04`"), "{args:?}: {stderr}");
        assert!(stderr.contains("help: imported editions: en-2024-04-01, mini"), "{args:?}: {stderr}");
    }
    let (code, _, stderr) = run(dir.path(), &["rule", "614.12", "--edition", "../mini"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`../mini` is not a valid edition name"), "{stderr}");
}

#[test]
fn errors_of_files_and_data_are_2() {
    let dir = data_dir();
    let work = tempfile::tempdir().unwrap();
    let not_cr = work.path().join("notes.txt");
    std::fs::write(&not_cr, "Shopping list\n\nEggs.\n").unwrap();
    let (status, _, stderr) = run(dir.path(), &["corpus", "import", not_cr.to_str().unwrap()]);
    assert_eq!(status, 2);
    assert!(stderr.contains("line 1: no effective date") && stderr.contains("line 1: no rules found"), "{stderr}");
    let (status, _, stderr) = run(dir.path(), &["corpus", "import", "/nonexistent/MagicCompRules.txt"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("cannot read `/nonexistent/MagicCompRules.txt`"), "{stderr}");
    assert_eq!(code(dir.path(), &["define", "trample"]), 2, "the embedded edition has no glossary");

    // A data directory that is a file: commands that need it fail, and the default edition is
    // looked for in it; a lookup in the embedded edition named does not need it.
    let file = work.path().join("data-is-a-file");
    std::fs::write(&file, "").unwrap();
    assert_eq!(code(&file, &["search", "régénération"]), 2);
    assert_eq!(code(&file, &["corpus", "list"]), 2);
    assert_eq!(code(&file, &["rule", "614.12"]), 2);
    assert_eq!(code(&file, &["rule", "614.12", "--edition", "fr"]), 0);
}

#[test]
fn an_empty_judge_data_dir_counts_as_unset() {
    let home = tempfile::tempdir().unwrap();
    let empty = |args: &[&str]| {
        let output = judge(Path::new("")).env("HOME", home.path()).args(args).output().unwrap();
        (output.status.code(), String::from_utf8(output.stderr).unwrap())
    };
    // `rule` needs no data directory at all.
    assert_eq!(empty(&["rule", "614.12"]), (Some(0), String::new()));
    // Others fall back to the XDG data directory, here under HOME.
    assert_eq!(empty(&["search", "régénération"]), (Some(0), String::new()));
    assert!(home.path().join(".local/share/judge/index").is_dir());
    // Without HOME either, there is no data directory, and the error says so.
    let output = judge(Path::new("")).env_remove("HOME").args(["search", "x"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("no data directory"), "{stderr}");
}

#[test]
fn an_empty_search_is_an_error_and_a_list_needs_no_data_directory() {
    let dir = crate::support::data_dir();
    let (code, _, stderr) = crate::support::run(dir.path(), &["search", "  "]);
    assert_eq!(code, 2);
    assert!(stderr.contains("the search query is empty"), "{stderr}");
    // No HOME, no XDG_DATA_HOME, no JUDGE_DATA_DIR: the embedded edition is still listed.
    let output = assert_cmd::Command::cargo_bin("judge")
        .unwrap()
        .env_clear()
        .env("NO_COLOR", "1")
        .args(["corpus", "list", "--json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["editions"][0]["name"], "fr-2011-02-04");
    assert!(String::from_utf8_lossy(&output.stderr).contains("no data directory"));
}

/// One rule for the commands that read scenario files: 0 when the answer is the one the file
/// expects (or it expects none), 1 when it differs, with the answer printed all the same, 2 when
/// the file cannot be read or is invalid.
#[test]
fn scenario_commands_share_one_rule() {
    let data = data_dir();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenarios");
    let in_fixtures = |args: &[&str]| crate::support::run_in(data.path(), &fixtures, args);
    // What each prints of the answer it found, 5/5 where 4/5 was expected.
    for (command, found) in [("resolve", "5/5"), ("ruling", "5/5"), ("check", "expected 4, got 5")] {
        let (code, stdout, stderr) = in_fixtures(&[command, "valid.yaml"]);
        assert_eq!(code, 0, "{command}: {stderr}");
        assert!(!stdout.is_empty(), "{command}");

        let (code, stdout, stderr) = in_fixtures(&[command, "expectation-fails.yaml"]);
        assert_eq!(code, 1, "{command}: {stderr}");
        assert!(stdout.contains(found), "{command} prints the answer it found: {stdout}");

        let (code, _, stderr) = in_fixtures(&[command, "yaml-syntax.yaml"]);
        assert_eq!(code, 2, "{command}");
        assert!(stderr.contains("yaml-syntax.yaml"), "{command}: {stderr}");

        let (code, _, stderr) = in_fixtures(&[command, "no-such-file.yaml"]);
        assert_eq!(code, 2, "{command}");
        assert!(stderr.contains("cannot read `no-such-file.yaml`"), "{command}: {stderr}");
    }
    // `--quiet` changes what is printed, never the code.
    assert_eq!(in_fixtures(&["resolve", "-q", "expectation-fails.yaml"]).0, 1);
    assert_eq!(in_fixtures(&["check", "-q", "expectation-fails.yaml"]).0, 1);
}

#[test]
fn a_shell_script_or_a_manual_page_is_0_and_an_unknown_page_2() {
    let data = data_dir();
    assert_eq!(code(data.path(), &["completions", "bash"]), 0);
    assert_eq!(code(data.path(), &["man"]), 0);
    assert_eq!(code(data.path(), &["man", "corpus", "import"]), 0);
    assert_eq!(code(data.path(), &["man", "frobnicate"]), 2);
    assert_eq!(code(data.path(), &["completions", "tcsh"]), 2);
    assert_eq!(code(data.path(), &["completions"]), 2);
    assert_eq!(code(data.path(), &["resolve", "x.yaml", "--color", "sometimes"]), 2);
}
