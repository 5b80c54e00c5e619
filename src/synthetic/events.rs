//! Synthetic scenario files with pending events and replacement effects (614–616), for the
//! replacement benchmark and the property tests: one damage event under k effects whose order
//! matters, Pyroclasm-like boards of many simultaneous events, and small random boards drawing on
//! every kind of replacement, prevention and "can't" effect, payments of life among them. Deterministic for a given seed.

use crate::rng::Rng;
use std::fmt::Write;

/// The effects of `one_event`, in the order they are added: doublers, adders, static prevention
/// and shields, so that most orders give different damage and different shields left. (id, what
/// it does to the damage.)
pub const DAMAGE_EFFECTS: [(&str, &str); 12] = [
    ("double", "multiply: 2"),
    ("plus-one", "add: 1"),
    ("shield-three", "shield: 3"),
    ("prevent-one", "prevent: 1"),
    ("double-again", "multiply: 2"),
    ("plus-two", "add: 2"),
    ("prevent-two", "prevent: 2"),
    ("triple", "multiply: 3"),
    ("plus-one-again", "add: 1"),
    ("shield-two", "shield: 2"),
    ("plus-three", "add: 3"),
    ("shield-four", "shield: 4"),
];

/// Most effects `one_event` can put on its event.
pub const MAX_DAMAGE_EFFECTS: usize = DAMAGE_EFFECTS.len();

/// Lava Axe deals 5 damage to Bob under the first `k` effects of `DAMAGE_EFFECTS` (at most 12),
/// all applying to it, Bob choosing their order (616.1).
pub fn one_event(k: usize) -> String {
    let mut out = String::from(
        "title: one damage event under many replacement effects\nplayers:\n  - {name: Alice, active: true}\n  - {name: Bob}\nobjects:\n  - {id: axe, name: Lava Axe, owner: Alice, zone: stack, types: [sorcery]}\n",
    );
    if k > 0 {
        out.push_str("effects:\n");
    }
    for (i, (id, action)) in DAMAGE_EFFECTS.iter().take(k).enumerate() {
        let _ = writeln!(
            out,
            "  - {{id: {id}, text: {id}, controller: Bob, timestamp: {}, effect: {{replacement: {{event: damage, {action}}}}}}}",
            10 + i
        );
    }
    out.push_str("events:\n  - damage: {from: axe, to: Bob, amount: 5}\n");
    out
}

/// Pyroclasm deals 2 damage to each of `creatures` creatures at once, each event under the same
/// three effects from three permanents. With `commuting`, the effects multiply (×2, ×2, ×3), so each
/// event has six orders and one result; otherwise they are ×2, +1 and "prevent 1", whose orders
/// give 3, 4 or 5 damage, so the outcomes of the whole are 3^creatures.
pub fn pyroclasm(creatures: usize, commuting: bool) -> String {
    let actions =
        if commuting { ["multiply: 2", "multiply: 2", "multiply: 3"] } else { ["multiply: 2", "add: 1", "prevent: 1"] };
    let mut out = String::from(
        "title: Pyroclasm under three replacement effects\nplayers:\n  - {name: Alice, active: true}\n  - {name: Bob}\nobjects:\n  - {id: pyroclasm, name: Pyroclasm, owner: Alice, zone: stack, types: [sorcery], timestamp: 1}\n",
    );
    for (i, action) in actions.iter().enumerate() {
        let _ = writeln!(
            out,
            "  - {{id: e{i}, name: Effect {i}, owner: Alice, types: [enchantment], timestamp: {}, abilities: [{{id: a{i}, text: effect {i}, effect: {{replacement: {{event: damage, object: {{types: [creature]}}, {action}}}}}}}]}}",
            2 + i
        );
    }
    for i in 0..creatures {
        let _ = writeln!(
            out,
            "  - {{id: c{i}, name: Creature {i}, owner: Bob, types: [creature], power: 2, toughness: 3, timestamp: {}}}",
            10 + i
        );
    }
    // One spell's damage to each creature: simultaneous events (615.7), unless there is only one.
    out.push_str(if creatures > 1 { "events:\n  - at_once:\n" } else { "events:\n" });
    let indent = if creatures > 1 { "      " } else { "  " };
    for i in 0..creatures {
        let _ = writeln!(out, "{indent}- damage: {{from: pyroclasm, to: c{i}, amount: 2}}");
    }
    out
}

const PLAYERS: [&str; 4] = ["Alice", "Bob", "Carol", "Dan"];

