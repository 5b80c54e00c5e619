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
use super::trace::DependencyKind;
use super::world::World;
use super::Sets;
use crate::scenario::spec::{Amount, EffectBody, SelectorSpec};

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
    let reads: Vec<Reads> = candidates.iter().map(|e| reads(e, sets, layer)).collect();
    let mut edges = vec![Vec::new(); n];
    for (b, effect_b) in candidates.iter().enumerate() {
        if effect_b.is_defining() {
            continue;
        }
        let written = writes(effect_b, layer);
        let changed = sets.affected(world, effect_b);
        // A's existence and text can only change through its source's abilities, so that read
        // counts only when B changes A's source.
        let tried: Vec<usize> = (0..n)
            .filter(|a| *a != b && !candidates[*a].is_defining() && candidates[*a].key != effect_b.key)
            .filter(|a| {
                let source_changed = candidates[*a].source.is_some_and(|s| changed.contains(&s));
                meet(&reads[*a].state, &written) || (source_changed && meet(&reads[*a].source, &written))
            })
            .collect();
        if tried.is_empty() {
            continue;
        }
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
