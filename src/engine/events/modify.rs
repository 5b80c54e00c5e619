//! What one replacement or prevention effect does to one event (614.6): the events that happen
//! instead, and how much of a shield it used.

use super::overflow::{self, TooLarge};
use super::replacer::{Env, Replacer};
use crate::engine::world::selector_matches;
use crate::model::pending::{EnteredAs, Event, Target};
use crate::model::{CounterNumber, EventKindSpec, InsteadSpec, PreventSpec, Quantity, RedirectSpec, Zone};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modified {
    /// The events that happen instead: none when the event is prevented or skipped entirely.
    pub events: Vec<Event>,
    /// How much of a limited effect this used: damage a shield prevented, 1 for "the next time".
    pub used: i64,
    pub note: Option<Note>,
    /// How many of `events`, at the end, are new events rather than the event modified: a
    /// prevention effect's additional effect (615.5), the second thing a replacement does. No
    /// effect has applied to them yet (614.5 is about the event modified).
    pub fresh: usize,
    /// The fresh events are the rest of what replaces the event, not an additional effect: they
    /// go with the first event if it is replaced in turn (`Pending::joined`).
    pub joins: bool,
}

/// What the trace says about an application beyond the event before and after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Note {
    Prevented {
        amount: i64,
    },
    /// 614.9: the new recipient cannot be dealt the damage; the effect does nothing.
    RedirectionFails {
        to: String,
        why: String,
    },
    /// The damage can't be prevented (615.11): the prevention effect prevents none of it. `by`:
    /// the effect that says so ("Damage can't be prevented"), when the event itself does not.
    CantBePrevented {
        #[serde(skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    /// The permanent can't be regenerated (701.11c): the regeneration effect does nothing.
    CantBeRegenerated,
    /// The event can no longer happen when its moment comes (614.7).
    Vanished {
        why: String,
    },
    /// A destroyed permanent sent to another zone instead is still being destroyed (701.6a in
    /// 2011, 701.8a today): these effects on its destruction still apply to it.
    StillDestroyed {
        still: Vec<String>,
    },
    /// The event replaced was one of two things a replacement does instead: what replaces it
    /// replaces the other too (a regeneration replaces the whole destruction, 614.8).
    TakesWith {
        events: Vec<String>,
    },
    /// "You may pay 2 life. If you don't, …": `player` paid, and the rest of the effect does
    /// not apply. `life_not_given`: the scenario gives no life total, taken as enough (119.4).
    Paid {
        player: String,
        life: i64,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        life_not_given: bool,
    },
    /// `player` did not pay, and the rest of the effect applies; `cannot`: why they could not.
    Declined {
        player: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        cannot: Option<String>,
    },
    /// 614.12 since 2017: the entering permanent's own abilities that would have modified how it
    /// enters, and the existing effects that took them as it would exist on the battlefield.
    LostOnEntering {
        lost: Vec<super::look_ahead::Lost>,
    },
}

