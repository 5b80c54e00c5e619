//! `judge check PATH…`: every scenario valid, every expected answer met.

use super::args::{CheckArgs, Format};
use super::config::Config;
use super::edition_choice::Choice;
use super::outcome::{Outcome, Status};
use super::scenario_file;
use crate::cards::Cards;
use crate::model::Meanings;
use crate::render::check::{self, Checked, Counts, Found};
use crate::render::Style;
use miette::Diagnostic;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Exit 0 when every file is valid and meets its expectations (a file that states none passes,
/// counted apart), 1 when an answer differs, 2 when a file is invalid (reported as warnings, so
/// that every file is checked). Quiet: only the files that differ or are invalid, and the count.
pub fn run(args: &CheckArgs, config: &Config, cards: &Cards, quiet: bool, style: Style) -> miette::Result<Outcome> {
    let files = scenario_files(&args.paths)?;
    let mut checked = Vec::with_capacity(files.len());
    let mut warnings = Vec::new();
    let mut meanings = EditionMeanings::default();
    // `--edition`, else the default, found once; a scenario's own `edition:` comes between them.
    let mut default: Option<Choice> = None;
    for path in &files {
        let file = scenario_file::shown(path);
        let read = scenario_file::read(path, cards).and_then(|(mut board, text)| {
            let choice = match (&args.edition, &board.edition) {
                (None, Some(_)) => config.choose_for_scenario(None, board.edition.as_deref(), file.as_ref())?,
                _ => match &default {
                    Some(choice) => choice.clone(),
                    None => default.insert(config.choose(args.edition.as_deref())?).clone(),
                },
            };
            board.answer_by(meanings.of(config, &choice)?);
            Ok((board, text))
        });
        let found = match read.and_then(|(board, text)| {
            let judgement = scenario_file::judge(path, &text, &board).map_err(|report| {
                // A diagnostic placed in the file names it already.
                if report.source_code().is_some() {
                    report
                } else {
                    report.wrap_err(file.clone())
                }
            })?;
            Ok((board, judgement))
        }) {
            Err(report) => {
                let error = report.to_string();
                warnings.push(report);
                Found::Invalid { error }
            }
            Ok((board, _)) if !board.expects_an_answer() => Found::NoExpectation,
            Ok((_, judgement)) if judgement.mismatches.is_empty() => Found::Ok,
            Ok((_, judgement)) => Found::Differs { mismatches: judgement.mismatches },
        };
        checked.push(Checked { file, found });
    }
    let counts = Counts::of(&checked);
    let stdout = match args.output.chosen() {
        Format::Table => check::table(&checked, quiet, style),
        Format::Json => check::json(&checked),
        Format::Markdown => check::markdown(&checked),
    };
    let status = if counts.invalid > 0 {
        Status::Invalid
    } else if counts.differ > 0 {
        Status::Differs
    } else {
        Status::Found
    };
    Ok(Outcome { stdout, warnings, status, written: Ok(()) })
}

/// The meanings of the rules in each edition the scenarios are answered by, each edition read
/// once: the embedded edition keeps the rules of 2011 and is not read.
#[derive(Default)]
struct EditionMeanings {
    imported: BTreeMap<String, Meanings>,
}

impl EditionMeanings {
    fn of(&mut self, config: &Config, choice: &Choice) -> miette::Result<Meanings> {
        let Some(name) = &choice.imported else { return Ok(Meanings::of_2011()) };
        if let Some(m) = self.imported.get(name) {
            return Ok(m.clone());
        }
        let edition = config.edition(choice)?;
        let m = super::citer::citer(config, &edition).meanings();
        self.imported.insert(name.clone(), m.clone());
        Ok(m)
    }
}

/// A directory given to `judge check` with no scenario file under it: most likely a wrong path,
/// so an error (exit 2, as for a file that cannot be read), not a count of 0 files that passes.
#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("no scenario file (`*.yaml`, `*.yml`) in the directory `{path}`")]
#[diagnostic(code(judge::no_scenario_files))]
struct NoScenarioFiles {
    path: String,
    #[help]
    help: String,
}

/// The files named, and the `*.yaml` files under the directories named, sorted.
fn scenario_files(paths: &[PathBuf]) -> miette::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let before = files.len();
            collect(path, &mut files)
                .map_err(|e| miette::miette!("cannot read the directory `{}`: {e}", path.display()))?;
            if files.len() == before {
                let named_like_a_file = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
                let help = if named_like_a_file {
                    "it is a directory named like a scenario file, and holds none".to_string()
                } else {
                    "scenario files end in `.yaml` or `.yml`; name a file, or a directory that holds some".to_string()
                };
                return Err(NoScenarioFiles { path: path.display().to_string(), help }.into());
            }
        } else {
            files.push(path.clone());
        }
    }
    files.sort();
    files.dedup();
    Ok(files)
}

/// The scenario files under `dir`. Links to directories are not followed: one out of the tree
/// would check files not asked for, and one into the tree or a loop would check files again or
/// never end. Each file of the tree is thus visited once, by a walk without recursion.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") && !path.is_dir() {
                files.push(path);
            }
        }
    }
    Ok(())
}
