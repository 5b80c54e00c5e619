//! The effects that can apply next in one layer, kept between choices. 613.7c has the effects
//! looked at again after each one applies; only the objects that application changed can
//! generate other effects than before (an object's effects come from its abilities and its
//! controller), so only theirs are collected again, and the candidates stay in the order the
//! layer considers them: timestamp, then id.

use crate::engine::effect::Effect;
use crate::engine::layer::Layer;
use crate::engine::sets::Sets;
use crate::engine::world::World;
use crate::model::timestamp::Timestamp;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeMap;

/// Where a candidate was found: an object's ability (object, place), a resolved effect, or an
/// effect that started to apply in an earlier layer (613.5). Equal timestamps and ids go in the
/// order a whole collection would list them.
type Place = (u8, usize, usize);
type Slot = (Timestamp, String, Place);

pub struct Pool {
    layer: Layer,
    /// By object, and last the resolved effects: the effects that exist now.
    live: Vec<Vec<Effect>>,
    /// The candidates, in order, each with its number (one per id, for the dependency graph).
    queue: BTreeMap<Slot, (usize, Effect)>,
    /// Id → how many live effects with a part in this layer have it, applied or not.
    count: FxHashMap<String, usize>,
    /// Effects that started to apply in an earlier layer, with a part in this one: they apply
    /// even without their ability, as they were then, unless the ability still generates them.
    started: BTreeMap<String, Effect>,
    done: FxHashSet<String>,
    ids: FxHashMap<String, usize>,
    /// Id → the places of the candidates that have it.
    queued: FxHashMap<String, Vec<Slot>>,
    /// Candidates added since `take_added`, for the dependency graph.
    added: Vec<(usize, Effect)>,
    /// Ids that stopped being candidates since `take_vanished`, not by applying.
    vanished: Vec<String>,
    /// Ids held by more than one candidate now.
    shared: usize,
}

impl Pool {
    /// Every effect of the world, as a whole collection finds them; `known` (for the trace)
    /// gets those it has not seen yet.
    pub fn new(world: &World, sets: &Sets, layer: Layer, known: Option<&mut BTreeMap<String, Effect>>) -> Pool {
        let started = sets
            .started
            .iter()
            .filter(|(_, s)| s.effect.has_part_in(layer))
            .map(|(k, s)| (k.clone(), s.effect.clone()))
            .collect();
        let mut pool = Pool {
            layer,
            live: vec![Vec::new(); world.objects.len() + 1],
            queue: BTreeMap::new(),
            count: FxHashMap::default(),
            started,
            done: FxHashSet::default(),
            ids: FxHashMap::default(),
            queued: FxHashMap::default(),
            added: Vec::new(),
            vanished: Vec::new(),
            shared: 0,
        };
        let started: Vec<(String, Effect)> = pool.started.iter().map(|(k, e)| (k.clone(), e.clone())).collect();
        for (key, effect) in started {
            pool.insert((effect.timestamp, key, (2, 0, 0)), effect);
        }
        let mut known = known;
        for object in 0..=world.objects.len() {
            pool.collect(world, object, known.as_deref_mut());
        }
        pool.vanished.clear();
        pool
    }

    /// After an application: the effects of the objects it changed, collected again.
    pub fn changed(&mut self, world: &World, objects: &[usize], known: Option<&mut BTreeMap<String, Effect>>) {
        let mut known = known;
        for object in objects {
            self.collect(world, *object, known.as_deref_mut());
        }
    }

