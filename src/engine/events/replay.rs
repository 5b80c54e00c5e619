//! One outcome's decisions played again, step by step, with the trace: exploration keeps only
//! the decisions, so that the trace is built once per outcome and not once per path.

use super::describe;
use super::event::Event;
use super::explore::{next, Decision, Next, State, Tier};
use super::modify::modify;
use super::replacer::{Env, Kind, Replacer};
use super::trace::{Action, EventStep, Stopped, Why};

pub fn replay(env: &Env, decisions: &[Decision]) -> Vec<EventStep> {
    let mut state = State::start(env);
    let mut decisions = decisions.iter();
    let mut steps = Vec::new();
    while !state.is_done() {
        if let Next::Open { among, chooser } = next(env, &state) {
            let position = match among.as_slice() {
                [only] => *only,
                _ => {
                    let Some(decision) = decisions.next() else { break };
                    steps.push(first_step(env, &state, decision, &among, chooser));
                    state.position_of(decision.effect)
                }
            };
            state = state.open(position);
            continue;
        }
        let top = state.stack.last().expect("under way").clone();
        let before = describe::event(env, &top.event);
        let origin = top.origin + 1;
        match next(env, &state) {
            Next::Open { .. } => unreachable!("an event is under way"),
            Next::Happens => {
                let mut concepts = Vec::new();
                if !top.applied.is_empty() {
                    concepts.push("replacement-never-happens");
                }
                if matches!(top.event, Event::Enter { .. }) {
                    concepts.push("enters-look-ahead");
                }
                let already = already_applied(env, &top.applied, &top.event);
                if !already.is_empty() {
                    concepts.push("replacement-once");
                }
                steps.push(EventStep {
                    event: origin,
                    action: Action::Happens,
                    effect: None,
                    effect_kind: None,
                    source: None,
                    text: None,
                    after: vec![before.clone()],
                    before,
                    why: None,
                    note: None,
                    stopped: Vec::new(),
                    now_applicable: Vec::new(),
                    already_applied: already,
                    concepts,
                });
                state = state.pop();
            }
            Next::Cannot { effect } => {
                let r = &env.replacers[effect as usize];
                steps.push(EventStep {
                    event: origin,
                    action: Action::Cannot,
                    effect: Some(r.key().to_string()),
                    effect_kind: Some(r.kind),
                    source: source(env, r),
                    text: Some(r.effect.text.clone()),
                    before,
                    after: Vec::new(),
                    why: None,
                    note: None,
                    stopped: Vec::new(),
                    now_applicable: Vec::new(),
                    already_applied: Vec::new(),
                    concepts: vec!["cant-beats-can"],
                });
                state = state.pop();
            }
            Next::Apply { tier, group, chooser, .. } => {
                let Some(decision) = decisions.next() else { break };
                let i = decision.effect as usize;
                let r = &env.replacers[i];
                let modified = modify(env, r, &top.event, state.left[i]);
                let next_state = state.apply(env, decision.effect);
                let after_events = modified.events.clone();
                let applicable_before: Vec<usize> = (0..env.replacers.len())
                    .filter(|j| *j != i && env.replacers[*j].kind != Kind::Cant && env.applies(*j, &top, &state.left))
                    .collect();
                let applicable_after = |j: usize| {
                    let n = after_events.len();
                    next_state.stack.iter().rev().take(n).any(|p| env.applies(j, p, &next_state.left))
                };
                let stopped: Vec<Stopped> = applicable_before
                    .iter()
                    .filter(|j| !applicable_after(**j))
                    .map(|j| Stopped {
                        effect: env.replacers[*j].key().to_string(),
                        why: describe::no_longer(env, &after_events),
                    })
                    .collect();
                let now_applicable: Vec<String> = (0..env.replacers.len())
                    .filter(|j| *j != i && !applicable_before.contains(j) && env.replacers[*j].kind != Kind::Cant)
                    .filter(|j| applicable_after(*j))
                    .map(|j| env.replacers[j].key().to_string())
                    .collect();
                let why = if decision.is_choice() {
                    Why::Chosen {
                        by: env.board.players[chooser].clone(),
                        tier,
                        among: keys(env, &group),
                        fixed: decision.fixed,
                    }
                } else if tier != Tier::Any && !applicable_before.is_empty() {
                    Why::Forced {
                        tier,
                        waiting: applicable_before.iter().map(|j| env.replacers[*j].key().to_string()).collect(),
                    }
                } else {
                    Why::Only
                };
                let mut concepts = kind_concepts(r, &top.event);
                concepts.extend(why_concepts(&why, !top.applied.is_empty()));
                if !now_applicable.is_empty() {
                    concepts.push("interaction-becomes-applicable");
                }
                if !stopped.is_empty() {
                    // 616.1d: only the effects that would now be applicable are considered.
                    concepts.push("interaction-repeat");
                }
                if after_events.is_empty() && !stopped.is_empty() {
                    // 614.7, and 614.7a for damage: no event is left for the others to modify.
                    let damage = matches!(top.event, Event::Damage { .. });
                    concepts.push(if damage { "zero-damage" } else { "replacement-no-event" });
                }
                let already = already_applied(env, &top.applied, &top.event);
                if !already.is_empty() {
                    concepts.push("replacement-once");
                }
                if matches!(top.event, Event::Enter { .. }) {
                    concepts.push("enters-look-ahead");
                }
                concepts.dedup();
                steps.push(EventStep {
                    event: origin,
                    action: Action::Applied,
                    effect: Some(r.key().to_string()),
                    effect_kind: Some(r.kind),
                    source: source(env, r),
                    text: Some(r.effect.text.clone()),
                    before,
                    after: after_events.iter().map(|e| describe::event(env, e)).collect(),
                    why: Some(why),
                    note: modified.note,
                    stopped,
                    now_applicable,
                    already_applied: already,
                    concepts,
                });
                state = next_state;
            }
        }
    }
    steps
}

