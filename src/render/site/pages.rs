//! The pages of the site: the contents, one page per section, and the glossary.

use super::changes;
use super::glossary::Glossary;
use super::layout::{page, Bar};
use super::links::Links;
use super::Since;
use crate::corpus::named::is_title;
use crate::corpus::{Edition, Rule, RuleId};
use crate::render::escape::html as esc;
use crate::render::rules::edition_line;
use std::collections::BTreeMap;

/// A section page lists its rules at its top once it has more than this many.
const TOC_FROM: usize = 8;

pub(super) struct Context<'a> {
    pub(super) edition: &'a Edition,
    /// The sections that have a page, in order.
    pub(super) sections: &'a [u16],
    pub(super) glossary: &'a Glossary<'a>,
    pub(super) since: Option<Since<'a>>,
}

impl Context<'_> {
    fn bar(&self) -> Bar {
        Bar { glossary: !self.glossary.is_empty(), changes: self.since.is_some() }
    }

    fn heading(&self, section: u16) -> String {
        self.edition.parsed.sections.get(&section).cloned().unwrap_or_else(|| format!("{section}."))
    }

    pub(super) fn page(&self, title: &str, main: &str) -> String {
        page(self.edition, title, self.bar(), main)
    }
}

pub(super) fn index(c: &Context<'_>) -> String {
    let e = c.edition;
    let mut main = format!(
        "<h1>Comprehensive Rules</h1>\n<p class=\"edition\">{}</p>\n",
        esc(&edition_line(e, e.rules().map(|r| r.id)))
    );
    main.push_str(
        "<p class=\"hint\">Every rule number is a link; type words or a rule number in the search box.</p>\n",
    );
    if let Some(since) = c.since {
        main.push_str(&format!(
            "<p class=\"since\">The rules that changed since edition {} are marked: <a href=\"changes.html\">the list of changes</a>.</p>\n",
            esc(since.old.name())
        ));
    }
    let mut chapters: BTreeMap<u16, Vec<u16>> = BTreeMap::new();
    for &section in c.sections {
        chapters.entry(section / 100).or_default().push(section);
    }
    for (chapter, sections) in chapters {
        main.push_str(&format!("<section class=\"chapter\">\n<h2>Chapter {chapter}</h2>\n<ul class=\"sections\">\n"));
        for section in sections {
            let rules: Vec<&Rule> = c.edition.subtree(RuleId::section_id(section)).collect();
            let changed = c.since.map_or(0, |since| changes::changed(since, &rules));
            let note =
                if changed > 0 { format!(" <span class=\"kind\">{changed} changed</span>") } else { String::new() };
            main.push_str(&format!("<li><a href=\"{section}.html\">{}</a>{note}</li>\n", esc(&c.heading(section))));
        }
        main.push_str("</ul>\n</section>\n");
    }
    if !c.glossary.is_empty() {
        main.push_str("<section class=\"chapter\">\n<h2>Glossary</h2>\n<ul class=\"sections\">\n");
        main.push_str(&format!(
            "<li><a href=\"glossary.html\">Glossary ({} entries)</a></li>\n",
            c.glossary.entries.len()
        ));
        main.push_str("</ul>\n</section>\n");
    }
    c.page("Contents", &main)
}

pub(super) fn section(c: &Context<'_>, section: u16, around: (Option<u16>, Option<u16>)) -> String {
    let e = c.edition;
    let links = Links::new(e, c.sections, Some(section));
    let id = RuleId::section_id(section);
    let rules: Vec<&Rule> = e.subtree(id).collect();
    let heading = c.heading(section);
    let mut main = format!(
        "<p class=\"edition\">{}</p>\n<h1 id=\"{id}\">{}</h1>\n",
        esc(&edition_line(e, rules.iter().map(|r| r.id).chain([id]))),
        esc(&heading)
    );
    let cited_by = e.cited_by(id);
    if !cited_by.is_empty() {
        main.push_str(&format!("<p class=\"xref\">← cited by {}</p>\n", links.list(cited_by)));
    }
    if let Some(since) = c.since {
        main.push_str(&changes::section_note(since, &rules));
    }
    let numbered: Vec<&&Rule> = rules.iter().filter(|r| r.id.letter().is_none() && !r.id.is_section()).collect();
    if numbered.len() > TOC_FROM {
        main.push_str("<details class=\"toc\"><summary>The rules of this section</summary>\n<ul>\n");
        for rule in numbered {
            let title = if is_title(&rule.text) { format!(" {}", esc(rule.text.trim())) } else { String::new() };
            main.push_str(&format!("<li><a href=\"#{0}\">{0}</a>{title}</li>\n", rule.id));
        }
        main.push_str("</ul>\n</details>\n");
    }
    for rule in &rules {
        main.push_str(&article(c, &links, rule));
    }
    main.push_str("<nav class=\"pager\">");
    if let Some(previous) = around.0 {
        main.push_str(&format!("<a rel=\"prev\" href=\"{previous}.html\">‹ {}</a>", esc(&c.heading(previous))));
    }
    if let Some(next) = around.1 {
        main.push_str(&format!("<a rel=\"next\" href=\"{next}.html\">{} ›</a>", esc(&c.heading(next))));
    }
    main.push_str("</nav>\n");
    c.page(&heading, &main)
}

