//! YAML read with the place of every node (`spans`), in one pass that bounds the document
//! (`limits`), and deserialized into typed values with every problem placed (`checked`): what
//! scenario files, the card library and the config file are read with.

pub(crate) mod checked;
pub(crate) mod limits;
mod read;
mod serde_words;
pub(crate) mod spans;

pub(crate) use checked::{load_list, parse, problem, Checker};
pub use limits::FILE_BYTES;
pub use spans::{Span, Spans};
