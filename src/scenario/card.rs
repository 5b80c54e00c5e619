//! Objects made whole: an object written out keeps what it says; an object that names a card
//! (`- card: Humility`) is the object the card makes (`crate::cards`), each key given beside
//! `card` overriding the card's. Its id defaults to the card's name (`default_id`), its owner to
//! the first player, and each static ability's id is prefixed by the object's
//! (`humility-effect`), so that two objects of the same card stay apart.
//!
//! A card compiled from its Oracle text writes a choice made as it entered ("As … enters,
//! choose a color") as a placeholder, `$chosen_color`; the object's `chosen: {color: blue}` gives
//! it. An ability whose choice the scenario does not give is left out of the answer, and said so.

use super::spec::{ObjectEntry, ObjectSpec};
use crate::cards::{default_id, Cards};
use crate::diagnostic::problem::Problem;
use crate::model::{AbilitySpec, CardObject, Word, Zone};
use crate::placed_yaml::problem;
use crate::placed_yaml::spans::{self, Spans};
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
        if let Some(chosen) = &entry.chosen {
            for (key, value) in chosen {
                if let Some((message, help)) = bad_choice(key, value) {
                    let path = spans::child(&spans::child(&at, "chosen"), key);
                    problems.push(problem(source, spans.key(&path), message, Some(help)));
                }
            }
        }
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
    let mut unmodelled = entry.unmodelled.unwrap_or(card.unmodelled);
    let abilities = match entry.abilities {
        Some(given) => given,
        None => {
            let chosen = entry.chosen.unwrap_or_default();
            let mut abilities = Vec::with_capacity(card.abilities.len());
            for ability in card.abilities.iter().filter(|a| on_battlefield || !copy_it_entered_as(a)) {
                match with_choices(ability, &chosen) {
                    Some(ability) => abilities.push(prefixed(&ability, &id)),
                    None => unmodelled.push(text_of(ability)),
                }
            }
            abilities
        }
    };
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
        unmodelled,
        token: entry.token,
        x: entry.x,
        tapped: entry.tapped,
        id,
        name,
        owner,
    })
}

/// Whether the ability is the copy effect a permanent that entered as a copy goes on having
/// (`affects: {self: true}` with `copy`, as the Oracle compiler writes it beside the replacement
/// effect of "you may have ~ enter as a copy"). It exists once the permanent has entered: a card
/// elsewhere, which may yet enter, is left without it, so that as it enters (614.12) its own
/// abilities are not already those of the copy and the replacement effect makes it one.
fn copy_it_entered_as(ability: &AbilitySpec) -> bool {
    match ability {
        AbilitySpec::Static(s) => s.effect.copy.is_some() && s.effect.affects.as_ref().is_some_and(|a| a.itself),
        AbilitySpec::Text(_) => false,
    }
}

/// What may be chosen as a card enters, each written `$chosen_<what>` where the card's abilities
/// use it.
pub const CHOICES: [&str; 7] =
    ["color", "creature_type", "basic_land_type", "card_type", "player", "card_name", "copy"];

/// A choice the scenario gives that names nothing: what is wrong, and what to write.
fn bad_choice(key: &str, value: &str) -> Option<(String, String)> {
    use crate::model::characteristics::{BASIC_LAND_TYPES, CARD_TYPES, COLORS};
    let known: Vec<&str> = match key {
        "color" => COLORS.to_vec(),
        "card_type" => CARD_TYPES.to_vec(),
        "basic_land_type" => BASIC_LAND_TYPES.iter().map(|(t, _)| *t).collect(),
        "creature_type" | "player" | "card_name" | "copy" => return None,
        _ => {
            let help = match crate::suggest::closest(key, CHOICES) {
                Some(k) => format!("did you mean `{k}`?"),
                None => format!("what was chosen: `{}`", CHOICES.join("`, `")),
            };
            return Some((format!("unknown choice `{key}`"), help));
        }
    };
    (!known.contains(&value.to_lowercase().as_str()))
        .then(|| (format!("`{value}` is not a {}", key.replace('_', " ")), format!("one of `{}`", known.join("`, `"))))
}

