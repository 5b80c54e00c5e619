//! One layer's effects, chosen and applied one at a time (613.7c): the candidates collected, the
//! next one chosen by dependency and timestamp (`order`), the objects it applies to found and
//! changed. `run` asks these of a [`Choosing`] and never how: the plain way does each as the
//! rules are written, the fast way with the shortcuts of `fast/`, and both give the same answer
//! and the same trace.

use super::apply::apply_all;
use super::describe::Wording;
use super::effect::Effect;
use super::fast::by_shape::{self, Changed};
use super::fast::pool::Pool;
use super::fast::shape::applies_by_shape;
use super::fast::snapshot::{type_change_touches_abilities, Snapshot};
use super::layer::Layer;
use super::order::{self, SeenDependencies};
use super::sets::{ObjectSet, Sets};
use super::trace::{Changes, Reason};
use super::world::World;
use crate::model::board::Board;
use std::collections::BTreeMap;
use std::rc::Rc;

/// How a run of the layers works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// As the rules are written: every effect collected again and every pair of effects tried
    /// again before each choice, every object it applies to saved and changed.
    Plain,
    /// With the shortcuts of `fast/`: the pool and the dependency graph kept between choices,
    /// objects that look alike answered and changed once per shape.
    Fast,
}

/// The effect chosen to apply next.
pub(super) struct Chosen {
    pub effect: Effect,
    /// Why it goes now.
    pub reason: Reason,
    /// The objects it applies to, in board order.
    pub affected: ObjectSet,
}

/// What an application changed.
pub(super) struct Applied {
    /// Each object it changed, with what changed on it.
    pub changes: Changed,
    /// With a trace, the changed objects with what the layer's snapshot saved of them before.
    pub before: Vec<(usize, Snapshot)>,
    /// The trace's account of the changes, where the shapes told it already.
    pub told: Option<Changes>,
}

/// Every effect the trace has seen so far, by key: to say so when one stops existing before it
/// applies.
pub(super) type Known = BTreeMap<String, Effect>;

/// One layer's choosing of effects.
pub(super) struct Choosing {
    way: Way,
    layer: Layer,
    pool: Pool,
    seen: SeenDependencies,
    /// Until the layer's first collection: the trace then checks every effect seen so far.
    first: bool,
}

impl Choosing {
    pub fn new(world: &World, sets: &Sets, layer: Layer, way: Way, known: Option<&mut Known>) -> Self {
        let mut seen = SeenDependencies::default();
        seen.shortcuts = way == Way::Fast;
        Choosing { way, layer, pool: Pool::new(world, sets, layer, known), seen, first: true }
    }

    /// Collects the effects that can apply now (the plain way, all of them again). The ids the
    /// trace should check for an effect that stopped existing before it applied: `None` for
    /// every effect seen so far (at the layer's start, and always the plain way), else those
    /// that stopped being candidates.
    pub fn collect(&mut self, world: &World, sets: &Sets, known: Option<&mut Known>) -> Option<Vec<String>> {
        if self.way == Way::Plain {
            let done = self.pool.done().clone();
            self.pool = Pool::new(world, sets, self.layer, known);
            self.pool.set_done(done);
        }
        let added = self.pool.take_added();
        if self.way == Way::Fast {
            for (id, effect) in &added {
                self.seen.graph.added(world, *id, effect, sets, self.layer);
            }
        }
        let vanished = self.pool.take_vanished();
        let all = std::mem::replace(&mut self.first, false) || self.way == Way::Plain;
        (!all).then_some(vanished)
    }

    /// The effect that applies next, why, and the objects it applies to; `None` when none is
    /// left in the layer.
    pub fn next(&mut self, world: &mut World, sets: &Sets) -> Option<Chosen> {
        let candidates = self.pool.candidates();
        if candidates.is_empty() {
            return None;
        }
        let whole = self.pool.ids_shared();
        let (pick, reason) = order::next(world, sets, &candidates, self.layer, &mut self.seen, whole);
        let effect = candidates[pick].1.clone();
        let affected = match self.way {
            // The kept dependency graph holds the set, up to date.
            Way::Fast => self.seen.graph.applies_to(world, sets, candidates[pick].0, &effect),
            Way::Plain => sets.affected(world, &effect),
        };
        Some(Chosen { effect, reason, affected: affected.into() })
    }

