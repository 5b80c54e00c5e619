//! An application's moves of objects from shape to shape, grouped by where they go, so that a
//! kept set by shape asks once per group (`patch`, `carry_answers`) rather than once per object.

use crate::engine::fast::shape::Move;

/// An application's moves from shape to shape, grouped by (from, to): each group with its
/// objects, and the moves in board order with their group.
pub(super) struct Moved {
    /// (shape before, shape after, the objects that moved so), in the order first met.
    pub(super) groups: Vec<(u32, u32, Vec<usize>)>,
    /// (object, its group's index), in board order.
    pub(super) moves: Vec<(usize, usize)>,
}

impl Moved {
    /// `shapes`: how many shapes there are (numbered from 0).
    pub(super) fn new(moves: &[Move], shapes: usize) -> Moved {
        // Shape → its first group by shape before, and group → the next group from the same shape:
        // a chain per shape, short as most applications move each shape to one other, instead of
        // a map looked up for every object moved.
        let mut first: Vec<usize> = vec![usize::MAX; shapes];
        let mut next: Vec<usize> = Vec::new();
        let mut groups: Vec<(u32, u32, Vec<usize>)> = Vec::new();
        let mut in_order = Vec::with_capacity(moves.len());
        for m in moves {
            let mut i = first[m.from as usize];
            while i != usize::MAX && groups[i].1 != m.to {
                i = next[i];
            }
            if i == usize::MAX {
                i = groups.len();
                groups.push((m.from, m.to, Vec::new()));
                next.push(std::mem::replace(&mut first[m.from as usize], i));
            }
            groups[i].2.push(m.object);
            in_order.push((m.object, i));
        }
        Moved { groups, moves: in_order }
    }

    /// The shapes objects moved from.
    pub(super) fn froms(&self) -> impl Iterator<Item = u32> + '_ {
        self.groups.iter().map(|(from, _, _)| *from)
    }
}
