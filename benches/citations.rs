//! Benches of citation by content on the 2025 English CR (`../shared/cr`; they measure nothing
//! when it is absent) and on the embedded French corpus: placing every concept of the citation
//! table in an edition from its text, and reading the placement kept in the data directory, as
//! `judge resolve` does after the first time. Target: placing under 200 ms.
//! Run: `cargo bench --bench citations`. Results: docs/PERFORMANCE.md.

mod official_cr;

use divan::Bencher;
use judge::cite::{cached_placement, place, table, Hints, Placed};
use judge::corpus::{embedded_edition, Edition};
use official_cr::NAME;
use std::path::PathBuf;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

static ENGLISH: LazyLock<Option<Edition>> =
    LazyLock::new(|| official_cr::imported("bench-citations-store").map(|store| store.load(NAME).expect("it loads")));

static FRENCH: LazyLock<Edition> = LazyLock::new(|| embedded_edition().0);

/// Every concept must be placed (the 2025 text states them all); checked on every run.
fn check_all_found(edition: &Edition) {
    let placement = place(edition, table(), Hints::Use);
    let found = placement.concepts.values().filter(|p| matches!(p, Placed::Found { .. })).count();
    assert_eq!(found, table().concepts.len());
    divan::black_box(placement);
}

#[divan::bench]
fn place_every_concept_in_the_2025_cr(bencher: Bencher) {
    let Some(edition) = ENGLISH.as_ref() else { return };
    bencher.bench(|| check_all_found(edition));
}

#[divan::bench]
fn place_every_concept_in_the_french_corpus(bencher: Bencher) {
    bencher.bench(|| {
        let placement = place(&FRENCH, table(), Hints::Use);
        assert!(matches!(placement.get("self-replacement"), Some(Placed::Found { .. })));
        placement
    });
}

/// What every `judge resolve` after the first pays: the key (a fingerprint of the edition) and
/// reading the kept placement.
#[divan::bench]
fn read_the_kept_placement_of_the_2025_cr(bencher: Bencher) {
    let Some(edition) = ENGLISH.as_ref() else { return };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-citations-cache");
    let first = cached_placement(Some(&dir), edition);
    bencher.bench(|| {
        let kept = cached_placement(Some(&dir), edition);
        assert_eq!(kept.concepts.len(), first.concepts.len());
        kept
    });
}
