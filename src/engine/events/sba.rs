//! The state-based actions the events leave to perform (704): checked once the events and their
//! replacements are over, performed at the same time as one event (704.3), each as an event that
//! replacement effects see (a lethal-damage destruction can be regenerated, 704.5g), and checked
//! again until none is left.

use super::event::Event;
use super::replacer::Env;
use crate::model::Zone;
use serde::Serialize;

/// Why a state-based action is performed: the condition of 704.5 it found.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Sba {
    /// 704.5a.
    ZeroLife { life: i64 },
    /// 704.5c.
    Poisoned { poison: i64 },
    /// 704.5f: put into the graveyard; regeneration can't replace it.
    ZeroToughness { toughness: i64 },
    /// 704.5g: destroyed.
    LethalDamage { damage: i64, toughness: i64 },
    /// 704.5h: destroyed.
    Deathtouch,
    /// 704.5i.
    ZeroLoyalty,
    /// 704.5q (704.5r in 2011): N +1/+1 and N −1/−1 counters removed.
    Annihilation,
}

impl Sba {
    /// The citation concept of its rule.
    pub fn concept(&self) -> &'static str {
        match self {
            Sba::ZeroLife { .. } => "sba-life",
            Sba::Poisoned { .. } => "sba-poison",
            Sba::ZeroToughness { .. } => "sba-toughness",
            Sba::LethalDamage { .. } => "sba-lethal-damage",
            Sba::Deathtouch => "sba-deathtouch",
            Sba::ZeroLoyalty => "sba-loyalty",
            Sba::Annihilation => "sba-counters",
        }
    }

    /// The condition found, in words: "4 damage marked and toughness 2: lethal damage".
    pub fn words(&self) -> String {
        match self {
            Sba::ZeroLife { life } => format!("{life} life"),
            Sba::Poisoned { poison } => format!("{poison} poison counters"),
            Sba::ZeroToughness { toughness } => format!("toughness {toughness}"),
            Sba::LethalDamage { damage, toughness } => {
                format!("lethal damage: {damage} damage marked, toughness {toughness}")
            }
            Sba::Deathtouch => "dealt damage by a source with deathtouch".into(),
            Sba::ZeroLoyalty => "loyalty 0".into(),
            Sba::Annihilation => "both +1/+1 and -1/-1 counters".into(),
        }
    }
}

/// The state-based actions to perform on this board.
pub fn check(env: &Env) -> Vec<(Sba, Event)> {
    let board = &env.board;
    let mut found = Vec::new();
    for (player, life) in board.life.iter().enumerate() {
        if board.lost[player] {
            continue;
        }
        if let Some(life) = life.filter(|l| *l <= 0) {
            found.push((Sba::ZeroLife { life }, Event::LoseGame { player }));
        } else if board.poison[player] >= 10 {
            found.push((Sba::Poisoned { poison: board.poison[player] }, Event::LoseGame { player }));
        }
    }
    for (object, o) in board.objects.iter().enumerate() {
        if o.zone != Zone::Battlefield {
            continue;
        }
        let c = &env.chars[object];
        let to_graveyard = |destroy: bool| Event::Move {
            object,
            from: Zone::Battlefield,
            to: Zone::Graveyard,
            position: None,
            destroy,
            no_regeneration: false,
        };
        let creature = c.has_type("creature").then_some(c.toughness).flatten();
        let loyalty = c.has_type("planeswalker").then(|| o.counters.get("loyalty").copied()).flatten();
        match creature {
            Some(toughness) if toughness <= 0 => found.push((Sba::ZeroToughness { toughness }, to_graveyard(false))),
            Some(toughness) if o.damage > 0 && o.damage >= toughness => {
                found.push((Sba::LethalDamage { damage: o.damage, toughness }, to_graveyard(true)))
            }
            Some(_) if o.deathtouched => found.push((Sba::Deathtouch, to_graveyard(true))),
            // Loyalty is checked only where the scenario counts it (a `loyalty` counter, even 0).
            _ if loyalty.is_some_and(|l| l <= 0) => found.push((Sba::ZeroLoyalty, to_graveyard(false))),
            _ => {}
        }
        let count = |kind: &str| o.counters.get(kind).copied().unwrap_or(0);
        let n = count("+1/+1").min(count("-1/-1"));
        if n > 0 {
            for kind in ["+1/+1", "-1/-1"] {
                found.push((Sba::Annihilation, Event::RemoveCounters { object, kind: kind.into(), count: n }));
            }
        }
    }
    // Performed at the same time (704.3): listed by player in APNAP order, then by what they are
    // about, never by where the file lists the objects.
    let about = |e: &Event| match (e.object(), e.player()) {
        (Some(o), _) => board.objects[o].id.as_str(),
        (None, Some(p)) => board.players[p].as_str(),
        (None, None) => "",
    };
    found.sort_by(|(_, a), (_, b)| {
        (env.apnap_rank(env.chooser(a)), about(a)).cmp(&(env.apnap_rank(env.chooser(b)), about(b)))
    });
    found
}
