//! The characteristics an object has from a face of a card (or from a whole split card), read
//! from the card data: the type line's supertypes, card types and subtypes, the colours, the mana
//! value, power and toughness, loyalty and defense.

use super::data::{CardData, Face};

/// What a scenario's object is made from: one face, or both halves of a split card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Face(usize),
    /// A split card not on the stack has the combined characteristics of its halves (709.4).
    Halves,
}

/// The side named: the face whose name it is, else the card's front (a split card's halves when
/// the card's full name is given). `folded` is a name folded by `names::fold`.
pub fn side_named(card: &CardData, folded: &str) -> Side {
    let full = super::names::fold(&card.name) == folded;
    match card.face_named(folded) {
        Some(face) if !(full && card.faces.len() > 1) => Side::Face(face),
        _ if card.layout == "split" && card.faces.len() > 1 => Side::Halves,
        _ => Side::Face(0),
    }
}

/// The parts of a type line (205): `Legendary Snow Creature — Elf Druid`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TypeLine {
    pub supertypes: Vec<String>,
    pub types: Vec<String>,
    pub subtypes: Vec<String>,
}

/// Supertypes (205.4a).
const SUPERTYPES: [&str; 6] = ["basic", "legendary", "ongoing", "snow", "world", "elite"];

/// Subtypes of more than one word: a type line lists them with spaces (205.3).
const LONG_SUBTYPES: [&str; 1] = ["time lord"];

/// Reads a type line, lower-cased: the words before the dash are supertypes and card types, the
/// words after it subtypes. The dash is an em dash in both Scryfall's and MTGJSON's data; a
/// hyphen between spaces is taken too.
pub fn type_line(line: &str) -> TypeLine {
    let line = line.to_lowercase();
    let (before, after) = line.split_once(" — ").or_else(|| line.split_once(" - ")).unwrap_or((line.as_str(), ""));
    let mut parsed = TypeLine::default();
    for word in before.split_whitespace() {
        if SUPERTYPES.contains(&word) {
            parsed.supertypes.push(word.to_string());
        } else {
            parsed.types.push(word.to_string());
        }
    }
    let words: Vec<&str> = after.split_whitespace().collect();
    let mut at = 0;
    while at < words.len() {
        let two = words.get(at + 1).map(|next| format!("{} {next}", words[at]));
        match two.filter(|two| LONG_SUBTYPES.contains(&two.as_str())) {
            Some(two) => {
                parsed.subtypes.push(two);
                at += 2;
            }
            None => {
                parsed.subtypes.push(words[at].to_string());
                at += 1;
            }
        }
    }
    parsed
}

/// Colour words from the data's letters, in W, U, B, R, G order.
pub fn colors(letters: &[String]) -> Vec<String> {
    [("W", "white"), ("U", "blue"), ("B", "black"), ("R", "red"), ("G", "green")]
        .iter()
        .filter(|(letter, _)| letters.iter().any(|l| l.eq_ignore_ascii_case(letter)))
        .map(|(_, word)| word.to_string())
        .collect()
}

/// The mana value of a mana cost (202.3): each generic number counts as itself, each other
/// symbol as one, a hybrid symbol with a number as that number (202.3f today), X as zero
/// (202.3e), a half symbol as a half. `None` when a symbol cannot be read.
pub fn mana_value_of(cost: &str) -> Option<f64> {
    let mut total = 0.0;
    let mut rest = cost.trim();
    while !rest.is_empty() {
        let inner = rest.strip_prefix('{')?;
        let end = inner.find('}')?;
        let symbol = &inner[..end];
        total += symbol_value(symbol)?;
        rest = inner[end + 1..].trim_start();
    }
    Some(total)
}