/// `Err` when the event's number as modified is past the range the engine holds.
pub fn modify(env: &Env, effect: u16, event: &Event, left: i64) -> Result<Modified, TooLarge> {
    let r = &env.replacers[effect as usize];
    let s = &r.spec;
    let unchanged = |events: Vec<Event>| Modified { events, used: 0, note: None, fresh: 0, joins: false };
    let number = event.number().unwrap_or(0);
    if let Some(payment) = r.payment.filter(|p| p.paid) {
        return Ok(paid(env, r, event, payment.life));
    }
    let mut out = if let (Event::Enter { .. }, Some(EventKindSpec::Counters)) = (event, s.event) {
        unchanged(vec![entering_counters(r, event)?])
    } else if let Some(n) = s.multiply {
        match event {
            // "Draw two cards instead": an instruction to draw, which is then drawn card by card.
            Event::Draw { player } => unchanged(vec![Event::Draws { player: *player, cards: n }]),
            _ => unchanged(vec![event.with_number(overflow::mul(number, n)?)]),
        }
    } else if let Some(n) = s.add {
        unchanged(vec![event.with_number(overflow::add(number, n)?)])
    } else if let Some(by) = (s.prevent.is_some() || s.shield.is_some()).then(|| env.cant_be_prevented(event)).flatten()
    {
        // 615.11: the prevention effect applies, prevents nothing, and a shield is not reduced;
        // its additional effect still happens.
        let mut events = vec![event.clone()];
        let also = also(env, r, event, 0);
        let fresh = also.len();
        events.extend(also);
        Modified { events, used: 0, note: Some(Note::CantBePrevented { by }), fresh, joins: false }
    } else if let Some(prevent) = s.prevent {
        let amount = match prevent {
            PreventSpec::All => number,
            PreventSpec::Amount(n) => n.min(number),
        };
        prevented(env, r, event, number, amount)
    } else if s.shield.is_some() {
        let amount = left.min(number);
        Modified { used: amount, ..prevented(env, r, event, number, amount) }
    } else if s.regenerate && matches!(event, Event::Move { no_regeneration: true, .. }) {
        // 701.11c: the shield has no effect, and is not used.
        Modified { events: vec![event.clone()], used: 0, note: Some(Note::CantBeRegenerated), fresh: 0, joins: false }
    } else if s.regenerate {
        let object = event.object().expect("a destruction has an object");
        unchanged(vec![Event::Regenerate { object }])
    } else if let Some(to) = &s.redirect {
        redirect(env, r, event, to, left)
    } else if let Some(zone) = s.zone {
        and_also(env, r, event, vec![sent_elsewhere(r, event, zone)])
    } else if s.skip {
        unchanged(Vec::new())
    } else if let Some(instead) = &s.instead {
        and_also(env, r, event, instead_events(env, r, instead, event))
    } else {
        enters(env, effect, event)?
    };
    if r.payment.is_some() {
        let player = env.board.players[r.effect.controller].clone();
        out.note = Some(Note::Declined { player, cannot: env.can_pay(r).err() });
    }
    // A "next time" effect is used up when it applies, not when it does nothing (614.9).
    if r.spec.once
        && !matches!(
            out.note,
            Some(Note::RedirectionFails { .. } | Note::CantBePrevented { .. } | Note::CantBeRegenerated)
        )
    {
        out.used = 1;
    }
    Ok(out)
}

/// The payment made: the event goes on unchanged by the effect, and the player loses the life
/// paid (119.4 today: paying life is losing it), a new event.
fn paid(env: &Env, r: &Replacer, event: &Event, life: i64) -> Modified {
    let player = r.effect.controller;
    let note = Note::Paid {
        player: env.board.players[player].clone(),
        life,
        life_not_given: env.board.life[player].is_none(),
    };
    let events = vec![event.clone(), Event::LoseLife { player, amount: life }];
    Modified { events, used: 0, note: Some(note), fresh: 1, joins: false }
}

/// A zone change sent to `zone` instead. An effect that watches where the object goes ("would be
/// put into a graveyard", "would die") changes only that: a destruction stays a destruction
/// (701.6a in 2011, 701.8a today: to destroy is to move to the graveyard), which regeneration can
/// still replace when the process of 616.1 is repeated (616.1d in 2011, 616.1f today). An effect
/// that watches the destruction itself replaces it whole.
fn sent_elsewhere(r: &Replacer, event: &Event, zone: Zone) -> Event {
    let Event::Move { object, from, destroy, no_regeneration, .. } = *event else {
        return event.clone();
    };
    let still_destroyed = destroy && r.spec.event != Some(EventKindSpec::Destroy);
    Event::Move {
        object,
        from,
        to: zone,
        position: r.spec.position.filter(|_| zone == Zone::Library),
        destroy: still_destroyed,
        no_regeneration: still_destroyed && no_regeneration,
    }
}

