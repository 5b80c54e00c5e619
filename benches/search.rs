//! Benches of ranked search on the 2025 English CR (`../shared/cr`; those benches do nothing when
//! it is absent) and on the embedded French corpus: building an edition's index, opening one
//! already built as `judge search` does, and answering a judge's questions in process.
//! Targets: an index built in under 1 s, a question answered in under 1 ms.
//! Run: `cargo bench --bench search`. Results: docs/PERFORMANCE.md.

mod official_cr;

use divan::Bencher;
use judge::corpus::{embedded_edition, Edition};
use judge::search::{self, BuildReason, Origin, SearchIndex};
use official_cr::{NAME, RULES};
use std::fmt;
use std::path::PathBuf;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

/// The 2025 English edition, imported and loaded whole once per run.
static ENGLISH: LazyLock<Option<Edition>> =
    LazyLock::new(|| official_cr::imported("bench-search-store").map(|store| store.load(NAME).expect("it loads")));

static ENGLISH_INDEX: LazyLock<Option<SearchIndex>> =
    LazyLock::new(|| ENGLISH.as_ref().map(|edition| SearchIndex::in_memory(edition).expect("it indexes")));

static FRENCH: LazyLock<Edition> = LazyLock::new(|| embedded_edition().0);

static FRENCH_INDEX: LazyLock<SearchIndex> =
    LazyLock::new(|| SearchIndex::in_memory(&FRENCH).expect("the embedded edition indexes"));

/// A question as a judge types it, and a rule its first hits must hold.
#[derive(Debug)]
struct Question {
    text: &'static str,
    answer: &'static str,
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

const fn q(text: &'static str, answer: &'static str) -> Question {
    Question { text, answer }
}

/// English questions on the English CR: plain words, a quoted phrase, a typo, a French question.
const ENGLISH_QUESTIONS: &[Question] = &[
    q("replacement effect", "614.15"),
    q("enters the battlefield tapped", "707.5"),
    q("timestamp order layer", "613.7"),
    q("\"state-based actions\"", "704.5"),
    q("commander damage", "903.10a"),
    q("first strike double strike", "702.4b"),
    q("regenration", "701.19c"),
    q("effet de remplacement", "614.7"),
];

/// French questions on the embedded French corpus, and an English one.
const FRENCH_QUESTIONS: &[Question] = &[
    q("effet d'auto-remplacement", "614.14"),
    q("regeneration", "614.8"),
    q("\"arrive sur le champ de bataille\" engagé", "614.1c"),
    q("blessures infligées prévention", "614.7a"),
    q("capacité déclenchée", "112.6i"),
    q("replacement effect enters the battlefield tapped", "614.12"),
];

/// How many hits `judge search` shows by default.
const LIMIT: usize = 10;

fn answer(index: &SearchIndex, question: &Question) -> Vec<judge::search::Hit> {
    let hits = index.search(question.text, LIMIT).expect("the search runs");
    // A hit shows its own rule and the subrules grouped under it.
    let shows = |hit: &judge::search::Hit| {
        hit.id.to_string() == question.answer || hit.subrules.iter().any(|s| s.id.to_string() == question.answer)
    };
    assert!(hits.iter().take(3).any(shows), "{question}: {hits:?}");
    hits
}

/// Guards the first `judge search` on an edition, which builds its index: under 1 s.
#[divan::bench(sample_count = 10)]
fn build_in_memory_2025(bencher: Bencher) {
    let Some(edition) = ENGLISH.as_ref() else { return };
    bencher.bench(|| {
        let index = SearchIndex::in_memory(edition).expect("it indexes");
        assert_eq!(index.rule_count(), RULES as u64);
        index
    });
}

/// The same build as `judge search` does it on first use: written to a new data directory and
/// moved into place. The directories are removed outside the timing.
#[divan::bench(sample_count = 10)]
fn build_on_disk_2025(bencher: Bencher) {
    let Some(edition) = ENGLISH.as_ref() else { return };
    bencher.with_inputs(|| tempfile::tempdir().expect("a temporary directory")).bench_local_values(|data_dir| {
        let index = search::open_or_build(data_dir.path(), edition).expect("it indexes");
        assert_eq!(index.origin(), Origin::Built(BuildReason::FirstUse));
        (index, data_dir)
    });
}

/// Guards every `judge search` after the first: finding the index built for this very edition
/// (its fingerprint), opening and checking it, with the edition already loaded.
#[divan::bench]
fn open_built_2025(bencher: Bencher) {
    let Some(edition) = ENGLISH.as_ref() else { return };
    let data_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-search-data");
    search::open_or_build(&data_dir, edition).expect("it indexes");
    bencher.bench(|| {
        let index = search::open_or_build(&data_dir, edition).expect("it opens");
        assert_eq!(index.origin(), Origin::Reused);
        index
    });
}

/// Guards the part of opening an index that names it: the edition's fingerprint.
#[divan::bench]
fn fingerprint_2025(bencher: Bencher) {
    let Some(edition) = ENGLISH.as_ref() else { return };
    bencher.bench(|| {
        let fingerprint = search::fingerprint(edition);
        assert_eq!(fingerprint.len(), 16);
        fingerprint
    });
}

/// Guards in-process search latency on the whole English CR: under 1 ms a question.
#[divan::bench(args = ENGLISH_QUESTIONS)]
fn search_english_2025(bencher: Bencher, question: &Question) {
    let Some(index) = ENGLISH_INDEX.as_ref() else { return };
    bencher.bench(|| answer(index, question));
}

/// Guards in-process search latency on the embedded French corpus: under 1 ms a question.
#[divan::bench(args = FRENCH_QUESTIONS)]
fn search_french_embedded(bencher: Bencher, question: &Question) {
    let index = &*FRENCH_INDEX;
    bencher.bench(|| answer(index, question));
}
