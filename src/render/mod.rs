//! Turning results into text: tables for people, JSON for scripts, Markdown for articles.
//! Renderers never decide rules.

pub mod card;
pub mod define;
pub mod diff;
pub mod editions;
pub mod events;
pub mod follow;
pub mod grid;
pub mod reason;
pub mod resolve;
pub mod rules;
pub mod ruling;
pub mod search;
pub mod style;

pub use style::Style;

/// Pretty JSON with a final newline; the structures rendered here always serialize.
pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("plain data serializes");
    text.push('\n');
    text
}
