//! Glossary entries of an English CR file.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlossaryEntry {
    /// The headword as printed, e.g. `Active Player, Nonactive Player Order`.
    pub term: String,
    /// Other names for the same entry (the comma-joined parts of some headwords).
    pub aliases: Vec<String>,
    pub definition: String,
    /// The entry is marked `(Obsolete)`.
    pub obsolete: bool,
}
