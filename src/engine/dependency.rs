//! 613.7a, by trial: effect A depends on B when both apply in this layer, neither is a
//! characteristic-defining ability, and applying B to a scratch copy of the state changes A's
//! existence, its text, what it applies to, or what it does. Nothing is declared by hand.

use super::apply::apply;
use super::effect::Effect;
use super::layer::Layer;
use super::trace::DependencyKind;
use super::world::World;
use super::Sets;
use crate::scenario::spec::Amount;

/// What an effect is, in a state, as far as 613.7a is concerned.
#[derive(Debug, PartialEq)]
struct Signature {
    exists: bool,
    body: Option<crate::scenario::spec::EffectBody>,
    applies_to: Vec<usize>,
    does: Vec<(usize, Vec<i64>, Option<String>)>,
}

fn signature(world: &World, sets: &Sets, effect: &Effect, layer: Layer) -> Signature {
    let exists = sets.started.contains_key(&effect.key) || world.exists(effect);
    let body = if exists { world.current_body(effect) } else { None };
    let applies_to = if exists { sets.affected(world, effect) } else { Vec::new() };
    let does =
        applies_to.iter().map(|o| (*o, amounts(world, effect, layer, *o), copied(world, effect, layer))).collect();
    Signature { exists, body, applies_to, does }
}

/// The numbers the effect's part in this layer works out to for one object.
fn amounts(world: &World, effect: &Effect, layer: Layer, object: usize) -> Vec<i64> {
    let Some(pt) = &effect.body.pt else { return Vec::new() };
    let values: Option<&[Amount; 2]> = match layer {
        Layer::PtDefining | Layer::PtSet => pt.set.as_ref(),
        Layer::PtModify => pt.modify.as_ref(),
        _ => None,
    };
    values.map(|v| v.iter().map(|a| world.amount(a, object, effect)).collect()).unwrap_or_default()
}

/// What a copy effect copies: the copiable values of its target, as they are now.
fn copied(world: &World, effect: &Effect, layer: Layer) -> Option<String> {
    if layer != Layer::Copy {
        return None;
    }
    let target = world.board.object_index(effect.body.copy.as_deref()?)?;
    Some(format!("{:?}", world.objects[target]))
}

/// Does `a` depend on `b` in `layer`, and why.
pub fn depends_on(world: &World, sets: &Sets, a: &Effect, b: &Effect, layer: Layer) -> Option<DependencyKind> {
    if a.is_defining() || b.is_defining() || a.key == b.key {
        return None;
    }
    let before = signature(world, sets, a, layer);
    let mut scratch = world.clone();
    for object in sets.affected(world, b) {
        apply(&mut scratch, b, layer, object);
    }
    let after = signature(&scratch, sets, a, layer);
    if before.exists != after.exists {
        Some(DependencyKind::Existence)
    } else if before.body != after.body {
        Some(DependencyKind::Text)
    } else if before.applies_to != after.applies_to {
        Some(DependencyKind::AppliesTo)
    } else if before.does != after.does {
        Some(DependencyKind::WhatItDoes)
    } else {
        None
    }
}
