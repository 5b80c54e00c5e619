//! A layer step in sentences: which effect, why it applies at that point, what it changes, each
//! clause followed by the rules that say so.

use super::inline::Line;
use super::names::Names;
use crate::cite::Citer;
use crate::engine::trace::{Changes, Reason, SetNote, Stage, Step};
use crate::model::board::Board;

/// Which clause of the sentence a concept of the trace backs, so that each rule number follows
/// the claim it supports. A concept not listed here backs the reason clause.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clause {
    Heading,
    Reason,
    Set,
    Changes,
    /// A noncreature permanent has no power or toughness: said on its own in layer 7, where the
    /// effect changes nothing on it.
    NoPt,
}

fn clause(concept: &str) -> Clause {
    match concept {
        c if c.starts_with("layer-") => Clause::Heading,
        "player-effects" | "rule-effects" => Clause::Heading,
        "locked-set" | "live-set" | "across-layers" => Clause::Set,
        "land-type-change" | "exchange" | "exchange-control" => Clause::Changes,
        // In layer 4 it backs the power and toughness the permanent no longer has.
        crate::engine::noncreature::CONCEPT => Clause::NoPt,
        _ => Clause::Reason,
    }
}

pub fn sentence(step: &Step, board: &Board, citer: &Citer, names: &Names) -> Line {
    let rules = |which: Clause| {
        let concepts: Vec<&str> = step.concepts.iter().copied().filter(|c| clause(c) == which).collect();
        citer.ids(&concepts)
    };
    let mut line = Line::new();
    let stage = match step.stage {
        Stage::Layer(layer) => format!("Layer {}", citer.layer_label(layer)),
        Stage::Players => "Effects on players".into(),
        Stage::GameRules => "Effects on the rules of the game".into(),
    };
    line.strong(stage).cite(rules(Clause::Heading));
    let in_layer_seven = matches!(step.stage, Stage::Layer(l) if l.in_layer_seven());
    // Layer 4 takes them away, with the change; layer 7 leaves them absent, with a sentence.
    let (change_rules, no_pt) = if in_layer_seven {
        (rules(Clause::Changes), rules(Clause::NoPt))
    } else {
        ([rules(Clause::Changes), rules(Clause::NoPt)].concat(), Vec::new())
    };
    if step.reason == Reason::Counters {
        line.text(": counters on the object change its power and toughness.");
        changes(&mut line, &step.changes, board, names, change_rules);
        no_pt_sentence(&mut line, no_pt, "Counters on a noncreature permanent change nothing");
        return line;
    }
    line.text(" — ").append(&effect_label(step, names));
    if !step.text.is_empty() {
        line.text(": ").quote(step.text.clone());
    }
    line.end().text(" ");
    reason(&mut line, step, names);
    line.cite(rules(Clause::Reason)).end();
    let set = match &step.set {
        Some(SetNote::LockedAtCreation { at }) => {
            Some(format!("It affects the objects it affected when it was created, at {at}"))
        }
        Some(SetNote::Live) => {
            Some("As the effect of a static ability, it affects whatever its text names at this moment".into())
        }
        Some(SetNote::SameAsEarlierLayer { since }) => Some(format!(
            "It affects the same objects as when it began to apply, in layer {}",
            citer.layer_label(*since)
        )),
        None => None,
    };
    if let Some(set) = set {
        line.text(format!(" {set}")).cite(rules(Clause::Set)).end();
    }
    match &step.note {
        Some(note) => {
            line.text(" It changes nothing: ").append(&names.engine(note)).cite(rules(Clause::Changes)).end();
        }
        None => changes(&mut line, &step.changes, board, names, change_rules),
    }
    no_pt_sentence(&mut line, no_pt, "It does nothing to a noncreature permanent it applies to");
    line
}

/// " It does nothing to a noncreature permanent it applies to: such a permanent has no power or
/// toughness (208.3)." Only where the step cites the rule.
fn no_pt_sentence(line: &mut Line, rules: Vec<crate::corpus::RuleId>, what: &str) {
    if rules.is_empty() {
        return;
    }
    line.text(format!(" {what}: such a permanent has no power or toughness")).cite(rules).end();
}

/// The effect's source by name, or its id.
fn effect_label(step: &Step, names: &Names) -> Line {
    let label = names.effect(&step.effect);
    match (&step.source, label.0.first()) {
        // An ability granted by another effect is keyed `ability@object`: say whose it is now.
        (Some(source), Some(super::inline::Piece::Code(_))) if step.effect.contains('@') => {
            let mut line = names.object(source);
            line.text(" (").code(step.effect.clone()).text(")");
            line
        }
        _ => label,
    }
}

