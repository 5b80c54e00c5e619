//! Copy effects (706 in 2011, 707 today): what a copy takes from the object it copies, and what
//! the copy effect's exceptions change as part of the copying.

use crate::model::characteristics::{drop_ungained_subtypes, Ability, Characteristics, Origin};
use crate::model::{Characteristic, CopyExcept, EffectBody};

/// `copier` becoming a copy of an object whose copiable values are `original`: it takes them
/// (706.2: other effects, status and counters are not copied; they are not in `original`),
/// keeps its controller, and the exceptions apply as part of the copying, so they become part of
/// its own copiable values (706.8).
pub fn copy(copier: &Characteristics, original: &Characteristics, except: &CopyExcept) -> Characteristics {
    let mut c = original.clone();
    c.controller = copier.controller;
    for ability in &mut c.abilities {
        ability.origin = Origin::RulesText;
    }
    // 706.8d: a characteristic-defining ability that defines what the exception sets or keeps
    // is not copied.
    c.abilities.retain(|a| !a.generates.as_ref().is_some_and(|g| g.cda && defines_touched(&g.body, except)));
    for kept in &except.keep {
        match kept {
            Characteristic::Name => c.name = copier.name.clone(),
            Characteristic::ManaCost => c.mana_value = copier.mana_value,
            Characteristic::Colors => c.colors = copier.colors.clone(),
            Characteristic::Types => c.types = copier.types.clone(),
            Characteristic::Subtypes => c.subtypes = copier.subtypes.clone(),
            Characteristic::Supertypes => c.supertypes = copier.supertypes.clone(),
            Characteristic::Abilities => c.abilities = copier.abilities.clone(),
            Characteristic::Power => c.power = copier.power,
            Characteristic::Toughness => c.toughness = copier.toughness,
        }
    }
    if let Some(name) = &except.name {
        c.name = name.clone();
    }
    let copied_subtypes = c.subtypes.clone();
    for (list, change) in [
        (&mut c.types, &except.types),
        (&mut c.subtypes, &except.subtypes),
        (&mut c.supertypes, &except.supertypes),
        (&mut c.colors, &except.colors),
    ] {
        if let Some(change) = change {
            change.apply_to(list);
        }
    }
    // 205.3d: "except it's an Illusion in addition to its other types" copying a noncreature
    // (an animated Chimeric Staff is an artifact, 706.2) does not make it an Illusion.
    drop_ungained_subtypes(&mut c, &copied_subtypes);
    c.sort_colors();
    for spec in &except.abilities {
        let gained = Ability::from_spec(spec, Origin::RulesText, None);
        if !c.has_ability(&gained.id) {
            c.abilities.push(gained);
        }
    }
    c.power = except.power.or(c.power);
    c.toughness = except.toughness.or(c.toughness);
    c
}

/// Whether copying `original` with these exceptions leaves out one of its characteristic-defining
/// abilities (706.8d; 707.9d today).
pub fn leaves_defining(original: &Characteristics, except: &CopyExcept) -> bool {
    original.abilities.iter().any(|a| a.generates.as_ref().is_some_and(|g| g.cda && defines_touched(&g.body, except)))
}

/// Whether a characteristic-defining ability's effect defines a characteristic the exception
/// sets or keeps.
fn defines_touched(body: &EffectBody, except: &CopyExcept) -> bool {
    let pt = body.pt.as_ref().is_some_and(|p| p.set.is_some());
    (pt && (except.touches(Characteristic::Power) || except.touches(Characteristic::Toughness)))
        || (body.colors.is_some() && except.touches(Characteristic::Colors))
        || (body.types.is_some() && except.touches(Characteristic::Types))
        || ((body.subtypes.is_some() || body.creature_types.is_some()) && except.touches(Characteristic::Subtypes))
        || (body.supertypes.is_some() && except.touches(Characteristic::Supertypes))
}
