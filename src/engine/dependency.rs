//! 613.7a, by trial: effect A depends on B when both apply in this layer, neither is a
//! characteristic-defining ability, and applying B changes A's existence, its text, what it
//! applies to, or what it does. B is applied for real to the objects it affects, A is looked at
//! before and after, and the objects are put back: nothing is declared by hand.
//!
//! Two things keep this fast on large boards. A pair is only tried when B writes a characteristic
//! value that A reads (a type its selector names, its source's ability, an amount's input). And A
//! is only looked at on the objects B changed: nothing else can have changed for it.

use super::apply::apply_all;
use super::effect::Effect;
use super::fast::footprint::{amounts_in, meet, reads, writes, Atom, Reads, KINDS};
use super::fast::shape::{self, Shapes};
use super::fast::snapshot::{type_change_touches_abilities, Snapshot};
use super::layer::Layer;
use super::pair_cache::PairCache;
use super::sets::Sets;
use super::trace::DependencyKind;
use super::world::World;
use crate::model::characteristics::Characteristics;
use crate::model::{Amount, ControlSpec, EffectBody};
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// Effect A as far as 613.7a is concerned, looked at on the objects another effect changes.
#[derive(Debug, PartialEq)]
struct Look {
    exists: bool,
    /// A static ability's condition, while its set is not fixed: whether it holds.
    condition: Option<bool>,
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
    let condition = fixed.is_none().then(|| super::condition::of_effect(world, a).map(|(met, _)| met)).flatten();
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
    Look { exists, condition, body, membership, does, copied }
}

/// For each candidate, the candidates it depends on and why.
pub fn graph(
    world: &mut World,
    sets: &Sets,
    candidates: &[&Effect],
    layer: Layer,
    cache: &mut PairCache,
) -> Vec<Vec<(usize, DependencyKind)>> {
    let n = candidates.len();
    let reads: Vec<Reads> = candidates.iter().map(|e| reads(e, sets, layer)).collect();
    let ids: Vec<usize> = candidates.iter().map(|e| cache.id(e)).collect();
    let mut edges = vec![Vec::new(); n];
    // Who reads each kind of atom, and whose source is each object: a pair is only looked at
    // when B writes a kind A reads, or changes A's source.
    let mut readers: Vec<Vec<usize>> = vec![Vec::new(); KINDS];
    let mut by_source: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
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
        let looked_at: Vec<(&Effect, &Reads)> = tried.iter().map(|a| (candidates[*a], &reads[*a])).collect();
        let kinds = trial(world, sets, layer, effect_b, &affected, &looked_at, None);
        for (a, kind) in tried.iter().zip(kinds) {
            if let Some(kind) = kind {
                edges[*a].push((b, kind));
            }
            cache.results.insert((ids[*a], ids[b]), kind);
        }
    }
    edges
}

/// Whether each effect A of `tried` depends on B, and how: B is applied for real to `affected`
/// (the objects it applies to), A is looked at after and before, and the objects are put back.
/// With `shapes`, where B does the same to objects of the same shape, only to stand-ins of them
/// (shape.rs).
pub fn trial(
    world: &mut World,
    sets: &Sets,
    layer: Layer,
    effect_b: &Effect,
    affected: &[usize],
    tried: &[(&Effect, &Reads)],
    shapes: Option<&Shapes>,
) -> Vec<Option<DependencyKind>> {
    let stand_ins = shapes
        .filter(|_| shape::applies_by_shape(effect_b, layer))
        .and_then(|shapes| shape::stand_ins(world, sets, shapes, layer, affected, tried));
    let affected = stand_ins.as_deref().unwrap_or(affected);
    // A count or a condition reads the whole board, and a copy its original: those are looked
    // at on the board as a whole, after and before (`on`).
    let global = layer == Layer::Copy
        || tried.iter().any(|(a, _)| amounts_in(&a.body, layer).iter().any(|x| matches!(x, Amount::Count(_))))
        || tried.iter().any(|(a, _)| a.body.condition.is_some() && !sets.is_fixed(a));
    // Otherwise A looks at the objects where what B changed meets what A reads, and at its
    // source: where no A reads what B can write, B is applied to the sources alone (B applies
    // to each object on its own, but for an exchange of control). Layer 6 tries ability
    // removals against the effects of their sets' objects this way.
    let written = writes(effect_b, layer);
    let exchange = matches!(effect_b.body.control, Some(ControlSpec::Exchange(_)));
    if global || exchange || tried.iter().any(|(_, r)| meet(&r.state, &written)) {
        return on(world, sets, layer, effect_b, affected, tried, global);
    }
    let mut sources: Vec<usize> = tried.iter().filter_map(|(a, _)| a.source).collect();
    sources.sort_unstable();
    let sources: Vec<usize> = affected.iter().copied().filter(|o| sources.binary_search(o).is_ok()).collect();
    let kinds = on(world, sets, layer, effect_b, &sources, tried, global);
    debug_assert_eq!(kinds, on(world, sets, layer, effect_b, affected, tried, global), "only sources can differ");
    kinds
}

