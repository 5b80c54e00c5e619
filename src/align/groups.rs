//! Splits and merges: an old rule whose text is found again in several new rules, or a new rule
//! that gathers the texts of several old ones. Told from a rewording by containment: each part
//! must be mostly made of the whole's words, and together the parts must cover much more of the
//! whole than its closest counterpart alone.

use super::aligner::Aligner;
use super::normalize;
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
/// A rule folded into its neighbour: at most this many words gained, on a text at least this
/// alike to the neighbour's old text.
const MAX_ABSORBED_WORDS: usize = 2;
const ABSORBED_ALIKE: f64 = 0.85;

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
        let union = parts.iter().fold(Profile::default(), |u, &y| u.union(&b.profiles[y]));
        let is_group = !parts.is_empty()
            && match counterpart {
                Some(y) => {
                    let before = coverage(whole, &b.profiles[y]);
                    coverage(whole, &union.union(&b.profiles[y])) >= before + COVERAGE_GAIN
                }
                None => parts.len() >= 2 && coverage(whole, &union) >= COVERED,
            };
        // Failing that, a neighbour of the counterpart may hold the few words it gained.
        let parts = match (is_group, counterpart) {
            (true, _) => parts,
            (false, Some(y)) => match absorbed(a, b, m, x, y) {
                Some(part) => vec![part],
                None => continue,
            },
            (false, None) => continue,
        };
        m.unpair_old(x);
        m.old_grouped[x] = true;
        let mut parts = parts;
        parts.extend(counterpart);
        parts.sort_unstable();
        for &y in &parts {
            m.new_grouped[y] = true;
        }
        groups.push((x, parts));
    }
    groups
}

/// A rule folded into its neighbour with a few words: old 613.3d ("changes from counters are
/// applied") merged into 613.4c, whose only addition to old 613.3c is "and counters". Too few
/// words for the bigram coverage above, so told by the words themselves: every content word the
/// whole `x` has and its counterpart `y` lacks is in a free rule beside `y`, most of whose own
/// words are in the whole: that rule is the part.
fn absorbed(a: &Side<'_>, b: &Side<'_>, m: &super::matching::Matching, x: usize, y: usize) -> Option<usize> {
    let content = |key: &str| -> Vec<String> {
        let mut words: Vec<String> = normalize::words(key)
            .filter(|w| w.len() >= 4 && !w.starts_with(|c: char| c.is_ascii_digit()))
            .map(|w| if w.len() > 4 { w.strip_suffix('s').map_or(w.clone(), str::to_string) } else { w })
            .collect();
        words.sort();
        words.dedup();
        words
    };
    let counterpart = content(&b.keys[y]);
    let gained: Vec<String> = content(&a.keys[x]).into_iter().filter(|w| !counterpart.contains(w)).collect();
    // Only the whole's counterpart plus a word or two: otherwise it is a rewording, or the pair
    // itself is doubtful, and a neighbour sharing some words proves nothing.
    if gained.is_empty() || gained.len() > MAX_ABSORBED_WORDS || a.profiles[x].dice(&b.profiles[y]) < ABSORBED_ALIKE {
        return None;
    }
    let id = b.id(y);
    let beside =
        [id.next_sibling(), b.children_of(id.parent()?).iter().map(|&i| b.id(i)).take_while(|&s| s < id).last()];
    let whole = content(&a.keys[x]);
    beside.into_iter().flatten().filter_map(|s| b.index.get(&s).copied()).find(|&part| {
        let words = content(&b.keys[part]);
        // The part says what the whole now says: most of its words are there too.
        let kept = words.iter().filter(|w| whole.contains(w)).count();
        m.new_free(part)
            && gained.iter().all(|w| words.contains(w))
            && kept as f64 >= PART_CONTAINED * words.len() as f64
    })
}

/// Whether most of `part` is found in `whole`.
fn contained(part: &Profile, whole: &Profile) -> bool {
    part.len() >= 2 && part.common(whole) as f64 >= PART_CONTAINED * part.len() as f64
}

/// The share of `whole` found in `parts`.
fn coverage(whole: &Profile, parts: &Profile) -> f64 {
    whole.common(parts) as f64 / whole.len().max(1) as f64
}
