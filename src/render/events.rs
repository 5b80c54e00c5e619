//! The replacement step in words: why each effect applied when it did, each outcome's choices,
//! shared by `judge resolve` and `judge ruling`.

use crate::cite::Citer;
use crate::engine::describe;
use crate::engine::events::board_after::{After, ObjectAfter};
use crate::engine::events::describe as events_describe;
use crate::engine::events::explore::Tier;
use crate::engine::events::modify::Note;
use crate::engine::events::trace::{Action, EventStep, Why};
use crate::engine::events::Outcome;
use crate::model::Zone;

/// Why the step happened as it did, with what changed around it; `of_events`: whether the
/// scenario has events (without, a state-based action is checked as a player would receive
/// priority, 704.3).
pub fn sentence(step: &EventStep, of_events: bool) -> String {
    let mut text = match (&step.action, &step.why) {
        (Action::Happens, _) if step.concepts.contains(&"replacement-never-happens") => {
            "no effect is left to apply: the modified event happens".to_string()
        }
        (Action::Happens, _) => "no effect applies: the event happens".to_string(),
        (Action::Cannot, _) if !step.after.is_empty() => {
            "the counters can't be put on it: it enters without them, a \"can't\" effect wins".to_string()
        }
        (Action::Cannot, _) => "the event can't happen: a \"can't\" effect wins".to_string(),
        (Action::First, Some(Why::Chosen { by, among, .. })) => {
            let effect = step.effect.as_deref().unwrap_or("the effect");
            format!("{by} chooses which of these events {effect} meets first: {}", among.join(", "))
        }
        (Action::First, _) => "this event meets the shield first".to_string(),
        (Action::Vanishes, _) => "the event does not happen".to_string(),
        (Action::StateBased, _) if !of_events => {
            "a player would receive priority: a state-based action, performed with any others as one event".to_string()
        }
        (Action::StateBased, _) => {
            "the events are over: a state-based action, performed with any others as one event".to_string()
        }
        (Action::Applied, Some(Why::Only)) | (Action::Applied, None) => {
            "the only effect that applies to the event".to_string()
        }
        (Action::Applied, Some(Why::Forced { tier, waiting })) => {
            format!("{} must be applied first; waiting: {}", tier_phrase(*tier), waiting.join(", "))
        }
        (Action::Applied, Some(Why::Chosen { by, tier: Tier::Pay, .. })) => {
            format!("{by} chooses whether to pay")
        }
        (Action::Applied, Some(Why::Chosen { by, tier, among, fixed })) => {
            let first = match tier {
                Tier::Any => String::new(),
                t => format!(" ({} go first)", tier_phrase(*t)),
            };
            let fixed = if *fixed { ", as the scenario fixes" } else { "" };
            // Several players choose for events of one moment: in APNAP order (616.1, 101.4).
            let order = if step.concepts.contains(&"apnap") { ", in APNAP order with the other players" } else { "" };
            format!("{by} chooses it among {}{first}{fixed}{order}", among.join(", "))
        }
    };
    match &step.note {
        Some(Note::Prevented { amount }) => text.push_str(&format!("; {amount} damage prevented")),
        Some(Note::RedirectionFails { to, why }) => {
            text.push_str(&format!("; it does nothing: {to} cannot be dealt the damage, {why}"))
        }
        Some(Note::Vanished { why }) => text.push_str(&format!(": {why}")),
        Some(Note::CantBePrevented { by }) => {
            text.push_str("; it prevents nothing: the damage can't be prevented");
            if let Some(by) = by {
                text.push_str(&format!(" ({by})"));
            }
        }
        Some(Note::CantBeRegenerated) => text.push_str("; it does nothing: the permanent can't be regenerated"),
        Some(Note::Paid { player, life, life_not_given }) => {
            text.push_str(&format!("; {player} pays {life} life, so the rest of it does not apply"));
            if *life_not_given {
                text.push_str(&format!(" ({player}'s life total is not given: a payment needs at least {life})"));
            }
        }
        Some(Note::Declined { player, cannot: None }) => {
            text.push_str(&format!("; {player} does not pay, so the rest of it applies"))
        }
        Some(Note::Declined { player, cannot: Some(why) }) => {
            text.push_str(&format!("; {player} cannot pay ({why}), so the rest of it applies"))
        }
        Some(Note::StillDestroyed { still }) => {
            let verb = if still.len() == 1 { "applies" } else { "apply" };
            text.push_str(&format!("; it is still destroyed, only elsewhere: {} still {verb}", still.join(", ")))
        }
        Some(Note::TakesWith { events }) => text.push_str(&format!(
            "; the rest of that replacement goes with it, so this does not happen: {}",
            events.join(", ")
        )),
        Some(Note::LostOnEntering { lost }) => {
            for l in lost {
                text.push_str(&format!(
                    "; its own \"{}\" does not apply: {} already took it, as it would exist on the battlefield",
                    l.ability, l.by
                ));
            }
        }
        None => {}
    }
    for s in &step.stopped {
        match step.action {
            Action::Vanishes => text.push_str(&format!("; {} has no event to modify", s.effect)),
            _ => text.push_str(&format!("; {} no longer applies: {}", s.effect, s.why)),
        }
    }
    if !step.now_applicable.is_empty() {
        text.push_str(&format!("; now applies: {}", step.now_applicable.join(", ")));
    }
    if !step.already_applied.is_empty() {
        text.push_str(&format!("; already applied to this event: {}", step.already_applied.join(", ")));
    }
    for c in &step.conditions {
        let met = if c.met { "met" } else { "not met, so it does not apply" };
        text.push_str(&format!("; condition of {}: {}, {met}", c.effect, c.found));
    }
    text
}

