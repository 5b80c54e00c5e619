//! An exchange of control of two permanents (701.8 in 2011, 701.12 today), as a layer-2 effect.
//!
//! The exchange happens once, as the spell or ability resolves (701.12a): each of the two players
//! gains control of the permanent the other controlled at that moment (701.12b), and that
//! control-changing effect lasts, with the exchange's timestamp. So in layer 2 it gives each
//! object a fixed player, whoever controls them when it applies: who controlled them as it
//! resolved is stated by the scenario or found on the board before its timestamp (`settled`), and
//! an effect that began later, or one that has ended since, changes nothing of what it gives.

use super::layer::Layer;
use super::resolve::{run, Scope};
use super::world::World;
use crate::model::board::{Board, ResolvedEffect};
use crate::model::timestamp::Timestamp;
use crate::model::{ControlSpec, ExchangeSpec, Zone};
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// What the exchange does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exchange {
    /// Each object, with the controller it gets: the other one's as the exchange resolved.
    Swap([(usize, usize); 2]),
    /// Nothing happens, and why (in words naming ids in backquotes). `incomplete`: because the
    /// entire exchange can't be completed (701.12a); otherwise because one player controlled
    /// both (701.12b).
    Nothing { why: String, incomplete: bool },
}

/// What the exchange stamped `at` does: the same in every run of the layers, since it depends
/// only on the two objects and on who controlled them as it resolved.
pub fn outcome(board: &Board, at: Timestamp, exchange: &ExchangeSpec) -> Exchange {
    let objects = match exchanged(board, at, &exchange.objects) {
        Ok(objects) => objects,
        Err(why) => {
            return Exchange::Nothing {
                why: format!("{why}, so the entire exchange can't be completed and no part of it occurs"),
                incomplete: true,
            }
        }
    };
    let [cx, cy] = stated(board, exchange).unwrap_or_else(|| controllers_then(board, at, objects));
    if cx == cy {
        let player = board.players.get(cx).map_or("one player", String::as_str);
        let [a, b] = objects.map(|o| board.objects[o].id.as_str());
        return Exchange::Nothing {
            why: format!("{player} controlled both `{a}` and `{b}` as it resolved, so the exchange does nothing"),
            incomplete: false,
        };
    }
    let [x, y] = objects;
    Exchange::Swap([(x, cy), (y, cx)])
}

/// The two objects, when the exchange can be completed (701.12a): two different objects, both
/// there as it resolved (stamped before it) and still permanents. Otherwise why not.
fn exchanged(board: &Board, at: Timestamp, ids: &[String]) -> Result<[usize; 2], String> {
    let [a, b] = ids else {
        // Validation refuses this; the engine still must not panic on it.
        return Err("an exchange needs exactly two objects".into());
    };
    if a == b {
        return Err(format!("`{a}` cannot be exchanged with itself"));
    }
    let mut objects = [0; 2];
    for (slot, id) in objects.iter_mut().zip([a, b]) {
        let index = board.object_index(id).ok_or_else(|| format!("there is no `{id}`"))?;
        if board.objects[index].timestamp >= at {
            return Err(format!("`{id}` did not exist yet as it resolved"));
        }
        if board.objects[index].zone != Zone::Battlefield {
            return Err(format!("`{id}` is not on the battlefield"));
        }
        *slot = index;
    }
    Ok(objects)
}

/// The players the scenario or `settled` says controlled the two objects as the exchange resolved.
fn stated(board: &Board, exchange: &ExchangeSpec) -> Option<[usize; 2]> {
    match exchange.controlled.as_deref()? {
        [a, b] => Some([board.player_index(a)?, board.player_index(b)?]),
        _ => None,
    }
}

/// Who controlled the two objects just before `at`: the layers up to layer 2 on the objects and
/// effects with earlier timestamps (the board as the exchange found it when it resolved).
fn controllers_then(board: &Board, at: Timestamp, objects: [usize; 2]) -> [usize; 2] {
    let mut locked = FxHashMap::default();
    let (then, _) = run(board, Scope::Before { cutoff: at, last: Layer::Control }, &mut locked);
    objects.map(|o| then.objects[o].controller)
}

