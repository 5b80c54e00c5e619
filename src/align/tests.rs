//! The alignment on small editions built here, one kind of change at a time.

use super::{align, Alignment, ChangeKind};
use crate::corpus::edition::{EditionInfo, Parsed};
use crate::corpus::{Edition, Lang, Rule, RuleId};

fn id(s: &str) -> RuleId {
    RuleId::parse(s).unwrap()
}

fn edition(name: &str, rules: &[(&str, &str)]) -> Edition {
    let mut parsed = Parsed::default();
    parsed.sections.insert(614, "614. Replacement Effects".into());
    for (n, text) in rules {
        let mut rule = Rule { id: id(n), text: text.to_string(), examples: vec![], references: vec![], line: 0 };
        rule.collect_references();
        parsed.rules.insert(rule.id, rule);
    }
    Edition::new(EditionInfo { name: name.into(), lang: Lang::En, date: "2011-02-04".into() }, vec![], parsed)
}

const A: &str = "Replacement effects apply continuously as events happen; they are not locked in ahead of time.";
const B: &str = "Effects that use the word instead are replacement effects that substitute one event for another.";
const C: &str = "Effects that use the word skip are replacement effects that make a step or phase not happen.";
const D: &str = "Some replacement effects modify how a permanent enters the battlefield as it does so.";
const E: &str = "A self-replacement effect is applied before other replacement effects to the same event.";
const NEW: &str = "An effect that modifies how a permanent enters may cause other objects to change zones first.";

/// (kind, old, new) of `old`'s rule `n`.
fn follow(alignment: &Alignment, n: &str) -> (ChangeKind, Vec<String>) {
    let found = alignment.follow(id(n)).unwrap();
    (found.kind, found.ids.iter().map(ToString::to_string).collect())
}

#[test]
fn a_rule_inserted_in_the_middle_renumbers_its_later_siblings() {
    let old = edition("old", &[("614.1", A), ("614.2", B), ("614.3", C), ("614.4", D)]);
    let new = edition("new", &[("614.1", A), ("614.2", NEW), ("614.3", B), ("614.4", C), ("614.5", D)]);
    let a = align(&old, &new);
    assert_eq!(follow(&a, "614.1"), (ChangeKind::Unchanged, vec!["614.1".into()]));
    assert_eq!(follow(&a, "614.2"), (ChangeKind::Renumbered, vec!["614.3".into()]));
    assert_eq!(follow(&a, "614.3"), (ChangeKind::Renumbered, vec!["614.4".into()]));
    assert_eq!(follow(&a, "614.4"), (ChangeKind::Renumbered, vec!["614.5".into()]));
    assert_eq!(a.reverse(id("614.2")).unwrap().kind, ChangeKind::Added);
    assert_eq!(a.reverse(id("614.5")).unwrap().ids, [id("614.4")]);
}

#[test]
fn a_deleted_rule_is_removed_and_the_later_ones_move_up() {
    let old = edition("old", &[("614.1", A), ("614.2", B), ("614.3", C)]);
    let new = edition("new", &[("614.1", A), ("614.2", C)]);
    let a = align(&old, &new);
    assert_eq!(follow(&a, "614.2"), (ChangeKind::Removed, vec![]));
    assert_eq!(follow(&a, "614.3"), (ChangeKind::Renumbered, vec!["614.2".into()]));
}

#[test]
fn a_reworded_rule_keeps_its_place() {
    let reworded = "Replacement effects apply continuously as events happen; they aren't locked in beforehand.";
    let old = edition("old", &[("614.1", A), ("614.2", B)]);
    let new = edition("new", &[("614.1", reworded), ("614.2", B)]);
    let a = align(&old, &new);
    let found = a.follow(id("614.1")).unwrap();
    assert_eq!((found.kind, found.ids), (ChangeKind::Reworded, &[id("614.1")][..]));
    assert!(!found.change.renumbered());
    assert!(found.change.similarity.is_some_and(|s| s > 50 && s < 100), "{:?}", found.change.similarity);
}

#[test]
fn reworded_and_renumbered_is_one_change_of_both() {
    let reworded = "Effects that use the word instead are replacement effects that put one event in place of another.";
    let old = edition("old", &[("614.1", A), ("614.2", B), ("614.3", C)]);
    let new = edition("new", &[("614.1", A), ("614.2", NEW), ("614.3", reworded), ("614.4", C)]);
    let a = align(&old, &new);
    let found = a.follow(id("614.2")).unwrap();
    assert_eq!((found.kind, found.ids), (ChangeKind::Reworded, &[id("614.3")][..]));
    assert!(found.change.renumbered());
    assert_eq!(found.change.label(), "reworded, renumbered");
}

#[test]
fn a_cited_number_that_changed_is_not_a_rewording() {
    let old = edition("old", &[("614.1", A), ("614.2", "See rule 614.3 for the order of effects.")]);
    let new = edition("new", &[("614.1", A), ("614.2", "See rule 614.4 for the order of effects.")]);
    assert_eq!(follow(&align(&old, &new), "614.2").0, ChangeKind::Unchanged);
    let spaced =
        edition("new", &[("614.1", &A.replace(' ', "\n ")), ("614.2", "See rule 614.4 for the order of effects.")]);
    assert_eq!(follow(&align(&old, &spaced), "614.1").0, ChangeKind::Unchanged);
}

