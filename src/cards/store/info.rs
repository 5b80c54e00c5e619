//! What a card store records of its imports, for `judge cards info`: the files its cards and its
//! rulings came from, and what each gave.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The kinds of files `judge cards import` reads, told apart by their content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FileKind {
    /// Scryfall's bulk file of one object per Oracle card.
    ScryfallOracleCards,
    /// Scryfall's bulk file of one object per printing (an Oracle id seen more than once).
    ScryfallDefaultCards,
    ScryfallRulings,
    /// MTGJSON's `AtomicCards.json`: cards with their rulings.
    MtgjsonAtomicCards,
}

impl FileKind {
    /// Whether the file gives cards (and the rulings it carries), as opposed to rulings alone.
    pub fn has_cards(self) -> bool {
        !matches!(self, FileKind::ScryfallRulings)
    }

    /// Whether the file gives rulings: a rulings file, or cards that carry theirs.
    pub fn has_rulings(self) -> bool {
        matches!(self, FileKind::ScryfallRulings | FileKind::MtgjsonAtomicCards)
    }
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileKind::ScryfallOracleCards => "Scryfall Oracle Cards",
            FileKind::ScryfallDefaultCards => "Scryfall Default Cards",
            FileKind::ScryfallRulings => "Scryfall Rulings",
            FileKind::MtgjsonAtomicCards => "MTGJSON AtomicCards",
        })
    }
}

/// One file an import read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportedFile {
    pub kind: FileKind,
    /// Its name, without the directory: the same files imported from elsewhere make the same
    /// store.
    pub file: String,
    /// The game cards it gave (objects that are not game cards, and other printings of a card
    /// already read, are not counted).
    pub cards: usize,
    /// The rulings it gave.
    pub rulings: usize,
    /// The date the file states for itself (MTGJSON's `meta.date`, the time stamp in a Scryfall
    /// bulk file's name, or the listing's `updated_at` for a fetched file); never the time of the
    /// import, so that the store depends on the files alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

/// What a store holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreInfo {
    /// The files of the cards, then those of the rulings, as imported.
    pub files: Vec<ImportedFile>,
    pub cards: usize,
    /// The rulings attached to the store's cards.
    pub rulings: usize,
}
