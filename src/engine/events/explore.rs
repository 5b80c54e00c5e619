//! Every legal order of replacement effects (616.1), explored: each distinct outcome once, with
//! the first choices that lead to it and how many choice sequences do. A state already explored
//! (the same events waiting, the same shields left) is not explored again, so many effects on one
//! event cost their subsets, not their orders.

use super::found::{Found, Out, EMPTY};
use super::left::Left;
pub use super::next::{keeps, next, takes, Next, Tier};
use super::overflow::Overflow;
use super::replacer::Env;
pub use super::state::{Envs, State};
use super::{TooManyChoices, Unresolved};
use crate::model::pending::Happened;
use rustc_hash::FxHashMap;
use std::hash::BuildHasher;
use std::rc::Rc;

/// One effect applied (or, for `Tier::Simultaneous`, one waiting event started), and how it
/// came to be the one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The effect's index, the event's origin for `Tier::Simultaneous`, the object kept for
    /// `Tier::Legend`.
    pub effect: u16,
    pub tier: Tier,
    /// The effects it was chosen among (itself included), before any fixed choice narrowed them:
    /// one list shared by every option of the choice.
    pub among: Rc<[u16]>,
    pub chooser: usize,
    /// Taken from the scenario's `choose` list rather than explored.
    pub fixed: bool,
}

impl Decision {
    /// A real choice: a player picked among two or more.
    pub fn is_choice(&self) -> bool {
        self.among.len() > 1
    }
}

/// One distinct outcome: what happened, what is left of the limited effects, the first decisions
/// found that lead to it, and how many decision sequences lead to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub happened: Vec<Happened>,
    pub left: Left,
    pub decisions: Vec<Decision>,
    pub sequences: u64,
}

/// Past these, exploring would take too long or say too much to be of use at a table: the
/// judge is told, and can fix choices with `choose`.
pub const MAX_STATES: usize = 200_000;
pub const MAX_OUTCOMES: usize = 1_000;
/// Events waiting or under way at once (each draw of a card counts).
pub const MAX_EVENTS: usize = 500;
/// Effects watching events: decisions name them by a 16-bit index.
pub const MAX_EFFECTS: usize = 10_000;
/// Steps from the first state to the one being explored, one after another (a draw of 100 under
/// five Reflections is 3,200): each is a frame of the exploration's own stack, on the heap, and a
/// chain this long is a scenario to split, not a judge call.
pub const MAX_DEPTH: usize = 1_000;
/// Events held by the states the memo keeps (each state's events under way, waiting, done this
/// moment and done before: every card drawn is one) and by the tables of outcomes: what the
/// memory of an exploration grows with, whatever the number of states.
pub const MAX_KEPT_EVENTS: usize = 10_000_000;

/// The exploration stopped at a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Exhausted {
    #[error("more than {MAX_STATES} states to explore")]
    States,
    #[error("more than {MAX_OUTCOMES} distinct outcomes")]
    Outcomes,
    #[error("more than {MAX_EVENTS} events at once")]
    Events,
    #[error("more than {MAX_EFFECTS} replacement and prevention effects")]
    Effects,
    /// `event`: the scenario's event under way, counted from 1 (each of an `at_once` group
    /// counting as one).
    #[error(
        "more than {MAX_DEPTH} steps one after another (draws, replacements, events) in the scenario's event {event}"
    )]
    Depth { event: usize },
    #[error("more than {MAX_KEPT_EVENTS} events held by the states explored")]
    Memory,
    /// A number past the engine's range: `Explorer::overflow` says where.
    #[error("a number past the engine's range")]
    Overflow,
}

/// A state with its hash, computed once: the memo looks it up, then keeps it, without hashing
/// the events in it twice.
#[derive(PartialEq, Eq)]
struct Known {
    hash: u64,
    state: State,
}

impl std::hash::Hash for Known {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.hash);
    }
}

impl Known {
    fn new(state: State) -> Known {
        Known { hash: rustc_hash::FxBuildHasher.hash_one(&state), state }
    }
}

