//! The changes since an older edition, from the alignment of `judge diff`: each changed rule
//! marked on its page with the words removed and inserted, and a page that lists every change,
//! the removed rules with their old text, since no other page has them.

use super::links::Links;
use super::pages::Context;
use super::Since;
use crate::align::word_diff::{pieces, Piece};
use crate::align::{Change, ChangeKind};
use crate::corpus::{Edition, Rule, RuleId};
use crate::render::escape::html as esc;
use std::collections::BTreeMap;

/// How a rule is marked: a class for its article and what is shown under its text.
pub(super) struct Mark {
    pub(super) class: &'static str,
    pub(super) html: String,
}

/// The mark of a rule of the new edition; none when it is unchanged.
pub(super) fn mark(since: Since<'_>, new: &Edition, id: RuleId) -> Option<Mark> {
    let counterpart = since.alignment.reverse(id)?;
    let change = counterpart.change;
    let old = since.old.name();
    let was = ids(&change.old);
    let (class, what) = match change.kind {
        ChangeKind::Unchanged => return None,
        ChangeKind::Added => ("added", format!("Added since {old}.")),
        ChangeKind::Renumbered => ("changed", format!("Renumbered since {old}: was {was}.")),
        ChangeKind::Reworded if change.renumbered() => {
            ("changed", format!("Reworded since {old}{}: was {was}.", alike(change)))
        }
        ChangeKind::Reworded => ("changed", format!("Reworded since {old}{}.", alike(change))),
        ChangeKind::Split if change.new.first() != Some(&id) => {
            ("changed", format!("Split since {old} from {was}: the words that changed are under {}.", change.new[0]))
        }
        ChangeKind::Split => {
            ("changed", format!("Split since {old}: {was} became {}{}.", ids(&change.new), alike(change)))
        }
        ChangeKind::Merged => ("changed", format!("Merged since {old}: {was} became this rule{}.", alike(change))),
        ChangeKind::Removed => return None,
    };
    let mut html = format!("<div class=\"change\">\n<p class=\"what\">{}</p>\n", esc(&what));
    let words = matches!(change.kind, ChangeKind::Reworded | ChangeKind::Merged)
        || (change.kind == ChangeKind::Split && change.new.first() == Some(&id));
    if words {
        let text = |edition: &Edition, ids: &[RuleId]| -> String {
            ids.iter().filter_map(|&id| edition.get(id)).map(|r| r.text.as_str()).collect::<Vec<_>>().join(" ")
        };
        html.push_str(&format!(
            "<p class=\"diff\">{}</p>\n",
            diff(&text(since.old, &change.old), &text(new, &change.new))
        ));
    }
    html.push_str("</div>\n");
    Some(Mark { class, html })
}

/// The note at the top of a section page: how many of its rules changed.
pub(super) fn section_note(since: Since<'_>, rules: &[&Rule]) -> String {
    let changed = changed(since, rules);
    let rules_word = if changed == 1 { "rule" } else { "rules" };
    format!(
        "<p class=\"since\">{changed} {rules_word} of this section changed since edition {} (<a href=\"changes.html\">all changes</a>).</p>\n",
        esc(since.old.name())
    )
}

/// How many of these rules changed (were added, renumbered, reworded, split or merged).
pub(super) fn changed(since: Since<'_>, rules: &[&Rule]) -> usize {
    rules.iter().filter(|r| since.alignment.reverse(r.id).is_some_and(|c| c.kind != ChangeKind::Unchanged)).count()
}

/// Every change, section by section of the new edition (a removed rule under its old section).
pub(super) fn page(c: &Context<'_>, since: Since<'_>) -> String {
    let links = Links::new(c.edition, c.sections, None);
    let old = since.old;
    let mut main = format!(
        "<h1>Changes</h1>\n<p class=\"edition\">From edition {} (rules text of {}) to edition {} (rules text of {})</p>\n",
        esc(old.name()),
        esc(&old.info.date),
        esc(c.edition.name()),
        esc(&c.edition.info.date)
    );
    let counts: Vec<String> = since.alignment.counts().into_iter().map(|(kind, n)| format!("{n} {kind}")).collect();
    main.push_str(&format!("<p>{}.</p>\n", esc(&counts.join(", "))));
    let mut by_section: BTreeMap<u16, Vec<&Change>> = BTreeMap::new();
    for change in since.alignment.changes().iter().filter(|c| c.kind != ChangeKind::Unchanged) {
        let first = change.new.first().or(change.old.first()).map_or(0, |id| id.section());
        by_section.entry(first).or_default().push(change);
    }
    for (section, changes) in by_section {
        let heading = c.edition.parsed.sections.get(&section).or(old.parsed.sections.get(&section));
        main.push_str(&format!(
            "<h2>{}</h2>\n<ul class=\"changes\">\n",
            esc(heading.map_or(&section.to_string(), |h| h))
        ));
        for change in changes {
            main.push_str(&format!("<li><span class=\"kind\">{}</span> ", esc(&change.label())));
            if change.new.is_empty() {
                main.push_str(&format!("{} of {}", esc(&ids(&change.old)), esc(old.name())));
                for rule in change.old.iter().filter_map(|&id| old.get(id)) {
                    main.push_str(&format!("<blockquote><p>{}</p></blockquote>", esc(&rule.text)));
                }
            } else {
                main.push_str(&links.list(&change.new));
                if !change.old.is_empty() && change.old != change.new {
                    main.push_str(&format!(" (was {})", esc(&ids(&change.old))));
                }
            }
            main.push_str("</li>\n");
        }
        main.push_str("</ul>\n");
    }
    c.page("Changes", &main)
}

/// The words of both texts, those removed struck out and those inserted underlined.
fn diff(old: &str, new: &str) -> String {
    let runs: Vec<String> = pieces(old, new)
        .into_iter()
        .map(|piece| match piece {
            Piece::Same(words) => esc(&words.join(" ")),
            Piece::Removed(words) => format!("<del>{}</del>", esc(&words.join(" "))),
            Piece::Inserted(words) => format!("<ins>{}</ins>", esc(&words.join(" "))),
        })
        .collect();
    runs.join(" ")
}

fn alike(change: &Change) -> String {
    change.similarity.map_or(String::new(), |s| format!(" ({s} % alike)"))
}

fn ids(ids: &[RuleId]) -> String {
    ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}
