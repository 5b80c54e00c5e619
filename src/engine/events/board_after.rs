//! The board after the events of a moment: where objects are, who controls them, their counters,
//! the damage marked on them, life totals and hands. Later events meet this board (a creature
//! destroyed by the first event is not there for the second), and the state-based actions check
//! it (704). Tapping is not kept.

use super::damage::{as_counters, as_poison};
use super::event::{Event, Target};
use super::replacer::Replacer;
use crate::engine::board::{Board, ObjectDef, ResolvedEffect};
use crate::engine::characteristics::Characteristics;
use crate::engine::timestamp::Timestamp;
use crate::model::{EffectBody, SelectorSpec, Zone};
use std::sync::Arc;

/// Whether an event that happened changes the board the next events meet.
pub fn changes_board(event: &Event) -> bool {
    !matches!(event, Event::Draws { .. } | Event::Tokens { .. } | Event::Begin { .. } | Event::Action { .. })
}

/// `chars`: the objects' characteristics on `board`, for what the sources of damage are;
/// `replacers`: the effects that watched the events, for what a permanent entered as a copy of.
pub fn board_after(board: &Board, chars: &[Characteristics], replacers: &[Replacer], happened: &[Event]) -> Board {
    let mut after = board.clone();
    let latest = after.objects.iter().map(|o| o.timestamp.time).chain(after.resolved.iter().map(|r| r.timestamp.time));
    let mut next_time = latest.max().unwrap_or(0).saturating_add(1);
    for event in happened {
        match event {
            Event::Move { object, to, .. } => {
                let o = &mut after.objects[*object];
                if o.zone == Zone::Battlefield {
                    // A permanent that leaves becomes a new object with no memory of it (400.7).
                    o.counters.clear();
                    o.damage = 0;
                    o.deathtouched = false;
                    o.attached_to = None;
                    o.attached_at = None;
                    o.printed.controller = o.owner;
                }
                o.zone = *to;
            }
            Event::Enter { object, counters, controller, copy, .. } => {
                let o = &mut after.objects[*object];
                o.zone = Zone::Battlefield;
                o.counters = counters.clone();
                o.printed.controller = *controller;
                o.attached_to = None;
                o.attached_at = None;
                o.timestamp = Timestamp { time: next_time, order: 0 };
                if let Some(by) = copy.and_then(|c| c.by) {
                    let effect = entered_as_copy(&replacers[by as usize], o, *controller);
                    after.resolved.extend(effect);
                }
                next_time = next_time.saturating_add(1);
            }
            Event::Counters { object, kind, count } => add_counters(&mut after, *object, kind, *count),
            Event::RemoveCounters { object, kind, count } => add_counters(&mut after, *object, kind, -count),
            Event::Damage { source, to: Target::Object(o), amount, .. } => {
                damage(&mut after, chars, &chars[*source], *o, *amount)
            }
            // Infect damage to a player is poison counters, not life lost (120.3b).
            Event::Damage { source, to: Target::Player(_), .. } if as_poison(&chars[*source]) => {}
            Event::Damage { to: Target::Player(p), amount, .. } | Event::LoseLife { player: p, amount } => {
                // 120.3a: damage dealt to a player causes that player to lose that much life.
                if let Some(life) = &mut after.life[*p] {
                    *life = life.saturating_sub(*amount);
                }
            }
            Event::GainLife { player, amount } => {
                if let Some(life) = &mut after.life[*player] {
                    *life = life.saturating_add(*amount);
                }
            }
            Event::Regenerate { object } => {
                // 701.11a (701.19a today): all damage marked on it is removed.
                let o = &mut after.objects[*object];
                o.damage = 0;
                o.deathtouched = false;
            }
            Event::Draw { player } => match after.library[*player] {
                // 704.5b: the attempt is what the next check of state-based actions sees; no card
                // is drawn.
                Some(n) if n <= 0 => after.drew_from_empty[*player] = true,
                library => {
                    after.library[*player] = library.map(|n| n - 1);
                    after.unlisted_hand[*player] = after.unlisted_hand[*player].saturating_add(1);
                }
            },
            Event::Unattach { object } => {
                let o = &mut after.objects[*object];
                o.attached_to = None;
                o.attached_at = None;
            }
            Event::LoseGame { player } => after.lost[*player] = true,
            Event::Poison { player, count } => after.poison[*player] = after.poison[*player].saturating_add(*count),
            Event::Draws { .. } | Event::Tokens { .. } | Event::Begin { .. } | Event::Action { .. } => {}
        }
    }
    after
}

/// 706.5: a permanent that entered as a copy is a copy from then on: a copy effect on it alone,
/// with the permanent's own timestamp (just after it, so that it sees the permanent).
fn entered_as_copy(by: &Replacer, object: &ObjectDef, controller: usize) -> Option<ResolvedEffect> {
    let spec = by.spec.copy.clone()?;
    let affects = SelectorSpec { objects: Some(vec![object.id.clone()]), ..SelectorSpec::default() };
    Some(ResolvedEffect {
        id: format!("{}@{}", by.key(), object.id),
        name: None,
        text: by.effect.text.clone(),
        source: by.effect.source,
        controller,
        timestamp: Timestamp { order: 1, ..object.timestamp },
        body: Arc::new(EffectBody { affects: Some(affects), copy: Some(spec), ..EffectBody::default() }),
    })
}

fn add_counters(board: &mut Board, object: usize, kind: &str, count: i64) {
    let n = board.objects[object].counters.entry(kind.to_string()).or_insert(0);
    *n = n.saturating_add(count).max(0);
}

/// 120.3: damage to a planeswalker removes loyalty counters (where the scenario counts them);
/// damage to a creature is marked on it, unless its source has wither or infect: then it is
/// −1/−1 counters, an event of its own (`damage::results`).
fn damage(board: &mut Board, chars: &[Characteristics], source: &Characteristics, to: usize, amount: i64) {
    let target = &chars[to];
    if target.has_type("planeswalker") && board.objects[to].counters.contains_key("loyalty") {
        add_counters(board, to, "loyalty", -amount);
    }
    if !target.has_type("creature") {
        return;
    }
    if !as_counters(source) {
        let o = &mut board.objects[to];
        o.damage = o.damage.saturating_add(amount);
    }
    if source.has_keyword("deathtouch") {
        board.objects[to].deathtouched = true;
    }
}
