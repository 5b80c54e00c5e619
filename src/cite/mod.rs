//! Citations: the concepts the engine relies on, mapped to rule numbers per edition and quoted
//! from the edition's text.

pub mod citation;
pub mod table;

pub use citation::{Citation, Citer};
