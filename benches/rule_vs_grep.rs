//! `judge rule` and `judge search` against `grep -i` on the 2025 English CR (`../shared/cr`;
//! nothing is measured when it is absent), each command run in a fresh process, the commands in
//! turn, so that on a shared machine a burst of load falls on all of them alike: the median of
//! each, and the ratio of each `judge` command to its grep. Target: `judge rule` within 2× its
//! grep. `benches/process.rs` measures the same commands one after the other with divan.
//! Run: `cargo bench --bench rule_vs_grep` (`ROUNDS=1000` for more rounds than 300).
//! Results: docs/PERFORMANCE.md.

mod grep;
mod official_cr;

use official_cr::NAME;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// The release binary, built by `cargo bench`.
const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

const RULE: &str = "614.15";
const RULE_TEXT: &str = "Some replacement effects are not continuous effects.";
const WORDS: &str = "replacement effect";

/// One command line, and a text its output must hold.
struct Run {
    label: String,
    command: Command,
    expected: &'static str,
    times: Vec<Duration>,
}

fn judge(data_dir: &Path, args: &[&str], expected: &'static str) -> Run {
    let mut command = Command::new(JUDGE);
    command.env_clear().arg("--data-dir").arg(data_dir).args(args).args(["--edition", NAME]);
    Run { label: format!("judge {}", args.join(" ")), command, expected, times: Vec::new() }
}

fn grep(locale: &str, pattern: &str, expected: &'static str) -> Run {
    let command = grep::grep(locale, pattern);
    Run { label: format!("LC_ALL={locale} grep -i '{pattern}'"), command, expected, times: Vec::new() }
}

impl Run {
    /// Runs the command once, waiting for its output as a pipe would, and checks it.
    fn once(&mut self) {
        let start = Instant::now();
        let output = self.command.output().expect("the command runs");
        self.times.push(start.elapsed());
        let found = output.status.success() && String::from_utf8_lossy(&output.stdout).contains(self.expected);
        assert!(found, "{}: {output:?}", self.label);
    }

    fn median(&self) -> Duration {
        let mut times = self.times.clone();
        times.sort();
        times[times.len() / 2]
    }
}

fn main() {
    let Some(store) = official_cr::imported("bench-rule-vs-grep-data") else { return };
    let data_dir = store.root();
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(300);
    let mut runs = [
        judge(data_dir, &["rule", RULE], RULE_TEXT),
        grep("C", RULE, RULE_TEXT),
        grep("C.UTF-8", RULE, RULE_TEXT),
        judge(data_dir, &["search", WORDS], RULE),
        grep("C", WORDS, RULE_TEXT),
        grep("C.UTF-8", WORDS, RULE_TEXT),
    ];
    // Outside the timing: the search index is built, and every file read once is in the cache.
    runs.iter_mut().for_each(Run::once);
    runs.iter_mut().for_each(|run| run.times.clear());
    for _ in 0..rounds {
        runs.iter_mut().for_each(Run::once);
    }
    println!("{rounds} rounds, medians of fresh processes:");
    for pair in runs.chunks(3) {
        let judge = pair[0].median();
        println!("  {:>9.3} ms  {}", judge.as_secs_f64() * 1e3, pair[0].label);
        for grep in &pair[1..] {
            let ratio = judge.as_secs_f64() / grep.median().as_secs_f64();
            println!("  {:>9.3} ms  {}  (judge: {ratio:.2}×)", grep.median().as_secs_f64() * 1e3, grep.label);
        }
    }
}
