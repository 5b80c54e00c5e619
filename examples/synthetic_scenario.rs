//! Writes a synthetic scenario (`judge::synthetic::scenario`) to standard output, for
//! measuring `judge check` and `judge resolve` on large files (`benches/large_scenarios.sh`).
//!
//! `cargo run --release --example synthetic_scenario -- PERMANENTS EFFECTS [SEED] > board.yaml`;
//! `… -- ring N` writes a ring of N copy effects instead (`synthetic::copy_ring`).

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| match args.get(i) {
        Some(a) => a.parse().unwrap_or_else(|_| usage()),
        None => default,
    };
    if args.is_empty() || args.len() > 3 {
        usage();
    }
    let text = if args[0] == "ring" {
        judge::synthetic::copy_ring(number(1, 0))
    } else {
        let (permanents, effects, seed) = (number(0, 0), number(1, 0), number(2, 42));
        judge::synthetic::scenario(seed as u64, permanents, effects)
    };
    // A closed pipe (`| head`) is not an error worth a message.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

fn usage() -> ! {
    eprintln!("usage: synthetic_scenario PERMANENTS EFFECTS [SEED] | synthetic_scenario ring N");
    std::process::exit(2);
}
