//! `judge resolve` output: the answer and the trace, as a table, JSON, or Markdown with the rules
//! quoted.

use super::events;
use super::grid::{Grid, Layout};
use super::reason;
use super::style::Style;
use crate::cite::{Citer, Unplaced};
use crate::corpus::RuleId;
use crate::engine::answer::{Answer, Mismatch, ObjectAnswer};
use crate::engine::describe;
use crate::engine::events::trace::{Action, EventStep};
use crate::engine::events::Outcome;
use crate::engine::trace::{Stage, Step};
use crate::model::board::Board;
use serde::Serialize;
use std::io::{self, Write};

/// Everything a rendering of a resolved scenario needs.
pub struct Report<'a> {
    pub board: &'a Board,
    pub citer: &'a Citer<'a>,
    pub answer: &'a Answer,
    pub steps: &'a [Step],
    /// The pending events' outcomes, when the scenario has events.
    pub outcomes: Option<&'a [Outcome]>,
    pub mismatches: &'a [Mismatch],
    /// The answers to the questions of what can target or block what.
    pub legality: &'a [crate::engine::legality::Verdict],
}

/// An ability of an object that the model cannot express: the answer leaves it out.
#[derive(Serialize)]
pub struct Unmodelled<'a> {
    pub object: &'a str,
    pub ability: &'a str,
}

impl Report<'_> {
    /// The abilities the answer leaves out, object by object.
    pub fn unmodelled(&self) -> Vec<Unmodelled<'_>> {
        let objects = self.board.objects.iter();
        objects.flat_map(|o| o.unmodelled.iter().map(|a| Unmodelled { object: &o.id, ability: a })).collect()
    }

    fn layer(&self, step: &Step) -> String {
        match step.stage {
            Stage::Layer(layer) => self.citer.layer_label(layer),
            Stage::Players => "players".into(),
            Stage::GameRules => "game rules".into(),
        }
    }

    fn rules(&self, step: &Step) -> Vec<RuleId> {
        self.citer.ids(&step.concepts)
    }

    /// Every rule the trace cites, in rule order, with whether the edition has it.
    pub fn cited(&self) -> Vec<(RuleId, Option<String>)> {
        let mut ids: Vec<RuleId> = self.steps.iter().flat_map(|s| self.rules(s)).collect();
        for o in self.outcomes.unwrap_or_default() {
            ids.extend(o.steps.iter().flat_map(|s| events::rules(self.citer, s)));
            ids.extend(self.citer.ids(&o.choices.iter().map(|c| c.concept).collect::<Vec<_>>()));
        }
        ids.extend(self.legality.iter().flat_map(|v| super::legality::rules(self.citer, v)));
        ids.sort();
        ids.dedup();
        ids.into_iter().map(|id| (id, self.citer.quote(id).map(|q| q.rule.text.clone()))).collect()
    }

    /// Every concept the trace names.
    fn concepts(&self) -> Vec<&'static str> {
        crate::engine::concepts(self.steps, self.outcomes.unwrap_or_default(), self.legality)
    }

    /// Every concept the trace names that has no rule to cite in this edition.
    pub fn unplaced(&self) -> Vec<Unplaced> {
        self.citer.unplaced(&self.concepts())
    }

    /// The cited rules worded otherwise than in the rules text the engine implements.
    fn reworded(&self) -> Vec<(String, RuleId)> {
        self.citer.reworded(&self.concepts())
    }

    /// The cited rules quoted from another edition than the one in use (the English edition of
    /// the same date, for the sections a French excerpt lacks).
    fn quoted_in_english(&self) -> Vec<RuleId> {
        self.cited()
            .into_iter()
            .map(|(id, _)| id)
            .filter(|id| self.citer.quote(*id).is_some_and(|q| q.from.is_some()))
            .collect()
    }

    pub fn missing(&self) -> Vec<RuleId> {
        self.cited().into_iter().filter(|(_, text)| text.is_none()).map(|(id, _)| id).collect()
    }
}

