//! Benches of the corpus on the official 2025 rules text (`../shared/cr`; they do nothing when it
//! is absent): what an import costs, and what `judge rule` pays to load the imported edition (the
//! whole process is measured against `grep` in `benches/process.rs`).
//! Run: `cargo bench --bench corpus`. Results: docs/PERFORMANCE.md.

mod official_cr;

use divan::Bencher;
use judge::corpus::decode;
use judge::corpus::parse_english;
use judge::corpus::RuleId;
use judge::corpus::Store;
use official_cr::{CR, NAME, RULES};
use std::sync::LazyLock;

fn main() {
    divan::main();
}

/// The text, decoded once; none without the official file.
static TEXT: LazyLock<Option<String>> = LazyLock::new(|| {
    let bytes = std::fs::read(CR).ok()?;
    Some(decode(&bytes).expect("the official text decodes"))
});

/// A store holding the 2025 edition, imported once per run.
static STORE: LazyLock<Option<Store>> = LazyLock::new(|| official_cr::imported("bench-store"));

/// Guards the import: decoding is done once, this is the parser alone.
#[divan::bench]
fn parse_2025(bencher: Bencher) {
    let Some(text) = TEXT.as_ref() else { return };
    bencher.bench(|| {
        let cr = parse_english(text).expect("the official text parses");
        assert_eq!(cr.parsed.rules.len(), RULES);
        cr
    });
}

/// Guards `judge define` and everything else that needs the whole edition.
#[divan::bench]
fn load_whole_2025(bencher: Bencher) {
    let Some(store) = STORE.as_ref() else { return };
    bencher.bench(|| {
        let edition = store.load(NAME).expect("the edition loads");
        assert_eq!(edition.rule_count(), RULES);
        edition
    });
}

/// Guards `judge rule`: what showing the rules of one section needs.
#[divan::bench]
fn load_for_lookup_2025(bencher: Bencher) {
    let Some(store) = STORE.as_ref() else { return };
    bencher.bench(|| {
        let edition = store.load_for_lookup(NAME, 614..=614).expect("the edition loads");
        assert!(edition.get(RuleId::parse("614.15").expect("a rule number")).is_some_and(|r| !r.text.is_empty()));
        edition
    });
}