pub struct Explorer {
    envs: Envs,
    /// Each state explored, and its list of outcomes in `found`.
    memo: FxHashMap<Known, u32>,
    found: Found,
    /// Buffers for merges, reused (`merge`).
    pool: Vec<Merging>,
    /// A state made and found in the memo: its room is used again for the next (`outcomes_applying`).
    spare: Option<Known>,
    /// States expanded, for the benchmark and the property test.
    pub expanded: usize,
    /// Events held by the states in the memo (`MAX_KEPT_EVENTS`).
    kept_events: usize,
    pub exhausted: Option<Exhausted>,
    /// The first number past the engine's range met (`Exhausted::Overflow`).
    pub overflow: Option<Overflow>,
}

impl Explorer {
    pub fn new(env: &Env) -> Self {
        Explorer {
            envs: Envs::new(env),
            memo: FxHashMap::default(),
            found: Found::default(),
            pool: Vec::new(),
            spare: None,
            expanded: 0,
            kept_events: 0,
            exhausted: None,
            overflow: None,
        }
    }

    /// Exploring stops at the first number past the range: no answer rather than a clamped one.
    fn overflowed(&mut self, overflow: Overflow) -> u32 {
        self.overflow.get_or_insert(overflow);
        self.exhausted = Some(Exhausted::Overflow);
        EMPTY
    }

    /// Every distinct outcome from `state`, in the order first found.
    pub fn explore(&mut self, state: &State) -> Vec<Branch> {
        let list = self.outcomes(state.clone());
        self.found.list(list).iter().map(|out| self.found.branch(out)).collect()
    }

    /// The number of the state's list of outcomes in `found`. Exploring goes down the steps with
    /// a stack of its own (`frames`), one frame per state under expansion, so that its depth
    /// (`MAX_DEPTH`) costs heap, not the thread's stack.
    fn outcomes(&mut self, state: State) -> u32 {
        let mut frames: Vec<Frame> = Vec::new();
        let mut visit = self.visit(Known::new(state));
        loop {
            let list = match visit {
                Visit::Known(list) => list,
                Visit::New(known) => match self.enter(known, frames.len()) {
                    Entered::Done(list) => list,
                    Entered::Frame(frame, child) => {
                        frames.push(frame);
                        visit = child;
                        continue;
                    }
                },
            };
            // The list is that of the top frame's child: the frame goes on, or is done.
            let Some(frame) = frames.last_mut() else { return list };
            visit = match self.resume(frame, list) {
                Ok(child) => child,
                Err(list) => {
                    if let Some(frame) = frames.pop() {
                        self.memo.insert(frame.known, list);
                    }
                    Visit::Known(list)
                }
            };
        }
    }

    /// A state as met: its list when the memo has it.
    fn visit(&self, known: Known) -> Visit {
        match self.memo.get(&known) {
            Some(done) => Visit::Known(*done),
            None => Visit::New(known),
        }
    }

    /// The state after `effect` is applied to `state`'s event, made in the explorer's spare
    /// state: kept only when it is new.
    fn visit_applying(&mut self, env: &Env, state: &State, effect: u16) -> Visit {
        let mut spare = match self.spare.take() {
            Some(mut spare) => match state.apply_into(env, effect, &mut spare.state) {
                Ok(()) => spare,
                Err(overflow) => {
                    self.spare = Some(spare);
                    return Visit::Known(self.overflowed(overflow));
                }
            },
            None => match state.apply(env, effect) {
                Ok(state) => Known { hash: 0, state },
                Err(overflow) => return Visit::Known(self.overflowed(overflow)),
            },
        };
        spare.hash = rustc_hash::FxBuildHasher.hash_one(&spare.state);
        if let Some(done) = self.memo.get(&spare) {
            let done = *done;
            self.spare = Some(spare);
            return Visit::Known(done);
        }
        Visit::New(spare)
    }

