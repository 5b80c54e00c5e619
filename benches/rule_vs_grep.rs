//! Whole `judge` processes against `grep -i` on the 2026 English CR (`../shared/cr`; nothing is
//! measured when it is absent), each command run in a fresh process, all the commands in turn, so
//! that on a shared machine a burst of load falls on all of them alike: the median of each, and
//! the ratio of each `judge` command to the greps. Targets: `judge rule` within 1.2× its grep,
//! `judge resolve` on a scenario of the repository within 3×. The commands: `judge rule` on the
//! imported 2026 edition and on the embedded French one, `judge resolve` (embedded edition),
//! `judge search` (index built). `benches/process.rs` measures some of them one after the other
//! with divan.
//! Run: `cargo bench --bench rule_vs_grep` (`ROUNDS=1000` for more rounds than 300).
//! Results: docs/PERFORMANCE.md.

mod grep;
#[allow(dead_code, reason = "only its 2025 text's path serves, through `grep`")]
mod official_cr;

use judge::corpus::Store;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The release binary, built by `cargo bench`.
const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

const CR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/cr/MagicCompRules_20260227.txt");
const EDITION: &str = "en-2026-02-27";
const RULE: &str = "614.1";
/// In the table of `judge rule` (the start of 614.1, which the table does not wrap) and in grep's
/// lines.
const RULE_TEXT: &str = "Some continuous effects are";
/// The heading of section 614 in the embedded French pages.
const RULE_TEXT_FR: &str = "Effets de remplacement";
const SCENARIO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/blood-moon-urborg.yaml");
/// In the answer to the scenario.
const ANSWER: &str = "Legendary Land — Mountain";
const WORDS: &str = "replacement effect";
const WORDS_TEXT: &str = "Some replacement effects";

/// One command line, and a text its output must hold.
struct Run {
    label: String,
    command: Command,
    expected: &'static str,
    times: Vec<Duration>,
}

fn judge(binary: &Path, data_dir: &Path, args: &[&str], expected: &'static str) -> Run {
    let mut command = Command::new(binary);
    command.env_clear().arg("--data-dir").arg(data_dir).args(args);
    Run { label: format!("judge {}", args.join(" ")), command, expected, times: Vec::new() }
}

fn grep(locale: &str, pattern: &str, expected: &'static str) -> Run {
    let command = grep::grep_in(CR, locale, pattern);
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
    if !Path::new(CR).exists() {
        eprintln!("note: `{CR}` is absent; this bench measures nothing");
        return;
    }
    let store = Store::new(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-rule-vs-grep-2026"));
    let imported = store.import(Path::new(CR), None).expect("the official text imports");
    assert_eq!(imported.info.name, EDITION);
    let data_dir = store.root();
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(300);
    // The binary as cargo wrote it starts 0.3–0.4 ms slower on this machine than a copy of the
    // same file, made anywhere: the commands run a copy, so that the figures are the program's.
    let binary = data_dir.join("judge");
    std::fs::copy(JUDGE, &binary).expect("the binary is copied");
    // Each group: `judge` commands, then the greps they are compared with.
    let mut groups = [
        vec![
            judge(&binary, data_dir, &["rule", RULE, "--edition", EDITION], RULE_TEXT),
            judge(&binary, data_dir, &["rule", RULE, "--edition", "fr"], RULE_TEXT_FR),
            judge(&binary, data_dir, &["resolve", SCENARIO, "--edition", "fr"], ANSWER),
            grep("C", RULE, RULE_TEXT),
            grep("C.UTF-8", RULE, RULE_TEXT),
        ],
        vec![
            judge(&binary, data_dir, &["search", WORDS, "--edition", EDITION], RULE),
            grep("C", WORDS, WORDS_TEXT),
            grep("C.UTF-8", WORDS, WORDS_TEXT),
        ],
    ];
    // Outside the timing: the search index is built, the citations placed, and every file read
    // once is in the cache.
    groups.iter_mut().flatten().for_each(Run::once);
    groups.iter_mut().flatten().for_each(|run| run.times.clear());
    for _ in 0..rounds {
        groups.iter_mut().flatten().for_each(Run::once);
    }
    println!("{rounds} rounds, medians of fresh processes:");
    for group in &groups {
        let (judges, greps): (Vec<&Run>, Vec<&Run>) = group.iter().partition(|run| run.label.starts_with("judge"));
        for grep in &greps {
            println!("  {:>9.3} ms  {}", grep.median().as_secs_f64() * 1e3, grep.label);
        }
        for judge in judges {
            let ratios: Vec<String> = greps
                .iter()
                .map(|grep| format!("{:.2}×", judge.median().as_secs_f64() / grep.median().as_secs_f64()))
                .collect();
            println!(
                "  {:>9.3} ms  {}  ({} the greps above)",
                judge.median().as_secs_f64() * 1e3,
                judge.label,
                ratios.join(" / ")
            );
        }
    }
}