/// The step's event, for the trace's Event column: its number, or `SBA n` for a state-based
/// action.
pub fn event_label(step: &EventStep) -> String {
    match step.cause {
        Some(_) => format!("SBA {}", step.event),
        None => step.event.to_string(),
    }
}

fn tier_phrase(tier: Tier) -> &'static str {
    match tier {
        Tier::Simultaneous => "the events a shared shield meets",
        Tier::SelfReplacement => "self-replacement effects",
        Tier::Control => "effects on who controls the entering permanent",
        Tier::Copy => "effects that make the entering permanent a copy",
        Tier::Any => "any effect",
        Tier::Legend => "the legendary permanent kept",
        Tier::Pay => "a payment",
    }
}

/// "Bob chooses shield (among furnace, shield)", or "no choice" — the head of an outcome.
pub fn choices_line(outcome: &Outcome) -> String {
    if outcome.choices.is_empty() {
        return "no player has a choice".to_string();
    }
    outcome
        .choices
        .iter()
        .map(|c| {
            if c.of_event {
                return format!("{} chooses that {} meets the shield first", c.player, c.chose);
            }
            let fixed = if c.fixed { ", fixed by the scenario" } else { "" };
            // The legend rule's choice is of the permanent kept (704.5j).
            let verb = if c.concept == "sba-legend" { "chooses to keep" } else { "chooses" };
            // A payment's choice says itself: "chooses to pay 2 life for steam-vents-shock".
            if c.concept == "pay-life" {
                return format!("{} {verb} {}", c.player, c.chose);
            }
            format!("{} {verb} {} (among {}{fixed})", c.player, c.chose, c.among.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", then ")
}

/// The heading of the board an outcome leaves.
pub fn after_heading(outcome: &Outcome) -> &'static str {
    if outcome.of_events {
        "After the events:"
    } else {
        "After the state-based actions:"
    }
}

/// The heading of the objects asked, as the events (or, without any, the state-based actions)
/// find them.
pub fn before_heading(has_events: bool) -> &'static str {
    if has_events {
        "Before the events (each outcome says what they change):"
    } else {
        "Before the state-based actions (each outcome says what they change):"
    }
}

/// What happens in each outcome, in one line each; where two lines would read the same, each
/// says which effects it used up, which is what tells them apart.
pub fn result_lines(outcomes: &[Outcome]) -> Vec<String> {
    let lines: Vec<String> = outcomes.iter().map(result_line).collect();
    lines
        .iter()
        .zip(outcomes)
        .map(|(line, o)| {
            let twin = lines.iter().filter(|l| *l == line).count() > 1;
            match (twin, o.used_up.is_empty()) {
                (true, false) => format!("{line}; {} used up", o.used_up.join(", ")),
                (true, true) => format!("{line}; no shield used up"),
                _ => line.clone(),
            }
        })
        .collect()
}

/// What happens in an outcome, in one line.
fn result_line(outcome: &Outcome) -> String {
    let mut line = match (outcome.result.is_empty(), outcome.of_events) {
        (false, _) => outcome.result.join("; "),
        (true, true) => "nothing happens".to_string(),
        // No event: the state-based actions are all there is.
        (true, false) => String::new(),
    };
    if !outcome.then.is_empty() {
        let then = if line.is_empty() { "state-based actions: " } else { "; then, state-based actions: " };
        line.push_str(&format!("{then}{}", outcome.then.join("; ")));
    }
    for (effect, left) in &outcome.remaining {
        line.push_str(&format!("; {effect} stays, {left} left"));
    }
    line
}

