//! Pending events through replacement, prevention and self-replacement effects (614–616): which
//! effects apply, in which order, who chooses (616.1), every distinct outcome of those choices,
//! and a trace of each. It runs on the board as the layers left it.

pub(crate) mod attachment;
pub(crate) mod board_after;
pub(crate) mod condition;
pub(crate) mod damage;
pub(crate) mod describe;
pub(crate) mod explore;
pub(crate) mod found;
pub(crate) mod left;
pub(crate) mod look_ahead;
pub(crate) mod modify;
pub(crate) mod next;
pub(crate) mod overflow;
pub(crate) mod replacer;
pub(crate) mod replay;
pub(crate) mod sba;
pub(crate) mod state;
pub(crate) mod token;
pub(crate) mod trace;

use super::answer::Mismatch;
use super::resolve::Resolution;
use crate::model::board::{Board, ExpectedOutcome};
use crate::model::pending::{self as event, Event};
use replacer::Env;
use serde::Serialize;
use trace::EventStep;

/// One distinct outcome of the events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The choices that lead to it (the first sequence found); empty when nobody chooses.
    pub choices: Vec<Choice>,
    /// The events that happen, in words, in order.
    pub result: Vec<String>,
    /// Then the state-based actions (704) and what replaced them, in words, each with the
    /// condition that called for it.
    pub then: Vec<String>,
    /// Limited effects still in place afterwards: effect id → what is left (damage for a shield,
    /// 1 for a "next time" effect not used).
    pub remaining: Vec<(String, i64)>,
    /// Limited effects used up entirely: what tells apart outcomes that differ only there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub used_up: Vec<String>,
    /// How many choice sequences lead to this outcome.
    pub sequences: u64,
    /// What the events and the state-based actions changed on the board, as it is afterwards.
    pub board: board_after::After,
    pub steps: Vec<EventStep>,
    /// Whether the scenario has pending events; without, the outcome is what the state-based
    /// actions do to the board as the layers leave it (704.3).
    #[serde(skip)]
    pub of_events: bool,
    #[serde(skip)]
    pub events: Vec<Event>,
    #[serde(skip)]
    pub then_events: Vec<Event>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub player: String,
    pub chose: String,
    pub among: Vec<String>,
    /// The citation concept of the step of 616.1 the choice is made under.
    pub concept: &'static str,
    /// Made by the scenario's `choose` list.
    pub fixed: bool,
    /// A choice of which event meets a shared shield first (615.7), not of an effect.
    pub of_event: bool,
}

/// Why the events have no answer: too much to explore, or a number past the engine's range.
#[derive(Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum Unresolved {
    #[error(transparent)]
    #[diagnostic(transparent)]
    TooManyChoices(#[from] TooManyChoices),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Overflow(#[from] overflow::Overflow),
}

/// The exploration hit one of its limits: no answer rather than a partial one.
#[derive(Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("the events cannot be explored: {limit}")]
#[diagnostic(
    code(judge::too_many_choices),
    help("fix some players' choices with `choose: [effect ids]`, or split the events into several scenarios")
)]
pub struct TooManyChoices {
    pub limit: explore::Exhausted,
}

