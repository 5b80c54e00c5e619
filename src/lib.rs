//! `judge`: rules lookup, ranked search and judge-call resolution for Magic: The Gathering.

pub mod corpus;
pub mod search;