/// The board with every exchange of control that does not say who controlled its objects as it
/// resolved told the players found on the board before its timestamp: found once, rather than on
/// every run of the layers ([`outcome`] finds them the same way when they are not told). The
/// board itself when there is none to tell.
pub fn settled(board: &Board) -> Cow<'_, Board> {
    if !board.resolved.iter().any(unsettled) {
        return Cow::Borrowed(board);
    }
    let mut board = board.clone();
    settle(&mut board);
    Cow::Owned(board)
}

/// Earlier exchanges first, since a later one finds what they did.
fn settle(board: &mut Board) {
    let mut order: Vec<usize> = (0..board.resolved.len()).filter(|i| unsettled(&board.resolved[*i])).collect();
    order.sort_by_key(|i| board.resolved[*i].timestamp);
    for i in order {
        let effect = &board.resolved[i];
        let Some(spec) = effect.body.control.as_ref().and_then(ControlSpec::exchange) else { continue };
        // One that can't be completed never looks at controllers.
        let Ok(objects) = exchanged(board, effect.timestamp, &spec.objects) else { continue };
        let found = controllers_then(board, effect.timestamp, objects).map(|p| board.players[p].clone());
        let body = std::sync::Arc::make_mut(&mut board.resolved[i].body);
        if let Some(ControlSpec::Exchange(spec)) = &mut body.control {
            spec.controlled = Some(found.to_vec());
        }
    }
}

/// An exchange of control that does not say who controlled its objects as it resolved.
fn unsettled(effect: &ResolvedEffect) -> bool {
    effect.body.control.as_ref().and_then(ControlSpec::exchange).is_some_and(|e| e.controlled.is_none())
}

