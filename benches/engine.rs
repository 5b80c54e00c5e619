//! Guards the layer engine's speed on large boards: `judge resolve` on 1,000 permanents under 200
//! continuous effects with dependencies must stay under 50 ms; `effects` shows the scaling, and
//! `copy_ring` that of layer 1 (a ring of 600 copy effects well under a second).
//! Run: `cargo bench --bench engine`. Results: docs/PERFORMANCE.md.

use judge::engine;
use judge::model::Board;
use judge::scenario;
use judge::synthetic;

fn main() {
    divan::main();
}

fn board(permanents: usize, effects: usize) -> Board {
    let text = synthetic::scenario(42, permanents, effects);
    scenario::read("synthetic", &text).expect("synthetic scenarios are valid")
}

/// The target: 1,000 permanents, 200 effects.
#[divan::bench(sample_count = 20)]
fn thousand_permanents_two_hundred_effects(bencher: divan::Bencher) {
    let board = board(1000, 200);
    bencher.bench(|| {
        let r = engine::resolve(&board);
        assert_eq!(r.characteristics.len(), 1000);
        r
    });
}

/// Scaling with the number of effects, on twice as many permanents (at least 1,000), since every
/// static ability stands on a permanent of its own. The growth curve: benches/runs/2026-11-27-notebook.md.
#[divan::bench(args = [10, 100, 1000, 2000], sample_count = 5)]
fn effects(bencher: divan::Bencher, effects: usize) {
    let board = board(1000.max(2 * effects), effects);
    bencher.bench(|| {
        let r = engine::resolve(&board);
        assert!(!r.characteristics.is_empty());
        r
    });
}

/// The large end of the curve, one run each: they take seconds to minutes.
#[divan::bench(args = [5000, 10000], sample_count = 1, sample_size = 1)]
fn effects_large(bencher: divan::Bencher, effects: usize) {
    let board = board(2 * effects, effects);
    bencher.bench(|| {
        let r = engine::resolve(&board);
        assert!(!r.characteristics.is_empty());
        r
    });
}

/// A ring of copy effects (`synthetic::copy_ring`): one dependency loop of layer 1, each effect
/// stale again as the one before it applies.
#[divan::bench(args = [100, 300, 600], sample_count = 5)]
fn copy_ring(bencher: divan::Bencher, n: usize) {
    let board = scenario::read("ring", &synthetic::copy_ring(n)).expect("a ring is a valid scenario");
    bencher.bench(|| {
        let r = engine::resolve(&board);
        assert_eq!(r.characteristics.len(), n);
        r
    });
}