    fn collect(&mut self, world: &World, object: usize, known: Option<&mut BTreeMap<String, Effect>>) {
        let mut fresh = Vec::new();
        if object < world.objects.len() {
            world.object_effects(object, &mut fresh);
        } else {
            world.resolved_effects(&mut fresh);
        }
        if let Some(known) = known {
            for e in &fresh {
                if !known.contains_key(&e.key) {
                    known.insert(e.key.clone(), e.clone());
                }
            }
        }
        if fresh == self.live[object] {
            return;
        }
        let old = std::mem::replace(&mut self.live[object], fresh);
        let kind = u8::from(object == world.objects.len());
        let layer = self.layer;
        for (i, e) in old.iter().enumerate().filter(|(_, e)| e.has_part_in(layer)) {
            self.remove(&(e.timestamp, e.key.clone(), (kind, object, i)));
            let n = self.count.get_mut(&e.key).expect("counted when added");
            *n -= 1;
            if *n == 0 {
                self.vanished.push(e.key.clone());
                if let Some(s) = self.started.get(&e.key).cloned() {
                    self.insert((s.timestamp, e.key.clone(), (2, 0, 0)), s);
                }
            }
        }
        let new: Vec<(usize, Effect)> = self.live[object]
            .iter()
            .enumerate()
            .filter(|(_, e)| e.has_part_in(self.layer))
            .map(|(i, e)| (i, e.clone()))
            .collect();
        for (i, e) in new {
            let n = self.count.entry(e.key.clone()).or_insert(0);
            *n += 1;
            if *n == 1 {
                if let Some(s) = self.started.get(&e.key) {
                    let slot = (s.timestamp, e.key.clone(), (2, 0, 0));
                    self.remove(&slot);
                }
            }
            self.insert((e.timestamp, e.key.clone(), (kind, object, i)), e);
        }
    }

    fn insert(&mut self, slot: Slot, effect: Effect) {
        if self.done.contains(&slot.1) {
            return;
        }
        let next = self.ids.len();
        let id = *self.ids.entry(slot.1.clone()).or_insert(next);
        let places = self.queued.entry(slot.1.clone()).or_default();
        places.push(slot.clone());
        if places.len() == 2 {
            self.shared += 1;
        }
        self.added.push((id, effect.clone()));
        self.queue.insert(slot, (id, effect));
    }

    fn remove(&mut self, slot: &Slot) {
        if self.queue.remove(slot).is_none() {
            return;
        }
        let Some(places) = self.queued.get_mut(&slot.1) else { return };
        places.retain(|p| p != slot);
        if places.len() == 1 {
            self.shared -= 1;
        }
        if places.is_empty() {
            self.queued.remove(&slot.1);
        }
    }

    /// The candidates, in order, with their numbers.
    pub fn candidates(&self) -> Vec<(usize, &Effect)> {
        self.queue.values().map(|(id, e)| (*id, e)).collect()
    }

    /// Whether two candidates have the same id: the dependency graph keeps one node per id, so
    /// then it is worked out whole.
    pub fn ids_shared(&self) -> bool {
        self.shared > 0
    }

    /// The effect applied: it is no longer a candidate in this layer.
    pub fn applied(&mut self, key: &str) {
        self.done.insert(key.to_string());
        for slot in self.queued.get(key).cloned().unwrap_or_default() {
            self.remove(&slot);
        }
    }

    pub fn is_done(&self, key: &str) -> bool {
        self.done.contains(key)
    }

    pub fn applied_any(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn done(&self) -> &FxHashSet<String> {
        &self.done
    }

    /// For a pool collected again from scratch: what had applied before.
    pub fn set_done(&mut self, done: FxHashSet<String>) {
        let keys: Vec<String> = done.iter().cloned().collect();
        for key in keys {
            self.applied(&key);
        }
        self.added.clear();
        self.done = done;
    }

    /// Whether a candidate has this id.
    pub fn holds(&self, key: &str) -> bool {
        self.queued.contains_key(key)
    }

    pub fn take_added(&mut self) -> Vec<(usize, Effect)> {
        std::mem::take(&mut self.added)
    }

    /// The ids that stopped being candidates since the last call, in id order.
    pub fn take_vanished(&mut self) -> Vec<String> {
        let mut keys = std::mem::take(&mut self.vanished);
        keys.sort();
        keys.dedup();
        keys.retain(|k| !self.queued.contains_key(k));
        keys
    }
}
