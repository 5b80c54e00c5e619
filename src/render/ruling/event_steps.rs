//! An event step in sentences: which effect applies and why that one (616.1), what it does to the
//! event, and what that changes for the other effects; each clause followed by its rules.

use super::inline::Line;
use super::names::Names;
use crate::cite::Citer;
use crate::engine::events::explore::Tier;
use crate::engine::events::modify::Note;
use crate::engine::events::replacer::Kind;
use crate::engine::events::trace::{Action, EventStep, Why};
use crate::engine::events::Outcome;

/// Which clause of the sentence a concept of the trace backs. A concept not listed here backs
/// what the effect does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clause {
    Order,
    Effect,
    Stopped,
    Now,
    Once,
}

fn clause(concept: &str, step: &EventStep) -> Clause {
    match concept {
        // 616.1d backs the repeat of the process, or else what no longer applies after a change.
        "interaction-repeat" if !step.repeated => Clause::Stopped,
        "interaction-order"
        | "interaction-self-first"
        | "interaction-control-first"
        | "interaction-any"
        | "interaction-repeat" => Clause::Order,
        "interaction-becomes-applicable" => Clause::Now,
        "replacement-once" => Clause::Once,
        "replacement-no-event" => Clause::Stopped,
        "zero-damage" if !step.stopped.is_empty() => Clause::Stopped,
        _ => Clause::Effect,
    }
}

/// The steps of one outcome; with several pending events, each event's first step says which.
pub fn sentences(outcome: &Outcome, events: usize, citer: &Citer, names: &Names) -> Vec<Line> {
    let mut previous = 0;
    outcome
        .steps
        .iter()
        .map(|step| {
            let mut line = Line::new();
            // State-based actions are counted on their own, after the events.
            let this = if step.cause.is_some() { step.event + events } else { step.event };
            if step.cause.is_some() && this != previous {
                line.strong(format!("State-based action {}.", step.event)).text(" ");
            } else if events > 1 && this != previous {
                line.strong(format!("Event {}.", step.event)).text(" ");
            }
            previous = this;
            line.append(&sentence(step, events > 0, citer, names));
            line
        })
        .collect()
}

