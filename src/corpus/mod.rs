//! Rules texts: rule numbers, the rule tree, parsers for each text format, and the editions.

pub(crate) mod completeness;
pub(crate) mod decode;
pub(crate) mod define;
pub(crate) mod edition;
pub(crate) mod edition_file;
pub(crate) mod embedded;
pub(crate) mod embedded_lookup;
pub(crate) mod fingerprint;
pub(crate) mod glossary;
pub(crate) mod lang;
pub(crate) mod named;
pub(crate) mod parse_en;
pub(crate) mod parse_fr;
mod reference_scan;
pub(crate) mod references;
pub(crate) mod replacing;
pub(crate) mod rule;
pub(crate) mod rule_id;
pub(crate) mod rule_ref;
pub(crate) mod seal;
pub(crate) mod store;

pub use completeness::check as check_completeness;
pub use decode::{decode, DecodeError};
pub use define::{define, Definition};
pub use edition::{Document, Edition, EditionInfo, Outline};
pub use embedded::load as embedded_edition;
pub use lang::Lang;
pub use named::glossary_targets;
pub use parse_en::parse as parse_english;
pub use parse_fr::parse as parse_french;
pub use references::{extract as references_in, places as reference_places};
pub use rule::Rule;
pub use rule_id::RuleId;
pub use rule_ref::RuleRef;
pub use store::{ImportError, ImportOptions, Store};
