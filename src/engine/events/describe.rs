//! Events in words, for the trace: "Lightning Bolt deals 3 damage to Bob".

use super::replacer::Env;
use crate::model::pending::{Event, Happened, Target};
use crate::model::sba::Sba;
use crate::model::{Position, Zone};

pub fn event(env: &Env, e: &Event) -> String {
    let board = &env.board;
    let name = |o: usize| env.chars[o].name.clone();
    let player = |p: usize| board.players[p].clone();
    let plural = |n: i64, one: &str, many: &str| if n == 1 { one.to_string() } else { format!("{n} {many}") };
    match e {
        Event::Damage { source, to, amount, combat, unpreventable } => {
            let to = match to {
                Target::Object(o) => name(*o),
                Target::Player(p) => player(*p),
            };
            let kind = if *combat { "combat damage" } else { "damage" };
            let cant = if *unpreventable { " that can't be prevented" } else { "" };
            format!("{} deals {amount} {kind}{cant} to {to}", name(*source))
        }
        Event::Move { object, from, to, position, destroy, no_regeneration } => {
            let owner = player(board.objects[*object].owner);
            let whose = match to {
                Zone::Graveyard | Zone::Library | Zone::Hand => format!("{owner}'s {}", zone(*to)),
                _ => zone(*to).to_string(),
            };
            let verb = match (destroy, no_regeneration) {
                (true, true) => "is destroyed and can't be regenerated: ",
                (true, false) => "is destroyed: ",
                _ => "is ",
            };
            let from = zone(*from);
            match (to, position) {
                (Zone::Exile, _) => format!("{} {verb}exiled from the {from}", name(*object)),
                (Zone::Library, Some(Position::Top)) => {
                    format!("{} {verb}put on top of {whose} from the {from}", name(*object))
                }
                (Zone::Library, Some(Position::Bottom)) => {
                    format!("{} {verb}put on the bottom of {whose} from the {from}", name(*object))
                }
                (Zone::Library, Some(Position::Shuffled)) => {
                    format!("{} {verb}shuffled into {whose} from the {from}", name(*object))
                }
                _ => format!("{} {verb}put into {whose} from the {from}", name(*object)),
            }
        }
        Event::Enter { object, from, tapped, counters, controller, copy } => {
            let mut s = format!("{} enters the battlefield", name(*object));
            if *tapped {
                s.push_str(" tapped");
            }
            let with: Vec<String> = counters
                .iter()
                .filter(|(_, n)| **n > 0)
                .map(|(k, n)| plural(*n, &format!("a {k} counter"), &format!("{k} counters")))
                .collect();
            if !with.is_empty() {
                s.push_str(&format!(" with {}", with.join(" and ")));
            }
            s.push_str(&format!(" from the {} under {}'s control", zone(*from), player(*controller)));
            if let Some(c) = copy {
                s.push_str(&format!(" as a copy of {}", name(c.of)));
            }
            s
        }
        Event::Regenerate { object } => {
            format!("{} regenerates: it is tapped and its damage is removed", name(*object))
        }
        Event::Cease { object } => format!("{} ceases to exist", name(*object)),
        Event::Unattach { object } => {
            let from = board.objects[*object].attached_to.map(name);
            match from {
                Some(from) => format!("{} becomes unattached from {from} and stays on the battlefield", name(*object)),
                None => format!("{} becomes unattached and stays on the battlefield", name(*object)),
            }
        }
        Event::Draw { player: p } => format!("{} draws a card", player(*p)),
        Event::Draws { player: p, cards } => {
            format!("{} draws {}", player(*p), plural(*cards, "a card", "cards"))
        }
        Event::LoseGame { player: p } => format!("{} loses the game", player(*p)),
        Event::Poison { player: p, count } => {
            format!("{} gets {}", player(*p), plural(*count, "a poison counter", "poison counters"))
        }
        Event::RemoveCounters { object, kind, count } => format!(
            "{} removed from {}",
            plural(*count, &format!("a {kind} counter is"), &format!("{kind} counters are")),
            name(*object)
        ),
        Event::GainLife { player: p, amount } => format!("{} gains {amount} life", player(*p)),
        Event::LoseLife { player: p, amount } => format!("{} loses {amount} life", player(*p)),
        Event::Counters { object, kind, count } => {
            format!(
                "{} gets {}",
                name(*object),
                plural(*count, &format!("a {kind} counter"), &format!("{kind} counters"))
            )
        }
        Event::Tokens { player: p, count, token } => {
            format!(
                "{} creates {}",
                player(*p),
                plural(*count, &format!("a {token} token"), &format!("{token} tokens"))
            )
        }
        Event::Begin { player: p, step } => format!("{}'s {step} begins", player(*p)),
        Event::Action { player: p, text } => format!("{}: {text}", player(*p)),
    }
}

