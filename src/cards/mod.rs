//! Cards by name: the hand-modelled library (`rules-corpus/cards/`), first in line, then the
//! official card data a judge imports (Scryfall, MTGJSON), whose abilities are read from their
//! Oracle text. Each gives the model object a scenario's `- card: NAME` makes.

pub(crate) mod check;
pub(crate) mod data;
pub mod faces;
pub mod import;
pub mod library;
mod lookup;
pub mod names;
mod object;
pub mod oracle;
pub(crate) mod reading;
pub mod store;
mod view;

#[cfg(test)]
mod tests;

pub use library::{default_id, library, Card, Entry, FileProblems, Library};
pub use lookup::{Cards, Found, Imported, MemoryCards, NotFound};
pub use object::object_of;
pub use view::{view, AbilityView, CardView, FaceView};
