//! Properties of `ask.can` on random boards: who can block an attacker with evasion abilities
//! (702.9b flying and reach, 702.36b fear, 702.13b intimidate, 702.28b shadow, 702.16f
//! protection, 509.1a tapped creatures), and what a spell can target (702.18a shroud, 702.11b
//! hexproof, 702.16b protection), each answer against the rules written out again here, and the
//! order of the file changing none of them.

use crate::support;
use judge::model::Board;
use proptest::prelude::*;

const COLORS: [&str; 5] = ["white", "blue", "black", "red", "green"];

fn board(text: &str) -> Board {
    match judge::scenario::read("generated.yaml", text) {
        Ok(board) => board,
        Err(e) => panic!("the generator wrote an invalid scenario: {:?}\n{text}", miette::Report::new(e)),
    }
}

/// Each question's answer, in the order the file asks them.
fn answers(text: &str) -> Vec<bool> {
    let judgement = judge::engine::judge(&board(text)).expect("within the limits");
    judgement.legality.iter().map(|v| v.can).collect()
}

/// A creature as the generator draws it: its colour (an index into `COLORS`, or none), whether
/// it is an artifact, whether it is tapped, and its keywords.
#[derive(Debug, Clone)]
struct Creature {
    color: Option<usize>,
    artifact: bool,
    tapped: bool,
    keywords: Vec<&'static str>,
}

impl Creature {
    fn has(&self, keyword: &str) -> bool {
        self.keywords.contains(&keyword)
    }

    fn protected_from(&self, color: Option<usize>) -> bool {
        color.is_some_and(|c| self.keywords.iter().any(|k| *k == format!("protection from {}", COLORS[c])))
    }

    fn yaml(&self, id: &str, owner: &str) -> String {
        let types = if self.artifact { "[artifact, creature]" } else { "[creature]" };
        let colors = self.color.map_or(String::new(), |c| COLORS[c].to_string());
        format!(
            "  - {{id: {id}, name: {id}, owner: {owner}, types: {types}, colors: [{colors}], power: 2, toughness: 2, tapped: {}, abilities: [{}]}}\n",
            self.tapped,
            self.keywords.join(", ")
        )
    }
}

fn creature(keywords: Vec<&'static str>) -> impl Strategy<Value = Creature> {
    let protections: Vec<&'static str> = vec![
        "protection from white",
        "protection from blue",
        "protection from black",
        "protection from red",
        "protection from green",
    ];
    (
        prop::option::of(0usize..5),
        any::<bool>(),
        prop::bool::weighted(0.2),
        prop::sample::subsequence(keywords, 0..=3),
        prop::option::weighted(0.3, prop::sample::select(protections)),
    )
        .prop_map(|(color, artifact, tapped, mut keywords, protection)| {
            keywords.extend(protection);
            Creature { color, artifact, tapped, keywords }
        })
}

/// Whether `blocker` can block `attacker` alone, by the rules as printed.
fn can_block(attacker: &Creature, blocker: &Creature) -> bool {
    let black = blocker.color == Some(2);
    let shares_a_color = attacker.color.is_some() && attacker.color == blocker.color;
    !blocker.tapped
        && (!attacker.has("flying") || blocker.has("flying") || blocker.has("reach"))
        && (!attacker.has("fear") || blocker.artifact || black)
        && (!attacker.has("intimidate") || blocker.artifact || shares_a_color)
        && attacker.has("shadow") == blocker.has("shadow")
        && !attacker.protected_from(blocker.color)
}

fn blocks_board(attacker: &Creature, blockers: &[Creature]) -> String {
    let mut text =
        String::from("title: blocks\nplayers:\n  - {name: Alice, active: true}\n  - {name: Bob}\nobjects:\n");
    text.push_str(&attacker.yaml("attacker", "Alice"));
    for (i, b) in blockers.iter().enumerate() {
        text.push_str(&b.yaml(&format!("blocker-{i}"), "Bob"));
    }
    text.push_str("ask:\n  can:\n");
    for i in 0..blockers.len() {
        text.push_str(&format!("    - {{block: attacker, by: blocker-{i}}}\n"));
    }
    text
}

/// A spell as the generator draws it: its colour, and whether Bob (the target's controller)
/// casts it.
#[derive(Debug, Clone)]
struct Spell {
    color: Option<usize>,
    ours: bool,
}

/// Whether the spell can target `creature`, Bob's, by the rules as printed.
fn can_target(creature: &Creature, spell: &Spell) -> bool {
    !creature.has("shroud") && (spell.ours || !creature.has("hexproof")) && !creature.protected_from(spell.color)
}

fn targets_board(creature: &Creature, spells: &[Spell]) -> String {
    let mut text =
        String::from("title: targets\nplayers:\n  - {name: Alice, active: true}\n  - {name: Bob}\nobjects:\n");
    text.push_str(&creature.yaml("target", "Bob"));
    for (i, s) in spells.iter().enumerate() {
        let colors = s.color.map_or(String::new(), |c| COLORS[c].to_string());
        let owner = if s.ours { "Bob" } else { "Alice" };
        text.push_str(&format!("  - {{id: spell-{i}, name: Spell {i}, owner: {owner}, zone: stack, types: [instant], colors: [{colors}]}}\n"));
    }
    text.push_str("ask:\n  can:\n");
    for i in 0..spells.len() {
        text.push_str(&format!("    - {{target: target, by: spell-{i}, as: {{types: [creature]}}}}\n"));
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn blockers_are_allowed_exactly_as_the_evasion_rules_say(
        attacker in creature(vec!["flying", "fear", "intimidate", "shadow"]),
        blockers in prop::collection::vec(creature(vec!["flying", "reach", "shadow"]), 1..5),
        order in any::<u64>(),
    ) {
        let text = blocks_board(&attacker, &blockers);
        let want: Vec<bool> = blockers.iter().map(|b| can_block(&attacker, b)).collect();
        prop_assert_eq!(answers(&text), want, "{}", text);
        let shuffled = support::shuffled(&text, order);
        prop_assert_eq!(answers(&text), answers(&shuffled), "{}\n---\n{}", text, shuffled);
    }

    #[test]
    fn targets_are_allowed_exactly_as_shroud_hexproof_and_protection_say(
        creature in creature(vec!["shroud", "hexproof", "flying"]),
        spells in prop::collection::vec((prop::option::of(0usize..5), any::<bool>()).prop_map(|(color, ours)| Spell { color, ours }), 1..5),
        order in any::<u64>(),
    ) {
        let text = targets_board(&creature, &spells);
        let want: Vec<bool> = spells.iter().map(|s| can_target(&creature, s)).collect();
        prop_assert_eq!(answers(&text), want, "{}", text);
        let shuffled = support::shuffled(&text, order);
        prop_assert_eq!(answers(&text), answers(&shuffled), "{}\n---\n{}", text, shuffled);
    }
}