#[test]
fn one_rule_split_in_two() {
    let whole = format!("{B} {C}");
    let old = edition("old", &[("614.1", A), ("614.2", &whole), ("614.3", D)]);
    let new = edition("new", &[("614.1", A), ("614.2", B), ("614.3", C), ("614.4", D)]);
    let a = align(&old, &new);
    assert_eq!(follow(&a, "614.2"), (ChangeKind::Split, vec!["614.2".into(), "614.3".into()]));
    assert_eq!(follow(&a, "614.3"), (ChangeKind::Renumbered, vec!["614.4".into()]));
    assert_eq!(a.reverse(id("614.3")).unwrap().ids, [id("614.2")]);
}

#[test]
fn two_rules_merged_in_one() {
    let whole = format!("{B} {C}");
    let old = edition("old", &[("614.1", A), ("614.2", B), ("614.3", C), ("614.4", D)]);
    let new = edition("new", &[("614.1", A), ("614.2", &whole), ("614.3", D)]);
    let a = align(&old, &new);
    assert_eq!(follow(&a, "614.2"), (ChangeKind::Merged, vec!["614.2".into()]));
    assert_eq!(follow(&a, "614.3"), (ChangeKind::Merged, vec!["614.2".into()]));
    assert_eq!(a.reverse(id("614.2")).unwrap().ids, [id("614.2"), id("614.3")]);
    assert_eq!(follow(&a, "614.4"), (ChangeKind::Renumbered, vec!["614.3".into()]));
}

/// A short rule folded into its neighbour by a word or two (613.3d, counters, joined 613.3c as
/// "Effects and counters that modify…"): a merge, not a removal. A neighbour that only shares
/// the added word, but says something else, is not taken in.
#[test]
fn a_rule_folded_into_its_neighbour_with_a_word_is_merged() {
    let modify =
        "Layer 7c: Effects that modify power and/or toughness but don't set them to a specific value are applied.";
    let counters = "Layer 7d: Power and/or toughness changes from counters are applied.";
    let switch = "Layer 7e: Effects that switch a creature's power and toughness are applied.";
    let both =
        "Layer 7c: Effects and counters that modify power and/or toughness but don't set them to a specific value are applied.";
    let old = edition("old", &[("614.1", A), ("614.1a", modify), ("614.1b", counters), ("614.1c", switch)]);
    let new = edition("new", &[("614.1", A), ("614.1a", both), ("614.1b", switch)]);
    let a = align(&old, &new);
    assert_eq!(follow(&a, "614.1a"), (ChangeKind::Merged, vec!["614.1a".into()]));
    assert_eq!(follow(&a, "614.1b"), (ChangeKind::Merged, vec!["614.1a".into()]));
    assert_eq!(follow(&a, "614.1c").1, ["614.1b"]);

    let unrelated = "Counters of any kind placed on a player are not counted here at all, whatever their name.";
    let old = edition("old", &[("614.1", A), ("614.1a", modify), ("614.1b", unrelated), ("614.1c", switch)]);
    let a = align(&old, &new);
    assert_eq!(follow(&a, "614.1a").1, ["614.1a"]);
    assert_ne!(follow(&a, "614.1a").0, ChangeKind::Merged);
    assert_eq!(follow(&a, "614.1b").0, ChangeKind::Removed);
}

#[test]
fn subrules_follow_their_renumbered_parent() {
    let sub_a = "If an effect would have a player draw, that player draws instead from the bottom.";
    let sub_b = "The same is true of an effect that would have a player discard a card.";
    let old = edition("old", &[("614.1", A), ("614.2", B), ("614.2a", sub_a), ("614.2b", sub_b), ("614.3", C)]);
    let new = edition(
        "new",
        &[("614.1", A), ("614.2", NEW), ("614.3", B), ("614.3a", sub_a), ("614.3b", sub_b), ("614.4", C)],
    );
    let a = align(&old, &new);
    assert_eq!(follow(&a, "614.2a"), (ChangeKind::Renumbered, vec!["614.3a".into()]));
    assert_eq!(follow(&a, "614.2b"), (ChangeKind::Renumbered, vec!["614.3b".into()]));
}

#[test]
fn every_rule_is_in_exactly_one_change_and_the_result_is_the_same_every_time() {
    let old = edition("old", &[("614.1", A), ("614.2", B), ("614.2a", E), ("614.3", C), ("614.4", D)]);
    let new = edition("new", &[("614.1", B), ("614.2", NEW), ("614.3", A), ("614.3a", E), ("614.4", D)]);
    let first = align(&old, &new);
    for _ in 0..5 {
        assert_eq!(align(&old, &new), first);
    }
    let olds: usize = first.changes().iter().map(|c| c.old.len()).sum();
    let news: usize = first.changes().iter().map(|c| c.new.len()).sum();
    assert_eq!((olds, news), (old.rule_count(), new.rule_count()));
    let counts: usize = first.counts().iter().map(|(_, n)| n).sum();
    assert_eq!(counts, first.changes().len());
}
