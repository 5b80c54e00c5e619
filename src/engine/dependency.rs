//! 613.7a, by trial: effect A depends on B when both apply in this layer, neither is a
//! characteristic-defining ability, and applying B changes A's existence, its text, what it
//! applies to, or what it does. B is applied for real to the objects it affects, A is looked at
//! before and after, and the objects are put back: nothing is declared by hand.
//!
//! Two things keep this fast on large boards. A pair is only tried when B writes a characteristic
//! value that A reads (a type its selector names, its source's ability, an amount's input). And A
//! is only looked at on the objects B changed: nothing else can have changed for it.

use super::apply::apply;
use super::characteristics::Characteristics;
use super::effect::Effect;
use super::layer::Layer;
use super::snapshot::Snapshot;
use super::trace::DependencyKind;
use super::world::World;
use super::Sets;
use crate::scenario::spec::{Amount, EffectBody, SelectorSpec};
use std::collections::HashMap;

/// One thing an effect can read or write: a characteristic, or one value of it. Two effects can
/// only depend on each other when one writes something the other reads, and this is fine-grained
/// enough to tell "artifacts become creatures" from "red creatures get +1/+1".
#[derive(Clone, Debug, PartialEq, Eq)]
enum Atom {
    Type(Option<String>),
    Subtype(Option<String>),
    Supertype(Option<String>),
    Color(Option<String>),
    Ability(Option<String>),
    Pt,
    Controller,
    ManaValue,
    Everything,
}

impl Atom {
    /// `None` stands for every value of that characteristic.
    fn meets(&self, other: &Atom) -> bool {
        use Atom::*;
        let values = |a: &Option<String>, b: &Option<String>| a.is_none() || b.is_none() || a == b;
        match (self, other) {
            (Everything, _) | (_, Everything) => true,
            (Type(a), Type(b)) | (Subtype(a), Subtype(b)) | (Supertype(a), Supertype(b)) | (Color(a), Color(b)) => {
                values(a, b)
            }
            (Ability(a), Ability(b)) => values(a, b),
            (a, b) => a == b,
        }
    }
}

fn meet(reads: &[Atom], writes: &[Atom]) -> bool {
    reads.iter().any(|r| writes.iter().any(|w| r.meets(w)))
}

fn each(make: fn(Option<String>) -> Atom, change: &Option<crate::scenario::spec::SetChange>, out: &mut Vec<Atom>) {
    let Some(change) = change else { return };
    if change.set.is_some() {
        out.push(make(None));
    }
    out.extend(change.add.iter().chain(&change.remove).map(|v| make(Some(v.clone()))));
}

/// What applying an effect's part in this layer can change.
fn writes(effect: &Effect, layer: Layer) -> Vec<Atom> {
    let b = &effect.body;
    let mut out = Vec::new();
    match layer {
        Layer::Copy => out.push(Atom::Everything),
        Layer::Control => out.push(Atom::Controller),
        Layer::Text => out.push(Atom::Ability(None)),
        Layer::Type => {
            each(Atom::Type, &b.types, &mut out);
            each(Atom::Subtype, &b.subtypes, &mut out);
            each(Atom::Supertype, &b.supertypes, &mut out);
            if b.land_types.is_some() {
                out.extend([Atom::Subtype(None), Atom::Ability(None)]);
            }
            if b.creature_types.is_some() {
                out.push(Atom::Subtype(None));
            }
        }
        Layer::Color => each(Atom::Color, &b.colors, &mut out),
        Layer::Ability => {
            if let Some(change) = &b.abilities {
                if change.remove_all {
                    out.push(Atom::Ability(None));
                }
                out.extend(change.remove.iter().map(|r| Atom::Ability(Some(r.clone()))));
                for added in &change.add {
                    let id = match added {
                        crate::scenario::spec::AbilitySpec::Text(t) => t.clone(),
                        crate::scenario::spec::AbilitySpec::Static(s) => s.id.clone(),
                    };
                    out.push(Atom::Ability(Some(id)));
                }
            }
        }
        Layer::PtDefining | Layer::PtSet | Layer::PtModify | Layer::PtCounters | Layer::PtSwitch => out.push(Atom::Pt),
    }
    out
}

/// What an effect depends on: its source's ability (for its existence and text), and the state of
/// the objects it looks at (for its set and its amounts).
struct Reads {
    source: Vec<Atom>,
    state: Vec<Atom>,
}

fn reads(effect: &Effect, sets: &Sets, layer: Layer) -> Reads {
    let source = effect.ability.iter().map(|a| Atom::Ability(Some(a.clone()))).collect();
    if layer == Layer::Copy {
        return Reads { source, state: vec![Atom::Everything] };
    }
    let mut out = Vec::new();
    if !sets.is_fixed(effect) {
        if let Some(s) = &effect.body.affects {
            selector_reads(s, &mut out);
        }
    }
    for amount in amounts_in(&effect.body, layer) {
        match amount {
            Amount::Fixed(_) => {}
            Amount::ManaValue => out.push(Atom::ManaValue),
            Amount::Count(s) => selector_reads(s, &mut out),
        }
    }
    Reads { source, state: out }
}

