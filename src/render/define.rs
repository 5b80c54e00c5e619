//! `judge define` output: the glossary entries found, or the closest ones.

use super::style::Style;
use crate::corpus::define::Definition;
use crate::corpus::glossary::GlossaryEntry;
use crate::corpus::Edition;
use serde::Serialize;

#[derive(Serialize)]
struct DefineJson<'a> {
    term: &'a str,
    edition: &'a str,
    entries: &'a [&'a GlossaryEntry],
    /// The entries are those of a misspelling of the term.
    misspelled: bool,
    suggestions: &'a [&'a GlossaryEntry],
}

pub fn json(term: &str, edition: &Edition, definition: &Definition) -> String {
    let (entries, suggestions): (&[&GlossaryEntry], &[&GlossaryEntry]) = match definition {
        Definition::Found(found) => (found, &[]),
        Definition::Misspelled { shown, others } => (shown, others),
        Definition::Suggestions(close) => (&[], close),
    };
    let misspelled = matches!(definition, Definition::Misspelled { .. });
    super::to_json(&DefineJson { term, edition: edition.name(), entries, misspelled, suggestions })
}

pub fn text(term: &str, edition: &Edition, definition: &Definition, style: Style) -> String {
    let mut out = style.wrap(&format!("Edition {} · {} · glossary", edition.name(), edition.lang()));
    out.push_str("\n\n");
    match definition {
        Definition::Found(entries) => entries_text(&mut out, entries, style),
        Definition::Misspelled { shown, others } => {
            out.push_str(&style.wrap(&format!("No glossary entry is named `{term}`; the closest:")));
            out.push_str("\n\n");
            entries_text(&mut out, shown, style);
            if !others.is_empty() {
                let names: Vec<&str> = others.iter().map(|e| e.term.as_str()).collect();
                out.push_str(&style.wrap(&format!("Also close: {}.", names.join(", "))));
                out.push('\n');
            }
        }
        Definition::Suggestions(close) if close.is_empty() => {
            out.push_str(&format!("No glossary entry is named `{term}`.\n"));
        }
        Definition::Suggestions(close) => {
            let names: Vec<&str> = close.iter().map(|e| e.term.as_str()).collect();
            let line = format!("No glossary entry is named `{term}`. Did you mean: {}?", names.join(", "));
            out.push_str(&style.wrap(&line));
            out.push('\n');
        }
    }
    out
}

/// The entries found (or the closest) in Markdown.
pub fn markdown(term: &str, edition: &Edition, definition: &Definition) -> String {
    use super::markdown::inline;
    let mut out = format!("*Edition {} · {} · glossary*\n\n", edition.name(), edition.lang());
    let entries = |out: &mut String, entries: &[&GlossaryEntry]| {
        for entry in entries {
            let mut head = format!("**{}**", inline(&entry.term));
            if !entry.aliases.is_empty() {
                head.push_str(&format!(" (also: {})", inline(&entry.aliases.join(", "))));
            }
            if entry.obsolete {
                head.push_str(" (obsolete)");
            }
            out.push_str(&format!("{head}: {}\n\n", inline(&entry.definition)));
        }
    };
    let names = |close: &[&GlossaryEntry]| close.iter().map(|e| inline(&e.term)).collect::<Vec<_>>().join(", ");
    match definition {
        Definition::Found(found) => entries(&mut out, found),
        Definition::Misspelled { shown, others } => {
            out.push_str(&format!("No glossary entry is named `{term}`; the closest:\n\n"));
            entries(&mut out, shown);
            if !others.is_empty() {
                out.push_str(&format!("Also close: {}.\n", names(others)));
            }
        }
        Definition::Suggestions(close) if close.is_empty() => {
            out.push_str(&format!("No glossary entry is named `{term}`.\n"));
        }
        Definition::Suggestions(close) => {
            out.push_str(&format!("No glossary entry is named `{term}`. Did you mean: {}?\n", names(close)));
        }
    }
    out
}

fn entries_text(out: &mut String, entries: &[&GlossaryEntry], style: Style) {
    for entry in entries {
        let mut head = style.strong(&entry.term);
        if !entry.aliases.is_empty() {
            head.push_str(&format!(" (also: {})", entry.aliases.join(", ")));
        }
        if entry.obsolete {
            head.push_str(" (obsolete)");
        }
        out.push_str(&format!("{}\n{}\n\n", style.wrap(&head), style.wrap(&entry.definition)));
    }
}