    /// A state not met before, `depth` steps from the first: its list when it has no next step
    /// (done, or a limit reached), else its frame and the first state after it.
    fn enter(&mut self, known: Known, depth: usize) -> Entered {
        if self.exhausted.is_some() {
            return Entered::Done(EMPTY);
        }
        let state = &known.state;
        self.expanded += 1;
        // The waiting events are shared between states more often than not: counted in each all
        // the same, the budget holds whatever is shared.
        self.kept_events += 1 + state.waiting.len() + state.stack.len() + state.current.len() + state.changes.len();
        if self.expanded > MAX_STATES {
            self.exhausted = Some(Exhausted::States);
        } else if state.waiting.len() + state.stack.len() > MAX_EVENTS {
            self.exhausted = Some(Exhausted::Events);
        } else if depth >= MAX_DEPTH {
            let under_way = state.stack.last().or(state.waiting.first()).map_or(0, |p| p.origin);
            self.exhausted = Some(Exhausted::Depth { event: under_way + 1 });
        } else if self.kept_events + self.found.held() > MAX_KEPT_EVENTS {
            self.exhausted = Some(Exhausted::Memory);
        }
        let leaf = if self.exhausted.is_some() {
            Some(EMPTY)
        } else if state.is_done() {
            Some(self.found.done(&state.left))
        } else {
            None
        };
        if let Some(list) = leaf {
            self.memo.insert(known, list);
            return Entered::Done(list);
        }
        let env = match self.envs.get(&state.changes) {
            Ok(env) => env,
            Err(overflow) => {
                let list = self.overflowed(overflow);
                self.memo.insert(known, list);
                return Entered::Done(list);
            }
        };
        let (then, child) = match next(&env, state) {
            Next::Open { among, .. } if among.len() == 1 => (Then::Pass, state.open(among[0])),
            Next::Open { among, chooser, .. } => {
                let origins: Rc<[u16]> = among.iter().map(|p| state.origin_at(*p)).collect();
                return self.choosing(known, env, Choices::Open { positions: among, origins }, chooser);
            }
            Next::Happens => {
                let top = state.stack.last().expect("under way").happened();
                (Then::After(top), state.happen(&env))
            }
            Next::Cannot { rest: Some(rest), .. } => (Then::Pass, state.replace_top(rest)),
            Next::Cannot { rest: None, .. } | Next::Vanishes { .. } => (Then::Pass, state.drop_top()),
            Next::Split => (Then::Pass, state.split()),
            Next::StateBased { found } => (Then::Pass, state.perform(found, env.first_state_based_origin())),
            Next::Keep { chooser, among, fixed } => {
                let objects = keeps(&env, &among, fixed).to_vec();
                let choices = Choices::Keep { objects, among: among.as_slice().into(), fixed };
                return self.choosing(known, env, choices, chooser);
            }
            Next::Apply { tier, group, chooser, fixed } => {
                // Each option's state is made as it comes to be explored: most are met again
                // (the memo has them), and are forgotten at once.
                let effects = takes(&env, &group, fixed).to_vec();
                let choices = Choices::Apply { effects, tier, among: group.as_slice().into(), fixed };
                return self.choosing(known, env, choices, chooser);
            }
        };
        let child = self.visit(Known::new(child));
        Entered::Frame(Frame { known, then }, child)
    }

    /// The frame of a choice, and its first option's state.
    fn choosing(&mut self, known: Known, env: Rc<Env>, choices: Choices, chooser: usize) -> Entered {
        // Each frame of a choice takes buffers from the pool and gives them back when it is
        // done, so that they are allocated once for the whole exploration, not once per state.
        let buffers = self.pool.pop().unwrap_or_default();
        let mut frame = Frame { known, then: Then::Merge(Box::new(Merge { env, choices, chooser, at: 0, buffers })) };
        match self.option(&mut frame) {
            Some(child) => Entered::Frame(frame, child),
            None => {
                let list = self.finish(&mut frame);
                self.memo.insert(frame.known, list);
                Entered::Done(list)
            }
        }
    }

    /// The state of the frame's next option, if it has one left.
    fn option(&mut self, frame: &mut Frame) -> Option<Visit> {
        let Then::Merge(merge) = &frame.then else { return None };
        let state = &frame.known.state;
        let at = merge.at;
        Some(match &merge.choices {
            Choices::Open { positions, .. } => self.visit(Known::new(state.open(*positions.get(at)?))),
            Choices::Keep { objects, .. } => self.visit(Known::new(state.keep(*objects.get(at)?))),
            Choices::Apply { effects, .. } => {
                let effect = *effects.get(at)?;
                let env = merge.env.clone();
                self.visit_applying(&env, state, effect)
            }
        })
    }