#[derive(Serialize)]
struct JsonReport<'a> {
    scenario: &'a str,
    question: Option<&'a str>,
    edition: &'a str,
    /// The English edition quoted for the rules the edition lacks, if any.
    quoted_in: Option<&'a str>,
    /// Concepts the trace names that could not be placed in the edition with confidence.
    unplaced: Vec<Unplaced>,
    /// Abilities the model cannot express, left out of the answer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unmodelled: Vec<Unmodelled<'a>>,
    /// Cited rules reworded since the rules text the engine implements in a way whose meaning
    /// it does not know: check those steps.
    reworded: Vec<JsonReworded>,
    /// Cited rules whose meaning in this edition is a newer one, which the answer follows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    meanings: Vec<JsonMeaning>,
    answer: &'a Answer,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    can: Vec<JsonVerdict<'a>>,
    trace: Vec<JsonStep<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcomes: Option<Vec<JsonOutcome<'a>>>,
    citations: Vec<JsonCitation>,
    expectations: JsonExpectations<'a>,
}

#[derive(Serialize)]
struct JsonVerdict<'a> {
    #[serde(flatten)]
    verdict: &'a crate::engine::legality::Verdict,
    rules: Vec<RuleId>,
}

#[derive(Serialize)]
struct JsonStep<'a> {
    step: usize,
    layer: String,
    effect: &'a str,
    source: Option<&'a str>,
    text: &'a str,
    applies_to: Vec<&'a str>,
    changes: crate::engine::trace::JsonChanges<'a>,
    reason: &'a crate::engine::trace::Reason,
    /// Why the effect did nothing, where a rule says so (an exchange of control).
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    why: String,
    rules: Vec<RuleId>,
}

#[derive(Serialize)]
struct JsonOutcome<'a> {
    choices: Vec<JsonChoice<'a>>,
    result: &'a [String],
    /// The state-based actions after the events, and what replaced them.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    then: &'a [String],
    remaining: &'a [(String, i64)],
    sequences: u64,
    /// The objects and players the events changed, as they are afterwards.
    board: &'a crate::engine::events::board_after::After,
    trace: Vec<JsonEventStep<'a>>,
}

#[derive(Serialize)]
struct JsonChoice<'a> {
    player: &'a str,
    chose: &'a str,
    among: &'a [String],
    rule: Option<RuleId>,
    fixed: bool,
    /// The choice is of an event (which one a shared shield meets first, 615.7), not an effect.
    of_event: bool,
}

#[derive(Serialize)]
struct JsonEventStep<'a> {
    step: usize,
    #[serde(flatten)]
    inner: &'a EventStep,
    why: String,
    rules: Vec<RuleId>,
}

#[derive(Serialize)]
struct JsonReworded {
    concept: String,
    id: RuleId,
}

#[derive(Serialize)]
struct JsonMeaning {
    id: RuleId,
    since: u16,
    what: &'static str,
}

#[derive(Serialize)]
struct JsonCitation {
    id: RuleId,
    in_edition: bool,
    text: Option<String>,
}

#[derive(Serialize)]
struct JsonExpectations<'a> {
    checked: bool,
    mismatches: &'a [Mismatch],
}

/// Written to `out` as it is serialized, for the same reason as the table.
pub fn json(r: &Report, out: &mut dyn Write) -> io::Result<()> {
    let report = JsonReport {
        scenario: &r.board.title,
        question: r.board.question.as_deref(),
        edition: r.citer.edition.name(),
        quoted_in: r.citer.english().filter(|_| !r.quoted_in_english().is_empty()).map(|e| e.name()),
        unplaced: r.unplaced(),
        unmodelled: r.unmodelled(),
        reworded: r.reworded().into_iter().map(|(concept, id)| JsonReworded { concept, id }).collect(),
        meanings: (r.citer.changed_meanings(&r.concepts()).into_iter())
            .map(|(id, c)| JsonMeaning { id, since: c.since, what: c.what })
            .collect(),
        answer: r.answer,
        can: (r.legality.iter())
            .map(|v| JsonVerdict { verdict: v, rules: super::legality::rules(r.citer, v) })
            .collect(),
        trace: r
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| JsonStep {
                step: i + 1,
                layer: r.layer(s),
                effect: &s.effect,
                source: s.source.as_deref(),
                text: &s.text,
                applies_to: s.applies_to.names(r.board),
                changes: s.changes.json(r.board),
                reason: &s.reason,
                note: s.note.as_deref(),
                why: reason::sentence(s, r.citer),
                rules: r.rules(s),
            })
            .collect(),
        outcomes: r.outcomes.map(|outcomes| outcomes.iter().map(|o| json_outcome(r, o)).collect()),
        citations: r
            .cited()
            .into_iter()
            .map(|(id, text)| JsonCitation { id, in_edition: text.is_some(), text })
            .collect(),
        expectations: JsonExpectations { checked: r.board.expects_an_answer(), mismatches: r.mismatches },
    };
    super::write_json(&report, out)
}

