//! `judge ruling`: a judge call written up as an article. The ruling is built once, as data
//! (sentences with their citations), then written as Markdown or as a self-contained HTML page;
//! neither writer decides anything about the rules or the wording.

mod board;
mod event_steps;
mod html;
mod inline;
mod layers;
mod legality;
mod markdown;
mod names;
mod outcome;
mod quotes;
mod short;

pub use html::html;
pub use inline::Line;
pub use markdown::markdown;

use crate::cite::{Citer, Unplaced};
use crate::corpus::{Lang, RuleId};
use crate::engine::{answer, Judgement};
use crate::model::board::Board;
use names::Names;

pub struct Ruling {
    pub title: String,
    pub question: Option<String>,
    pub edition: String,
    /// Concepts of the explanation that could not be placed in the edition with confidence.
    pub unplaced: Vec<Unplaced>,
    /// Abilities of the objects that the engine cannot express, left out of the answer: the
    /// object's name and the ability's text.
    pub unmodelled: Vec<(String, String)>,
    /// Cited rules worded otherwise than in the rules text the engine implements, and its date.
    pub reworded: Vec<RuleId>,
    pub implements: String,
    /// The language of the quoted rules, which may not be that of the article.
    pub lang: Lang,
    pub short: Short,
    /// With events: the objects the question asks about (`ask`), as the events find them.
    pub asked: Vec<Line>,
    pub players: Vec<String>,
    pub board: Vec<BoardRow>,
    /// Effects of resolved spells and abilities, one line each.
    pub effects: Vec<Line>,
    /// The events about to happen, as they stand before any effect applies (without events, the
    /// state-based actions the board calls for), under their heading.
    pub pending: Vec<String>,
    pub pending_heading: &'static str,
    pub explanations: Vec<Explanation>,
    pub quotes: Vec<Quote>,
}

pub enum Short {
    Lines(Vec<Line>),
    /// Several outcomes: who decides, then each outcome with the choices that lead to it.
    Depends {
        intro: Line,
        cases: Vec<Line>,
    },
}

pub struct BoardRow {
    pub name: Line,
    pub controller: String,
    pub zone: &'static str,
    pub types: String,
    pub colors: String,
    pub pt: String,
    pub abilities: Vec<String>,
}

/// One numbered explanation: the layers, or one outcome of the events.
pub struct Explanation {
    /// Absent when the article has one explanation only.
    pub title: Option<Line>,
    pub intro: Option<Line>,
    pub steps: Vec<Line>,
    /// For an outcome: the objects and players its events changed, as they are afterwards,
    /// under their heading ("After the events:").
    pub after: Vec<String>,
    pub after_heading: &'static str,
}

pub struct Quote {
    pub id: RuleId,
    /// The rule's paragraphs; empty when the edition does not have the rule.
    pub paragraphs: Vec<String>,
    pub examples: Vec<String>,
    /// The date of the document it comes from, when it is not the edition's.
    pub date: Option<String>,
    /// The English edition it is quoted from, when the edition in use lacks it.
    pub from: Option<String>,
}

impl Quote {
    pub fn in_edition(&self) -> bool {
        !self.paragraphs.is_empty()
    }
}

/// The abilities the answer leaves out, said under the short answer.
fn unmodelled_note(r: &Ruling) -> Option<String> {
    if r.unmodelled.is_empty() {
        return None;
    }
    let list: Vec<String> = r.unmodelled.iter().map(|(object, ability)| format!("{object}: “{ability}”")).collect();
    Some(format!(
        "This answer leaves out what the engine cannot express yet; check what it changes: {}.",
        list.join("; ")
    ))
}

/// The concepts the edition's text does not let us cite, said once for all of them.
fn unplaced_note(r: &Ruling) -> String {
    let list: Vec<String> = r.unplaced.iter().map(|u| format!("{} ({})", u.concept, u.why)).collect();
    format!(
        "Not cited, as edition {} does not state them: {}. Check those steps against the rules.",
        r.edition,
        list.join("; ")
    )
}

/// The cited rules reworded since the text the engine implements, in rule order.
fn reworded(citer: &Citer, judgement: &Judgement) -> Vec<RuleId> {
    let mut ids: Vec<RuleId> = citer.reworded(&judgement.concepts()).into_iter().map(|(_, id)| id).collect();
    ids.sort();
    ids.dedup();
    ids
}