pub fn sentence(step: &EventStep, of_events: bool, citer: &Citer, names: &Names) -> Line {
    let rules = |which: Clause| {
        let concepts: Vec<&str> = step.concepts.iter().copied().filter(|c| clause(c, step) == which).collect();
        citer.ids(&concepts)
    };
    let label = step.effect.as_deref().map(|e| names.effect(e)).unwrap_or_default();
    let mut line = Line::new();
    match step.action {
        Action::Happens => {
            if step.concepts.contains(&"replacement-never-happens") {
                line.text(format!("No effect is left to apply: {}; the original event never happens", step.before));
            } else {
                line.text(format!("No effect applies: {}", step.before));
            }
            line.cite(rules(Clause::Effect)).end();
        }
        Action::StateBased => {
            line.text(if !of_events {
                "A player would receive priority, and the game checks the state-based actions: "
            } else {
                "The events are over, and the game checks the state-based actions: "
            });
            line.text(step.before.clone()).text(", so ").quote(step.after.join(", "));
            line.cite(rules(Clause::Effect)).end();
        }
        Action::Cannot if !step.after.is_empty() => {
            line.append(&label).text(" changes ").quote(step.before.clone());
            line.text(": the counters can't be put on it, so ").quote(step.after.join(", "));
            line.cite(rules(Clause::Effect)).end();
        }
        Action::Cannot => {
            line.append(&label).text(" stops it: ").quote(step.before.clone());
            line.text(" can't happen").cite(rules(Clause::Effect)).end();
        }
        Action::First => {
            if let Some(Why::Chosen { by, among, .. }) = &step.why {
                line.append(&label).text(" is used up as it applies, and ");
                line.text(format!("{} happen at the same time; {by} chooses that ", among.join(" and ")));
            }
            line.quote(step.before.clone()).text(" meets it first").cite(rules(Clause::Effect)).end();
        }
        Action::Vanishes => {
            line.quote(step.before.clone()).text(" does not happen");
            if let Some(Note::Vanished { why }) = &step.note {
                line.text(format!(": {why}"));
            }
            if !step.stopped.is_empty() {
                let effects: Vec<String> = step.stopped.iter().map(|s| s.effect.clone()).collect();
                line.text("; ").list(&names.effects(&effects)).text(" has no event to modify");
            }
            let mut cited = rules(Clause::Effect);
            cited.extend(rules(Clause::Stopped));
            line.cite(cited).end();
        }
        Action::Applied => {
            let kind = step.effect_kind.unwrap_or(Kind::Replacement);
            order(&mut line, step, &label, names);
            line.cite(rules(Clause::Order)).text(". ");
            line.append(&label).text(" ");
            effect(&mut line, step, kind);
            line.cite(rules(Clause::Effect)).end();
            for s in &step.stopped {
                line.text(" ")
                    .append(&names.effect(&s.effect))
                    .text(" no longer applies: ")
                    .append(&names.engine(&s.why));
                line.cite(rules(Clause::Stopped)).end();
            }
            if let Some(Note::StillDestroyed { still }) = &step.note {
                let verb = if still.len() == 1 { "applies" } else { "apply" };
                line.text(" It is still destroyed, only elsewhere: ").list(&names.effects(still));
                line.text(format!(" still {verb} to it")).end();
            }
            if let Some(Note::TakesWith { events }) = &step.note {
                line.text(" The rest of that replacement goes with it, so this does not happen: ");
                line.text(events.join(", ")).end();
            }
            if !step.now_applicable.is_empty() {
                let verb = if step.now_applicable.len() == 1 { "applies" } else { "apply" };
                line.text(" ").list(&names.effects(&step.now_applicable));
                line.text(format!(" now {verb} to the modified event")).cite(rules(Clause::Now)).end();
            }
            if !step.already_applied.is_empty() {
                line.text(" ").list(&names.effects(&step.already_applied));
                line.text(" already applied to this event and can't apply to it again");
                line.cite(rules(Clause::Once)).end();
            }
        }
    }
    for c in &step.conditions {
        line.text(" The condition of ").append(&names.effect(&c.effect)).text(format!(": {}", c.found));
        line.text(if c.met { ", met" } else { ", not met: it does not apply" }).end();
    }
    line
}

/// Why this effect goes now: the only one, the one the rules put first, or the one a player chose.
fn order(line: &mut Line, step: &EventStep, label: &Line, names: &Names) {
    if step.repeated {
        line.text("The process repeats for the modified event: ");
    }
    match &step.why {
        Some(Why::Only) | None => {
            line.append(label).text(" is the only effect that applies to ").quote(step.before.clone());
        }
        Some(Why::Forced { tier, waiting }) => {
            line.append(label).text(" must apply first to ").quote(step.before.clone());
            line.text(match tier {
                Tier::SelfReplacement => ": it is a self-replacement effect, and those apply before the others; ",
                Tier::Simultaneous | Tier::Legend => ": ",
                Tier::Control => {
                    ": it changes who controls the entering permanent, and such effects apply before the others; "
                }
                Tier::Copy => ": it makes the entering permanent a copy, and such effects apply before the others; ",
                Tier::Any | Tier::Pay => ": ",
            });
            line.list(&names.effects(waiting)).text(if waiting.len() == 1 { " waits" } else { " wait" });
        }
        Some(Why::Chosen { by, tier: Tier::Pay, .. }) => {
            line.append(label).text(" applies to ").quote(step.before.clone());
            line.text(format!(", and {by} chooses whether to pay as it does"));
        }
        Some(Why::Chosen { by, tier, among, fixed }) => {
            line.list(&names.effects(among));
            line.text(if among.len() == 2 { " both apply to " } else { " all apply to " });
            line.quote(step.before.clone());
            let group = match tier {
                Tier::SelfReplacement => " (self-replacement effects go first)",
                Tier::Control => " (effects on who controls the entering permanent go first)",
                Tier::Copy => " (effects that make the entering permanent a copy go first)",
                Tier::Any | Tier::Simultaneous | Tier::Legend | Tier::Pay => "",
            };
            line.text(format!("{group}; {by} chooses to apply ")).append(label).text(" first");
            if *fixed {
                line.text(", as the scenario fixes");
            }
            if step.concepts.contains(&"apnap") {
                line.text(" (players who choose at the same time do so in APNAP order: the active player first)");
            }
        }
    }
}

