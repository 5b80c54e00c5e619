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
        "colorless".to_string()
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

/// Every characteristic that differs between `before` and `after`. Fields are compared before
/// they are put into words: most objects an effect touches change in one characteristic.
pub fn changes(board: &Board, object: usize, before: &Characteristics, after: &Characteristics) -> Vec<Change> {
    let id = &board.objects[object].id;
    let mut out = Vec::new();
    let mut push = |characteristic: &'static str, differs: bool, describe: &dyn Fn(&Characteristics) -> String| {
        if differs {
            out.push(Change { object: id.clone(), characteristic, before: describe(before), after: describe(after) });
        }
    };
    push("name", before.name != after.name, &|c| c.name.clone());
    push("controller", before.controller != after.controller, &|c| board.players[c.controller].clone());
    push("types", before.types != after.types, &|c| words(&c.types));
    push("subtypes", before.subtypes != after.subtypes, &|c| words(&c.subtypes));
    push("supertypes", before.supertypes != after.supertypes, &|c| words(&c.supertypes));
    push("colors", before.colors != after.colors, &|c| colors(&c.colors));
    push("abilities", before.abilities != after.abilities, &abilities);
    let pt = (before.power, before.toughness) != (after.power, after.toughness);
    push("power/toughness", pt, &power_toughness);
    push("mana value", before.mana_value != after.mana_value, &|c| format!("{:?}", c.mana_value));
    out
}
