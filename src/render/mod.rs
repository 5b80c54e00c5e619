//! Turning results into text: tables for people, JSON for scripts, Markdown for articles.
//! Renderers never decide rules.

pub(crate) mod card;
pub(crate) mod check;
pub(crate) mod define;
pub(crate) mod diff;
pub(crate) mod editions;
pub(crate) mod escape;
pub(crate) mod events;
pub(crate) mod follow;
mod format;
pub(crate) mod grid;
pub(crate) mod legality;
pub(crate) mod markdown;
pub(crate) mod reason;
pub(crate) mod resolve;
pub(crate) mod rules;
pub(crate) mod ruling;
pub(crate) mod search;
pub(crate) mod site;
pub(crate) mod style;
pub(crate) mod table;

pub use format::Format;
pub use rules::{json as rules_json, table as rules_table};
pub use style::Style;

/// Pretty JSON with a final newline; the structures rendered here always serialize.
pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> String {
    let mut text = Vec::new();
    write_json(value, &mut text).expect("writing to memory cannot fail");
    String::from_utf8(text).expect("JSON is UTF-8")
}

/// `to_json`, written to `out` as it is serialized: only writing can fail.
pub(crate) fn write_json<T: serde::Serialize>(value: &T, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(std::io::Error::from)?;
    out.write_all(b"\n")
}
