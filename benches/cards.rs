//! Naming library cards against writing them out: `judge resolve` in a fresh process on a
//! scenario of 20 library cards (a damage event between two of its creatures, then the
//! state-based actions), written with `- card: NAME` and written out by hand as the library
//! writes them. Target: the scenario of cards no slower than the one written out. Both run once
//! before the timing, so that the citations of the edition are placed and cached.
//! Run: `cargo bench --bench cards`. Results: docs/PERFORMANCE.md.

use divan::Bencher;
use std::path::PathBuf;
use std::process::Command;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

/// The two files, and an empty data directory, written once per run.
static FILES: LazyLock<(tempfile::TempDir, PathBuf, PathBuf)> = LazyLock::new(|| {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (named, by_hand) = judge::synthetic::library_board(7, 20);
    let named_path = dir.path().join("named.yaml");
    let by_hand_path = dir.path().join("by-hand.yaml");
    std::fs::write(&named_path, named).expect("written");
    std::fs::write(&by_hand_path, by_hand).expect("written");
    (dir, named_path, by_hand_path)
});

/// Once, outside the timing: the first run of an edition places its citations and caches them.
static WARM: LazyLock<()> = LazyLock::new(|| {
    let (_, named, by_hand) = &*FILES;
    resolve(named);
    resolve(by_hand);
});

fn resolve(file: &PathBuf) -> std::process::Output {
    let (dir, _, _) = &*FILES;
    let output = Command::new(JUDGE)
        .env_clear()
        .arg("--data-dir")
        .arg(dir.path().join("data"))
        .arg("resolve")
        .arg(file)
        .output()
        .expect("judge runs");
    assert!(output.status.success(), "{output:?}");
    output
}

#[divan::bench]
fn twenty_cards_named(bencher: Bencher) {
    let (_, named, _) = &*FILES;
    LazyLock::force(&WARM);
    bencher.bench(|| resolve(named));
}

#[divan::bench]
fn twenty_cards_written_out(bencher: Bencher) {
    let (_, _, by_hand) = &*FILES;
    LazyLock::force(&WARM);
    bencher.bench(|| resolve(by_hand));
}
