//! What an application makes stale. The pairs of a B are tried again when it reads a value the
//! application wrote (`ReaderIndex::stale_by`, in `Graph::applied`) or when its kept set held an
//! object that changed (`held_changed`, through the holder lists). A kept set of a B that reads
//! what changed is brought up to date (`patch`) rather than worked out again, and one kept by
//! shape learns the shapes its objects moved to (`carry_answers`), so that its holder lists
//! follow them.

use super::kept_sets::{hold_object, note_shapes_held};
use super::moved::Moved;
use super::{Graph, NOT_A_CANDIDATE};
use crate::engine::fast::footprint::Atom;
use crate::engine::fast::shape::{self, applies_by_shape};
use crate::engine::sets::Sets;
use crate::engine::world::World;
use rustc_hash::FxHashSet;
use std::rc::Rc;

/// What an application wrote, over all the objects it changed. Objects changed alike share their
/// atoms (in a row, or shape by shape): each list is counted once.
pub(super) fn written(changed: &[(usize, Rc<[Atom]>)]) -> FxHashSet<&Atom> {
    let mut written: FxHashSet<&Atom> = FxHashSet::default();
    let mut lists: FxHashSet<*const [Atom]> = FxHashSet::default();
    let mut last: Option<&Rc<[Atom]>> = None;
    for (_, atoms) in changed {
        if last.is_some_and(|last| Rc::ptr_eq(last, atoms)) {
            continue;
        }
        last = Some(atoms);
        if lists.insert(Rc::as_ptr(atoms)) {
            written.extend(atoms.iter());
        }
    }
    written
}

impl Graph {
    /// Every shape a changed object had, before or after the application, each once: an object
    /// that kept its shape changed too.
    pub(super) fn touched_shapes(&self, world: &World, objects: &[usize], moved: &Moved) -> Vec<u32> {
        let mut touched: Vec<u32> = Vec::new();
        if let Some(shapes) = &self.shapes {
            let mut marked = vec![false; shapes.count()];
            let now = objects.iter().map(|o| shapes.of(world, *o));
            for shape in moved.froms().chain(now) {
                if !std::mem::replace(&mut marked[shape as usize], true) {
                    touched.push(shape);
                }
            }
        }
        touched
    }

    /// Objects moved out of a shape a kept set holds, into one it was never asked about (it
    /// reads nothing the application changed, so it was not patched): the new shape is asked
    /// now, so that the set's holders follow its objects. Should the answer differ, the set is
    /// dropped, to be worked out again.
    pub(super) fn carry_answers(&mut self, world: &World, moved: &Moved) {
        let Some(shapes) = &self.shapes else { return };
        for (from, to, objects) in &moved.groups {
            let count = self.holders_of_shape.get(*from as usize).map_or(0, Vec::len);
            for i in 0..count {
                let id = self.holders_of_shape[*from as usize][i];
                let node = &mut self.nodes[id];
                let (Some(answers), Some(effect)) = (node.answers.as_mut(), node.effect.as_ref()) else { continue };
                if answers.of(*from) != Some(true) || answers.of(*to).is_some() {
                    continue;
                }
                let Some(selector) = effect.body.affects.as_ref() else { continue };
                // A source its selector leaves out does not answer for its shape.
                let Some(&object) = objects.iter().find(|o| !shape::leaves_out(selector, effect, **o)) else {
                    continue;
                };
                if !answers.matches(shapes, world, selector, effect, object) {
                    node.kept_set = None;
                    node.retry_as_b = true;
                }
                note_shapes_held(&mut self.holders_of_shape, answers, id);
            }
        }
    }

    /// Marks stale every effect whose kept set held one of the objects that changed: by the
    /// shapes they had (`touched`, before and after), for sets kept by shape, else object by
    /// object.
    pub(super) fn held_changed(&mut self, objects: &[usize], touched: &[u32]) {
        let (nodes, met_in) = (&mut self.nodes, &mut self.met_in);
        met_in.resize(nodes.len(), 0);
        self.walk += 1;
        let walk = self.walk;
        for &shape in touched {
            let Some(holders) = self.holders_of_shape.get_mut(shape as usize) else { continue };
            // A list keeps the effects that answered yes for the shape, for good (`Answers`),
            // and repeats are cleared here.
            holders.retain(|id| {
                let node = &mut nodes[*id];
                let holds = node.answers.as_ref().is_some_and(|a| a.of(shape) == Some(true));
                if holds && std::mem::replace(&mut met_in[*id], walk) != walk {
                    node.retry_as_b = true;
                }
                holds
            });
        }
        for object in objects {
            let Some(holders) = self.holders_of_object.get_mut(*object) else { continue };
            // A list keeps the effects that held the object at some point: those that no longer
            // do (it left their set, or the set was dropped) and repeats are cleared here, where
            // the list is read anyway, or it grows with every choice.
            self.walk += 1;
            let walk = self.walk;
            holders.retain(|id| {
                if std::mem::replace(&mut met_in[*id], walk) == walk {
                    return false;
                }
                let node = &mut nodes[*id];
                // One already to be tried again needs no look (its entry is checked another time).
                if node.retry_as_b {
                    return true;
                }
                let holds = node.kept_set.as_ref().is_some_and(|set| set.binary_search(object).is_ok());
                node.retry_as_b = holds;
                holds
            });
        }
    }