fn selector_reads(s: &SelectorSpec, out: &mut Vec<Atom>) {
    type Make = fn(Option<String>) -> Atom;
    let lists: [(Make, &[String]); 8] = [
        (Atom::Type, &s.types),
        (Atom::Type, &s.not_types),
        (Atom::Subtype, &s.subtypes),
        (Atom::Subtype, &s.not_subtypes),
        (Atom::Supertype, &s.supertypes),
        (Atom::Supertype, &s.not_supertypes),
        (Atom::Color, &s.colors),
        (Atom::Color, &s.not_colors),
    ];
    for (make, words) in lists {
        out.extend(words.iter().map(|w| make(Some(w.clone()))));
    }
    if s.controller.is_some() {
        out.push(Atom::Controller);
    }
    if s.no_abilities {
        out.push(Atom::Ability(None));
    }
}

fn amounts_in(body: &EffectBody, layer: Layer) -> Vec<&Amount> {
    let Some(pt) = &body.pt else { return Vec::new() };
    match layer {
        Layer::PtDefining | Layer::PtSet => pt.set.iter().flatten().collect(),
        Layer::PtModify => pt.modify.iter().flatten().collect(),
        _ => Vec::new(),
    }
}

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
    let in_set = |o: usize| match &fixed {
        Some(set) => set.contains(&o),
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
    let copied = match (layer, a.body.copy.as_deref().and_then(|id| world.board.object_index(id))) {
        (Layer::Copy, Some(target)) if changed.contains(&target) => Some(world.objects[target].clone()),
        _ => None,
    };
    Look { exists, body, membership, does, copied }
}

/// Trial results kept between the choices of one layer. 613.7c asks for the dependencies to be
/// worked out again after each effect applies; a pair's result can only change if that effect
/// wrote something the pair's trial reads, so the others are kept.
#[derive(Debug, Default)]
pub struct PairCache {
    results: HashMap<(usize, usize), Option<DependencyKind>>,
    /// Effect keys as numbers, so that looking a pair up allocates nothing.
    ids: HashMap<String, usize>,
    /// By effect number: what its trials read, as A (its reads) and as B (its reads and writes),
    /// and its source with the ability it reads there.
    effects: Vec<Footprint>,
}

#[derive(Debug, Default)]
struct Footprint {
    as_a: Vec<Atom>,
    as_b: Vec<Atom>,
    source: Option<(usize, Vec<Atom>)>,
}

impl PairCache {
    fn id(&mut self, effect: &Effect, reads: &Reads, writes: Vec<Atom>) -> usize {
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

    /// Forgets the results that applying `effect` to `changed` may have changed: a pair's trial
    /// reads A's reads, B's reads and writes, and A's source when B changes it.
    pub fn applied(&mut self, effect: &Effect, layer: Layer, changed: &[usize]) {
        let written = writes(effect, layer);
        let touched: Vec<(bool, bool)> = self
            .effects
            .iter()
            .map(|f| {
                let source_hit =
                    f.source.as_ref().is_some_and(|(s, atoms)| changed.contains(s) && meet(atoms, &written));
                (source_hit || meet(&f.as_a, &written), meet(&f.as_b, &written))
            })
            .collect();
        self.results.retain(|(a, b), _| !touched[*a].0 && !touched[*b].1);
    }
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
    for (b, effect_b) in candidates.iter().enumerate() {
        if effect_b.is_defining() {
            continue;
        }
        let written = writes(effect_b, layer);
        let mut changed: Option<Vec<usize>> = None;
        let mut tried: Vec<usize> = Vec::new();
        for (a, effect_a) in candidates.iter().enumerate() {
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
            let changed = changed.get_or_insert_with(|| sets.affected(world, effect_b));
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
        let affected = changed.unwrap_or_else(|| sets.affected(world, effect_b));
        // Apply B for real, keep the objects it really changed, look at A after, put the
        // objects back, look at A before: only those objects can differ for A.
        let land_types = effect_b.body.land_types.is_some();
        let mut saved: Vec<(usize, Snapshot)> = Vec::with_capacity(affected.len());
        for object in &affected {
            let snapshot = Snapshot::take(&world.objects[*object], layer, land_types);
            apply(world, effect_b, layer, *object);
            saved.push((*object, snapshot));
        }
        let changed: Vec<usize> =
            saved.iter().filter(|(o, snap)| !snap.matches(&world.objects[*o])).map(|(o, _)| *o).collect();
        let after: Vec<Look> = tried.iter().map(|a| look(world, sets, &candidates[*a], layer, &changed)).collect();
        for (object, snapshot) in saved.into_iter().rev() {
            snapshot.restore(&mut world.objects[object]);
        }
        let before: Vec<Look> = tried.iter().map(|a| look(world, sets, &candidates[*a], layer, &changed)).collect();
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