/// Applies the exchange: both objects change controller at once (701.12b: "simultaneously").
pub fn apply(world: &mut World, at: Timestamp, exchange: &ExchangeSpec) {
    if let Exchange::Swap(swaps) = outcome(world.board, at, exchange) {
        for (object, controller) in swaps {
            world.objects[object].controller = controller;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::layer::Layer;
    use crate::engine::resolve::{resolve, resolve_plainly, Resolution};
    use crate::engine::trace::{Reason, Stage, Step};

    /// Alice's Grizzly Bears and Bob's Hill Giant (the Giant where `giant_zone` says), more
    /// objects, and Switcheroo's exchange of the two at `exchange_at`, with more effects.
    fn board(giant_zone: &str, objects: &str, exchange_at: i64, effects: &str) -> crate::model::board::Board {
        with_exchange(giant_zone, objects, exchange_at, "[bears, giant]", effects)
    }

    /// As `board`, the exchange written `exchange` (a list, or a map stating controllers).
    fn with_exchange(
        giant_zone: &str,
        objects: &str,
        exchange_at: i64,
        exchange: &str,
        effects: &str,
    ) -> crate::model::board::Board {
        let text = format!(
            "title: exchange\nplayers: [{{name: Alice, active: true}}, {{name: Bob}}]\nobjects:\n  \
             - {{id: bears, name: Grizzly Bears, owner: Alice, types: [creature], power: 2, toughness: 2, timestamp: 1}}\n  \
             - {{id: giant, name: Hill Giant, owner: Bob, zone: {giant_zone}, types: [creature], colors: [red], power: 3, toughness: 3, timestamp: 2}}\n\
             {objects}effects:\n  \
             - {{id: switcheroo, text: Exchange control of two target creatures., controller: Alice, timestamp: {exchange_at}, effect: {{control: {{exchange: {exchange}}}}}}}\n\
             {effects}"
        );
        crate::scenario::read("exchange.yaml", &text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn controllers(board: &crate::model::board::Board, r: &Resolution) -> Vec<String> {
        r.characteristics.iter().map(|c| board.players[c.controller].clone()).collect()
    }

    fn exchange_step(r: &Resolution) -> &Step {
        r.steps.iter().find(|s| s.effect == "switcheroo").expect("the exchange has a step")
    }

    /// 701.12b: different controllers, each gains the other's permanent; the step applies to
    /// both objects and cites the exchange of control.
    #[test]
    fn different_controllers_swap() {
        let board = board("battlefield", "", 5, "");
        let r = resolve(&board);
        assert_eq!(controllers(&board, &r), ["Bob", "Alice"]);
        let step = exchange_step(&r);
        assert_eq!(step.stage, Stage::Layer(Layer::Control));
        assert_eq!(step.applies_to.names(&board), ["bears", "giant"]);
        assert_eq!(step.changes.len(), 2);
        assert!(step.concepts.contains(&"exchange-control") && !step.concepts.contains(&"exchange"));
        assert_eq!(step.note, None);
    }

    /// 701.12b: one player controls both (here by an earlier control effect): nothing happens.
    #[test]
    fn same_controller_does_nothing() {
        let steal = "  - {id: steal, text: Gain control of target creature., controller: Alice, timestamp: 3, effect: {affects: {objects: [giant]}, control: you}}\n";
        let board = board("battlefield", "", 5, steal);
        let r = resolve(&board);
        assert_eq!(controllers(&board, &r), ["Alice", "Alice"]);
        let step = exchange_step(&r);
        assert!(step.changes.is_empty());
        assert!(step.note.as_deref().is_some_and(|n| n.contains("Alice controlled both")), "{:?}", step.note);
        assert!(step.concepts.contains(&"exchange-control") && !step.concepts.contains(&"exchange"));
    }

    /// 701.12a: one of the two is not on the battlefield: no part of the exchange occurs, and
    /// the other permanent stays where it was.
    #[test]
    fn incomplete_exchange_does_nothing() {
        let board = board("graveyard", "", 5, "");
        let r = resolve(&board);
        assert_eq!(controllers(&board, &r), ["Alice", "Bob"]);
        let step = exchange_step(&r);
        assert!(step.changes.is_empty());
        assert!(step.note.as_deref().is_some_and(|n| n.contains("`giant` is not on the battlefield")));
        assert!(step.concepts.contains(&"exchange") && step.concepts.contains(&"exchange-control"));
    }

    /// 613.7 (timestamp order in layer 2): an earlier control effect applies first, and the
    /// exchange swaps the controllers it leaves. Alice stole Bob's Giant; Bob exchanges it with
    /// his Elves: the Giant goes back to Bob, the Elves to Alice.
    #[test]
    fn earlier_control_effect_then_exchange() {
        let text = "title: exchange\nplayers: [{name: Alice, active: true}, {name: Bob}]\nobjects:\n  \
             - {id: giant, name: Hill Giant, owner: Bob, types: [creature], power: 3, toughness: 3, timestamp: 1}\n  \
             - {id: elves, name: Llanowar Elves, owner: Bob, types: [creature], power: 1, toughness: 1, timestamp: 2}\n\
             effects:\n  \
             - {id: steal, text: Gain control of target creature., controller: Alice, timestamp: 3, effect: {affects: {objects: [giant]}, control: you}}\n  \
             - {id: switcheroo, text: Exchange control of two target creatures., controller: Bob, timestamp: 4, effect: {control: {exchange: [giant, elves]}}}\n";
        let board = crate::scenario::read("exchange.yaml", text).unwrap_or_else(|e| panic!("{e:?}"));
        let r = resolve(&board);
        assert_eq!(controllers(&board, &r), ["Bob", "Alice"]);
        let order: Vec<&str> = r.steps.iter().map(|s| s.effect.as_str()).collect();
        assert_eq!(order, ["steal", "switcheroo"]);
    }

    /// 613.7: a later control effect applies after the exchange and wins; the exchange does not
    /// wait for it (it reads the controllers as it found them).
    #[test]
    fn later_control_effect_wins() {
        let magic = "  - {id: magic, text: You control enchanted creature., controller: Bob, timestamp: 6, effect: {affects: {objects: [giant]}, control: you}}\n";
        let board = board("battlefield", "", 5, magic);
        let r = resolve(&board);
        assert_eq!(controllers(&board, &r), ["Bob", "Bob"]);
        let order: Vec<&str> = r.steps.iter().map(|s| s.effect.as_str()).collect();
        assert_eq!(order, ["switcheroo", "magic"]);
        assert!(matches!(&exchange_step(&r).reason, Reason::Timestamp { waiting, .. } if waiting.is_empty()));
    }

    /// 613.8a today: a static control effect whose set is read by controller depends on the
    /// exchange, which changes what it applies to; the trial applies both halves of the exchange
    /// at once and puts them back. The Tyrant existed as the exchange resolved, but took nothing
    /// then (Alice controlled no red creature): the exchange swapped the first controllers, and
    /// the Tyrant then takes the Giant, now Alice's.
    #[test]
    fn an_effect_that_reads_controllers_waits_for_the_exchange() {
        let tyrant = "  - id: tyrant\n    name: Tyrant\n    owner: Bob\n    types: [enchantment]\n    timestamp: 3\n    abilities:\n      - {id: tyrant-takes, text: Bob controls red creatures Alice controls., effect: {affects: {types: [creature], colors: [red], controller: Alice}, control: Bob}}\n";
        let board = board("battlefield", tyrant, 5, "");
        let r = resolve(&board);
        assert_eq!(controllers(&board, &r)[..2], ["Bob", "Bob"]);
        let layer_2: Vec<&Step> = r.steps.iter().filter(|s| s.stage == Stage::Layer(Layer::Control)).collect();
        assert_eq!(layer_2[0].effect, "switcheroo");
        assert_eq!(layer_2[0].changes.len(), 2);
        assert!(matches!(&layer_2[0].reason, Reason::Timestamp { waiting, .. } if waiting[0].effect == "tyrant-takes"));
        assert_eq!(layer_2[1].applies_to.names(&board), ["giant"]);
        assert_eq!(resolve_plainly(&board).characteristics, r.characteristics);
    }

    /// 701.12b: an earlier effect counts as it was when the exchange resolved. The Tyrant had
    /// given Bob the Bears: Bob controlled both, so the exchange does nothing, though in layer 2
    /// a trial would find the Bears Alice's before the Tyrant applies.
    #[test]
    fn an_earlier_effect_counts_as_the_exchange_found_it() {
        let tyrant = "  - id: tyrant\n    name: Tyrant\n    owner: Bob\n    types: [enchantment]\n    timestamp: 3\n    abilities:\n      - {id: tyrant-takes, text: Bob controls creatures Alice controls., effect: {affects: {types: [creature], controller: Alice}, control: Bob}}\n";
        let board = board("battlefield", tyrant, 5, "");
        let r = resolve(&board);
        assert_eq!(controllers(&board, &r)[..2], ["Bob", "Bob"]);
        let step = exchange_step(&r);
        assert!(step.changes.is_empty());
        assert!(step.note.as_deref().is_some_and(|n| n.contains("Bob controlled both")), "{:?}", step.note);
        assert_eq!(resolve_plainly(&board).characteristics, r.characteristics);
    }

    /// Bob's Hill Giant and Llanowar Elves, `objects`, and `effects`, among them an exchange.
    fn bobs_two(objects: &str, effects: &str) -> crate::model::board::Board {
        let text = format!(
            "title: exchange\nplayers: [{{name: Alice, active: true}}, {{name: Bob}}]\nobjects:\n  \
             - {{id: giant, name: Hill Giant, owner: Bob, types: [creature], power: 3, toughness: 3, timestamp: 1}}\n  \
             - {{id: elves, name: Llanowar Elves, owner: Bob, types: [creature], power: 1, toughness: 1, timestamp: 2}}\n\
             {objects}effects:\n{effects}"
        );
        crate::scenario::read("exchange.yaml", &text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// 701.12a–b: the exchange happened as it resolved, and lasts. Alice's Aura gave her the
    /// Giant then; a later copy effect (t7) has since made the Aura a blank enchantment, so its
    /// control effect is gone, but the exchange still gives the Giant back to Bob and the Elves
    /// to Alice: what it gives does not depend on effects that began after it.
    #[test]
    fn a_later_effect_does_not_change_what_it_gave() {
        let objects = "  - {id: steal, name: Steal, owner: Alice, types: [enchantment], subtypes: [aura], attached_to: giant, timestamp: 3, abilities: [{id: steal-takes, text: You control enchanted creature., effect: {affects: {attached: true}, control: you}}]}\n  \
             - {id: blank, name: Blank, owner: Bob, types: [enchantment], timestamp: 4}\n";
        let effects = "  - {id: switcheroo, text: Exchange control of two target creatures., controller: Alice, timestamp: 5, effect: {control: {exchange: [giant, elves]}}}\n  \
             - {id: blanking, text: Steal becomes a copy of Blank., controller: Bob, timestamp: 7, effect: {affects: {objects: [steal]}, copy: blank}}\n";
        let board = bobs_two(objects, effects);
        let r = resolve(&board);
        assert_eq!(controllers(&board, &r)[..2], ["Bob", "Alice"]);
        assert!(r.steps.iter().any(|s| s.effect == "steal-takes" && matches!(s.reason, Reason::NoLongerExists { .. })));
        assert_eq!(resolve_plainly(&board).characteristics, r.characteristics);
    }

    /// 701.12a–b: an effect that has ended since (Threaten, "until end of turn") is no longer on
    /// the board: the exchange says who controlled the two as it resolved, and gives each the
    /// other's. Written as a list instead, it would find both Bob's, and do nothing.
    #[test]
    fn stated_controllers_outlast_the_effect_that_gave_them() {
        let stated = "  - {id: switcheroo, text: Exchange control of two target creatures., controller: Alice, timestamp: 5, effect: {control: {exchange: {giant: Alice, elves: Bob}}}}\n";
        let board = bobs_two("", stated);
        let r = resolve(&board);
        assert_eq!(controllers(&board, &r), ["Bob", "Alice"]);
        assert_eq!(exchange_step(&r).changes.len(), 1, "the Giant was Bob's in layer 2 already");
        let listed = bobs_two("", &stated.replace("{giant: Alice, elves: Bob}", "[giant, elves]"));
        assert_eq!(controllers(&listed, &resolve(&listed)), ["Bob", "Bob"]);
    }

    /// `settled` writes into an exchange written as a list who controlled its objects as it
    /// resolved, and into one that can't be completed nothing; a board with nothing to settle is
    /// not copied.
    #[test]
    fn settling_states_the_controllers_found() {
        let spec = |board: &crate::model::board::Board| {
            board.resolved[0].body.control.as_ref().and_then(|c| c.exchange()).and_then(|e| e.controlled.clone())
        };
        let settled = |board: &crate::model::board::Board| spec(&super::settled(board));
        assert_eq!(spec(&board("battlefield", "", 5, "")), None, "the scenario says nothing");
        assert_eq!(settled(&board("battlefield", "", 5, "")), Some(vec!["Alice".to_string(), "Bob".to_string()]));
        assert_eq!(settled(&board("graveyard", "", 5, "")), None);
        let plain = board("battlefield", "", 5, "").resolved.into_iter().filter(|e| e.body.control.is_none()).collect();
        let plain = crate::model::board::Board { resolved: plain, ..board("battlefield", "", 5, "") };
        assert!(matches!(super::settled(&plain), std::borrow::Cow::Borrowed(_)));
    }

    /// 611.2c: a later spell's "creatures you control" is locked in on the board after the
    /// exchange: Alice's pump finds the Giant hers and the Bears Bob's.
    #[test]
    fn a_later_locked_set_sees_the_exchange() {
        let pump = "  - {id: pump, text: Creatures you control get +1/+1 until end of turn., controller: Alice, timestamp: 6, effect: {affects: {types: [creature], controller: you}, pt: {modify: [1, 1]}}}\n";
        let board = board("battlefield", "", 5, pump);
        for r in [resolve(&board), resolve_plainly(&board)] {
            let pt: Vec<Option<i64>> = r.characteristics.iter().map(|c| c.power).collect();
            assert_eq!(pt, [Some(2), Some(4)]);
        }
    }
}