    /// A kept set after the objects `changed` changed: a selector looks at each object alone,
    /// so only those can have come in or gone out. A set kept by shape asks once per shape an
    /// object moved from and to.
    pub(super) fn patch(&mut self, world: &World, sets: &Sets, id: usize, changed: &[usize], moved: &Moved) {
        let node = &mut self.nodes[id];
        let (Some(set), Some(effect)) = (node.kept_set.as_mut(), node.effect.as_ref()) else { return };
        let Some(selector) = sets.live_selector(effect) else { return };
        let (mut entered, mut left) = (Vec::new(), Vec::new());
        match (&mut node.answers, &self.shapes) {
            (Some(answers), Some(shapes)) => {
                // A source its selector leaves out is never in its set.
                let left_out = |o: usize| shape::leaves_out(selector, effect, o);
                // What each group's move does to the set: the shape before was asked when an
                // object of it was (none may be left); if not, each object's place says.
                let mut does: Vec<Option<Option<bool>>> = Vec::with_capacity(moved.groups.len());
                for (from, _, objects) in &moved.groups {
                    let Some(&first) = objects.iter().find(|o| !left_out(**o)) else {
                        does.push(None);
                        continue;
                    };
                    let now = answers.matches(shapes, world, selector, effect, first);
                    does.push(match answers.of(*from) {
                        Some(before) if before == now => None,
                        Some(_) => Some(Some(now)),
                        None => Some(None),
                    });
                }
                note_shapes_held(&mut self.holders_of_shape, answers, id);
                if does.iter().all(Option::is_none) {
                    return;
                }
                // Where trials go by shape, the list is only read for the effect chosen to apply:
                // it is worked out then, instead of being brought up to date after every move.
                if self.layer.is_some_and(|l| applies_by_shape(effect, l)) {
                    node.kept_set = None;
                    return;
                }
                // The moves in board order, so that both lists are too.
                for &(o, group) in &moved.moves {
                    let (was, now) = match does[group] {
                        None => continue,
                        _ if left_out(o) => continue,
                        Some(Some(now)) => (!now, now),
                        Some(None) => (set.binary_search(&o).is_ok(), answers.of(moved.groups[group].1) == Some(true)),
                    };
                    match (was, now) {
                        (true, false) => left.push(o),
                        (false, true) => entered.push(o),
                        _ => {}
                    }
                }
            }
            _ => {
                for o in changed {
                    match (set.binary_search(o).is_ok(), world.matches(selector, *o, effect)) {
                        (true, false) => left.push(*o),
                        (false, true) => entered.push(*o),
                        _ => {}
                    }
                }
            }
        }
        if !left.is_empty() {
            // Both in board order: one walk.
            let mut gone = left.iter().peekable();
            set.retain(|o| {
                while gone.next_if(|g| *g < o).is_some() {}
                gone.next_if_eq(&o).is_none()
            });
        }
        if entered.is_empty() {
            return;
        }
        *set = merged(set, &entered);
        if node.answers.is_none() {
            for o in entered {
                hold_object(&mut self.holders_of_object, o, id);
            }
        }
    }

    /// Class → whether a member's pairs are to be tried again: one is stale as B, or left the
    /// class (whose sets were kept through it). A member that is no candidate is done with its
    /// stale mark here: it is marked again when it comes back (`added`).
    pub(super) fn stale_classes(&mut self) -> Vec<bool> {
        (0..self.classes.count() as u32)
            .map(|class| {
                let mut stale = self.classes.take_left(class);
                for &id in self.classes.members(class) {
                    let node = &mut self.nodes[id];
                    stale |= node.retry_as_b;
                    if self.place_of[id] == NOT_A_CANDIDATE {
                        node.retry_as_b = false;
                    }
                }
                stale
            })
            .collect()
    }
}

/// Two lists in board order as one, in board order.
fn merged(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}