/// The events of an `instead`, for the player the watched event happens to, or for each player
/// it names, in APNAP order (121.2c).
fn instead_events(env: &Env, r: &Replacer, instead: &InsteadSpec, event: &Event) -> Vec<Event> {
    let number = event.number().unwrap_or(0);
    let n = |q: Quantity| match q {
        Quantity::Fixed(n) => n,
        Quantity::ThatMany => number,
    };
    let mut players: Vec<usize> = match (&instead.players, instead.to.as_deref()) {
        // 615.5 (Deflecting Palm): the controller of the source of the damage watched.
        (_, Some("source_controller")) => match event {
            Event::Damage { source, .. } => vec![env.chars[*source].controller],
            _ => vec![env.player_named("that_player", r, event)],
        },
        (_, Some(who)) => vec![env.player_named(who, r, event)],
        (None, None) => vec![env.player_named("that_player", r, event)],
        (Some(names), None) => names.iter().map(|who| env.player_named(who, r, event)).collect(),
    };
    players.sort_by_key(|p| env.apnap_rank(*p));
    players.dedup();
    players
        .into_iter()
        .map(|player| {
            if let Some(q) = instead.draw {
                Event::Draws { player, cards: n(q) }
            } else if let Some(q) = instead.gain_life {
                Event::GainLife { player, amount: n(q) }
            } else if let Some(q) = instead.lose_life {
                Event::LoseLife { player, amount: n(q) }
            } else if let (Some(c), Some(object)) = (&instead.counters, event.object()) {
                Event::Counters { object, kind: c.kind.clone(), count: n(c.count) }
            } else if let Some(t) = &instead.tokens {
                Event::Tokens { player, count: n(t.count), token: t.token.clone() }
            } else if let (Some(q), Some(source)) = (instead.damage, r.effect.source) {
                Event::Damage { source, to: Target::Player(player), amount: n(q), combat: false, unpreventable: false }
            } else {
                Event::Action { player, text: instead.action.clone().unwrap_or_default() }
            }
        })
        .collect()
}

/// A replacement that does two things instead ("exile that card and create a 2/2 black Zombie
/// creature token"): the first, `events`, replaces the event; the second, `also`, is new events
/// right after, `that_many` being the event's number.
fn and_also(env: &Env, r: &Replacer, event: &Event, mut events: Vec<Event>) -> Modified {
    let also = also(env, r, event, event.number().unwrap_or(0));
    let fresh = also.len();
    events.extend(also);
    Modified { events, used: 0, note: None, fresh, joins: true }
}

/// 615.5: the damage left happens at the time the original event would have, the additional
/// effect immediately afterward.
fn prevented(env: &Env, r: &Replacer, event: &Event, number: i64, amount: i64) -> Modified {
    let rest = number - amount;
    let mut events = if rest > 0 { vec![event.with_number(rest)] } else { Vec::new() };
    let also = also(env, r, event, amount);
    let fresh = also.len();
    events.extend(also);
    Modified { events, used: 0, note: Some(Note::Prevented { amount }), fresh, joins: false }
}

/// A prevention effect's additional effect, `that_many` being the damage it prevented.
fn also(env: &Env, r: &Replacer, event: &Event, prevented: i64) -> Vec<Event> {
    match &r.spec.also {
        // An event of nothing does not happen (614.7): "gain that much life" after none prevented.
        Some(also) => {
            instead_events(env, r, also, &event.with_number(prevented)).into_iter().filter(|e| !e.is_empty()).collect()
        }
        None => Vec::new(),
    }
}

