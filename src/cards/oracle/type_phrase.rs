//! The type phrase after `is` and `are` (layers 4, 5 and 7b): `a Swamp in addition to its other
//! land types`, `black`, `an artifact creature with power and toughness each equal to its mana
//! value`, `1/1 green Elf creatures that are still lands`, `a colorless Forest land`.

use super::layers::{pair, set, set_pt, unread, MANA_VALUE_PT};
use super::words::{self, SubtypeKind};
use super::Unmodelled;
use crate::model::{Amount, EffectBody, SelectorSpec, SetChange, Word};

/// What a type phrase says it keeps: `in addition to its other types`, `that are still lands`.
#[derive(Default)]
struct Keeps {
    types: bool,
    subtypes: bool,
    colors: bool,
}

/// What a phrase of `KEEPING` says.
type Keep = fn(&mut Keeps);

const KEEPING: [(&str, Keep); 11] = [
    (" in addition to its other colors and types", |k| (k.colors, k.types, k.subtypes) = (true, true, true)),
    (" in addition to its other types", |k| k.types = true),
    (" in addition to their other types", |k| k.types = true),
    (" in addition to its other creature types", |k| k.subtypes = true),
    (" in addition to their other creature types", |k| k.subtypes = true),
    (" in addition to its other land types", |k| k.subtypes = true),
    (" in addition to their other land types", |k| k.subtypes = true),
    (" in addition to its other colors", |k| k.colors = true),
    (" in addition to their other colors", |k| k.colors = true),
    (" that are still lands", |k| k.types = true),
    (" that's still a land", |k| k.types = true),
];

/// `is a Swamp`, `are black`, `is an artifact creature with power and toughness each equal to
/// its mana value`, `are 1/1 green Elf creatures that are still lands` (layers 4, 5, 7b).
pub(super) fn is(body: &mut EffectBody, affects: &SelectorSpec, phrase: &str) -> Result<(), Unmodelled> {
    let mut phrase = phrase.trim().to_string();
    if ["the chosen", "every creature type", "all creature types"].iter().any(|w| phrase.contains(w)) {
        return Err(unread());
    }
    // `a colorless land with "{T}: Add {C}."`: an ability it has (layer 6).
    if let Some((rest, quoted)) = phrase.split_once(" with \"").filter(|(_, q)| q.ends_with('"')) {
        let granted = super::layers::abilities(&format!("\"{quoted}"), true)?;
        body.abilities.get_or_insert_with(Default::default).add.extend(granted);
        phrase = rest.to_string();
    }
    let mut keeps = Keeps::default();
    for (suffix, keep) in KEEPING {
        if let Some(rest) = phrase.strip_suffix(suffix) {
            keep(&mut keeps);
            phrase = rest.to_string();
        }
    }
    for with in MANA_VALUE_PT.iter().map(|w| format!(" with {w}")) {
        if let Some(rest) = phrase.strip_suffix(&with) {
            set_pt(body, [Amount::ManaValue, Amount::ManaValue])?;
            phrase = rest.to_string();
        }
    }
    if let Some((rest, pt)) = phrase.split_once(" with base power and toughness ") {
        let (p, t) = pair(pt).ok_or_else(unread)?;
        set_pt(body, [Amount::Fixed(p), Amount::Fixed(t)])?;
        phrase = rest.to_string();
    }
    let mut said = Said::default();
    let tokens: Vec<&str> = phrase.split(' ').collect();
    let mut i = 0;
    while i < tokens.len() {
        let word = tokens[i];
        let two = tokens.get(i + 1).map(|next| format!("{word} {next}"));
        match (word, two.as_deref()) {
            (_, Some("all colors" | "every color")) => {
                said.colors = Some(words::COLORS.to_vec());
                i += 1;
            }
            ("every", _) if tokens[i..].join(" ") == "every basic land type" => {
                said.subtypes.extend(words::BASIC_LAND_TYPES.iter().map(|t| (t.to_string(), SubtypeKind::Land)));
                i = tokens.len();
                continue;
            }
            ("a" | "an" | "and", _) => {}
            // A choice made as the face entered (`choice::specific`).
            ("$chosen_color", _) => said.colors.get_or_insert_with(Vec::new).push("$chosen_color"),
            ("$chosen_creature_type", _) => said.subtypes.push((word.to_string(), SubtypeKind::Creature)),
            ("$chosen_basic_land_type", _) => said.subtypes.push((word.to_string(), SubtypeKind::Land)),
            ("$chosen_card_type", _) => said.types.push("$chosen_card_type"),
            ("colorless", _) => said.colors = Some(vec![]),
            (w, _) if words::color(w).is_some() => {
                said.colors.get_or_insert_with(Vec::new).extend(words::color(w));
            }
            (w, _) if pair(w).is_some() => {
                let (p, t) = pair(w).unwrap_or_default();
                set_pt(body, [Amount::Fixed(p), Amount::Fixed(t)])?;
            }
            (w, _) if words::supertype(w).is_some() => said.supertypes.extend(words::supertype(w)),
            (w, _) if words::card_type(w).is_some() => said.types.extend(words::card_type(w)),
            (w, _) => said.subtypes.push(words::subtype(w).ok_or_else(unread)?),
        }
        i += 1;
    }
    said.apply(body, affects, &keeps)
}

