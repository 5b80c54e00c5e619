//! Objects made whole: an object written out keeps what it says; an object that names a card
//! (`- card: Humility`) is the object the card makes (`crate::cards`), each key given beside
//! `card` overriding the card's. Its id defaults to the card's name (`default_id`), its owner to
//! the first player, and each static ability's id is prefixed by the object's
//! (`humility-effect`), so that two objects of the same card stay apart.

use super::load::problem;
use super::spans::{self, Spans};
use super::spec::{ObjectEntry, ObjectSpec};
use crate::cards::{default_id, Cards};
use crate::corpus::problem::Problem;
use crate::model::{AbilitySpec, CardObject, Word, Zone};
use std::collections::BTreeMap;

/// Every object of the file made whole, or every problem found: a card that is not found, an
/// object written out without its `id`, `name` or `owner`.
pub(super) fn objects(
    source: &str,
    spans: &Spans,
    entries: Vec<ObjectEntry>,
    first_player: Option<&str>,
    cards: &Cards,
) -> Result<Vec<ObjectSpec>, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut objects = Vec::with_capacity(entries.len());
    for (index, entry) in entries.into_iter().enumerate() {
        let at = spans::item("objects", index);
        let card = match &entry.card {
            None => None,
            Some(name) => match cards.object(name) {
                Ok(card) => Some(card),
                Err(not_found) => {
                    let path = spans::child(&at, "card");
                    let (message, help) = match not_found {
                        Ok(not_found) => (format!("no card named `{name}`"), closest_help(&not_found.closest, cards)),
                        Err(unreadable) => (unreadable, None),
                    };
                    problems.push(problem(source, spans.value(&path), message, help));
                    continue;
                }
            },
        };
        match made(entry, card, first_player) {
            Ok(object) => objects.push(object),
            Err(missing) => {
                for key in missing {
                    problems.push(problem(
                        source,
                        spans.value(&at),
                        format!("`{at}`: missing key `{key}`"),
                        Some("an object names a card (`card: NAME`), or gives its `id`, `name` and `owner`".into()),
                    ));
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(objects)
    } else {
        Err(problems)
    }
}

fn closest_help(closest: &[String], cards: &Cards) -> Option<String> {
    Some(match closest {
        [] if cards.has_imported() => "`judge card NAME` looks a card up".to_string(),
        [] => "import the official card data to name any card (`judge cards fetch`); `judge card --list` shows the library"
            .to_string(),
        names => format!("did you mean `{}`?", names.join("`, `")),
    })
}

/// The object an entry makes, with the card it names; else the keys it lacks.
fn made(
    entry: ObjectEntry,
    card: Option<CardObject>,
    first_player: Option<&str>,
) -> Result<ObjectSpec, Vec<&'static str>> {
    let card = card.unwrap_or_default();
    let from_card = !card.name.is_empty();
    let id = entry.id.or_else(|| from_card.then(|| default_id(&card.name)));
    let name = entry.name.or_else(|| from_card.then(|| card.name.clone()));
    let owner = entry.owner.or_else(|| from_card.then(|| first_player.map(str::to_string)).flatten());
    let (Some(id), Some(name), Some(owner)) = (id.clone(), name.clone(), owner.clone()) else {
        let missing = [("id", id.is_none()), ("name", name.is_none()), ("owner", owner.is_none())];
        return Err(missing.iter().filter(|(_, m)| *m).map(|(key, _)| *key).collect());
    };
    let on_battlefield = entry.zone.is_none_or(|z| z == Zone::Battlefield);
    let counters = entry.counters.unwrap_or_else(|| printed_counters(&card, on_battlefield));
    let abilities = entry.abilities.unwrap_or_else(|| card.abilities.iter().map(|a| prefixed(a, &id)).collect());
    Ok(ObjectSpec {
        controller: entry.controller,
        zone: entry.zone,
        types: entry.types.unwrap_or(card.types),
        subtypes: entry.subtypes.unwrap_or(card.subtypes),
        supertypes: entry.supertypes.unwrap_or(card.supertypes),
        colors: entry.colors.unwrap_or(card.colors),
        mana_value: entry.mana_value.or(card.mana_value),
        power: entry.power.or(card.power),
        toughness: entry.toughness.or(card.toughness),
        abilities,
        counters,
        attached_to: entry.attached_to,
        attached_at: entry.attached_at,
        damage: entry.damage.unwrap_or(0),
        timestamp: entry.timestamp,
        unmodelled: entry.unmodelled.unwrap_or(card.unmodelled),
        id,
        name,
        owner,
    })
}

/// A planeswalker's loyalty counters and a battle's defense counters as it enters with them
/// (306.5b, 310.4b), for a card on the battlefield whose counters the scenario does not give.
fn printed_counters(card: &CardObject, on_battlefield: bool) -> BTreeMap<String, i64> {
    let mut counters = BTreeMap::new();
    if on_battlefield {
        for (kind, printed) in [("loyalty", card.loyalty), ("defense", card.defense)] {
            if let Some(n) = printed {
                counters.insert(kind.to_string(), n);
            }
        }
    }
    counters
}

/// A static ability with its id prefixed by the object's; a text ability as it is.
fn prefixed(ability: &AbilitySpec, prefix: &str) -> AbilitySpec {
    match ability {
        AbilitySpec::Static(s) => {
            let mut s = s.clone();
            s.id = Word::new(&format!("{prefix}-{}", s.id));
            AbilitySpec::Static(s)
        }
        AbilitySpec::Text(_) => ability.clone(),
    }
}
