//! The card store on files the size of the real ones (`judge::synthetic`: 35,000 Scryfall card
//! objects, about 160 MB, and 60,000 rulings): what `judge cards import` costs (target: under
//! 10 s), and what a lookup of one card by name costs once the store is there — `CardStore::open`
//! and `find` in a warm process, which is what `judge card NAME` does of the store (target: the
//! whole process under 10 ms), `judge card NAME` and `judge cards info` as whole processes, and a
//! scenario of 10 imported cards named against the same written out (target: within 1.2×). Peak
//! memory of the import: `benches/card_import_peak.sh`.
//! Run: `cargo bench --bench card_import`. Results: docs/PERFORMANCE.md.

use divan::Bencher;
use judge::cards::{fold_name, import_cards, CardStore, StoreCards};
use judge::synthetic;
use std::path::PathBuf;
use std::process::Command;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

const CARDS: usize = 35_000;
const RULINGS: usize = 60_000;
const SEED: u64 = 2026;
const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

/// The two files, written once per run, and a data directory with them imported.
struct Files {
    dir: tempfile::TempDir,
    cards: PathBuf,
    rulings: PathBuf,
}

static FILES: LazyLock<Files> = LazyLock::new(|| {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let cards = dir.path().join("oracle-cards-20260105100000.json");
    let rulings = dir.path().join("rulings-20260105100200.json");
    let write = |path: &PathBuf, make: &dyn Fn(&mut dyn std::io::Write) -> std::io::Result<()>| {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("created"));
        make(&mut out).expect("written");
    };
    write(&cards, &|out| synthetic::scryfall_cards(CARDS, SEED, out));
    write(&rulings, &|out| synthetic::scryfall_rulings(RULINGS, CARDS, SEED, out));
    let files = Files { dir, cards, rulings };
    import_cards(&files.dir.path().join("data"), &[files.cards.clone(), files.rulings.clone()], false)
        .expect("the files import");
    files
});

/// Guards `judge cards import` of the Oracle Cards and Rulings files: read as streams, merged,
/// written.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn import_35000_cards_and_60000_rulings(bencher: Bencher) {
    let files = &*FILES;
    bencher.with_inputs(|| tempfile::tempdir().expect("a temporary directory")).bench_values(|data| {
        let imported =
            import_cards(data.path(), &[files.cards.clone(), files.rulings.clone()], false).expect("the files import");
        assert!(imported.info.cards > CARDS * 9 / 10 && imported.info.rulings > RULINGS * 9 / 10);
        data
    });
}

/// Guards `judge card NAME`'s use of the store: open it (its directory read and checked) and
/// find one card by name (its record read, checked and parsed).
#[divan::bench]
fn open_and_find_one_card(bencher: Bencher) {
    let data = FILES.dir.path().join("data");
    let wanted = fold_name(&synthetic::card_name(17_345));
    bencher.bench(|| {
        let store = CardStore::open(&data).expect("the store opens").expect("a store");
        let card = store.find(&wanted).expect("the card reads").expect("the card is found");
        assert_eq!(fold_name(&card.name).split(" // ").next(), Some(wanted.as_str()));
        card
    });
}

/// Guards the whole process that opens the store: `judge cards info`.
#[divan::bench]
fn judge_cards_info_process(bencher: Bencher) {
    let data = FILES.dir.path().join("data");
    bencher.bench(|| {
        let output = Command::new(JUDGE).env_clear().arg("--data-dir").arg(&data).args(["cards", "info"]).output();
        let output = output.expect("judge runs");
        assert!(output.status.success(), "{output:?}");
        output
    });
}

/// Guards `judge card NAME` as a whole process: the store opened, one record read, its text
/// compiled and shown.
#[divan::bench]
fn judge_card_process(bencher: Bencher) {
    let data = FILES.dir.path().join("data");
    let name = synthetic::card_name(17_345);
    bencher.bench(|| {
        let output = Command::new(JUDGE).env_clear().arg("--data-dir").arg(&data).args(["card", &name]).output();
        let output = output.expect("judge runs");
        assert!(output.status.success(), "{output:?}");
        output
    });
}

/// A scenario of ten imported cards by name, and the same objects written out, once per run.
static BOARDS: LazyLock<(PathBuf, PathBuf)> = LazyLock::new(|| {
    let data = FILES.dir.path().join("data");
    let store = StoreCards::of(&data).expect("the store is there");
    let cards = judge::cards::Cards::with_imported(&store);
    // Ten game cards spread over the store (the synthetic file also holds tokens and other
    // objects an import passes over).
    let objects: Vec<_> =
        (0..).map(|n| 1_000 + 997 * n).filter_map(|n| cards.object(&synthetic::card_name(n)).ok()).take(10).collect();
    let (named, by_hand) = judge::synthetic::imported_board(&objects);
    let paths = (FILES.dir.path().join("named.yaml"), FILES.dir.path().join("by-hand.yaml"));
    std::fs::write(&paths.0, named).expect("written");
    std::fs::write(&paths.1, by_hand).expect("written");
    // Once outside the timing: the first run of an edition places its citations and caches them.
    resolve(&paths.0);
    resolve(&paths.1);
    paths
});

fn resolve(file: &PathBuf) -> std::process::Output {
    let data = FILES.dir.path().join("data");
    let output = Command::new(JUDGE).env_clear().arg("--data-dir").arg(&data).arg("resolve").arg(file).output();
    let output = output.expect("judge runs");
    assert!(output.status.success(), "{output:?}");
    output
}

/// Guards naming imported cards in a scenario: the store opened, ten records read and compiled.
#[divan::bench]
fn ten_imported_cards_named(bencher: Bencher) {
    let (named, _) = &*BOARDS;
    bencher.bench(|| resolve(named));
}

/// The same ten objects written out, for the ratio.
#[divan::bench]
fn ten_imported_cards_written_out(bencher: Bencher) {
    let (_, by_hand) = &*BOARDS;
    bencher.bench(|| resolve(by_hand));
}
