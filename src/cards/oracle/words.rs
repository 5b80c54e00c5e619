//! The words of a type line and of numbers, as Oracle text writes them: card types, supertypes,
//! colours, subtypes (from `rules-corpus/subtypes.tsv`, CR 205.3) singular or plural, and
//! numbers in words.

use std::collections::HashMap;
use std::sync::LazyLock;

pub(super) use crate::model::characteristics::{CARD_TYPES, COLORS, SUPERTYPES};

/// The basic land types (305.6), in W, U, B, R, G order.
pub(super) const BASIC_LAND_TYPES: [&str; 5] = {
    let pairs = crate::model::characteristics::BASIC_LAND_TYPES;
    [pairs[0].0, pairs[1].0, pairs[2].0, pairs[3].0, pairs[4].0]
};

/// What kind of subtype a word is (205.3g–m).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SubtypeKind {
    Artifact,
    Enchantment,
    Land,
    Planeswalker,
    Spell,
    Creature,
}

static SUBTYPES: LazyLock<HashMap<String, SubtypeKind>> = LazyLock::new(|| {
    let mut map = HashMap::new();
    for line in include_str!("../../../rules-corpus/subtypes.tsv").lines() {
        let Some((kind, word)) = line.split_once('\t') else { continue };
        let kind = match kind {
            "artifact" => SubtypeKind::Artifact,
            "enchantment" => SubtypeKind::Enchantment,
            "land" => SubtypeKind::Land,
            "planeswalker" => SubtypeKind::Planeswalker,
            "spell" => SubtypeKind::Spell,
            "creature" => SubtypeKind::Creature,
            _ => continue,
        };
        map.insert(word.to_lowercase(), kind);
    }
    map
});

/// A card type, singular or plural (`creatures`, `sorceries`), in the singular.
pub(super) fn card_type(word: &str) -> Option<&'static str> {
    CARD_TYPES
        .iter()
        .copied()
        .find(|t| word == *t || word.strip_suffix('s') == Some(t) || (*t == "sorcery" && word == "sorceries"))
}

pub(super) fn supertype(word: &str) -> Option<&'static str> {
    SUPERTYPES.iter().copied().find(|t| word == *t)
}

pub(super) fn color(word: &str) -> Option<&'static str> {
    COLORS.iter().copied().find(|c| word == *c)
}

/// A subtype, singular or plural (`elves`, `merfolk`, `faeries`, `mountains`), in the singular,
/// with its kind. Only a word of the list of 205.3 is a subtype.
pub(super) fn subtype(word: &str) -> Option<(String, SubtypeKind)> {
    let word = word.replace('’', "'");
    singulars(&word).into_iter().find_map(|s| SUBTYPES.get(&s).map(|k| (s, *k)))
}

/// The singulars a plural may stand for, the word itself first (`merfolk`, `sheep`).
fn singulars(word: &str) -> Vec<String> {
    let mut out = vec![word.to_string()];
    let irregular = [("mice", "mouse"), ("fungi", "fungus"), ("cyclopes", "cyclops"), ("homunculi", "homunculus")];
    out.extend(irregular.iter().filter(|(p, _)| *p == word).map(|(_, s)| s.to_string()));
    if let Some(stem) = word.strip_suffix("ies") {
        out.push(format!("{stem}y"));
    }
    if let Some(stem) = word.strip_suffix("ves") {
        out.push(format!("{stem}f"));
        out.push(format!("{stem}fe"));
    }
    if let Some(stem) = word.strip_suffix("es") {
        out.push(stem.to_string());
    }
    if let Some(stem) = word.strip_suffix('s') {
        out.push(stem.to_string());
    }
    out
}

/// A whole number written in words or digits (`a`, `one` … `ten`, `2`).
pub(super) fn number(word: &str) -> Option<i64> {
    const WORDS: [&str; 11] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    match word {
        "a" | "an" => Some(1),
        _ => WORDS.iter().position(|w| *w == word).map(|n| n as i64).or_else(|| word.parse().ok()),
    }
}

/// "double" and "twice" are 2, "triple" and "three times" 3.
pub(super) fn times(word: &str) -> Option<i64> {
    match word {
        "double" | "twice" => Some(2),
        "triple" | "three times" | "thrice" => Some(3),
        _ => None,
    }
}

/// Lower case, but for mana symbols (`kicker {2}{R}`, `{T}: add {G}`).
pub(super) fn lower_outside_braces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut braces = 0usize;
    for c in text.chars() {
        match c {
            '{' => braces += 1,
            '}' => braces = braces.saturating_sub(1),
            _ => {}
        }
        if braces > 0 {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_of_subtypes_and_types() {
        for (plural, singular) in [
            ("elves", "elf"),
            ("wolves", "wolf"),
            ("dwarves", "dwarf"),
            ("merfolk", "merfolk"),
            ("faeries", "faerie"),
            ("allies", "ally"),
            ("mountains", "mountain"),
            ("plains", "plains"),
            ("foxes", "fox"),
            ("goblins", "goblin"),
            ("equipment", "equipment"),
            ("auras", "aura"),
            ("urza's", "urza's"),
        ] {
            assert_eq!(subtype(plural).map(|(s, _)| s), Some(singular.to_string()), "{plural}");
        }
        assert_eq!(subtype("mountains").map(|(_, k)| k), Some(SubtypeKind::Land));
        assert_eq!(subtype("creatures"), None);
        assert_eq!(card_type("sorceries"), Some("sorcery"));
        assert_eq!(card_type("lands"), Some("land"));
        assert_eq!(card_type("landss"), None);
        assert_eq!(number("three"), Some(3));
        assert_eq!(number("12"), Some(12));
    }
}
