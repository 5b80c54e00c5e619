//! The short answer: what happens (and on whose choice it depends), or what the objects asked
//! about are once every continuous effect has applied.

use std::borrow::Borrow;
use std::collections::HashMap;

use super::inline::{article, Line, Piece};
use super::names::Names;
use super::outcome;
use super::Short;
use crate::engine::answer::{Answer, ObjectAnswer};
use crate::engine::events::Outcome;
use crate::model::board::Board;

pub fn events(outcomes: &[Outcome], names: &Names) -> Short {
    match outcomes {
        [] => Short::Lines(vec![Line::plain("Nothing happens.")]),
        [only] => {
            let mut line = outcome::result(only, names);
            if !only.choices.is_empty() {
                line.text(" (").append(&outcome::choices(only, names)).text(")");
            }
            line.end();
            Short::Lines(vec![capitalised(line)])
        }
        many => {
            let cases = many
                .iter()
                .map(|o| {
                    let mut line = Line::plain("If ");
                    line.append(&outcome::choices(o, names)).text(": ");
                    line.append(&outcome::result(o, names)).end();
                    line
                })
                .collect();
            Short::Depends { intro: Line::plain(format!("It depends on {}:", choosers(many))), cases }
        }
    }
}

/// "Bob's choice", "Bob's choices", "Alice's and Bob's choices": who makes the choices that
/// tell the outcomes apart.
fn choosers(outcomes: &[Outcome]) -> String {
    let mut players: Vec<&str> = Vec::new();
    let mut several = false;
    for o in outcomes {
        let free: Vec<&str> = o.choices.iter().filter(|c| !c.fixed).map(|c| c.player.as_str()).collect();
        several |= free.len() > 1;
        for p in free {
            if !players.contains(&p) {
                players.push(p);
            }
        }
    }
    let owners: Vec<String> = players.iter().map(|p| format!("{p}'s")).collect();
    let who = match owners.as_slice() {
        [] => "the players'".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    let noun = if several || players.len() > 1 { "choices" } else { "choice" };
    format!("{who} {noun}")
}

/// The objects a question about events asks about, as the events find them: "As the events
/// begin, Clone is …" (without events, as the state-based actions find them).
pub fn asked(board: &Board, answer: &Answer, names: &Names) -> Vec<Line> {
    let owners = owners(board);
    let first = if board.events.is_empty() { "Before the state-based actions, " } else { "As the events begin, " };
    let mut lines: Vec<Line> = Vec::new();
    for (i, o) in answer.objects.iter().enumerate() {
        let mut line = Line::plain(if i == 0 { first } else { "" });
        line.append(&object(&owners, o, names));
        lines.push(capitalised(line));
    }
    lines
}

pub fn objects(board: &Board, answer: &Answer, names: &Names) -> Short {
    let owners = owners(board);
    let mut lines: Vec<Line> = answer.objects.iter().map(|o| object(&owners, o, names)).collect();
    for p in &answer.players {
        lines.push(Line::plain(format!("{} has {}.", p.name, p.has.join(", "))));
    }
    for rule in &answer.game_rules {
        let mut line = Line::plain(format!("In effect for the game: {rule}"));
        line.end();
        lines.push(line);
    }
    if lines.is_empty() {
        lines.push(Line::plain("No object is asked about, and no effect applies to a player or to the game."));
    }
    Short::Lines(lines)
}

/// "White Knight is a 3/3 white Creature — Human Knight with “first strike” and “protection
/// from black”."
fn object(owners: &HashMap<&str, &str>, o: &ObjectAnswer, names: &Names) -> Line {
    let mut words: Vec<String> = Vec::new();
    if let (Some(p), Some(t)) = (o.power, o.toughness) {
        words.push(format!("{p}/{t}"));
    }
    words.push(if o.colors.is_empty() { "colorless".into() } else { english_list(&o.colors) });
    words.push(super::board::type_line(&o.supertypes, &o.types, &o.subtypes));
    let description = words.join(" ");
    let mut line = names.object(&o.id);
    line.text(format!(" is {} {description}", article(&description)));
    if o.abilities.is_empty() {
        line.text(" with no abilities");
    } else {
        let quoted: Vec<Line> = o
            .abilities
            .iter()
            .map(|a| {
                let mut l = Line::new();
                l.quote(a.clone());
                l
            })
            .collect();
        line.text(" with ").list(&quoted);
    }
    if owners.get(o.id.as_str()).is_some_and(|owner| *owner != o.controller) {
        line.text(format!(", controlled by {}", o.controller));
    }
    line.end();
    line
}

/// Each object's owner by its id, looked up once per object asked (a board may ask thousands).
fn owners(board: &Board) -> HashMap<&str, &str> {
    board.objects.iter().map(|o| (o.id.as_str(), board.players[o.owner].as_str())).collect()
}

fn english_list<S: Borrow<str>>(words: &[S]) -> String {
    match words {
        [] => String::new(),
        [one] => one.borrow().to_string(),
        [init @ .., last] => {
            format!("{} and {}", init.iter().map(Borrow::borrow).collect::<Vec<&str>>().join(", "), last.borrow())
        }
    }
}

/// A sentence starts with a capital, even when the engine's words ("nothing happens") do not.
fn capitalised(mut line: Line) -> Line {
    if let Some(Piece::Text(first)) = line.0.first_mut() {
        let mut chars = first.chars();
        if let Some(c) = chars.next() {
            *first = c.to_uppercase().chain(chars).collect();
        }
    }
    line
}
