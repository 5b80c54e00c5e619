//! The board after the events of a moment: where objects are, who controls them, their counters,
//! the damage marked on them, life totals and hands. Later events meet this board (a creature
//! destroyed by the first event is not there for the second), and the state-based actions check
//! it (704). Tapping is not kept.

use super::damage::{as_counters, as_poison};
use super::overflow::{self, Overflow, Past, TooLarge};
use super::replacer::Replacer;
use crate::engine::answer::{object_answer, ObjectAnswer};
use crate::model::board::{Board, ObjectDef, ResolvedEffect};
use crate::model::characteristics::Characteristics;
use crate::model::pending::{Event, Target};
use crate::model::timestamp::Timestamp;
use crate::model::{EffectBody, SelectorSpec, Zone};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Whether an event that happened changes the board the next events meet.
pub fn changes_board(event: &Event) -> bool {
    !matches!(event, Event::Draws { .. } | Event::Begin { .. } | Event::Action { .. })
}

/// `chars`: the objects' characteristics on `board`, for what the sources of damage are;
/// `replacers`: the effects that watched the events, for what a permanent entered as a copy of.
/// `Err` when a life total, counters, damage marked or poison go past the engine's range.
pub fn board_after(
    board: &Board,
    chars: &[Characteristics],
    replacers: &[Replacer],
    happened: &[Event],
) -> Result<Board, Overflow> {
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
            Event::Counters { object, kind, count } => {
                add_counters(&mut after, *object, kind, *count).map_err(|_| counters_of(board, *object, kind))?
            }
            Event::RemoveCounters { object, kind, count } => overflow::sub(0, *count)
                .and_then(|minus| add_counters(&mut after, *object, kind, minus))
                .map_err(|_| counters_of(board, *object, kind))?,
            Event::Damage { source, to: Target::Object(o), amount, .. } => {
                damage(&mut after, chars, &chars[*source], *o, *amount).map_err(|_| Overflow {
                    origin: None,
                    effect: None,
                    what: format!("the damage marked on {} or its loyalty", shown_id(&board.objects[*o].id)),
                    past: Past::Numbers,
                })?
            }
            // Infect damage to a player is poison counters, not life lost (120.3b).
            Event::Damage { source, to: Target::Player(_), .. } if as_poison(&chars[*source]) => {}
            Event::Damage { to: Target::Player(p), amount, .. } | Event::LoseLife { player: p, amount } => {
                // 120.3a: damage dealt to a player causes that player to lose that much life.
                if let Some(life) = &mut after.life[*p] {
                    *life = overflow::sub(*life, *amount).map_err(|_| life_of(board, *p))?;
                }
            }
            Event::GainLife { player, amount } => {
                if let Some(life) = &mut after.life[*player] {
                    *life = overflow::add(*life, *amount).map_err(|_| life_of(board, *player))?;
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
                    after.drawn_this_turn[*player] += 1;
                    after.drawn_this_step[*player] += 1;
                }
            },
            Event::Unattach { object } => {
                let o = &mut after.objects[*object];
                o.attached_to = None;
                o.attached_at = None;
            }
            Event::LoseGame { player } => after.lost[*player] = true,
            Event::Cease { object } => after.objects[*object].ceased = true,
            Event::Poison { player, count } => {
                after.poison[*player] = overflow::add(after.poison[*player], *count).map_err(|_| Overflow {
                    origin: None,
                    effect: None,
                    what: format!("the poison counters of {}", shown_id(&board.players[*player])),
                    past: Past::Numbers,
                })?
            }
            Event::Tokens { player, count, token } => {
                // A replacement's count is checked against `overflow::MAX_TOKENS` when it applies, and a
                // stated one when the scenario is read.
                for _ in 0..*count {
                    let object = new_token(&after, *player, token, Timestamp { time: next_time, order: 0 });
                    after.ids.insert(object.id.clone(), after.objects.len());
                    after.objects.push(object);
                    next_time = next_time.saturating_add(1);
                }
            }
            Event::Draws { .. } | Event::Begin { .. } | Event::Action { .. } => {}
        }
    }
    Ok(after)
}

/// What the counters on each object add to its power and toughness (sublayer 7d in 2011, part of
/// 7c today) is at most 2^62 either way. The layers add it to
/// stated numbers, and sums of those stay below 2^62 (`scenario::limits::NUMBER`): the layers'
/// arithmetic on this board stays exact.
pub fn counters_in_range(board: &Board) -> Result<(), Overflow> {
    const RANGE: i64 = 1 << 62;
    for o in &board.objects {
        let mut sum = (0i64, 0i64);
        for (kind, n) in &o.counters {
            let Some((p, t)) = crate::engine::apply::counter_pt(kind) else { continue };
            let added = overflow::mul(p, *n)
                .and_then(|p| overflow::add(sum.0, p))
                .and_then(|p| Ok((p, overflow::add(sum.1, overflow::mul(t, *n)?)?)));
            match added {
                Ok(s) if s.0.abs() <= RANGE && s.1.abs() <= RANGE => sum = s,
                _ => {
                    return Err(Overflow {
                        origin: None,
                        effect: None,
                        what: format!("the power and toughness the counters on {} give", shown_id(&o.id)),
                        past: Past::Numbers,
                    })
                }
            }
        }
    }
    Ok(())
}