/// 615.7: the player chose which of the events a shared shield meets first.
fn first_step(env: &Env, state: &State, decision: &Decision, among: &[u16], chooser: usize) -> EventStep {
    let pending = &state.waiting[state.position_of(decision.effect) as usize];
    let before = describe::event(env, &pending.event);
    EventStep {
        event: pending.origin + 1,
        action: Action::First,
        effect: None,
        effect_kind: None,
        source: None,
        text: None,
        after: vec![before.clone()],
        before,
        why: Some(Why::Chosen {
            by: env.board.players[chooser].clone(),
            tier: Tier::Simultaneous,
            among: among.iter().map(|p| super::event_name(env, state.origin_at(*p))).collect(),
            fixed: false,
        }),
        note: None,
        stopped: Vec::new(),
        now_applicable: Vec::new(),
        already_applied: Vec::new(),
        concepts: vec!["prevention-shield", "interaction-order"],
    }
}

fn keys(env: &Env, group: &[u16]) -> Vec<String> {
    group.iter().map(|g| env.replacers[*g as usize].key().to_string()).collect()
}

fn source(env: &Env, r: &Replacer) -> Option<String> {
    r.effect.source.map(|s| env.board.objects[s].id.clone())
}

/// Effects that would still watch the event but already had their opportunity on it (614.5).
fn already_applied(env: &Env, applied: &[u16], event: &Event) -> Vec<String> {
    applied
        .iter()
        .map(|a| &env.replacers[*a as usize])
        .filter(|r| env.watches(r, event))
        .map(|r| r.key().to_string())
        .collect()
}

/// The rules that say what this kind of effect does.
fn kind_concepts(r: &Replacer, event: &Event) -> Vec<&'static str> {
    let s = &r.spec;
    match r.kind {
        Kind::SelfReplacement => vec!["self-replacement"],
        Kind::Control => vec!["replacement-enters"],
        Kind::Prevention if s.shield.is_some() => vec!["prevention", "prevention-shield"],
        Kind::Prevention if s.once => vec!["prevention", "prevention-next-source"],
        Kind::Prevention if matches!(s.prevent, Some(crate::scenario::spec::PreventSpec::Amount(_))) => {
            vec!["prevention", "prevention-static-amount"]
        }
        Kind::Prevention => vec!["prevention"],
        Kind::Regeneration => vec!["regeneration"],
        Kind::Redirection => vec!["redirection"],
        Kind::Skip if s.once => vec!["replacement-skip", "skip", "skip-next"],
        Kind::Skip => vec!["replacement-skip", "skip"],
        Kind::Replacement => match event {
            Event::Enter { .. } if r.entering.is_some() => vec!["replacement-enters-with"],
            Event::Enter { .. } => vec!["replacement-enters"],
            Event::Draw { .. } => vec!["replacement-instead", "replacement-draw"],
            _ => vec!["replacement-instead"],
        },
        Kind::Cant => vec!["cant-beats-can"],
    }
}

fn why_concepts(why: &Why, repeated: bool) -> Vec<&'static str> {
    let tier = |t: Tier| t.concept();
    let mut out = match why {
        Why::Only => vec![],
        Why::Forced { tier: t, .. } => vec!["interaction-order", tier(*t)],
        Why::Chosen { tier: t, .. } => vec!["interaction-order", tier(*t)],
    };
    if repeated {
        out.push("interaction-repeat");
    }
    out
}
