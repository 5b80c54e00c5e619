//! What 616.1 allows next: for the event under way, which effects may be applied and who
//! chooses among them (a self-replacement effect first, then one changing who controls an
//! entering permanent, then any), whether a "can't" effect stops it, or whether it happens; with
//! no event under way, which waiting event starts (615.7).

use super::replacer::{Env, Kind};
use super::state::State;
use crate::model::pending::Event;
use crate::model::sba::Sba;

/// Which step of 616.1 a choice is made under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tier {
    /// 616.1a: a self-replacement effect must be chosen first.
    SelfReplacement,
    /// 616.1b: then an effect changing under whose control the permanent enters.
    Control,
    /// 616.1c today: then an effect making the permanent enter as a copy.
    Copy,
    /// 616.1c: then any of them.
    Any,
    /// 615.7: a shield (or another effect used up as it applies) watches several events that
    /// happen at the same time to the same player's things: that player chooses which it meets
    /// first. The choice is of an event, not an effect.
    Simultaneous,
    /// 704.5j: the legend rule; the player chooses which legendary permanent to keep. The choice
    /// is of an object, not an effect.
    Legend,
    /// "You may pay 2 life. If you don't, …": as the effect applies, its controller chooses
    /// whether to pay (119.4 today). The choice is of one of the effect's two options.
    Pay,
}

impl Tier {
    /// The citation concept of the rule the choice is made under.
    pub fn concept(self) -> &'static str {
        match self {
            Tier::SelfReplacement => "interaction-self-first",
            Tier::Control => "interaction-control-first",
            Tier::Copy => "interaction-copy-first",
            Tier::Any => "interaction-any",
            Tier::Simultaneous => "prevention-shield",
            Tier::Legend => "sba-legend",
            Tier::Pay => "pay-life",
        }
    }
}

/// What happens next to the event on top of the queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// No effect applies any more: it happens (614.6).
    Happens,
    /// A "can't" effect stops it (101.2); `rest`: what of it still happens (a permanent that
    /// can't have counters put on it enters without them, 121.6 / 122.6 today).
    Cannot { effect: u16, rest: Option<Event> },
    /// One of these effects is applied; with two or more, the chooser picks.
    Apply { tier: Tier, group: Vec<u16>, chooser: usize, fixed: bool },
    /// No event is under way: one of these waiting events (positions in `waiting`) starts.
    /// `shared`: the effect used up as it applies that makes the order a choice (615.7).
    Open { among: Vec<u16>, chooser: usize, shared: Option<u16> },
    /// The event cannot happen any more when its moment comes (614.7): why.
    Vanishes { why: String },
    /// An instruction to draw cards, as modified, becomes the individual draws (121.2).
    Split,
    /// The events are over: these state-based actions are performed, as one event (704.3); none
    /// found, it is all over.
    StateBased { found: Vec<(Sba, Event)> },
    /// Before the state-based actions are performed, the legend rule's player chooses which of
    /// these legendary permanents (object indices) to keep (704.5j); `fixed`: the scenario's
    /// `choose` names one of them.
    Keep { chooser: usize, among: Vec<u16>, fixed: bool },
}

/// State-based actions performed more times than this in a row: something replaces them by
/// themselves (a loop the rules call a draw, 104.4b), and exploring stops there.
pub const MAX_ROUNDS: u16 = 20;

/// What 616.1 allows next for the event on top of `state`, or which waiting event starts.
pub fn next(env: &Env, state: &State) -> Next {
    let Some(pending) = state.stack.last() else {
        if state.waiting.is_empty() {
            return state_based(env, state);
        }
        return opening(env, state);
    };
    if pending.applied.is_empty() {
        if let Some(why) = env.vanishes(&pending.event) {
            return Next::Vanishes { why };
        }
    }
    let applicable: Vec<u16> = (0..env.replacers.len())
        .filter(|i| !env.replacers[*i].kind.is_rule() && env.applies(*i, pending, &state.left))
        .map(|i| i as u16)
        .collect();
    // Most events meet only effects of the last tier: the lists of the others are made only when
    // there is something in them.
    let has = |kind: Kind| applicable.iter().any(|i| env.replacers[*i as usize].kind == kind);
    let of = |kind: Kind| -> Vec<u16> {
        applicable.iter().copied().filter(|i| env.replacers[*i as usize].kind == kind).collect()
    };
    let chooser = env.chooser(&pending.event);
    let group = |tier: Tier, group: Vec<u16>| {
        // The two options of one effect with a payment, and no other effect: whether to pay,
        // which its controller chooses. `choose` fixes an order of effects, never a payment.
        if let [a, b] = group[..] {
            if a != b && env.same_effect(a as usize, b as usize) {
                let payer = env.replacers[a as usize].effect.controller;
                return Next::Apply { tier: Tier::Pay, group, chooser: payer, fixed: false };
            }
        }
        let fixed = group.len() > 1 && group.iter().any(|g| env.board.choose.iter().any(|id| chosen_by(env, *g, id)));
        Next::Apply { tier, group, chooser, fixed }
    };
    if has(Kind::SelfReplacement) {
        return group(Tier::SelfReplacement, of(Kind::SelfReplacement));
    }
    // An event that can't happen is not modified by other effects (101.2; 614.17c later).
    let cant = env.replacers.iter().position(|r| r.kind == Kind::Cant && env.watches(r, &pending.event));
    if let Some(effect) = cant {
        return Next::Cannot { effect: effect as u16, rest: rest(&env.replacers[effect], &pending.event) };
    }
    if has(Kind::Control) {
        return group(Tier::Control, of(Kind::Control));
    }
    if has(Kind::Copy) {
        return group(Tier::Copy, of(Kind::Copy));
    }
    if applicable.is_empty() && matches!(pending.event, Event::Draws { .. }) {
        return Next::Split;
    }
    if applicable.is_empty() || pending.event.is_empty() {
        return Next::Happens;
    }
    group(Tier::Any, applicable)
}

