//! Synthetic scenarios made of cards of the library or of imported card data, each written twice:
//! naming the cards (`- card: NAME`) and written out by hand as the card makes them (ids from the names, static
//! abilities' ids prefixed by their object's). For the property test that the two give the same
//! answer, and the benchmark that naming cards costs no more than writing them out.
//! Deterministic for a given seed.

use crate::cards::{default_id, library, Entry};
use crate::rng::Rng;
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
    (board(named, &creatures), board(by_hand, &creatures))
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

/// A board of imported cards, owned by Alice and Bob in turn, each on the battlefield, with one
/// damage event from the first creature to the last when there are two; as `(with card names,
/// written out)`. `cards` are the objects the names make (`Cards::object`), the written-out board
/// gives each its characteristics and abilities in the model's words, so that the two read the
/// same objects.
pub fn imported_board(cards: &[crate::model::CardObject]) -> (String, String) {
    let mut named = Vec::new();
    let mut by_hand = Vec::new();
    for (i, card) in cards.iter().enumerate() {
        let owner = if i % 2 == 0 { "Alice" } else { "Bob" };
        let timestamp = Value::from(i as i64 + 1);
        let mut given = Mapping::new();
        given.insert("card".into(), card.name.clone().into());
        given.insert("owner".into(), owner.into());
        given.insert("timestamp".into(), timestamp.clone());
        named.push(Value::Mapping(given));
        let id = default_id(&card.name);
        let mut object = Mapping::new();
        object.insert("id".into(), id.clone().into());
        object.insert("name".into(), card.name.clone().into());
        object.insert("owner".into(), owner.into());
        let words = |list: &[String]| Value::Sequence(list.iter().map(|w| Value::from(w.as_str())).collect());
        for (key, list) in [
            ("types", &card.types),
            ("subtypes", &card.subtypes),
            ("supertypes", &card.supertypes),
            ("colors", &card.colors),
            ("unmodelled", &card.unmodelled),
        ] {
            object.insert(key.into(), words(list));
        }
        for (key, number) in [("mana_value", card.mana_value), ("power", card.power), ("toughness", card.toughness)] {
            if let Some(n) = number {
                object.insert(key.into(), n.into());
            }
        }
        let mut counters = Mapping::new();
        for (kind, printed) in [("loyalty", card.loyalty), ("defense", card.defense)] {
            if let Some(n) = printed {
                counters.insert(kind.into(), n.into());
            }
        }
        object.insert("counters".into(), Value::Mapping(counters));
        let abilities = card.abilities.iter().map(|a| prefixed_ability(a, &id)).collect();
        object.insert("abilities".into(), Value::Sequence(abilities));
        object.insert("timestamp".into(), timestamp);
        by_hand.push(Value::Mapping(object));
    }
    let creatures: Vec<String> = cards
        .iter()
        .filter(|c| c.types.iter().any(|t| t == "creature") && c.toughness.is_some())
        .map(|c| default_id(&c.name))
        .collect();
    (board(named, &creatures), board(by_hand, &creatures))
}

/// An ability as a scenario writes it, a static ability's id prefixed by its object's.
fn prefixed_ability(ability: &crate::model::AbilitySpec, id: &str) -> Value {
    let mut value = serde_yaml::to_value(ability).unwrap_or_default();
    if let Value::Mapping(m) = &mut value {
        if let Some(own) = m.get("id").and_then(Value::as_str) {
            let prefixed = format!("{id}-{own}");
            m.insert("id".into(), prefixed.into());
        }
    }
    value
}

/// A scenario of Alice and Bob with these objects, and a damage event from the first creature to
/// the last when there are two.
fn board(objects: Vec<Value>, creatures: &[String]) -> String {
    let events = match creatures {
        // In a main phase: a card may ask which step the events happen in (Notion Thief).
        [first, .., last] => {
            format!("step: precombat_main\nevents:\n  - damage: {{from: {first}, to: {last}, amount: 3}}\n")
        }
        _ => String::new(),
    };
    let objects = serde_yaml::to_string(&Value::Sequence(objects)).unwrap_or_default();
    let objects: String = objects.lines().map(|l| format!("  {l}\n")).collect();
    format!("title: imported cards\nplayers:\n  - {{name: Alice, active: true}}\n  - {{name: Bob}}\nobjects:\n{objects}{events}")
}