/// What to tell the reader about rules reworded since the text the engine implements.
fn reworded_note(r: &Ruling) -> Option<String> {
    let list: Vec<String> = r.reworded.iter().map(ToString::to_string).collect();
    (!list.is_empty()).then(|| {
        format!(
            "Reworded since the rules of {} in a way whose meaning this ruling's reasoning does not know: {}. Check those steps against the text quoted here.",
            r.implements,
            list.join(", ")
        )
    })
}

/// What to do about the rules the edition lacks, said once for all of them.
fn missing_hint(edition: &str) -> Line {
    let mut line = Line::plain(format!("Some rules are not in edition {edition}: import the English CR with "));
    line.code("judge corpus import MagicCompRules.txt").text(", then pass ").code("--edition en-DATE");
    line.text(" to quote every rule.");
    line
}

pub fn build(board: &Board, judgement: &Judgement, citer: &Citer) -> Ruling {
    let names = Names::new(board);
    let resolution = &judgement.resolution;
    let outcomes = judgement.outcomes.as_deref();
    let answer = answer::answer(board, resolution);
    let (short, mut asked) = match outcomes {
        Some(outcomes) => (short::events(outcomes, &names), short::asked(board, &answer, &names)),
        None => (short::objects(board, &answer, &names), Vec::new()),
    };
    // The questions of what can target or block what come first: they are what is asked.
    let short = match short {
        Short::Lines(lines) if !judgement.legality.is_empty() => {
            Short::Lines(legality::short(&judgement.legality).into_iter().chain(lines).collect())
        }
        other => {
            asked.splice(0..0, legality::short(&judgement.legality));
            other
        }
    };
    let mut explanations = Vec::new();
    let several = usize::from(!resolution.steps.is_empty())
        + usize::from(!judgement.legality.is_empty())
        + outcomes.map_or(0, <[_]>::len)
        > 1;
    if !judgement.legality.is_empty() {
        explanations.push(legality::explanation(&judgement.legality, citer, several));
    }
    if !resolution.steps.is_empty() {
        explanations.push(Explanation {
            title: several.then(|| Line::plain("The continuous effects, layer by layer")),
            intro: None,
            steps: resolution.steps.iter().map(|s| layers::sentence(s, board, citer, &names)).collect(),
            after: Vec::new(),
            after_heading: "",
        });
    }
    let many_outcomes = outcomes.is_some_and(|o| o.len() > 1);
    for (n, o) in outcomes.unwrap_or_default().iter().enumerate() {
        let title = if many_outcomes {
            let mut t = Line::plain(format!("Outcome {}: ", n + 1));
            t.append(&outcome::result(o, &names));
            Some(t)
        } else {
            several.then(|| Line::plain(if o.of_events { "The events" } else { "The state-based actions" }))
        };
        let mut intro = None;
        if many_outcomes || o.sequences > 1 {
            let mut line = outcome::choices(o, &names);
            if line.is_empty() {
                line.text("No player has a choice");
            }
            if o.sequences > 1 {
                line.text(format!(" ({} orders of choices lead here; this is one)", o.sequences));
            }
            line.end();
            intro = Some(line);
        }
        explanations.push(Explanation {
            title,
            intro,
            steps: event_steps::sentences(o, board.events.len(), citer, &names),
            after: super::events::board_after_lines(&o.board),
            after_heading: super::events::after_heading(o),
        });
    }
    let quotes = quotes::quotes(explanations.iter().flat_map(|e| &e.steps), citer);
    Ruling {
        title: board.title.clone(),
        question: board.question.as_ref().map(|q| q.trim().to_string()),
        edition: citer.edition.name().to_string(),
        unplaced: citer.unplaced(&judgement.concepts()),
        unmodelled: board
            .objects
            .iter()
            .flat_map(|o| o.unmodelled.iter().map(move |a| (o.printed.name.clone(), a.clone())))
            .collect(),
        reworded: reworded(citer, judgement),
        implements: citer.implements().to_string(),
        lang: citer.edition.lang(),
        short,
        asked,
        players: board::players(board),
        board: board::rows(board, &resolution.characteristics, &names),
        effects: board::resolved_effects(board, &names),
        pending: board::pending(outcomes),
        pending_heading: if board.events.is_empty() { "The state-based actions to perform" } else { "About to happen" },
        explanations,
        quotes,
    }
}
