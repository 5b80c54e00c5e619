//! The zones of the game (400.1).

use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    Battlefield,
    Graveyard,
    Hand,
    Library,
    Exile,
    Stack,
    Command,
}

impl Zone {
    /// Every zone, in the order above.
    pub const EVERY: [Zone; 7] =
        [Zone::Battlefield, Zone::Graveyard, Zone::Hand, Zone::Library, Zone::Exile, Zone::Stack, Zone::Command];
}

/// Where in its library a card is put (401.2: a library's order is kept): on top, on the bottom,
/// or shuffled in (701.15a in 2011, 701.24a today).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Position {
    Top,
    Bottom,
    Shuffled,
}