/// `trial` with B applied to `affected`.
fn on(
    world: &mut World,
    sets: &Sets,
    layer: Layer,
    effect_b: &Effect,
    affected: &[usize],
    tried: &[(&Effect, &Reads)],
    global: bool,
) -> Vec<Option<DependencyKind>> {
    // Apply B for real, keep the objects it really changed, look at A after, put the
    // objects back, look at A before: only those objects can differ for A.
    let abilities_too = type_change_touches_abilities(&effect_b.body);
    // Every snapshot before any application: an exchange of control changes both of its
    // objects at once.
    let saved: Vec<(usize, Snapshot)> =
        affected.iter().map(|o| (*o, Snapshot::take(&world.objects[*o], layer, abilities_too))).collect();
    apply_all(world, effect_b, layer, affected);
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
    // Objects changed alike, together: each A asks once per way of changing.
    let mut alike: Vec<(&[Atom], Vec<usize>)> = Vec::new();
    let mut index: FxHashMap<&[Atom], usize> = FxHashMap::default();
    for (o, atoms) in &changed {
        let i = *index.entry(atoms.as_slice()).or_insert_with(|| {
            alike.push((atoms.as_slice(), Vec::new()));
            alike.len() - 1
        });
        alike[i].1.push(*o);
    }
    // Effects alike read alike: the objects each way of reading meets are found once (a layer
    // tries a B against a thousand A of a few bodies), in the order B changed them, as `look`
    // compares them.
    let mut met: FxHashMap<&[Atom], Vec<usize>> = FxHashMap::default();
    for (_, r) in tried {
        met.entry(r.state.as_slice()).or_insert_with(|| {
            let mut objects: Vec<usize> = alike
                .iter()
                .filter(|(atoms, _)| meet(&r.state, atoms))
                .flat_map(|(_, os)| os.iter().copied())
                .collect();
            objects.sort_unstable();
            objects
        });
    }
    let mut changed_objects: Vec<usize> = changed.iter().map(|(o, _)| *o).collect();
    changed_objects.sort_unstable();
    // And A's source, where B changed it.
    let seen_by: Vec<Cow<[usize]>> = tried
        .iter()
        .map(|(a, r)| {
            let objects = &met[r.state.as_slice()];
            let unmet = |s: &usize| objects.binary_search(s).is_err() && changed_objects.binary_search(s).is_ok();
            match a.source.filter(unmet) {
                Some(source) => {
                    let mut with = objects.clone();
                    with.insert(with.partition_point(|o| *o < source), source);
                    Cow::Owned(with)
                }
                None => Cow::Borrowed(objects.as_slice()),
            }
        })
        .collect();
    // Each object is looked at in both states side by side, and the first difference answers.
    if !global {
        let mut saved = saved;
        // `saved` is in the order of `affected`, the board's.
        saved.sort_by_key(|(o, _)| *o);
        let kinds = tried
            .iter()
            .zip(&seen_by)
            .map(|((a, _), objects)| compare(world, &mut saved, sets, a, layer, objects))
            .collect();
        for (object, snapshot) in saved.into_iter().rev() {
            snapshot.restore(&mut world.objects[object]);
        }
        return kinds;
    }
    // A copy effect whose original, source and possible objects B left alone looks the same
    // after as before: it is not looked at (a ring of copy effects tries every pair).
    let untouched: Vec<bool> =
        tried.iter().zip(&seen_by).map(|((a, _), objects)| copy_untouched(world, sets, a, layer, objects)).collect();
    let looks = |world: &World| -> Vec<Option<Look>> {
        tried
            .iter()
            .zip(&seen_by)
            .zip(&untouched)
            .map(|(((a, _), objects), untouched)| (!untouched).then(|| look(world, sets, a, layer, objects)))
            .collect()
    };
    let after = looks(world);
    for (object, snapshot) in saved.into_iter().rev() {
        snapshot.restore(&mut world.objects[object]);
    }
    let before = looks(world);
    before
        .iter()
        .zip(&after)
        .map(|(x, y)| {
            let (Some(x), Some(y)) = (x, y) else { return None };
            if x.exists != y.exists {
                Some(DependencyKind::Existence)
            } else if x.body != y.body {
                Some(DependencyKind::Text)
            } else if x.membership != y.membership || x.condition != y.condition {
                Some(DependencyKind::AppliesTo)
            } else if x.does != y.does || x.copied != y.copied {
                Some(DependencyKind::WhatItDoes)
            } else {
                None
            }
        })
        .collect()
}