    /// The frame's child gave `list`: the next child's state, or the frame's own list once it
    /// is done.
    fn resume(&mut self, frame: &mut Frame, list: u32) -> Result<Visit, u32> {
        match &mut frame.then {
            Then::Pass => Err(list),
            Then::After(top) => Err(self.found.after(top, list)),
            Then::Merge(merge) => {
                let decision = merge.decision(merge.at);
                merge.at += 1;
                if !self.merge_into(decision, list, &mut merge.buffers) {
                    self.release(frame);
                    return Err(EMPTY);
                }
                match self.option(frame) {
                    Some(child) => Ok(child),
                    None => Err(self.finish(frame)),
                }
            }
        }
    }

    /// The list of a choice's frame once every option is merged; its buffers go back to the pool.
    fn finish(&mut self, frame: &mut Frame) -> u32 {
        let list = match &frame.then {
            Then::Merge(merge) => self.found.keep(&merge.buffers.merged),
            _ => EMPTY,
        };
        self.release(frame);
        list
    }

    fn release(&mut self, frame: &mut Frame) {
        if let Then::Merge(merge) = &mut frame.then {
            let mut buffers = std::mem::take(&mut merge.buffers);
            buffers.merged.clear();
            buffers.seen.clear();
            self.pool.push(buffers);
        }
    }

    /// One option's outcomes merged into the choice's, the same outcome reached twice kept once
    /// with both counts; `false` once a limit is reached.
    fn merge_into(&mut self, decision: Decision, list: u32, buffers: &mut Merging) -> bool {
        let Merging { merged, seen } = buffers;
        let step = self.found.step(decision, list);
        let outs = self.found.list(list);
        if self.exhausted.is_some() && !outs.is_empty() {
            return false;
        }
        for (at, b) in outs.iter().enumerate() {
            let same = if merged.len() <= SCAN {
                merged.iter().position(|m| m.id == b.id)
            } else {
                if seen.is_empty() {
                    seen.extend(merged.iter().enumerate().map(|(i, m)| (m.id, i)));
                }
                seen.get(&b.id).copied()
            };
            match same {
                Some(i) => merged[i].sequences = merged[i].sequences.saturating_add(b.sequences),
                None => {
                    if !seen.is_empty() {
                        seen.insert(b.id, merged.len());
                    }
                    merged.push(Found::by(b, step, at));
                }
            }
            if merged.len() > MAX_OUTCOMES {
                self.exhausted = Some(Exhausted::Outcomes);
                return false;
            }
        }
        true
    }
}

/// A state met: its list is known, or it is new.
enum Visit {
    Known(u32),
    New(Known),
}

/// A new state: its list, or its frame with the first state after it. Made and taken apart at
/// once, the frame moved onto the stack of frames: boxing it would allocate once per state.
#[allow(clippy::large_enum_variant)]
enum Entered {
    Done(u32),
    Frame(Frame, Visit),
}

/// A state under expansion, and what its list is made of once its children's are known.
struct Frame {
    known: Known,
    then: Then,
}

enum Then {
    /// The list of its one next state.
    Pass,
    /// The event happens in front of its next state's outcomes.
    After(super::event::Happened),
    /// A choice: each option's outcomes, merged.
    Merge(Box<Merge>),
}

/// A choice under way: its options, the next to explore, and what is merged so far.
struct Merge {
    env: Rc<Env>,
    choices: Choices,
    chooser: usize,
    at: usize,
    buffers: Merging,
}

/// The options of a choice, each made into a state as it comes to be explored.
enum Choices {
    /// 615.7: which waiting event starts (positions in `waiting`, and their origins).
    Open { positions: Vec<u16>, origins: Rc<[u16]> },
    /// 704.5j: which legendary permanent is kept.
    Keep { objects: Vec<u16>, among: Rc<[u16]>, fixed: bool },
    /// 616.1: which effect applies.
    Apply { effects: Vec<u16>, tier: Tier, among: Rc<[u16]>, fixed: bool },
}

impl Merge {
    /// The decision option `at` makes.
    fn decision(&self, at: usize) -> Decision {
        let chooser = self.chooser;
        match &self.choices {
            Choices::Open { origins, .. } => Decision {
                effect: origins[at],
                tier: Tier::Simultaneous,
                among: origins.clone(),
                chooser,
                fixed: false,
            },
            Choices::Keep { objects, among, fixed } => {
                Decision { effect: objects[at], tier: Tier::Legend, among: among.clone(), chooser, fixed: *fixed }
            }
            Choices::Apply { effects, tier, among, fixed } => {
                Decision { effect: effects[at], tier: *tier, among: among.clone(), chooser, fixed: *fixed }
            }
        }
    }
}

