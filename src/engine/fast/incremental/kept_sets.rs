//! The kept sets: the objects each effect applies to, worked out once and kept until something
//! they read changes (`stale` brings them up to date). A set found by a selector that names no
//! object is asked once per shape, and its effect is listed as a holder of every shape it said
//! yes to; other sets are listed object by object, and their effect as a holder of each object.
//! The holder lists are how an application that changes an object finds the sets it touched.

use super::{reach, Graph};
use crate::engine::fast::shape::{self, Answers, Shapes};
use crate::engine::sets::Sets;
use crate::engine::world::World;

impl Graph {
    /// The objects effect `id` applies to now, kept until something it reads changes. A selector
    /// that names no object asks each shape once, for good; other sets are found object by object.
    pub(super) fn kept_set(&mut self, world: &World, sets: &Sets, id: usize) -> &[usize] {
        if self.nodes[id].kept_set.is_none() {
            let shapes = self.shapes.get_or_insert_with(|| Shapes::new(world));
            let node = &mut self.nodes[id];
            let effect = node.effect.as_ref().expect("registered");
            if let Some(selector) = effect.body.affects.as_ref().filter(|_| node.by_shape) {
                let answers = node.answers.get_or_insert_with(Answers::default);
                // Shape by shape: one object of each asked, the objects of those that answer yes
                // marked, then listed in board order, rather than every object asked.
                let left_out = |o: usize| shape::leaves_out(selector, effect, o);
                let found = &mut self.found;
                found.resize(world.objects.len().div_ceil(64), 0);
                let mut count = 0;
                for shape in 0..shapes.count() as u32 {
                    let members = shapes.members(shape);
                    let Some(&one) = members.iter().find(|o| !left_out(**o)) else { continue };
                    if answers.matches(shapes, world, selector, effect, one) {
                        for &o in members.iter().filter(|o| !left_out(**o)) {
                            found[o / 64] |= 1 << (o % 64);
                            count += 1;
                        }
                    }
                }
                let set = take_marked(found, count);
                debug_assert_eq!(
                    set,
                    (0..world.objects.len())
                        .filter(|o| answers.matches(shapes, world, selector, effect, *o))
                        .collect::<Vec<_>>(),
                    "a set by shape is the objects that match"
                );
                note_shapes_held(&mut self.holders_of_shape, answers, id);
                node.kept_set = Some(set);
            } else {
                let set = sets.affected(world, effect);
                for o in &set {
                    hold_object(&mut self.holders_of_object, *o, id);
                }
                self.nodes[id].kept_set = Some(set);
            }
        }
        self.nodes[id].kept_set.as_deref().expect("just kept")
    }

    /// Whether the set of effect `id` holds `object` now: its shape's answer for a set kept by
    /// shape, else its kept list.
    pub(super) fn holds(&mut self, world: &World, sets: &Sets, id: usize, object: usize) -> bool {
        let shapes = self.shapes.get_or_insert_with(|| Shapes::new(world));
        let node = &mut self.nodes[id];
        let effect = node.effect.as_ref().expect("registered");
        match effect.body.affects.as_ref().filter(|_| node.by_shape) {
            Some(selector) => {
                let answers = node.answers.get_or_insert_with(Answers::default);
                let holds = answers.matches(shapes, world, selector, effect, object);
                note_shapes_held(&mut self.holders_of_shape, answers, id);
                holds
            }
            None => self.kept_set(world, sets, id).binary_search(&object).is_ok(),
        }
    }

    /// What a trial of effect `id`, whose set is kept by shape, applies it to: the objects of
    /// `specials` in its set, and one other object of each shape it holds (`shape::stand_ins`
    /// does the same from a list).
    pub(super) fn stand_ins_by_shape(&mut self, world: &World, id: usize, specials: &[usize]) -> Vec<usize> {
        let shapes = self.shapes.get_or_insert_with(|| Shapes::new(world));
        let node = &mut self.nodes[id];
        let effect = node.effect.as_ref().expect("registered");
        let selector = effect.body.affects.as_ref().expect("a set kept by shape has a selector");
        let answers = node.answers.get_or_insert_with(Answers::default);
        let mut out: Vec<usize> =
            specials.iter().copied().filter(|o| answers.matches(shapes, world, selector, effect, *o)).collect();
        let left_out = |o: usize| shape::leaves_out(selector, effect, o);
        for shape in 0..shapes.count() as u32 {
            let members = shapes.members(shape);
            let Some(&one) = members.iter().find(|o| specials.binary_search(o).is_err() && !left_out(**o)) else {
                continue;
            };
            if answers.matches(shapes, world, selector, effect, one) {
                out.push(one);
            }
        }
        note_shapes_held(&mut self.holders_of_shape, answers, id);
        out.sort_unstable();
        out
    }
}

/// Lists effect `id` among the holders of each shape its answers said yes to since they were
/// last noted (a shape's answer is kept for good, so each is noted once).
pub(super) fn note_shapes_held(holders_of_shape: &mut Vec<Vec<usize>>, answers: &mut Answers, id: usize) {
    for shape in answers.take_new_yes() {
        reach(holders_of_shape, shape as usize).push(id);
    }
}

/// Lists effect `id` among the holders of `object`, unless it is the last one listed. Other
/// repeats, and effects that no longer hold the object, are cleared where the list is read
/// (`held_changed`).
pub(super) fn hold_object(holders_of_object: &mut Vec<Vec<usize>>, object: usize, id: usize) {
    let holders = reach(holders_of_object, object);
    if holders.last() != Some(&id) {
        holders.push(id);
    }
}

/// The objects marked in `marks` (a bit each, `count` in all), in order; the marks are cleared on
/// the way. A word of 64 objects is read at once, and only its marked bits are visited.
fn take_marked(marks: &mut [u64], count: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(count);
    for (w, word) in marks.iter_mut().enumerate() {
        let mut bits = std::mem::take(word);
        while bits != 0 {
            out.push(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    out
}
