//! A condition on the state of the game, checked on a board as some view of it sees it: a static
//! ability's "as long as …" in the layers (the characteristics found so far), a replacement
//! effect's "if …" as an event would happen (the characteristics the layers left).

use super::effect::Effect;
use crate::model::board::Board;
use crate::model::{ConditionSpec, CountSpec, SelectorSpec, Step};

/// The board as a condition looks at it.
pub trait Sees {
    fn board(&self) -> &Board;
    /// Whether the object is on the battlefield and controlled by `player`.
    fn controls(&self, player: usize, object: usize) -> bool;
    /// Whether the selector names the object, for `effect`.
    fn names(&self, selector: &SelectorSpec, object: usize, effect: &Effect) -> bool;
}

/// A static ability's condition in the layers, if it has one: whether it holds now, and what was
/// found. Its player is `you`, the effect's controller, or one the scenario names.
pub fn of_effect(world: &super::world::World, effect: &Effect) -> Option<(bool, String)> {
    let c = effect.body.condition.as_ref()?;
    let players = match c.player.as_deref() {
        None | Some("you") => vec![effect.controller],
        Some(AN_OPPONENT) => opponents(world.board, effect.controller),
        Some(name) => vec![world.board.player_index(name).unwrap_or(effect.controller)],
    };
    Some(holds_for_any(world, c, &players, effect))
}

/// `player: an_opponent`: the condition holds when it holds for one of the controller's
/// opponents ("as long as an opponent has 10 or less life").
pub const AN_OPPONENT: &str = "an_opponent";

/// Every player but `player`, in turn order.
pub fn opponents(board: &Board, player: usize) -> Vec<usize> {
    (0..board.players.len()).filter(|p| *p != player).collect()
}

/// Whether the condition holds for one of `players`, and what was found: for the first it holds
/// for, or for each when it holds for none.
pub fn holds_for_any(seen: &impl Sees, c: &ConditionSpec, players: &[usize], effect: &Effect) -> (bool, String) {
    let found: Vec<(bool, String)> = players.iter().map(|p| holds(seen, c, *p, effect)).collect();
    match found.iter().find(|(met, _)| *met) {
        Some((_, why)) => (true, why.clone()),
        None => (false, found.into_iter().map(|(_, why)| why).collect::<Vec<_>>().join("; ")),
    }
}

/// The board as the layers have made it so far.
impl Sees for super::world::World<'_> {
    fn board(&self) -> &Board {
        self.board
    }

    fn controls(&self, player: usize, object: usize) -> bool {
        self.present[object]
            && self.zone(object) == crate::model::Zone::Battlefield
            && self.objects[object].controller == player
    }

    fn names(&self, selector: &SelectorSpec, object: usize, effect: &Effect) -> bool {
        self.matches(selector, object, effect)
    }
}

/// Whether the condition holds for `player` (whose "you", "that player" or name the caller has
/// resolved), and what was found, in words: "Bob has 0 cards in hand (at most 0)".
pub fn holds(seen: &impl Sees, c: &ConditionSpec, player: usize, effect: &Effect) -> (bool, String) {
    let board = seen.board();
    let name = &board.players[player];
    if let Some(selector) = &c.controls {
        let count = c.count.unwrap_or(CountSpec { at_least: Some(1), at_most: None });
        let on_battlefield = SelectorSpec { zone: Some(crate::model::Zone::Battlefield), ..selector.clone() };
        let n = (0..board.objects.len())
            .filter(|o| seen.controls(player, *o) && seen.names(&on_battlefield, *o, effect))
            .count() as i64;
        (count.holds(n), format!("{name} controls {n} of the permanents it names ({})", bounds(&count)))
    } else if let Some(selector) = &c.attached {
        let source = effect.source.map(|s| &board.objects[s]);
        match source.and_then(|s| s.attached_to.map(|t| (s, t))) {
            Some((s, t)) => {
                let met = seen.names(selector, t, effect);
                let verb = if met { "is" } else { "is not" };
                (met, format!("{} is attached to {}, which {verb} one it names", s.id, board.objects[t].id))
            }
            None => (false, "its source is attached to nothing".into()),
        }
    } else if let Some(count) = &c.cards_in_hand {
        let n = board.hand_size(player);
        (count.holds(n), format!("{name} has {} in hand ({})", cards(n), bounds(count)))
    } else if let Some(count) = &c.life {
        match board.life[player] {
            Some(n) => (count.holds(n), format!("{name} has {n} life ({})", bounds(count))),
            None => (false, format!("{name}'s life total is not given")),
        }
    } else if let Some(count) = &c.drawn_this_turn {
        let n = board.drawn_this_turn[player];
        (count.holds(n), format!("{name} has drawn {} this turn ({})", cards(n), bounds(count)))
    } else if let Some(wanted) = c.your_turn {
        let theirs = board.active == player;
        (theirs == wanted, format!("it is {}'s turn", board.players[board.active]))
    } else if let Some(wanted) = c.first_draw_of_draw_step {
        let first = board.first_draw_of_draw_step(player);
        let found = match board.step {
            _ if first => format!("it would be the first card {name} draws in their draw step"),
            Some(Step::Draw) if player == board.active => {
                format!("{name} has drawn {} in this draw step", cards(board.drawn_this_step[player]))
            }
            _ => format!("it is not {name}'s draw step"),
        };
        (first == wanted, found)
    } else {
        (true, "no condition".into())
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
