//! The name index: every name a card is asked by, folded (`names::fold`), to the card. A card is
//! found by its full name and by each face's (`Fire`, `Ice` and `Fire // Ice` all find Fire //
//! Ice).

use super::format::{KeyEntry, Span};
use crate::cards::data::CardData;
use crate::cards::names::fold;
use std::io;

/// The keys of `cards` (numbered in order) in increasing byte order of their folded names, and
/// the pool of their texts. A name shared by two cards, or by a card and another's face, finds
/// one: the card whose full name it is before a face's, then the first card.
pub(super) fn build(cards: &[CardData]) -> io::Result<(Vec<KeyEntry>, String)> {
    // (folded, display, a face's name rather than a full name, card)
    let mut names: Vec<(String, &str, bool, usize)> = Vec::with_capacity(cards.len() + cards.len() / 8);
    for (number, card) in cards.iter().enumerate() {
        let full = fold(&card.name);
        for face in &card.faces {
            let folded = fold(&face.name);
            if folded != full {
                names.push((folded, &face.name, true, number));
            }
        }
        names.push((full, &card.name, false, number));
    }
    names.sort_unstable_by(|a, b| (&a.0, a.2, a.3).cmp(&(&b.0, b.2, b.3)));
    names.dedup_by(|later, first| later.0 == first.0);
    let mut pool = String::new();
    let mut keys = Vec::with_capacity(names.len());
    let too_much = || io::Error::other("too much card data for one store");
    let push = |pool: &mut String, text: &str| -> io::Result<Span> {
        let start = u32::try_from(pool.len()).map_err(|_| too_much())?;
        let len = u32::try_from(text.len()).map_err(|_| too_much())?;
        pool.push_str(text);
        Ok(Span { start, len })
    };
    for (folded, display, _, card) in &names {
        let folded = push(&mut pool, folded)?;
        // Most names are their folded form but for the case: both are kept, since folding is
        // not undone.
        let display = push(&mut pool, display)?;
        keys.push(KeyEntry { folded, display, card: u32::try_from(*card).map_err(|_| too_much())? });
    }
    u32::try_from(pool.len()).map_err(|_| too_much())?;
    Ok((keys, pool))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::data::Face;

    fn card(name: &str, faces: &[&str]) -> CardData {
        let face = |name: &str| Face {
            name: name.to_string(),
            mana_cost: String::new(),
            type_line: "Instant".to_string(),
            oracle_text: String::new(),
            colors: vec![],
            power: None,
            toughness: None,
            loyalty: None,
            defense: None,
        };
        CardData {
            name: name.to_string(),
            layout: "normal".to_string(),
            oracle_id: None,
            mana_value: 0.0,
            faces: faces.iter().map(|f| face(f)).collect(),
            keywords: vec![],
            rulings: vec![],
            reading: None,
        }
    }

    #[test]
    fn full_names_and_face_names_find_the_card_and_full_names_win() {
        let cards = [card("Fire // Ice", &["Fire", "Ice"]), card("Ice", &["Ice"]), card("Æther Vial", &["Æther Vial"])];
        let (keys, pool) = build(&cards).unwrap();
        let listed: Vec<(&str, &str, u32)> =
            keys.iter().map(|k| (&pool[k.folded.range()], &pool[k.display.range()], k.card)).collect();
        assert_eq!(
            listed,
            [
                ("aether vial", "Æther Vial", 2),
                ("fire", "Fire", 0),
                ("fire // ice", "Fire // Ice", 0),
                ("ice", "Ice", 1)
            ]
        );
    }
}
