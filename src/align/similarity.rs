//! How alike two texts are, word by word: the word bigrams of each (the single word of a
//! one-word text), compared as sets. Dice's coefficient says how alike two texts are;
//! containment says how much of one text is found in another, which is what tells a split or a
//! merge from a rewording.

use super::normalize;

/// The distinct word bigrams of a text, hashed and sorted, so that comparing two is a merge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Profile(Vec<u64>);

/// The distinct words of a text, a plural `s` dropped: a looser likeness, for two rules that
/// stand in the same place and say the same thing in other words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Words(Profile);

impl Words {
    pub(crate) fn of(masked: &str) -> Self {
        let mut hashes: Vec<u64> = normalize::words(masked)
            .map(|w| {
                let stem = if w.len() > 3 { w.strip_suffix('s').unwrap_or(&w) } else { &w };
                fnv(stem.as_bytes())
            })
            .collect();
        hashes.sort_unstable();
        hashes.dedup();
        Words(Profile(hashes))
    }

    pub(crate) fn dice(&self, other: &Words) -> f64 {
        self.0.dice(&other.0)
    }
}

impl Profile {
    pub(crate) fn of(masked: &str) -> Self {
        let hashes: Vec<u64> = normalize::words(masked).map(|w| fnv(w.as_bytes())).collect();
        let mut grams: Vec<u64> = if hashes.len() < 2 {
            hashes
        } else {
            // Mixed so that "a b" and "b a" differ.
            hashes.windows(2).map(|w| w[0].rotate_left(17) ^ w[1].wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect()
        };
        grams.sort_unstable();
        grams.dedup();
        Profile(grams)
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn common(&self, other: &Profile) -> usize {
        let (mut i, mut j, mut n) = (0, 0, 0);
        while i < self.0.len() && j < other.0.len() {
            match self.0[i].cmp(&other.0[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    n += 1;
                    i += 1;
                    j += 1;
                }
            }
        }
        n
    }

    /// Dice's coefficient: 1 for the same bigrams, 0 for none in common.
    pub(crate) fn dice(&self, other: &Profile) -> f64 {
        let total = self.len() + other.len();
        if total == 0 {
            return 1.0;
        }
        2.0 * self.common(other) as f64 / total as f64
    }

    /// The bigrams of both, for the coverage of a text by several others.
    pub(crate) fn union(&self, other: &Profile) -> Profile {
        let mut all = self.0.clone();
        all.extend_from_slice(&other.0);
        all.sort_unstable();
        all.dedup();
        Profile(all)
    }

    /// The bigrams, for an inverted index.
    pub(crate) fn grams(&self) -> &[u64] {
        &self.0
    }
}

/// FNV-1a: fixed by its definition, so the alignment is the same on every run and platform.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_of_texts() {
        let a = Profile::of("the quick brown fox jumps");
        assert_eq!(a.len(), 4);
        assert!((a.dice(&a) - 1.0).abs() < 1e-9);
        let b = Profile::of("the quick red fox jumps");
        assert!((a.dice(&b) - 0.5).abs() < 1e-9);
        assert_eq!(a.dice(&Profile::of("nothing alike here")), 0.0);
        assert_eq!(Profile::of("Deathtouch").len(), 1);
        assert!((Words::of("counters on it").dice(&Words::of("a counter on it")) - 6.0 / 7.0).abs() < 1e-9);
    }
}
