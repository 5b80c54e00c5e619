//! The game's vocabulary in both languages (`rules-corpus/vocabulary.tsv`), so that an English
//! question finds the French rules and a French question the English ones.
//!
//! The terms of the query's language are analysed like the query (stemmed, stop words out), so
//! that `enters the battlefield`, `entering the battlefield` and `enter battlefield` all match
//! the same entry; a match adds the entry's terms in the edition's language, multi-word terms as
//! phrases.

use super::analyzer::{self, analyze, Kind};
use crate::corpus::Lang;
use crate::data_file::records;
use std::collections::HashMap;
use std::sync::OnceLock;

const TSV: &str = include_str!("../../rules-corpus/vocabulary.tsv");

/// One line of the vocabulary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pair {
    pub(crate) en: &'static str,
    pub(crate) fr: &'static str,
}

impl Pair {
    fn term(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Fr => self.fr,
        }
    }
}

/// A line that is neither a comment, nor blank, nor two non-empty terms separated by one tab.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct BadLine {
    pub(crate) line: usize,
    pub(crate) text: &'static str,
}

/// Every pair of the vocabulary file, and the lines that are not pairs.
pub(crate) fn parse(tsv: &'static str) -> (Vec<Pair>, Vec<BadLine>) {
    let mut pairs = Vec::new();
    let mut bad = Vec::new();
    for record in records(tsv) {
        match record.fields[..] {
            [en, fr] if !en.trim().is_empty() && !fr.trim().is_empty() => {
                pairs.push(Pair { en: en.trim(), fr: fr.trim() });
            }
            _ => bad.push(BadLine { line: record.number, text: record.line }),
        }
    }
    (pairs, bad)
}

/// The vocabulary from one language to another, keyed by the analysed terms of the first.
pub(crate) struct Vocabulary {
    entries: HashMap<Vec<String>, Vec<&'static str>>,
    /// The most terms a key has, to bound the matching.
    longest: usize,
}

/// The vocabulary of an index, analysed on first use: analysing it costs about a millisecond,
/// a quarter of a whole `judge search`, and a question whose words are all the edition's own
/// never needs it.
pub(crate) struct LazyVocabulary {
    from: Lang,
    to: Lang,
    cell: OnceLock<Vocabulary>,
}

impl LazyVocabulary {
    pub(crate) fn new(from: Lang, to: Lang) -> Self {
        LazyVocabulary { from, to, cell: OnceLock::new() }
    }

    pub(crate) fn get(&self) -> &Vocabulary {
        self.cell.get_or_init(|| Vocabulary::new(self.from, self.to))
    }
}

/// A run of the query's terms that names a vocabulary entry.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Match<'v> {
    /// Index of the first matched term, and how many terms were matched.
    pub(crate) start: usize,
    pub(crate) len: usize,
    /// The entry's renderings in the edition's language, as written in the file.
    pub(crate) targets: &'v [&'static str],
}

impl Vocabulary {
    /// The vocabulary that translates questions in `from` for an edition in `to`.
    pub(crate) fn new(from: Lang, to: Lang) -> Self {
        let mut stemmed = analyzer::analyzer(from, Kind::Stemmed);
        let mut entries: HashMap<Vec<String>, Vec<&'static str>> = HashMap::new();
        for pair in parse(TSV).0 {
            let key: Vec<String> = analyze(&mut stemmed, pair.term(from)).into_iter().map(|a| a.text).collect();
            if key.is_empty() {
                continue; // only stop words: nothing a question could be matched on
            }
            let targets = entries.entry(key).or_default();
            if !targets.contains(&pair.term(to)) {
                targets.push(pair.term(to));
            }
        }
        let longest = entries.keys().map(Vec::len).max().unwrap_or(0);
        Vocabulary { entries, longest }
    }

    /// The longest entries found in a sequence of analysed terms, left to right, without overlap.
    pub(crate) fn matches(&self, terms: &[String]) -> Vec<Match<'_>> {
        let mut found = Vec::new();
        let mut start = 0;
        while start < terms.len() {
            let longest = self.longest.min(terms.len() - start);
            let hit =
                (1..=longest).rev().find_map(|len| self.entries.get(&terms[start..start + len]).map(|t| (len, t)));
            match hit {
                Some((len, targets)) => {
                    found.push(Match { start, len, targets });
                    start += len;
                }
                None => start += 1,
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_file_parses_into_at_least_300_pairs_without_duplicates() {
        let (pairs, bad) = parse(TSV);
        assert!(bad.is_empty(), "lines that are not `english<TAB>french`: {bad:?}");
        assert!(pairs.len() >= 300, "only {} pairs", pairs.len());
        let mut seen = HashSet::new();
        for record in records(TSV) {
            assert!(seen.insert(record.line), "duplicate line `{}`", record.line);
        }
    }

    #[test]
    fn every_term_has_a_searchable_word() {
        for pair in parse(TSV).0 {
            for lang in [Lang::En, Lang::Fr] {
                let mut stemmed = analyzer::analyzer(lang, Kind::Stemmed);
                let term = pair.term(lang);
                assert!(!analyze(&mut stemmed, term).is_empty(), "`{term}` is only stop words");
            }
        }
    }

    fn terms(lang: Lang, text: &str) -> Vec<String> {
        analyze(&mut analyzer::analyzer(lang, Kind::Stemmed), text).into_iter().map(|a| a.text).collect()
    }

    #[test]
    fn english_to_french_prefers_the_longest_entry() {
        let vocabulary = Vocabulary::new(Lang::En, Lang::Fr);
        let query = terms(Lang::En, "when a creature enters the battlefield tapped");
        let found = vocabulary.matches(&query);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].targets.contains(&"créature"), "{found:?}");
        assert_eq!((found[1].start, found[1].len), (1, 3));
        assert_eq!(found[1].targets, ["arrive sur le champ de bataille engagé"]);
    }

    #[test]
    fn inflections_match_the_same_entry() {
        let vocabulary = Vocabulary::new(Lang::En, Lang::Fr);
        let found = vocabulary.matches(&terms(Lang::En, "Self-Replacement Effects"));
        assert_eq!(found.len(), 1);
        assert!(found[0].targets.contains(&"effet d'auto-remplacement"), "{found:?}");
    }

    #[test]
    fn a_term_can_have_several_renderings() {
        let vocabulary = Vocabulary::new(Lang::En, Lang::Fr);
        let found = vocabulary.matches(&terms(Lang::En, "counter"));
        assert!(found[0].targets.contains(&"marqueur") && found[0].targets.contains(&"contrecarrer"), "{found:?}");
    }

    #[test]
    fn french_to_english() {
        let vocabulary = Vocabulary::new(Lang::Fr, Lang::En);
        let found = vocabulary.matches(&terms(Lang::Fr, "l'horodatage des couches"));
        let targets: Vec<&str> = found.iter().flat_map(|m| m.targets.iter().copied()).collect();
        assert!(targets.contains(&"timestamp") && targets.contains(&"layers"), "{targets:?}");
    }
}
