//! `judge corpus list` output.

use super::grid::Grid;
use super::style::Style;
use crate::corpus::EditionInfo;
use serde::Serialize;

/// The default edition as `judge corpus list` shows it.
#[derive(Debug, Serialize)]
pub struct DefaultEdition {
    /// The edition it names, when that edition is there.
    pub name: Option<String>,
    /// The name as written, `latest` for instance.
    pub requested: String,
    /// Where it is set: `env`, `config` or `embedded`.
    pub from: &'static str,
    pub config_file: Option<String>,
    /// Where it is set, for people: "`JUDGE_EDITION`", "the config file `…`".
    #[serde(skip)]
    pub place: String,
}

#[derive(Serialize)]
struct EditionsJson<'a> {
    editions: Vec<EditionJson<'a>>,
    default: Option<&'a DefaultEdition>,
}

#[derive(Serialize)]
struct EditionJson<'a> {
    name: &'a str,
    lang: &'a str,
    date: &'a str,
    rules: usize,
    default: bool,
}

fn is_default(info: &EditionInfo, default: Option<&DefaultEdition>) -> bool {
    default.and_then(|d| d.name.as_deref()) == Some(info.name.as_str())
}

pub fn json(editions: &[(EditionInfo, usize)], default: Option<&DefaultEdition>) -> String {
    let editions = editions
        .iter()
        .map(|(info, rules)| EditionJson {
            name: &info.name,
            lang: info.lang.code(),
            date: &info.date,
            rules: *rules,
            default: is_default(info, default),
        })
        .collect();
    super::to_json(&EditionsJson { editions, default })
}

pub fn markdown(editions: &[(EditionInfo, usize)], default: Option<&DefaultEdition>) -> String {
    let rows: Vec<Vec<String>> = editions
        .iter()
        .map(|(info, rules)| {
            let name = if is_default(info, default) { format!("{} (default)", info.name) } else { info.name.clone() };
            vec![name, info.lang.code().to_string(), info.date.clone(), rules.to_string()]
        })
        .collect();
    let mut out = super::markdown::table(&["Edition", "Language", "Rules text of", "Rules"], &rows);
    if let Some(line) = default.map(default_line) {
        out.push_str(&format!("\n{}\n", super::markdown::text(&line)));
    }
    out
}

/// The names alone, one a line, for scripts and shell completion.
pub fn names(editions: &[(EditionInfo, usize)]) -> String {
    editions.iter().map(|(info, _)| format!("{}\n", info.name)).collect()
}

fn default_line(default: &DefaultEdition) -> String {
    let name = default.name.as_deref().unwrap_or(&default.requested);
    let alias = if default.requested == name { String::new() } else { format!(" (`{}`)", default.requested) };
    let missing = if default.name.is_none() { ", not imported" } else { "" };
    format!("default edition: {name}{alias}, set by {}{missing}", default.place)
}

pub fn table(editions: &[(EditionInfo, usize)], default: Option<&DefaultEdition>, style: Style) -> String {
    let mut table = Grid::new(["Edition", "Language", "Rules text of", "Rules"]);
    for (info, rules) in editions {
        let name = if is_default(info, default) { format!("{} (default)", info.name) } else { info.name.clone() };
        table.row([name, info.lang.code().to_string(), info.date.clone(), rules.to_string()]);
    }
    let mut out = table.render_above_text(style);
    if let Some(default) = default {
        out.push_str(&style.wrap(&default_line(default)));
        out.push('\n');
    }
    out
}
