//! What exploring has found, in tables: each distinct outcome (what happened, what is left of
//! the limited effects) gets a number once, and each state's list of outcomes says, for each,
//! which decision of that state leads to it and where it stands in the next state's list. A
//! state's outcomes are met again by every state that leads to it: this way they are copied as a
//! few numbers, compared as one, and written out as events and decisions once, at the end.

use super::explore::{Branch, Decision};
use super::left::Left;
use crate::model::pending::Happened;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// No number: no event in front (the end of an outcome), no decision after (the end of a path).
const NONE: u32 = u32::MAX;

/// The list of no outcome, what a state gives once exploring has stopped at a limit.
pub const EMPTY: u32 = 0;

/// One outcome of a state, and the first decisions found that lead to it from there. (Numbers
/// are `u32`: at most `MAX_STATES` lists of at most `MAX_OUTCOMES` outcomes are ever made.)
#[derive(Clone, Copy)]
pub struct Out {
    /// The outcome's number: the same outcome, the same number.
    pub id: u32,
    /// The decision this state takes towards it (`NONE`: it takes none), and the outcome's
    /// position in the list of the state that decision leads to.
    step: u32,
    at: u32,
    /// How many decision sequences lead to it from this state.
    pub sequences: u64,
}

/// A decision, and the list of outcomes of the state it leads to.
struct Step {
    decision: Decision,
    list: u32,
}

pub struct Found {
    happened: Numbered<Happened>,
    lefts: Numbered<Left>,
    /// An outcome: an event that happened in front of an outcome, or (`NONE`, a `lefts` number)
    /// at its end.
    outcomes: Numbered<(u32, u32)>,
    /// Every list, one after another in `outs`: a list is (where it starts, how long it is).
    /// One buffer rather than one allocation per state: kept, read and dropped at once.
    lists: Vec<(u32, u32)>,
    outs: Vec<Out>,
    steps: Vec<Step>,
}

impl Default for Found {
    /// With the list `EMPTY`.
    fn default() -> Found {
        Found {
            happened: Numbered::default(),
            lefts: Numbered::default(),
            outcomes: Numbered::default(),
            lists: vec![(0, 0)],
            outs: Vec::new(),
            steps: Vec::new(),
        }
    }
}

impl Found {
    pub fn list(&self, list: u32) -> &[Out] {
        let (start, len) = self.lists[list as usize];
        &self.outs[start as usize..(start + len) as usize]
    }

    /// How many entries the tables hold: outcomes in lists, decisions, outcomes numbered. What
    /// exploring's memory grows with, with the states the memo keeps.
    pub fn held(&self) -> usize {
        self.outs.len() + self.steps.len() + self.outcomes.values.len()
    }

    /// A new list of outcomes, kept; its number.
    pub fn keep(&mut self, outs: &[Out]) -> u32 {
        let start = self.outs.len() as u32;
        self.outs.extend_from_slice(outs);
        self.lists.push((start, outs.len() as u32));
        (self.lists.len() - 1) as u32
    }

    /// The list of a state where it is all over: nothing more happens, this is what is left.
    pub fn done(&mut self, left: &Left) -> u32 {
        let left = self.lefts.number(left);
        let id = self.outcomes.number(&(NONE, left));
        self.keep(&[Out { id, step: NONE, at: NONE, sequences: 1 }])
    }

    /// The list of a state whose event happens: the outcomes of the state after it, each with
    /// the event in front, by the same decisions.
    pub fn after(&mut self, happened: &Happened, list: u32) -> u32 {
        let head = self.happened.number(happened);
        let (from, len) = self.lists[list as usize];
        let start = self.outs.len() as u32;
        for i in from..from + len {
            let out = self.outs[i as usize];
            let id = self.outcomes.number(&(head, out.id));
            self.outs.push(Out { id, ..out });
        }
        self.lists.push((start, len));
        (self.lists.len() - 1) as u32
    }

    /// A decision leading to the state whose outcomes are `list`.
    pub fn step(&mut self, decision: Decision, list: u32) -> u32 {
        self.steps.push(Step { decision, list });
        (self.steps.len() - 1) as u32
    }

    /// `out`, the outcome `at` of a list, reached from this state by `step`.
    pub fn by(out: &Out, step: u32, at: usize) -> Out {
        Out { step, at: at as u32, ..*out }
    }

    /// The outcome written out: its events, what is left, its decisions.
    pub fn branch(&self, out: &Out) -> Branch {
        let mut happened = Vec::new();
        let mut id = out.id;
        let left = loop {
            let (head, tail) = self.outcomes.values[id as usize];
            if head == NONE {
                break self.lefts.values[tail as usize].clone();
            }
            happened.push(self.happened.values[head as usize].clone());
            id = tail;
        };
        let mut decisions = Vec::new();
        let (mut step, mut at) = (out.step, out.at);
        while step != NONE {
            let s = &self.steps[step as usize];
            decisions.push(s.decision.clone());
            let next = self.list(s.list)[at as usize];
            (step, at) = (next.step, next.at);
        }
        Branch { happened, left, decisions, sequences: out.sequences }
    }
}

/// Values numbered in the order first met: equal values, the same number.
struct Numbered<T> {
    values: Vec<T>,
    numbers: FxHashMap<T, u32>,
}

impl<T> Default for Numbered<T> {
    fn default() -> Self {
        Numbered { values: Vec::new(), numbers: FxHashMap::default() }
    }
}

impl<T: Clone + Eq + Hash> Numbered<T> {
    fn number(&mut self, value: &T) -> u32 {
        if let Some(n) = self.numbers.get(value) {
            return *n;
        }
        let n = self.values.len() as u32;
        self.values.push(value.clone());
        self.numbers.insert(value.clone(), n);
        n
    }
}
