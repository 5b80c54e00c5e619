//! 613.7a, by trial: effect A depends on B when both apply in this layer, neither is a
//! characteristic-defining ability, and applying B changes A's existence, its text, what it
//! applies to, or what it does. B is applied for real to the objects it affects, A is looked at
//! before and after, and the objects are put back: nothing is declared by hand.
//!
//! Two things keep this fast on large boards. A pair is only tried when B writes a characteristic
//! value that A reads (a type its selector names, its source's ability, an amount's input). And A
//! is only looked at on the objects B changed: nothing else can have changed for it.

use super::apply::apply_all;
use super::characteristics::Characteristics;
use super::effect::Effect;
use super::footprint::{amounts_in, meet, reads, writes, Atom, Reads, KINDS};
use super::layer::Layer;
use super::pair_cache::PairCache;
use super::snapshot::Snapshot;
use super::trace::DependencyKind;
use super::world::World;
use super::Sets;
use crate::model::EffectBody;
use std::collections::HashMap;

/// Effect A as far as 613.7a is concerned, looked at on the objects another effect changes.
#[derive(Debug, PartialEq)]
struct Look {
    exists: bool,
    body: Option<std::sync::Arc<EffectBody>>,
    membership: Vec<bool>,
    does: Vec<Vec<i64>>,
    copied: Option<Characteristics>,
}

fn look(world: &World, sets: &Sets, a: &Effect, layer: Layer, changed: &[usize]) -> Look {
    // Existence and text can only change if the source's characteristics did.
    let source_changed = a.source.is_some_and(|s| changed.contains(&s));
    let exists = sets.started.contains_key(&a.key) || world.exists(a);
    let body = if source_changed && exists { world.current_body(a) } else { None };
    let fixed = sets.fixed_set(a);
    let membership = match (&fixed, &a.body.affects) {
        (None, Some(selector)) => changed.iter().map(|o| world.matches(selector, *o, a)).collect(),
        _ => Vec::new(),
    };
    let in_set = |o: usize| match fixed {
        Some(set) => set.binary_search(&o).is_ok(),
        None => a.body.affects.as_ref().is_some_and(|s| world.matches(s, o, a)),
    };
    let amounts = amounts_in(&a.body, layer);
    let does = if amounts.is_empty() {
        Vec::new()
    } else {
        changed
            .iter()
            .filter(|o| in_set(**o))
            .map(|o| amounts.iter().map(|x| world.amount(x, *o, a)).collect())
            .collect()
    };
    let copied = match (layer, a.body.copy.as_ref().and_then(|c| world.board.object_index(&c.of))) {
        (Layer::Copy, Some(target)) if changed.contains(&target) => Some(world.objects[target].clone()),
        _ => None,
    };
    Look { exists, body, membership, does, copied }
}

