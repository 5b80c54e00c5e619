//! Ranked full-text search over an edition, with a tantivy index.
//!
//! One document per rule: its number, its section's heading, its text and its examples. A
//! question is read as words and quoted phrases, analysed like the rules (French elisions,
//! accent folding, stemming, stop words) and ranked by BM25, the rule's text weighing more than
//! its section's heading and its examples. Words of the other language are translated through
//! the game's vocabulary, and a word the rules do not have is taken for a typo and corrected.
//!
//! The index of an edition is kept on disk under the data directory, built on first use and
//! rebuilt when the edition, `judge` or the index format changes ([`open_or_build`]);
//! [`SearchIndex::in_memory`] builds one that is never saved.

mod analyzer;
mod build;
mod error;
mod fingerprint;
mod group;
pub(crate) mod hints;
mod hit;
mod index;
pub(crate) mod named;
mod query;
mod readonly_dir;
mod schema;
mod store;
mod synonyms;
mod tokenizer;
mod topics;
mod vocabulary;

pub(crate) use analyzer::{wording_analyzer as text_analyzer, Kind as AnalyzerKind};
pub use error::SearchError;
pub use fingerprint::{fingerprint, index_fingerprint};
pub use hit::{Hit, Subrule};
pub use index::{Answer, BuildReason, Origin, SearchIndex};
pub use named::{Ambiguous, Named, NamedCard};
pub use query::{check_size, Coverage, MAX_FUZZY_CHARS, MAX_QUESTION_CHARS, MAX_QUESTION_WORDS};
pub use store::{index_dir, open_built, open_or_build, rebuild, IndexKey};
