//! 611.2c: the objects a resolved effect affects are fixed when it is created. A selector that
//! names objects is fixed anyway; one that describes them ("all white creatures") is evaluated on
//! the board as it stood then: the objects and effects with earlier timestamps, through the
//! layers that can change what the selector looks at.

use super::effect::{Effect, EffectKind};
use super::layer::Layer;
use super::resolve::{run, Scope};
use super::sets::Sets;
use super::world::World;
use crate::model::board::{Board, ResolvedEffect};
use crate::model::timestamp::Timestamp;
use crate::model::SelectorSpec;
use rustc_hash::FxHashMap;

/// The resolved effect as the engine applies it.
pub fn as_effect(effect: &ResolvedEffect) -> Effect {
    Effect {
        key: effect.id.clone(),
        text: effect.text.clone(),
        source: effect.source,
        controller: effect.controller,
        timestamp: effect.timestamp,
        kind: EffectKind::Resolved,
        ability: None,
        body: effect.body.clone(),
    }
}

/// The set, from a run of the layers on the board as it stood at the effect's timestamp.
pub fn locked_set(
    board: &Board,
    effect: &crate::model::board::ResolvedEffect,
    locked: &mut FxHashMap<String, Vec<usize>>,
) -> Vec<usize> {
    if let Some(set) = locked.get(&effect.id) {
        return set.clone();
    }
    // An exchange of control names its two objects: it affects them, wherever they are.
    if let Some(ids) = effect.body.control.as_ref().and_then(|c| c.exchanged()) {
        let set = super::sets::exchanged_objects(board, ids);
        locked.insert(effect.id.clone(), set.clone());
        return set;
    }
    let Some(selector) = &effect.body.affects else { return Vec::new() };
    let as_effect = as_effect(effect);
    // Named objects are affected whatever they were like, and whether or not they were there before.
    let named = selector.objects.is_some() || selector.itself || selector.attached;
    let then = if named {
        World::new(board, vec![true; board.objects.len()], None)
    } else {
        run(board, Scope::Before { cutoff: effect.timestamp, last: last_layer_read(selector) }, locked).0
    };
    let set = then.select(selector, &as_effect);
    locked.insert(effect.id.clone(), set.clone());
    set
}

/// The last layer that can change what a selector looks at: no later layer matters to it.
pub fn last_layer_read(s: &SelectorSpec) -> Layer {
    if s.no_abilities {
        Layer::Ability
    } else if !s.colors.is_empty() || !s.not_colors.is_empty() {
        Layer::Color
    } else if [&s.types, &s.not_types, &s.subtypes, &s.any_subtypes, &s.not_subtypes, &s.supertypes, &s.not_supertypes]
        .iter()
        .any(|l| !l.is_empty())
    {
        Layer::Type
    } else if s.controller.is_some() {
        Layer::Control
    } else {
        Layer::Copy
    }
}

/// What `settled_during_run` asks of the board, found once for all its resolved effects.
pub struct Latest {
    /// The latest timestamp of an object.
    object: Option<Timestamp>,
    /// Each resolved effect's timestamp, with the first layer it applies in.
    first_layers: Vec<(Timestamp, Layer)>,
}

impl Latest {
    pub fn new(board: &Board) -> Latest {
        let first_layers = board
            .resolved
            .iter()
            .filter_map(|r| {
                let effect = as_effect(r);
                Layer::ALL.iter().find(|l| effect.has_part_in(**l)).map(|l| (r.timestamp, *l))
            })
            .collect();
        Latest { object: board.objects.iter().map(|o| o.timestamp).max(), first_layers }
    }
}

/// When the board as the effect found it is the board now, up to the layers its selector looks
/// at, its set can be read off the main run once those layers are done, instead of running them
/// again: no object came later, and nothing that came at or after it (itself included) applies
/// in those layers. The layer after which to read it.
pub fn settled_during_run(latest: &Latest, effect: &ResolvedEffect) -> Option<Layer> {
    let selector = effect.body.affects.as_ref()?;
    let last = last_layer_read(selector);
    let t = effect.timestamp;
    let later_object = latest.object.is_some_and(|o| o >= t);
    let later_part = latest.first_layers.iter().any(|(at, first)| *at >= t && *first <= last);
    (!later_object && !later_part).then_some(last)
}

/// Reads off the sets of the effects waiting for layers before `before` (all, for `None`).
pub fn settle(
    world: &World,
    sets: &mut Sets,
    locked: &mut FxHashMap<String, Vec<usize>>,
    waiting: &mut Vec<(&ResolvedEffect, Layer)>,
    before: Option<Layer>,
) {
    waiting.retain(|(effect, last)| {
        if before.is_some_and(|layer| *last >= layer) {
            return true;
        }
        let selector = effect.body.affects.as_ref().expect("only effects with a selector wait");
        let set = world.select(selector, &as_effect(effect));
        locked.insert(effect.id.clone(), set.clone());
        sets.locked.insert(effect.id.clone(), (set, effect.timestamp));
        false
    });
}
