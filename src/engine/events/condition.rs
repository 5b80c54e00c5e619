//! A replacement effect's condition on the state of the game ("if that player has no cards in
//! hand", "if you control an artifact"), checked on the board as the event would happen.

use super::replacer::{Env, Replacer};
use crate::engine::condition::{holds_for_any, opponents, Sees, AN_OPPONENT};
use crate::engine::effect::Effect;
use crate::engine::world::selector_matches;
use crate::model::board::Board;
use crate::model::pending::Event;
use crate::model::{ConditionSpec, SelectorSpec, Zone};
use serde::Serialize;

/// A condition checked, for the trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Checked {
    pub effect: String,
    pub met: bool,
    /// What was found: "Bob has 0 cards in hand (at most 0)".
    pub found: String,
}

impl Env {
    pub fn condition(&self, c: &ConditionSpec, r: &Replacer, event: &Event) -> Checked {
        let players = match c.player.as_deref() {
            Some(AN_OPPONENT) => opponents(&self.board, r.effect.controller),
            who => vec![self.player_named(who.unwrap_or("you"), r, event)],
        };
        let (met, found) = holds_for_any(self, c, &players, &r.effect);
        Checked { effect: r.key().to_string(), met, found }
    }

    /// The player an effect names: `you` (its controller), `that_player` (the player the event
    /// happens to, or who chooses for the object it happens to), or a name the validator checked.
    pub fn player_named(&self, who: &str, r: &Replacer, event: &Event) -> usize {
        match who {
            "you" => r.effect.controller,
            "that_player" => event.player().unwrap_or_else(|| self.chooser(event)),
            name => self.board.player_index(name).unwrap_or(r.effect.controller),
        }
    }
}

/// The board as the events find it: the characteristics the layers left.
impl Sees for Env {
    fn board(&self) -> &Board {
        &self.board
    }

    fn controls(&self, player: usize, object: usize) -> bool {
        self.board.objects[object].zone == Zone::Battlefield && self.chars[object].controller == player
    }

    fn names(&self, selector: &SelectorSpec, object: usize, effect: &Effect) -> bool {
        let o = &self.board.objects[object];
        selector_matches(&self.board, selector, object, o.zone, &self.chars[object], effect)
    }
}
