//! A disk with no room left: `judge` is run under a file-size limit (`ulimit -f`, with the signal
//! it sends ignored), so that every write past the first block fails as on a full disk, for any
//! user and on any machine. Search goes on from an index in memory, as on a read-only store;
//! an import fails whole and leaves the store as it was.

use crate::support::{files, judge_process, run};
use std::path::Path;

const MINI_CR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
const CARDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards");

/// Runs `judge` with files limited to one block: (exit code, stdout, stderr).
fn run_full(data_dir: &Path, args: &[&str]) -> (i32, String, String) {
    let judge = judge_process(data_dir);
    let mut cmd = std::process::Command::new("/bin/sh");
    cmd.arg("-c")
        .arg(r#"trap "" XFSZ; ulimit -f 1 && exec "$0" "$@""#)
        .arg(judge.get_program())
        .args(args)
        .env_clear()
        .envs(judge.get_envs().filter_map(|(key, value)| Some((key, value?))));
    let output = cmd.output().expect("sh runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (output.status.code().unwrap_or(-1), text(output.stdout), text(output.stderr))
}

/// Names of what a data directory holds below `sub`, so that a test sees nothing half-written.
fn names(dir: &Path, sub: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir.join(sub)) else { return Vec::new() };
    let mut names: Vec<String> = entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn search_on_a_full_disk_uses_an_index_in_memory() {
    let question = ["search", "régénération", "--json"];
    let room = tempfile::tempdir().unwrap();
    let (code, expected, _) = run(room.path(), &question);
    assert_eq!(code, 0);
    let full = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = run_full(full.path(), &question);
    assert_eq!((code, stdout), (0, expected));
    assert!(stderr.starts_with("note: cannot build the search index of `fr-2011-02-04`"), "{stderr}");
    assert!(stderr.ends_with("searching with an index built in memory\n"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // No index was kept, not even half of one.
    assert_eq!(names(full.path(), "index"), Vec::<String>::new());
    // The rules and the answers need no room.
    let (code, stdout, stderr) = run_full(full.path(), &["rule", "614.8"]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout, run(room.path(), &["rule", "614.8"]).1);
}

#[test]
fn an_import_on_a_full_disk_fails_and_keeps_the_edition_there() {
    let data = tempfile::tempdir().unwrap();
    let (code, _, stderr) = run(data.path(), &["corpus", "import", MINI_CR, "--edition", "en-mini"]);
    assert_eq!(code, 0, "{stderr}");
    let before = files(data.path());
    let bigger = data.path().join("bigger.txt");
    let text = std::fs::read_to_string(MINI_CR).unwrap();
    std::fs::write(&bigger, format!("{text}\n")).unwrap();
    let (code, _, stderr) =
        run_full(data.path(), &["corpus", "import", bigger.to_str().unwrap(), "--edition", "en-mini", "--replace"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("cannot write"), "{stderr}");
    std::fs::remove_file(&bigger).unwrap();
    assert_eq!(files(data.path()), before, "the store is as it was, with no temporary file left");
}

#[test]
fn a_card_import_on_a_full_disk_fails_and_keeps_the_cards_there() {
    let data = tempfile::tempdir().unwrap();
    let oracle = format!("{CARDS}/oracle-cards-20260105100000.json");
    let (code, _, stderr) = run(data.path(), &["cards", "import", &oracle]);
    assert_eq!(code, 0, "{stderr}");
    let before = files(data.path());
    let more = format!("{CARDS}/sample-oracle.json");
    let (code, _, stderr) = run_full(data.path(), &["cards", "import", &more]);
    assert_ne!(code, 0);
    assert!(stderr.contains("cannot write the card store"), "{stderr}");
    assert_eq!(files(data.path()), before, "the store is as it was, with no temporary file left");
}
