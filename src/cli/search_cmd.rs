//! `judge search QUERY`: ranked rules for a judge's question; a rule number goes to lookup.

use super::args::{RuleArgs, SearchArgs};
use super::config::Config;
use super::error::CliError;
use super::outcome::{Outcome, Status};
use super::rule_cmd;
use crate::corpus::RuleRef;
use crate::render::{self, Style};
use crate::search::{self, Origin};
use std::io::IsTerminal;

pub fn run(args: &SearchArgs, config: &Config, style: Style) -> miette::Result<Outcome> {
    let query = args.query.join(" ");
    if query.trim().is_empty() {
        return Err(CliError::EmptyQuery.into());
    }
    if RuleRef::parse(&query).is_ok() {
        let lookup = RuleArgs { refs: vec![query], edition: args.edition.clone(), in_edition: None, json: args.json };
        return rule_cmd::run(&lookup, config, style);
    }
    let choice = config.choose(args.edition.edition.as_deref())?;
    let data_dir = config.data_dir()?;
    // The edition's header names its index; the rules are read only when it must be built.
    let edition = config.outline(&choice)?;
    let index = match search::open_built(&data_dir, &search::IndexKey::of_outline(&edition)) {
        Some(index) => index,
        None => search::open_or_build(&data_dir, &config.edition(&choice)?)?,
    };
    if let Origin::Built(reason) = index.origin() {
        if std::io::stderr().is_terminal() {
            eprintln!("note: built the search index of {} ({reason})", edition.name());
        }
    }
    let search::Answer { hits, best } = index.answer(&query, usize::from(args.limit))?;
    let hints = search::hints::hints(&edition, &index, &query, best.as_ref());
    let stdout = if args.json {
        render::search::json(&query, &edition, &hits, &hints)
    } else {
        render::search::table(&query, &edition, &hits, &hints, style)
    };
    let status = if hits.is_empty() { Status::NothingFound } else { Status::Found };
    Ok(Outcome { stdout, warnings: Vec::new(), status })
}
