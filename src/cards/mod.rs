//! Cards by name: the hand-modelled library (`rules-corpus/cards/`), first in line, then the
//! official card data a judge imports (Scryfall, MTGJSON), whose abilities are read from their
//! Oracle text. Each gives the model object a scenario's `- card: NAME` makes.

pub(crate) mod check;
pub(crate) mod data;
pub(crate) mod faces;
pub(crate) mod import;
pub(crate) mod library;
mod lookup;
pub(crate) mod names;
mod object;
pub(crate) mod oracle;
pub(crate) mod reading;
pub(crate) mod store;
mod view;

#[cfg(test)]
mod tests;

pub use faces::type_line;
pub use import::read as read_card_file;
pub use library::{default_id, library, Card, Entry, FileProblems, Library};
pub use lookup::{Cards, Found, Imported, MemoryCards, NotFound};
pub use names::fold as fold_name;
pub use object::object_of;
pub use oracle::{compile, Compiled, FaceText, Kind as AbilityKind};
pub use store::{import as import_cards, CardStore, StoreCards};
pub use view::{view, AbilityView, CardView, FaceView};