/// Whether copy effect A can look different only through objects B did not change (`changed`,
/// with A's source when B changed it): its original, its source, and, when its set is not fixed
/// or it reads amounts, any object it may apply to.
fn copy_untouched(world: &World, sets: &Sets, a: &Effect, layer: Layer, changed: &[usize]) -> bool {
    if layer != Layer::Copy {
        return false;
    }
    let Some(original) = a.body.copy.as_ref().and_then(|c| world.board.object_index(&c.of)) else { return false };
    let changed_it = |o: usize| changed.binary_search(&o).is_ok();
    if changed_it(original) || a.source.is_some_and(changed_it) {
        return false;
    }
    let applies_to = match (sets.fixed_set(a), &a.body.affects) {
        (Some(set), _) => set.iter().any(|o| changed_it(*o)),
        (None, Some(_)) => !changed.is_empty(),
        (None, None) => false,
    };
    !applies_to || amounts_in(&a.body, layer).is_empty() && sets.is_fixed(a)
}

/// What A sees of one object after the trial (`world` as it is) and before (its snapshot
/// swapped in, then back).
fn both<T: PartialEq>(
    world: &mut World,
    saved: &mut [(usize, Snapshot)],
    object: usize,
    see: impl Fn(&World) -> T,
) -> (T, T) {
    let after = see(world);
    let Ok(i) = saved.binary_search_by_key(&object, |(o, _)| *o) else { return (after, see(world)) };
    saved[i].1.swap(&mut world.objects[object]);
    let before = see(world);
    saved[i].1.swap(&mut world.objects[object]);
    (before, after)
}

/// `look` before and after compared, without counts or copies, stopping at the first difference.
fn compare(
    world: &mut World,
    saved: &mut [(usize, Snapshot)],
    sets: &Sets,
    a: &Effect,
    layer: Layer,
    objects: &[usize],
) -> Option<DependencyKind> {
    let started = sets.started.contains_key(&a.key);
    if let Some(source) = a.source.filter(|s| objects.contains(s)) {
        let (before, after) = both(world, saved, source, |w| started || w.exists(a));
        if before != after {
            return Some(DependencyKind::Existence);
        }
        if before {
            let (before, after) = both(world, saved, source, |w| w.current_body(a));
            if before != after {
                return Some(DependencyKind::Text);
            }
        }
    }
    let fixed = sets.fixed_set(a);
    if let (None, Some(selector)) = (fixed, &a.body.affects) {
        for o in objects {
            let (before, after) = both(world, saved, *o, |w| w.matches(selector, *o, a));
            if before != after {
                return Some(DependencyKind::AppliesTo);
            }
        }
    }
    let amounts = amounts_in(&a.body, layer);
    if amounts.is_empty() {
        return None;
    }
    // What A does to each object of its set (the set is the same before and after, or A's
    // membership differed above): no count, so each row reads its own object only.
    for o in objects {
        let (before, after) = both(world, saved, *o, |w| {
            let in_set = match fixed {
                Some(set) => set.binary_search(o).is_ok(),
                None => a.body.affects.as_ref().is_some_and(|s| w.matches(s, *o, a)),
            };
            in_set.then(|| amounts.iter().map(|x| w.amount(x, *o, a)).collect::<Vec<i64>>())
        });
        if before != after {
            return Some(DependencyKind::WhatItDoes);
        }
    }
    None
}
