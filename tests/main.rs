//! Integration tests, compiled into one binary: one module per feature.

mod align;
mod citations;
mod cli_cards;
mod cli_corpus;
mod cli_defaults;
mod cli_exit_codes;
mod cli_fetch;
mod cli_layout;
mod cli_rule;
mod cli_ruling;
mod cli_scenario_errors;
mod cli_search;
mod cli_shell;
mod engine_properties;
mod import;
mod import_whole;
mod index_lifecycle;
mod parsers_never_panic;
mod readonly_store;
mod replacement_properties;
mod scenario_docs;
mod scenario_traces;
mod search_quality;
mod search_quality_en;
mod store_integrity;
mod support;
