//! One search result, and the excerpt of the rule that shows why it matched.

use super::analyzer;
use super::schema::Fields;
use crate::corpus::{Lang, RuleId};
use serde::Serialize;
use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use tantivy::query::Query;
use tantivy::schema::Field;
use tantivy::snippet::{collapse_overlapped_ranges, SnippetGenerator};
use tantivy::{Score, Searcher, Term};

/// Longest excerpt, in bytes of the rule's text, before the ellipses.
const SNIPPET_LEN: usize = 180;

const ELLIPSIS: &str = "…";

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hit {
    pub id: RuleId,
    /// BM25 relevance: only comparable between hits of the same search.
    pub score: f32,
    /// The heading of the rule's section, as printed (`614. … : Effets de remplacement`).
    pub section: String,
    /// Plain text on one line: the part of the rule that best matches the question (of one of its
    /// examples when only an example matched), with `…` where it was cut.
    pub snippet: String,
    /// Byte ranges of `snippet` holding the question's words, sorted and disjoint, for a terminal
    /// to colour. Left out of JSON, whose `snippet` is plain text.
    #[serde(skip)]
    pub highlights: Vec<Range<usize>>,
    /// The title of the rule this subrule belongs to, when that rule is a name (`Deathtouch`).
    #[serde(skip)]
    pub parent_title: Option<String>,
    /// When several of this rule's subrules matched, the best of them, best first, shown under
    /// it as part of this hit (`search/group.rs`); else empty.
    pub subrules: Vec<Subrule>,
}

/// A subrule shown under the rule it belongs to, in that rule's hit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Subrule {
    pub id: RuleId,
    /// Its own relevance, comparable with the hits' of the same search.
    pub score: f32,
    /// As a hit's: the part of the subrule that best matches the question.
    pub snippet: String,
    #[serde(skip)]
    pub highlights: Vec<Range<usize>>,
}

impl Subrule {
    /// [`Hit::marked_snippet`] of the subrule.
    pub fn marked_snippet(&self, open: &str, close: &str) -> String {
        mark(&self.snippet, &self.highlights, open, close)
    }
}

impl Hit {
    /// The snippet with each highlighted range between `open` and `close`: ANSI colour codes for
    /// a terminal, `**` and `**` for Markdown.
    pub fn marked_snippet(&self, open: &str, close: &str) -> String {
        mark(&self.snippet, &self.highlights, open, close)
    }
}

fn mark(snippet: &str, highlights: &[Range<usize>], open: &str, close: &str) -> String {
    let mut out = String::with_capacity(snippet.len() + highlights.len() * (open.len() + close.len()));
    let mut from = 0;
    for range in highlights {
        out.push_str(&snippet[from..range.start]);
        out.push_str(open);
        out.push_str(&snippet[range.clone()]);
        out.push_str(close);
        from = range.end;
    }
    out.push_str(&snippet[from..]);
    out
}

/// Excerpts for the hits of one search: tantivy's snippet generators for the rule's text and
/// for its examples, both stemmed fields, so that a word found by typo tolerance or through the
/// vocabulary is highlighted as well as one typed as it is printed. The examples' generator is
/// made only when a rule's text has none of the words.
pub(crate) struct Snippets<'s> {
    searcher: &'s Searcher,
    query: &'s dyn Query,
    fields: Fields,
    lang: Lang,
    text: SnippetGenerator,
    examples: OnceCell<SnippetGenerator>,
}

impl<'s> Snippets<'s> {
    pub(crate) fn new(
        searcher: &'s Searcher,
        query: &'s dyn Query,
        fields: Fields,
        lang: Lang,
    ) -> tantivy::Result<Self> {
        let text = generator(searcher, query, fields.text, lang)?;
        Ok(Snippets { searcher, query, fields, lang, text, examples: OnceCell::new() })
    }

    fn examples(&self) -> tantivy::Result<&SnippetGenerator> {
        if let Some(examples) = self.examples.get() {
            return Ok(examples);
        }
        let examples = generator(self.searcher, self.query, self.fields.examples, self.lang)?;
        Ok(self.examples.get_or_init(|| examples))
    }