/// 614.9: the damage is dealt to another creature, planeswalker or player instead; with
/// `up_to`, only what is left of the next N damage, the rest to the first one.
fn redirect(env: &Env, r: &Replacer, event: &Event, to: &RedirectSpec, left: i64) -> Modified {
    let board = &env.board;
    let target = match redirect_target(env, r, to) {
        Ok(target) => target,
        Err(why) => {
            let note = Note::RedirectionFails { to: "the object it names".into(), why };
            return Modified { events: vec![event.clone()], used: 0, note: Some(note), fresh: 0, joins: false };
        }
    };
    let Event::Damage { source, to: first, amount, combat, unpreventable } = event else {
        return Modified { events: vec![event.clone()], used: 0, note: None, fresh: 0, joins: false };
    };
    if env.can_be_dealt_damage(target) {
        let moved = if r.spec.up_to.is_some() { left.min(*amount) } else { *amount };
        let damage = |to: Target, amount: i64| Event::Damage {
            source: *source,
            to,
            amount,
            combat: *combat,
            unpreventable: *unpreventable,
        };
        let mut events = vec![damage(target, moved)];
        if moved < *amount {
            events.push(damage(*first, amount - moved));
        }
        return Modified { events, used: moved, note: None, fresh: 0, joins: false };
    }
    let why = match target {
        Target::Object(o) if board.objects[o].zone != crate::model::Zone::Battlefield => {
            "it is not on the battlefield".to_string()
        }
        _ => "it is no longer a creature or planeswalker".to_string(),
    };
    let to = match target {
        Target::Object(o) => env.chars[o].name.clone(),
        Target::Player(p) => board.players[p].clone(),
    };
    Modified {
        events: vec![event.clone()],
        used: 0,
        note: Some(Note::RedirectionFails { to, why }),
        fresh: 0,
        joins: false,
    }
}

/// The object or player a redirection names; a selector must name exactly one permanent.
fn redirect_target(env: &Env, r: &Replacer, to: &RedirectSpec) -> Result<Target, String> {
    let board = &env.board;
    match to {
        // The validator has checked that the name is an object's or a player's.
        RedirectSpec::To(name) => Ok(match (board.object_index(name), board.player_index(name)) {
            (Some(o), _) => Target::Object(o),
            (None, Some(p)) => Target::Player(p),
            (None, None) => Target::Player(r.effect.controller),
        }),
        RedirectSpec::Selector(s) => {
            let on_battlefield = crate::model::SelectorSpec { zone: Some(Zone::Battlefield), ..(**s).clone() };
            let named: Vec<usize> = (0..board.objects.len())
                .filter(|o| board.objects[*o].zone == Zone::Battlefield)
                .filter(|o| selector_matches(board, &on_battlefield, *o, Zone::Battlefield, &env.chars[*o], &r.effect))
                .collect();
            match named.as_slice() {
                [one] => Ok(Target::Object(*one)),
                [] => Err("no permanent is the one it names".into()),
                more => Err(format!("{} permanents match what it names", more.len())),
            }
        }
    }
}

/// 121.5: the counters a permanent enters with are counters put on it: "that many" is each
/// kind's number.
fn entering_counters(r: &Replacer, event: &Event) -> Result<Event, TooLarge> {
    let mut e = event.clone();
    if let Event::Enter { counters, .. } = &mut e {
        for (kind, n) in counters.iter_mut() {
            if r.spec.counter.as_ref().is_some_and(|k| !k.eq_ignore_ascii_case(kind)) || *n <= 0 {
                continue;
            }
            *n = match (r.spec.multiply, r.spec.add) {
                (Some(m), _) => overflow::mul(*n, m)?,
                (None, Some(a)) => overflow::add(*n, a)?,
                (None, None) => *n,
            };
        }
    }
    Ok(e)
}

