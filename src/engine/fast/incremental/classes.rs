//! Effects alike (`alike`: one body and one controller, a set found by a selector alone) as
//! classes. Where a trial goes by shape and B writes no ability, whether A depends on B is a
//! matter of their classes alone: a colour layer of many alike effects has such a pair for
//! nearly every two of them, found again after every application. Those dependencies are kept
//! once per pair of classes, and read member by member where the order is worked out.

use super::edges::Edges;
use super::reach;
use crate::engine::trace::DependencyKind;
use rustc_hash::FxHashMap;

#[derive(Default)]
pub struct Classes {
    /// (body, controller) → the class's number; numbers count up from 0.
    numbers: FxHashMap<(String, usize), u32>,
    /// Id → its class.
    of: Vec<Option<u32>>,
    /// Class → its members (ids).
    members: Vec<Vec<usize>>,
    /// Class → as B, how many times its pairs were tried again.
    rounds: Vec<u32>,
    /// Class → as A, the classes its members depend on.
    edges: Vec<Edges>,
    /// (A, B) → `joins` when every pair of their members was last reported.
    reported: FxHashMap<(u32, u32), u64>,
    /// How many times an effect was (re)added: its pairs with a class are reported when found.
    joins: u64,
    /// Class → a member left it since its pairs were last tried.
    left: Vec<bool>,
}

impl Classes {
    /// Effect `id` was added, new or changed, into the class of `key` (`None`: of none).
    pub fn join(&mut self, id: usize, key: Option<(String, usize)>) {
        self.joins += 1;
        let class = key.map(|key| {
            let next = self.numbers.len() as u32;
            *self.numbers.entry(key).or_insert(next)
        });
        let was = std::mem::replace(reach(&mut self.of, id), class);
        if was != class {
            if let Some(old) = was {
                self.members[old as usize].retain(|m| *m != id);
                self.left[old as usize] = true;
            }
            if let Some(new) = class {
                reach(&mut self.members, new as usize).push(id);
                reach(&mut self.rounds, new as usize);
                reach(&mut self.edges, new as usize);
                reach(&mut self.left, new as usize);
            }
        }
    }

    /// An effect came back among the candidates, in the class it had.
    pub fn came_back(&mut self) {
        self.joins += 1;
    }

    pub fn of(&self, id: usize) -> Option<u32> {
        self.of.get(id).copied().flatten()
    }

    /// How many classes there are: numbers count up from 0.
    pub fn count(&self) -> usize {
        self.numbers.len()
    }

    pub fn members(&self, class: u32) -> &[usize] {
        &self.members[class as usize]
    }

    /// Whether a member left the class since this was last asked.
    pub fn take_left(&mut self, class: u32) -> bool {
        std::mem::take(&mut self.left[class as usize])
    }

    /// Class `b`'s pairs are tried again: what its members were found to depend on no longer counts.
    pub fn retried(&mut self, b: u32) {
        self.rounds[b as usize] += 1;
    }

    /// Keeps that the members of class `a` depend on those of class `b` (but each on itself),
    /// once per round of `b`.
    pub fn keep(&mut self, a: u32, b: u32, kind: DependencyKind) {
        let round = self.rounds[b as usize];
        let edges = &mut self.edges[a as usize];
        if !edges.current(&self.rounds).any(|(kept, _)| kept == b) {
            edges.keep((b, kind, round), &self.rounds);
        }
    }

    /// The classes the members of class `a` depend on now, with how.
    pub fn depends_on(&self, a: u32) -> impl Iterator<Item = (u32, DependencyKind)> + '_ {
        self.edges[a as usize].current(&self.rounds)
    }

    /// Whether the pairs of members of `a` and `b` are to be reported: not since an effect was
    /// last added.
    pub fn unreported(&mut self, a: u32, b: u32) -> bool {
        self.reported.insert((a, b), self.joins) != Some(self.joins)
    }
}
