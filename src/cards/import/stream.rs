//! The top of a card data file, read one item at a time: a Scryfall array is visited element by
//! element, MTGJSON's `data` entry by entry, so that a file of 500 MB never sits in memory, only
//! the cards kept from it.
//!
//! What the visitors find is gathered in a [`Collector`]. A file that turns out not to be card
//! data stops the parse with the collector's `verdict` set: serde's errors carry text only.

use super::mtgjson::{self, Meta};
use super::scryfall::{Item, OracleRuling};
use crate::cards::data::CardData;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::collections::HashMap;
use std::fmt;

/// What the file is, as far as its items have told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Found {
    ScryfallCards,
    ScryfallRulings,
    Mtgjson,
}

#[derive(Debug, Default)]
pub(super) struct Collector {
    pub found: Option<Found>,
    pub cards: Vec<CardData>,
    pub rulings: Vec<OracleRuling>,
    pub date: Option<String>,
    /// Items of an array read, or entries of MTGJSON's `data`.
    pub items: usize,
    /// Objects passed over as not game cards.
    pub skipped: usize,
    /// Rulings passed over as not official.
    pub unofficial: usize,
    /// Another printing of a card already read was met (a Default Cards file).
    pub printings: bool,
    /// Where each Oracle id's card is in `cards`, to keep one per card of a file of printings.
    by_oracle_id: HashMap<String, usize>,
    /// What the file looks like, when it is not card data.
    pub verdict: Option<String>,
    /// Of a JSON object: its `object` field, and its first keys, to say what it is.
    object: Option<String>,
    keys: Vec<String>,
}

impl Collector {
    /// An item of a Scryfall array; `Err` stops the parse.
    fn item(&mut self, item: Item) -> Result<(), String> {
        self.items += 1;
        let number = self.items;
        let found = match item.object.as_deref() {
            Some("card") => Found::ScryfallCards,
            Some("ruling") => Found::ScryfallRulings,
            other if number == 1 => {
                let looks_like = match other {
                    Some(object) => format!("a JSON array of Scryfall `{object}` objects"),
                    None => "a JSON array of objects that are neither Scryfall cards nor rulings".to_string(),
                };
                return Err(self.not_card_data(looks_like));
            }
            Some(object) => return Err(format!("item {number} is a `{object}` object, neither a card nor a ruling")),
            None => return Err(format!("item {number} has no `object` field")),
        };
        match self.found {
            Some(before) if before != found => {
                let (what, of) = match found {
                    Found::ScryfallRulings => ("a ruling", "cards"),
                    _ => ("a card", "rulings"),
                };
                return Err(format!("item {number} is {what}, in a file of {of}"));
            }
            _ => self.found = Some(found),
        }
        let at = |e: String| format!("item {number}: {e}");
        if found == Found::ScryfallRulings {
            match item.ruling().map_err(at)? {
                Some(ruling) => self.rulings.push(ruling),
                None => self.unofficial += 1,
            }
            return Ok(());
        }
        match item.card().map_err(at)? {
            Some(card) => self.card(card),
            None => self.skipped += 1,
        }
        Ok(())
    }

    /// Keeps a card, or, for another printing of a card already kept, keeps one of the two: the
    /// first, unless it is a reversible printing (two faces of the same card, `X // X`) and the
    /// other one is not.
    fn card(&mut self, card: CardData) {
        let Some(oracle_id) = card.oracle_id.clone() else {
            self.cards.push(card);
            return;
        };
        match self.by_oracle_id.get(&oracle_id) {
            Some(&at) => {
                self.printings = true;
                if self.cards[at].layout == "reversible_card" && card.layout != "reversible_card" {
                    self.cards[at] = card;
                }
            }
            None => {
                self.by_oracle_id.insert(oracle_id, self.cards.len());
                self.cards.push(card);
            }
        }
    }

    fn not_card_data(&mut self, looks_like: String) -> String {
        self.verdict = Some(looks_like);
        "not card data".to_string()
    }

    /// What a JSON object that is not MTGJSON's looks like.
    fn other_object(&mut self) -> String {
        let looks_like = match &self.object {
            Some(object) => format!("a Scryfall `{object}` object, not one of the bulk files"),
            None if self.keys.is_empty() => "an empty JSON object".to_string(),
            None => {
                format!("a JSON object with the keys `{}`, not MTGJSON's `meta` and `data`", self.keys.join("`, `"))
            }
        };
        self.not_card_data(looks_like)
    }
}

/// The whole file.
pub(super) struct TopLevel<'c>(pub &'c mut Collector);

impl<'de> Visitor<'de> for TopLevel<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON array of Scryfall cards or rulings, or MTGJSON's AtomicCards object")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(item) = seq.next_element::<Item>()? {
            self.0.item(item).map_err(de::Error::custom)?;
        }
        if self.0.items == 0 {
            return Err(de::Error::custom(self.0.not_card_data("an empty JSON array".to_string())));
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut data = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "meta" => self.0.date = map.next_value::<Meta>()?.date,
                "data" => {
                    map.next_value_seed(Data(self.0))?;
                    data = true;
                }
                "object" => self.0.object = map.next_value::<serde_json::Value>()?.as_str().map(str::to_string),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            const SHOWN_KEYS: usize = 4;
            if self.0.keys.len() < SHOWN_KEYS {
                self.0.keys.push(key);
            }
        }
        if !data {
            return Err(de::Error::custom(self.0.other_object()));
        }
        if self.0.items == 0 {
            let looks_like = "an MTGJSON file with no cards in its `data`".to_string();
            return Err(de::Error::custom(self.0.not_card_data(looks_like)));
        }
        Ok(())
    }
}

/// MTGJSON's `data`: card names to their faces.
struct Data<'c>(&'c mut Collector);

impl<'de> DeserializeSeed<'de> for Data<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Data<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("MTGJSON's map of card names to their faces")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(name) = map.next_key::<String>()? {
            let faces = map.next_value::<Vec<mtgjson::FaceItem>>()?;
            self.0.items += 1;
            self.0.found = Some(Found::Mtgjson);
            let (cards, skipped) = mtgjson::cards(&name, faces);
            self.0.cards.extend(cards);
            self.0.skipped += skipped;
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _seq: A) -> Result<(), A::Error> {
        Err(de::Error::custom(self.0.other_object()))
    }
}
