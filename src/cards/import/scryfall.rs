//! Scryfall's bulk files: "Oracle Cards" and "Default Cards" (arrays of card objects) and
//! "Rulings" (an array of ruling objects). One struct reads an item of any of them, so that the
//! kind of a file is told by its first item's `object`; the many fields a card object carries
//! that a judge has no use for (prices, images, legalities, …) are skipped unread.

use super::is_game_card;
use crate::cards::data::{CardData, Face, Ruling};
use serde::Deserialize;

/// An item of a Scryfall array: a card's fields, or a ruling's. The fields a face has too are
/// written again in [`FaceItem`] rather than shared by `#[serde(flatten)]`, which would make serde
/// buffer every field of every object, the kilobytes of prices and addresses included.
#[derive(Debug, Deserialize)]
#[serde(expecting = "a JSON object")]
pub(super) struct Item {
    pub object: Option<String>,
    name: Option<String>,
    layout: Option<String>,
    oracle_id: Option<String>,
    cmc: Option<f64>,
    mana_cost: Option<String>,
    type_line: Option<String>,
    oracle_text: Option<String>,
    colors: Option<Vec<String>>,
    power: Option<String>,
    toughness: Option<String>,
    loyalty: Option<String>,
    defense: Option<String>,
    keywords: Option<Vec<String>>,
    card_faces: Option<Vec<FaceItem>>,
    // A ruling's.
    source: Option<String>,
    published_at: Option<String>,
    comment: Option<String>,
}

/// A face of a card object (`card_faces`). A reversible card's faces carry their own Oracle id
/// and mana value, which its top level lacks.
#[derive(Debug, Deserialize)]
struct FaceItem {
    name: Option<String>,
    mana_cost: Option<String>,
    type_line: Option<String>,
    oracle_text: Option<String>,
    colors: Option<Vec<String>>,
    power: Option<String>,
    toughness: Option<String>,
    loyalty: Option<String>,
    defense: Option<String>,
    oracle_id: Option<String>,
    cmc: Option<f64>,
}

/// A ruling read from the Rulings file, for the card of that Oracle id.
#[derive(Debug, Clone, PartialEq)]
pub struct OracleRuling {
    pub oracle_id: String,
    pub ruling: Ruling,
}

impl Item {
    /// The card of a card object; `None` for an object that is not a game card.
    pub fn card(self) -> Result<Option<CardData>, String> {
        let name = self.name.ok_or("a card object without a `name`")?;
        let layout = self.layout.unwrap_or_else(|| "normal".to_string());
        if !is_game_card(&layout) {
            return Ok(None);
        }
        let top_colors = self.colors.unwrap_or_default();
        let mut oracle_id = self.oracle_id;
        let mut mana_value = self.cmc;
        let faces = match self.card_faces.filter(|faces| !faces.is_empty()) {
            Some(faces) => {
                let mut read = Vec::with_capacity(faces.len());
                for (at, face) in faces.into_iter().enumerate() {
                    oracle_id = oracle_id.or(face.oracle_id);
                    mana_value = mana_value.or(face.cmc);
                    let face_name = face.name.ok_or_else(|| format!("face {} of `{name}` has no `name`", at + 1))?;
                    let mana_cost = face.mana_cost.unwrap_or_default();
                    let colors = face.colors.unwrap_or_else(|| face_colors(&mana_cost, &top_colors));
                    read.push(Face {
                        name: face_name,
                        mana_cost,
                        type_line: face.type_line.unwrap_or_default(),
                        oracle_text: face.oracle_text.unwrap_or_default(),
                        colors,
                        power: face.power,
                        toughness: face.toughness,
                        loyalty: face.loyalty,
                        defense: face.defense,
                    });
                }
                read
            }
            None => vec![Face {
                name: name.clone(),
                mana_cost: self.mana_cost.unwrap_or_default(),
                type_line: self.type_line.unwrap_or_default(),
                oracle_text: self.oracle_text.unwrap_or_default(),
                colors: top_colors,
                power: self.power,
                toughness: self.toughness,
                loyalty: self.loyalty,
                defense: self.defense,
            }],
        };
        Ok(Some(CardData {
            name,
            layout,
            oracle_id,
            mana_value: mana_value.unwrap_or_default(),
            faces,
            keywords: self.keywords.unwrap_or_default(),
            rulings: Vec::new(),
            reading: None,
        }))
    }

