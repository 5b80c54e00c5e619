//! An outcome of the events in words: the choices that lead to it and what happens in the end.

use super::inline::Line;
use super::names::Names;
use crate::engine::events::{Choice, Outcome};

/// "Bob applies Furnace of Rath before `shield`": one choice of 616.1.
pub fn choice(c: &Choice, names: &Names) -> Line {
    let mut line = Line::new();
    if c.of_event {
        // 615.7: the choice is of the damage a shield prevents first, not of an effect.
        line.text(format!("{} has the shield meet {} first", c.player, c.chose));
        return line;
    }
    // A payment's choice says itself ("to pay 2 life for …"); the legend rule's is of the
    // permanent kept (704.5j).
    match c.concept {
        "pay-life" => {
            line.text(format!("{} chooses {}", c.player, c.chose));
            return line;
        }
        "sba-legend" => {
            line.text(format!("{} keeps ", c.player)).append(&names.object(&c.chose));
            return line;
        }
        _ => {}
    }
    line.text(format!("{} applies ", c.player)).append(&names.effect(&c.chose));
    let others: Vec<String> = c.among.iter().filter(|a| **a != c.chose).cloned().collect();
    if !others.is_empty() {
        line.text(" before ").list(&names.effects(&others));
    }
    if c.fixed {
        line.text(", as the scenario fixes");
    }
    line
}

/// Every choice of an outcome, in the order they are made.
pub fn choices(outcome: &Outcome, names: &Names) -> Line {
    let mut line = Line::new();
    for (i, c) in outcome.choices.iter().enumerate() {
        if i > 0 {
            line.text(", then ");
        }
        line.append(&choice(c, names));
    }
    line
}

/// What happens in the end, and what is left of the effects that can be used up.
pub fn result(outcome: &Outcome, names: &Names) -> Line {
    let mut line = Line::new();
    match (outcome.result.is_empty(), outcome.of_events) {
        (false, _) => line.text(outcome.result.join(", then ")),
        (true, true) => line.text("nothing happens"),
        // No event: the state-based actions are all there is.
        (true, false) => &mut line,
    };
    if !outcome.then.is_empty() {
        let then = if outcome.result.is_empty() && !outcome.of_events {
            "as state-based actions, "
        } else {
            "; then, as state-based actions, "
        };
        line.text(format!("{then}{}", outcome.then.join(", then ")));
    }
    for (effect, left) in &outcome.remaining {
        line.text("; ").append(&names.effect(effect)).text(format!(" is not used up: {left} left"));
    }
    line
}
