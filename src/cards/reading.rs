//! A card's faces as the Oracle-text compiler reads them: kept in the card data at import, when
//! the compiler that read them is this build's, so that naming a card in a scenario does not read
//! its text again; read now otherwise.

use super::data::{CardData, Face, Reading};
use super::faces;
use super::oracle::{self, Compiled, FaceText};
use rayon::prelude::*;
use std::borrow::Cow;

/// The abilities of the face `face` of the card, as compiled.
pub fn face_abilities(card: &CardData, face: usize) -> Cow<'_, [Compiled]> {
    let kept = card.reading.as_ref().filter(|r| r.compiler == oracle::FINGERPRINT).and_then(|r| r.faces.get(face));
    match (kept, card.faces.get(face)) {
        (Some(kept), _) => Cow::Borrowed(kept),
        (None, Some(f)) => Cow::Owned(read(card, f)),
        (None, None) => Cow::Owned(Vec::new()),
    }
}

/// Reads a face's text with its own types and the card's keywords.
fn read(card: &CardData, face: &Face) -> Vec<Compiled> {
    let line = faces::type_line(&face.type_line);
    let text = FaceText {
        name: &face.name,
        types: &line.types,
        subtypes: &line.subtypes,
        oracle_text: &face.oracle_text,
        keywords: &card.keywords,
    };
    oracle::compile(&text)
}

/// Keeps each card's reading, made by this build's compiler where it has none or another's: the
/// cards are read side by side on every core.
pub fn read_all(cards: &mut [CardData]) {
    cards.par_iter_mut().filter(|c| c.reading.as_ref().is_none_or(|r| r.compiler != oracle::FINGERPRINT)).for_each(
        |card| {
            let faces = card.faces.iter().map(|f| read(card, f)).collect();
            card.reading = Some(Reading { compiler: oracle::FINGERPRINT, faces });
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> CardData {
        CardData {
            name: "Glorious Anthem".into(),
            layout: "normal".into(),
            oracle_id: None,
            mana_value: 3.0,
            faces: vec![Face {
                name: "Glorious Anthem".into(),
                mana_cost: "{1}{W}{W}".into(),
                type_line: "Enchantment".into(),
                oracle_text: text.into(),
                colors: vec!["W".into()],
                power: None,
                toughness: None,
                loyalty: None,
                defense: None,
            }],
            keywords: Vec::new(),
            rulings: Vec::new(),
            reading: None,
        }
    }

    #[test]
    fn a_kept_reading_is_the_reading_and_another_compiler_s_is_read_again() {
        let mut cards = vec![card("Creatures you control get +1/+1.")];
        let fresh = face_abilities(&cards[0], 0).into_owned();
        assert!(fresh[0].model.is_ok());
        read_all(&mut cards);
        assert!(matches!(face_abilities(&cards[0], 0), Cow::Borrowed(kept) if kept == fresh.as_slice()));
        // Another compiler's reading, of another text: not used.
        let mut stale = cards[0].clone();
        stale.reading = Some(Reading { compiler: oracle::FINGERPRINT ^ 1, faces: vec![Vec::new()] });
        assert_eq!(face_abilities(&stale, 0).into_owned(), fresh);
        read_all(std::slice::from_mut(&mut stale));
        assert_eq!(stale.reading.as_ref().map(|r| r.compiler), Some(oracle::FINGERPRINT));
    }
}
