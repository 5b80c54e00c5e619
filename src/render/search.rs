//! `judge search` output: hits best first, with their section and a highlighted snippet.

use super::style::Style;
use crate::corpus::Edition;
use crate::search::Hit;
use serde::Serialize;

#[derive(Serialize)]
struct SearchJson<'a> {
    query: &'a str,
    edition: &'a str,
    hits: &'a [Hit],
}

pub fn json(query: &str, edition: &Edition, hits: &[Hit]) -> String {
    super::to_json(&SearchJson { query, edition: edition.name(), hits })
}

pub fn table(query: &str, edition: &Edition, hits: &[Hit], style: Style) -> String {
    let mut out = format!("Edition {} · {} · search: {query}\n", edition.name(), edition.lang());
    if hits.is_empty() {
        out.push_str("No rule matches.\n");
        return out;
    }
    let mut table = style.table();
    table.set_header(["Rule", "Section", "Match"]);
    for hit in hits {
        let snippet =
            if style.color { hit.marked_snippet("\x1b[1;33m", "\x1b[0m") } else { hit.marked_snippet("[", "]") };
        table.add_row([style.strong(&hit.id.to_string()), hit.section.clone(), snippet]);
    }
    out.push_str(&table.to_string());
    out.push('\n');
    out
}