fn symbol_value(symbol: &str) -> Option<f64> {
    let symbol = symbol.to_ascii_uppercase();
    if let Ok(n) = symbol.parse::<u32>() {
        return Some(f64::from(n));
    }
    match symbol.as_str() {
        "X" | "Y" | "Z" => Some(0.0),
        "½" | "H" => Some(0.5),
        s if s.starts_with('H') && s.len() == 2 => Some(0.5),
        s if s.contains('/') => {
            // Hybrid or Phyrexian: the larger of its halves (a `{2/W}` counts two).
            s.split('/').map(|part| part.parse::<u32>().map_or(1.0, f64::from)).reduce(f64::max)
        }
        "W" | "U" | "B" | "R" | "G" | "C" | "S" | "P" | "D" | "L" => Some(1.0),
        _ => None,
    }
}

/// A printed number (`2`, `-1`, `+0`); `None` for `*`, `1+*`, `X`, `∞` and the like, which an
/// ability of the card defines or a scenario gives.
pub fn number(printed: Option<&str>) -> Option<i64> {
    let printed = printed?.trim();
    printed.strip_prefix('+').unwrap_or(printed).parse().ok()
}

/// The mana value the object has from this side of the card (202.3, 709.4, 712.8, 715.4): a
/// split card's total as a whole and a half's own; an adventurer card's, a flip card's and a
/// transforming card's back face's are the card's (its front's); a modal double-faced card's face
/// has its own. `None` for a fraction or a cost that cannot be read.
pub fn mana_value(card: &CardData, side: Side) -> Option<i64> {
    let own = |face: &Face| mana_value_of(&face.mana_cost);
    let value = match side {
        Side::Halves => Some(card.mana_value),
        Side::Face(i) => {
            let face = card.faces.get(i)?;
            let face_own = matches!(card.layout.as_str(), "split" | "modal_dfc" | "aftermath")
                || (card.layout == "adventure" && i > 0);
            if face_own && card.faces.len() > 1 {
                own(face)
            } else {
                Some(card.mana_value)
            }
        }
    }?;
    (value.fract() == 0.0 && value >= 0.0).then_some(value as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_lines_split_into_their_parts() {
        let t = type_line("Legendary Snow Creature — Elf Druid");
        assert_eq!(t.supertypes, ["legendary", "snow"]);
        assert_eq!(t.types, ["creature"]);
        assert_eq!(t.subtypes, ["elf", "druid"]);
        let t = type_line("Basic Land — Forest");
        assert_eq!(
            (t.supertypes, t.types, t.subtypes),
            (vec!["basic".into()], vec!["land".into()], vec!["forest".into()])
        );
        assert_eq!(type_line("Artifact").types, ["artifact"]);
        assert_eq!(type_line("Legendary Creature — Time Lord Doctor").subtypes, ["time lord", "doctor"]);
        assert_eq!(type_line("Land — Urza's Power-Plant").subtypes, ["urza's", "power-plant"]);
    }

    #[test]
    fn mana_values_of_costs() {
        assert_eq!(mana_value_of("{2}{R}"), Some(3.0));
        assert_eq!(mana_value_of("{X}{G}{G}"), Some(2.0));
        assert_eq!(mana_value_of("{2/W}{2/W}{2/W}"), Some(6.0));
        assert_eq!(mana_value_of("{W/P}{B/G}"), Some(2.0));
        assert_eq!(mana_value_of(""), Some(0.0));
        assert_eq!(mana_value_of("{Q}"), None);
        assert_eq!(mana_value_of("{2"), None);
    }

    #[test]
    fn printed_numbers_and_stars() {
        assert_eq!(number(Some("3")), Some(3));
        assert_eq!(number(Some("-1")), Some(-1));
        assert_eq!(number(Some("+0")), Some(0));
        assert_eq!(number(Some("*")), None);
        assert_eq!(number(Some("1+*")), None);
        assert_eq!(number(None), None);
    }

    #[test]
    fn colour_letters_become_words_in_order() {
        assert_eq!(colors(&["G".into(), "W".into()]), ["white", "green"]);
    }
}
