//! Characteristics as the trace and the answer print them, and the differences between two
//! states of an object.

use super::board::Board;
use super::characteristics::Characteristics;
use super::trace::Change;

pub fn title_case(word: &str) -> String {
    word.split('-')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |f| f.to_uppercase().chain(chars).collect())
        })
        .collect::<Vec<_>>()
        .join("-")
}

pub fn words(list: &[String]) -> String {
    if list.is_empty() {
        "—".to_string()
    } else {
        list.iter().map(|w| title_case(w)).collect::<Vec<_>>().join(" ")
    }
}

pub fn colors(list: &[String]) -> String {
    if list.is_empty() {
        "colourless".to_string()
    } else {
        list.join(", ")
    }
}

pub fn abilities(c: &Characteristics) -> String {
    if c.abilities.is_empty() {
        "—".to_string()
    } else {
        c.abilities.iter().map(|a| a.text.as_str()).collect::<Vec<_>>().join("; ")
    }
}

pub fn power_toughness(c: &Characteristics) -> String {
    match (c.power, c.toughness) {
        (None, None) => "—".to_string(),
        (p, t) => format!("{}/{}", p.map_or("—".into(), |v| v.to_string()), t.map_or("—".into(), |v| v.to_string())),
    }
}

/// Every characteristic that differs between `before` and `after`.
pub fn changes(board: &Board, object: usize, before: &Characteristics, after: &Characteristics) -> Vec<Change> {
    let id = &board.objects[object].id;
    let mut out = Vec::new();
    let mut push = |characteristic: &'static str, b: String, a: String| {
        if b != a {
            out.push(Change { object: id.clone(), characteristic, before: b, after: a });
        }
    };
    push("name", before.name.clone(), after.name.clone());
    push("controller", board.players[before.controller].clone(), board.players[after.controller].clone());
    push("types", words(&before.types), words(&after.types));
    push("subtypes", words(&before.subtypes), words(&after.subtypes));
    push("supertypes", words(&before.supertypes), words(&after.supertypes));
    push("colors", colors(&before.colors), colors(&after.colors));
    push("abilities", abilities(before), abilities(after));
    push("power/toughness", power_toughness(before), power_toughness(after));
    push("mana value", format!("{:?}", before.mana_value), format!("{:?}", after.mana_value));
    out
}
