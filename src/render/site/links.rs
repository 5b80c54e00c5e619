//! Where each rule is on the site, and rule text with its cross-references made links.
//!
//! A rule's anchor is its number (`614.1a`) on the page of its section (`614.html`); a section is
//! its page. A number the edition lacks is no link: it is marked `*`, as `judge rule` marks it.

use crate::corpus::references;
use crate::corpus::{Edition, RuleId};
use crate::render::escape::html as esc;

#[derive(Clone, Copy)]
pub(super) struct Links<'a> {
    edition: &'a Edition,
    /// The sections that have a page.
    pages: &'a [u16],
    /// The section of the page being written, whose rules are linked by their anchor alone.
    here: Option<u16>,
}

impl<'a> Links<'a> {
    pub(super) fn new(edition: &'a Edition, pages: &'a [u16], here: Option<u16>) -> Self {
        Links { edition, pages, here }
    }

    /// The address of a rule from the page being written; none when the site does not show it.
    pub(super) fn href(&self, id: RuleId) -> Option<String> {
        let section = id.section();
        if !self.edition.contains(id) || self.pages.binary_search(&section).is_err() {
            return None;
        }
        Some(match (id.is_section(), self.here == Some(section)) {
            (true, true) => format!("#{id}"),
            (true, false) => format!("{section}.html"),
            (false, true) => format!("#{id}"),
            (false, false) => format!("{section}.html#{id}"),
        })
    }

    /// A rule number as a link, or marked `*` when the site does not show that rule.
    pub(super) fn number(&self, id: RuleId) -> String {
        self.link(id, &id.to_string(), "*")
    }

    /// A link showing `shown`; what the site does not show is kept as printed, marked as absent,
    /// followed by `star` (lists mark it `*`; the rules' own text is quoted as it is).
    fn link(&self, id: RuleId, shown: &str, star: &str) -> String {
        match self.href(id) {
            Some(href) => format!("<a class=\"ref\" href=\"{}\">{}</a>", esc(&href), esc(shown)),
            None => format!("<span class=\"absent\" title=\"not in this edition\">{}{star}</span>", esc(shown)),
        }
    }

    /// Rule numbers separated by commas, each a link.
    pub(super) fn list(&self, ids: &[RuleId]) -> String {
        ids.iter().map(|&id| self.number(id)).collect::<Vec<_>>().join(", ")
    }

    /// `text`, escaped, with every rule number it cites a link to that rule.
    pub(super) fn text(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + text.len() / 4);
        let mut at = 0;
        for (place, id) in references::places(text) {
            if place.start < at {
                continue;
            }
            out.push_str(&esc(&text[at..place.start]));
            out.push_str(&self.link(id, &text[place.clone()], ""));
            at = place.end;
        }
        out.push_str(&esc(&text[at..]));
        out
    }
}
