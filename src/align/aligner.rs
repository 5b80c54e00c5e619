//! The alignment's working state and its passes, from the surest evidence to the weakest: the
//! same text under the same number, the same text found once on each side, siblings aligned in
//! order under parents that correspond, alike texts anywhere, then splits and merges.

use super::matching::Matching;
use super::side::Side;
use crate::corpus::RuleId;
use std::collections::{BTreeMap, HashMap};

pub(crate) struct Aligner<'e> {
    pub old: Side<'e>,
    pub new: Side<'e>,
    pub m: Matching,
    /// (old parent rule, new parent rule) → how many of their subrules are paired: evidence that
    /// two rules correspond even when their own texts differ.
    pub parent_votes: HashMap<(usize, usize), u32>,
}

impl<'e> Aligner<'e> {
    pub(crate) fn new(old: Side<'e>, new: Side<'e>) -> Self {
        let m = Matching::new(old.len(), new.len());
        Aligner { old, new, m, parent_votes: HashMap::new() }
    }

    /// Same number, same text: nothing to decide.
    pub(crate) fn pair_unchanged(&mut self) {
        for o in 0..self.old.len() {
            if let Some(&n) = self.new.index.get(&self.old.id(o)) {
                if self.old.keys[o] == self.new.keys[n] {
                    self.m.pair(o, n);
                }
            }
        }
    }

    /// The same text, found once among the free rules of each side, is the same rule wherever it
    /// moved. A text found several times is left to the sibling alignment, which knows where
    /// each copy stands.
    pub(crate) fn pair_unique_texts(&mut self) {
        let mut by_key: BTreeMap<&str, (Vec<usize>, Vec<usize>)> = BTreeMap::new();
        for o in (0..self.old.len()).filter(|&o| self.m.old_free(o)) {
            by_key.entry(&self.old.keys[o]).or_default().0.push(o);
        }
        for n in (0..self.new.len()).filter(|&n| self.m.new_free(n)) {
            if let Some(entry) = by_key.get_mut(self.new.keys[n].as_str()) {
                entry.1.push(n);
            }
        }
        let pairs: Vec<(usize, usize)> = by_key
            .values()
            .filter(|(olds, news)| olds.len() == 1 && news.len() == 1)
            .map(|(olds, news)| (olds[0], news[0]))
            .collect();
        for (o, n) in pairs {
            self.m.pair(o, n);
        }
    }

    pub(crate) fn count_parent_votes(&mut self) {
        let mut votes = HashMap::new();
        for o in 0..self.old.len() {
            let Some(n) = self.m.old_to_new[o] else { continue };
            if let (Some(po), Some(pn)) = (self.old.parent_rule(o), self.new.parent_rule(n)) {
                *votes.entry((po, pn)).or_insert(0) += 1;
            }
        }
        self.parent_votes = votes;
    }

    /// For each old section, the new sections its rules went to, most first, then the section of
    /// the same number: the parents whose numbered rules are aligned as siblings.
    pub(crate) fn section_pairs(&self) -> Vec<(RuleId, RuleId)> {
        let mut votes: BTreeMap<(RuleId, RuleId), u32> = BTreeMap::new();
        for o in 0..self.old.len() {
            if let Some(n) = self.m.old_to_new[o] {
                let key = (RuleId::section_id(self.old.id(o).section()), RuleId::section_id(self.new.id(n).section()));
                *votes.entry(key).or_default() += 1;
            }
        }
        let mut pairs = Vec::new();
        for &s in &self.old.sections {
            let mut targets: Vec<(u32, RuleId)> = votes
                .range((s, RuleId::section_id(0))..)
                .take_while(|((a, _), _)| *a == s)
                .map(|((_, t), v)| (*v, *t))
                .collect();
            targets.sort_by_key(|&(v, t)| (std::cmp::Reverse(v), t != s, t));
            if !targets.iter().any(|&(_, t)| t == s) && self.new.children.contains_key(&s) {
                targets.push((0, s));
            }
            pairs.extend(targets.into_iter().map(|(_, t)| (s, t)));
        }
        pairs
    }

    /// The best section of the new edition for each old section.
    pub(crate) fn section_map(&self) -> HashMap<RuleId, RuleId> {
        let mut map = HashMap::new();
        for (s, t) in self.section_pairs() {
            map.entry(s).or_insert(t);
        }
        map
    }

    /// Aligns the numbered rules of every pair of corresponding sections, then the subrules of
    /// every pair of corresponding rules.
    pub(crate) fn align_structure(&mut self) {
        self.count_parent_votes();
        for (s, t) in self.section_pairs() {
            let olds = self.old.children_of(s).to_vec();
            let news = self.new.children_of(t).to_vec();
            self.align_siblings(&olds, &news);
        }
        self.pair_alike_leftovers(false);
        self.align_subrules();
    }

    pub(crate) fn align_subrules(&mut self) {
        for o in 0..self.old.len() {
            let Some(n) = self.m.old_to_new[o] else { continue };
            if self.old.is_subrule(o) || self.new.is_subrule(n) {
                continue;
            }
            let olds = self.old.children_of(self.old.id(o)).to_vec();
            let news = self.new.children_of(self.new.id(n)).to_vec();
            if !olds.is_empty() && !news.is_empty() {
                self.align_siblings(&olds, &news);
            }
        }
    }
}