/// A small random board: 1–4 players, 1–3 creatures, a spell on the stack, 1–3 pending events
/// (damage, counters, draws, life gain, destruction, a move to the graveyard), some of them at
/// once, and 0–7 effects
/// drawn from every kind: multiply, add, prevent all or N, shields, "the next time", redirection,
/// another zone, regeneration, skip, instead, can't and the spell's self-replacement effects.
/// Most effects watch a kind of event that is pending, so that most boards have choices to make.
/// Sometimes a `choose` entry fixes one choice. Numbers stay small so that every outcome can be
/// listed quickly.
pub fn random(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let players = &PLAYERS[..1 + rng.below(4)];
    let creatures = 1 + rng.below(3);
    let events: Vec<(&str, String)> = (0..1 + rng.below(3)).map(|_| event(&mut rng, players, creatures)).collect();
    let mut out = String::from("title: random events\nplayers:\n");
    for (i, p) in players.iter().enumerate() {
        let active = if i == 0 { ", active: true" } else { "" };
        // A life total, some of the time: payments of life can then be refused (119.4).
        let life = if rng.below(2) == 0 { format!(", life: {}", 1 + rng.below(4)) } else { String::new() };
        let _ = writeln!(out, "  - {{name: {p}{active}{life}}}");
    }
    out.push_str("objects:\n  - {id: spell, name: Spell, owner: Alice, zone: stack, types: [sorcery], timestamp: 1}\n");
    // Mostly two or more effects, so that there is something to choose.
    let effects = if rng.below(4) == 0 { rng.below(8) } else { 2 + rng.below(6) };
    // Some effects are static abilities of the creatures (`self` then means that creature).
    let mut statics: Vec<Vec<String>> = vec![Vec::new(); creatures];
    let mut resolved: Vec<String> = Vec::new();
    for j in 0..effects {
        let kind = if rng.below(4) == 0 { *rng.pick(&KINDS) } else { rng.pick(&events).0 };
        let on = rng.below(creatures + 2);
        let static_on = (on < creatures).then_some(on);
        let (body, self_replacement) = replacement(&mut rng, kind, players, creatures, static_on);
        if self_replacement {
            let controller = rng.pick(players);
            resolved.push(format!(
                "  - {{id: r{j}, text: effect {j}, source: spell, controller: {controller}, timestamp: {}, effect: {{replacement: {{{body}}}}}}}",
                100 + j
            ));
        } else if let Some(c) = static_on {
            statics[c].push(format!("{{id: r{j}, text: effect {j}, effect: {{replacement: {{{body}}}}}}}"));
        } else {
            let controller = rng.pick(players);
            resolved.push(format!(
                "  - {{id: r{j}, text: effect {j}, controller: {controller}, timestamp: {}, effect: {{replacement: {{{body}}}}}}}",
                100 + j
            ));
        }
    }
    for (c, abilities) in statics.iter().enumerate() {
        let owner = rng.pick(players);
        let (p, t) = (1 + rng.below(4), 1 + rng.below(4));
        let _ = writeln!(
            out,
            "  - {{id: c{c}, name: Creature {c}, owner: {owner}, types: [creature], power: {p}, toughness: {t}, timestamp: {}, abilities: [{}]}}",
            2 + c,
            abilities.join(", ")
        );
    }
    // A land in a hand, for the `enter` events.
    out.push_str("  - {id: land, name: Land, owner: Alice, zone: hand, types: [land], timestamp: 50}\n");
    if !resolved.is_empty() {
        out.push_str("effects:\n");
        for line in &resolved {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("events:\n");
    // Half the time, two or more events happen at once (one spell's damage to several things).
    let at_once = if events.len() > 1 && rng.below(2) == 0 { 2 + rng.below(events.len() - 1) } else { 0 };
    if at_once > 0 {
        out.push_str("  - at_once:\n");
    }
    for (i, (_, event)) in events.iter().enumerate() {
        let indent = if i < at_once { "      " } else { "  " };
        let _ = writeln!(out, "{indent}- {event}");
    }
    if effects > 0 && rng.below(5) == 0 {
        let _ = writeln!(out, "choose: [r{}]", rng.below(effects));
    }
    out
}

/// The kinds of event `random` makes, as effects name what they watch.
const KINDS: [&str; 7] = ["damage", "counters", "draw", "gain_life", "destroy", "move", "enter"];

/// One pending event: the kind of event effects watch to see it, and the event.
fn event(rng: &mut Rng, players: &[&str], creatures: usize) -> (&'static str, String) {
    let creature = format!("c{}", rng.below(creatures));
    let player = *rng.pick(players);
    let by = if rng.below(2) == 0 { ", by: spell" } else { "" };
    match rng.below(9) {
        8 => ("enter", "enter: {object: land}".to_string()),
        0 | 1 => {
            let to = if rng.below(2) == 0 { creature } else { player.to_string() };
            ("damage", format!("damage: {{from: spell, to: {to}, amount: {}}}", 1 + rng.below(4)))
        }
        2 => ("counters", format!("counters: {{on: {creature}, kind: \"+1/+1\", count: {}{by}}}", 1 + rng.below(2))),
        3 => ("draw", format!("draw: {{player: {player}, cards: {}{by}}}", 1 + rng.below(2))),
        4 => ("gain_life", format!("gain_life: {{player: {player}, amount: {}{by}}}", 1 + rng.below(3))),
        5 | 6 => ("destroy", format!("destroy: {{object: {creature}{by}}}")),
        _ => ("move", format!("move: {{object: {creature}, to: graveyard{by}}}")),
    }
}

/// One replacement effect's body (inside `replacement: {…}`) watching `kind`, and whether it is
/// the spell's self-replacement effect (614.15), which needs the spell as its source.
fn replacement(
    rng: &mut Rng,
    kind: &'static str,
    players: &[&str],
    creatures: usize,
    static_on: Option<usize>,
) -> (String, bool) {
    let player = *rng.pick(players);
    let creature = format!("c{}", rng.below(creatures));
    let once = if rng.below(3) == 0 { ", once: true" } else { "" };
    let mut actions: Vec<String> = match kind {
        "damage" => vec![
            "multiply: 2".into(),
            format!("add: {}", 1 + rng.below(2)),
            "prevent: all".into(),
            format!("prevent: {}", 1 + rng.below(2)),
            format!("shield: {}", 1 + rng.below(3)),
            format!("{}, once: true", rng.pick(&["prevent: all", "multiply: 2", "add: 1"])),
            format!("redirect: {}", if rng.below(2) == 0 { creature.clone() } else { player.to_string() }),
            format!("redirect: {creature}, up_to: {}", 1 + rng.below(3)),
            format!("shield: {}, also: {{gain_life: that_many, players: [you]}}", 1 + rng.below(3)),
            "instead: {gain_life: that_many}".into(),
        ],
        "counters" => {
            vec!["multiply: 2".into(), format!("add: {}", 1 + rng.below(2)), "instead: {gain_life: 1}".into()]
        }
        "draw" => vec!["multiply: 2".into(), format!("skip: true{once}"), "instead: {gain_life: 2}".into()],
        "gain_life" => vec!["multiply: 2".into(), "add: 1".into(), format!("instead: {{draw: 1}}{once}")],
        "destroy" => vec![
            format!("zone: {}", rng.pick(&["exile", "library"])),
            format!("regenerate: true{once}"),
            "instead: {draw: 1}".into(),
        ],
        "enter" => vec![
            "tapped: true".into(),
            "counters: {\"+1/+1\": 1}".into(),
            format!("tapped: true, unless_paid: {{life: {}}}", 1 + rng.below(3)),
            "counters: {\"+1/+1\": 2}, unless_paid: {life: 1}".into(),
        ],
        _ => vec![format!("zone: {}", rng.pick(&["exile", "library"]))],
    };
    if rng.below(3) == 0 {
        actions.push("cant: true".into());
    }
    let self_action = match kind {
        "damage" => Some(*rng.pick(&["add: 2", "prevent: 1"])),
        "counters" | "draw" => Some("multiply: 2"),
        "gain_life" => Some("add: 1"),
        _ => None,
    };
    // The spell's own effect, one time in four where the kind has one.
    if let (Some(action), 0) = (self_action, rng.below(4)) {
        return (format!("event: {kind}, self_replacement: true, {action}"), true);
    }
    let action = rng.pick(&actions).clone();
    let filter = match (kind, rng.below(5)) {
        ("damage" | "draw" | "gain_life", 0) => {
            format!(", player: [{}]", rng.pick(&["you", "opponents", player]))
        }
        ("damage" | "counters" | "destroy" | "move", 1) => match static_on {
            Some(_) => ", object: {self: true}".to_string(),
            None => ", object: {types: [creature]}".to_string(),
        },
        ("damage" | "counters" | "destroy" | "move", 2) => ", object: {controller: you}".to_string(),
        _ => String::new(),
    };
    (format!("event: {kind}, {action}{filter}"), false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(text: &str) {
        if let Err(e) = crate::scenario::read("synthetic", text) {
            panic!("{:?}\n{text}", miette::Report::new(e));
        }
    }

    #[test]
    fn generated_scenarios_are_valid_and_deterministic() {
        for k in 0..=MAX_DAMAGE_EFFECTS {
            valid(&one_event(k));
        }
        for commuting in [false, true] {
            valid(&pyroclasm(20, commuting));
        }
        for seed in 0..200 {
            assert_eq!(random(seed), random(seed));
            valid(&random(seed));
        }
    }
}
