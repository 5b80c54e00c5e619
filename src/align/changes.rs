//! From the pairs and groups found to the list of changes, in the order of the new edition.

use super::aligner::Aligner;
use super::change::{Change, ChangeKind};
use super::similarity::Profile;
use crate::corpus::RuleId;

impl Aligner<'_> {
    pub(crate) fn changes(&self) -> Vec<Change> {
        let mut changes: Vec<Change> = Vec::new();
        for o in 0..self.old.len() {
            if self.m.old_grouped[o] {
                continue;
            }
            let change = match self.m.old_to_new[o] {
                Some(n) => {
                    let same_text = self.old.keys[o] == self.new.keys[n];
                    let kind = match (same_text, self.old.id(o) == self.new.id(n)) {
                        (true, true) => ChangeKind::Unchanged,
                        (true, false) => ChangeKind::Renumbered,
                        (false, _) => ChangeKind::Reworded,
                    };
                    let similarity = (!same_text).then(|| percent(self.old.profiles[o].dice(&self.new.profiles[n])));
                    Change { kind, old: vec![self.old.id(o)], new: vec![self.new.id(n)], similarity }
                }
                None => Change { kind: ChangeKind::Removed, old: vec![self.old.id(o)], new: vec![], similarity: None },
            };
            changes.push(change);
        }
        for (o, news) in &self.m.splits {
            let union = news.iter().fold(Profile::default(), |u, &n| u.union(&self.new.profiles[n]));
            changes.push(Change {
                kind: ChangeKind::Split,
                old: vec![self.old.id(*o)],
                new: news.iter().map(|&n| self.new.id(n)).collect(),
                similarity: Some(percent(self.old.profiles[*o].dice(&union))),
            });
        }
        for (olds, n) in &self.m.merges {
            let union = olds.iter().fold(Profile::default(), |u, &o| u.union(&self.old.profiles[o]));
            changes.push(Change {
                kind: ChangeKind::Merged,
                old: olds.iter().map(|&o| self.old.id(o)).collect(),
                new: vec![self.new.id(*n)],
                similarity: Some(percent(union.dice(&self.new.profiles[*n]))),
            });
        }
        for n in 0..self.new.len() {
            if self.m.new_free(n) {
                changes.push(Change {
                    kind: ChangeKind::Added,
                    old: vec![],
                    new: vec![self.new.id(n)],
                    similarity: None,
                });
            }
        }
        self.sort(&mut changes);
        changes
    }

    /// In the order of the new edition; a removed rule goes after the counterpart of the nearest
    /// old rule before it that has one, so that it shows where it used to be.
    fn sort(&self, changes: &mut [Change]) {
        let mut last_counterpart: Vec<Option<RuleId>> = Vec::with_capacity(self.old.len());
        let mut last = None;
        for o in 0..self.old.len() {
            let here = self.m.old_to_new[o].map(|n| self.new.id(n)).or_else(|| {
                self.m.splits.iter().find(|(x, _)| *x == o).and_then(|(_, news)| news.last().map(|&n| self.new.id(n)))
            });
            last = here.or(last);
            last_counterpart.push(last);
        }
        let key = |change: &Change| -> (RuleId, u8, RuleId) {
            match (change.new.first(), change.old.first()) {
                (Some(&n), old) => (n, 0, old.copied().unwrap_or(n)),
                (None, Some(&o)) => {
                    let anchor = self.old.index.get(&o).and_then(|&i| last_counterpart[i]);
                    (anchor.unwrap_or(RuleId::section_id(0)), 1, o)
                }
                (None, None) => (RuleId::section_id(0), 2, RuleId::section_id(0)),
            }
        };
        changes.sort_by_key(key);
    }
}

fn percent(x: f64) -> u8 {
    (x * 100.0).round().clamp(0.0, 100.0) as u8
}
