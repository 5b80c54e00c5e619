//! `judge diff OLD NEW`: what changed from one edition to another, rule by rule.

use super::args::{DiffArgs, Format};
use super::config::Config;
use super::error::CliError;
use super::outcome::{Outcome, Status};
use crate::align::{cache, Alignment, Change, ChangeKind};
use crate::corpus::Edition;
use crate::render::{self, diff::Scope, Style};

pub fn run(args: &DiffArgs, config: &Config, style: Style) -> miette::Result<Outcome> {
    let old = config.edition(&config.choose(Some(&args.old))?)?;
    let new = config.edition(&config.choose(Some(&args.new))?)?;
    let alignment = aligned(config, &old, &new)?;
    let in_scope: Vec<&Change> = alignment
        .changes()
        .iter()
        .filter(|c| args.section.is_none_or(|s| c.old.iter().chain(&c.new).any(|id| id.section() == s)))
        .collect();
    let changed = in_scope.iter().filter(|c| c.kind != ChangeKind::Unchanged).count();
    let scope = Scope { section: args.section, all: args.all, counts: alignment.counts_of(in_scope.iter().copied()) };
    let shown: Vec<&Change> = in_scope.into_iter().filter(|c| args.all || c.kind != ChangeKind::Unchanged).collect();
    let stdout = match args.output.chosen() {
        Format::Table => render::diff::table(&old, &new, &shown, &scope, style),
        Format::Json => render::diff::json(&old, &new, &shown, &scope),
        Format::Markdown => render::diff::markdown(&old, &new, &shown, &scope),
    };
    let status = if changed == 0 { Status::NothingFound } else { Status::Found };
    Ok(Outcome { stdout, warnings: Vec::new(), status, written: Ok(()) })
}

/// The alignment of two editions of one language, cached in the data directory when there is
/// one (and computed in memory when there is none).
pub fn aligned(config: &Config, old: &Edition, new: &Edition) -> miette::Result<Alignment> {
    if old.lang() != new.lang() {
        return Err(CliError::LanguagesDiffer {
            old: old.name().to_string(),
            old_lang: old.lang().to_string(),
            new: new.name().to_string(),
            new_lang: new.lang().to_string(),
        }
        .into());
    }
    let data_dir = config.data_dir().ok();
    Ok(cache::aligned(data_dir.as_deref(), old, new).0)
}