/// For each candidate, the candidates it depends on and why.
pub fn graph(
    world: &mut World,
    sets: &Sets,
    candidates: &[Effect],
    layer: Layer,
    cache: &mut PairCache,
) -> Vec<Vec<(usize, DependencyKind)>> {
    let n = candidates.len();
    let reads: Vec<Reads> = candidates.iter().map(|e| reads(e, sets, layer)).collect();
    let ids: Vec<usize> = candidates.iter().zip(&reads).map(|(e, r)| cache.id(e, r, writes(e, layer))).collect();
    let mut edges = vec![Vec::new(); n];
    // Who reads each kind of atom, and whose source is each object: a pair is only looked at
    // when B writes a kind A reads, or changes A's source.
    let mut readers: Vec<Vec<usize>> = vec![Vec::new(); KINDS];
    let mut by_source: HashMap<usize, Vec<usize>> = HashMap::new();
    for (a, r) in reads.iter().enumerate() {
        let mut kinds: Vec<usize> = r.state.iter().flat_map(Atom::kinds).collect();
        kinds.sort_unstable();
        kinds.dedup();
        for kind in kinds {
            readers[kind].push(a);
        }
        if let Some(source) = candidates[a].source {
            by_source.entry(source).or_default().push(a);
        }
    }
    for (b, effect_b) in candidates.iter().enumerate() {
        if effect_b.is_defining() {
            continue;
        }
        let written = writes(effect_b, layer);
        let mut changed: Option<Vec<usize>> = None;
        let mut tried: Vec<usize> = Vec::new();
        let mut looked: Vec<usize> =
            written.iter().flat_map(Atom::kinds).flat_map(|k| readers[k].iter().copied()).collect();
        if written.iter().any(|w| w.kinds().contains(&4)) {
            let changed = changed.get_or_insert_with(|| cache.affected(ids[b], world, sets, effect_b));
            looked.extend(changed.iter().filter_map(|o| by_source.get(o)).flatten());
        }
        looked.sort_unstable();
        looked.dedup();
        for a in looked {
            let effect_a = &candidates[a];
            if a == b || effect_a.is_defining() || effect_a.key == effect_b.key {
                continue;
            }
            if let Some(cached) = cache.results.get(&(ids[a], ids[b])) {
                if let Some(kind) = *cached {
                    edges[a].push((b, kind));
                }
                continue;
            }
            // A's existence and text can only change through its source's abilities, so that
            // read counts only when B changes A's source.
            let changed = changed.get_or_insert_with(|| cache.affected(ids[b], world, sets, effect_b));
            let source_changed = effect_a.source.is_some_and(|s| changed.contains(&s));
            if meet(&reads[a].state, &written) || (source_changed && meet(&reads[a].source, &written)) {
                tried.push(a);
            } else {
                cache.results.insert((ids[a], ids[b]), None);
            }
        }
        if tried.is_empty() {
            continue;
        }
        let affected = changed.unwrap_or_else(|| cache.affected(ids[b], world, sets, effect_b));
        // Apply B for real, keep the objects it really changed, look at A after, put the
        // objects back, look at A before: only those objects can differ for A.
        let land_types = effect_b.body.land_types.is_some();
        // Every snapshot before any application: an exchange of control changes both of its
        // objects at once.
        let saved: Vec<(usize, Snapshot)> =
            affected.iter().map(|o| (*o, Snapshot::take(&world.objects[*o], layer, land_types))).collect();
        apply_all(world, effect_b, layer, &affected);
        // What B really changed, object by object: for A, only the objects where that meets what
        // A reads (or A's source) can look different.
        let changed: Vec<(usize, Vec<Atom>)> = saved
            .iter()
            .map(|(o, snap)| {
                let mut atoms = Vec::new();
                snap.changed_atoms(&world.objects[*o], &mut atoms);
                (*o, atoms)
            })
            .filter(|(_, atoms)| !atoms.is_empty())
            .collect();
        let seen_by: Vec<Vec<usize>> = tried
            .iter()
            .map(|a| {
                let (r, source) = (&reads[*a], candidates[*a].source);
                let sees = |(o, atoms): &&(usize, Vec<Atom>)| meet(&r.state, atoms) || source == Some(*o);
                changed.iter().filter(sees).map(|(o, _)| *o).collect()
            })
            .collect();
        let after: Vec<Look> =
            tried.iter().zip(&seen_by).map(|(a, objects)| look(world, sets, &candidates[*a], layer, objects)).collect();
        for (object, snapshot) in saved.into_iter().rev() {
            snapshot.restore(&mut world.objects[object]);
        }
        let before: Vec<Look> =
            tried.iter().zip(&seen_by).map(|(a, objects)| look(world, sets, &candidates[*a], layer, objects)).collect();
        for ((a, x), y) in tried.iter().zip(&before).zip(&after) {
            let kind = if x.exists != y.exists {
                Some(DependencyKind::Existence)
            } else if x.body != y.body {
                Some(DependencyKind::Text)
            } else if x.membership != y.membership {
                Some(DependencyKind::AppliesTo)
            } else if x.does != y.does || x.copied != y.copied {
                Some(DependencyKind::WhatItDoes)
            } else {
                None
            };
            if let Some(kind) = kind {
                edges[*a].push((b, kind));
            }
            cache.results.insert((ids[*a], ids[b]), kind);
        }
    }
    edges
}