/// 614.1c–d: tapped, with counters, under someone's control, as a copy (706.5).
fn enters(env: &Env, effect: u16, event: &Event) -> Result<Modified, TooLarge> {
    let r = &env.replacers[effect as usize];
    let mut e = event.clone();
    if let Event::Enter { tapped, counters, controller, copy, .. } = &mut e {
        if let Some(of) = r.spec.copy.as_ref().and_then(|c| env.board.object_index(&c.of)) {
            *copy = Some(EnteredAs { of, by: Some(effect) });
        }
        *tapped |= r.spec.tapped;
        for (kind, n) in &r.spec.counters {
            let n = match n {
                CounterNumber::Fixed(n) => *n,
                // The scenario gives X for every object that enters with X counters
                // (`validate_events.rs`); none was cast otherwise, and X is then 0 (107.3m).
                CounterNumber::X => event.object().and_then(|o| env.board.objects[o].x).unwrap_or(0),
            };
            // No counters are no counters put on it (122.6): nothing for another effect to add to.
            if n == 0 {
                continue;
            }
            let c = counters.entry(kind.clone()).or_insert(0);
            *c = overflow::add(*c, n)?;
        }
        match r.spec.control.as_deref() {
            Some("you") => *controller = r.effect.controller,
            Some(name) => *controller = env.board.player_index(name).unwrap_or(*controller),
            None => {}
        }
    }
    Ok(Modified { events: vec![e], used: 0, note: None, fresh: 0, joins: false })
}

#[cfg(test)]
mod tests {
    use super::super::replacer::Env;
    use super::modify;
    use crate::engine::resolve::resolve;
    use crate::model::pending::Event;
    use crate::model::Zone;

    /// Bob's Grizzly Bears, Alice's effect sending it to exile instead, watching `watches`
    /// (`{event: move, to: graveyard}` or `{event: destroy}`), and the event `event`; the event as
    /// that effect modifies it.
    fn sent_to_exile(watches: &str, event: &str) -> Event {
        let text = format!(
            "title: exile instead\nplayers: [{{name: Alice, active: true}}, {{name: Bob}}]\nobjects:\n  \
             - {{id: bears, name: Grizzly Bears, owner: Bob, types: [creature], power: 2, toughness: 2}}\n\
             effects:\n  \
             - {{id: exile, text: Exile it instead., controller: Alice, timestamp: 5, \
             effect: {{replacement: {{{watches}, object: {{objects: [bears]}}, zone: exile}}}}}}\n\
             events:\n  - {event}\n"
        );
        let board = crate::scenario::read("exile.yaml", &text).unwrap_or_else(|e| panic!("{e:?}"));
        let env = Env::new(&board, &resolve(&board));
        let modified = modify(&env, 0, &board.events[0].event, 0).expect("in range");
        assert_eq!(modified.events.len(), 1);
        modified.events[0].clone()
    }

    fn destroyed(event: &Event) -> (Zone, bool, bool) {
        match event {
            Event::Move { to, destroy, no_regeneration, .. } => (*to, *destroy, *no_regeneration),
            other => panic!("a zone change, not {other:?}"),
        }
    }

    /// 701.8a: Rest in Peace changes where a destroyed permanent goes; it is still destroyed, and
    /// still can't be regenerated.
    #[test]
    fn a_destruction_sent_elsewhere_is_still_a_destruction() {
        let exiled = sent_to_exile("event: move, to: graveyard", "destroy: {object: bears, no_regeneration: true}");
        assert_eq!(destroyed(&exiled), (Zone::Exile, true, true));
    }

    /// An effect on the destruction itself ("if it would be destroyed, exile it instead")
    /// replaces it whole: what happens instead is no destruction.
    #[test]
    fn an_effect_on_the_destruction_replaces_it_whole() {
        let exiled = sent_to_exile("event: destroy", "destroy: {object: bears, no_regeneration: true}");
        assert_eq!(destroyed(&exiled), (Zone::Exile, false, false));
    }

    /// A permanent put into the graveyard otherwise (sacrificed) is not destroyed, in exile either.
    #[test]
    fn a_move_sent_elsewhere_stays_a_move() {
        let exiled = sent_to_exile("event: move, to: graveyard", "move: {object: bears, to: graveyard}");
        assert_eq!(destroyed(&exiled), (Zone::Exile, false, false));
    }
}