fn life_of(board: &Board, player: usize) -> Overflow {
    Overflow {
        origin: None,
        effect: None,
        what: format!("the life total of {}", shown_id(&board.players[player])),
        past: Past::Numbers,
    }
}

fn counters_of(board: &Board, object: usize, kind: &str) -> Overflow {
    let (id, kind) = (shown_id(&board.objects[object].id), shown_id(kind));
    Overflow { origin: None, effect: None, what: format!("the {kind} counters on {id}"), past: Past::Numbers }
}

/// A name or id of the scenario as messages show it: in backticks, at most a short prefix.
fn shown_id(id: &str) -> String {
    format!("`{}`", crate::suggest::shown(id))
}

/// A token created under `player`'s control, who owns it (110.5a in 2011, 111.2 today), on the
/// battlefield with the characteristics its description defines: `token-1`, `token-2`… in the
/// order they are created, past any id the scenario gives.
fn new_token(board: &Board, player: usize, words: &str, timestamp: Timestamp) -> ObjectDef {
    let made = board.objects.iter().filter(|o| o.token).count();
    let id = (made + 1..).map(|n| format!("token-{n}")).find(|id| !board.ids.contains_key(id)).expect("an unused id");
    ObjectDef {
        id,
        owner: player,
        zone: Zone::Battlefield,
        printed: super::token::characteristics(words, player, &board.meanings),
        counters: Default::default(),
        damage: 0,
        deathtouched: false,
        attached_to: None,
        timestamp,
        attached_at: None,
        unmodelled: Vec::new(),
        token: true,
        ceased: false,
        x: None,
        tapped: false,
    }
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

fn add_counters(board: &mut Board, object: usize, kind: &str, count: i64) -> Result<(), TooLarge> {
    let n = board.objects[object].counters.entry(kind.to_string()).or_insert(0);
    *n = overflow::add(*n, count)?.max(0);
    Ok(())
}

/// 120.3: damage to a planeswalker removes loyalty counters (where the scenario counts them);
/// damage to a creature is marked on it, unless its source has wither or infect: then it is
/// −1/−1 counters, an event of its own (`damage::results`).
fn damage(
    board: &mut Board,
    chars: &[Characteristics],
    source: &Characteristics,
    to: usize,
    amount: i64,
) -> Result<(), TooLarge> {
    let target = &chars[to];
    if target.has_type("planeswalker") && board.objects[to].counters.contains_key("loyalty") {
        add_counters(board, to, "loyalty", overflow::sub(0, amount)?)?;
    }
    if !target.has_type("creature") {
        return Ok(());
    }
    if !as_counters(source) {
        let o = &mut board.objects[to];
        o.damage = overflow::add(o.damage, amount)?;
    }
    if source.has_keyword("deathtouch") {
        board.objects[to].deathtouched = true;
    }
    Ok(())
}

/// An object the events changed, as it is once they and the state-based actions are over: its
/// characteristics after the layers on that board, where it is, its counters and damage marked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ObjectAfter {
    #[serde(flatten)]
    pub object: ObjectAnswer,
    pub zone: Zone,
    pub counters: BTreeMap<String, i64>,
    pub damage: i64,
    /// A token: created by the events, or one of the scenario's.
    pub token: bool,
    /// A token that ceased to exist (704.5d), last seen in `zone`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ceased: bool,
    /// What `object` says, with the abilities' ids: what an expected outcome's `board` is
    /// checked against.
    #[serde(skip)]
    pub chars: Characteristics,
}

/// A player the events changed: life total (where the scenario gives one), poison counters,
/// whether they lost the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerAfter {
    pub name: String,
    pub life: Option<i64>,
    pub poison: i64,
    pub lost: bool,
}

/// The board after the events, as far as they changed it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct After {
    pub objects: Vec<ObjectAfter>,
    pub players: Vec<PlayerAfter>,
}

impl After {
    /// The objects and players of `after` that differ from `before`: moved, entered, created,
    /// given or rid of counters or damage, or changed by the layers (an anthem that left takes
    /// its bonus with it), each in the board's order.
    pub fn between(
        before: &Board,
        before_chars: &[Characteristics],
        after: &Board,
        after_chars: &[Characteristics],
    ) -> After {
        let objects = (0..after.objects.len())
            .filter(|&i| {
                let a = &after.objects[i];
                let Some(b) = before.objects.get(i) else { return true };
                a.zone != b.zone
                    || a.ceased != b.ceased
                    || a.counters != b.counters
                    || a.damage != b.damage
                    || a.timestamp != b.timestamp
                    || after_chars[i] != before_chars[i]
            })
            .map(|i| {
                let o = &after.objects[i];
                ObjectAfter {
                    object: object_answer(after, i, &after_chars[i]),
                    zone: o.zone,
                    counters: o.counters.iter().filter(|(_, n)| **n != 0).map(|(k, n)| (k.clone(), *n)).collect(),
                    damage: o.damage,
                    token: o.token,
                    ceased: o.ceased,
                    chars: after_chars[i].clone(),
                }
            })
            .collect();
        let players = (0..after.players.len())
            .filter(|&p| {
                after.life[p] != before.life[p]
                    || after.poison[p] != before.poison[p]
                    || after.lost[p] != before.lost[p]
            })
            .map(|p| PlayerAfter {
                name: after.players[p].clone(),
                life: after.life[p],
                poison: after.poison[p],
                lost: after.lost[p],
            })
            .collect();
        After { objects, players }
    }
}
