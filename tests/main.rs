//! Integration tests, compiled into one binary: one module per feature.

mod index_lifecycle;
mod search_quality;
