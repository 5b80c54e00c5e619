//! Trial results within one working-out of the whole dependency graph (dependency::graph): the
//! long way (`resolve_plainly`, and a choice among candidates that share an id) makes one for
//! each working-out, so that no pair is tried twice and no set worked out twice in it. The graph
//! kept between choices is `fast::incremental`.

use super::effect::Effect;
use super::sets::Sets;
use super::trace::DependencyKind;
use super::world::World;
use std::collections::HashMap;

#[derive(Debug, Default)]
pub struct PairCache {
    pub(super) results: HashMap<(usize, usize), Option<DependencyKind>>,
    /// Effect keys as numbers, so that looking a pair up allocates nothing.
    ids: HashMap<String, usize>,
    /// By effect number: the objects it applies to.
    sets: HashMap<usize, Vec<usize>>,
}

impl PairCache {
    /// The number of `effect` in this cache.
    pub(super) fn id(&mut self, effect: &Effect) -> usize {
        if let Some(id) = self.ids.get(&effect.key) {
            return *id;
        }
        let id = self.ids.len();
        self.ids.insert(effect.key.clone(), id);
        id
    }

    /// The objects effect `id` applies to now.
    pub(super) fn affected(&mut self, id: usize, world: &World, sets: &Sets, effect: &Effect) -> Vec<usize> {
        self.sets.entry(id).or_insert_with(|| sets.affected(world, effect)).clone()
    }
}
