//! `judge corpus list` output.

use super::style::Style;
use crate::corpus::EditionInfo;
use serde::Serialize;

#[derive(Serialize)]
struct EditionsJson<'a> {
    editions: Vec<EditionJson<'a>>,
}

#[derive(Serialize)]
struct EditionJson<'a> {
    name: &'a str,
    lang: &'a str,
    date: &'a str,
    rules: usize,
}

pub fn json(editions: &[(EditionInfo, usize)]) -> String {
    let editions = editions
        .iter()
        .map(|(info, rules)| EditionJson { name: &info.name, lang: info.lang.code(), date: &info.date, rules: *rules })
        .collect();
    super::to_json(&EditionsJson { editions })
}

pub fn table(editions: &[(EditionInfo, usize)], style: Style) -> String {
    let mut table = style.table();
    table.set_header(["Edition", "Language", "Rules text of", "Rules"]);
    for (info, rules) in editions {
        table.add_row([info.name.clone(), info.lang.code().to_string(), info.date.clone(), rules.to_string()]);
    }
    format!("{table}\n")
}
