//! Rule-to-rule alignment of two editions: where each rule of the old edition is in the new one,
//! and what happened to it (unchanged, renumbered, reworded, split, merged, added, removed).
//! `judge diff` lists the changes; `judge rule --in` follows a rule into another edition.
//!
//! The evidence, surest first (`aligner.rs`): the same text under the same number; the same text
//! found once on each side, wherever it moved; then, under parents that correspond, the free
//! siblings aligned in order by similarity (`siblings.rs`), numbered rules before their lettered
//! subrules, which follow their parent; alike texts anywhere (`leftovers.rs`); splits and merges
//! (`groups.rs`). Texts are compared with their typography evened out and the numbers of the
//! rules they cite masked (`normalize.rs`), by word bigrams (`similarity.rs`). The result is the
//! same on every run: every choice is made in rule order, never in the order of a hash map.

mod aligner;
mod alignment;
pub(crate) mod cache;
mod change;
mod changes;
mod groups;
mod leftovers;
mod matching;
mod normalize;
mod siblings;
mod side;
mod similarity;
pub(crate) mod word_diff;

pub use alignment::{Alignment, Counterpart};
pub use cache::{aligned, Origin};
pub use change::{Change, ChangeKind};

use crate::corpus::Edition;
use aligner::Aligner;
use side::Side;

/// Changes whenever the alignment of the same two editions could come out differently, so that
/// a cached alignment of an older `judge` is not reused.
pub const ALGORITHM_VERSION: u32 = 3;

/// Maps every rule of `old` to its counterparts in `new`.
pub fn align(old: &Edition, new: &Edition) -> Alignment {
    let mut aligner = Aligner::new(Side::new(old), Side::new(new));
    aligner.pair_unchanged();
    aligner.pair_unique_texts();
    aligner.align_structure();
    aligner.find_splits_and_merges();
    Alignment::new(old.name().to_string(), new.name().to_string(), aligner.changes())
}

#[cfg(test)]
mod tests;
