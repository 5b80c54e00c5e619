//! A token an event creates, read from the words that describe it ("2/2 black Zombie creature",
//! "1/1 white Spirit creature with flying"): the characteristics the effect that creates it
//! defines, and none other (110.5b in 2011, 111.3 today).

use crate::model::characteristics::{Ability, Characteristics, Origin, CARD_TYPES, COLORS};
use crate::model::{AbilitySpec, Word};

/// The token's characteristics, under `controller`. Its name is its subtypes (110.5c in 2011:
/// "the same as its creature type(s)"); words that are no power/toughness, colour, subtype or card
/// type ("legendary", "named …") are not read, and a description with none of those is a token
/// of no type named by the description.
pub fn characteristics(words: &str, controller: usize) -> Characteristics {
    let words = words.trim().trim_end_matches('.');
    let (words, with) = match words.split_once(" with ") {
        Some((w, with)) => (w, Some(with)),
        None => (words, None),
    };
    let mut c = Characteristics {
        name: String::new(),
        controller,
        types: Vec::new(),
        subtypes: Vec::new(),
        supertypes: Vec::new(),
        colors: Vec::new(),
        abilities: Vec::new(),
        power: None,
        toughness: None,
        mana_value: None,
    };
    let mut names = Vec::new();
    for word in words.split_whitespace() {
        let lower = word.to_lowercase();
        if let Some((p, t)) = lower.split_once('/').and_then(|(p, t)| Some((p.parse().ok()?, t.parse().ok()?))) {
            (c.power, c.toughness) = (Some(p), Some(t));
        } else if COLORS.contains(&lower.as_str()) {
            c.colors.push(Word::new(&lower));
        } else if lower == "colorless" || lower == "token" || lower == "a" || lower == "an" {
        } else if CARD_TYPES.contains(&lower.as_str()) {
            c.types.push(Word::new(&lower));
        } else if lower == "legendary" || lower == "snow" {
            c.supertypes.push(Word::new(&lower));
        } else if word.chars().next().is_some_and(char::is_uppercase) {
            c.subtypes.push(Word::new(&lower));
            names.push(word.to_string());
        }
    }
    for keyword in with.into_iter().flat_map(|w| w.split(" and ")).flat_map(|w| w.split(", ")) {
        let keyword = keyword.trim();
        if !keyword.is_empty() {
            let text = Word::new(keyword);
            c.abilities.push(Ability::from_spec(&AbilitySpec::Text(text), Origin::RulesText, None));
        }
    }
    c.name = if names.is_empty() { words.to_string() } else { names.join(" ") };
    c.sort_colors();
    c
}

#[cfg(test)]
mod tests {
    use super::characteristics;

    #[test]
    fn a_zombie_token() {
        let c = characteristics("2/2 black Zombie creature", 1);
        assert_eq!(c.name, "Zombie");
        assert_eq!((c.power, c.toughness), (Some(2), Some(2)));
        assert_eq!(c.colors.iter().map(|w| w.as_str()).collect::<Vec<_>>(), ["black"]);
        assert_eq!(c.subtypes.iter().map(|w| w.as_str()).collect::<Vec<_>>(), ["zombie"]);
        assert_eq!(c.types.iter().map(|w| w.as_str()).collect::<Vec<_>>(), ["creature"]);
        assert_eq!(c.controller, 1);
        assert!(c.abilities.is_empty());
    }

    #[test]
    fn a_token_with_keywords_and_two_subtypes() {
        let c = characteristics("1/1 white Goblin Scout creature token with flying and haste", 0);
        assert_eq!(c.name, "Goblin Scout");
        assert_eq!(c.abilities.iter().map(|a| a.text.as_str()).collect::<Vec<_>>(), ["flying", "haste"]);
    }

    #[test]
    fn words_it_cannot_read_name_a_token_of_no_type() {
        let c = characteristics("Treasure", 0);
        assert_eq!(c.name, "Treasure");
        assert!(c.types.is_empty());
        assert_eq!(c.power, None);
    }
}
