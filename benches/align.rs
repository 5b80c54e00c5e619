//! Benches of the rule-to-rule alignment (`judge diff`, `judge rule --in`) on the official
//! English CR (`../shared/cr`; they do nothing when it is absent): a release after the previous
//! one (2025-11-14 → 2026-02-27), fifteen years of changes (2011-02-04 → 2025-11-14), and the
//! cached alignment read back. Target: under 200 ms for two whole editions, uncached.
//! Run: `cargo bench --bench align`. Results: docs/PERFORMANCE.md.

use divan::Bencher;
use judge::align::{align, aligned, ChangeKind, Origin};
use judge::corpus::Edition;
use judge::corpus::Store;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

fn main() {
    divan::main();
}

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/cr");

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-align-store")
}

/// The editions of 2011-02-04, 2025-11-14 and 2026-02-27, imported once per run; none without
/// the official texts.
static EDITIONS: LazyLock<Option<Vec<Edition>>> = LazyLock::new(|| {
    let files = ["MagicCompRules_20110204.txt", "MagicCompRules_20251114.txt", "MagicCompRules_20260227.txt"];
    if !files.iter().all(|f| Path::new(SHARED).join(f).exists()) {
        eprintln!("note: the official texts are absent from `{SHARED}`; the benches measure nothing");
        return None;
    }
    let store = Store::new(data_dir());
    Some(
        files
            .iter()
            .map(|f| {
                let imported = store.import(&Path::new(SHARED).join(f), None).expect("the official text imports");
                store.load(&imported.info.name).expect("it loads")
            })
            .collect(),
    )
});

fn renumbered(alignment: &judge::align::Alignment) -> usize {
    alignment.changes().iter().filter(|c| c.kind == ChangeKind::Renumbered).count()
}

/// Guards the alignment of one release to the next: the six renumbered rules of 2026-02-27
/// (506.3d–f, 702.124m–p).
#[divan::bench]
fn release_2025_11_14_to_2026_02_27(bencher: Bencher) {
    let Some(e) = EDITIONS.as_ref() else { return };
    bencher.bench(|| assert_eq!(renumbered(&align(&e[1], &e[2])), 6));
}

/// Guards the alignment across fifteen years, the hardest case: 546 rules renumbered.
#[divan::bench]
fn fifteen_years_2011_02_04_to_2025_11_14(bencher: Bencher) {
    let Some(e) = EDITIONS.as_ref() else { return };
    bencher.bench(|| assert_eq!(renumbered(&align(&e[0], &e[1])), 546));
}

/// Guards the cache: the fifteen-year alignment read back, fingerprints of both editions
/// included, as `judge diff` does from the second time on.
#[divan::bench]
fn cached_2011_02_04_to_2025_11_14(bencher: Bencher) {
    let Some(e) = EDITIONS.as_ref() else { return };
    let dir = data_dir();
    aligned(Some(&dir), &e[0], &e[1]);
    bencher.bench(|| {
        let (alignment, origin) = aligned(Some(&dir), &e[0], &e[1]);
        assert_eq!((origin, renumbered(&alignment)), (Origin::Cached, 546));
    });
}
