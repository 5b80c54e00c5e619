//! `judge corpus import FILE` and `judge corpus list`.

use super::args::CorpusCommand;
use super::config::{embedded_edition, names_embedded, Config};
use super::outcome::Outcome;
use crate::corpus::store::ImportError;
use crate::render::{self, Style};

pub fn run(command: &CorpusCommand, config: &Config, style: Style) -> miette::Result<Outcome> {
    match command {
        CorpusCommand::Import { file, edition } => {
            let store = config.store()?;
            if let Some(name) = edition.as_deref().filter(|n| names_embedded(n)) {
                return Err(ImportError::Reserved { name: name.to_string() }.into());
            }
            let imported = store.import(file, edition.as_deref())?;
            let info = &imported.info;
            let stdout = format!(
                "imported {}: {} rules, language {}, rules text of {}, into {}\n",
                info.name,
                imported.rule_count,
                info.lang,
                info.date,
                store.root().display()
            );
            let warnings = imported.warnings.into_iter().map(miette::Report::new).collect();
            Ok(Outcome { stdout, warnings, status: super::outcome::Status::Found })
        }
        CorpusCommand::List { json } => {
            let embedded = embedded_edition();
            let mut editions = vec![(embedded.info.clone(), embedded.rule_count())];
            // Without a data directory there is nothing imported; the embedded edition still is.
            let mut warnings = Vec::new();
            match config.store() {
                Ok(store) => editions.extend(store.list()?),
                Err(e) => warnings.push(miette::Report::new(e)),
            }
            let stdout =
                if *json { render::editions::json(&editions) } else { render::editions::table(&editions, style) };
            Ok(Outcome { stdout, warnings, status: super::outcome::Status::Found })
        }
    }
}
