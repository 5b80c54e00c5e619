//! Trial results within one working-out of the whole dependency graph (dependency::graph): the
//! long way (`resolve_plainly`, and a choice among candidates that share an id) makes one, with
//! nothing kept between choices. The kept graph is incremental.rs.

use super::effect::Effect;
use super::fast::footprint::{meet, Atom, Reads};
use super::sets::Sets;
use super::trace::DependencyKind;
use super::world::World;
use std::collections::HashMap;

/// Trial results kept between the choices of one layer. 613.7c asks for the dependencies to be
/// worked out again after each effect applies; a pair's result can only change if that effect
/// wrote something the pair's trial reads, so the others are kept.
#[derive(Debug)]
pub struct PairCache {
    /// Off: every pair is tried again before each choice (for checking that the cache changes
    /// no answer).
    pub enabled: bool,
    pub(super) results: HashMap<(usize, usize), Option<DependencyKind>>,
    /// Effect keys as numbers, so that looking a pair up allocates nothing.
    ids: HashMap<String, usize>,
    /// By effect number: what its trials read, as A (its reads) and as B (its reads and writes),
    /// and its source with the ability it reads there.
    effects: Vec<Footprint>,
    /// By effect number: the objects it applies to, while nothing it reads has changed.
    sets: HashMap<usize, Vec<usize>>,
}

#[derive(Debug, Default)]
struct Footprint {
    as_a: Vec<Atom>,
    as_b: Vec<Atom>,
    source: Option<(usize, Vec<Atom>)>,
}

impl Default for PairCache {
    fn default() -> Self {
        PairCache {
            enabled: true,
            results: HashMap::new(),
            ids: HashMap::new(),
            effects: Vec::new(),
            sets: HashMap::new(),
        }
    }
}

impl PairCache {
    /// A cache that keeps nothing between choices: every pair is tried again.
    pub fn disabled() -> PairCache {
        PairCache { enabled: false, ..PairCache::default() }
    }

    pub(super) fn id(&mut self, effect: &Effect, reads: &Reads, writes: Vec<Atom>) -> usize {
        let id = match self.ids.get(&effect.key) {
            Some(id) => *id,
            None => {
                self.ids.insert(effect.key.clone(), self.effects.len());
                self.effects.push(Footprint::default());
                self.effects.len() - 1
            }
        };
        let as_b = reads.state.iter().cloned().chain(writes).collect();
        let source = effect.source.map(|s| (s, reads.source.clone()));
        self.effects[id] = Footprint { as_a: reads.state.clone(), as_b, source };
        id
    }

    /// Forgets the results that an application may have changed. `written` is what it really
    /// changed (values, not the characteristic as a whole: "becomes blue" on a red object wrote
    /// red and blue), on the objects `changed`. A pair's trial reads A's reads, B's reads and
    /// writes, and A's source when that is among the objects changed.
    pub fn applied(&mut self, written: &[Atom], changed: &[usize]) {
        let written = written.to_vec();
        let touched: Vec<(bool, bool)> = self
            .effects
            .iter()
            .map(|f| {
                let source_hit =
                    f.source.as_ref().is_some_and(|(s, atoms)| changed.contains(s) && meet(atoms, &written));
                (source_hit || meet(&f.as_a, &written), meet(&f.as_b, &written))
            })
            .collect();
        let enabled = self.enabled;
        self.results.retain(|(a, b), _| enabled && !touched[*a].0 && !touched[*b].1);
        let effects = &self.effects;
        self.sets.retain(|e, _| enabled && !meet(&effects[*e].as_a, &written));
    }

    /// The objects effect `id` applies to now.
    pub(super) fn affected(&mut self, id: usize, world: &World, sets: &Sets, effect: &Effect) -> Vec<usize> {
        self.sets.entry(id).or_insert_with(|| sets.affected(world, effect)).clone()
    }
}
