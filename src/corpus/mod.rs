//! Rules texts: rule numbers, the rule tree, parsers for each text format, and the editions.

pub mod completeness;
pub mod decode;
pub mod define;
pub mod edition;
pub(crate) mod edition_file;
pub mod embedded;
pub(crate) mod embedded_lookup;
pub(crate) mod fingerprint;
pub(crate) mod glossary;
pub(crate) mod lang;
pub mod named;
pub mod parse_en;
pub mod parse_fr;
mod reference_scan;
pub mod references;
pub(crate) mod replacing;
pub(crate) mod rule;
pub(crate) mod rule_id;
pub(crate) mod rule_ref;
pub(crate) mod seal;
pub mod store;

pub use edition::{Edition, EditionInfo, Outline};
pub use lang::Lang;
pub use rule::Rule;
pub use rule_id::RuleId;
pub use rule_ref::RuleRef;
