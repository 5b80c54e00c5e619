//! A replacement effect's condition on the state of the game ("if that player has no cards in
//! hand", "if you control an artifact"), checked on the board as the event would happen.

use super::replacer::{Env, Replacer};
use crate::engine::world::selector_matches;
use crate::model::pending::Event;
use crate::model::{ConditionSpec, CountSpec, SelectorSpec, Zone};
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
        let player = self.player_named(c.player.as_deref().unwrap_or("you"), r, event);
        let name = &self.board.players[player];
        let (met, found) = if let Some(selector) = &c.controls {
            let count = c.count.unwrap_or(CountSpec { at_least: Some(1), at_most: None });
            let n = self.controlled(selector, player, r) as i64;
            (count.holds(n), format!("{name} controls {n} of the permanents it names ({})", bounds(&count)))
        } else if let Some(count) = &c.cards_in_hand {
            let n = self.board.hand_size(player);
            (count.holds(n), format!("{name} has {} in hand ({})", cards(n), bounds(count)))
        } else if let Some(count) = &c.life {
            match self.board.life[player] {
                Some(n) => (count.holds(n), format!("{name} has {n} life ({})", bounds(count))),
                None => (false, format!("{name}'s life total is not given")),
            }
        } else if let Some(count) = &c.drawn_this_turn {
            let n = self.board.drawn_this_turn[player];
            (count.holds(n), format!("{name} has drawn {} this turn ({})", cards(n), bounds(count)))
        } else if let Some(wanted) = c.first_draw_of_draw_step {
            let first = self.board.first_draw_of_draw_step(player);
            let found = match self.board.step {
                _ if first => format!("it would be the first card {name} draws in their draw step"),
                Some(crate::model::Step::Draw) if player == self.board.active => {
                    format!("{name} has drawn {} in this draw step", cards(self.board.drawn_this_step[player]))
                }
                _ => format!("it is not {name}'s draw step"),
            };
            (first == wanted, found)
        } else {
            (true, "no condition".into())
        };
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

    fn controlled(&self, selector: &SelectorSpec, player: usize, r: &Replacer) -> usize {
        let on_battlefield = SelectorSpec { zone: Some(Zone::Battlefield), ..selector.clone() };
        (0..self.board.objects.len())
            .filter(|o| self.board.objects[*o].zone == Zone::Battlefield && self.chars[*o].controller == player)
            .filter(|o| {
                selector_matches(&self.board, &on_battlefield, *o, Zone::Battlefield, &self.chars[*o], &r.effect)
            })
            .count()
    }
}

fn cards(n: i64) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}

fn bounds(c: &CountSpec) -> String {
    match (c.at_least, c.at_most) {
        (Some(a), Some(b)) if a == b => format!("exactly {a}"),
        (Some(a), Some(b)) => format!("{a} to {b}"),
        (Some(a), None) => format!("at least {a}"),
        (None, Some(b)) => format!("at most {b}"),
        (None, None) => "any number".into(),
    }
}
