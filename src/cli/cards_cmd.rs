//! `judge cards import FILE…`, `judge cards fetch` and `judge cards info`: the card store of the
//! data directory (`crate::cards::store`).

use super::args::{CardsCommand, Format};
use super::config::Config;
use super::fetch_cmd;
use super::outcome::{Outcome, Status};
use crate::cards::store::{self, CardStore, Imported, ImportedFile, Source};
use crate::corpus::store::count;
use crate::fetch::{bulk, Options};
use std::path::Path;

pub fn run(command: &CardsCommand, config: &Config, quiet: bool) -> miette::Result<Outcome> {
    match command {
        CardsCommand::Import { files } => {
            let imported = store::import(&config.data_dir()?, files, !quiet)?;
            Ok(imported_outcome(String::new(), imported))
        }
        CardsCommand::Fetch { url } => {
            let data_dir = config.data_dir()?;
            let options = Options { timeouts: fetch_cmd::timeouts(), progress: !quiet };
            let downloaded = bulk::oracle_cards_and_rulings(url.as_deref().unwrap_or(bulk::LISTING), &options)?;
            let mut said = String::new();
            let mut sources = Vec::with_capacity(downloaded.len());
            for download in downloaded {
                said.push_str(&format!("downloaded {}\n", download.address.text));
                let file = download.address.file_name().unwrap_or_else(|| download.address.text.clone());
                let shown = download.address.text;
                sources.push(Source { reader: Box::new(download.file), len: Some(download.len), shown, file });
            }
            let imported = store::import_sources(&data_dir, sources, !quiet)?;
            Ok(imported_outcome(said, imported))
        }
        CardsCommand::Info { output } => info(&config.data_dir()?, output.chosen()),
    }
}

/// What an import says on stdout, after `before`, and its warning.
fn imported_outcome(before: String, imported: Imported) -> Outcome {
    let mut stdout = before;
    for file in &imported.files {
        stdout.push_str(&format!("imported {}\n", described(file)));
    }
    let passed_over: Vec<String> = [
        (imported.skipped, "object that is not a game card", "objects that are not game cards"),
        (imported.unofficial, "note of Scryfall's own", "notes of Scryfall's own"),
        (imported.unmatched, "ruling of a card not in the store", "rulings of cards not in the store"),
    ]
    .into_iter()
    .filter(|(n, _, _)| *n > 0)
    .map(|(n, one, many)| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") })
    .collect();
    if !passed_over.is_empty() {
        stdout.push_str(&format!("passed over: {}\n", passed_over.join(", ")));
    }
    stdout.push_str(&holds(&imported.path, imported.info.cards, imported.info.rulings));
    let warnings = imported.rulings_lost.into_iter().map(miette::Report::new).collect();
    Outcome { stdout, warnings, status: Status::Found, written: Ok(()) }
}

fn holds(path: &Path, cards: usize, rulings: usize) -> String {
    format!("the card store holds {} and {}: {}\n", count(cards, "card"), count(rulings, "ruling"), path.display())
}

/// `oracle-cards-20260101100000.json: Scryfall Oracle Cards of 2026-01-01 10:00:00, 13 cards`.
fn described(file: &ImportedFile) -> String {
    let date = file.date.as_ref().map_or_else(String::new, |date| format!(" of {date}"));
    let mut counts = Vec::new();
    if file.kind.has_cards() {
        counts.push(count(file.cards, "card"));
    }
    if file.kind.has_rulings() {
        counts.push(count(file.rulings, "ruling"));
    }
    format!("{}: {}{date}, {}", file.file, file.kind, counts.join(", "))
}

/// `judge cards info`: exit 1 when no card data is imported.
fn info(data_dir: &Path, format: Format) -> miette::Result<Outcome> {
    let path = store::path(data_dir);
    let Some(store) = CardStore::open(data_dir)? else {
        let stdout = if format == Format::Json {
            let none = serde_json::json!({"imported": false, "path": path, "cards": 0, "rulings": 0, "files": []});
            format!("{none:#}\n")
        } else {
            let path = data_dir.display().to_string();
            let path = if format == Format::Markdown { format!("`{path}`") } else { path };
            format!(
                "no card data is imported into {path}: `judge cards fetch` downloads Scryfall's, `judge cards import FILE…` imports files\n"
            )
        };
        return Ok(Outcome { stdout, warnings: Vec::new(), status: Status::NothingFound, written: Ok(()) });
    };
    let info = store.info();
    let stdout = if format == Format::Json {
        let shown = serde_json::json!({
            "imported": true,
            "path": path,
            "cards": info.cards,
            "rulings": info.rulings,
            "files": info.files,
        });
        format!("{shown:#}\n")
    } else if format == Format::Markdown {
        let mut text = crate::render::markdown::text(&holds(&path, info.cards, info.rulings));
        text.push_str("\n\nImported from:\n\n");
        for file in &info.files {
            text.push_str(&format!("- {}\n", crate::render::markdown::text(&described(file))));
        }
        text
    } else {
        let mut text = holds(&path, info.cards, info.rulings);
        text.push_str("imported from:\n");
        for file in &info.files {
            text.push_str(&format!("  {}\n", described(file)));
        }
        text
    };
    Ok(Outcome::found(stdout))
}