/// What of the event a "can't" effect leaves: an entering permanent enters without the
/// counters that can't be put on it; any other event does not happen at all.
fn rest(r: &super::replacer::Replacer, event: &Event) -> Option<Event> {
    let Event::Enter { .. } = event else { return None };
    if r.spec.event != Some(crate::model::EventKindSpec::Counters) {
        return None;
    }
    let mut rest = event.clone();
    if let Event::Enter { counters, .. } = &mut rest {
        counters.retain(|kind, _| r.spec.counter.as_ref().is_some_and(|k| !k.eq_ignore_ascii_case(kind)));
    }
    Some(rest)
}

/// 704.3: the state-based actions the board calls for, unless the last ones changed nothing (they
/// would only be found again).
fn state_based(env: &Env, state: &State) -> Next {
    let repeated = state.round_from.is_some_and(|from| from == state.changes.len());
    if repeated || state.rounds >= MAX_ROUNDS {
        return Next::StateBased { found: Vec::new() };
    }
    if let Some((chooser, among)) = super::sba::legend_choice(env, &state.kept) {
        let fixed = among.len() > 1
            && env.board.choose.iter().any(|id| among.iter().any(|o| env.board.objects[*o as usize].id == *id));
        return Next::Keep { chooser, among, fixed };
    }
    Next::StateBased { found: super::sba::check(env, &state.kept) }
}

/// 615.7: the first waiting event starts, unless an effect used up as it applies watches it and
/// another event of the same moment and the same chooser: then the chooser picks which of those
/// comes first.
fn opening(env: &Env, state: &State) -> Next {
    let first = state.waiting.first().expect("an event is waiting");
    let chooser = env.chooser(&first.event);
    let mine: Vec<u16> = (0..state.waiting.len())
        .filter(|i| state.waiting[*i].moment == first.moment && env.chooser(&state.waiting[*i].event) == chooser)
        .map(|i| i as u16)
        .collect();
    let shared = (0..env.replacers.len()).find(|r| {
        let limited = env.replacers[*r].limited().is_some() && state.left.of(&env.replacers[*r]) > 0;
        let watches = |p: &u16| env.applies(*r, &state.waiting[*p as usize], &state.left);
        limited && watches(&0) && mine.iter().filter(|p| watches(p)).count() > 1
    });
    let among = match shared {
        Some(r) => mine.into_iter().filter(|p| env.applies(r, &state.waiting[*p as usize], &state.left)).collect(),
        None => vec![0],
    };
    Next::Open { among, chooser, shared: shared.map(|r| r as u16) }
}

/// The legendary permanents a legend-rule choice may keep: all, or the one the scenario fixes.
pub fn keeps<'a>(env: &Env, among: &'a [u16], fixed: bool) -> &'a [u16] {
    if !fixed {
        return among;
    }
    let pick =
        env.board.choose.iter().find_map(|id| among.iter().position(|o| env.board.objects[*o as usize].id == *id));
    pick.map_or(among, |at| &among[at..=at])
}

/// The effects a decision may take: the whole group, or the one the scenario fixes.
pub fn takes<'a>(env: &Env, group: &'a [u16], fixed: bool) -> &'a [u16] {
    if !fixed {
        return group;
    }
    let pick = env.board.choose.iter().find_map(|id| group.iter().position(|g| chosen_by(env, *g, id)));
    pick.map_or(group, |at| &group[at..=at])
}

/// Whether the scenario's `choose` entry `id` names effect `g`: by its key, unless it has a
/// payment, which `choose` never fixes.
fn chosen_by(env: &Env, g: u16, id: &str) -> bool {
    let r = &env.replacers[g as usize];
    r.payment.is_none() && r.key() == id
}
