//! Ranked full-text search over an edition, with a tantivy index.
//!
//! One document per rule: its number, its section's heading, its text and its examples. A
//! question is read as words and quoted phrases, analysed like the rules (French elisions,
//! accent folding, stemming, stop words) and ranked by BM25, the rule's text weighing more than
//! its section's heading and its examples. Words of the other language are translated through
//! the game's vocabulary, and a word the rules do not have is taken for a typo and corrected.
//!
//! [`SearchIndex::in_memory`] builds the index of an edition in memory.

mod analyzer;
mod build;
mod error;
mod hit;
mod index;
mod query;
mod schema;
mod tokenizer;
mod vocabulary;

pub use error::SearchError;
pub use hit::Hit;
pub use index::{BuildReason, Origin, SearchIndex};
