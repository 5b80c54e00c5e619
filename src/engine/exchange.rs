//! An exchange of control of two permanents (701.8 in 2011, 701.12 today), as a layer-2 effect.
//!
//! The players exchanged are the controllers the two objects have when the effect applies in
//! layer 2, that is after the control effects with earlier timestamps (613.7 today): the board as
//! the exchange found it when it resolved. A later control effect applies after it and wins.

use super::world::World;
use crate::model::Zone;

/// What the exchange does on the board as it stands in layer 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exchange {
    /// Each object, with the controller it gets: the other one's.
    Swap([(usize, usize); 2]),
    /// Nothing happens, and why (in words naming ids in backquotes). `incomplete`: because the
    /// entire exchange can't be completed (701.12a); otherwise because one player controls both
    /// (701.12b).
    Nothing { why: String, incomplete: bool },
}

/// The exchange between the objects `ids` names, as the board stands now.
pub fn outcome(world: &World, ids: &[String]) -> Exchange {
    let incomplete = |why: String| Exchange::Nothing {
        why: format!("{why}, so the entire exchange can't be completed and no part of it occurs"),
        incomplete: true,
    };
    let [a, b] = ids else {
        // Validation refuses this; the engine still must not panic on it.
        return incomplete("an exchange needs exactly two objects".into());
    };
    if a == b {
        return incomplete(format!("`{a}` cannot be exchanged with itself"));
    }
    let mut objects = [0; 2];
    for (slot, id) in objects.iter_mut().zip([a, b]) {
        let Some(index) = world.board.object_index(id) else {
            return incomplete(format!("there is no `{id}`"));
        };
        if !world.present[index] {
            return incomplete(format!("`{id}` did not exist yet"));
        }
        if world.zone(index) != Zone::Battlefield {
            return incomplete(format!("`{id}` is not on the battlefield"));
        }
        *slot = index;
    }
    let [x, y] = objects;
    let (cx, cy) = (world.objects[x].controller, world.objects[y].controller);
    if cx == cy {
        let player = world.board.players.get(cx).map_or("one player", String::as_str);
        return Exchange::Nothing {
            why: format!("{player} controls both `{a}` and `{b}`, so the exchange does nothing"),
            incomplete: false,
        };
    }
    Exchange::Swap([(x, cy), (y, cx)])
}

/// Applies the exchange: both objects change controller at once (701.12b: "simultaneously").
pub fn apply(world: &mut World, ids: &[String]) {
    if let Exchange::Swap(swaps) = outcome(world, ids) {
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
    fn board(giant_zone: &str, objects: &str, exchange_at: i64, effects: &str) -> crate::engine::board::Board {
        let text = format!(
            "title: exchange\nplayers: [{{name: Alice, active: true}}, {{name: Bob}}]\nobjects:\n  \
             - {{id: bears, name: Grizzly Bears, owner: Alice, types: [creature], power: 2, toughness: 2, timestamp: 1}}\n  \
             - {{id: giant, name: Hill Giant, owner: Bob, zone: {giant_zone}, types: [creature], power: 3, toughness: 3, timestamp: 2}}\n\
             {objects}effects:\n  \
             - {{id: switcheroo, text: Exchange control of two target creatures., controller: Alice, timestamp: {exchange_at}, effect: {{control: {{exchange: [bears, giant]}}}}}}\n\
             {effects}"
        );
        crate::scenario::read("exchange.yaml", &text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn controllers(board: &crate::engine::board::Board, r: &Resolution) -> Vec<String> {
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
        assert!(step.note.as_deref().is_some_and(|n| n.contains("Alice controls both")), "{:?}", step.note);
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
    /// at once and puts them back, and the real exchange still swaps the first controllers.
    #[test]
    fn an_effect_that_reads_controllers_waits_for_the_exchange() {
        let tyrant = "  - id: tyrant\n    name: Tyrant\n    owner: Bob\n    types: [enchantment]\n    timestamp: 3\n    abilities:\n      - {id: tyrant-takes, text: Bob controls creatures Alice controls., effect: {affects: {types: [creature], controller: Alice}, control: Bob}}\n";
        let board = board("battlefield", tyrant, 5, "");
        let r = resolve(&board);
        // The exchange first (Bears to Bob, Giant to Alice), then the Giant, now Alice's, to Bob.
        assert_eq!(controllers(&board, &r)[..2], ["Bob", "Bob"]);
        let layer_2: Vec<&Step> = r.steps.iter().filter(|s| s.stage == Stage::Layer(Layer::Control)).collect();
        assert_eq!(layer_2[0].effect, "switcheroo");
        assert!(matches!(&layer_2[0].reason, Reason::Timestamp { waiting, .. } if waiting[0].effect == "tyrant-takes"));
        assert_eq!(layer_2[1].applies_to.names(&board), ["giant"]);
        assert_eq!(resolve_plainly(&board).characteristics, r.characteristics);
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
