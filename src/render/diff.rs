//! `judge diff` output: one row per change (kind, old and new numbers, what changed in words),
//! then the counts per kind; a table for people, Markdown for articles, the documented JSON for
//! scripts.

use super::grid::Grid;
use super::style::Style;
use crate::align::word_diff::{self, Edit};
use crate::align::{Change, ChangeKind};
use crate::corpus::{Edition, RuleId};
use serde::Serialize;
use std::collections::BTreeMap;

/// What part of the alignment is shown, and the counts of that part.
pub struct Scope {
    pub section: Option<u16>,
    pub all: bool,
    /// Per kind, unchanged rules included even when they are not listed.
    pub counts: Vec<(ChangeKind, usize)>,
}

#[derive(Serialize)]
struct DiffJson<'a> {
    old: &'a str,
    new: &'a str,
    section: Option<u16>,
    all: bool,
    counts: BTreeMap<&'static str, usize>,
    changes: Vec<ChangeJson<'a>>,
}

#[derive(Serialize)]
struct ChangeJson<'a> {
    kind: ChangeKind,
    renumbered: bool,
    old: &'a [RuleId],
    new: &'a [RuleId],
    similarity: Option<u8>,
    edits: Vec<EditJson>,
}

#[derive(Serialize)]
struct EditJson {
    removed: String,
    inserted: String,
}

pub fn json(old: &Edition, new: &Edition, changes: &[&Change], scope: &Scope) -> String {
    let out = DiffJson {
        old: old.name(),
        new: new.name(),
        section: scope.section,
        all: scope.all,
        counts: scope.counts.iter().map(|(k, n)| (k.name(), *n)).collect(),
        changes: changes
            .iter()
            .map(|c| ChangeJson {
                kind: c.kind,
                renumbered: c.renumbered(),
                old: &c.old,
                new: &c.new,
                similarity: c.similarity,
                edits: edits(old, new, c)
                    .into_iter()
                    .map(|e| EditJson { removed: e.removed.join(" "), inserted: e.inserted.join(" ") })
                    .collect(),
            })
            .collect(),
    };
    super::to_json(&out)
}

pub fn table(old: &Edition, new: &Edition, changes: &[&Change], scope: &Scope, style: Style) -> String {
    let mut out = style.wrap(&heading(old, new, scope));
    out.push('\n');
    if !changes.is_empty() {
        let mut table = Grid::new(["Change", old.name(), new.name(), "What changed"]);
        for change in changes {
            table.row([change.label(), ids(&change.old), ids(&change.new), what_changed(old, new, change)]);
        }
        out.push_str(&table.render_above_text(style));
    }
    out.push_str(&style.wrap(&summary(scope)));
    out.push('\n');
    out
}

pub fn markdown(old: &Edition, new: &Edition, changes: &[&Change], scope: &Scope) -> String {
    let mut out = format!("## {}\n\n", heading(old, new, scope));
    if !changes.is_empty() {
        out.push_str(&format!("| Change | {} | {} | What changed |\n|---|---|---|---|\n", old.name(), new.name()));
        for change in changes {
            let cells = [change.label(), ids(&change.old), ids(&change.new), what_changed(old, new, change)];
            let cells: Vec<String> = cells.iter().map(|c| c.replace('|', "\\|")).collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        out.push('\n');
    }
    out.push_str(&summary(scope));
    out.push('\n');
    out
}

fn heading(old: &Edition, new: &Edition, scope: &Scope) -> String {
    let section = scope.section.map_or(String::new(), |s| format!(", section {s}"));
    format!(
        "Changes from {} (rules text of {}) to {} (rules text of {}){section}",
        old.name(),
        old.info.date,
        new.name(),
        new.info.date
    )
}

/// `3 renumbered, 1 reworded, 0 split, …, 120 unchanged (not listed)`.
fn summary(scope: &Scope) -> String {
    let mut parts: Vec<String> =
        scope.counts.iter().filter(|(k, _)| *k != ChangeKind::Unchanged).map(|(k, n)| format!("{n} {k}")).collect();
    let unchanged = scope.counts.iter().find(|(k, _)| *k == ChangeKind::Unchanged).map_or(0, |(_, n)| *n);
    parts.push(if scope.all {
        format!("{unchanged} unchanged")
    } else {
        format!("{unchanged} unchanged (not listed)")
    });
    format!("Summary: {}", parts.join(", "))
}

fn ids(ids: &[RuleId]) -> String {
    if ids.is_empty() {
        "—".to_string()
    } else {
        ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    }
}

/// The word-level edits of a reworded rule, and of a split or merged one against its parts
/// joined in order.
fn edits(old: &Edition, new: &Edition, change: &Change) -> Vec<Edit> {
    if !matches!(change.kind, ChangeKind::Reworded | ChangeKind::Split | ChangeKind::Merged) {
        return Vec::new();
    }
    let text = |edition: &Edition, ids: &[RuleId]| -> String {
        ids.iter().filter_map(|&id| edition.get(id)).map(|r| r.text.as_str()).collect::<Vec<_>>().join(" ")
    };
    word_diff::edits(&text(old, &change.old), &text(new, &change.new))
}

fn what_changed(old: &Edition, new: &Edition, change: &Change) -> String {
    let similarity = change.similarity.map(|s| format!("{s} % alike"));
    match change.kind {
        ChangeKind::Reworded => {
            let words = word_diff::summary(&edits(old, new, change));
            match similarity {
                Some(s) if words.is_empty() => s,
                Some(s) => format!("{words} ({s})"),
                None => words,
            }
        }
        ChangeKind::Split | ChangeKind::Merged => similarity.unwrap_or_default(),
        _ => String::new(),
    }
}
