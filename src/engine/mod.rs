//! The rules engine: continuous effects through the layer system (613), with a trace of every
//! step. The engine never prints; renderers turn its trace into text.

pub(crate) mod answer;
pub(crate) mod apply;
pub(crate) mod choosing;
pub(crate) mod condition;
pub(crate) mod copy;
pub(crate) mod dependency;
pub(crate) mod describe;
pub(crate) mod effect;
pub(crate) mod events;
pub(crate) mod exchange;
pub(crate) mod fast;
pub(crate) mod layer;
pub(crate) mod legality;
pub(crate) mod locked;
pub(crate) mod noncreature;
pub(crate) mod order;
pub(crate) mod pair_cache;
pub(crate) mod resolve;
pub(crate) mod sets;
pub(crate) mod trace;
pub(crate) mod world;

pub use answer::answer;
pub use events::explore::{explore, run_fixed, Branch, Exhausted, Explorer, State, MAX_OUTCOMES, MAX_STATES};
pub use events::left::Left;
pub use events::overflow::Overflow;
pub use events::replacer::Env;
pub use events::trace::{Action, EventStep, Why};
pub use events::{resolve_events, Outcome, TooManyChoices, Unresolved};
pub use exchange::{outcome as exchange_outcome, Exchange};
pub use resolve::{resolve, resolve_plainly, Resolution};
pub use trace::{AppliesTo, Changes};

use crate::model::board::Board;

/// Everything the engine says about a scenario: the layers, the events' outcomes, and where the
/// scenario's expectations differ.
pub struct Judgement {
    pub resolution: resolve::Resolution,
    /// `None` when the scenario has no pending event.
    pub outcomes: Option<Vec<events::Outcome>>,
    pub mismatches: Vec<answer::Mismatch>,
    /// The answers to the scenario's questions of what can target or block what.
    pub legality: Vec<legality::Verdict>,
}

impl Judgement {
    /// Every concept the layers' steps and the events' outcomes (steps and choices) rest on.
    pub fn concepts(&self) -> Vec<&'static str> {
        concepts(&self.resolution.steps, self.outcomes.as_deref().unwrap_or_default(), &self.legality)
    }
}

/// Every concept some layer steps, events' outcomes and answers of legality rest on, in order,
/// with repeats.
pub fn concepts(
    steps: &[trace::Step],
    outcomes: &[events::Outcome],
    legality: &[legality::Verdict],
) -> Vec<&'static str> {
    let mut concepts: Vec<&'static str> = steps.iter().flat_map(|s| s.concepts.iter().copied()).collect();
    concepts.extend(legality.iter().flat_map(|v| v.reasons.iter().map(|r| r.concept)));
    for o in outcomes {
        concepts.extend(o.steps.iter().flat_map(|s| s.concepts.iter().copied()));
        concepts.extend(o.choices.iter().map(|c| c.concept));
    }
    concepts
}

pub fn judge(board: &Board) -> Result<Judgement, events::Unresolved> {
    let board = &*exchange::settled(board);
    let resolution = resolve::resolve(board);
    let outcomes = events::resolve_events(board, &resolution)?;
    let mut mismatches = answer::check(board, &resolution);
    mismatches.extend(events::check(board, &resolution, outcomes.as_deref()));
    let legality = legality::verdicts(board, &resolution);
    mismatches.extend(legality::check(&legality));
    Ok(Judgement { resolution, outcomes, mismatches, legality })
}
