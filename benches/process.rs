//! Whole-process benches: `judge rule` and `judge search` as a judge runs them, each a fresh
//! process on the 2025 English edition (`../shared/cr`; they do nothing when it is absent),
//! against `grep -i` for the same rule number or words in the same rules text. The data
//! directory is prepared once, outside the timing: the text imported, the search index built.
//! Target: `judge rule` within 2× the time of its grep.
//! Run: `cargo bench --bench process`. Results: docs/PERFORMANCE.md.

mod grep;
mod official_cr;

use divan::Bencher;
use official_cr::NAME;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::LazyLock;

fn main() {
    divan::main();
}

/// The release binary, built by `cargo bench`.
const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

const RULE: &str = "614.15";
/// The start of the rule's text, which both `judge rule` and its grep print.
const RULE_TEXT: &str = "Some replacement effects are not continuous effects.";
const WORDS: &str = "replacement effect";

/// The data directory: the 2025 edition imported and its index built, once per run.
static DATA_DIR: LazyLock<Option<PathBuf>> = LazyLock::new(|| {
    let store = official_cr::imported("bench-process-data")?;
    let data_dir = store.root().to_path_buf();
    let built = judge(&data_dir, &["search", WORDS, "--edition", NAME]);
    assert!(built.status.success(), "the first search builds the index: {built:?}");
    Some(data_dir)
});

/// Runs `judge` with nothing from the environment that could change its output, and waits for
/// its output as a pipe would.
fn judge(data_dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(JUDGE).env_clear().arg("--data-dir").arg(data_dir).args(args).output().expect("judge runs")
}

/// Runs `grep -i` in the given locale, which decides how grep folds case.
fn grep(locale: &str, pattern: &str) -> Output {
    grep::grep(locale, pattern).output().expect("grep runs")
}

fn found(output: &Output, text: &str) -> bool {
    output.status.success() && String::from_utf8_lossy(&output.stdout).contains(text)
}

/// The floor under every `judge` command: a process that starts, parses its arguments and exits.
#[divan::bench]
fn judge_version(bencher: Bencher) {
    bencher.bench(|| {
        let output = Command::new(JUDGE).env_clear().arg("--version").output().expect("judge runs");
        assert!(found(&output, "judge"));
        output
    });
}

/// Guards `judge rule` in a fresh process: load the part of the edition a lookup needs, render.
#[divan::bench]
fn judge_rule(bencher: Bencher) {
    let Some(data_dir) = DATA_DIR.as_ref() else { return };
    bencher.bench(|| {
        let output = judge(data_dir, &["rule", RULE, "--edition", NAME]);
        assert!(found(&output, RULE_TEXT), "{output:?}");
        output
    });
}

/// What `judge rule` is measured against, in the machine's locale (UTF-8) and in the C locale,
/// where grep folds case faster.
#[divan::bench(args = ["C.UTF-8", "C"])]
fn grep_rule(bencher: Bencher, locale: &str) {
    if DATA_DIR.is_none() {
        return;
    }
    bencher.bench(|| {
        let output = grep(locale, RULE);
        assert!(found(&output, RULE_TEXT), "{output:?}");
        output
    });
}

/// Guards `judge search` once its index is built: load the edition, find and open the index,
/// search, render.
#[divan::bench]
fn judge_search(bencher: Bencher) {
    let Some(data_dir) = DATA_DIR.as_ref() else { return };
    bencher.bench(|| {
        let output = judge(data_dir, &["search", WORDS, "--edition", NAME]);
        assert!(found(&output, RULE), "{output:?}");
        output
    });
}

/// What `judge search` is compared with: the lines holding the words, unranked.
#[divan::bench(args = ["C.UTF-8", "C"])]
fn grep_search(bencher: Bencher, locale: &str) {
    if DATA_DIR.is_none() {
        return;
    }
    bencher.bench(|| {
        let output = grep(locale, WORDS);
        assert!(found(&output, RULE_TEXT), "{output:?}");
        output
    });
}
