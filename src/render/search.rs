//! `judge search` output: hits best first, with their section and a highlighted snippet.

use super::grid::Grid;
use super::style::Style;
use crate::corpus::Outline;
use crate::search::hints::Hint;
use crate::search::Hit;
use serde::Serialize;

#[derive(Serialize)]
struct SearchJson<'a> {
    query: &'a str,
    edition: &'a str,
    hits: &'a [Hit],
    /// What the judge should know beside the hits, in sentences.
    hints: Vec<String>,
}

pub fn json(query: &str, edition: &Outline, hits: &[Hit], hints: &[Hint]) -> String {
    let hints = hints.iter().map(|h| sentence(h, edition)).collect();
    super::to_json(&SearchJson { query, edition: edition.name(), hits, hints })
}

/// A hint as a sentence for the judge.
fn sentence(hint: &Hint, edition: &Outline) -> String {
    match hint {
        Hint::MissingSections(sections) => {
            let list: Vec<String> = sections.iter().map(|(n, heading)| format!("{n} ({heading})")).collect();
            format!(
                "this question is about section {}, which edition {} does not have: import the official English rules (`judge corpus import MagicCompRules.txt`) and search them with `--edition`, or make them the default edition",
                list.join(", "),
                edition.name()
            )
        }
        Hint::CardNames { names, scenarios } => {
            let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
            let looks = if names.len() == 1 { "looks like a card name" } else { "look like card names" };
            let mut text = format!(
                "{} {looks}, which the rules do not print: a scenario answers a question about cards (`judge resolve`), and `judge define` looks a term up",
                quoted.join(", ")
            );
            if !scenarios.is_empty() {
                text.push_str(&format!("; scenarios that name them: {}", scenarios.join(", ")));
            }
            text
        }
        Hint::FewWords { found, asked, missing } => {
            let missing: Vec<String> = missing.iter().map(|w| format!("`{w}`")).collect();
            format!(
                "the best match has only {found} of the {asked} words searched (not {}): the rules may say it in other words; `judge define` looks a term up in the glossary, and a question about cards on a board is answered by a scenario (`judge resolve`)",
                missing.join(", ")
            )
        }
    }
}

/// Highlights without colour: marks the rules never print, unlike their own `[brackets]`.
const OPEN: &str = "‹";
const CLOSE: &str = "›";

/// Where a hit stands: its section, and for a subrule the rule it belongs to, named when that
/// rule is a name (`702. Keyword Abilities`, `› 702.2 Deathtouch`).
fn place(hit: &Hit) -> (&str, Option<String>) {
    let rule = match (hit.id.parent().filter(|p| !p.is_section()), &hit.parent_title) {
        (Some(p), Some(title)) => Some(format!("› {p} {title}")),
        (Some(p), None) => Some(format!("› {p}")),
        (None, _) => None,
    };
    (&hit.section, rule)
}

/// The heading over a hit whose place differs from the hit's before it: the section and the rule,
/// or the rule alone under a section already said.
fn heading(place: &(&str, Option<String>), before: Option<&(&str, Option<String>)>) -> String {
    match (place, before) {
        ((section, Some(rule)), Some((previous, _))) if section == previous => rule.clone(),
        ((section, Some(rule)), _) => format!("{section} {rule}"),
        ((section, None), _) => section.to_string(),
    }
}

pub fn table(query: &str, edition: &Outline, hits: &[Hit], hints: &[Hint], style: Style) -> String {
    let mut out = style.wrap(&format!("Edition {} · {} · search: {query}", edition.name(), edition.lang()));
    out.push('\n');
    let notes: String = hints.iter().map(|h| style.wrap(&format!("note: {}.", sentence(h, edition))) + "\n").collect();
    if hits.is_empty() {
        out.push_str("No rule matches.\n");
        out.push_str(&notes);
        return out;
    }
    let mut table = Grid::new(["Rule", "Match"]);
    // Hits stay best first; their place is a heading over the hits that share it, said again
    // only when it changes.
    let mut last_place = None;
    for hit in hits {
        let place = place(hit);
        if last_place.as_ref() != Some(&place) {
            table.heading(heading(&place, last_place.as_ref()));
            last_place = Some(place);
        }
        let snippet =
            if style.color { hit.marked_snippet("\x1b[1;33m", "\x1b[0m") } else { hit.marked_snippet(OPEN, CLOSE) };
        table.row([style.strong(&hit.id.to_string()), snippet]);
    }
    out.push_str(&if notes.is_empty() { table.render(style) + "\n" } else { table.render_above_text(style) });
    out.push_str(&notes);
    out
}