/// The events' outcomes; `None` when the scenario has no pending event, expects no outcome, and
/// the board as the layers leave it calls for no state-based action (a 0/0 dies without any
/// event, 704.3).
pub fn resolve_events(board: &Board, resolution: &Resolution) -> Result<Option<Vec<Outcome>>, Unresolved> {
    if board.events.is_empty() && board.expect_outcomes.is_none() {
        // Most boards without events are questions about the layers: the replacement effects
        // are looked for only when the board calls for a state-based action.
        let env = Env::new(board, resolution);
        if sba::legend_choice(&env, &[]).is_none() && sba::check(&env, &[]).is_empty() {
            return Ok(None);
        }
    }
    let env = Env::new(board, resolution);
    let (branches, mut envs) = explore::explore_keeping_boards(&env)?;
    let outcomes = branches
        .iter()
        .map(|b| {
            let replay::Replayed { steps, choices, changes } = replay::replay(&env, &mut envs, &b.decisions)?;
            let after = envs.get(&changes)?;
            let board = board_after::After::between(&env.board, &env.chars, &after.board, &after.chars);
            let (events, then): (Vec<_>, Vec<_>) = b.happened.iter().partition(|h| h.cause.is_none());
            Ok(Outcome {
                choices,
                result: events.iter().map(|h| describe::event(&env, &h.event)).collect(),
                then: then.iter().map(|h| describe::state_based(&env, h)).collect(),
                remaining: remaining(&env, &b.left),
                used_up: b.left.used().filter(|(_, n)| *n == 0).map(|(k, _)| k.to_string()).collect(),
                sequences: b.sequences,
                board,
                steps,
                of_events: !env.board.events.is_empty(),
                events: events.iter().map(|h| h.event.clone()).collect(),
                then_events: then.iter().map(|h| h.event.clone()).collect(),
            })
        })
        .collect::<Result<_, overflow::Overflow>>()?;
    Ok(Some(outcomes))
}

/// The effects used up as they apply that are still there afterwards, with what is left: those of
/// the board as the events found it, then any that came later.
fn remaining(env: &Env, left: &left::Left) -> Vec<(String, i64)> {
    let mut out: Vec<(String, i64)> =
        env.replacers.iter().filter(|r| r.limited().is_some()).map(|r| (r.key().to_string(), left.of(r))).collect();
    for (key, n) in left.used() {
        if !out.iter().any(|(k, _)| k == key) {
            out.push((key.to_string(), n));
        }
    }
    out.retain(|(_, n)| *n > 0);
    out
}

/// An event by its origin: "event 2 (Shock deals 2 damage to Bob)", "state-based action 1 (…)".
pub fn event_name(env: &Env, pending: &event::Pending) -> String {
    let what = describe::event(env, &pending.event);
    match &pending.cause {
        None => format!("event {} ({what})", env.event_number(pending)),
        Some(_) => format!("state-based action {} ({what})", env.event_number(pending)),
    }
}

/// One outcome as compared: its events, then what the state-based actions did, then what is
/// left of the limited effects; the last two only when the expected outcomes state them.
type Compared<'a> = (&'a Vec<Event>, Vec<Event>, Vec<(String, i64)>);

/// The expected outcomes against the ones found, as one mismatch listing both when they differ.
/// What the state-based actions do, and what is left of shields, are compared once any expected
/// outcome states them.
pub fn check(board: &Board, resolution: &Resolution, outcomes: Option<&[Outcome]>) -> Vec<Mismatch> {
    let (Some(expected), Some(outcomes)) = (&board.expect_outcomes, outcomes) else {
        return Vec::new();
    };
    let with_then = expected.iter().any(|e| e.then.is_some());
    let with_remaining = expected.iter().any(|e| e.remaining.is_some());
    // State-based actions are performed at the same time (704.3): their order is not compared.
    let then = |t: &[Event]| {
        let mut t: Vec<Event> = if with_then { t.iter().map(Event::as_stated).collect() } else { Vec::new() };
        t.sort();
        t
    };
    let remaining = |r: &[(String, i64)]| {
        let mut r = if with_remaining { r.to_vec() } else { Vec::new() };
        r.sort();
        r
    };
    let want_each: Vec<Compared> = expected
        .iter()
        .map(|e| {
            (
                &e.events,
                then(e.then.as_deref().unwrap_or_default()),
                remaining(e.remaining.as_deref().unwrap_or_default()),
            )
        })
        .collect();
    let stated: Vec<Vec<Event>> = outcomes.iter().map(|o| o.events.iter().map(Event::as_stated).collect()).collect();
    let got_each: Vec<Compared> = outcomes
        .iter()
        .zip(&stated)
        .map(|(o, events)| (events, then(&o.then_events), remaining(&o.remaining)))
        .collect();
    let (mut want, mut got) = (want_each.clone(), got_each.clone());
    want.sort();
    want.dedup();
    got.sort();
    got.dedup();
    if want == got {
        // The same outcomes: each expected one's board against every outcome found like it.
        let mut out = Vec::new();
        for (e, w) in expected.iter().zip(&want_each) {
            for (n, o) in outcomes.iter().enumerate().filter(|(n, _)| got_each[*n] == *w) {
                check_board_after(board, resolution, e, n + 1, o, &mut out);
            }
        }
        return out;
    }
    // Only to name the objects of the outcomes: built when they differ, not on every check.
    let env = Env::new(board, resolution);
    let show = |(events, then, left): &Compared| {
        let words: Vec<String> = events.iter().map(|e| describe::event(&env, e)).collect();
        let mut line = if words.is_empty() { "(nothing happens)".to_string() } else { words.join("; ") };
        if !then.is_empty() {
            let then: Vec<String> = then.iter().map(|e| describe::event(&env, e)).collect();
            line.push_str(&format!("; then {}", then.join("; ")));
        }
        for (effect, n) in left {
            line.push_str(&format!("; {effect} stays, {n} left"));
        }
        line
    };
    // One line per difference: an expected outcome not found beside a found one not expected.
    let missing: Vec<String> = want.iter().filter(|w| !got.contains(w)).map(show).collect();
    let extra: Vec<String> = got.iter().filter(|g| !want.contains(g)).map(show).collect();
    (0..missing.len().max(extra.len()))
        .map(|i| Mismatch {
            object: "events".into(),
            characteristic: "outcome",
            expected: missing.get(i).cloned().unwrap_or_else(|| "no other outcome".into()),
            actual: extra.get(i).cloned().unwrap_or_else(|| "no other outcome".into()),
        })
        .collect()
}

