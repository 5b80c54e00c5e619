//! `judge index [--rebuild]`: build an edition's search index now rather than on first search.

use super::args::IndexArgs;
use super::config::Config;
use super::outcome::Outcome;
use crate::search::{self, Origin};

pub fn run(args: &IndexArgs, config: &Config) -> miette::Result<Outcome> {
    let edition = config.edition(&config.choose(args.edition.edition.as_deref())?)?;
    let data_dir = config.data_dir()?;
    let index =
        if args.rebuild { search::rebuild(&data_dir, &edition)? } else { search::open_or_build(&data_dir, &edition)? };
    let what = match index.origin() {
        Origin::Reused => "up to date".to_string(),
        Origin::Built(reason) => format!("built ({reason})"),
    };
    let place = index.path().map(|p| p.display().to_string()).unwrap_or_default();
    Ok(Outcome::found(format!("index of {}: {what}, {} rules, in {place}\n", edition.name(), index.rule_count())))
}