/// A state-based action's event as it happened, with the condition that called for it:
/// "Grizzly Bears is destroyed: put into Alice's graveyard from the battlefield (lethal damage:
/// 3 damage marked, toughness 2)".
pub fn state_based(env: &Env, h: &Happened) -> String {
    let what = event(env, &h.event);
    match &h.cause {
        Some(cause) => format!("{what} ({})", cause.words()),
        None => what,
    }
}

/// Who or what a state-based action is about, and the condition found: "Grizzly Bears: lethal
/// damage: 3 damage marked, toughness 2".
pub fn condition(env: &Env, cause: &Sba, e: &Event) -> String {
    let whom = match (e.object(), e.player()) {
        (Some(o), _) => env.chars[o].name.clone(),
        (None, Some(p)) => env.board.players[p].clone(),
        (None, None) => String::new(),
    };
    format!("{whom}: {}", cause.words())
}

pub fn zone(z: Zone) -> &'static str {
    match z {
        Zone::Battlefield => "battlefield",
        Zone::Graveyard => "graveyard",
        Zone::Hand => "hand",
        Zone::Library => "library",
        Zone::Exile => "exile",
        Zone::Stack => "stack",
        Zone::Command => "command zone",
    }
}

/// Why an effect that applied to an event does not apply to what replaced it, in words.
pub fn no_longer(env: &Env, after: &[Event]) -> String {
    let Some(first) = after.first() else {
        return "there is no event left to modify".into();
    };
    if first.is_empty() {
        return "0 damage is no damage".into();
    }
    match first {
        Event::Damage { to: Target::Object(o), .. } => format!("the damage is now dealt to {}", env.chars[*o].name),
        Event::Damage { to: Target::Player(p), .. } => format!("the damage is now dealt to {}", env.board.players[*p]),
        Event::Move { to: Zone::Exile, .. } => "it is now exiled instead".into(),
        Event::Move { to: Zone::Library, position: Some(Position::Top), .. } => {
            "it is now put on top of the library instead".into()
        }
        Event::Move { to: Zone::Library, position: Some(Position::Bottom), .. } => {
            "it is now put on the bottom of the library instead".into()
        }
        Event::Move { to: Zone::Library, position: Some(Position::Shuffled), .. } => {
            "it is now shuffled into the library instead".into()
        }
        Event::Move { to, .. } => format!("it is now put into the {} instead", zone(*to)),
        Event::Regenerate { .. } => "the permanent regenerates instead of being destroyed".into(),
        _ => format!("the event is now: {}", event(env, first)),
    }
}

/// Counters as a list: "3 +1/+1, 1 charge", or "none".
pub fn counters(counters: &std::collections::BTreeMap<String, i64>) -> String {
    let listed: Vec<String> = counters.iter().filter(|(_, n)| **n != 0).map(|(k, n)| format!("{n} {k}")).collect();
    if listed.is_empty() {
        "none".into()
    } else {
        listed.join(", ")
    }
}
