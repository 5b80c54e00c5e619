//! Where the events stand: the scenario's events not started yet, the one under way with what
//! replaced it, what is left of the limited effects, and what earlier moments changed on the
//! board. Every transition returns a new state, so that exploration can share and remember them.

use super::board_after::changes_board;
use super::left::Left;
use super::modify::modify;
use super::overflow::{Overflow, Past};
use super::replacer::Env;
use crate::model::pending::{Event, Pending};
use crate::model::sba::Sba;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// What changes seldom (the events waiting, the earlier moments) is shared between a state and
/// the next: exploring makes a state for every option of every choice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Events not started, by moment, then APNAP order.
    pub waiting: Rc<Vec<Pending>>,
    /// The event under way and what replaced it so far, the next to handle on top.
    pub stack: Vec<Pending>,
    pub left: Left,
    /// The moment under way.
    pub moment: usize,
    /// What earlier moments did to the board, in order: the board this moment meets.
    pub changes: Rc<Vec<Event>>,
    /// What the moment under way has done to the board so far.
    pub current: Vec<Event>,
    /// State-based actions made into events so far: the next one's origin follows them.
    pub state_based: usize,
    /// How many times state-based actions were performed, and `changes` when they last were.
    pub rounds: u16,
    pub round_from: Option<usize>,
    /// The last check of state-based actions found none to perform: nothing is left to happen.
    pub checked: bool,
    /// The legendary permanents their controllers chose to keep in the check under way (704.5j),
    /// until its actions are performed.
    pub kept: Vec<u16>,
}

impl State {
    pub fn start(env: &Env) -> State {
        // Players choose for simultaneous events in APNAP order (616.1, 101.4), each player's in
        // the order given.
        let mut waiting = env.board.events.clone();
        waiting.sort_by_key(|p| (p.moment, env.apnap_rank(env.chooser(&p.event))));
        let moment = waiting.first().map_or(0, |p| p.moment);
        State {
            waiting: Rc::new(waiting),
            stack: Vec::new(),
            left: Left::default(),
            moment,
            changes: Rc::default(),
            current: Vec::new(),
            state_based: 0,
            rounds: 0,
            round_from: None,
            checked: false,
            kept: Vec::new(),
        }
    }

    pub fn is_done(&self) -> bool {
        self.checked
    }

    /// The state-based actions found become events of one moment (704.3); none left: done.
    pub fn perform(&self, found: Vec<(Sba, Event)>, first_origin: usize) -> State {
        let mut next = self.clone();
        next.kept.clear();
        if found.is_empty() {
            next.checked = true;
            return next;
        }
        next.rounds += 1;
        next.round_from = Some(next.changes.len());
        let moment = self.moment + 1;
        for (cause, event) in found {
            let origin = first_origin + next.state_based;
            next.state_based += 1;
            Rc::make_mut(&mut next.waiting).push(Pending {
                event,
                by: None,
                origin,
                moment,
                applied: Vec::new(),
                cause: Some(cause),
                joined: 0,
            });
        }
        next
    }

    /// The player keeps this legendary permanent in the check under way (704.5j).
    pub fn keep(&self, object: u16) -> State {
        let mut next = self.clone();
        next.kept.push(object);
        next
    }

    /// An instruction to draw cards becomes that many draws, one after another (121.2).
    pub fn split(&self) -> State {
        let mut next = self.clone();
        let pending = next.stack.pop().expect("an event is under way");
        if let Event::Draws { player, cards } = pending.event {
            // A stated count is bounded when the scenario is read, a replacement's when it applies.
            for _ in 0..cards {
                next.stack.push(Pending { event: Event::Draw { player }, ..pending.clone() });
            }
        }
        next.settle();
        next
    }

    /// The waiting event at `position` gets under way.
    pub fn open(&self, position: u16) -> State {
        let mut next = self.clone();
        let pending = Rc::make_mut(&mut next.waiting).remove(position as usize);
        next.moment = pending.moment;
        next.stack.push(pending);
        next
    }

    /// The decision that `open(position)` makes: the event's origin.
    pub fn origin_at(&self, position: u16) -> u16 {
        self.waiting[position as usize].origin as u16
    }

    /// The position of the waiting event that came from `origin`.
    pub fn position_of(&self, origin: u16) -> u16 {
        self.waiting.iter().position(|p| p.origin as u16 == origin).expect("a waiting event") as u16
    }

    /// The state after `effect` is applied to the event on top; `Err` when the event as modified
    /// holds a number past the engine's range.
    pub fn apply(&self, env: &Env, effect: u16) -> Result<State, Overflow> {
        let (mut next, _) = self.without_top();
        self.apply_into(env, effect, &mut next)?;
        Ok(next)
    }