/// The rules a step cites, in this edition's numbering.
pub fn rules(citer: &Citer, step: &EventStep) -> Vec<crate::corpus::RuleId> {
    citer.ids(&step.concepts)
}

/// The board after an outcome's events, one line per object or player they changed: "Grizzly
/// Bears (clone): creature — bear, green, 2/2, on the battlefield under Alice's control".
pub fn board_after_lines(after: &After) -> Vec<String> {
    let mut lines: Vec<String> = after.objects.iter().map(object_after_line).collect();
    for p in &after.players {
        let mut parts = Vec::new();
        if let Some(life) = p.life {
            parts.push(format!("{life} life"));
        }
        if p.poison > 0 {
            parts.push(format!("{} poison counters", p.poison));
        }
        if p.lost {
            parts.push("has lost the game".into());
        }
        lines.push(format!("{}: {}", p.name, parts.join(", ")));
    }
    lines
}

fn object_after_line(a: &ObjectAfter) -> String {
    let o = &a.object;
    let token = if a.token { "token, " } else { "" };
    let mut types = [describe::words(&o.supertypes), describe::words(&o.types)]
        .into_iter()
        .filter(|w| w != "—")
        .collect::<Vec<_>>()
        .join(" ");
    if !o.subtypes.is_empty() {
        types = format!("{types} — {}", describe::words(&o.subtypes)).trim_start().to_string();
    }
    if types.is_empty() {
        types = "no type".into();
    }
    let mut parts = vec![format!("{token}{types}"), describe::colors(&o.colors)];
    if let (Some(p), Some(t)) = (o.power, o.toughness) {
        parts.push(format!("{p}/{t}"));
    }
    parts.push(match a.zone {
        _ if a.ceased => "ceased to exist".to_string(),
        Zone::Battlefield => format!("on the battlefield under {}'s control", o.controller),
        Zone::Exile => "in exile".to_string(),
        Zone::Stack => "on the stack".to_string(),
        Zone::Command => "in the command zone".to_string(),
        zone => format!("in {}'s {}", o.controller, events_describe::zone(zone)),
    });
    if !a.counters.is_empty() {
        parts.push(format!("counters: {}", events_describe::counters(&a.counters)));
    }
    if a.damage > 0 {
        parts.push(format!("{} damage marked", a.damage));
    }
    // What a permanent can do; a card elsewhere keeps its printed text, which says nothing new.
    if !o.abilities.is_empty() && a.zone == Zone::Battlefield {
        parts.push(format!("abilities: {}", o.abilities.join("; ")));
    }
    format!("{} ({}): {}", o.name, o.id, parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(result: &str, used_up: &[&str]) -> Outcome {
        Outcome {
            choices: Vec::new(),
            result: vec![result.to_string()],
            then: Vec::new(),
            remaining: Vec::new(),
            used_up: used_up.iter().map(|s| s.to_string()).collect(),
            sequences: 1,
            board: Default::default(),
            steps: Vec::new(),
            of_events: true,
            events: Vec::new(),
            then_events: Vec::new(),
        }
    }

    /// Without events, the state-based actions are all that happens; with events that all came
    /// to nothing, the line says so before them.
    #[test]
    fn a_board_without_events_is_answered_by_its_state_based_actions() {
        let dies = |of_events| Outcome {
            result: Vec::new(),
            then: vec!["Grizzly Bears is put into Alice's graveyard".to_string()],
            of_events,
            ..outcome("", &[])
        };
        assert_eq!(result_lines(&[dies(false)]), ["state-based actions: Grizzly Bears is put into Alice's graveyard"]);
        assert_eq!(
            result_lines(&[dies(true)]),
            ["nothing happens; then, state-based actions: Grizzly Bears is put into Alice's graveyard"]
        );
        assert_eq!(after_heading(&dies(false)), "After the state-based actions:");
        assert_eq!(after_heading(&dies(true)), "After the events:");
    }

    /// Two outcomes that read the same say what tells them apart; a line of its own says no more.
    #[test]
    fn outcomes_that_read_the_same_say_which_effects_they_used_up() {
        let outcomes = [
            outcome("Shock deals 1 damage to Bob", &["left-shield"]),
            outcome("Shock deals 1 damage to Bob", &[]),
            outcome("Shock deals 2 damage to Bob", &["right-shield"]),
        ];
        assert_eq!(
            result_lines(&outcomes),
            [
                "Shock deals 1 damage to Bob; left-shield used up",
                "Shock deals 1 damage to Bob; no shield used up",
                "Shock deals 2 damage to Bob",
            ]
        );
    }
}
