//! The pairs found so far, one rule to one rule, and the groups of a split or a merge.

/// Positions in the old and new [`Side`](super::side::Side)s.
#[derive(Clone, Debug)]
pub(crate) struct Matching {
    pub old_to_new: Vec<Option<usize>>,
    pub new_to_old: Vec<Option<usize>>,
    /// Rules taken into a split or a merge, no longer free to pair.
    pub old_grouped: Vec<bool>,
    pub new_grouped: Vec<bool>,
    /// One old rule and several new ones.
    pub splits: Vec<(usize, Vec<usize>)>,
    /// Several old rules and one new one.
    pub merges: Vec<(Vec<usize>, usize)>,
}

impl Matching {
    pub(crate) fn new(old: usize, new: usize) -> Self {
        Matching {
            old_to_new: vec![None; old],
            new_to_old: vec![None; new],
            old_grouped: vec![false; old],
            new_grouped: vec![false; new],
            splits: Vec::new(),
            merges: Vec::new(),
        }
    }

    pub(crate) fn pair(&mut self, old: usize, new: usize) {
        debug_assert!(self.old_free(old) && self.new_free(new));
        self.old_to_new[old] = Some(new);
        self.new_to_old[new] = Some(old);
    }

    pub(crate) fn unpair_old(&mut self, old: usize) {
        if let Some(new) = self.old_to_new[old].take() {
            self.new_to_old[new] = None;
        }
    }

    pub(crate) fn old_free(&self, old: usize) -> bool {
        self.old_to_new[old].is_none() && !self.old_grouped[old]
    }

    pub(crate) fn new_free(&self, new: usize) -> bool {
        self.new_to_old[new].is_none() && !self.new_grouped[new]
    }

    /// The same matching seen from the new edition: what a merge is to a split.
    pub(crate) fn swapped(self) -> Self {
        Matching {
            old_to_new: self.new_to_old,
            new_to_old: self.old_to_new,
            old_grouped: self.new_grouped,
            new_grouped: self.old_grouped,
            splits: self.merges.into_iter().map(|(olds, new)| (new, olds)).collect(),
            merges: self.splits.into_iter().map(|(old, news)| (news, old)).collect(),
        }
    }
}