    /// `apply`, written over `into`, whatever state it held: the lists it has keep their room,
    /// so that exploring makes a state for every option without allocating for each (most are
    /// met again, looked up and forgotten).
    /// On `Err`, `into` is as it was.
    pub fn apply_into(&self, env: &Env, effect: u16, into: &mut State) -> Result<(), Overflow> {
        let (top, rest) = self.stack.split_last().expect("an event is under way");
        let r = &env.replacers[effect as usize];
        let modified = modify(env, effect, &top.event, self.left.of(r))
            .map_err(|_| super::overflow::applying(env, top, effect, Past::Numbers))?;
        if let Some(past) = modified.events.iter().find_map(super::overflow::past_bounds) {
            return Err(super::overflow::applying(env, top, effect, past));
        }
        into.waiting.clone_from(&self.waiting);
        into.changes.clone_from(&self.changes);
        into.current.clone_from(&self.current);
        into.left.clone_from(&self.left);
        into.left.use_up(r, modified.used);
        (into.moment, into.state_based, into.rounds) = (self.moment, self.state_based, self.rounds);
        (into.round_from, into.checked) = (self.round_from, self.checked);
        into.kept.clone_from(&self.kept);
        // The rest of what an earlier replacement did instead goes with the event it joins, once
        // that is no longer a zone change (regeneration replaces the whole destruction, 614.8).
        let joined = usize::from(top.joined).min(rest.len());
        let keeps_joined = modified.events.first().is_some_and(|e| matches!(e, Event::Move { .. }));
        let rest = if keeps_joined { rest } else { &rest[..rest.len() - joined] };
        let joined = if keeps_joined { joined } else { 0 };
        let first_joins = modified.events.len() == modified.fresh + 1;
        let made_joined = if first_joins && modified.joins { modified.fresh } else { 0 };
        into.stack.truncate(rest.len() + modified.events.len());
        for (i, pending) in rest.iter().enumerate() {
            match into.stack.get_mut(i) {
                Some(p) => p.clone_from(pending),
                None => into.stack.push(pending.clone()),
            }
        }
        // Each event that replaces it carries the effects applied so far, this one included
        // (614.5), in order.
        // The last `fresh` events are new ones (615.5): no effect has applied to them, and they
        // are the effect's source's.
        let fresh = modified.fresh;
        for (k, (i, event)) in (rest.len()..).zip(modified.events.into_iter().rev()).enumerate() {
            let by = if k < fresh { r.effect.source } else { top.by };
            let made = match into.stack.get_mut(i) {
                Some(p) => {
                    p.event = event;
                    p.cause.clone_from(&top.cause);
                    (p.by, p.origin, p.moment) = (by, top.origin, top.moment);
                    p.joined = 0;
                    p.applied.clear();
                    p
                }
                None => {
                    let applied = Vec::with_capacity(top.applied.len() + 1);
                    into.stack.push(Pending { event, applied, cause: top.cause.clone(), by, joined: 0, ..*top });
                    into.stack.last_mut().expect("just pushed")
                }
            };
            if k < fresh {
                continue;
            }
            made.applied.extend_from_slice(&top.applied);
            if let Err(at) = made.applied.binary_search(&effect) {
                made.applied.insert(at, effect);
            }
        }
        if first_joins {
            if let Some(first) = into.stack.last_mut() {
                first.joined = u8::try_from(joined + made_joined).unwrap_or(u8::MAX);
            }
        }
        into.settle();
        Ok(())
    }

    /// The event on top happens; what its damage results in follows it (120.4b): each result
    /// an event that replacement effects see.
    pub fn happen(&self, env: &Env) -> State {
        let mut next = self.clone();
        let pending = next.stack.pop().expect("an event is under way");
        for result in super::damage::results(env, &pending.event).into_iter().rev() {
            next.stack.push(Pending { event: result, applied: Vec::new(), ..pending.clone() });
        }
        if matches!(pending.event, Event::Draw { .. }) {
            // Draws are one after another, never at the same time (121.2, 121.2c): the next meets
            // the hand this one left.
            Rc::make_mut(&mut next.changes).push(pending.event);
        } else if changes_board(&pending.event) {
            next.current.push(pending.event);
        }
        next.settle();
        next
    }

    /// The event on top is now `event`: what a "can't" effect left of it.
    pub fn replace_top(&self, event: Event) -> State {
        let mut next = self.clone();
        next.stack.last_mut().expect("an event is under way").event = event;
        next
    }

    /// The event on top does not happen.
    pub fn drop_top(&self) -> State {
        let (mut next, _) = self.without_top();
        next.settle();
        next
    }

    /// This state without the event on top, and that event: the event is not copied.
    fn without_top(&self) -> (State, &Pending) {
        let (top, rest) = self.stack.split_last().expect("an event is under way");
        let next = State {
            waiting: self.waiting.clone(),
            stack: {
                // Room for what replaces it.
                let mut stack = Vec::with_capacity(self.stack.len() + 1);
                stack.extend_from_slice(rest);
                stack
            },
            left: self.left.clone(),
            changes: self.changes.clone(),
            current: self.current.clone(),
            kept: self.kept.clone(),
            ..*self
        };
        (next, top)
    }

    /// At the end of a moment, what it did becomes the board the next moment meets.
    fn settle(&mut self) {
        let moment_over = self.stack.is_empty() && self.waiting.first().is_none_or(|p| p.moment != self.moment);
        if moment_over && !self.current.is_empty() {
            Rc::make_mut(&mut self.changes).append(&mut self.current);
        }
    }
}

/// The board as each moment meets it, built once per distinct history.
pub struct Envs {
    cache: FxHashMap<Vec<Event>, Rc<Env>>,
    /// The board the events found, that of no change.
    base: Rc<Env>,
}

impl Envs {
    pub fn new(base: &Env) -> Envs {
        let base = Rc::new(base.clone());
        Envs { cache: FxHashMap::from_iter([(Vec::new(), base.clone())]), base }
    }

    /// `Err` when the board after `changes` holds a number past the engine's range.
    pub fn get(&mut self, changes: &[Event]) -> Result<Rc<Env>, Overflow> {
        // Before any moment has changed the board, as every state of a single moment is.
        if changes.is_empty() {
            return Ok(self.base.clone());
        }
        if let Some(env) = self.cache.get(changes) {
            return Ok(env.clone());
        }
        let env = Rc::new(self.base.after(changes)?);
        self.cache.insert(changes.to_vec(), env.clone());
        Ok(env)
    }
}
