//! A token an event creates, read from the words that describe it ("2/2 black Zombie creature",
//! "1/1 white Spirit creature with flying"): the characteristics the effect that creates it
//! defines, and none other (110.5b in 2011, 111.3 today).

use crate::model::characteristics::{Ability, Characteristics, Origin, CARD_TYPES, COLORS};
use crate::model::meanings::{Meanings, TOKEN_NAMED_TOKEN};
use crate::model::{AbilitySpec, Word};

/// The token's characteristics, under `controller`. A name the effect gives ("Boo, a legendary
/// 1/1 red Hamster creature token", "… token named Boo") is its name; otherwise its name is its
/// subtypes (110.5c in 2011), plus the word "Token" since 2023 (111.4: "Dwarf Berserker Token").
/// Words that are no name, power/toughness, colour, supertype, subtype or card type are not read,
/// and a description with none of those is a token of no type named by the description.
pub fn characteristics(words: &str, controller: usize, meanings: &Meanings) -> Characteristics {
    let words = words.trim().trim_end_matches('.');
    let (words, with) = match words.split_once(" with ") {
        Some((w, with)) => (w, Some(with)),
        None => (words, None),
    };
    let (given, words) = given_name(words);
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
    c.name = match (given, names.is_empty()) {
        (Some(given), _) => given.to_string(),
        (None, true) => words.to_string(),
        (None, false) if meanings.holds(TOKEN_NAMED_TOKEN) => format!("{} Token", names.join(" ")),
        (None, false) => names.join(" "),
    };
    c.sort_colors();
    c
}

/// The name the effect gives the token, and the rest of its description.
fn given_name(words: &str) -> (Option<&str>, &str) {
    if let Some((rest, name)) = words.split_once(" named ") {
        return (Some(name.trim()), rest);
    }
    for article in [", a ", ", an "] {
        if let Some((name, rest)) = words.split_once(article) {
            return (Some(name.trim()), rest);
        }
    }
    (None, words)
}

#[cfg(test)]
mod tests {
    use super::characteristics;
    use crate::model::meanings::{Meanings, TOKEN_NAMED_TOKEN};

    fn of_2011(words: &str) -> crate::model::characteristics::Characteristics {
        characteristics(words, 0, &Meanings::of_2011())
    }

    #[test]
    fn a_zombie_token() {
        let c = characteristics("2/2 black Zombie creature", 1, &Meanings::of_2011());
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
        let c = of_2011("1/1 white Goblin Scout creature token with flying and haste");
        assert_eq!(c.name, "Goblin Scout");
        assert_eq!(c.abilities.iter().map(|a| a.text.as_str()).collect::<Vec<_>>(), ["flying", "haste"]);
    }

    #[test]
    fn words_it_cannot_read_name_a_token_of_no_type() {
        let c = of_2011("Treasure");
        assert_eq!(c.name, "Treasure");
        assert!(c.types.is_empty());
        assert_eq!(c.power, None);
    }

    /// 111.4's examples (2026-02-27): Dwarven Reinforcements' "two 2/1 red Dwarf Berserker
    /// creature tokens" are "each named Dwarf Berserker Token and each have the creature types
    /// Dwarf and Berserker"; Minsc's Boo is named Boo, "neither 'Hamster' nor 'Token' are part of
    /// its name".
    #[test]
    fn the_examples_of_111_4() {
        let today = Meanings::of_2011().with(TOKEN_NAMED_TOKEN.concept, TOKEN_NAMED_TOKEN.since);
        let dwarf = characteristics("2/1 red Dwarf Berserker creature", 0, &today);
        assert_eq!(dwarf.name, "Dwarf Berserker Token");
        assert_eq!(dwarf.subtypes.iter().map(|w| w.as_str()).collect::<Vec<_>>(), ["dwarf", "berserker"]);
        assert_eq!(of_2011("2/1 red Dwarf Berserker creature").name, "Dwarf Berserker");
        let boo = characteristics("Boo, a legendary 1/1 red Hamster creature token with trample and haste", 0, &today);
        assert_eq!(boo.name, "Boo");
        assert_eq!(boo.subtypes.iter().map(|w| w.as_str()).collect::<Vec<_>>(), ["hamster"]);
        assert_eq!(boo.supertypes.iter().map(|w| w.as_str()).collect::<Vec<_>>(), ["legendary"]);
        assert_eq!(boo.abilities.len(), 2);
        let named = characteristics("legendary 2/1 red Monkey creature token named Ragavan", 0, &today);
        assert_eq!((named.name.as_str(), named.subtypes.len()), ("Ragavan", 1));
    }
}
