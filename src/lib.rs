//! `judge`: rules lookup, ranked search and judge-call resolution for Magic: The Gathering.

pub mod align;
mod atomic_dir;
mod atomic_file;
mod bounded_read;
pub mod cards;
pub mod cite;
pub mod cli;
pub mod corpus;
mod data_file;
pub mod diagnostic;
pub mod engine;
pub mod fetch;
pub mod model;
pub mod placed_yaml;
mod progress;
pub mod render;
pub mod rng;
pub mod scenario;
pub mod search;
pub mod shipped_scenarios;
pub mod suggest;
pub mod synthetic;
