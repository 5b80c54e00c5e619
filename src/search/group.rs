//! Subrules of one rule shown as one hit under it.
//!
//! When several lettered subrules of one rule are among the best hits (702.19b, c, d, f and g all
//! say `trample`), they would fill the first places one after the other and push out everything
//! else, the general rule they belong to included. Instead they make one hit: the rule they
//! belong to, at the place of the best of them, with its best subrules shown under it; the
//! places they leave go to the next hits. A general rule found among the best hits shows its
//! subrules that the search found further down the same way (613.1 with 613.1a, "Layer 1: …"):
//! the judge reads the general rule and where it says what was asked.

use crate::corpus::RuleId;
use std::collections::{BTreeMap, BTreeSet};

/// Among how many of the best hits two subrules of one rule make a group: at least this many,
/// and at least the number of hits asked for.
pub(crate) const WINDOW: usize = 10;
/// How many of its subrules a grouped rule shows: those that have most of what the question
/// searches (its words, and what the cards it names say),
/// and among those the first in the rules' order, the general rule before its special cases
/// (702.19b, how trample assigns damage, before 702.19c–g).
pub(crate) const MAX_SUBRULES: usize = 3;

/// The rule a hit is grouped under: its parent, for a lettered subrule.
fn key(id: RuleId) -> Option<RuleId> {
    id.letter().and_then(|_| id.parent())
}

/// The rules whose subrules make a group among `ranked` (best first) for a search of `limit`
/// hits: two or more of them among the first [`WINDOW`] (or `limit`, if more); or the rule itself
/// among those, and any of its subrules anywhere in `ranked`.
pub(crate) fn grouping_rules(ranked: &[RuleId], limit: usize) -> BTreeSet<RuleId> {
    let best = &ranked[..ranked.len().min(limit.max(WINDOW))];
    let mut counts: BTreeMap<RuleId, usize> = BTreeMap::new();
    for id in best {
        if let Some(parent) = key(*id) {
            *counts.entry(parent).or_default() += 1;
        }
    }
    let mut groups: BTreeSet<RuleId> = counts.into_iter().filter(|(_, n)| *n >= 2).map(|(id, _)| id).collect();
    groups.extend(ranked.iter().filter_map(|id| key(*id)).filter(|parent| best.contains(parent)));
    groups
}

/// One hit to show: a rule found itself, or a rule and its subrules found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    /// The hit at this index of the ranking.
    One(usize),
    /// A rule shown with the subrules at these indexes of the ranking, in the ranking's order
    /// (the caller shows the best [`MAX_SUBRULES`]); `own`: its index in the ranking, when it was
    /// found itself; `best`: the index of the best of them all.
    Group { id: RuleId, own: Option<usize>, subrules: Vec<usize>, best: usize },
}

/// The hits to show, best first, at most `limit`, from `ranked` (best first) and the rules that
/// group their subrules ([`grouping_rules`], those the edition has).
pub(crate) fn shown(ranked: &[RuleId], groups: &BTreeSet<RuleId>, limit: usize) -> Vec<Shown> {
    let mut out: Vec<Shown> = Vec::new();
    for (i, id) in ranked.iter().enumerate() {
        let group = key(*id).filter(|k| groups.contains(k)).or_else(|| groups.contains(id).then_some(*id));
        let Some(group) = group else {
            if out.len() < limit {
                out.push(Shown::One(i));
            }
            continue;
        };
        let existing = out.iter().position(|s| matches!(s, Shown::Group { id, .. } if *id == group));
        let at = match existing {
            Some(at) => at,
            None if out.len() < limit => {
                out.push(Shown::Group { id: group, own: None, subrules: Vec::new(), best: i });
                out.len() - 1
            }
            None => continue,
        };
        if let Shown::Group { own, subrules, .. } = &mut out[at] {
            if *id == group {
                own.get_or_insert(i);
            } else {
                subrules.push(i);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<RuleId> {
        text.split_whitespace().map(|t| RuleId::parse(t).unwrap()).collect()
    }

    #[test]
    fn subrules_of_one_rule_make_one_hit_under_it() {
        let ranked = ids("702.19g 702.19d 702.19c 702.19f 702.19b 510.1c 702.19");
        let groups = grouping_rules(&ranked, 3);
        assert_eq!(groups, ids("702.19").into_iter().collect());
        let shown = shown(&ranked, &groups, 3);
        let trample = RuleId::parse("702.19").unwrap();
        assert_eq!(
            shown,
            [Shown::Group { id: trample, own: Some(6), subrules: vec![0, 1, 2, 3, 4], best: 0 }, Shown::One(5)]
        );
    }

    #[test]
    fn one_subrule_alone_stays_itself() {
        let ranked = ids("613.4c 613.7 702.2b 613.1");
        assert!(grouping_rules(&ranked, 10).is_empty());
        let shown = shown(&ranked, &BTreeSet::new(), 3);
        assert_eq!(shown, [Shown::One(0), Shown::One(1), Shown::One(2)]);
    }

    #[test]
    fn a_rule_found_shows_its_subrules_found_further_down() {
        let mut ranked = ids("613.2 613.1 707.9 613.6");
        ranked.extend(ids("100.1 100.2 100.3 100.4 100.5 100.6 100.7 613.1a 613.5b"));
        let groups = grouping_rules(&ranked, 3);
        let layers = RuleId::parse("613.1").unwrap();
        assert_eq!(groups, [layers].into_iter().collect(), "613.5 was not found itself among the best");
        let shown = shown(&ranked, &groups, 3);
        assert_eq!(
            shown,
            [Shown::One(0), Shown::Group { id: layers, own: Some(1), subrules: vec![11], best: 1 }, Shown::One(2)]
        );
        // A subrule among the best, and its rule only further down, stay themselves.
        let ranked = ids("613.1a 100.1 100.2 100.3 100.4 100.5 100.6 100.7 100.8 100.9 613.1");
        assert!(grouping_rules(&ranked, 3).is_empty());
    }

    #[test]
    fn a_rule_found_before_its_subrules_is_their_group() {
        let ranked = ids("702.2 702.2d 100.1 702.2a 702.2c 702.2b");
        let groups = grouping_rules(&ranked, 10);
        let shown = shown(&ranked, &groups, 2);
        let deathtouch = RuleId::parse("702.2").unwrap();
        assert_eq!(
            shown,
            [Shown::Group { id: deathtouch, own: Some(0), subrules: vec![1, 3, 4, 5], best: 0 }, Shown::One(2)]
        );
    }
}
