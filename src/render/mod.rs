//! Turning results into text: tables for people, JSON for scripts, Markdown for articles.
//! Renderers never decide rules.

pub mod card;
pub mod check;
pub mod define;
pub mod diff;
pub mod editions;
pub(crate) mod escape;
pub mod events;
pub mod follow;
mod format;
pub mod grid;
pub(crate) mod markdown;
pub mod reason;
pub mod resolve;
pub mod rules;
pub mod ruling;
pub mod search;
pub mod site;
pub mod style;
pub mod table;

pub use format::Format;
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
