//! Scenario files: a judge call as YAML. `spec` is the file's shape, `load` reads it with
//! diagnostics, `validate` checks what serde cannot (ids, references, timestamps) and builds the
//! `Scenario` the engine runs on.

mod card;
pub mod limits;
pub mod load;
pub mod spec;
pub mod synthetic;
pub mod synthetic_cards;
pub mod synthetic_events;
pub mod validate;
mod validate_attachments;
mod validate_events;

use crate::cards::Cards;
use crate::model::board::Board;

/// All the problems of one scenario file, shown in windows of a large file.
pub type ScenarioProblems = crate::diagnostic::FileProblems<crate::diagnostic::Windowed>;

/// Reads a scenario file's text into a checked board, or every problem it has; the cards it
/// names are the library's.
pub fn read(file_name: &str, source: &str) -> Result<Board, ScenarioProblems> {
    read_with(file_name, source, &Cards::library())
}

/// As [`read`], the cards it names found among `cards`.
pub fn read_with(file_name: &str, source: &str, cards: &Cards) -> Result<Board, ScenarioProblems> {
    let problems = match load::load(source, cards).and_then(|loaded| validate::validate(source, &loaded)) {
        Ok(board) => return Ok(board),
        Err(problems) => problems,
    };
    let count = problems.len();
    let summary = if count == 1 {
        format!("`{file_name}` is not a valid scenario")
    } else {
        format!("`{file_name}` is not a valid scenario: {count} problems")
    };
    Err(ScenarioProblems::windowed(
        file_name,
        source,
        summary,
        Some("see docs/SCENARIO.md for the format".into()),
        &problems,
    ))
}
