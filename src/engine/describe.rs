//! Characteristics as the trace and the answer print them, and the differences between two
//! states of an object.

use super::fast::snapshot::{Snapshot, TypeLine};
use super::trace::{Piece, Shared};
use crate::model::board::Board;
use crate::model::characteristics::{Ability, Characteristics};
use crate::model::Word;
use rustc_hash::FxHashMap;
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

/// Lists of words already put into text for the trace, kept for the changes that print them
/// again: a large board has hundreds of thousands of changes, and only a few thousand different
/// texts among them.
#[derive(Default)]
pub struct Wording {
    words: FxHashMap<Vec<Word>, Shared>,
    colors: FxHashMap<Vec<Word>, Shared>,
}

impl Wording {
    fn text(kept: &mut FxHashMap<Vec<Word>, Shared>, list: &[Word], put: fn(&[Word]) -> String) -> Shared {
        if let Some(text) = kept.get(list) {
            return text.clone();
        }
        let text: Shared = put(list).into();
        kept.insert(list.to_vec(), text.clone());
        text
    }
}

/// Every characteristic that differs between `before` and `after`. Fields are compared before
/// they are put into words: most objects an effect touches change in one characteristic.
pub fn changes(board: &Board, wording: &mut Wording, before: &Characteristics, after: &Characteristics) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut d = Differences { board, wording, out: &mut out };
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
pub fn changes_since(
    board: &Board,
    wording: &mut Wording,
    snapshot: &Snapshot,
    now: &Characteristics,
    out: &mut Vec<Piece>,
) {
    let mut d = Differences { board, wording, out };
    match snapshot {
        Snapshot::Everything(before) => {
            let all = changes(board, d.wording, before, now);
            d.out.extend(all);
        }
        Snapshot::Controller(before) => d.controller(*before, now.controller),
        Snapshot::Abilities(before) => d.abilities(before, &now.abilities),
        Snapshot::Types(line) => {
            let TypeLine { types, subtypes, supertypes, abilities } = &**line;
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
    wording: &'a mut Wording,
    out: &'a mut Vec<Piece>,
}

impl Differences<'_> {
    fn push(&mut self, characteristic: &'static str, before: Shared, after: Shared) {
        self.out.push(Piece { characteristic, before, after });
    }

    fn name(&mut self, before: &str, after: &str) {
        if before != after {
            self.push("name", before.into(), after.into());
        }
    }

    fn controller(&mut self, before: usize, after: usize) {
        if before != after {
            let players = &self.board.players;
            self.push("controller", players[before].as_str().into(), players[after].as_str().into());
        }
    }

    fn words(&mut self, characteristic: &'static str, before: &[Word], after: &[Word]) {
        if before != after {
            let kept = &mut self.wording.words;
            let (before, after) = (Wording::text(kept, before, words), Wording::text(kept, after, words));
            self.push(characteristic, before, after);
        }
    }

    fn colors(&mut self, before: &[Word], after: &[Word]) {
        if before != after {
            let kept = &mut self.wording.colors;
            let (before, after) = (Wording::text(kept, before, colors), Wording::text(kept, after, colors));
            self.push("colors", before, after);
        }
    }

    fn abilities(&mut self, before: &[Ability], after: &[Ability]) {
        if before != after {
            self.push("abilities", ability_list(before).into(), ability_list(after).into());
        }
    }

    fn power_toughness(&mut self, before: (Option<i64>, Option<i64>), after: (Option<i64>, Option<i64>)) {
        if before != after {
            self.push("power/toughness", pt(before.0, before.1).into(), pt(after.0, after.1).into());
        }
    }

    fn mana_value(&mut self, before: Option<i64>, after: Option<i64>) {
        if before != after {
            // An object with no mana value given is shown as a missing power is: "—".
            let shown = |v: Option<i64>| v.map_or("—".to_string(), |v| v.to_string());
            self.push("mana value", shown(before).into(), shown(after).into());
        }
    }
}
