//! 614.12: an entering permanent as it would exist on the battlefield, and the replacement
//! effects of its own that modify how it enters.

use super::replacer::{replacer, Replacer};
use crate::engine::resolve::resolve;
use crate::engine::world::World;
use crate::model::board::Board;
use crate::model::characteristics::Characteristics;
use crate::model::meanings::EXISTING_EFFECTS_SEE_ENTERING;
use crate::model::{ReplacementSpec, Zone};

/// An ability of the entering permanent's own that would modify how it enters, taken away by a
/// continuous effect that already exists (614.12 since 2017): the trace says which.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Lost {
    /// The ability's text.
    pub ability: String,
    /// The effect that took it (the last that changed the permanent's abilities).
    pub by: String,
}

/// 614.12: the permanent as it would exist on the battlefield, the effects of its own that
/// affect only it, and those of its own abilities that other effects took away. Its own static abilities apply; so do the continuous effects that already
/// exist and would apply to it, by the rules since 2017, where before 2017 effects from any other
/// source were ignored. `as_copy`: the values it enters with as a copy, in place of its own (706.5).
pub fn look_ahead(
    board: &Board,
    object: usize,
    controller: usize,
    as_copy: Option<Characteristics>,
) -> (Characteristics, Vec<Replacer>, Vec<Lost>) {
    let others_apply = board.meanings.holds(EXISTING_EFFECTS_SEE_ENTERING);
    let mut alone = board.clone();
    if !others_apply {
        alone.resolved.clear();
    }
    alone.events.clear();
    for (i, o) in alone.objects.iter_mut().enumerate() {
        if i == object {
            if let Some(values) = &as_copy {
                o.printed = values.clone();
            }
            o.zone = Zone::Battlefield;
            o.printed.controller = controller;
            o.counters.clear();
        } else if !others_apply {
            o.printed.abilities.retain(|a| a.generates.is_none());
        }
    }
    let resolution = resolve(&alone);
    let present = vec![true; alone.objects.len()];
    let world = World { board: &alone, objects: resolution.characteristics.clone(), present, cutoff: None };
    let own = world
        .live_effects()
        .into_iter()
        .filter(|e| e.source == Some(object) && e.body.replacement.as_ref().is_some_and(affects_only_itself))
        .filter_map(|e| replacer(e, Some(object)))
        .collect();
    let now = &resolution.characteristics[object];
    let changed_abilities = |step: &&crate::engine::trace::Step| {
        step.changes
            .by_object()
            .any(|(o, pieces)| o == object && pieces.iter().any(|p| p.characteristic == "abilities"))
    };
    let lost = alone.objects[object]
        .printed
        .abilities
        .iter()
        .filter(|a| {
            let enters =
                a.generates.as_ref().and_then(|g| g.body.replacement.as_ref()).is_some_and(affects_only_itself);
            enters && !now.has_ability(&a.id)
        })
        .filter_map(|a| {
            let by = resolution.steps.iter().rev().find(changed_abilities)?;
            Some(Lost { ability: a.text.to_string(), by: by.effect.clone() })
        })
        .collect();
    (now.clone(), own, lost)
}

fn affects_only_itself(r: &ReplacementSpec) -> bool {
    r.object.as_ref().is_some_and(|s| s.itself)
}