fn reason(line: &mut Line, step: &Step, names: &Names) {
    match &step.reason {
        Reason::Defining { .. } => {
            line.text("As a characteristic-defining ability, it applies before the other effects of its layer");
        }
        Reason::Timestamp { timestamp, waiting, .. } if waiting.is_empty() => {
            line.text(format!(
                "It applies now: its timestamp, {timestamp}, is the earliest of the effects left in this layer"
            ));
        }
        Reason::Timestamp { timestamp, waiting, .. } => {
            line.text(format!(
                "It applies now: its timestamp, {timestamp}, is the earliest of the effects free to apply"
            ));
            for w in waiting {
                line.text("; ").append(&names.effect(&w.effect));
                line.text(format!(" ({}) is earlier but waits, because applying ", w.timestamp));
                line.append(&names.effect(&w.depends_on)).text(format!(" {}", w.because.phrase()));
            }
        }
        Reason::AfterDependencies { on, .. } => {
            line.text("It depends on ");
            for (i, d) in on.iter().enumerate() {
                if i > 0 {
                    line.text(" and on ");
                }
                line.append(&names.effect(&d.effect)).text(" (applying it ");
                line.text(format!("{})", d.because.phrase()));
            }
            line.text(", which has now applied, so it applies right after");
        }
        Reason::Loop { timestamp, members } => {
            let others: Vec<String> = members.iter().filter(|m| **m != step.effect).cloned().collect();
            line.text("Its dependencies form a loop with ");
            line.list(&names.effects(&others));
            line.text(format!(": the loop's effects apply in timestamp order, and its timestamp is {timestamp}"));
        }
        Reason::Counters => {
            line.text("Counters on the object change its power and toughness");
        }
        Reason::NoLongerExists { why } => {
            line.text("It does not apply: ").append(&names.engine(why));
        }
        Reason::AfterObjects { timestamp } => {
            line.text(format!(
                "It applies after the characteristics of objects, in timestamp order; its timestamp is {timestamp}"
            ));
        }
    }
    if let Reason::Timestamp { broken_loop: Some(broken), .. }
    | Reason::AfterDependencies { broken_loop: Some(broken), .. } = &step.reason
    {
        line.text(". Its dependency loop with ");
        line.list(&names.effects(&broken.with));
        line.text(" no longer holds");
        if !broken.applied.is_empty() {
            line.text(" now that ");
            line.list(&names.effects(&broken.applied));
            line.text(if broken.applied.len() == 1 { " has applied" } else { " have applied" });
        }
        line.text(": the order of the effects left is worked out again after each one");
    }
}

/// " It changes Urborg's subtypes from none to Mountain, and its abilities from “…” to “…”."
fn changes(line: &mut Line, changes: &Changes, board: &Board, names: &Names, rules: Vec<crate::corpus::RuleId>) {
    if changes.is_empty() {
        return;
    }
    line.text(" It changes ");
    // A step keeps each object's changes together, the objects in its order.
    let count = changes.by_object().count();
    for (i, (object, its_changes)) in changes.by_object().enumerate() {
        if i > 0 {
            line.text(if i + 1 == count { "; and " } else { "; " });
        }
        for (j, c) in its_changes.iter().enumerate() {
            if j == 0 {
                let name = names.object(&board.objects[object].id);
                line.append(&name).text(possessive(&name));
            } else {
                line.text(", and its ");
            }
            line.text(format!("{} from ", characteristic(c.characteristic)));
            value(line, c.characteristic, &c.before);
            line.text(" to ");
            value(line, c.characteristic, &c.after);
        }
    }
    line.cite(rules).end();
}

/// "Forest's", but "Grizzly Bears'".
fn possessive(name: &Line) -> &'static str {
    match name.0.last() {
        Some(super::inline::Piece::Text(t)) if t.ends_with('s') => "' ",
        _ => "'s ",
    }
}

fn characteristic(name: &str) -> &str {
    match name {
        "power/toughness" => "power and toughness",
        other => other,
    }
}

/// A value as the trace gives it; abilities are quoted one by one, since they are card text.
fn value(line: &mut Line, characteristic: &str, value: &str) {
    match (characteristic, value) {
        (_, "—") => {
            line.text("none");
        }
        ("abilities", list) => {
            let quoted: Vec<Line> = list
                .split("; ")
                .map(|a| {
                    let mut l = Line::new();
                    l.quote(a);
                    l
                })
                .collect();
            line.list(&quoted);
        }
        ("colors", list) => {
            let colors: Vec<Line> = list.split(", ").map(Line::plain).collect();
            line.list(&colors);
        }
        (_, v) => {
            line.text(v);
        }
    }
}
