//! Integration tests, compiled into one binary: one module per feature.

mod cli_rule;
mod import;
mod parsers_never_panic;
mod support;
