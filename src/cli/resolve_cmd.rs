//! `judge resolve FILE`: the answer to a judge call, with every step and the rules behind it.

use super::args::{Format, ResolveArgs};
use super::citer;
use super::config::Config;
use super::outcome::{Outcome, Status};
use super::scenario_file;
use crate::cards::Cards;
use crate::engine::answer;
use crate::render::{self, Style};
use miette::Diagnostic;
use std::io::Write;

#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("rules cited but not in edition `{edition}`: {missing}")]
#[diagnostic(code(judge::missing_citation), help("pass `--edition` with an edition that has them, or drop `--strict`"))]
struct MissingCitations {
    edition: String,
    missing: String,
}

#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("concepts not placed with confidence in edition `{edition}`: {unplaced}")]
#[diagnostic(
    code(judge::unplaced_citation),
    help(
        "the edition's text does not say clearly which rule states them; check those steps by hand, or drop `--strict`"
    )
)]
struct UnplacedCitations {
    edition: String,
    unplaced: String,
}

#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("abilities left out of the answer: {left_out}")]
#[diagnostic(
    code(judge::unmodelled_ability),
    help(
        "the engine cannot express them; write what they do into the scenario (docs/scenario/02-abilities.md), or drop `--strict`"
    )
)]
struct LeftOut {
    left_out: String,
}

/// Exit 1 when the file's expected answer differs, after printing the answer all the same.
pub fn run(
    args: &ResolveArgs,
    config: &Config,
    cards: &Cards,
    style: Style,
    quiet: bool,
    stdout: &mut dyn Write,
) -> miette::Result<Outcome> {
    let (mut board, text) = scenario_file::read(&args.file, cards)?;
    let shown = scenario_file::shown(&args.file);
    let choice = config.choose_for_scenario(args.edition.as_deref(), board.edition.as_deref(), shown.as_ref())?;
    let edition = config.edition(&choice)?;
    let citer = citer::citer(config, &edition);
    board.answer_by(citer.meanings());
    let judgement = scenario_file::judge(&args.file, &text, &board)?;
    let answer = answer::answer(&board, &judgement.resolution);
    let report = render::resolve::Report {
        board: &board,
        citer: &citer,
        answer: &answer,
        steps: &judgement.resolution.steps,
        outcomes: judgement.outcomes.as_deref(),
        mismatches: &judgement.mismatches,
        legality: &judgement.legality,
    };
    let missing = report.missing();
    if args.strict && !missing.is_empty() {
        let missing = missing.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
        return Err(MissingCitations { edition: edition.name().to_string(), missing }.into());
    }
    let unplaced = report.unplaced();
    if args.strict && !unplaced.is_empty() {
        let unplaced = unplaced.iter().map(|u| format!("{} ({})", u.concept, u.why)).collect::<Vec<_>>().join(", ");
        return Err(UnplacedCitations { edition: edition.name().to_string(), unplaced }.into());
    }
    let unmodelled = report.unmodelled();
    if args.strict && !unmodelled.is_empty() {
        let left_out =
            unmodelled.iter().map(|u| format!("`{}`: {}", u.object, u.ability)).collect::<Vec<_>>().join("; ");
        return Err(LeftOut { left_out }.into());
    }
    let written = match args.output.chosen() {
        Format::Table if quiet => render::resolve::answer_only(&report, style, stdout),
        Format::Table => render::resolve::table(&report, style, stdout),
        Format::Json => render::resolve::json(&report, stdout),
        Format::Markdown => stdout.write_all(render::resolve::markdown(&report).as_bytes()),
    };
    let status = if judgement.mismatches.is_empty() { Status::Found } else { Status::Differs };
    Ok(Outcome { stdout: String::new(), warnings: Vec::new(), status, written })
}