fn json_outcome<'a>(r: &Report, o: &'a Outcome) -> JsonOutcome<'a> {
    JsonOutcome {
        choices: o
            .choices
            .iter()
            .map(|c| JsonChoice {
                player: &c.player,
                chose: &c.chose,
                among: &c.among,
                rule: r.citer.rule_for(c.concept),
                fixed: c.fixed,
                of_event: c.of_event,
            })
            .collect(),
        result: &o.result,
        then: &o.then,
        remaining: &o.remaining,
        sequences: o.sequences,
        board: &o.board,
        trace: o
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| JsonEventStep {
                step: i + 1,
                inner: s,
                why: events::sentence(s, o.of_events),
                rules: events::rules(r.citer, s),
            })
            .collect(),
    }
}

fn change_lines(step: &Step, board: &Board) -> String {
    step.changes
        .records(board)
        .map(|c| format!("{} {}: {} → {}", c.object, c.characteristic, c.before, c.after))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rules a step cites, then each concept it rests on that the edition does not state,
/// flagged with `?` so that the judge checks that step.
pub(super) fn cited_list(citer: &Citer, concepts: &[&str]) -> String {
    let mut list = rule_ids(citer, &citer.ids(concepts));
    for u in citer.unplaced(concepts) {
        if !list.is_empty() {
            list.push(' ');
        }
        list.push_str(&format!("{}?", u.concept));
    }
    list
}

/// The answer, the trace and each outcome as tables, written to `out` a section at a time: the
/// trace of a board of thousands of objects is never held whole.
pub fn table(r: &Report, style: Style, out: &mut dyn Write) -> io::Result<()> {
    let mut head = style.wrap(&style.strong(&r.board.title));
    head.push('\n');
    if let Some(q) = &r.board.question {
        head.push_str(&style.wrap(q.trim()));
        head.push('\n');
    }
    head.push('\n');
    out.write_all(head.as_bytes())?;
    if !r.answer.objects.is_empty() || !r.answer.players.is_empty() || !r.answer.game_rules.is_empty() {
        before_the_events(r, style, out)?;
        write_answer_table(r.answer, style, out)?;
        out.write_all(b"\n")?;
    }
    if !r.legality.is_empty() {
        super::legality::write(r.citer, r.legality, style, out)?;
        out.write_all(b"\n")?;
    }
    if !r.steps.is_empty() {
        // Narrower, the layer goes under the effect and the rules under the reason.
        let mut trace = Grid::new(["#", "Layer", "Effect", "Change", "Why", "Rules"]).fold(1, 2).fold(5, 4);
        for (i, s) in r.steps.iter().enumerate() {
            let changes = match (&s.note, s.changes.is_empty()) {
                (Some(note), true) => format!("nothing: {note}"),
                (_, true) => "—".to_string(),
                (_, false) => change_lines(s, r.board),
            };
            trace.row([
                (i + 1).to_string(),
                r.layer(s),
                s.effect.clone(),
                changes,
                reason::sentence(s, r.citer),
                cited_list(r.citer, &s.concepts),
            ]);
        }
        trace.write_above_text(style, out)?;
    }
    let outcomes = r.outcomes.unwrap_or_default();
    for (n, (o, line)) in outcomes.iter().zip(events::result_lines(outcomes)).enumerate() {
        let mut head = style.wrap(&style.strong(&format!("Outcome {}: {line}", n + 1)));
        head.push('\n');
        head.push_str(&style.wrap(&format!("{}{}", events::choices_line(o), sequences_note(o))));
        head.push('\n');
        head.push_str(&after_lines(o, style));
        // Narrower, the event goes under the effect and the rules under the reason.
        let mut trace = Grid::new(["#", "Event", "Effect", "Before → after", "Why", "Rules"]).fold(1, 2).fold(5, 4);
        for (i, s) in o.steps.iter().enumerate() {
            trace.row([
                (i + 1).to_string(),
                events::event_label(s),
                s.effect.clone().unwrap_or_else(|| "—".into()),
                before_after(s),
                events::sentence(s, o.of_events),
                cited_list(r.citer, &s.concepts),
            ]);
        }
        // A list's blocks stand apart from the lines above by a blank line, as a table by its border.
        if trace.layout(style) == Layout::List {
            head.push('\n');
        }
        out.write_all(head.as_bytes())?;
        trace.write(style, out)?;
        out.write_all(b"\n\n")?;
    }
    out.write_all(style.wrap(&footer(r)).as_bytes())
}

/// With events, the objects asked are as the events find them: the board after is each outcome's.
fn before_the_events(r: &Report, style: Style, out: &mut dyn Write) -> io::Result<()> {
    if r.outcomes.is_some() && !r.answer.objects.is_empty() {
        out.write_all(style.wrap(events::before_heading(!r.board.events.is_empty())).as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// "After the events:" and a line for each object or player the outcome changed; nothing when
/// it changed none.
fn after_lines(o: &Outcome, style: Style) -> String {
    let lines = events::board_after_lines(&o.board);
    if lines.is_empty() {
        return String::new();
    }
    let mut out = format!("{}\n", events::after_heading(o));
    for line in lines {
        out.push_str(&style.wrap(&format!("  {line}")));
        out.push('\n');
    }
    out
}

/// "(2 choice sequences lead here)" when more than one does.
fn sequences_note(o: &Outcome) -> String {
    if o.sequences > 1 {
        format!(" ({} choice sequences lead here)", o.sequences)
    } else {
        String::new()
    }
}

fn before_after(s: &EventStep) -> String {
    match s.action {
        Action::Happens | Action::First => s.before.clone(),
        _ if s.after.is_empty() => format!("{}\n→ nothing", s.before),
        _ => format!("{}\n→ {}", s.before, s.after.join("\n→ ")),
    }
}

fn rule_ids(citer: &Citer, ids: &[RuleId]) -> String {
    ids.iter()
        .map(|id| if citer.quote(*id).is_some() { id.to_string() } else { format!("{id}*") })
        .collect::<Vec<_>>()
        .join(" ")
}

fn write_answer_table(answer: &Answer, style: Style, out: &mut dyn Write) -> io::Result<()> {
    // Narrower, the colors go under the types, power, toughness and controller under the name.
    let mut t =
        Grid::new(["Object", "Types", "Colors", "Abilities", "P/T", "Controller"]).fold(2, 1).fold(4, 0).fold(5, 0);
    for o in &answer.objects {
        let types = type_line(o, " — ");
        let abilities = if o.abilities.is_empty() { "—".to_string() } else { o.abilities.join("\n") };
        let pt = answer_pt(o);
        t.row([
            format!("{} ({})", o.name, o.id),
            types,
            describe::colors(&o.colors),
            abilities,
            pt,
            o.controller.clone(),
        ]);
    }
    // A call about events asks no object: its rules of the game stand alone, with no empty table.
    if !answer.objects.is_empty() {
        if answer.players.is_empty() && answer.game_rules.is_empty() {
            t.write(style, out)?;
            out.write_all(b"\n")?;
        } else {
            t.write_above_text(style, out)?;
        }
    }
    for p in &answer.players {
        out.write_all(style.wrap(&format!("{} has: {}", p.name, p.has.join(", "))).as_bytes())?;
        out.write_all(b"\n")?;
    }
    for rule in &answer.game_rules {
        out.write_all(style.wrap(&format!("Game rule: {rule}")).as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

fn footer(r: &Report) -> String {
    let mut out = format!("Rules cited from edition {}.", r.citer.edition.name());
    let quoted_in_english = r.quoted_in_english();
    if let (Some(english), false) = (r.citer.english(), quoted_in_english.is_empty()) {
        let list: Vec<String> = quoted_in_english.iter().map(ToString::to_string).collect();
        out.push_str(&format!("\nQuoted in English from edition {}: {}.", english.name(), list.join(", ")));
    }
    for (id, change) in r.citer.changed_meanings(&r.concepts()) {
        out.push_str(&format!("\nBy this edition's rule {id} (its meaning since {}): {}.", change.since, change.what));
    }
    let reworded = r.reworded();
    if !reworded.is_empty() {
        let mut ids: Vec<RuleId> = reworded.iter().map(|(_, id)| *id).collect();
        ids.sort();
        ids.dedup();
        let list: Vec<String> = ids.iter().map(ToString::to_string).collect();
        out.push_str(&format!(
            "\nReworded since the rules of {} in a way whose meaning the engine does not know: {}. Check those steps against this text.",
            r.citer.implements(),
            list.join(", ")
        ));
    }
    if let Some(note) = left_out(r) {
        out.push('\n');
        out.push_str(&note);
    }
    let unplaced = r.unplaced();
    if !unplaced.is_empty() {
        out.push_str("\nNot cited, as this edition does not state them (check those steps against the rules):");
        for u in &unplaced {
            out.push_str(&format!("\n  {}: {}", u.concept, u.why));
        }
    }
    let missing = r.missing();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(ToString::to_string).collect();
        out.push_str(&format!(
            "\n* not in this edition: {}. Import an English CR (`judge corpus import`) and pass `--edition` to quote them.",
            list.join(", ")
        ));
    }
    if r.board.expects_an_answer() {
        if r.mismatches.is_empty() {
            out.push_str("\nExpected answer: matches.");
        } else {
            out.push('\n');
            out.push_str(&differences(r));
        }
    }
    out.push('\n');
    out
}

/// The abilities left out of the answer, one a line, without a final newline: part of the
/// answer, since it may be wrong by what they change, so `--quiet` keeps it too.
fn left_out(r: &Report) -> Option<String> {
    let unmodelled = r.unmodelled();
    if unmodelled.is_empty() {
        return None;
    }
    let mut out =
        "Left out of this answer, as the engine cannot express them yet (check what they change):".to_string();
    for u in &unmodelled {
        out.push_str(&format!("\n  {}: {}", u.object, u.ability));
    }
    Some(out)
}

/// "Expected answer: DIFFERS:" and one line per difference, without a final newline.
fn differences(r: &Report) -> String {
    let mut out = "Expected answer: DIFFERS:".to_string();
    for m in r.mismatches {
        out.push_str(&format!("\n  {} {}: expected {}, got {}", m.object, m.characteristic, m.expected, m.actual));
    }
    out
}

/// `--quiet`: the answer, each outcome's result with the choices leading to it, the abilities
/// left out, and what differs from the expected answer; no title, trace nor footer.
pub fn answer_only(r: &Report, style: Style, out: &mut dyn Write) -> io::Result<()> {
    if !r.answer.objects.is_empty() || !r.answer.players.is_empty() || !r.answer.game_rules.is_empty() {
        before_the_events(r, style, out)?;
        write_answer_table(r.answer, style, out)?;
        if !r.legality.is_empty() {
            out.write_all(b"\n")?;
        }
    }
    super::legality::write(r.citer, r.legality, style, out)?;
    let mut rest = String::new();
    let outcomes = r.outcomes.unwrap_or_default();
    for (n, (o, line)) in outcomes.iter().zip(events::result_lines(outcomes)).enumerate() {
        rest.push_str(&style.strong(&format!("Outcome {}: {line}", n + 1)));
        rest.push('\n');
        rest.push_str(&format!("{}{}\n", events::choices_line(o), sequences_note(o)));
        rest.push_str(&after_lines(o, style));
    }
    if let Some(note) = left_out(r) {
        rest.push_str(&note);
        rest.push('\n');
    }
    if !r.mismatches.is_empty() {
        rest.push_str(&differences(r));
        rest.push('\n');
    }
    out.write_all(rest.as_bytes())
}

pub fn markdown(r: &Report) -> String {
    let mut out = format!("# {}\n\n", r.board.title);
    if let Some(q) = &r.board.question {
        out.push_str(&format!("**Question.** {}\n\n", q.trim()));
    }
    out.push_str(&format!("*Rules: edition {}.*\n\n", r.citer.edition.name()));
    if !r.answer.objects.is_empty() && r.outcomes.is_some() {
        out.push_str(&format!("## Answer\n\n{}\n\n", events::before_heading(!r.board.events.is_empty())));
        out.push_str("| Object | Types | Colors | Abilities | P/T | Controller |\n|---|---|---|---|---|---|\n");
    } else if !r.answer.objects.is_empty() {
        out.push_str(
            "## Answer\n\n| Object | Types | Colors | Abilities | P/T | Controller |\n|---|---|---|---|---|---|\n",
        );
    }
    for o in &r.answer.objects {
        let pt = answer_pt(o);
        let types = type_line(o, " ");
        let abilities = if o.abilities.is_empty() { "—".into() } else { o.abilities.join("<br>") };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            md_cell(&o.name),
            md_cell(&types),
            describe::colors(&o.colors),
            md_cell(&abilities),
            pt,
            o.controller
        ));
    }
    if !r.legality.is_empty() {
        out.push_str(&format!("\n## Can it?\n\n{}", super::legality::markdown(r.citer, r.legality)));
    }
    if !r.steps.is_empty() {
        out.push_str("\n## How\n\n");
    }
    for (i, s) in r.steps.iter().enumerate() {
        let rules: Vec<String> = r.rules(s).iter().map(ToString::to_string).collect();
        out.push_str(&format!(
            "{}. **Layer {}: `{}`**{} — {} ({}).\n",
            i + 1,
            r.layer(s),
            s.effect,
            if s.text.is_empty() { String::new() } else { format!(" “{}”", s.text) },
            reason::sentence(s, r.citer),
            rules.join(", ")
        ));
        for c in s.changes.records(r.board) {
            out.push_str(&format!("   - {} {}: {} → {}\n", c.object, c.characteristic, c.before, c.after));
        }
        if let Some(note) = &s.note {
            out.push_str(&format!("   - nothing changes: {note}\n"));
        }
    }
    let outcomes = r.outcomes.unwrap_or_default();
    for (n, (o, line)) in outcomes.iter().zip(events::result_lines(outcomes)).enumerate() {
        out.push_str(&format!("\n## Outcome {}: {line}\n\n", n + 1));
        out.push_str(&format!("*{}{}.*\n\n", events::choices_line(o), sequences_note(o)));
        let after = events::board_after_lines(&o.board);
        if !after.is_empty() {
            out.push_str(&format!("{}\n\n", events::after_heading(o)));
            for line in after {
                out.push_str(&format!("- {}\n", md_cell(&line)));
            }
            out.push('\n');
        }
        for (i, s) in o.steps.iter().enumerate() {
            let rules: Vec<String> = events::rules(r.citer, s).iter().map(ToString::to_string).collect();
            let rules = if rules.is_empty() { String::new() } else { format!(" ({})", rules.join(", ")) };
            let effect = s.effect.as_ref().map_or_else(String::new, |e| format!("`{e}`: "));
            out.push_str(&format!(
                "{}. {effect}{} — {}{rules}.\n",
                i + 1,
                md_cell(&before_after(s).replace('\n', " ")),
                events::sentence(s, o.of_events),
            ));
        }
    }
    out.push_str("\n## Rules cited\n\n");
    for (id, text) in r.cited() {
        match text {
            Some(text) => out.push_str(&format!("> **{id}** {}\n\n", text.replace('\n', "\n> "))),
            None => out.push_str(&format!("> **{id}** (not in edition {})\n\n", r.citer.edition.name())),
        }
    }
    out
}

/// "Legendary Land — Mountain": supertypes and card types, then subtypes after `separator`.
fn type_line(o: &ObjectAnswer, separator: &str) -> String {
    let front: Vec<String> =
        [describe::words(&o.supertypes), describe::words(&o.types)].into_iter().filter(|w| w != "—").collect();
    let front = front.join(" ");
    match (front.is_empty(), o.subtypes.is_empty()) {
        (_, true) => front,
        (true, false) => describe::words(&o.subtypes),
        (false, false) => format!("{front}{separator}{}", describe::words(&o.subtypes)),
    }
}

fn answer_pt(o: &ObjectAnswer) -> String {
    match (o.power, o.toughness) {
        (Some(p), Some(t)) => format!("{p}/{t}"),
        _ => "—".into(),
    }
}

fn md_cell(text: &str) -> String {
    text.replace('|', "\\|")
}
