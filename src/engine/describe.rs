//! Characteristics as the trace and the answer print them, and the differences between two
//! states of an object.

use super::board::Board;
use super::characteristics::{Ability, Characteristics};
use super::snapshot::Snapshot;
use super::trace::Change;
use crate::model::Word;
use std::borrow::Borrow;

pub fn title_case(word: &str) -> String {
    word.split('-')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |f| f.to_uppercase().chain(chars).collect())
        })
        .collect::<Vec<_>>()
        .join("-")
}

pub fn words<S: Borrow<str>>(list: &[S]) -> String {
    if list.is_empty() {
        "—".to_string()
    } else {
        list.iter().map(|w| title_case(w.borrow())).collect::<Vec<_>>().join(" ")
    }
}

pub fn colors<S: Borrow<str>>(list: &[S]) -> String {
    if list.is_empty() {
        "colorless".to_string()
    } else {
        list.iter().map(Borrow::borrow).collect::<Vec<&str>>().join(", ")
    }
}

pub fn ability_list(list: &[Ability]) -> String {
    if list.is_empty() {
        "—".to_string()
    } else {
        list.iter().map(|a| a.text.as_str()).collect::<Vec<_>>().join("; ")
    }
}

pub fn power_toughness(c: &Characteristics) -> String {
    pt(c.power, c.toughness)
}

fn pt(power: Option<i64>, toughness: Option<i64>) -> String {
    match (power, toughness) {
        (None, None) => "—".to_string(),
        (p, t) => format!("{}/{}", p.map_or("—".into(), |v| v.to_string()), t.map_or("—".into(), |v| v.to_string())),
    }
}

/// Every characteristic that differs between `before` and `after`. Fields are compared before
/// they are put into words: most objects an effect touches change in one characteristic.
pub fn changes(board: &Board, object: usize, before: &Characteristics, after: &Characteristics) -> Vec<Change> {
    let mut out = Vec::new();
    let mut d = Differences { board, id: &board.objects[object].id, out: &mut out };
    d.name(&before.name, &after.name);
    d.controller(before.controller, after.controller);
    d.words("types", &before.types, &after.types);
    d.words("subtypes", &before.subtypes, &after.subtypes);
    d.words("supertypes", &before.supertypes, &after.supertypes);
    d.colors(&before.colors, &after.colors);
    d.abilities(&before.abilities, &after.abilities);
    d.power_toughness((before.power, before.toughness), (after.power, after.toughness));
    d.mana_value(before.mana_value, after.mana_value);
    out
}

/// The same as `changes` from the object as a layer's snapshot saved it, added to `out`: only
/// the characteristics the layer can change are compared and put into words, without a copy of
/// the whole object as it was (the trace pays this once per object an effect changes). They
/// come in the order `changes` gives them; in a debug build the layers check that both agree.
pub fn changes_since(board: &Board, object: usize, snapshot: &Snapshot, now: &Characteristics, out: &mut Vec<Change>) {
    let mut d = Differences { board, id: &board.objects[object].id, out };
    match snapshot {
        Snapshot::Everything(before) => d.out.extend(changes(board, object, before, now)),
        Snapshot::Controller(before) => d.controller(*before, now.controller),
        Snapshot::Abilities(before) => d.abilities(before, &now.abilities),
        Snapshot::Types { types, subtypes, supertypes, abilities } => {
            d.words("types", types, &now.types);
            d.words("subtypes", subtypes, &now.subtypes);
            d.words("supertypes", supertypes, &now.supertypes);
            if let Some(before) = abilities {
                d.abilities(before, &now.abilities);
            }
        }
        Snapshot::Colors(before) => d.colors(before, &now.colors),
        Snapshot::Pt(power, toughness) => d.power_toughness((*power, *toughness), (now.power, now.toughness)),
    }
}

/// One object's changes, one characteristic at a time: each is put into words only when it differs.
struct Differences<'a> {
    board: &'a Board,
    id: &'a str,
    out: &'a mut Vec<Change>,
}

impl Differences<'_> {
    fn push(&mut self, characteristic: &'static str, before: String, after: String) {
        self.out.push(Change { object: self.id.to_string(), characteristic, before, after });
    }

    fn name(&mut self, before: &str, after: &str) {
        if before != after {
            self.push("name", before.to_string(), after.to_string());
        }
    }

    fn controller(&mut self, before: usize, after: usize) {
        if before != after {
            let players = &self.board.players;
            self.push("controller", players[before].clone(), players[after].clone());
        }
    }

    fn words(&mut self, characteristic: &'static str, before: &[Word], after: &[Word]) {
        if before != after {
            self.push(characteristic, words(before), words(after));
        }
    }

    fn colors(&mut self, before: &[Word], after: &[Word]) {
        if before != after {
            self.push("colors", colors(before), colors(after));
        }
    }

    fn abilities(&mut self, before: &[Ability], after: &[Ability]) {
        if before != after {
            self.push("abilities", ability_list(before), ability_list(after));
        }
    }

    fn power_toughness(&mut self, before: (Option<i64>, Option<i64>), after: (Option<i64>, Option<i64>)) {
        if before != after {
            self.push("power/toughness", pt(before.0, before.1), pt(after.0, after.1));
        }
    }

    fn mana_value(&mut self, before: Option<i64>, after: Option<i64>) {
        if before != after {
            self.push("mana value", format!("{before:?}"), format!("{after:?}"));
        }
    }
}