/// One rule: its number (a link to itself), its paragraphs and examples, the rules it cites and
/// those that cite it, the glossary entries that point to it, and what changed since.
fn article(c: &Context<'_>, links: &Links<'_>, rule: &Rule) -> String {
    let e = c.edition;
    let depth = if rule.id.letter().is_some() { 2 } else { 1 };
    let change = c.since.and_then(|since| changes::mark(since, e, rule.id));
    let class = change.as_ref().map_or(String::new(), |m| format!(" {}", m.class));
    let mut out = format!("<article class=\"rule depth-{depth}{class}\" id=\"{0}\">\n<a class=\"num\" href=\"#{0}\">{0}</a>\n<div class=\"body\">\n", rule.id);
    for paragraph in rule.text.split('\n').filter(|p| !p.trim().is_empty()) {
        out.push_str(&format!("<p>{}</p>\n", links.text(paragraph)));
    }
    for example in &rule.examples {
        out.push_str(&format!(
            "<p class=\"example\"><em>{}</em> {}</p>\n",
            esc(e.lang().example_label()),
            links.text(example)
        ));
    }
    if !rule.references.is_empty() {
        out.push_str(&format!("<p class=\"xref\">→ cites {}</p>\n", links.list(&rule.references)));
    }
    let cited_by = e.cited_by(rule.id);
    if !cited_by.is_empty() {
        out.push_str(&format!("<p class=\"xref\">← cited by {}</p>\n", links.list(cited_by)));
    }
    let entries = c.glossary.of_rule(rule.id);
    if !entries.is_empty() {
        let terms: Vec<String> = entries
            .iter()
            .map(|&i| {
                format!(
                    "<a class=\"term\" href=\"glossary.html#{}\">{}</a>",
                    c.glossary.anchor(i),
                    esc(&c.glossary.entries[i].term)
                )
            })
            .collect();
        // Some headwords hold commas (`Base Power, Base Toughness`): the entries are told apart by a dot.
        out.push_str(&format!("<p class=\"xref\">Glossary: {}</p>\n", terms.join(" · ")));
    }
    if let Some(change) = change {
        out.push_str(&change.html);
    }
    out.push_str("</div>\n</article>\n");
    out
}

pub(super) fn glossary(c: &Context<'_>) -> String {
    let e = c.edition;
    let links = Links::new(e, c.sections, None);
    let g = c.glossary;
    let mut main =
        format!("<p class=\"edition\">{}</p>\n<h1>Glossary</h1>\n", esc(&edition_line(e, std::iter::empty())));
    main.push_str("<dl class=\"glossary\">\n");
    for (i, entry) in g.entries.iter().enumerate() {
        let obsolete = if entry.obsolete { " <span class=\"obsolete\">(Obsolete)</span>" } else { "" };
        main.push_str(&format!("<dt id=\"{}\">{}{obsolete}</dt>\n<dd>\n", g.anchor(i), esc(&entry.term)));
        match g.sends_to(i) {
            Some(target) => main.push_str(&format!(
                "<p>See <a class=\"term\" href=\"#{}\">{}</a>.</p>\n",
                g.anchor(target),
                esc(entry.definition.trim_start_matches("See ").trim_end_matches('.'))
            )),
            None => {
                for paragraph in entry.definition.split('\n').filter(|p| !p.trim().is_empty()) {
                    main.push_str(&format!("<p>{}</p>\n", links.text(paragraph)));
                }
            }
        }
        let targets = g.targets(i);
        if !targets.is_empty() {
            main.push_str(&format!("<p class=\"xref\">→ rules {}</p>\n", links.list(targets)));
        }
        main.push_str("</dd>\n");
    }
    main.push_str("</dl>\n");
    c.page("Glossary", &main)
}