    /// The ruling of a ruling object; `None` for a note of Scryfall's own (`source: scryfall`),
    /// which is not an official ruling.
    pub fn ruling(self) -> Result<Option<OracleRuling>, String> {
        let oracle_id = self.oracle_id.ok_or("a ruling without an `oracle_id`")?;
        let text = self.comment.ok_or("a ruling without a `comment`")?;
        if self.source.as_deref().is_some_and(|source| source != "wotc") {
            return Ok(None);
        }
        let date = self.published_at.unwrap_or_default();
        Ok(Some(OracleRuling { oracle_id, ruling: Ruling { date, text } }))
    }
}

/// The colours of a face the data gives none for: a split card's half and an adventure have
/// the colours of their own mana cost (the top level has the whole card's); a face without a
/// mana cost (a flip card's flipped half) has the card's.
fn face_colors(mana_cost: &str, card: &[String]) -> Vec<String> {
    if mana_cost.is_empty() {
        return card.to_vec();
    }
    let symbols: Vec<&str> = mana_cost.split(['{', '}']).filter(|s| !s.is_empty()).collect();
    ["W", "U", "B", "R", "G"]
        .into_iter()
        .filter(|letter| symbols.iter().any(|symbol| symbol.split('/').any(|part| part == *letter)))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(json: &str) -> Item {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_face_without_colours_has_its_mana_costs_or_the_cards() {
        let card = |c: &[&str]| c.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(face_colors("{1}{R}", &card(&["U", "R"])), ["R"]);
        assert_eq!(face_colors("{W/U}{2/B}{G/P}{C}{X}", &[]), ["W", "U", "B", "G"]);
        assert_eq!(face_colors("", &card(&["R"])), ["R"]);
        assert_eq!(face_colors("{3}", &card(&["R"])), Vec::<String>::new());
    }

    #[test]
    fn a_reversible_cards_oracle_id_and_mana_value_come_from_its_faces() {
        let card = item(
            r#"{"object":"card","name":"Plains // Plains","layout":"reversible_card","card_faces":[
                {"name":"Plains","type_line":"Basic Land — Plains","oracle_id":"abc","cmc":0.0,"colors":[]},
                {"name":"Plains","type_line":"Basic Land — Plains","oracle_id":"abc","cmc":0.0,"colors":[]}]}"#,
        )
        .card()
        .unwrap()
        .unwrap();
        assert_eq!(card.oracle_id.as_deref(), Some("abc"));
        assert_eq!(card.faces.len(), 2);
    }

    #[test]
    fn objects_that_are_not_game_cards_are_passed_over() {
        for layout in ["token", "art_series", "emblem", "double_faced_token", "vanguard", "scheme", "planar"] {
            let json = format!(r#"{{"object":"card","name":"Goblin","layout":"{layout}"}}"#);
            assert_eq!(item(&json).card(), Ok(None), "{layout}");
        }
        assert_eq!(item(r#"{"object":"card"}"#).card(), Err("a card object without a `name`".to_string()));
    }

    #[test]
    fn scryfalls_own_notes_are_not_official_rulings() {
        let ruling = |source: &str| {
            item(&format!(
                r#"{{"object":"ruling","oracle_id":"x","source":"{source}","published_at":"2020-01-01","comment":"Note."}}"#
            ))
            .ruling()
            .unwrap()
        };
        assert_eq!(ruling("scryfall"), None);
        let official = ruling("wotc").unwrap();
        assert_eq!((official.oracle_id.as_str(), official.ruling.date.as_str()), ("x", "2020-01-01"));
    }
}
