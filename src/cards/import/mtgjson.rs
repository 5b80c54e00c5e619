//! MTGJSON's `AtomicCards.json`: `{"meta": {…}, "data": {"Full Name": [face, …], …}}`, the faces
//! of a card of several faces listed under its full name, each with the card's rulings.

use super::is_game_card;
use crate::cards::data::{CardData, Face, Ruling};
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
pub(super) struct Meta {
    pub date: Option<String>,
}

/// A face object of `data`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct FaceItem {
    name: Option<String>,
    face_name: Option<String>,
    layout: Option<String>,
    mana_cost: Option<String>,
    /// The card's, whichever face (a split card's halves both give the total).
    mana_value: Option<f64>,
    #[serde(rename = "type")]
    type_line: Option<String>,
    text: Option<String>,
    colors: Option<Vec<String>>,
    power: Option<String>,
    toughness: Option<String>,
    loyalty: Option<String>,
    defense: Option<String>,
    keywords: Option<Vec<String>>,
    /// `a`, `b`, …: which face of the card this is; absent for a card of one face.
    side: Option<String>,
    rulings: Option<Vec<RulingItem>>,
    identifiers: Option<Identifiers>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Identifiers {
    scryfall_oracle_id: Option<String>,
}

#[derive(Debug, Deserialize)]
struct RulingItem {
    date: Option<String>,
    text: Option<String>,
}

/// The cards listed under `key`. Usually one; several when different cards share a name
/// (un-set variants): a face without a side, or whose side does not come after the one before,
/// starts another card. Cards that are not game cards are left out: the count of them is the
/// second value.
pub(super) fn cards(key: &str, faces: Vec<FaceItem>) -> (Vec<CardData>, usize) {
    let mut groups: Vec<Vec<FaceItem>> = Vec::new();
    for face in faces {
        let continues = groups.last().and_then(|g| g.last()).is_some_and(
            |before: &FaceItem| matches!((&before.side, &face.side), (Some(before), Some(side)) if side > before),
        );
        match groups.last_mut() {
            Some(group) if continues => group.push(face),
            _ => groups.push(vec![face]),
        }
    }
    let mut cards = Vec::with_capacity(groups.len());
    let mut skipped = 0;
    for group in groups {
        match card(key, group) {
            Some(card) => cards.push(card),
            None => skipped += 1,
        }
    }
    (cards, skipped)
}

fn card(key: &str, mut faces: Vec<FaceItem>) -> Option<CardData> {
    let first = faces.first_mut()?;
    let layout = first.layout.take().unwrap_or_else(|| "normal".to_string());
    if !is_game_card(&layout) {
        return None;
    }
    let name = first.name.take().unwrap_or_else(|| key.to_string());
    let oracle_id = first.identifiers.as_mut().and_then(|i| i.scryfall_oracle_id.take());
    let mana_value = first.mana_value.unwrap_or_default();
    let mut rulings: Vec<Ruling> = first
        .rulings
        .take()
        .unwrap_or_default()
        .into_iter()
        .map(|r| Ruling { date: r.date.unwrap_or_default(), text: r.text.unwrap_or_default() })
        .collect();
    // Oldest first, as the card data promises; rulings of one day keep their order.
    rulings.sort_by(|a, b| a.date.cmp(&b.date));
    let mut keywords: Vec<String> = Vec::new();
    let faces = faces
        .into_iter()
        .map(|face| {
            for keyword in face.keywords.unwrap_or_default() {
                if !keywords.contains(&keyword) {
                    keywords.push(keyword);
                }
            }
            Face {
                name: face.face_name.or(face.name).unwrap_or_else(|| name.clone()),
                mana_cost: face.mana_cost.unwrap_or_default(),
                type_line: face.type_line.unwrap_or_default(),
                oracle_text: face.text.unwrap_or_default(),
                colors: face.colors.unwrap_or_default(),
                power: face.power,
                toughness: face.toughness,
                loyalty: face.loyalty,
                defense: face.defense,
            }
        })
        .collect();
    Some(CardData { name, layout, oracle_id, mana_value, faces, keywords, rulings, reading: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(json: &str) -> Vec<FaceItem> {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn faces_of_one_card_and_cards_of_one_name_are_told_apart() {
        let split = faces(
            r#"[{"name":"Fire // Ice","faceName":"Fire","layout":"split","side":"a","manaCost":"{1}{R}","manaValue":4,"type":"Instant","keywords":[]},
                {"name":"Fire // Ice","faceName":"Ice","layout":"split","side":"b","manaCost":"{1}{U}","manaValue":4,"type":"Instant"}]"#,
        );
        let (read, skipped) = cards("Fire // Ice", split);
        assert_eq!((read.len(), skipped), (1, 0));
        let names: Vec<&str> = read[0].faces.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["Fire", "Ice"]);
        assert_eq!(read[0].mana_value, 4.0);

        let variants = faces(
            r#"[{"name":"Everythingamajig","layout":"normal","type":"Artifact","text":"One."},
                {"name":"Everythingamajig","layout":"normal","type":"Artifact","text":"Two."}]"#,
        );
        assert_eq!(cards_len(variants), (2, 0));
    }

    #[test]
    fn rulings_come_oldest_first_and_tokens_are_left_out() {
        let card = faces(
            r#"[{"name":"X","layout":"normal","type":"Creature","rulings":[
                {"date":"2021-02-01","text":"Later."},{"date":"2019-01-01","text":"Earlier."}]}]"#,
        );
        let (read, _) = cards("X", card);
        let texts: Vec<&str> = read[0].rulings.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["Earlier.", "Later."]);
        let token = faces(r#"[{"name":"Goblin","layout":"token","type":"Token Creature — Goblin"}]"#);
        assert_eq!(cards_len(token), (0, 1));
    }

    fn cards_len(faces: Vec<FaceItem>) -> (usize, usize) {
        let (cards, skipped) = cards("key", faces);
        (cards.len(), skipped)
    }
}
