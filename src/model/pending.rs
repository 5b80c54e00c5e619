//! An event as the replacement step sees it: who and what it happens to, with object and player
//! indices. Replacement effects turn one event into others (614.6); the ones left at the end
//! happen.

use crate::model::{Position, Zone};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    Object(usize),
    Player(usize),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Event {
    Damage {
        source: usize,
        to: Target,
        amount: i64,
        combat: bool,
        /// "Can't be prevented" (615.11): prevention effects apply but prevent none of it.
        unpreventable: bool,
    },
    /// A zone change; `destroy` when it is a destruction (701.6a), which regeneration replaces.
    Move {
        object: usize,
        from: Zone,
        to: Zone,
        /// Where in the library, for a move to a library (401.2).
        position: Option<Position>,
        destroy: bool,
        /// A destruction that "can't be regenerated" (701.11c): regeneration shields do nothing.
        no_regeneration: bool,
    },
    Enter {
        object: usize,
        from: Zone,
        tapped: bool,
        counters: BTreeMap<String, i64>,
        controller: usize,
        /// What it enters as a copy of (706.5): the last copy effect applied, as a later copy
        /// effect overrides an earlier one.
        copy: Option<EnteredAs>,
    },
    Regenerate {
        object: usize,
    },
    /// An Equipment or Fortification attached illegally becomes unattached (704.5n).
    Unattach {
        object: usize,
    },
    /// A token in a zone other than the battlefield ceases to exist (704.5d).
    Cease {
        object: usize,
    },
    /// An instruction to draw cards: effects that refer to the number of cards modify it as a
    /// whole (121.2a), then it is that many draws of one card, one after another (121.2).
    Draws {
        player: usize,
        cards: i64,
    },
    /// One card drawn: what "if you would draw a card" effects replace (614.11).
    Draw {
        player: usize,
    },
    GainLife {
        player: usize,
        amount: i64,
    },
    LoseLife {
        player: usize,
        amount: i64,
    },
    Counters {
        object: usize,
        kind: String,
        count: i64,
    },
    Tokens {
        player: usize,
        count: i64,
        token: String,
    },
    Begin {
        player: usize,
        step: String,
    },
    Action {
        player: usize,
        text: String,
    },
    LoseGame {
        player: usize,
    },
    /// Poison counters given to a player (infect damage, 120.3b).
    Poison {
        player: usize,
        count: i64,
    },
    RemoveCounters {
        object: usize,
        kind: String,
        count: i64,
    },
}

/// A permanent entering as a copy: of which object, by which effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EnteredAs {
    pub of: usize,
    /// The effect's index among the replacers; `None` in an expected outcome, which states only
    /// what the permanent is a copy of.
    pub by: Option<u16>,
}

impl Event {
    /// The event as an expected outcome states it: a copy without the effect that made it; a
    /// destruction sent elsewhere than the graveyard as the move it became (`move: {to: exile}`),
    /// since `destroy:` states a permanent put into the graveyard.
    pub fn as_stated(&self) -> Event {
        match self {
            Event::Enter { copy: Some(c), .. } => {
                let mut e = self.clone();
                if let Event::Enter { copy, .. } = &mut e {
                    *copy = Some(EnteredAs { by: None, ..*c });
                }
                e
            }
            Event::Move { to, destroy: true, .. } if *to != Zone::Graveyard => {
                let mut e = self.clone();
                if let Event::Move { destroy, no_regeneration, .. } = &mut e {
                    (*destroy, *no_regeneration) = (false, false);
                }
                e
            }
            e => e.clone(),
        }
    }

    /// The object the event happens to, if any.
    pub fn object(&self) -> Option<usize> {
        match self {
            Event::Damage { to: Target::Object(o), .. }
            | Event::Move { object: o, .. }
            | Event::Enter { object: o, .. }
            | Event::Regenerate { object: o }
            | Event::Unattach { object: o }
            | Event::Cease { object: o }
            | Event::Counters { object: o, .. }
            | Event::RemoveCounters { object: o, .. } => Some(*o),
            _ => None,
        }
    }

    /// The player the event happens to, if it happens to a player.
    pub fn player(&self) -> Option<usize> {
        match self {
            Event::Damage { to: Target::Player(p), .. }
            | Event::Draw { player: p }
            | Event::Draws { player: p, .. }
            | Event::LoseGame { player: p }
            | Event::Poison { player: p, .. }
            | Event::GainLife { player: p, .. }
            | Event::LoseLife { player: p, .. }
            | Event::Tokens { player: p, .. }
            | Event::Begin { player: p, .. }
            | Event::Action { player: p, .. } => Some(*p),
            _ => None,
        }
    }

    /// The number an effect can multiply or increase: damage, life, counters, tokens, cards.
    pub fn number(&self) -> Option<i64> {
        match self {
            Event::Damage { amount, .. } | Event::GainLife { amount, .. } | Event::LoseLife { amount, .. } => {
                Some(*amount)
            }
            Event::Counters { count, .. }
            | Event::Tokens { count, .. }
            | Event::RemoveCounters { count, .. }
            | Event::Poison { count, .. } => Some(*count),
            Event::Draws { cards, .. } => Some(*cards),
            Event::Draw { .. } => Some(1),
            _ => None,
        }
    }

    /// The same event with another number.
    pub fn with_number(&self, n: i64) -> Event {
        let mut e = self.clone();
        match &mut e {
            Event::Damage { amount, .. } | Event::GainLife { amount, .. } | Event::LoseLife { amount, .. } => {
                *amount = n
            }
            Event::Counters { count, .. }
            | Event::Tokens { count, .. }
            | Event::RemoveCounters { count, .. }
            | Event::Poison { count, .. } => *count = n,
            Event::Draws { cards, .. } => *cards = n,
            _ => {}
        }
        e
    }

    /// 614.7, 614.7a: an event of nothing (0 damage, no counters, no life) does not happen.
    pub fn is_empty(&self) -> bool {
        self.number().is_some_and(|n| n <= 0)
    }
}

/// An event waiting to happen, with what the replacement step has done to it so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    pub event: Event,
    /// The spell or ability whose effect it is: its self-replacement effects apply (614.14).
    pub by: Option<usize>,
    /// Which of the scenario's events it comes from: 0-based, counting the events inside
    /// `at_once` groups one by one.
    pub origin: usize,
    /// When it happens: events of one moment happen at the same time, moments one after another.
    pub moment: usize,
    /// The effects that already had their opportunity on it or on the event it replaces (614.5),
    /// sorted.
    pub applied: Vec<u16>,
    /// The state-based action it comes from, if it is not one of the scenario's events.
    pub cause: Option<super::sba::Sba>,
    /// How many events right beneath it on the stack are the rest of what one replacement does
    /// instead ("exile that card and create a Zombie"): replaced by something other than a zone
    /// change (a regeneration), it takes them with it.
    pub joined: u8,
}

impl Pending {
    pub fn happened(&self) -> Happened {
        Happened { origin: self.origin, cause: self.cause.clone(), event: self.event.clone() }
    }
}

/// An event that happened, with where it came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Happened {
    pub origin: usize,
    pub cause: Option<super::sba::Sba>,
    pub event: Event,
}
