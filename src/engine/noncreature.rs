//! A noncreature permanent has no power or toughness, even with numbers printed on it (207.3 in
//! 2011, 208.3 today: a Vehicle not crewed, a creature an effect made a land). An effect that
//! sets or modifies them still exists and still applies to it, but does nothing unless it is a
//! creature (208.3a). A noncreature card elsewhere keeps the numbers printed on it.
//!
//! Layer 4 is the last layer that changes card types, so when it is done, which permanents are
//! creatures is settled: their power and toughness are taken away then, and layer 7 finds nothing
//! to change.

use super::world::World;
use crate::model::characteristics::Characteristics;
use crate::model::{Word, Zone};

/// The concept of the citation table for the rule.
pub const CONCEPT: &str = "noncreature-no-pt";

/// True when layer 7 has nothing to work on: a noncreature whose power and toughness were taken
/// after layer 4 (a permanent) or never printed (a card elsewhere).
pub fn lacks_pt(c: &Characteristics) -> bool {
    !c.has_type("creature") && c.power.is_none() && c.toughness.is_none()
}

/// True when a change in layer 4 made a creature with power and toughness a noncreature:
/// `types_before` are its card types before the change. Layer 4 leaves power and toughness as
/// they were (they are taken after it): the ones it has now are the ones it had.
pub fn stopped_being_a_creature(types_before: &[Word], after: &Characteristics) -> bool {
    let was_creature = types_before.iter().any(|t| t == "creature");
    was_creature && !after.has_type("creature") && (after.power.is_some() || after.toughness.is_some())
}

/// After layer 4: takes power and toughness away from every noncreature permanent that has them.
/// Returns those objects, each with what it had in words.
pub fn take_pt(world: &mut World) -> Vec<(usize, String)> {
    let mut taken = Vec::new();
    for index in 0..world.objects.len() {
        if !world.present[index] || world.zone(index) != Zone::Battlefield {
            continue;
        }
        let c = &mut world.objects[index];
        if c.has_type("creature") || (c.power.is_none() && c.toughness.is_none()) {
            continue;
        }
        taken.push((index, super::describe::power_toughness(c)));
        c.power = None;
        c.toughness = None;
    }
    taken
}
