//! Splits and merges: an old rule whose text is found again in several new rules, or a new rule
//! that gathers the texts of several old ones. Told from a rewording by containment: each part
//! must be mostly made of the whole's words, and together the parts must cover much more of the
//! whole than its closest counterpart alone.

use super::aligner::Aligner;
use super::side::Side;
use super::similarity::Profile;
use crate::corpus::RuleId;
use std::collections::HashMap;

/// A part's bigrams that must be found in the whole.
const PART_CONTAINED: f64 = 0.6;
/// The share of the whole that the parts must cover, with no counterpart of its own.
const COVERED: f64 = 0.6;
/// What the parts must add to the coverage of a counterpart the whole already has.
const COVERAGE_GAIN: f64 = 0.2;

impl Aligner<'_> {
    pub(crate) fn find_splits_and_merges(&mut self) {
        let sections = self.section_map();
        let reverse_sections = {
            let mut map = HashMap::new();
            for (s, t) in sections.iter() {
                // Several old sections can lead to one new section; the smallest number wins,
                // so that the map does not depend on the order of the hash map.
                map.entry(*t).and_modify(|e: &mut RuleId| *e = (*e).min(*s)).or_insert(*s);
            }
            map
        };
        let splits = find_groups(&self.old, &self.new, &mut self.m, &sections);
        self.m.splits = splits;
        let mut swapped = std::mem::replace(&mut self.m, super::matching::Matching::new(0, 0)).swapped();
        let merges = find_groups(&self.new, &self.old, &mut swapped, &reverse_sections);
        swapped.splits = merges;
        self.m = swapped.swapped();
    }
}

/// One rule of `a` to several of `b`: the splits when `a` is the old edition, the merges when it
/// is the new one (with the matching swapped).
fn find_groups(
    a: &Side<'_>,
    b: &Side<'_>,
    m: &mut super::matching::Matching,
    sections: &HashMap<RuleId, RuleId>,
) -> Vec<(usize, Vec<usize>)> {
    let mut groups = Vec::new();
    for x in 0..a.len() {
        if m.old_grouped[x] || a.profiles[x].len() < 2 {
            continue;
        }
        let counterpart = m.old_to_new[x];
        if counterpart.is_some_and(|y| a.keys[x] == b.keys[y]) {
            continue;
        }
        // Where its parts can be: beside its counterpart or below it, or under the counterpart
        // of its parent.
        let mut parents: Vec<RuleId> = Vec::new();
        if let Some(y) = counterpart {
            parents.extend(b.id(y).parent());
            parents.push(b.id(y));
        }
        let parent = a.id(x).parent();
        let parent_there = match parent {
            Some(p) if p.is_section() => sections.get(&p).copied(),
            Some(p) => a.index.get(&p).and_then(|&pi| m.old_to_new[pi]).map(|pj| b.id(pj)),
            None => None,
        };
        parents.extend(parent_there);
        parents.sort();
        parents.dedup();
        let whole = &a.profiles[x];
        let mut parts: Vec<usize> = parents
            .iter()
            .flat_map(|&p| b.children_of(p).iter().copied())
            .filter(|&y| m.new_free(y) && contained(&b.profiles[y], whole))
            .collect();
        parts.sort_unstable();
        parts.dedup();
        if parts.is_empty() {
            continue;
        }
        let union = parts.iter().fold(Profile::default(), |u, &y| u.union(&b.profiles[y]));
        let is_group = match counterpart {
            Some(y) => {
                let before = coverage(whole, &b.profiles[y]);
                coverage(whole, &union.union(&b.profiles[y])) >= before + COVERAGE_GAIN
            }
            None => parts.len() >= 2 && coverage(whole, &union) >= COVERED,
        };
        if !is_group {
            continue;
        }
        m.unpair_old(x);
        m.old_grouped[x] = true;
        parts.extend(counterpart);
        parts.sort_unstable();
        for &y in &parts {
            m.new_grouped[y] = true;
        }
        groups.push((x, parts));
    }
    groups
}

/// Whether most of `part` is found in `whole`.
fn contained(part: &Profile, whole: &Profile) -> bool {
    part.len() >= 2 && part.common(whole) as f64 >= PART_CONTAINED * part.len() as f64
}

/// The share of `whole` found in `parts`.
fn coverage(whole: &Profile, parts: &Profile) -> f64 {
    whole.common(parts) as f64 / whole.len().max(1) as f64
}
