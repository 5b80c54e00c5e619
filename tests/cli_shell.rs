//! Shell conventions: completion scripts and manual pages generated from the clap definitions,
//! `--color` with `NO_COLOR` and `CLICOLOR_FORCE`, `--quiet`, `-` for standard input, and the
//! examples in every command's help.

use crate::support::{data_dir, judge, run, run_in};
use std::path::{Path, PathBuf};

const SCENARIO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/blood-moon-urborg.yaml");
const EVENTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/cr-616-1d-exile-or-shuffle.yaml");
const ESCAPE: &str = "\x1b[";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenarios")
}

fn ok(args: &[&str]) -> String {
    let data = data_dir();
    let (code, stdout, stderr) = run(data.path(), args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    stdout
}

#[test]
fn bash_completion() {
    let script = ok(&["completions", "bash"]);
    // Every command and the global flags are offered.
    for word in ["resolve", "ruling", "check", "completions", "man", "--color", "--quiet"] {
        assert!(script.contains(word), "{word}");
    }
    insta::assert_snapshot!(script);
}

#[test]
fn every_shell_has_a_script() {
    for (shell, marker) in [
        ("bash", "complete -F _judge"),
        ("zsh", "#compdef judge"),
        ("fish", "complete -c judge"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[judge]"),
    ] {
        let script = ok(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(script.contains("resolve"), "{shell}");
    }
}

#[test]
fn manual_page() {
    let page = ok(&["man"]);
    assert!(page.starts_with(".ie \\n(.g .ds Aq \\(aq"), "{page}");
    assert!(page.contains(".TH judge 1"), "{page}");
    insta::assert_snapshot!(page);
}

#[test]
fn a_command_has_its_own_manual_page_with_its_examples() {
    let page = ok(&["man", "resolve"]);
    assert!(page.contains(".TH judge-resolve 1  \"judge "), "{page}");
    assert!(page.contains("judge resolve scenarios/blood\\-moon\\-urborg.yaml"), "{page}");
    let page = ok(&["man", "corpus", "import"]);
    assert!(page.contains(".TH judge-corpus-import 1"), "{page}");

    let data = data_dir();
    let (code, stdout, stderr) = run(data.path(), &["man", "corpus", "export"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("`corpus export` is not a command of judge"), "{stderr}");
    assert!(stderr.contains("the commands of `judge corpus`: import, fetch, html, list"), "{stderr}");
}

#[test]
fn every_manual_page_written_into_a_directory() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("man");
    assert_eq!(ok(&["man", "--out-dir", dir.to_str().unwrap()]), "");
    let mut pages: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    pages.sort();
    for page in ["judge.1", "judge-resolve.1", "judge-corpus-import.1", "judge-man.1"] {
        assert!(pages.iter().any(|p| p == page), "{page} in {pages:?}");
    }
    assert!(!pages.iter().any(|p| p.contains("help")), "{pages:?}");
    let printed = ok(&["man", "check"]);
    assert_eq!(std::fs::read_to_string(dir.join("judge-check.1")).unwrap(), printed);
}

#[test]
fn every_command_help_shows_examples() {
    for command in [
        &["rule"][..],
        &["search"],
        &["define"],
        &["card"],
        &["corpus"],
        &["corpus", "import"],
        &["corpus", "fetch"],
        &["corpus", "html"],
        &["corpus", "list"],
        &["index"],
        &["resolve"],
        &["check"],
        &["ruling"],
        &["diff"],
        &["completions"],
        &["man"],
    ] {
        let help = ok(&[command, &["--help"]].concat());
        let examples = help.split_once("Examples:\n").map(|(_, e)| e).unwrap_or_else(|| panic!("{command:?}: {help}"));
        let prefix = format!("  judge {}", command.join(" "));
        let lines: Vec<&str> = examples.lines().take_while(|l| !l.is_empty()).collect();
        assert!(!lines.is_empty() && lines.len() <= 3, "{command:?}: {lines:?}");
        assert!(
            lines.iter().all(|l| l.starts_with(&prefix) || l.contains(&format!("| judge {}", command[0]))),
            "{lines:?}"
        );
    }
}

/// Runs `judge` with no `NO_COLOR` and these variables, stdout a pipe.
fn coloured(env: &[(&str, &str)], args: &[&str]) -> bool {
    let data = data_dir();
    let mut cmd = judge(data.path());
    cmd.env_remove("NO_COLOR");
    for (name, value) in env {
        cmd.env(name, value);
    }
    let output = cmd.args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().contains(ESCAPE)
}

#[test]
fn colour_flag_and_environment() {
    let resolve = ["resolve", SCENARIO];
    let always = ["resolve", SCENARIO, "--color", "always"];
    let never = ["resolve", SCENARIO, "--color=never"];
    // Into a pipe: no colour unless asked for.
    assert!(!coloured(&[], &resolve));
    assert!(coloured(&[], &always));
    assert!(coloured(&[("CLICOLOR_FORCE", "1")], &resolve));
    assert!(!coloured(&[("CLICOLOR_FORCE", "0")], &resolve));
    // NO_COLOR wins over CLICOLOR_FORCE; the flag wins over both.
    assert!(!coloured(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")], &resolve));
    assert!(coloured(&[("NO_COLOR", "1")], &always));
    assert!(!coloured(&[("CLICOLOR_FORCE", "1")], &never));
    // The flag is global: before the command too.
    assert!(coloured(&[], &["--color", "always", "resolve", SCENARIO]));
}

#[test]
fn colour_does_not_change_the_text() {
    let data = data_dir();
    let plain = run(data.path(), &["resolve", SCENARIO]).1;
    let coloured = run(data.path(), &["resolve", SCENARIO, "--color", "always"]).1;
    assert_eq!(plain, coloured.replace("\x1b[1m", "").replace("\x1b[2m", "").replace("\x1b[0m", ""));
}

#[test]
fn quiet_resolve_prints_the_answer_only() {
    let full = ok(&["resolve", SCENARIO]);
    let quiet = ok(&["resolve", SCENARIO, "--quiet"]);
    let answer = full.split("\n\n").nth(1).unwrap();
    assert_eq!(quiet, format!("{answer}\n"));
    assert!(!quiet.contains("Layer") && !quiet.contains("Rules cited"), "{quiet}");

    let quiet = ok(&["-q", "resolve", EVENTS]);
    assert_eq!(
        quiet,
        "Outcome 1: Progenitus is destroyed: exiled from the battlefield\n\
         Alice chooses leyline-exiles (among leyline-exiles, guardian-shuffles)\n\
         After the events:\n  \
         Progenitus (guardian): Creature — Hydra Avatar, colorless, 10/10, in exile\n\
         Outcome 2: Progenitus is destroyed: put into Alice's library from the battlefield\n\
         Alice chooses guardian-shuffles (among leyline-exiles, guardian-shuffles)\n\
         After the events:\n  \
         Progenitus (guardian): Creature — Hydra Avatar, colorless, 10/10, in Alice's library\n"
    );
    // JSON is for scripts: `--quiet` leaves it whole.
    assert_eq!(ok(&["resolve", SCENARIO, "-q", "--format", "json"]), ok(&["resolve", SCENARIO, "--format", "json"]));
}

#[test]
fn quiet_resolve_still_says_what_differs() {
    let data = data_dir();
    let (code, stdout, _) = run_in(data.path(), &fixtures(), &["resolve", "-q", "expectation-fails.yaml"]);
    assert_eq!(code, 1);
    assert!(stdout.ends_with("┘\nExpected answer: DIFFERS:\n  bears power: expected 4, got 5\n"), "{stdout}");
}

#[test]
fn quiet_check_lists_what_is_wrong_and_the_count() {
    let data = data_dir();
    let args = ["check", "-q", "valid.yaml", "expectation-fails.yaml", "yaml-syntax.yaml"];
    let (code, stdout, stderr) = run_in(data.path(), &fixtures(), &args);
    assert_eq!(code, 2);
    assert_eq!(
        stdout,
        "DIFFERS  expectation-fails.yaml\n         bears power: expected 4, got 5\ninvalid  yaml-syntax.yaml\n\
         3 files: 1 ok, 0 no expectation, 1 differ, 1 invalid\n"
    );
    assert!(stderr.contains("yaml-syntax.yaml"), "diagnostics stay: {stderr}");
    let (code, stdout, _) = run_in(data.path(), &fixtures(), &["check", "--quiet", "valid.yaml"]);
    assert_eq!((code, stdout.as_str()), (0, "1 file: 1 ok, 0 no expectation, 0 differ, 0 invalid\n"));
}

#[test]
fn quiet_import_prints_nothing() {
    let data = data_dir();
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
    let (code, stdout, stderr) = run(data.path(), &["corpus", "import", fixture, "--edition", "mini", "-q"]);
    assert_eq!((code, stdout.as_str()), (0, ""), "{stderr}");
    let (code, stdout, _) = run(data.path(), &["index", "--edition", "mini", "-q"]);
    assert_eq!((code, stdout.as_str()), (0, ""));
    assert!(run(data.path(), &["corpus", "list"]).1.contains("mini"));
}

/// Runs `judge` in the fixtures directory with `input` on standard input.
fn piped(args: &[&str], input: &str) -> (i32, String, String) {
    let data = data_dir();
    let output = judge(data.path()).current_dir(fixtures()).args(args).write_stdin(input).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_dash_reads_the_scenario_from_standard_input() {
    let text = std::fs::read_to_string(SCENARIO).unwrap();
    for format in ["table", "json", "markdown"] {
        let (code, stdout, stderr) = piped(&["resolve", "-", "--format", format], &text);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(stdout, ok(&["resolve", SCENARIO, "--format", format]), "{format}");
    }
    let (code, stdout, _) = piped(&["ruling", "-"], &text);
    assert_eq!(code, 0);
    assert_eq!(stdout, ok(&["ruling", SCENARIO]));

    let failing = std::fs::read_to_string(fixtures().join("expectation-fails.yaml")).unwrap();
    let (code, stdout, _) = piped(&["check", "valid.yaml", "-"], &failing);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "DIFFERS  <stdin>\n         bears power: expected 4, got 5\nok       valid.yaml\n2 files: 1 ok, 0 no expectation, 1 differ, 0 invalid\n"
    );
    let (code, _, stderr) = piped(&["ruling", "-"], &failing);
    assert_eq!(code, 1);
    assert!(stderr.contains("the ruling differs from the answer `<stdin>` expects"), "{stderr}");
    assert!(stderr.contains("`judge check -` lists the differences too"), "{stderr}");
}

#[test]
fn diagnostics_of_standard_input_name_it() {
    let text = std::fs::read_to_string(fixtures().join("yaml-syntax.yaml")).unwrap();
    for command in ["resolve", "ruling", "check"] {
        let (code, _, stderr) = piped(&[command, "-"], &text);
        assert_eq!(code, 2, "{command}");
        assert!(stderr.contains("`<stdin>` is not a valid scenario"), "{command}: {stderr}");
        assert!(stderr.contains("[<stdin>:"), "{command}: the place in it: {stderr}");
    }
    let (code, _, stderr) = piped(&["resolve", "-"], "\u{0}\u{ff}\u{fe}");
    assert_eq!(code, 2);
    assert!(stderr.contains("`<stdin>`"), "{stderr}");
}
