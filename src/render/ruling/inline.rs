//! Text that keeps its structure: plain words, ids from the scenario file, quoted card text and
//! rule citations, so that Markdown and HTML each mark them up their own way (code spans, quotes,
//! links to the quoted rules).

use crate::corpus::RuleId;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    /// An id the scenario file gives an object or an effect.
    Code(String),
    /// Card or effect text, in quotation marks.
    Quote(String),
    Strong(String),
    /// Rule numbers, printed in parentheses; each links to its quote.
    Cite(Vec<RuleId>),
}

/// A run of pieces: a sentence, a table cell, a heading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line(pub Vec<Piece>);

impl Line {
    pub fn new() -> Self {
        Line(Vec::new())
    }

    pub fn plain(text: impl Into<String>) -> Self {
        Line(vec![Piece::Text(text.into())])
    }

    pub fn text(&mut self, text: impl Into<String>) -> &mut Self {
        let text = text.into();
        if !text.is_empty() {
            self.0.push(Piece::Text(text));
        }
        self
    }

    pub fn code(&mut self, id: impl Into<String>) -> &mut Self {
        self.0.push(Piece::Code(id.into()));
        self
    }

    pub fn quote(&mut self, text: impl Into<String>) -> &mut Self {
        self.0.push(Piece::Quote(text.into()));
        self
    }

    pub fn strong(&mut self, text: impl Into<String>) -> &mut Self {
        self.0.push(Piece::Strong(text.into()));
        self
    }

    /// " (613.6, 613.6a)": nothing when there is no rule to cite.
    pub fn cite(&mut self, rules: Vec<RuleId>) -> &mut Self {
        if !rules.is_empty() {
            self.0.push(Piece::Cite(rules));
        }
        self
    }

    pub fn append(&mut self, other: &Line) -> &mut Self {
        self.0.extend(other.0.iter().cloned());
        self
    }

    /// Ends a sentence with a full stop, unless it already ends with one (a quoted ability that
    /// ends with its own full stop).
    pub fn end(&mut self) -> &mut Self {
        let ended = match self.0.last() {
            Some(Piece::Text(t) | Piece::Quote(t)) => t.trim_end().ends_with(['.', '!', '?']),
            _ => false,
        };
        if !ended {
            self.text(".");
        }
        self
    }

    /// Items as "a", "a and b", "a, b and c".
    pub fn list(&mut self, items: &[Line]) -> &mut Self {
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.text(if i + 1 == items.len() { " and " } else { ", " });
            }
            self.append(item);
        }
        self
    }

    /// Every rule cited, in order, with repeats.
    pub fn rules(&self) -> impl Iterator<Item = RuleId> + '_ {
        self.0
            .iter()
            .flat_map(|p| match p {
                Piece::Cite(ids) => ids.as_slice(),
                _ => &[],
            })
            .copied()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// "a" or "an" before `word`, by its first letter: good enough for the words a type line starts
/// with (colours, card types, numbers).
pub fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        // "an 8/8", "an 11/11", "an 18/18"
        Some('8') => "an",
        _ if word.starts_with("11/") || word.starts_with("18/") => "an",
        _ => "a",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_ends_once() {
        let mut line = Line::plain("Urborg has ");
        line.quote("{T}: Add {R}.").end();
        assert_eq!(line.0.len(), 2);
        line.text(" It waits").end();
        assert_eq!(line.0.last(), Some(&Piece::Text(".".into())));
    }

    #[test]
    fn lists_read_as_english() {
        let items: Vec<Line> = ["a", "b", "c"].iter().map(|s| Line::plain(*s)).collect();
        let mut line = Line::new();
        line.list(&items);
        let words: Vec<String> = line
            .0
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.clone(),
                _ => String::new(),
            })
            .collect();
        assert_eq!(words.concat(), "a, b and c");
    }

    #[test]
    fn articles() {
        assert_eq!(article("Enchantment"), "an");
        assert_eq!(article("colorless"), "a");
        assert_eq!(article("8/8"), "an");
        assert_eq!(article("11/11"), "an");
        assert_eq!(article("1/1"), "a");
        assert_eq!(article("3/3"), "a");
    }
}
