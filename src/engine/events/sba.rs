//! The state-based actions the events leave to perform (704): checked once the events and their
//! replacements are over (or on the board as the scenario gives it, when it has no events),
//! performed at the same time as one event (704.3), each as an event that replacement effects
//! see (a lethal-damage destruction can be regenerated, 704.5g), and checked again until none is
//! left. The legend rule asks its player to choose (704.5j): that choice comes before the
//! actions are performed, one group at a time (`legend_choice`).

use super::replacer::Env;
use crate::model::meanings::LEGEND_RULE_CHOICE;
use crate::model::pending::Event;
use crate::model::sba::Sba;
use crate::model::Zone;

/// The state-based actions to perform on this board; `kept`: the legendary permanents their
/// controllers chose to keep (`legend_choice`), one of each group.
pub fn check(env: &Env, kept: &[u16]) -> Vec<(Sba, Event)> {
    let board = &env.board;
    let mut found = Vec::new();
    for (player, life) in board.life.iter().enumerate() {
        if board.lost[player] {
            continue;
        }
        if let Some(life) = life.filter(|l| *l <= 0) {
            found.push((Sba::ZeroLife { life }, Event::LoseGame { player }));
        } else if board.drew_from_empty[player] {
            found.push((Sba::EmptyLibrary, Event::LoseGame { player }));
        } else if board.poison[player] >= 10 {
            found.push((Sba::Poisoned { poison: board.poison[player] }, Event::LoseGame { player }));
        }
    }
    for (object, o) in board.objects.iter().enumerate() {
        if o.zone != Zone::Battlefield {
            if o.token && !o.ceased {
                found.push((Sba::TokenElsewhere, Event::Cease { object }));
            }
            continue;
        }
        let c = &env.chars[object];
        let to_graveyard = |destroy: bool| Event::Move {
            object,
            from: Zone::Battlefield,
            to: Zone::Graveyard,
            position: None,
            destroy,
            no_regeneration: false,
        };
        let creature = c.has_type("creature").then_some(c.toughness).flatten();
        let loyalty = c.has_type("planeswalker").then(|| o.counters.get("loyalty").copied()).flatten();
        match creature {
            Some(toughness) if toughness <= 0 => found.push((Sba::ZeroToughness { toughness }, to_graveyard(false))),
            Some(toughness) if o.damage > 0 && o.damage >= toughness => {
                found.push((Sba::LethalDamage { damage: o.damage, toughness }, to_graveyard(true)))
            }
            Some(_) if o.deathtouched => found.push((Sba::Deathtouch, to_graveyard(true))),
            // Loyalty is checked only where the scenario counts it (a `loyalty` counter, even 0).
            _ if loyalty.is_some_and(|l| l <= 0) => found.push((Sba::ZeroLoyalty, to_graveyard(false))),
            _ => {}
        }
        let count = |kind: &str| o.counters.get(kind).copied().unwrap_or(0);
        let n = count("+1/+1").min(count("-1/-1"));
        if n > 0 {
            for kind in ["+1/+1", "-1/-1"] {
                found.push((Sba::Annihilation, Event::RemoveCounters { object, kind: kind.into(), count: n }));
            }
        }
    }
    attachments(env, &mut found);
    legend_rule(env, kept, &mut found);
    // Performed at the same time (704.3): listed by player in APNAP order, then by what they are
    // about, never by where the file lists the objects.
    let about = |e: &Event| match (e.object(), e.player()) {
        (Some(o), _) => board.objects[o].id.as_str(),
        (None, Some(p)) => board.players[p].as_str(),
        (None, None) => "",
    };
    found.sort_by(|(_, a), (_, b)| {
        (env.apnap_rank(env.chooser(a)), about(a)).cmp(&(env.apnap_rank(env.chooser(b)), about(b)))
    });
    found
}

fn to_graveyard(object: usize) -> Event {
    Event::Move {
        object,
        from: Zone::Battlefield,
        to: Zone::Graveyard,
        position: None,
        destroy: false,
        no_regeneration: false,
    }
}

