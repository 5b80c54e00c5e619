//! Choices made as a permanent enters (`As ~ enters, choose a color.`, 614.1c) and the words
//! that use them (`the chosen type`). The choice is the scenario's: an object's `chosen: {color:
//! blue}` gives it (`crate::scenario`), so the ability that makes it is its text, and the
//! abilities that use it write the placeholder `$chosen_color` where the chosen value goes.

use super::template::Template;
use super::{FaceText, Piece, Pieces};
use std::sync::LazyLock;

/// What is chosen, by the words that say it, and the key of the scenario's `chosen:` it is
/// (`CHOICES` in `src/scenario/card.rs`).
static CHOOSE: LazyLock<Template> = LazyLock::new(|| {
    Template::new(
        r"^as ~ enters, choose (?P<what>a color|a creature type|a basic land type|a card type|a player|an opponent|an? [a-z, -]*card name)(?: other than [a-z]+)?$",
    )
});

/// The key of `chosen:` a choice's words name.
fn key(what: &str) -> &'static str {
    match what {
        "a color" => "color",
        "a creature type" => "creature_type",
        "a basic land type" => "basic_land_type",
        "a card type" => "card_type",
        "a player" | "an opponent" => "player",
        _ => "card_name",
    }
}

/// `As ~ enters, choose a color.`: the ability is its text; what it chooses, the scenario says.
pub(super) fn sentence(_face: &FaceText, s: &str) -> Option<Pieces> {
    CHOOSE.is_match(s).then(|| Ok(vec![Piece::Text(String::new())]))
}

/// The keys of `chosen:` the face's abilities choose as it enters.
fn choices(face: &FaceText) -> Vec<&'static str> {
    super::split::lines(face.oracle_text)
        .iter()
        .map(|line| super::self_ref::normalise(face, super::split::ability_word(&line.plain).1))
        .filter_map(|norm| {
            let sentence = norm.trim_end_matches('.');
            CHOOSE.captures(sentence).map(|c| key(&c["what"]))
        })
        .collect()
}

/// The words of a choice (`the chosen type`), each with the keys of `chosen:` it may name.
const CHOSEN: [(&str, &[&str]); 8] = [
    ("the chosen type", &["creature_type", "basic_land_type", "card_type"]),
    ("the chosen creature type", &["creature_type"]),
    ("the chosen basic land type", &["basic_land_type"]),
    ("the chosen card type", &["card_type"]),
    ("the chosen color", &["color"]),
    ("the chosen player", &["player"]),
    ("the chosen opponent", &["player"]),
    ("the chosen name", &["card_name"]),
];

/// The sentence with the words of each choice the face makes as it enters (once, and only one
/// of its kind) made the placeholder the scenario replaces (`the chosen type` → `$chosen_creature_type`,
/// see `crate::scenario`'s `with_choices`); other choices' words left as they are, for the
/// templates to leave out.
pub(super) fn specific(face: &FaceText, s: &str) -> String {
    if !s.contains("the chosen ") {
        return s.to_string();
    }
    let made = choices(face);
    let mut out = s.to_string();
    for (words, keys) in CHOSEN {
        let given: Vec<&str> = made.iter().copied().filter(|k| keys.contains(k)).collect();
        if let [one] = given[..] {
            out = super::self_ref::replace_words(&out, words, &format!("$chosen_{one}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face<'a>(name: &'a str, text: &'a str) -> FaceText<'a> {
        FaceText { name, types: &[], subtypes: &[], oracle_text: text, keywords: &[] }
    }

    #[test]
    fn the_chosen_type_is_the_one_chosen_as_it_entered() {
        let automaton = face("Adaptive Automaton", "As Adaptive Automaton enters the battlefield, choose a creature type.\nAdaptive Automaton is the chosen type in addition to its other types.");
        assert_eq!(
            specific(&automaton, "~ is the chosen type in addition to its other types"),
            "~ is $chosen_creature_type in addition to its other types"
        );
        let twice = face("Twice", "As Twice enters, choose a color.\nAs Twice enters, choose a color.");
        assert_eq!(specific(&twice, "creatures of the chosen color"), "creatures of the chosen color", "which one?");
        let sprawl = face("Utopia Sprawl", "Enchant Forest\nAs Utopia Sprawl enters, choose a color.");
        assert_eq!(specific(&sprawl, "creatures of the chosen color"), "creatures of $chosen_color");
        assert_eq!(specific(&sprawl, "creatures of the chosen type"), "creatures of the chosen type", "no type chosen");
        let mage = face("Meddling Mage", "As Meddling Mage enters, choose a nonland card name.");
        assert_eq!(
            specific(&mage, "spells with the chosen name can't be cast"),
            "spells with $chosen_card_name can't be cast"
        );
        // A choice made otherwise (when it enters, as it resolves) is no scenario's `chosen:`.
        let trigger = face("Trigger", "When Trigger enters, choose a color.\nCreatures of the chosen color get +1/+1.");
        assert_eq!(choices(&trigger), Vec::<&str>::new());
        assert!(sentence(&trigger, "as ~ enters, choose a nonland card name").is_some());
        assert!(sentence(&trigger, "as ~ enters, choose a number").is_none());
        assert!(sentence(&trigger, "as ~ enters, you may pay 2 life").is_none());
    }
}
