//! Every legal order of replacement effects (616.1), explored: each distinct outcome once, with
//! the first choices that lead to it and how many choice sequences do. A state already explored
//! (the same events waiting, the same shields left) is not explored again, so many effects on one
//! event cost their subsets, not their orders.

use super::event::Happened;
use super::found::{Found, Out, EMPTY};
use super::left::Left;
pub use super::next::{keeps, next, takes, Next, Tier};
use super::overflow::Overflow;
use super::replacer::Env;
pub use super::state::{Envs, State};
use super::{TooManyChoices, Unresolved};
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
/// Steps from the first state to the one being explored: exploring goes down them by recursion,
/// a few frames a step, which must fit the main thread's stack (8 MiB; a debug build's frames
/// fill it in under 2,000 steps).
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
    /// Steps from the first state to the one under way (`MAX_DEPTH`).
    depth: usize,
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
            depth: 0,
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

    /// The number of the state's list of outcomes in `found`.
    fn outcomes(&mut self, state: State) -> u32 {
        let known = Known::new(state);
        if let Some(done) = self.memo.get(&known) {
            return *done;
        }
        self.unknown(known)
    }

    /// `outcomes` of the state after `effect` is applied to `state`'s event, made in the
    /// explorer's spare state: kept only when it is new.
    fn outcomes_applying(&mut self, env: &Env, state: &State, effect: u16) -> u32 {
        let mut spare = match self.spare.take() {
            Some(mut spare) => match state.apply_into(env, effect, &mut spare.state) {
                Ok(()) => spare,
                Err(overflow) => {
                    self.spare = Some(spare);
                    return self.overflowed(overflow);
                }
            },
            None => match state.apply(env, effect) {
                Ok(state) => Known { hash: 0, state },
                Err(overflow) => return self.overflowed(overflow),
            },
        };
        spare.hash = rustc_hash::FxBuildHasher.hash_one(&spare.state);
        if let Some(done) = self.memo.get(&spare) {
            let done = *done;
            self.spare = Some(spare);
            return done;
        }
        self.unknown(spare)
    }

    /// The outcomes of a state not met before.
    fn unknown(&mut self, known: Known) -> u32 {
        if self.exhausted.is_some() {
            return EMPTY;
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
        } else if self.depth >= MAX_DEPTH {
            let under_way = state.stack.last().or(state.waiting.first()).map_or(0, |p| p.origin);
            self.exhausted = Some(Exhausted::Depth { event: under_way + 1 });
        } else if self.kept_events + self.found.held() > MAX_KEPT_EVENTS {
            self.exhausted = Some(Exhausted::Memory);
        }
        let list = if self.exhausted.is_some() {
            EMPTY
        } else if state.is_done() {
            self.found.done(&state.left)
        } else {
            self.depth += 1;
            let list = self.expand(state);
            self.depth -= 1;
            list
        };
        self.memo.insert(known, list);
        list
    }

    fn expand(&mut self, state: &State) -> u32 {
        let env = match self.envs.get(&state.changes) {
            Ok(env) => env,
            Err(overflow) => return self.overflowed(overflow),
        };
        let env = env.as_ref();
        match next(env, state) {
            Next::Open { among, .. } if among.len() == 1 => self.outcomes(state.open(among[0])),
            Next::Open { among, chooser, .. } => {
                let origins: Rc<[u16]> = among.iter().map(|p| state.origin_at(*p)).collect();
                let options = among.iter().zip(origins.iter()).map(|(position, origin)| {
                    let decision = Decision {
                        effect: *origin,
                        tier: Tier::Simultaneous,
                        among: origins.clone(),
                        chooser,
                        fixed: false,
                    };
                    (decision, Way::State(state.open(*position)))
                });
                self.merge(env, options)
            }
            Next::Happens => {
                let top = state.stack.last().expect("under way").happened();
                let rest = self.outcomes(state.happen(env));
                self.found.after(&top, rest)
            }
            Next::Cannot { rest: Some(rest), .. } => self.outcomes(state.replace_top(rest)),
            Next::Cannot { rest: None, .. } | Next::Vanishes { .. } => self.outcomes(state.drop_top()),
            Next::Split => self.outcomes(state.split()),
            Next::StateBased { found } => self.outcomes(state.perform(found, env.first_state_based_origin())),
            Next::Keep { chooser, among, fixed } => {
                let shared: Rc<[u16]> = among.as_slice().into();
                let options = keeps(env, &among, fixed).iter().map(|object| {
                    let decision =
                        Decision { effect: *object, tier: Tier::Legend, among: shared.clone(), chooser, fixed };
                    (decision, Way::State(state.keep(*object)))
                });
                self.merge(env, options)
            }
            Next::Apply { tier, group, chooser, fixed } => {
                let among: Rc<[u16]> = group.as_slice().into();
                // Each option's state is made as it comes to be explored: most are met again
                // (the memo has them), and are forgotten at once.
                let options = takes(env, &group, fixed).iter().map(|effect| {
                    let decision = Decision { effect: *effect, tier, among: among.clone(), chooser, fixed };
                    (decision, Way::Apply(state, *effect))
                });
                self.merge(env, options)
            }
        }
    }

    /// Each option's outcomes, the same outcome reached twice kept once with both counts.
    fn merge<'a>(&mut self, env: &Env, options: impl Iterator<Item = (Decision, Way<'a>)>) -> u32 {
        // A merge explores its options between its own steps, and those merge in turn: each
        // level takes buffers from the pool and gives them back, so that they are allocated
        // once for the whole exploration, not once per state.
        let mut buffers = self.pool.pop().unwrap_or_default();
        let list = self.merge_into(env, options, &mut buffers);
        buffers.merged.clear();
        buffers.seen.clear();
        self.pool.push(buffers);
        list
    }

    fn merge_into<'a>(
        &mut self,
        env: &Env,
        options: impl Iterator<Item = (Decision, Way<'a>)>,
        buffers: &mut Merging,
    ) -> u32 {
        let Merging { merged, seen } = buffers;
        for (decision, option) in options {
            let list = match option {
                Way::State(state) => self.outcomes(state),
                Way::Apply(state, effect) => self.outcomes_applying(env, state, effect),
            };
            let step = self.found.step(decision, list);
            let outs = self.found.list(list);
            if self.exhausted.is_some() && !outs.is_empty() {
                return EMPTY;
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
                    return EMPTY;
                }
            }
        }
        self.found.keep(merged)
    }
}

/// Where an option leads: a state, or the state after an effect is applied to this one's event.
enum Way<'a> {
    State(State),
    Apply(&'a State, u16),
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
