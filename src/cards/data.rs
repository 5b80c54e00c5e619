//! A card as the official card data describes it (Scryfall's bulk files, MTGJSON's
//! `AtomicCards.json`), whatever file it came from: its name, its faces with their Oracle text,
//! its keywords and its official rulings. The card store keeps these; the compiler
//! (`oracle/`) and `faces.rs` turn them into what the engine reads.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardData {
    /// The card's full name: `Fire // Ice` for a card of two faces.
    pub name: String,
    /// As the data names it: `normal`, `split`, `flip`, `transform`, `modal_dfc`, `adventure`,
    /// `meld`, `saga`, `class`, … (Scryfall's words; MTGJSON uses the same ones).
    pub layout: String,
    /// The card's Oracle id (Scryfall), which its rulings name; absent where the data has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oracle_id: Option<String>,
    /// The mana value of the card as a whole (202.3; a split card's is the total of its halves,
    /// 709.4 today). Fractions exist only on silver-bordered cards.
    pub mana_value: f64,
    /// Its faces, front first; a card of one face has one.
    pub faces: Vec<Face>,
    /// The keyword abilities the data lists for the card, as printed (`Flying`, `Protection`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    /// Its official rulings, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<Ruling>,
    /// What the Oracle-text compiler read of each face, kept when the card was imported
    /// (`reading.rs`); `None` for card data read from a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<Reading>,
}

/// The compiler's reading of a card's faces, and the fingerprint of the compiler that made it: a
/// build with another compiler reads the text again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    pub compiler: u64,
    /// Each face's abilities, in the order of the faces.
    pub faces: Vec<Vec<super::oracle::Compiled>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    pub name: String,
    /// As printed, in braces: `{1}{R}`; empty when the face has no mana cost.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mana_cost: String,
    /// `Legendary Creature — Elf Druid`.
    pub type_line: String,
    /// The Oracle text, one ability per line; empty for a vanilla face.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub oracle_text: String,
    /// Its colours as the data gives them, colour indicator included: letters of `WUBRG`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colors: Vec<String>,
    /// As printed: `2`, `*`, `1+*`, `-1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toughness: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<String>,
    /// A battle's printed defense.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<String>,
}

/// One official ruling on a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub text: String,
}

impl CardData {
    /// The face of that name, case and accents aside (`names::fold`), if the card has one.
    pub fn face_named(&self, folded: &str) -> Option<usize> {
        self.faces.iter().position(|f| super::names::fold(&f.name) == folded)
    }

    /// Whether its faces are two sides of one card or object, not two halves of one side.
    pub fn double_faced(&self) -> bool {
        matches!(self.layout.as_str(), "transform" | "modal_dfc" | "meld" | "reversible_card" | "double_faced_token")
    }
}
