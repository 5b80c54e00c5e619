//! `judge define TERM`: the glossary of an imported English CR.

use super::args::{DefineArgs, Format};
use super::config::Config;
use super::error::CliError;
use super::outcome::{Outcome, Status};
use crate::corpus::define::{define, Definition};
use crate::render::{self, Style};

pub fn run(args: &DefineArgs, config: &Config, style: Style) -> miette::Result<Outcome> {
    let term = args.term.join(" ");
    let edition = config.edition(&config.choose(args.edition.edition.as_deref())?)?;
    if edition.parsed.glossary.is_empty() {
        return Err(CliError::NoGlossary { edition: edition.name().to_string() }.into());
    }
    let definition = define(&edition.parsed.glossary, &term);
    let status = match &definition {
        Definition::Found(_) | Definition::Misspelled { .. } => Status::Found,
        Definition::Suggestions(_) => Status::NothingFound,
    };
    let stdout = match args.output.chosen() {
        Format::Table => render::define::text(&term, &edition, &definition, style),
        Format::Json => render::define::json(&term, &edition, &definition),
        Format::Markdown => render::define::markdown(&term, &edition, &definition),
    };
    Ok(Outcome { stdout, warnings: Vec::new(), status, written: Ok(()) })
}
