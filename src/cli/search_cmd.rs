//! `judge search QUERY`: ranked rules for a judge's question; a rule number goes to lookup.

use super::args::{Format, RuleArgs, SearchArgs};
use super::config::Config;
use super::error::CliError;
use super::outcome::{Outcome, Status};
use super::rule_cmd;
use crate::corpus::RuleRef;
use crate::render::{self, Style};
use crate::search::{self, BuildReason, Named, Origin, SearchError, SearchIndex};
use std::io::IsTerminal;
use std::path::Path;

pub fn run(args: &SearchArgs, config: &Config, style: Style) -> miette::Result<Outcome> {
    let query = args.query.join(" ");
    if query.trim().is_empty() {
        return Err(CliError::EmptyQuery.into());
    }
    // Before anything reads it, and before an index is built for it.
    search::check_size(&query)?;
    if RuleRef::parse(&query).is_ok() {
        let lookup =
            RuleArgs { refs: vec![query], edition: args.edition.clone(), in_edition: None, output: args.output };
        return rule_cmd::run(&lookup, config, style);
    }
    let choice = config.choose(args.edition.edition.as_deref())?;
    let data_dir = config.data_dir()?;
    // The edition's header names its index; the rules are read only when it must be built.
    let edition = config.outline(&choice)?;
    let index = match search::open_built(&data_dir, &search::IndexKey::of_outline(&edition)) {
        Some(index) => index,
        None => open_or_build(&data_dir, &config.edition(&choice)?)?,
    };
    if let Origin::Built(reason @ (BuildReason::FirstUse | BuildReason::Outdated | BuildReason::Corrupt)) =
        index.origin()
    {
        if std::io::stderr().is_terminal() {
            crate::cli::outcome::to_stderr(format_args!(
                "note: built the search index of {} ({reason})",
                edition.name()
            ));
        }
    }
    // Without card data, a question is searched as it always was.
    let named = match config.imported_cards() {
        Some(cards) => index.named(&query, &cards).unwrap_or_else(|error| {
            crate::cli::outcome::to_stderr(format_args!(
                "warning: the card data was not read, cards are not looked for in the question: {error}"
            ));
            Named::default()
        }),
        None => Named::default(),
    };
    let search::Answer { hits, best } = index.answer_about(&query, usize::from(args.limit), &named)?;
    let hints = search::hints::hints(&edition, &index, &query, best.as_ref(), &named);
    let stdout = match args.output.chosen() {
        Format::Table => render::search::table(&query, &edition, &hits, &hints, &named, style),
        Format::Json => render::search::json(&query, &edition, &hits, &hints, &named),
        Format::Markdown => render::search::markdown(&query, &edition, &hits, &hints, &named),
    };
    let status = if hits.is_empty() { Status::NothingFound } else { Status::Found };
    Ok(Outcome { stdout, warnings: Vec::new(), status, written: Ok(()) })
}

/// The edition's index from the data directory, built there if need be; when the store may not
/// be written or its index not read, one built in memory for this search, said in one line on
/// stderr, always: the judge or whoever installed `judge` can then keep an index on disk, and
/// every search meanwhile takes the build's time.
fn open_or_build(data_dir: &Path, edition: &crate::corpus::Edition) -> Result<SearchIndex, SearchError> {
    match search::open_or_build(data_dir, edition) {
        Err(error) if error.is_read_only() => {
            let cause = std::error::Error::source(&error).map(|s| format!(" ({s})")).unwrap_or_default();
            crate::cli::outcome::to_stderr(format_args!(
                "note: {error}{cause}; searching with an index built in memory"
            ));
            SearchIndex::in_memory(edition)
        }
        opened => opened,
    }
}
