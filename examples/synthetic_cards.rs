//! Writes the synthetic card data files of the benchmarks into a directory, for measuring
//! `judge cards import` as a whole process (`benches/card_import_peak.sh`):
//! `cargo run --release --example synthetic_cards -- DIR [CARDS [RULINGS]]` writes
//! `DIR/oracle-cards-20260105100000.json`, `DIR/rulings-20260105100200.json` and
//! `DIR/AtomicCards.json` (35,000 cards and 60,000 rulings by default).

use judge::synthetic;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

const SEED: u64 = 2026;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().unwrap_or_else(|| ".".to_string()));
    let cards = args.next().and_then(|n| n.parse().ok()).unwrap_or(35_000);
    let rulings = args.next().and_then(|n| n.parse().ok()).unwrap_or(60_000);
    std::fs::create_dir_all(&dir)?;
    let write = |name: &str, make: &dyn Fn(&mut dyn Write) -> std::io::Result<()>| -> std::io::Result<()> {
        let mut out = BufWriter::new(std::fs::File::create(dir.join(name))?);
        make(&mut out)?;
        out.flush()
    };
    write("oracle-cards-20260105100000.json", &|out| synthetic::scryfall_cards(cards, SEED, out))?;
    write("rulings-20260105100200.json", &|out| synthetic::scryfall_rulings(rulings, cards, SEED, out))?;
    write("AtomicCards.json", &|out| synthetic::mtgjson_atomic_cards(cards, rulings, SEED, out))
}
