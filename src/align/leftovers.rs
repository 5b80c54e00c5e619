//! Numbered rules still free after the sibling alignment, paired across the whole edition when
//! their texts are very alike: a rule that moved to another section and was reworded on the way.

use super::aligner::Aligner;
use std::cmp::Reverse;
use std::collections::HashMap;

/// Far from its old place a rule must be much alike to be taken for the same rule: templated
/// texts (keyword abilities) are alike without being the same rule.
const MIN_PER_MILLE: u32 = 750;

impl Aligner<'_> {
    pub(crate) fn pair_alike_leftovers(&mut self, subrules: bool) {
        let wanted = |is_subrule: bool| is_subrule == subrules;
        let mut postings: HashMap<u64, Vec<usize>> = HashMap::new();
        for n in (0..self.new.len()).filter(|&n| self.m.new_free(n) && wanted(self.new.is_subrule(n))) {
            for &g in self.new.profiles[n].grams() {
                postings.entry(g).or_default().push(n);
            }
        }
        let mut candidates: Vec<(Reverse<u32>, usize, usize)> = Vec::new();
        for o in (0..self.old.len()).filter(|&o| self.m.old_free(o) && wanted(self.old.is_subrule(o))) {
            let mut shared: HashMap<usize, usize> = HashMap::new();
            for g in self.old.profiles[o].grams() {
                for &n in postings.get(g).map_or(&[][..], Vec::as_slice) {
                    *shared.entry(n).or_default() += 1;
                }
            }
            let size = self.old.profiles[o].len();
            for (n, common) in shared {
                let total = size + self.new.profiles[n].len();
                let per_mille = (2000 * common / total.max(1)) as u32;
                if per_mille >= MIN_PER_MILLE {
                    candidates.push((Reverse(per_mille), o, n));
                }
            }
        }
        // Best first, ties by position: the same pairs on every run whatever the hash order.
        candidates.sort_unstable();
        for (_, o, n) in candidates {
            if self.m.old_free(o) && self.m.new_free(n) {
                self.m.pair(o, n);
            }
        }
    }
}
