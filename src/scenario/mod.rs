//! Scenario files: a judge call as YAML. `spec` is the file's shape, `load` reads it with
//! diagnostics, `validate` checks what serde cannot (ids, references, timestamps) and builds the
//! `Scenario` the engine runs on.

pub mod load;
pub mod spans;
pub mod spec;
