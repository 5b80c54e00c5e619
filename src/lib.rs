//! `judge`: rules lookup, ranked search and judge-call resolution for Magic: The Gathering.

pub mod align;
pub mod cards;
pub mod cite;
pub mod cli;
pub mod corpus;
pub mod engine;
pub mod fetch;
pub mod model;
pub mod render;
pub mod scenario;
pub mod search;
pub mod suggest;
