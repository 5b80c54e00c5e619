//! What can go wrong reading a card store, or importing card data into one.

use super::format::FORMAT;
use miette::Diagnostic;
use std::io;
use std::path::PathBuf;

/// What to do about a store that cannot be read: make it again from the card data.
const REIMPORT: &str = "import the card data again to replace it: `judge cards fetch`, or `judge cards import FILE…`";

/// What to give `judge cards import`.
const CARD_FILES: &str = "give Scryfall's bulk files (Oracle Cards or Default Cards, and Rulings) or MTGJSON's \
     AtomicCards.json; `judge cards fetch` downloads Scryfall's; nothing was imported";

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum CardStoreError {
    #[error("cannot read the card store `{}`", .path.display())]
    #[diagnostic(help("check the data directory's permissions, or {REIMPORT}"))]
    Read { path: PathBuf, source: io::Error },

    #[error("the card store `{}` is damaged", .path.display())]
    #[diagnostic(help("{reason}; {REIMPORT}"))]
    Damaged { path: PathBuf, reason: String },

    #[error("there is no card number {number} in the card store: it holds {count}")]
    #[diagnostic(help("card numbers come from `CardStore::keys`"))]
    NoSuchCard { number: usize, count: usize },

    #[error("the card store `{}` was written in format {found}, and this version of judge reads format {FORMAT}", .path.display())]
    #[diagnostic(help("{REIMPORT}"))]
    Outdated { path: PathBuf, found: u32 },
}

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum CardImportError {
    #[error("cannot read `{file}`")]
    #[diagnostic(help("nothing was imported"))]
    Read { file: String, source: io::Error },

    #[error("`{file}` is not card data: it looks like {looks_like}")]
    #[diagnostic(help("{CARD_FILES}"))]
    NotCardData { file: String, looks_like: String },

    #[error("`{file}` is cut short: its JSON ends at line {line}, column {column}, in the middle of a value")]
    #[diagnostic(help("the download or the copy did not finish: get the file again; nothing was imported"))]
    CutShort { file: String, line: usize, column: usize },

    #[error("`{file}` is not UTF-8 text: the bytes at offset {offset} are no character")]
    #[diagnostic(help("card data files are UTF-8 JSON: get the file again, unconverted; nothing was imported"))]
    NotUtf8 { file: String, offset: u64 },

    #[error("`{file}` is not valid card data at line {line}, column {column}: {message}")]
    #[diagnostic(help(
        "the file may be damaged, or of a layout this version of judge does not know: get it again; nothing was imported"
    ))]
    Invalid { file: String, line: usize, column: usize, message: String },

    #[error("no card data file was given")]
    #[diagnostic(help("{CARD_FILES}"))]
    NoFiles,

    #[error(
        "the rulings of `{file}` have no cards to go with: no card data has been imported into this data directory"
    )]
    #[diagnostic(help(
        "import the cards with them: `judge cards import oracle-cards.json rulings.json`, or `judge cards fetch`"
    ))]
    RulingsWithoutCards { file: String },

    #[error("the rulings of `{file}` have no cards to go with: the card store cannot be read")]
    #[diagnostic(help(
        "import the cards with them, which replaces the store: `judge cards import oracle-cards.json rulings.json`, or `judge cards fetch`"
    ))]
    RulingsOnBadStore {
        file: String,
        #[diagnostic_source]
        source: CardStoreError,
    },

    #[error("cannot write the card store `{}`", .path.display())]
    #[diagnostic(help("the store is left as it was"))]
    Write { path: PathBuf, source: io::Error },
}

/// The store's rulings could not be kept for the cards an import brought: the old store could
/// not be read. The import went on.
#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("the rulings of the old card store were not kept: it cannot be read")]
#[diagnostic(
    severity(Warning),
    help("the new cards are imported without rulings; import the rulings file too: `judge cards import rulings.json`")
)]
pub struct RulingsLost {
    #[diagnostic_source]
    pub source: CardStoreError,
}
