//! Integration tests, compiled into one binary: one module per feature.

mod search_quality;
