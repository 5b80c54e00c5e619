//! The board as the article shows it: every object with its characteristics after the layers,
//! the effects of resolved spells, and the events about to happen.

use super::inline::Line;
use super::names::Names;
use super::BoardRow;
use crate::engine::describe;
use crate::engine::events::describe::zone;
use crate::engine::events::Outcome;
use crate::model::board::Board;
use crate::model::characteristics::Characteristics;

pub fn rows(board: &Board, chars: &[Characteristics], names: &Names) -> Vec<BoardRow> {
    board
        .objects
        .iter()
        .zip(chars)
        .map(|(o, c)| {
            let mut name = names.object(&o.id);
            // A copy effect renamed it: the article must say what it now is.
            if c.name != o.printed.name {
                name.text(format!(", now {}", c.name));
            }
            BoardRow {
                name,
                controller: board.players[c.controller].clone(),
                zone: zone(o.zone),
                types: type_line(&c.supertypes, &c.types, &c.subtypes),
                colors: describe::colors(&c.colors),
                pt: pt_cell(c, o.counters.iter().filter(|(_, n)| **n != 0)),
                abilities: c.abilities.iter().map(|a| a.text.to_string()).collect(),
            }
        })
        .collect()
}

/// "Legendary Land — Mountain", as a card prints it.
pub fn type_line<S: std::borrow::Borrow<str>>(supertypes: &[S], types: &[S], subtypes: &[S]) -> String {
    let front: Vec<String> =
        [describe::words(supertypes), describe::words(types)].into_iter().filter(|w| w != "—").collect();
    let front = front.join(" ");
    match (front.is_empty(), subtypes.is_empty()) {
        (true, true) => "—".into(),
        (_, true) => front,
        (true, false) => describe::words(subtypes),
        (false, false) => format!("{front} — {}", describe::words(subtypes)),
    }
}

/// Power and toughness as the layers left them: none on a noncreature permanent, the printed ones
/// on a card elsewhere (207.3 in 2011, 208.3 today); the counters that went into them are named,
/// since the article must account for the number.
fn pt_cell<'a>(c: &Characteristics, counters: impl Iterator<Item = (&'a String, &'a i64)>) -> String {
    let mut cell = pt(c).unwrap_or_else(|| "—".into());
    let counters: Vec<String> = counters.map(|(kind, n)| format!("{n} × {kind}")).collect();
    if !counters.is_empty() {
        cell.push_str(&format!(" ({})", counters.join(", ")));
    }
    cell
}

pub fn pt(c: &Characteristics) -> Option<String> {
    match (c.power, c.toughness) {
        (Some(p), Some(t)) => Some(format!("{p}/{t}")),
        _ => None,
    }
}

/// "`shield` (Bob, timestamp t10): “Prevent the next 3 damage …”".
pub fn resolved_effects(board: &Board, names: &Names) -> Vec<Line> {
    board
        .resolved
        .iter()
        .map(|r| {
            // Named by the scenario: its name; otherwise its id, as the trace names it.
            let mut line = match &r.name {
                Some(name) => Line::plain(name.clone()),
                None => {
                    let mut l = Line::new();
                    l.code(r.id.clone());
                    l
                }
            };
            line.text(format!(" ({}", board.players[r.controller]));
            if let Some(source) = r.source {
                line.text(", from ").append(&names.object(&board.objects[source].id));
            }
            line.text(format!(", timestamp {}): ", r.timestamp));
            line.quote(r.text.clone());
            line
        })
        .collect()
}

/// Each pending event as it stands before any effect applies: the first step of its trace says.
pub fn pending(outcomes: Option<&[Outcome]>) -> Vec<String> {
    let Some(first) = outcomes.and_then(|o| o.first()) else { return Vec::new() };
    let mut out: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    for step in &first.steps {
        if !seen.contains(&step.event) {
            seen.push(step.event);
            out.push(step.before.clone());
        }
    }
    out
}

/// The players, the active one marked: whose turn it is decides who chooses first (101.4).
pub fn players(board: &Board) -> Vec<String> {
    board
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| if i == board.active { format!("{p} (active player)") } else { p.clone() })
        .collect()
}
