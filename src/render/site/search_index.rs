//! The search index of the site, a script that `search.js` loads on first use: every rule,
//! section and glossary entry as a hit (its number or headword, its address and the start of its
//! text), and every word → the hits that hold it. Words are folded as the page's script folds
//! a question, with the table written into the index, so that both read words alike.

use super::glossary::Glossary;
use super::links::Links;
use crate::corpus::{Edition, RuleId};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Letters written without their accents, and ligatures in full: what a judge types on any
/// keyboard finds `régénération` and `cœur`.
const FOLDS: [(char, &str); 33] = [
    ('à', "a"),
    ('á', "a"),
    ('â', "a"),
    ('ã', "a"),
    ('ä', "a"),
    ('å', "a"),
    ('æ', "ae"),
    ('ç', "c"),
    ('è', "e"),
    ('é', "e"),
    ('ê', "e"),
    ('ë', "e"),
    ('ì', "i"),
    ('í', "i"),
    ('î', "i"),
    ('ï', "i"),
    ('ñ', "n"),
    ('ò', "o"),
    ('ó', "o"),
    ('ô', "o"),
    ('õ', "o"),
    ('ö', "o"),
    ('œ', "oe"),
    ('ù', "u"),
    ('ú', "u"),
    ('û', "u"),
    ('ü', "u"),
    ('ý', "y"),
    ('ÿ', "y"),
    ('ß', "ss"),
    ('’', "'"),
    ('‘', "'"),
    ('\u{a0}', " "),
];

/// How much of a rule's text a hit shows, in characters.
const SNIPPET: usize = 72;
/// A word held by more than this share of the hits is too common to search (`the`, `of`), in
/// an edition of at least [`COMMON_FROM`] hits; the script passes over it in a question.
const COMMON_SHARE: usize = 3;
const COMMON_FROM: usize = 200;

#[derive(Serialize)]
struct Index<'a> {
    /// Number or headword and the start of the text; a glossary entry's address third (a rule's
    /// is its number on its section's page, which the script works out).
    docs: Vec<Vec<String>>,
    /// Word → the hits that hold it, in order, each written as its distance from the one before.
    terms: BTreeMap<String, Vec<usize>>,
    common: Vec<String>,
    fold: BTreeMap<String, &'a str>,
}

/// The lower-case text with its letters folded ([`FOLDS`]).
pub(super) fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match FOLDS.iter().find(|(from, _)| *from == c) {
            Some((_, to)) => out.push_str(to),
            None => out.push(c),
        }
    }
    out
}

/// The words searched for in a text: folded, made of ASCII letters and digits, two or more long.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    fold(text)
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() >= 2)
        .map(str::to_string)
        .collect::<Vec<_>>()
        .into_iter()
}

pub(super) fn script(edition: &Edition, glossary: &Glossary<'_>) -> String {
    let pages: Vec<u16> = super::sections(edition);
    let links = Links::new(edition, &pages, None);
    let mut docs: Vec<Vec<String>> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    let mut push = |doc: Vec<String>, text: String| {
        docs.push(doc);
        texts.push(text);
    };
    for &section in &pages {
        let id = RuleId::section_id(section);
        let heading = edition.parsed.sections.get(&section).cloned().unwrap_or_else(|| section.to_string());
        push(vec![section.to_string(), heading.clone()], heading);
        for rule in edition.subtree(id) {
            if links.href(rule.id).is_none() {
                continue;
            }
            let mut text = rule.text.clone();
            for example in &rule.examples {
                text.push('\n');
                text.push_str(example);
            }
            push(vec![rule.id.to_string(), snippet(&rule.text)], text);
        }
    }
    for (i, entry) in glossary.entries.iter().enumerate() {
        let text = format!("{}\n{}\n{}", entry.term, entry.aliases.join("\n"), entry.definition);
        let href = format!("glossary.html#{}", glossary.anchor(i));
        push(vec![entry.term.clone(), snippet(&entry.definition), href], text);
    }
    let mut terms: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (doc, text) in texts.iter().enumerate() {
        let unique: BTreeSet<String> = words(text).collect();
        for word in unique {
            terms.entry(word).or_default().push(doc);
        }
    }
    let mut common = Vec::new();
    if docs.len() >= COMMON_FROM {
        terms.retain(|word, postings| {
            let keep = postings.len() * COMMON_SHARE <= docs.len();
            if !keep {
                common.push(word.clone());
            }
            keep
        });
    }
    for postings in terms.values_mut() {
        let mut last = 0;
        for doc in postings.iter_mut() {
            (*doc, last) = (*doc - last, *doc);
        }
    }
    let fold = FOLDS.iter().map(|(from, to)| (from.to_string(), *to)).collect();
    let index = Index { docs, terms, common, fold };
    // `<` only ever stands inside a JSON string, where `\u003c` is the same character: no text
    // of the rules can close a script element, should the index ever be inlined in a page.
    let json = serde_json::to_string(&index).expect("the index serializes").replace('<', "\\u003c");
    format!("// The search index of this site, written by judge corpus html.\nwindow.JUDGE_SEARCH = {json};\n")
}

/// The start of a text, cut between words, on one line.
fn snippet(text: &str) -> String {
    let line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= SNIPPET {
        return line;
    }
    let cut: String = line.chars().take(SNIPPET).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(start, _)| start);
    format!("{cut} …")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_folded_as_a_judge_types_them() {
        let found: Vec<String> = words("La régénération d’un cœur: 614.1a, +1/+1").collect();
        assert_eq!(found, ["la", "regeneration", "un", "coeur", "614", "1a"]);
    }

    #[test]
    fn snippets_are_cut_between_words() {
        let long = "word ".repeat(40);
        let cut = snippet(&long);
        assert!(cut.ends_with(" …") && cut.chars().count() <= SNIPPET + 2, "{cut}");
        assert_eq!(snippet("Short\ntext."), "Short text.");
    }
}
