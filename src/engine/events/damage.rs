//! What damage results in (120.3, 120.4b): the results that are events of their own, which
//! replacement effects see as they would any other. Damage marked on a creature and life lost
//! to damage are kept on the board as the damage happens (`board_after`).

use super::event::{Event, Target};
use super::replacer::Env;

/// The events an event's damage results in, in order: −1/−1 counters for damage from a source
/// with wither or infect to a creature (120.3d), poison counters for infect damage to a player
/// (120.3b), life for the controller of a source with lifelink (120.3f).
pub fn results(env: &Env, event: &Event) -> Vec<Event> {
    let Event::Damage { source, to, amount, .. } = event else { return Vec::new() };
    let source_chars = &env.chars[*source];
    let mut out = Vec::new();
    match to {
        Target::Object(o) if counters_instead(env, *source, *o) => {
            out.push(Event::Counters { object: *o, kind: "-1/-1".into(), count: *amount });
        }
        Target::Player(player) if source_chars.has_keyword("infect") => {
            out.push(Event::Poison { player: *player, count: *amount });
        }
        _ => {}
    }
    if source_chars.has_keyword("lifelink") {
        out.push(Event::GainLife { player: source_chars.controller, amount: *amount });
    }
    out
}

/// Damage from a source with wither or infect to a creature is −1/−1 counters, not damage
/// marked (120.3d).
pub fn counters_instead(env: &Env, source: usize, to: usize) -> bool {
    let source = &env.chars[source];
    env.chars[to].has_type("creature") && (source.has_keyword("wither") || source.has_keyword("infect"))
}