/// Whether an object is already put somewhere by an action found: it goes once (704.3).
fn moving(found: &[(Sba, Event)], object: usize) -> bool {
    found.iter().any(|(_, e)| matches!(e, Event::Move { object: o, .. } if *o == object))
}

/// 704.5m–n: Auras, Equipment and Fortifications not legally attached (`Env::attachment_fault`).
fn attachments(env: &Env, found: &mut Vec<(Sba, Event)>) {
    for object in 0..env.board.objects.len() {
        if env.board.objects[object].zone != Zone::Battlefield {
            continue;
        }
        let c = &env.chars[object];
        if c.has_subtype("aura") {
            if let Some((why, protection)) = env.attachment_fault(object) {
                if !moving(found, object) {
                    found.push((Sba::IllegalAura { why, protection }, to_graveyard(object)));
                }
            }
        } else if c.has_subtype("equipment") || c.has_subtype("fortification") {
            let fault = env.board.objects[object].attached_to.and_then(|_| env.attachment_fault(object));
            if let Some((why, protection)) = fault {
                found.push((Sba::IllegalAttachment { why, protection }, Event::Unattach { object }));
            }
        }
    }
}

/// The groups the legend rule finds, each listed by object id (the file's order decides
/// nothing): legendary permanents with the same name controlled by one player (since 2013), or
/// on the battlefield (2011). Groups are in APNAP order of their controller, then by name.
pub fn legend_groups(env: &Env) -> Vec<(usize, String, Vec<u16>)> {
    let board = &env.board;
    let per_player = board.meanings.holds(LEGEND_RULE_CHOICE);
    let mut groups: Vec<(usize, String, Vec<u16>)> = Vec::new();
    for (object, o) in board.objects.iter().enumerate() {
        let c = &env.chars[object];
        if o.zone != Zone::Battlefield || !c.has_supertype("legendary") {
            continue;
        }
        let controller = if per_player { c.controller } else { 0 };
        match groups.iter_mut().find(|(p, name, _)| *p == controller && *name == c.name) {
            Some((_, _, members)) => members.push(object as u16),
            None => groups.push((controller, c.name.clone(), vec![object as u16])),
        }
    }
    groups.retain(|(_, _, members)| members.len() > 1);
    for (_, _, members) in &mut groups {
        members.sort_by(|a, b| board.objects[*a as usize].id.cmp(&board.objects[*b as usize].id));
    }
    groups.sort_by(|a, b| (env.apnap_rank(a.0), &a.1).cmp(&(env.apnap_rank(b.0), &b.1)));
    groups
}

/// The next legend-rule choice to make before the actions are performed (since 2013): the
/// player, and the permanents they choose one of to keep; `None` when every group has its kept
/// permanent in `kept`, or under the rules of 2011, where nobody chooses.
pub fn legend_choice(env: &Env, kept: &[u16]) -> Option<(usize, Vec<u16>)> {
    if !env.board.meanings.holds(LEGEND_RULE_CHOICE) {
        return None;
    }
    legend_groups(env)
        .into_iter()
        .find(|(_, _, members)| !members.iter().any(|m| kept.contains(m)))
        .map(|(player, _, members)| (player, members))
}

/// 704.5j: the rest of each group go to the graveyard, the kept one stays; under the rules of
/// 2011 (704.5k) all of them go.
fn legend_rule(env: &Env, kept: &[u16], found: &mut Vec<(Sba, Event)>) {
    let choice = env.board.meanings.holds(LEGEND_RULE_CHOICE);
    for (_, name, members) in legend_groups(env) {
        let keep = members.iter().copied().find(|m| choice && kept.contains(m));
        if choice && keep.is_none() {
            continue;
        }
        let kept_id = keep.map(|k| env.board.objects[k as usize].id.clone());
        for m in members.iter().map(|m| *m as usize).filter(|m| Some(*m as u16) != keep) {
            if !moving(found, m) {
                found.push((Sba::Legend { name: name.clone(), kept: kept_id.clone() }, to_graveyard(m)));
            }
        }
    }
}
