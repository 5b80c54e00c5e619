//! 613.7a, by trial: effect A depends on B when both apply in this layer, neither is a
//! characteristic-defining ability, and applying B changes A's existence, its text, what it
//! applies to, or what it does. B is applied for real to the objects it affects, A is looked at
//! before and after, and the objects are put back: nothing is declared by hand.
//!
//! Two things keep this fast on large boards. A pair is only tried when B writes a characteristic
//! that A reads (its selector, its amounts, its source's abilities). And A is only looked at on the
//! objects B changed: nothing else can have changed for it.

use super::apply::apply;
use super::characteristics::Characteristics;
use super::effect::Effect;
use super::layer::Layer;
use super::trace::DependencyKind;
use super::world::World;
use super::Sets;
use crate::scenario::spec::{Amount, EffectBody, SelectorSpec};

/// Characteristics, as bits, for what an effect reads and writes.
type Fields = u16;
const TYPES: Fields = 1;
const SUBTYPES: Fields = 1 << 1;
const SUPERTYPES: Fields = 1 << 2;
const COLORS: Fields = 1 << 3;
const ABILITIES: Fields = 1 << 4;
const PT: Fields = 1 << 5;
const CONTROLLER: Fields = 1 << 6;
const MANA_VALUE: Fields = 1 << 7;
const EVERYTHING: Fields = u16::MAX;

/// What applying an effect's part in this layer can change.
fn writes(effect: &Effect, layer: Layer) -> Fields {
    match layer {
        Layer::Copy => EVERYTHING,
        Layer::Control => CONTROLLER,
        Layer::Text | Layer::Ability => ABILITIES,
        Layer::Type if effect.body.land_types.is_some() => TYPES | SUBTYPES | SUPERTYPES | ABILITIES,
        Layer::Type => TYPES | SUBTYPES | SUPERTYPES,
        Layer::Color => COLORS,
        Layer::PtDefining | Layer::PtSet | Layer::PtModify | Layer::PtCounters | Layer::PtSwitch => PT,
    }
}

/// What an effect's existence, text, set and amounts depend on.
fn reads(effect: &Effect, sets: &Sets, layer: Layer) -> Fields {
    let mut fields = if effect.ability.is_some() { ABILITIES } else { 0 };
    if !sets.is_fixed(effect) {
        fields |= effect.body.affects.as_ref().map_or(0, selector_reads);
    }
    for amount in amounts_in(&effect.body, layer) {
        fields |= match amount {
            Amount::Fixed(_) => 0,
            Amount::ManaValue => MANA_VALUE,
            Amount::Count(s) => selector_reads(s),
        };
    }
    if layer == Layer::Copy {
        fields = EVERYTHING;
    }
    fields
}

fn selector_reads(s: &SelectorSpec) -> Fields {
    let mut fields = 0;
    let mut when = |cond: bool, f: Fields| {
        if cond {
            fields |= f
        }
    };
    when(!s.types.is_empty() || !s.not_types.is_empty(), TYPES);
    when(!s.subtypes.is_empty() || !s.not_subtypes.is_empty(), SUBTYPES);
    when(!s.supertypes.is_empty() || !s.not_supertypes.is_empty(), SUPERTYPES);
    when(!s.colors.is_empty() || !s.not_colors.is_empty(), COLORS);
    when(s.controller.is_some(), CONTROLLER);
    when(s.no_abilities, ABILITIES);
    fields
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
    body: Option<EffectBody>,
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

/// For each candidate, the candidates it depends on and why.
pub fn graph(world: &mut World, sets: &Sets, candidates: &[Effect], layer: Layer) -> Vec<Vec<(usize, DependencyKind)>> {
    let n = candidates.len();
    let reads: Vec<Fields> = candidates.iter().map(|e| reads(e, sets, layer)).collect();
    let mut edges = vec![Vec::new(); n];
    for (b, effect_b) in candidates.iter().enumerate() {
        if effect_b.is_defining() {
            continue;
        }
        let written = writes(effect_b, layer);
        let tried: Vec<usize> = (0..n)
            .filter(|a| *a != b && !candidates[*a].is_defining() && reads[*a] & written != 0)
            .filter(|a| candidates[*a].key != effect_b.key)
            .collect();
        if tried.is_empty() {
            continue;
        }
        let changed = sets.affected(world, effect_b);
        let before: Vec<Look> = tried.iter().map(|a| look(world, sets, &candidates[*a], layer, &changed)).collect();
        let saved: Vec<Characteristics> = changed.iter().map(|o| world.objects[*o].clone()).collect();
        for object in &changed {
            apply(world, effect_b, layer, *object);
        }
        let after: Vec<Look> = tried.iter().map(|a| look(world, sets, &candidates[*a], layer, &changed)).collect();
        for (object, chars) in changed.iter().zip(saved) {
            world.objects[*object] = chars;
        }
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
        }
    }
    edges
}
