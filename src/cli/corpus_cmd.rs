//! `judge corpus import FILE`, `judge corpus fetch` and `judge corpus list`.

use super::args::{CorpusCommand, Format, ImportChecks};
use super::config::{embedded_edition, names_embedded, Config};
use super::edition_choice::{Origin, Requested};
use super::fetch_cmd;
use super::html_cmd;
use super::outcome::Outcome;
use crate::corpus::store::{ImportError, ImportOptions, Imported, Store};
use crate::corpus::{embedded, EditionInfo};
use crate::render::editions::DefaultEdition;
use crate::render::{self, Style};

pub fn run(command: &CorpusCommand, config: &Config, style: Style) -> miette::Result<Outcome> {
    match command {
        CorpusCommand::Import { file, edition, checks } => {
            let store = config.store()?;
            if let Some(name) = edition.as_deref().filter(|n| names_embedded(n)) {
                return Err(ImportError::Reserved { name: name.to_string() }.into());
            }
            let imported = store.import_with(file, edition.as_deref(), options(checks))?;
            Ok(imported_outcome(String::new(), imported, &store))
        }
        CorpusCommand::Fetch { url, edition, checks } => {
            let store = config.store()?;
            let (from, imported) = fetch_cmd::run(url.as_deref(), edition.as_deref(), options(checks), &store)?;
            Ok(imported_outcome(format!("downloaded {from}\n"), imported, &store))
        }
        CorpusCommand::Html(args) => html_cmd::run(args, config),
        CorpusCommand::List { output, names } => {
            let embedded = embedded_edition();
            let mut editions = vec![(embedded.info.clone(), embedded.rule_count())];
            // Without a data directory there is nothing imported; the embedded edition still is.
            let mut warnings = Vec::new();
            match config.store() {
                Ok(store) => {
                    // One file that cannot be read does not hide the others: it is said instead.
                    let (listed, skipped) = store.list_skipping()?;
                    editions.extend(listed);
                    warnings.extend(skipped.into_iter().map(miette::Report::new));
                }
                Err(e) => warnings.push(miette::Report::new(e)),
            }
            // The list is where a judge looks to see what the default is: a default that names
            // nothing is shown as such, with a warning, rather than stopping the list.
            let default = match config.default_request() {
                Ok(requested) => Some(default_shown(config, &editions, requested, &mut warnings)),
                Err(e) => {
                    warnings.push(miette::Report::new(e));
                    None
                }
            };
            let stdout = match output.chosen() {
                _ if *names => render::editions::names(&editions),
                Format::Table => render::editions::table(&editions, default.as_ref(), style),
                Format::Json => render::editions::json(&editions, default.as_ref()),
                Format::Markdown => render::editions::markdown(&editions, default.as_ref()),
            };
            Ok(Outcome { stdout, warnings, status: super::outcome::Status::Found, written: Ok(()) })
        }
    }
}

fn options(checks: &ImportChecks) -> ImportOptions {
    ImportOptions { allow_partial: checks.allow_partial, replace: checks.replace }
}

/// What an import says on stdout, after `before`, and its warnings.
fn imported_outcome(before: String, imported: Imported, store: &Store) -> Outcome {
    let info = &imported.info;
    let stdout = format!(
        "{before}imported {}: {} rules, language {}, rules text of {}, into {}\n",
        info.name,
        imported.rule_count,
        info.lang,
        info.date,
        store.root().display()
    );
    let mut warnings: Vec<miette::Report> = imported.warnings.into_iter().map(miette::Report::new).collect();
    warnings.extend(imported.partial.map(miette::Report::new));
    warnings.extend(imported.replaced.map(miette::Report::new));
    Outcome { stdout, warnings, status: super::outcome::Status::Found, written: Ok(()) }
}

/// The default edition, found among the listed ones; a warning says why when it is not there.
fn default_shown(
    config: &Config,
    editions: &[(EditionInfo, usize)],
    requested: Requested,
    warnings: &mut Vec<miette::Report>,
) -> DefaultEdition {
    let from = requested.origin.kind();
    let mut place = requested.origin.to_string();
    let config_file = match &requested.origin {
        Origin::ConfigFile(path) => Some(path.display().to_string()),
        _ => None,
    };
    let mut written = requested.name.clone();
    let name = match config.resolve(requested) {
        Ok(choice) => {
            let name = choice.imported.clone().unwrap_or_else(|| embedded::NAME.to_string());
            if choice.requested.origin == Origin::Default {
                // Why this one: a judge rules by the rules in force.
                place = match choice.imported {
                    Some(_) => "default: the newest imported English edition, as neither `JUDGE_EDITION` nor the config file names one".into(),
                    None => "default: the embedded edition, as no English edition is imported".into(),
                };
                written = name.clone();
            }
            if editions.iter().any(|(info, _)| info.name == name) {
                Some(name)
            } else {
                let imported = editions.iter().skip(1).map(|(info, _)| info.name.clone()).collect();
                warnings.push(config.not_imported(&choice, imported));
                None
            }
        }
        Err(e) => {
            warnings.push(e.into());
            None
        }
    };
    DefaultEdition { name, requested: written, from, config_file, place }
}
