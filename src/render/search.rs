//! `judge search` output: hits best first, with their section and a highlighted snippet; then the
//! cards the question names, with their Oracle text and the rulings that speak of the question.

use super::grid::Grid;
use super::style::Style;
use crate::cards::data::{CardData, Ruling};
use crate::corpus::Outline;
use crate::search::hints::Hint;
use crate::search::{Hit, Named};
use serde::Serialize;

#[derive(Serialize)]
struct SearchJson<'a> {
    query: &'a str,
    edition: &'a str,
    hits: &'a [Hit],
    /// What the judge should know beside the hits, in sentences.
    hints: Vec<String>,
    /// The cards the question names, when it names some.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cards: Vec<CardJson<'a>>,
}

#[derive(Serialize)]
struct CardJson<'a> {
    name: &'a str,
    /// The faces' type lines, ` // ` between two.
    type_line: String,
    /// The faces' Oracle texts, a line `//` between two.
    oracle_text: String,
    rulings: &'a [Ruling],
}

pub fn json(query: &str, edition: &Outline, hits: &[Hit], hints: &[Hint], named: &Named) -> String {
    let hints = hints.iter().map(|h| sentence(h, edition)).collect();
    let cards = named
        .cards
        .iter()
        .filter(|c| c.shown)
        .map(|c| CardJson {
            name: &c.card.name,
            type_line: faces(&c.card, |f| &f.type_line, " // "),
            oracle_text: faces(&c.card, |f| &f.oracle_text, "\n//\n"),
            rulings: &c.rulings,
        })
        .collect();
    super::to_json(&SearchJson { query, edition: edition.name(), hits, hints, cards })
}

/// A text of each face, `between` two.
fn faces(card: &CardData, text: impl Fn(&crate::cards::data::Face) -> &String, between: &str) -> String {
    card.faces.iter().map(|f| text(f).as_str()).collect::<Vec<_>>().join(between)
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
        Hint::Scenarios { cards, scenarios } => {
            let quoted: Vec<String> = cards.iter().map(|n| format!("`{n}`")).collect();
            format!(
                "scenarios that name {}: {}; `judge resolve` answers a question about cards on a board",
                quoted.join(", "),
                scenarios.join(", ")
            )
        }
        Hint::Ambiguous(names) => {
            let each: Vec<String> = names
                .iter()
                .map(|a| format!("`{}` may be any of {} cards ({})", a.typed, a.names.len(), a.names.join("; ")))
                .collect();
            format!(
                "{}: what they have in common was searched and their text is not shown; type more of the name to see it",
                each.join("; ")
            )
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

pub fn table(query: &str, edition: &Outline, hits: &[Hit], hints: &[Hint], named: &Named, style: Style) -> String {
    let mut out = style.wrap(&format!("Edition {} · {} · search: {query}", edition.name(), edition.lang()));
    out.push('\n');
    let notes: String = hints.iter().map(|h| style.wrap(&format!("note: {}.", sentence(h, edition))) + "\n").collect();
    if hits.is_empty() {
        out.push_str("No rule matches.\n");
        out.push_str(&cards(named, style));
        out.push_str(&notes);
        return out;
    }
    let mut table = Grid::new(["Rule", "Match"]).strong(0);
    // Hits stay best first; their place is a heading over the hits that share it, said again
    // only when it changes.
    let mut last_place = None;
    for hit in hits {
        let place = place(hit);
        if last_place.as_ref() != Some(&place) {
            table.heading(heading(&place, last_place.as_ref()));
            last_place = Some(place);
        }
        // The words found are marked with signs, in colour too: no escape code goes inside a
        // table's cell.
        table.row([hit.id.to_string(), hit.marked_snippet(OPEN, CLOSE)]);
        // Its subrules that matched, under it, as part of its hit.
        for sub in &hit.subrules {
            table.row([format!("↳{}", sub.id), sub.marked_snippet(OPEN, CLOSE)]);
        }
    }
    let cards = cards(named, style);
    let above_text = !notes.is_empty() || !cards.is_empty();
    out.push_str(&if above_text { table.render_above_text(style) } else { table.render(style) + "\n" });
    out.push_str(&cards);
    out.push_str(&notes);
    out
}

/// The hits as a Markdown table (the question's words in bold), then the cards the question
/// names and the notes.
pub fn markdown(query: &str, edition: &Outline, hits: &[Hit], hints: &[Hint], named: &Named) -> String {
    use super::markdown::{cell, inline, table, text};
    let mut out = format!("*Edition {} · {} · search: {}*\n\n", edition.name(), edition.lang(), text(query));
    if hits.is_empty() {
        out.push_str("No rule matches.\n");
    } else {
        let rows: Vec<Vec<String>> = hits
            .iter()
            .map(|hit| {
                // Marked with characters no rule holds, escaped, then the marks made bold: the
                // `**` must not be escaped, and escaping moves the highlighted ranges.
                let snippet = cell(&hit.marked_snippet("\u{1}", "\u{2}")).replace(['\u{1}', '\u{2}'], "**");
                vec![format!("**{}**", hit.id), cell(&hit.section), snippet]
            })
            .collect();
        out.push_str(&table(&["Rule", "Section", "Match"], &rows));
    }
    for named in named.cards.iter().filter(|c| c.shown) {
        let card = &named.card;
        out.push_str(&format!("\n### {}\n", inline(&card.name)));
        for face in &card.faces {
            out.push_str(&format!("\n**{}** · {}\n", inline(&face.name), inline(&face.type_line)));
            for ability in face.oracle_text.lines() {
                out.push_str(&format!("\n{}\n", text(ability)));
            }
        }
        for ruling in &named.rulings {
            out.push_str(&format!("\n- {}: {}\n", ruling.date, cell(&ruling.text)));
        }
    }
    for hint in hints {
        out.push_str(&format!("\n*Note: {}.*\n", inline(&sentence(hint, edition))));
    }
    out
}

/// Each card shown: its name, each face's type line and Oracle text, and its rulings chosen for
/// the question with their dates.
fn cards(named: &Named, style: Style) -> String {
    let width = usize::from(style.columns());
    let mut out = String::new();
    for named in named.cards.iter().filter(|c| c.shown) {
        let card = &named.card;
        if card.faces.len() > 1 {
            out.push_str(&style.wrap(&format!("{} ({})", style.strong(&card.name), card.layout.replace('_', " "))));
            out.push('\n');
        }
        for face in &card.faces {
            out.push_str(&style.wrap(&format!("{} · {}", style.strong(&face.name), face.type_line)));
            out.push('\n');
            for ability in face.oracle_text.lines() {
                out.push_str(&super::style::fill(ability, width, "  ", "    "));
                out.push('\n');
            }
        }
        for ruling in &named.rulings {
            out.push_str(&super::style::fill(&ruling.text, width, &format!("  ruling {}: ", ruling.date), "    "));
            out.push('\n');
        }
    }
    out
}
