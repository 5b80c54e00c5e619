//! What damage results in (120.3, 120.4b): the results that are events of their own, which
//! replacement effects see as they would any other. Damage marked on a creature and life lost
//! to damage are kept on the board as the damage happens (`board_after`).

use super::replacer::Env;
use crate::model::characteristics::Characteristics;
use crate::model::pending::{Event, Target};

/// The events an event's damage results in, in order: −1/−1 counters for damage from a source
/// with wither or infect to a creature (120.3d), poison counters for infect damage to a player
/// (120.3b), life for the controller of a source with lifelink (120.3f).
pub fn results(env: &Env, event: &Event) -> Vec<Event> {
    let Event::Damage { source, to, amount, .. } = event else { return Vec::new() };
    let source_chars = &env.chars[*source];
    let mut out = Vec::new();
    match to {
        Target::Object(o) if env.chars[*o].has_type("creature") && as_counters(source_chars) => {
            out.push(Event::Counters { object: *o, kind: "-1/-1".into(), count: *amount });
        }
        Target::Player(player) if as_poison(source_chars) => {
            out.push(Event::Poison { player: *player, count: *amount });
        }
        _ => {}
    }
    if source_chars.has_keyword("lifelink") {
        out.push(Event::GainLife { player: source_chars.controller, amount: *amount });
    }
    out
}

/// Whether the source's damage to a creature is −1/−1 counters, not damage marked (120.3d).
pub fn as_counters(source: &Characteristics) -> bool {
    source.has_keyword("wither") || source.has_keyword("infect")
}

/// Whether the source's damage to a player is poison counters, not life lost (120.3b).
pub fn as_poison(source: &Characteristics) -> bool {
    source.has_keyword("infect")
}
