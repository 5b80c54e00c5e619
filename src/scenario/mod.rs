//! Scenario files: a judge call as YAML. `spec` is the file's shape, `load` reads it with
//! diagnostics, `validate` checks what serde cannot (ids, references, timestamps) and builds the
//! `Scenario` the engine runs on.

mod card;
pub(crate) mod limits;
pub(crate) mod load;
pub(crate) mod spec;
pub(crate) mod validate;
mod validate_attachments;
mod validate_events;
mod validate_questions;

pub use limits::OBJECTS as MAX_OBJECTS;

use crate::cards::Cards;
use crate::diagnostic::Problem;
use crate::model::board::Board;
use crate::placed_yaml::spans::{child, item};

/// All the problems of one scenario file, shown in windows of a large file.
pub type ScenarioProblems = crate::diagnostic::FileProblems<crate::diagnostic::Windowed>;

/// Reads a scenario file's text into a checked board, or every problem it has; the cards it
/// names are the library's.
pub fn read(file_name: &str, source: &str) -> Result<Board, ScenarioProblems> {
    read_with(file_name, source, &Cards::library())
}

/// As [`read`], the cards it names found among `cards`.
pub fn read_with(file_name: &str, source: &str, cards: &Cards) -> Result<Board, ScenarioProblems> {
    let problems = match problems_of(source, cards) {
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
        Some("see docs/scenario/README.md for the format".into()),
        &problems,
    ))
}

/// A scenario's text read into a checked board, or its problems, each placed in the text.
pub fn problems_of(source: &str, cards: &Cards) -> Result<Board, Vec<Problem>> {
    load::load(source, cards).and_then(|loaded| validate::validate(source, &loaded))
}

/// A problem the engine found in a scenario already read (a number its events make past the
/// engine's range), placed at the scenario's event `origin` (counted from 0, each event of an
/// `at_once` group counting as one), or at the `events` list when no event is named.
pub fn unanswered(
    file_name: &str,
    source: &str,
    origin: Option<usize>,
    message: String,
    help: Option<String>,
) -> ScenarioProblems {
    let at =
        crate::placed_yaml::parse(source).map_or((0, 0), |(spans, value)| spans.value(&event_path(&value, origin)));
    let problem = crate::placed_yaml::problem(source, at, message, help);
    ScenarioProblems::windowed(file_name, source, format!("`{file_name}` has no answer"), None, &[problem])
}

/// The path of the scenario's event `origin` (`events[2]`, `events[1].at_once[0]`).
fn event_path(root: &serde_yaml::Value, origin: Option<usize>) -> String {
    let Some(mut origin) = origin else { return "events".into() };
    let events = root.get("events").and_then(serde_yaml::Value::as_sequence).map_or(&[][..], Vec::as_slice);
    for (i, event) in events.iter().enumerate() {
        let path = item("events", i);
        let group = event.get("at_once").and_then(serde_yaml::Value::as_sequence).map_or(1, Vec::len);
        match event.get("at_once") {
            Some(_) if origin < group => return item(&child(&path, "at_once"), origin),
            None if origin == 0 => return path,
            _ => origin -= group.min(origin),
        }
    }
    "events".into()
}

#[cfg(test)]
mod tests {
    /// The problems of a scenario, as (line, message).
    fn problems(source: &str) -> Vec<(usize, String)> {
        let read = super::load::load(source, &super::Cards::library())
            .and_then(|loaded| super::validate::validate(source, &loaded));
        read.err().unwrap_or_default().into_iter().map(|p| (p.line, p.message)).collect()
    }

    const THIEF: &str =
        "title: t\nplayers:\n  - {name: Alice}\n  - {name: Bob, active: true}\nobjects:\n  - card: Notion Thief\n";

    /// Whether a draw is the first of a draw step is never guessed: with events, the scenario
    /// says its step; without events, nothing is drawn and nothing is asked.
    #[test]
    fn an_effect_that_asks_the_step_needs_it_said() {
        let drawn = format!("{THIEF}events:\n  - draw: {{player: Bob}}\n");
        let found = problems(&drawn);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, 6);
        assert!(found[0].1.contains("does not say the step"), "{}", found[0].1);
        assert!(problems(&drawn.replace("title: t\n", "title: t\nstep: draw\n")).is_empty());
        assert!(problems(THIEF).is_empty());
    }

    #[test]
    fn the_cards_drawn_this_step_are_among_those_of_the_turn() {
        let source = "title: t\nplayers:\n  - {name: Alice, active: true, drawn_this_turn: 1, drawn_this_step: 2}\n  - {name: Bob, drawn_this_turn: -1}\n";
        let found = problems(source);
        let messages: Vec<&str> = found.iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(messages, ["2 cards drawn this step, but 1 this turn", "a count of cards drawn is 0 or more"]);
    }

    const DUEL: &str = "title: t\nplayers:\n  - {name: Alice, active: true}\n  - {name: Bob}\nobjects:\n  - card: Grizzly Bears\n  - {card: Shock, owner: Bob, zone: stack}\n";

    /// A question of `ask.can` names what it asks of, each found where it is written; one that
    /// asks two things, or nothing, is refused.
    #[test]
    fn questions_of_what_can_target_or_block_name_their_objects() {
        let asked = |can: &str| problems(&format!("{DUEL}ask:\n  can:\n    - {can}\n"));
        assert!(asked("{target: grizzly-bears, by: shock, expect: false}").is_empty());
        assert!(asked("{target: Alice, by: shock}").is_empty());
        assert!(asked("{block: grizzly-bears, by: [shock, grizzly-bears]}").is_empty());
        let messages = |can: &str| asked(can);
        assert_eq!(messages("{target: bear, by: shock}")[0].1, "no object or player is `bear`");
        assert_eq!(
            messages("{block: grizzly-bears, by: [shock, elves]}"),
            [(10, "no object has the id `elves`".to_string())]
        );
        assert!(messages("{target: Alice, block: grizzly-bears, by: shock}")[0].1.contains("asks one thing"));
        assert!(messages("{target: Alice}")[0].1.contains("without `by`"));
        assert!(messages("{target: Alice, by: [shock, grizzly-bears]}")[0].1.contains("names one object"));
        assert!(messages("{block: grizzly-bears, by: shock, as: {all: true}}")[0].1.contains("`as`"));
    }
}
