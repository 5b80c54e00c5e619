//! Citations: the concepts the engine relies on, placed in each edition by what their rules
//! say, and quoted from the edition's text.

pub mod cache;
pub(crate) mod citation;
pub mod place;
pub(crate) mod placement;
pub mod table;

pub use citation::{Citer, Quoted, Unplaced};
pub use place::{place, Hints};
pub use placement::{Placed, Placement};
