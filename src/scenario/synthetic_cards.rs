//! Synthetic scenarios made of library cards, each written twice: naming the cards (`- card:
//! NAME`) and written out by hand as the library writes them (ids from the names, static
//! abilities' ids prefixed by their object's). For the property test that the two give the same
//! answer, and the benchmark that naming cards costs no more than writing them out.
//! Deterministic for a given seed.

use super::synthetic::Rng;
use crate::cards::{default_id, library, Entry};
use serde_yaml::{Mapping, Value};

/// The keys of a library card that an object written by hand takes, in this order.
const KEYS: [&str; 8] = ["types", "subtypes", "supertypes", "colors", "mana_value", "power", "toughness", "unmodelled"];

/// `cards` distinct library cards (at most the library's size) owned by Alice and Bob in turn,
/// permanents on the battlefield and spells on the stack, with one damage event from the first
/// creature to the last when there are two; as `(with card names, written out)`.
pub fn library_board(seed: u64, cards: usize) -> (String, String) {
    let entries = &library().expect("the embedded library reads").entries;
    let mut rng = Rng::new(seed);
    let mut order: Vec<usize> = (0..entries.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let picked: Vec<&Entry> = order.iter().take(cards).map(|i| &entries[*i]).collect();
    let mut named = Vec::new();
    let mut by_hand = Vec::new();
    for (i, entry) in picked.iter().enumerate() {
        let owner = if i % 2 == 0 { "Alice" } else { "Bob" };
        let spell = entry.card.types.iter().any(|t| t == "instant" || t == "sorcery");
        let zone = if spell { "stack" } else { "battlefield" };
        let mut given = Mapping::new();
        given.insert("card".into(), entry.card.name.clone().into());
        given.insert("owner".into(), owner.into());
        given.insert("zone".into(), zone.into());
        given.insert("timestamp".into(), Value::from(i as i64 + 1));
        named.push(Value::Mapping(given));
        by_hand.push(Value::Mapping(written_out(entry, owner, zone, i as i64 + 1)));
    }
    let creatures: Vec<String> = (picked.iter())
        .filter(|e| e.card.types.iter().any(|t| t == "creature"))
        .map(|e| default_id(&e.card.name))
        .collect();
    let events = match creatures.as_slice() {
        [first, .., last] => format!("events:\n  - damage: {{from: {first}, to: {last}, amount: 3}}\n"),
        _ => String::new(),
    };
    let scenario = |objects: Vec<Value>| {
        let objects = serde_yaml::to_string(&Value::Sequence(objects)).unwrap_or_default();
        let objects: String = objects.lines().map(|l| format!("  {l}\n")).collect();
        format!(
            "title: library cards\nplayers:\n  - {{name: Alice, active: true}}\n  - {{name: Bob}}\nobjects:\n{objects}{events}"
        )
    };
    (scenario(named), scenario(by_hand))
}

/// The object a library card makes, written out by hand.
fn written_out(entry: &Entry, owner: &str, zone: &str, timestamp: i64) -> Mapping {
    let id = default_id(&entry.card.name);
    let mut object = Mapping::new();
    object.insert("id".into(), id.clone().into());
    object.insert("name".into(), entry.card.name.clone().into());
    object.insert("owner".into(), owner.into());
    for key in KEYS {
        if let Some(value) = entry.yaml.get(key) {
            object.insert(key.into(), value.clone());
        }
    }
    if let Some(Value::Sequence(abilities)) = entry.yaml.get("abilities") {
        let abilities = abilities
            .iter()
            .map(|a| match a {
                Value::Mapping(m) => {
                    let mut m = m.clone();
                    if let Some(own) = m.get("id").and_then(Value::as_str) {
                        let prefixed = format!("{id}-{own}");
                        m.insert("id".into(), prefixed.into());
                    }
                    Value::Mapping(m)
                }
                text => text.clone(),
            })
            .collect();
        object.insert("abilities".into(), Value::Sequence(abilities));
    }
    object.insert("zone".into(), zone.into());
    object.insert("timestamp".into(), Value::from(timestamp));
    object
}