    /// The excerpt of a rule and its highlighted ranges.
    pub(crate) fn excerpt(&self, text: &str, examples: &[&str]) -> tantivy::Result<(String, Vec<Range<usize>>)> {
        let from_text = self.text.snippet(text);
        if !from_text.highlighted().is_empty() {
            return Ok(render(text, &from_text));
        }
        for example in examples {
            let from_example = self.examples()?.snippet(example);
            if !from_example.highlighted().is_empty() {
                return Ok(render(example, &from_example));
            }
        }
        // Only the section heading matched: the beginning of the rule says what it is about.
        Ok((one_line(&lead(text, SNIPPET_LEN)), Vec::new()))
    }
}

/// What `SnippetGenerator::create` makes, with the analyzer that stems only the words that may
/// be the query's terms ([`analyzer::highlighter`]).
fn generator(searcher: &Searcher, query: &dyn Query, field: Field, lang: Lang) -> tantivy::Result<SnippetGenerator> {
    let mut terms: BTreeSet<&Term> = BTreeSet::new();
    query.query_terms(&mut |term, _| {
        if term.field() == field {
            terms.insert(term);
        }
    });
    // Rarer words weigh more in choosing the excerpt, as tantivy weighs them.
    let mut weights: BTreeMap<String, Score> = BTreeMap::new();
    for term in terms {
        let value = term.value();
        let Some(text) = value.as_str() else { continue };
        let doc_freq = searcher.doc_freq(term)?;
        if doc_freq > 0 {
            weights.insert(text.to_string(), 1.0 / (1.0 + doc_freq as Score));
        }
    }
    let initials: Vec<&str> = weights.keys().map(String::as_str).collect();
    let analyzer = analyzer::highlighter(lang, &initials);
    Ok(SnippetGenerator::new(weights, analyzer, field, SNIPPET_LEN))
}

fn render(source: &str, snippet: &tantivy::snippet::Snippet) -> (String, Vec<Range<usize>>) {
    let range = snippet.fragment_range();
    // Tantivy's fragment runs from a word to a word: give it back the punctuation around it
    // (`« `, a final period) when nothing else is left out on that side.
    let has_words = |text: &str| text.chars().any(char::is_alphanumeric);
    let start = if has_words(&source[..range.start]) { range.start } else { 0 };
    let end = if has_words(&source[range.end..]) { range.end } else { source.trim_end().len() };
    let mut out = String::new();
    if start > 0 {
        out.push_str(ELLIPSIS);
    }
    let shift = out.len() + range.start - start;
    out.push_str(&one_line(&source[start..end]));
    if end < source.trim_end().len() {
        out.push_str(ELLIPSIS);
    }
    let highlights =
        collapse_overlapped_ranges(snippet.highlighted()).into_iter().map(|r| r.start + shift..r.end + shift).collect();
    (out, highlights)
}

/// Paragraph breaks become spaces, byte for byte, so that ranges stay valid.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r', '\t'], " ")
}

/// The beginning of a text, cut after a whole word, with an ellipsis when cut.
fn lead(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let cut = text[..end].rfind(char::is_whitespace).unwrap_or(end);
    format!("{}{ELLIPSIS}", text[..cut].trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(snippet: &str, highlights: Vec<Range<usize>>) -> Hit {
        Hit {
            id: RuleId::parse("614.8").unwrap(),
            score: 1.0,
            section: String::new(),
            snippet: snippet.into(),
            highlights,
            parent_title: None,
            subrules: Vec::new(),
        }
    }

    #[test]
    fn marks_the_highlighted_ranges() {
        let text = "La régénération est un effet";
        let word = |w: &str| text.find(w).map(|start| start..start + w.len()).unwrap();
        let h = hit(text, vec![word("régénération"), word("effet")]);
        assert_eq!(h.marked_snippet("**", "**"), "La **régénération** est un **effet**");
        assert_eq!(h.marked_snippet("", ""), h.snippet);
    }

    #[test]
    fn json_has_the_plain_snippet_only() {
        let json = serde_json::to_value(hit("un effet", std::iter::once(3..8).collect())).unwrap();
        assert_eq!(json["snippet"], "un effet");
        assert_eq!(json["id"], "614.8");
        assert!(json.get("highlights").is_none());
    }

    #[test]
    fn a_lead_is_cut_after_a_whole_word() {
        assert_eq!(lead("court", 10), "court");
        assert_eq!(lead("un effet de remplacement", 12), "un effet de…");
        assert_eq!(lead("éééééé", 3), "é…");
    }
}
