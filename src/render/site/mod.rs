//! `judge corpus html`: an edition as a static site to read on a phone, offline. One page per
//! section, every rule with its number as its anchor, every cross-reference a link both ways (the
//! rules a rule cites and those that cite it, as `judge rule` shows them), the glossary linked to
//! its rules, a search that runs in the browser on an index written beside the pages, and, against
//! an older edition, the rules that changed marked with their words removed and inserted.
//!
//! The site is built in memory, every file in a fixed order from the edition alone, so that the
//! same edition gives the same bytes; writing it is the command's business.

mod changes;
mod glossary;
mod layout;
mod links;
mod pages;
mod search_index;

use crate::align::Alignment;
use crate::corpus::Edition;
use std::collections::BTreeSet;

/// The file that marks a directory as a site written by `judge corpus html`, which a new site
/// may replace.
pub const MARKER: &str = ".judge-site";

const CSS: &str = include_str!("site.css");
const SEARCH_JS: &str = include_str!("search.js");

/// The older edition a site marks the changes against, and how its rules align with the site's.
#[derive(Clone, Copy)]
pub struct Since<'a> {
    pub old: &'a Edition,
    pub alignment: &'a Alignment,
}

/// One file of the site: its name in the site's directory and its content.
#[derive(Debug, PartialEq, Eq)]
pub struct SiteFile {
    pub name: String,
    pub content: String,
}

/// Every file of the site of `edition`, in name order.
pub fn site(edition: &Edition, since: Option<Since<'_>>) -> Vec<SiteFile> {
    let sections = sections(edition);
    let glossary = glossary::Glossary::new(edition);
    let context = pages::Context { edition, sections: &sections, glossary: &glossary, since };
    let mut files = vec![
        SiteFile { name: "index.html".into(), content: pages::index(&context) },
        SiteFile { name: "site.css".into(), content: CSS.into() },
        SiteFile { name: "search.js".into(), content: SEARCH_JS.into() },
        SiteFile { name: "search-index.js".into(), content: search_index::script(edition, &glossary) },
        SiteFile { name: MARKER.into(), content: marker(edition, since) },
    ];
    for (i, &section) in sections.iter().enumerate() {
        let around = (i.checked_sub(1).map(|p| sections[p]), sections.get(i + 1).copied());
        files.push(SiteFile { name: format!("{section}.html"), content: pages::section(&context, section, around) });
    }
    if !glossary.is_empty() {
        files.push(SiteFile { name: "glossary.html".into(), content: pages::glossary(&context) });
    }
    if let Some(since) = since {
        files.push(SiteFile { name: "changes.html".into(), content: changes::page(&context, since) });
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    files
}

/// The sections that get a page: those with a heading and those that hold rules.
fn sections(edition: &Edition) -> Vec<u16> {
    let mut sections: BTreeSet<u16> = edition.parsed.sections.keys().copied().collect();
    sections.extend(edition.rules().map(|r| r.id.section()));
    sections.into_iter().collect()
}

fn marker(edition: &Edition, since: Option<Since<'_>>) -> String {
    let since = since.map_or(String::new(), |s| format!(" --since {}", s.old.name()));
    format!(
        "A site written by `judge corpus html {}{since}`; the next one may replace this directory.\n",
        edition.name()
    )
}
