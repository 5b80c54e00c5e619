//! The sets of objects effects apply to where they are fixed (613.5, 611.2c), kept by key
//! between the layers and the trials of dependency.

use super::effect::Effect;
use super::layer::Layer;
use super::world::World;
use crate::model::board::Board;
use crate::model::timestamp::Timestamp;
use rustc_hash::FxHashMap;

/// An effect that has started to apply, with the objects it applies to in every later layer (613.5).
#[derive(Clone, Debug)]
pub struct Started {
    pub effect: Effect,
    /// Shared with the trace step of its first application, which shows the same objects: an
    /// effect on a large board applies to thousands.
    pub set: ObjectSet,
    pub layer: Layer,
}

/// A set of objects (board indexes, in board order) shared between the places that keep it.
pub type ObjectSet = std::sync::Arc<[usize]>;

/// The sets of objects effects apply to, where they are fixed: by having started (613.5) or by
/// having been created by a resolved spell or ability (611.2c).
#[derive(Clone, Debug, Default)]
pub struct Sets {
    /// By key: asked for every effect a trial looks at (thousands of keys on a large board).
    pub started: FxHashMap<String, Started>,
    pub locked: FxHashMap<String, (Vec<usize>, Timestamp)>,
}

impl Sets {
    /// The objects an effect applies to now, in board order: none while a static ability's
    /// condition does not hold, until it has started to apply (613.5).
    pub fn affected(&self, world: &World, effect: &Effect) -> Vec<usize> {
        match self.fixed_set(effect) {
            Some(set) => set.to_vec(),
            None if super::condition::of_effect(world, effect).is_some_and(|(met, _)| !met) => Vec::new(),
            None => match effect.body.control.as_ref().and_then(|c| c.exchanged()) {
                Some(ids) => exchanged_objects(world.board, ids),
                None => effect.body.affects.as_ref().map_or_else(Vec::new, |s| world.select(s, effect)),
            },
        }
    }

    /// The selector an effect's set is found by now: its set is neither fixed nor an exchange's.
    pub fn live_selector<'e>(&self, effect: &'e Effect) -> Option<&'e crate::model::SelectorSpec> {
        let exchange = effect.body.control.as_ref().is_some_and(|c| c.exchanged().is_some());
        effect.body.affects.as_ref().filter(|_| !exchange && !self.is_fixed(effect))
    }

    /// The set of an effect that no longer depends on the state: started (613.5) or locked in
    /// (611.2c). Sorted, as every set is found in board order.
    pub fn fixed_set(&self, effect: &Effect) -> Option<&[usize]> {
        if let Some(started) = self.started.get(&effect.key) {
            return Some(&started.set);
        }
        self.locked.get(&effect.key).map(|(set, _)| set.as_slice())
    }

    pub fn is_fixed(&self, effect: &Effect) -> bool {
        self.started.contains_key(&effect.key) || self.locked.contains_key(&effect.key)
    }

    pub(super) fn start(&mut self, effect: &Effect, set: &ObjectSet, layer: Layer) {
        self.started.entry(effect.key.clone()).or_insert_with(|| Started {
            effect: effect.clone(),
            set: set.clone(),
            layer,
        });
    }
}

/// The objects an exchange names (those that exist), in board order: the exchange applies to
/// both, whether or not it can be completed.
pub fn exchanged_objects(board: &Board, ids: &[String]) -> Vec<usize> {
    let mut set: Vec<usize> = ids.iter().filter_map(|id| board.object_index(id)).collect();
    set.sort_unstable();
    set.dedup();
    set
}
