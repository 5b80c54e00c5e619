//! `judge ruling FILE`: a judge call written up for publication, in Markdown or as an HTML page.

use super::args::{RulingArgs, RulingFormat};
use super::citer;
use super::config::Config;
use super::outcome::{Outcome, Status};
use super::scenario_file;
use crate::cards::Cards;
use crate::render::ruling;
use miette::Diagnostic;

/// The write-up is still produced: the judge sees what the engine found and can decide which of
/// the file and the engine is wrong before publishing.
#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("the ruling differs from the answer `{file}` expects")]
#[diagnostic(
    severity(Warning),
    code(judge::ruling_differs),
    help("{details}\n`judge check {arg}` lists the differences too")
)]
struct ExpectationDiffers {
    /// As diagnostics name it (`<stdin>`), and as it was typed (`-`).
    file: String,
    arg: String,
    details: String,
}

/// Exit 1 when the file's expected answer differs, after printing the ruling all the same.
pub fn run(args: &RulingArgs, config: &Config, cards: &Cards) -> miette::Result<Outcome> {
    let (mut board, text) = scenario_file::read(&args.file, cards)?;
    let shown = scenario_file::shown(&args.file);
    let choice = config.choose_for_scenario(args.edition.as_deref(), board.edition.as_deref(), shown.as_ref())?;
    let edition = config.edition(&choice)?;
    let citer = citer::citer(config, &edition);
    board.answer_by(citer.meanings());
    let judgement = scenario_file::judge(&args.file, &text, &board)?;
    let ruling = ruling::build(&board, &judgement, &citer);
    let stdout = match args.format {
        RulingFormat::Markdown => ruling::markdown(&ruling),
        RulingFormat::Html => ruling::html(&ruling),
    };
    let mut outcome = Outcome::found(stdout);
    if !judgement.mismatches.is_empty() {
        let details = judgement
            .mismatches
            .iter()
            .map(|m| format!("{} {}: expected {}, got {}", m.object, m.characteristic, m.expected, m.actual))
            .collect::<Vec<_>>()
            .join("\n");
        outcome.warnings.push(ExpectationDiffers { file: shown, arg: args.file.display().to_string(), details }.into());
        outcome.status = Status::Differs;
    }
    Ok(outcome)
}
