//! The result of aligning two editions, and the lookups on it in both directions.

use super::change::{Change, ChangeKind};
use crate::corpus::RuleId;
use std::collections::BTreeMap;

/// Every rule of an old edition with its counterparts in a new one, and every rule only in the
/// new one: each rule of either edition is in exactly one change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alignment {
    /// The editions' names.
    pub old: String,
    pub new: String,
    changes: Vec<Change>,
    by_old: BTreeMap<RuleId, usize>,
    by_new: BTreeMap<RuleId, usize>,
}

/// Where a rule went (or came from): the kind of change and the rules on the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counterpart<'a> {
    pub kind: ChangeKind,
    /// Empty when the rule was removed (following) or added (looking back).
    pub ids: &'a [RuleId],
    pub change: &'a Change,
}

impl Alignment {
    pub fn new(old: String, new: String, changes: Vec<Change>) -> Self {
        let mut by_old = BTreeMap::new();
        let mut by_new = BTreeMap::new();
        for (i, change) in changes.iter().enumerate() {
            by_old.extend(change.old.iter().map(|&id| (id, i)));
            by_new.extend(change.new.iter().map(|&id| (id, i)));
        }
        Alignment { old, new, changes, by_old, by_new }
    }

    /// The changes in the order of the new edition, a removed rule after the counterpart of the
    /// old rule before it.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// The counterparts in the new edition of a rule of the old one; none when the old edition
    /// has no such rule.
    pub fn follow(&self, id: RuleId) -> Option<Counterpart<'_>> {
        let change = &self.changes[*self.by_old.get(&id)?];
        Some(Counterpart { kind: change.kind, ids: &change.new, change })
    }

    /// The reverse direction: where a rule of the new edition comes from.
    pub fn reverse(&self, id: RuleId) -> Option<Counterpart<'_>> {
        let change = &self.changes[*self.by_new.get(&id)?];
        Some(Counterpart { kind: change.kind, ids: &change.old, change })
    }

    /// How many changes of each kind, in the order of [`ChangeKind::ALL`].
    pub fn counts(&self) -> Vec<(ChangeKind, usize)> {
        self.counts_of(self.changes.iter())
    }

    pub fn counts_of<'a>(&self, changes: impl Iterator<Item = &'a Change>) -> Vec<(ChangeKind, usize)> {
        let mut counts: BTreeMap<ChangeKind, usize> = ChangeKind::ALL.iter().map(|&k| (k, 0)).collect();
        for change in changes {
            *counts.entry(change.kind).or_default() += 1;
        }
        counts.into_iter().collect()
    }
}