/// A merge's working lists: the outcomes merged so far, and their positions by outcome number
/// once there are too many to scan.
#[derive(Default)]
struct Merging {
    merged: Vec<Out>,
    seen: FxHashMap<u32, usize>,
}

/// Up to this many outcomes, a merge finds one by scanning the list: quicker than hashing.
const SCAN: usize = 16;

/// Every distinct outcome of the board's events, in the order first found.
pub fn explore(env: &Env) -> Result<Vec<Branch>, Unresolved> {
    explore_keeping_boards(env).map(|(branches, _)| branches)
}

/// `explore`, with the boards of every moment it met: replaying the outcomes meets them again.
pub fn explore_keeping_boards(env: &Env) -> Result<(Vec<Branch>, Envs), Unresolved> {
    if env.replacers.len() > MAX_EFFECTS {
        return Err(TooManyChoices { limit: Exhausted::Effects }.into());
    }
    let mut explorer = Explorer::new(env);
    let found = explorer.explore(&State::start(env));
    match (explorer.exhausted, explorer.overflow.take()) {
        (Some(Exhausted::Overflow), Some(overflow)) => return Err(overflow.into()),
        (Some(limit), _) => return Err(TooManyChoices { limit }.into()),
        (None, _) => {}
    }
    let mut merged: Vec<Branch> = Vec::new();
    // By a hash of what they are, as in `Explorer::merge`: up to `MAX_OUTCOMES` of them.
    let mut seen: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
    for mut b in found {
        in_event_order(&mut b.happened);
        let key = rustc_hash::FxBuildHasher.hash_one((&b.happened, &b.left));
        let at = seen.entry(key).or_default();
        match at.iter().copied().find(|i| merged[*i].happened == b.happened && merged[*i].left == b.left) {
            Some(i) => merged[i].sequences = merged[i].sequences.saturating_add(b.sequences),
            None => {
                at.push(merged.len());
                merged.push(b);
            }
        }
    }
    Ok((merged, explorer.envs))
}

/// The outcome of one fixed way of choosing: `pick` gets the effects a player may choose among
/// and returns the one taken. What exploring must always include (a property test checks it).
pub fn run_fixed(env: &Env, mut pick: impl FnMut(&[u16]) -> u16) -> Result<(Vec<Happened>, Left), Overflow> {
    let mut envs = Envs::new(env);
    let mut state = State::start(env);
    let mut happened = Vec::new();
    while !state.is_done() {
        let env = envs.get(&state.changes)?;
        state = match next(&env, &state) {
            Next::Open { among, .. } => {
                let origins: Vec<u16> = among.iter().map(|p| state.origin_at(*p)).collect();
                let chosen = if origins.len() == 1 { origins[0] } else { pick(&origins) };
                state.open(state.position_of(chosen))
            }
            Next::Happens => {
                happened.push(state.stack.last().expect("under way").happened());
                state.happen(&env)
            }
            Next::Cannot { rest: Some(rest), .. } => state.replace_top(rest),
            Next::Cannot { rest: None, .. } | Next::Vanishes { .. } => state.drop_top(),
            Next::Split => state.split(),
            Next::StateBased { found } => state.perform(found, env.first_state_based_origin()),
            Next::Keep { among, fixed, .. } => {
                let options = keeps(&env, &among, fixed);
                let chosen = if options.len() == 1 { options[0] } else { pick(options) };
                state.keep(chosen)
            }
            Next::Apply { group, fixed, .. } => {
                let options = takes(&env, &group, fixed);
                let chosen = if options.len() == 1 { options[0] } else { pick(options) };
                state.apply(&env, chosen)?
            }
        };
    }
    in_event_order(&mut happened);
    Ok((happened, state.left))
}

/// What happened, by the scenario's events: simultaneous events' results are reported in the
/// order the events were given, whatever order they were handled in.
fn in_event_order(happened: &mut [Happened]) {
    happened.sort_by_key(|h| h.origin);
}