/// What the effect does to the event: its verb, then the event before and after.
fn effect(line: &mut Line, step: &EventStep, kind: Kind) {
    if let Some(Note::RedirectionFails { to, why }) = &step.note {
        line.text(format!("would redirect the damage to {to}, but {to} cannot be dealt it, {why}; it does nothing"));
        return;
    }
    if let Some(Note::CantBePrevented { by }) = &step.note {
        let by = by.as_ref().map(|by| format!(" ({by})")).unwrap_or_default();
        line.text(format!("applies, but the damage can't be prevented{by}: it prevents none of it"));
        return;
    }
    if let Some(Note::CantBeRegenerated) = &step.note {
        line.text("applies, but the permanent can't be regenerated: it does nothing");
        return;
    }
    match &step.note {
        Some(Note::Paid { player, life, .. }) => {
            line.text(format!("is paid for: {player} pays {life} life, and the rest of it does not apply"));
            return;
        }
        Some(Note::Declined { player, cannot }) => match cannot {
            Some(why) => line.text(format!("is not paid for, since {player} cannot pay ({why}); ")),
            None => line.text(format!("is not paid for: {player} does not pay; ")),
        },
        _ => &mut *line,
    };
    let verb = match (kind, &step.note) {
        (_, Some(Note::Prevented { amount })) => format!("prevents {amount} damage"),
        (Kind::Prevention, _) => "prevents the damage".into(),
        (Kind::SelfReplacement, _) => "modifies the event".into(),
        (Kind::Control, _) => "changes who controls the permanent as it enters".into(),
        (Kind::Copy, _) => "makes the permanent enter as a copy".into(),
        (Kind::Regeneration, _) => "replaces the destruction".into(),
        (Kind::Redirection, _) => "redirects the damage".into(),
        (Kind::Skip, _) => "skips it".into(),
        (Kind::Replacement | Kind::Cant, _) => "replaces the event".into(),
        // A rule of the events, never applied as a step of its own.
        (Kind::Unpreventable, _) => "makes the damage unpreventable".into(),
    };
    line.text(format!("{verb}: "));
    match step.after.as_slice() {
        [] => {
            line.text("nothing happens instead");
        }
        [after] if *after == step.before => {
            line.text(format!("the event stays {after}"));
        }
        [after] => match one_word_change(&step.before, after) {
            Some(was) => {
                line.text(format!("{after} instead of {was}"));
            }
            None => {
                line.quote(step.before.clone()).text(" becomes ").quote(after.clone());
            }
        },
        many => {
            let quoted: Vec<Line> = many
                .iter()
                .map(|a| {
                    let mut l = Line::new();
                    l.quote(a.clone());
                    l
                })
                .collect();
            line.quote(step.before.clone()).text(" becomes ").list(&quoted);
        }
    }
}

/// When two descriptions differ in one word only ("deals 5 damage", "deals 10 damage"), the
/// word `before` had there: the sentence then says "deals 10 damage to Bob instead of 5".
fn one_word_change(before: &str, after: &str) -> Option<String> {
    let b: Vec<&str> = before.split(' ').collect();
    let a: Vec<&str> = after.split(' ').collect();
    if a.len() != b.len() {
        return None;
    }
    let mut differ = b.iter().zip(&a).filter(|(x, y)| x != y);
    let (was, _) = differ.next()?;
    differ.next().is_none().then(|| (*was).to_string())
}

#[cfg(test)]
mod tests {
    use super::one_word_change;

    #[test]
    fn a_changed_amount_reads_as_instead_of() {
        assert_eq!(
            one_word_change("Lava Axe deals 5 damage to Bob", "Lava Axe deals 10 damage to Bob").as_deref(),
            Some("5")
        );
        assert_eq!(one_word_change("Bob draws a card", "Bob gains 2 life"), None);
        assert_eq!(one_word_change("a b", "a b c"), None);
    }
}