/// What an expected outcome's `board` and `life` state against outcome `n` found: an object the
/// events did not change is as the layers left it before them.
fn check_board_after(
    board: &Board,
    resolution: &Resolution,
    expected: &ExpectedOutcome,
    n: usize,
    outcome: &Outcome,
    out: &mut Vec<Mismatch>,
) {
    for (id, e) in &expected.board {
        let object = format!("{id} after outcome {n}");
        let changed = outcome.board.objects.iter().find(|a| a.object.id == *id);
        let (chars, zone, counters, damage) = match (changed, board.object_index(id)) {
            (Some(a), _) => (&a.chars, a.zone, a.counters.clone(), a.damage),
            (None, Some(i)) => {
                let o = &board.objects[i];
                (&resolution.characteristics[i], o.zone, o.counters.clone(), o.damage)
            }
            (None, None) => {
                let expected = e.zone.map_or_else(|| "an object".to_string(), |z| describe::zone(z).to_string());
                out.push(Mismatch { object, characteristic: "zone", expected, actual: "no such object".into() });
                continue;
            }
        };
        crate::engine::answer::check_object(board, &object, chars, e, out);
        let mut push = |characteristic: &'static str, expected: String, actual: String| {
            out.push(Mismatch { object: object.clone(), characteristic, expected, actual })
        };
        if let Some(z) = e.zone.filter(|z| *z != zone) {
            push("zone", describe::zone(z).to_string(), describe::zone(zone).to_string());
        }
        if let Some(expected) = &e.counters {
            let nonzero = |c: &std::collections::BTreeMap<String, i64>| {
                c.iter().filter(|(_, n)| **n != 0).map(|(k, n)| (k.to_lowercase(), *n)).collect::<Vec<_>>()
            };
            if nonzero(expected) != nonzero(&counters) {
                push("counters", describe::counters(expected), describe::counters(&counters));
            }
        }
        if let Some(d) = e.damage.filter(|d| *d != damage) {
            push("damage", d.to_string(), damage.to_string());
        }
    }
    for (player, life) in &expected.life {
        let name = &board.players[*player];
        let found = outcome.board.players.iter().find(|p| p.name == *name).map_or(board.life[*player], |p| p.life);
        if found != Some(*life) {
            let actual = found.map_or_else(|| "no life total given".into(), |l| l.to_string());
            out.push(Mismatch {
                object: format!("{name} after outcome {n}"),
                characteristic: "life",
                expected: life.to_string(),
                actual,
            });
        }
    }
}
