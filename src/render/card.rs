//! `judge card` output: a card of the library as modelled, or the list of the library.

use super::grid::Grid;
use super::style::Style;
use crate::cards::{Entry, Library};
use serde::Serialize;

/// A card: its characteristics on one line, its rules text, then its abilities as the engine
/// reads them (the library's own YAML, which is the model's vocabulary) and what it leaves out.
pub fn text(entry: &Entry, style: Style) -> String {
    let card = &entry.card;
    let mut out = style.wrap(&format!("{} · {}", style.strong(&card.name), characteristics(entry)));
    out.push('\n');
    if !card.text.is_empty() {
        out.push_str(&style.wrap(&card.text));
        out.push('\n');
    }
    out.push('\n');
    let abilities = entry.yaml.get("abilities").map(|a| serde_yaml::to_string(a).unwrap_or_default());
    match abilities {
        Some(yaml) => {
            out.push_str(&style.wrap(&format!(
                "As modelled (`- card: {}` in a scenario brings these abilities, their ids prefixed by the object's):",
                card.name
            )));
            out.push('\n');
            for line in yaml.lines() {
                out.push_str(&format!("  {line}\n"));
            }
        }
        None => out.push_str("No abilities to model.\n"),
    }
    if !card.unmodelled.is_empty() {
        out.push_str(&style.wrap("Not modelled yet (an answer that uses the card says it left them out):"));
        out.push('\n');
        for ability in &card.unmodelled {
            out.push_str(&style.wrap(&format!("  {ability}")));
            out.push('\n');
        }
    }
    out.push_str(&format!("From {}.\n", entry.file));
    out
}

/// Mana value, colours, types and subtypes, power and toughness.
fn characteristics(entry: &Entry) -> String {
    let card = &entry.card;
    let mut types: Vec<&str> = card.supertypes.iter().chain(&card.types).map(String::as_str).collect();
    if !card.subtypes.is_empty() {
        types.push("—");
        types.extend(card.subtypes.iter().map(String::as_str));
    }
    let mut parts = vec![types.join(" ")];
    if let (Some(power), Some(toughness)) = (card.power, card.toughness) {
        parts.push(format!("{power}/{toughness}"));
    }
    parts.push(format!("mana value {}", card.mana_value));
    parts.push(if card.colors.is_empty() { "colorless".to_string() } else { card.colors.join(" and ") });
    parts.join(" · ")
}

/// The card as the library writes it, as JSON, with the file it comes from.
pub fn json(entry: &Entry) -> String {
    #[derive(Serialize)]
    struct Shown<'a> {
        file: &'a str,
        card: &'a serde_yaml::Value,
    }
    super::to_json(&Shown { file: entry.file, card: &entry.yaml })
}

pub fn not_found(name: &str, closest: &[&str], json: bool) -> String {
    if json {
        #[derive(Serialize)]
        struct NotFound<'a> {
            name: &'a str,
            found: bool,
            closest: &'a [&'a str],
        }
        return super::to_json(&NotFound { name, found: false, closest });
    }
    match closest {
        [] => format!("No card named `{name}` in the library; `judge card --list` shows them all.\n"),
        names => format!("No card named `{name}` in the library. Closest: {}.\n", names.join(", ")),
    }
}

/// Every card, by name: its characteristics and how many abilities are left out.
pub fn list(library: &Library, style: Style) -> String {
    let mut entries: Vec<&Entry> = library.entries.iter().collect();
    entries.sort_by(|a, b| a.card.name.cmp(&b.card.name));
    let mut table = Grid::new(["Card", "Characteristics", "Not modelled"]).fold(2, 1);
    for entry in &entries {
        let unmodelled = entry.card.unmodelled.len();
        table.row([
            entry.card.name.clone(),
            characteristics(entry),
            if unmodelled == 0 { String::new() } else { unmodelled.to_string() },
        ]);
    }
    format!("{} cards in the library\n{}\n", entries.len(), table.render(style))
}

pub fn list_json(library: &Library) -> String {
    #[derive(Serialize)]
    struct Listed<'a> {
        name: &'a str,
        file: &'a str,
        unmodelled: usize,
    }
    let mut listed: Vec<Listed> = library
        .entries
        .iter()
        .map(|e| Listed { name: &e.card.name, file: e.file, unmodelled: e.card.unmodelled.len() })
        .collect();
    listed.sort_by(|a, b| a.name.cmp(b.name));
    super::to_json(&listed)
}
