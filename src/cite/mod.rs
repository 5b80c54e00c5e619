//! Citations: the concepts the engine relies on, placed in each edition by what their rules
//! say, and quoted from the edition's text.

pub(crate) mod cache;
pub(crate) mod citation;
pub(crate) mod place;
pub(crate) mod placement;
pub(crate) mod table;

pub use cache::placement as cached_placement;
pub use citation::{Citer, Quoted, Unplaced};
pub use place::{place, Hints};
pub use placement::{Placed, Placement};
pub use table::{table, CitationTable};
