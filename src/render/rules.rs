//! `judge rule` output: a table for people, the documented JSON for scripts.

use super::grid::Grid;
use super::style::Style;
use crate::corpus::{Edition, Rule, RuleId};
use serde::Serialize;

#[derive(Serialize)]
pub(crate) struct RulesJson<'a> {
    edition: &'a str,
    lang: &'a str,
    date: &'a str,
    rules: Vec<RuleJson<'a>>,
}

#[derive(Serialize)]
struct RuleJson<'a> {
    id: RuleId,
    section: Option<&'a str>,
    /// Effective date of the document the rule comes from.
    date: &'a str,
    text: &'a str,
    examples: &'a [String],
    children: Vec<RuleId>,
    references: &'a [RuleId],
    cited_by: &'a [RuleId],
}

pub fn json(edition: &Edition, rules: &[&Rule]) -> String {
    super::to_json(&document(edition, rules))
}

/// The JSON document of `judge rule`, which `--in` adds to.
pub(crate) fn document<'a>(edition: &'a Edition, rules: &[&'a Rule]) -> RulesJson<'a> {
    RulesJson {
        edition: edition.name(),
        lang: edition.lang().code(),
        date: &edition.info.date,
        rules: rules
            .iter()
            .map(|r| RuleJson {
                id: r.id,
                section: edition.section_heading(r.id),
                date: edition.date_of(r.id),
                text: &r.text,
                examples: &r.examples,
                children: edition.children(r.id),
                references: &r.references,
                cited_by: edition.cited_by(r.id),
            })
            .collect(),
    }
}

pub fn table(edition: &Edition, rules: &[&Rule], style: Style) -> String {
    let mut out = String::new();
    let mut table = Grid::new(["Rule", "Text"]).strong(0);
    let mut last_section = None;
    for rule in rules {
        if last_section != Some(rule.id.section()) {
            last_section = Some(rule.id.section());
            table.heading(edition.section_heading(rule.id).unwrap_or("(no section heading)"));
        }
        table.row([rule.id.to_string(), rule.text.clone()]);
        for example in &rule.examples {
            table.more(["".to_string(), format!("\n{} {example}", edition.lang().example_label())], true);
        }
        let references = references(edition, rule);
        if !references.is_empty() {
            table.more(["".to_string(), references], false);
        }
    }
    out.push_str(&style.wrap(&edition_line(edition, rules.iter().map(|r| r.id))));
    out.push('\n');
    out.push_str(&table.render(style));
    out.push('\n');
    out
}

/// The rules in Markdown: the edition line, each section's heading, each rule with its examples
/// quoted under it.
pub fn markdown(edition: &Edition, rules: &[&Rule]) -> String {
    let mut out = format!("*{}*\n", super::markdown::inline(&edition_line(edition, rules.iter().map(|r| r.id))));
    let mut last_section = None;
    for rule in rules {
        if last_section != Some(rule.id.section()) {
            last_section = Some(rule.id.section());
            let heading = edition.section_heading(rule.id).unwrap_or("(no section heading)");
            out.push_str(&format!("\n## {}\n", super::markdown::inline(heading)));
        }
        out.push_str(&format!("\n**{}** {}\n", rule.id, super::markdown::inline(&rule.text)));
        for example in &rule.examples {
            out.push_str(&format!("\n> {}\n", super::markdown::cell(example)));
        }
    }
    out
}

/// `fr-2011-02-04 · fr · rules text of 2011-02-04`; a second date when some rules come from a
/// document of another date, as in the embedded corpus.
pub fn edition_line(edition: &Edition, ids: impl Iterator<Item = RuleId>) -> String {
    let mut dates: Vec<&str> = ids.map(|id| edition.date_of(id)).collect();
    dates.sort_unstable();
    dates.dedup();
    if dates.is_empty() {
        dates.push(&edition.info.date);
    }
    format!("Edition {} · {} · rules text of {}", edition.name(), edition.lang(), dates.join(", "))
}

/// What a rule cites and what cites it, after a blank line; empty when neither.
fn references(edition: &Edition, rule: &Rule) -> String {
    let cites = id_list(edition, &rule.references);
    let cited_by = id_list(edition, edition.cited_by(rule.id));
    let mut lines = String::new();
    if !cites.is_empty() {
        lines.push_str(&format!("\n→ cites {cites}"));
    }
    if !cited_by.is_empty() {
        lines.push_str(&format!("\n← cited by {cited_by}"));
    }
    lines
}

/// Rule numbers, those absent from the edition marked with `*` and explained once.
fn id_list(edition: &Edition, ids: &[RuleId]) -> String {
    let mut missing = false;
    let mut parts: Vec<String> = Vec::new();
    for id in ids {
        if edition.contains(*id) {
            parts.push(id.to_string());
        } else {
            missing = true;
            parts.push(format!("{id}*"));
        }
    }
    let mut list = parts.join(", ");
    if missing {
        list.push_str(" (* not in this edition)");
    }
    list
}