    /// Applies the chosen effect. `spare`: snapshots done with, taken again in place. `tell`:
    /// for a trace, the board and the words it is told in.
    pub fn apply(
        &mut self,
        world: &mut World,
        sets: &Sets,
        chosen: &Chosen,
        spare: &mut Vec<Snapshot>,
        tell: Option<(&Board, &mut Wording)>,
    ) -> Applied {
        let (effect, layer, affected) = (&chosen.effect, self.layer, &chosen.affected[..]);
        let trace = tell.is_some();
        // Where the effect does to each object what it does to any of the same shape, only the
        // objects of shapes it changes are saved and changed; where it also gives them the same
        // values, only one object of each shape is.
        let by_shape = self.way == Way::Fast && applies_by_shape(effect, layer);
        let applied = match self.seen.graph.shapes().filter(|_| by_shape) {
            Some(shapes) if by_shape::results_by_shape(effect, layer) => {
                let (changes, told) = by_shape::apply(world, shapes, effect, layer, affected, tell);
                Applied { changes, before: Vec::new(), told }
            }
            Some(shapes) => {
                let changing = by_shape::shapes_changed_by(world, shapes, effect, layer, affected);
                saving(world, effect, layer, &changing, spare, trace)
            }
            None => saving(world, effect, layer, affected, spare, trace),
        };
        if self.way == Way::Fast {
            self.seen.graph.applied(world, sets, &applied.changes, by_shape);
        }
        applied
    }

    /// The effect has applied: it is no longer a candidate in this layer, and the objects whose
    /// abilities or controller it changed have their effects collected again (an object's
    /// effects come from those only).
    pub fn applied(&mut self, world: &World, key: &str, changed: &[usize], known: Option<&mut Known>) {
        self.pool.applied(key);
        self.pool.changed(world, changed, known);
    }

    /// Whether the effect with this key has applied in this layer.
    pub fn is_done(&self, key: &str) -> bool {
        self.pool.is_done(key)
    }

    /// Whether an effect with this key can apply next.
    pub fn holds(&self, key: &str) -> bool {
        self.pool.holds(key)
    }

    pub fn applied_any(&self) -> bool {
        self.pool.applied_any()
    }
}

/// Applies `effect` to `objects`, saving each first: each object it changed with what changed on
/// it (objects in a row that changed alike share one list), and with `trace`, the changed objects
/// with what the layer's snapshot saved of them (all it can change), for the trace to tell.
fn saving(
    world: &mut World,
    effect: &Effect,
    layer: Layer,
    objects: &[usize],
    spare: &mut Vec<Snapshot>,
    trace: bool,
) -> Applied {
    let abilities_too = type_change_touches_abilities(&effect.body);
    let take = |o: &usize, spare: &mut Vec<Snapshot>| match spare.pop() {
        Some(mut s) => {
            s.retake(&world.objects[*o], layer, abilities_too);
            s
        }
        None => Snapshot::take(&world.objects[*o], layer, abilities_too),
    };
    let snapshots: Vec<Snapshot> = objects.iter().map(|o| take(o, spare)).collect();
    apply_all(world, effect, layer, objects);
    let mut changes: Changed = Vec::with_capacity(objects.len());
    let mut atoms = Vec::new();
    let mut before: Vec<(usize, Snapshot)> = Vec::new();
    for (object, snapshot) in objects.iter().zip(snapshots) {
        atoms.clear();
        snapshot.changed_atoms(&world.objects[*object], &mut atoms);
        if atoms.is_empty() {
            spare.push(snapshot);
            continue;
        }
        let shared = match changes.last() {
            Some((_, last)) if **last == *atoms => last.clone(),
            _ => Rc::from(atoms.as_slice()),
        };
        changes.push((*object, shared));
        if trace {
            before.push((*object, snapshot));
        } else {
            spare.push(snapshot);
        }
    }
    Applied { changes, before, told: None }
}
