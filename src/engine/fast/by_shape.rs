//! Applying an effect shape by shape (shape.rs). Where what an effect does to an object depends
//! on the object's shape alone, an application need not save, change and compare every object
//! it applies to: on a large board a colour layer changes millions, a few shapes at a time.

use super::footprint::Atom;
use super::shape::Shapes;
use super::snapshot::{type_change_touches_abilities, Snapshot};
use crate::engine::apply::apply_all;
use crate::engine::describe::{self, Wording};
use crate::engine::effect::Effect;
use crate::engine::layer::Layer;
use crate::engine::trace::{Changes, ChangesBuilder};
use crate::engine::world::World;
use crate::model::board::Board;
use crate::model::ControlSpec;
use std::rc::Rc;

/// Each object an application changed, with what changed on it.
pub type Changed = Vec<(usize, Rc<[Atom]>)>;

/// Whether `effect` gives every object of one shape the same values in `layer`, and not only
/// changes all of them or none (`shape::applies_by_shape`): colours set, added or removed
/// depend on the object's colours alone, and control given to a player on nothing of it. (Card
/// types added or removed leave each object its own subtypes.)
pub fn results_by_shape(effect: &Effect, layer: Layer) -> bool {
    match layer {
        Layer::Color => true,
        Layer::Control => !matches!(effect.body.control, Some(ControlSpec::Exchange(_))),
        _ => false,
    }
}

/// What an application did to the first object of a shape, which the others take.
enum Outcome {
    Unchanged,
    Changed {
        /// The values the layer can change, as the object took them.
        after: Snapshot,
        atoms: Rc<[Atom]>,
        /// Its list of changes in the trace, when told.
        list: Option<u32>,
    },
}

/// Applies `effect` (`results_by_shape`) to the first object of each shape among `affected`;
/// every other object of that shape takes the values it took. The objects it changed, in board
/// order, and with `tell`, the trace's changes, each shape's told once.
pub fn apply(
    world: &mut World,
    shapes: &Shapes,
    effect: &Effect,
    layer: Layer,
    affected: &[usize],
    mut tell: Option<(&Board, &mut Wording)>,
) -> (Changed, Option<Changes>) {
    debug_assert!(results_by_shape(effect, layer));
    // The shapes as they are before the application: they follow the objects after it
    // (`Graph::applied`).
    let of: Vec<u32> = affected.iter().map(|o| shapes.of(world, *o)).collect();
    let mut outcomes: Vec<Option<Outcome>> = (0..shapes.count()).map(|_| None).collect();
    // Most of the objects change, on a large board millions: room is made once.
    let mut changed: Changed = Vec::with_capacity(affected.len());
    let mut told = ChangesBuilder::with_capacity(if tell.is_some() { affected.len() } else { 0 });
    let (mut atoms, mut pieces) = (Vec::new(), Vec::new());
    // The lists of what changed, one per way of changing: shapes that changed alike share one,
    // and so do their objects (`Graph::applied` reads each list once).
    let mut lists: Vec<Rc<[Atom]>> = Vec::new();
    let abilities_too = type_change_touches_abilities(&effect.body);
    for (&object, &shape) in affected.iter().zip(&of) {
        match &outcomes[shape as usize] {
            None => {
                let before = Snapshot::take(&world.objects[object], layer, abilities_too);
                apply_all(world, effect, layer, &[object]);
                let now = &world.objects[object];
                atoms.clear();
                before.changed_atoms(now, &mut atoms);
                let outcome = if atoms.is_empty() {
                    Outcome::Unchanged
                } else {
                    let list = tell.as_mut().and_then(|(board, wording)| {
                        pieces.clear();
                        describe::changes_since(board, wording, &before, now, &mut pieces);
                        told.push(object, &pieces)
                    });
                    let atoms = match lists.iter().find(|l| ***l == *atoms) {
                        Some(list) => list.clone(),
                        None => {
                            lists.push(Rc::from(atoms.as_slice()));
                            lists[lists.len() - 1].clone()
                        }
                    };
                    changed.push((object, atoms.clone()));
                    Outcome::Changed { after: Snapshot::take(now, layer, abilities_too), atoms, list }
                };
                outcomes[shape as usize] = Some(outcome);
            }
            Some(Outcome::Unchanged) => {}
            Some(Outcome::Changed { after, atoms, list }) => {
                let was = cfg!(debug_assertions).then(|| world.objects[object].clone());
                after.give(&mut world.objects[object]);
                if let Some(was) = was {
                    let alone = applied_alone(world, effect, layer, object, was);
                    debug_assert_eq!(alone, world.objects[object], "an object unlike its shape");
                }
                changed.push((object, atoms.clone()));
                if let Some(list) = list {
                    told.push_list(object, *list);
                }
            }
        }
    }
    (changed, tell.map(|_| told.finish()))
}

/// `object` as `was`, with `effect` applied to it alone: what a debug build checks each object
/// that took its shape's values against.
fn applied_alone(
    world: &mut World,
    effect: &Effect,
    layer: Layer,
    object: usize,
    was: crate::model::characteristics::Characteristics,
) -> crate::model::characteristics::Characteristics {
    let given = std::mem::replace(&mut world.objects[object], was);
    apply_all(world, effect, layer, &[object]);
    std::mem::replace(&mut world.objects[object], given)
}

/// The objects of `affected` whose shape `effect` changes, where whether it changes an object
/// depends on its shape alone (`shape::applies_by_shape`): it is applied to one object of each
/// shape and taken back. A debug build tries every object, and `resolve_plainly` never skips one.
pub fn shapes_changed_by(
    world: &mut World,
    shapes: &Shapes,
    effect: &Effect,
    layer: Layer,
    affected: &[usize],
) -> Vec<usize> {
    let mut changes: Vec<Option<bool>> = vec![None; shapes.count()];
    let mut out = Vec::new();
    for &object in affected {
        let shape = shapes.of(world, object) as usize;
        let changed = *changes[shape].get_or_insert_with(|| changes_object(world, effect, layer, object));
        debug_assert_eq!(changed, changes_object(world, effect, layer, object), "an object unlike its shape");
        if changed {
            out.push(object);
        }
    }
    out
}

/// Whether `effect` changes `object` in `layer`: applied, looked at, and taken back.
fn changes_object(world: &mut World, effect: &Effect, layer: Layer, object: usize) -> bool {
    let saved = Snapshot::take(&world.objects[object], layer, type_change_touches_abilities(&effect.body));
    apply_all(world, effect, layer, &[object]);
    let changed = !saved.matches(&world.objects[object]);
    saved.restore(&mut world.objects[object]);
    changed
}