/// The ability with the choices it needs put in; `None` when one it needs is not given. A
/// placeholder is a word (`$chosen_color`) or stands in one (`protection from $chosen_color`,
/// the text of an ability granted).
fn with_choices(ability: &AbilitySpec, chosen: &BTreeMap<String, String>) -> Option<AbilitySpec> {
    let mut ability = ability.clone();
    let mut missing = false;
    ability.for_every_word(&mut |word| {
        if !word.contains("$chosen_") {
            return;
        }
        let mut out = String::with_capacity(word.len());
        let mut rest = word.as_str();
        while let Some(at) = rest.find("$chosen_") {
            out.push_str(&rest[..at]);
            let after = &rest[at + "$chosen_".len()..];
            // The longest key first: none is the start of another, but say so.
            let what = CHOICES.iter().filter(|k| after.starts_with(*k)).max_by_key(|k| k.len());
            match what.and_then(|what| chosen.get(*what).map(|value| (what, value))) {
                Some((what, value)) => {
                    out.push_str(&placed(what, value));
                    rest = &after[what.len()..];
                }
                None => {
                    missing = true;
                    return;
                }
            }
        }
        out.push_str(rest);
        *word = Word::new(&out);
    });
    (!missing).then_some(ability)
}

/// A chosen value as the model writes it: colours and types in lower case; a player's name and
/// an object's id as given.
fn placed(what: &str, value: &str) -> String {
    match what {
        "player" | "copy" | "card_name" => value.to_string(),
        _ => value.to_lowercase(),
    }
}

fn text_of(ability: &AbilitySpec) -> String {
    match ability {
        AbilitySpec::Text(text) => text.to_string(),
        AbilitySpec::Static(s) => s.text.to_string(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(yaml: &str) -> AbilitySpec {
        serde_yaml::from_str(yaml).expect("an ability")
    }

    #[test]
    fn a_choice_given_is_put_where_the_ability_uses_it() {
        let lord = ability(
            "{id: effect, text: Creatures you control of the chosen type get +1/+1., effect: {affects: {types: [creature], subtypes: [$chosen_creature_type], controller: you}, pt: {modify: [1, 1]}}}",
        );
        let chosen = BTreeMap::from([("creature_type".to_string(), "Elf".to_string())]);
        let made = with_choices(&lord, &chosen).expect("the choice is given");
        assert_eq!(made, ability("{id: effect, text: Creatures you control of the chosen type get +1/+1., effect: {affects: {types: [creature], subtypes: [elf], controller: you}, pt: {modify: [1, 1]}}}"));
        assert_eq!(with_choices(&lord, &BTreeMap::new()), None, "not given: left out");
        let plain = ability("flying");
        assert_eq!(with_choices(&plain, &BTreeMap::new()), Some(plain));
    }

    #[test]
    fn a_choice_inside_a_word_is_put_in_too() {
        let granted = ability(
            "{id: effect, text: Enchanted creature has protection from the chosen color., effect: {affects: {attached: true}, abilities: {add: [{id: protection-from-chosen-color, text: protection from $chosen_color, effect: {replacement: {event: damage, object: {self: true}, source: {colors: [$chosen_color]}, prevent: all}}}]}}}",
        );
        let chosen = BTreeMap::from([("color".to_string(), "Red".to_string())]);
        let made = with_choices(&granted, &chosen).expect("given");
        assert_eq!(made, ability("{id: effect, text: Enchanted creature has protection from the chosen color., effect: {affects: {attached: true}, abilities: {add: [{id: protection-from-chosen-color, text: protection from red, effect: {replacement: {event: damage, object: {self: true}, source: {colors: [red]}, prevent: all}}}]}}}"));
        assert_eq!(with_choices(&granted, &BTreeMap::new()), None);
    }

    #[test]
    fn a_copy_s_choice_names_an_object() {
        let clone = ability("{id: effect, text: Clone, effect: {replacement: {event: enter, object: {self: true}, copy: $chosen_copy}}}");
        let chosen = BTreeMap::from([("copy".to_string(), "hill-giant".to_string())]);
        let made = with_choices(&clone, &chosen).expect("given");
        assert_eq!(made, ability("{id: effect, text: Clone, effect: {replacement: {event: enter, object: {self: true}, copy: hill-giant}}}"));
    }

    #[test]
    fn the_copy_effect_a_permanent_entered_with_is_told_from_the_replacement() {
        let staying = ability("{id: effect-2, text: Clone, effect: {affects: {self: true}, copy: $chosen_copy}}");
        let entering = ability("{id: effect, text: Clone, effect: {replacement: {event: enter, object: {self: true}, copy: $chosen_copy}}}");
        let cytoshape_like = ability("{id: effect, text: x, effect: {affects: {attached: true}, copy: bears}}");
        assert!(copy_it_entered_as(&staying));
        assert!(!copy_it_entered_as(&entering));
        assert!(!copy_it_entered_as(&cytoshape_like));
    }

    #[test]
    fn choices_are_checked() {
        assert_eq!(bad_choice("color", "Blue"), None);
        assert!(bad_choice("color", "purple").is_some());
        assert_eq!(bad_choice("colour", "blue").map(|(_, help)| help), Some("did you mean `color`?".to_string()));
        assert_eq!(bad_choice("basic_land_type", "island"), None);
    }
}
