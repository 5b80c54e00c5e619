//! The engine's shortcuts: what lets a board of thousands of objects and effects resolve in
//! time. None may change an answer or a trace: `resolve::resolve_plainly` runs the layers without
//! them, as the rules are written (a pool collected whole again before each choice, every pair of
//! effects tried again, every object saved and changed), and the property tests compare the two
//! on generated boards.
//! - `pool`: the effects that can apply next in a layer, collected again only for the objects an
//!   application changed;
//! - `incremental`: the dependency graph of a layer kept between choices, each pair tried again
//!   only when an application can have changed its result, with `footprint` (what an effect
//!   reads and writes);
//! - `shape` and `by_shape`: objects that look alike to every selector, answered and changed once
//!   per shape;
//! - `snapshot`: what one layer can change of an object, saved before an application and put
//!   back after a trial.

pub(crate) mod by_shape;
pub(crate) mod footprint;
pub(crate) mod incremental;
pub(crate) mod pool;
pub(crate) mod shape;
pub(crate) mod snapshot;