/// What a type phrase names.
#[derive(Default)]
struct Said {
    colors: Option<Vec<&'static str>>,
    supertypes: Vec<&'static str>,
    types: Vec<&'static str>,
    subtypes: Vec<(String, SubtypeKind)>,
}

impl Said {
    fn apply(self, body: &mut EffectBody, affects: &SelectorSpec, keeps: &Keeps) -> Result<(), Unmodelled> {
        let words_of = |list: &[&str]| list.iter().map(|w| Word::new(w)).collect::<Vec<_>>();
        if let Some(colors) = &self.colors {
            let words = words_of(colors);
            let change = if keeps.colors { SetChange { add: words, ..Default::default() } } else { set(words) };
            body.colors = Some(change);
        }
        if !self.supertypes.is_empty() {
            body.supertypes = Some(SetChange { add: words_of(&self.supertypes), ..Default::default() });
        }
        // An artifact that "is an artifact creature" keeps its types and gains the others.
        let kept = !affects.types.is_empty() && affects.types.iter().all(|t| self.types.contains(&t.as_str()));
        let adds_types = keeps.types || kept;
        if !self.types.is_empty() {
            body.types = Some(if adds_types {
                let new: Vec<&str> =
                    self.types.iter().copied().filter(|t| !affects.types.iter().any(|a| a == *t)).collect();
                SetChange { add: words_of(&new), ..Default::default() }
            } else {
                set(words_of(&self.types))
            });
        }
        if !self.subtypes.is_empty() {
            let subtypes: Vec<Word> = self.subtypes.iter().map(|(s, _)| Word::new(s)).collect();
            let basic = self
                .subtypes
                .iter()
                .all(|(s, _)| words::BASIC_LAND_TYPES.contains(&s.as_str()) || s == "$chosen_basic_land_type");
            let creature = self.subtypes.iter().all(|(_, k)| *k == SubtypeKind::Creature);
            let lands_only = self.types.is_empty() || self.types == ["land"];
            if keeps.subtypes || adds_types {
                body.subtypes = Some(SetChange { add: subtypes, ..Default::default() });
            } else if basic && lands_only {
                body.land_types = Some(subtypes);
            } else if creature && self.types.contains(&"creature") {
                body.subtypes = Some(set(subtypes));
            } else if creature && self.types.is_empty() {
                body.creature_types = Some(subtypes);
            } else {
                return Err(unread());
            }
        }
        let said_something = self.colors.is_some() || !self.supertypes.is_empty() || !self.types.is_empty();
        if !said_something && self.subtypes.is_empty() && body.pt.is_none() {
            return Err(unread());
        }
        Ok(())
    }
}
