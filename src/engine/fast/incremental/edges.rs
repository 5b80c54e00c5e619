//! Kept dependencies of one A (an effect, or a class of effects alike), each on a B as of B's
//! round: when B is tried again, its round moves on and the entries of earlier rounds no longer
//! count.

use crate::engine::trace::DependencyKind;

/// As A: the B it depends on, how, and B's round when found; an entry of an earlier round of B
/// is dropped (B was tried again), where it is read or when the list is compacted.
#[derive(Clone, Default)]
pub struct Edges {
    list: Vec<(u32, DependencyKind, u32)>,
    /// The list's length at which it is compacted next.
    compact_at: usize,
}

impl Edges {
    /// Keeps that A depends on B (`edge.0`); the list drops the entries of B's earlier rounds
    /// once it has doubled since it was last cleared of them.
    pub fn keep(&mut self, edge: (u32, DependencyKind, u32), rounds: &[u32]) {
        self.list.push(edge);
        if self.list.len() >= self.compact_at {
            self.list.retain(|(b, _, round)| rounds[*b as usize] == *round);
            self.compact_at = 2 * self.list.len() + 8;
        }
    }

    /// The B depended on as of their current round, with how.
    pub fn current<'a>(&'a self, rounds: &'a [u32]) -> impl Iterator<Item = (u32, DependencyKind)> + 'a {
        self.list.iter().filter(move |(b, _, round)| rounds[*b as usize] == *round).map(|(b, kind, _)| (*b, *kind))
    }

    pub fn clear(&mut self) {
        self.list.clear();
    }
}
