//! What to tell a judge beside the hits, when search cannot answer well:
//! - the question is about sections the edition does not have (the French excerpts have no
//!   613, 615 or 702): which, and how to get them (`rules-corpus/topics.tsv`);
//! - the question is mostly names the rules never contain (cards): a scenario answers it, and
//!   the scenarios that name the same cards;
//! - the cards the question names (through the card data) that scenarios name, and the names
//!   typed that may be several cards;
//! - the best hit has less than two thirds of the words searched: the rules may say it otherwise.

use super::named::{Ambiguous, Named};
use super::query::Coverage;
use super::SearchIndex;
use crate::corpus::Outline;
use crate::data_file::records;
use std::sync::LazyLock;

const TOPICS: &str = include_str!("../../rules-corpus/topics.tsv");

struct Topic {
    section: u16,
    heading: &'static str,
    words: Vec<String>,
}

static PARSED: LazyLock<Vec<Topic>> = LazyLock::new(|| {
    records(TOPICS)
        .filter_map(|record| match record.fields[..] {
            [section, heading, words] => Some(Topic {
                section: section.parse().ok()?,
                heading,
                words: words.split_whitespace().map(fold).collect(),
            }),
            _ => None,
        })
        .collect()
});

/// A word as matched here: lower case, a final `s` off.
fn fold(word: &str) -> String {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '-').to_lowercase();
    match word.strip_suffix('s') {
        Some(stem) if stem.chars().count() > 2 => stem.to_string(),
        _ => word,
    }
}

/// A hint for the judge, in sentences.
#[derive(Debug, PartialEq, Eq)]
pub enum Hint {
    /// Sections the question is about and the edition lacks: (number, heading).
    MissingSections(Vec<(u16, &'static str)>),
    /// Words that look like card names, absent from the rules; the scenarios naming them.
    CardNames { names: Vec<String>, scenarios: Vec<&'static str> },
    /// The best hit has `found` of the `asked` words searched; the `missing` ones, as typed.
    FewWords { found: usize, asked: usize, missing: Vec<String> },
    /// Cards the question names (found in the card data), and the scenarios that name them.
    Scenarios { cards: Vec<String>, scenarios: Vec<&'static str> },
    /// Names typed that may be more cards than the answer shows.
    Ambiguous(Vec<Ambiguous>),
}

/// The hints for a question in an edition, searched in its index, whose best hit has `best` of
/// its words, and which names the cards of `named`.
pub fn hints(
    edition: &Outline,
    index: &SearchIndex,
    question: &str,
    best: Option<&Coverage>,
    named: &Named,
) -> Vec<Hint> {
    let mut out = Vec::new();
    let words: Vec<String> = question.split_whitespace().map(fold).collect();
    let missing: Vec<(u16, &'static str)> = PARSED
        .iter()
        .filter(|t| !edition.sections.contains_key(&t.section) && t.words.iter().any(|w| words.contains(w)))
        .map(|t| (t.section, t.heading))
        .collect();
    if !missing.is_empty() {
        out.push(Hint::MissingSections(missing));
    }
    // Names the card data knows are no longer unknown words.
    let names = if named.is_empty() { card_names(index, question) } else { card_names(index, &named.rest(question)) };
    if !names.is_empty() {
        out.push(Hint::CardNames { scenarios: scenarios(&names), names });
    }
    if !named.is_empty() {
        let cards: Vec<String> = named
            .cards
            .iter()
            .filter(|c| c.shown && !crate::shipped_scenarios::about(&c.card.name).is_empty())
            .map(|c| c.card.name.clone())
            .collect();
        if !cards.is_empty() {
            out.push(Hint::Scenarios { scenarios: scenarios(&cards), cards });
        }
        if !named.ambiguous.is_empty() {
            out.push(Hint::Ambiguous(named.ambiguous.clone()));
        }
    }
    // Card names explain why the words are not found: saying it twice would be noise.
    let about_cards = out.iter().any(|h| matches!(h, Hint::CardNames { .. }));
    if let Some(best) = best.filter(|b| b.is_weak() && !about_cards) {
        out.push(Hint::FewWords { found: best.found, asked: best.asked, missing: best.missing.clone() });
    }
    out
}

/// The scenarios of `scenarios/` that name any of these cards.
fn scenarios(names: &[String]) -> Vec<&'static str> {
    let mut scenarios: Vec<&'static str> = names.iter().flat_map(|n| crate::shipped_scenarios::about(n)).collect();
    scenarios.sort();
    scenarios.dedup();
    scenarios
}

/// Capitalised words past the first (or from the first, when the second is one too) that no
/// rule of the edition has: card names, which the
/// rules never print (but their examples may). Only when they are most of the question's words.
/// Not the first word, capitalised for starting the sentence: in another language than the
/// edition's (`What`, `Regeneration` against the French rules), no rule has it either.
fn card_names(index: &SearchIndex, question: &str) -> Vec<String> {
    let words: Vec<&str> =
        question.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric())).collect();
    let content = words.iter().filter(|w| w.chars().count() > 3).count();
    let capital = |w: &&str| w.chars().next().is_some_and(char::is_uppercase);
    // The first word counts when a capitalised word follows it: a name begins the question
    // (`Thought Reflection`).
    let first = usize::from(!words.get(1).is_some_and(capital));
    let names: Vec<String> = words
        .iter()
        .skip(first)
        .filter(|w| capital(w) && w.chars().count() > 3)
        .filter(|w| !index.rules_have(w) && !index.is_stop_word(w))
        .map(|w| w.to_string())
        .collect();
    if names.len() * 2 >= content.max(1) {
        names
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::embedded;

    fn french() -> (Outline, SearchIndex) {
        let (edition, _) = embedded::load();
        (Outline::of(&edition), SearchIndex::in_memory(&edition).unwrap())
    }

    #[test]
    fn the_french_corpus_says_it_has_no_layers() {
        let (edition, index) = french();
        let hints = hints(&edition, &index, "layer 7", None, &Named::default());
        assert_eq!(hints, [Hint::MissingSections(vec![(613, "Interaction of Continuous Effects")])]);
        assert!(super::hints(&edition, &index, "régénération", None, &Named::default()).is_empty());
    }

    #[test]
    fn card_names_point_to_the_scenarios() {
        let (edition, index) = french();
        let found = hints(&edition, &index, "does Humility turn off Opalescence", None, &Named::default());
        let Some(Hint::CardNames { names, scenarios }) = found.last() else { panic!("{found:?}") };
        assert_eq!(names, &["Humility", "Opalescence"]);
        assert!(scenarios.contains(&"scenarios/humility-then-opalescence.yaml"), "{scenarios:?}");
        assert!(hints(&edition, &index, "who controls a triggered ability", None, &Named::default()).is_empty());
    }

    #[test]
    fn a_best_hit_with_few_of_the_words_is_said_to_be_weak() {
        let (edition, index) = french();
        let coverage = |found, asked| Coverage { found, asked, missing: vec!["banane".into(); asked - found] };
        let weak = hints(&edition, &index, "régénération banane", Some(&coverage(1, 3)), &Named::default());
        assert_eq!(weak, [Hint::FewWords { found: 1, asked: 3, missing: vec!["banane".into(); 2] }]);
        assert!(!hints(&edition, &index, "régénération", Some(&coverage(1, 2)), &Named::default()).is_empty());
        for (found, asked) in [(2, 3), (3, 4), (3, 3), (0, 0)] {
            assert!(
                hints(&edition, &index, "régénération", Some(&coverage(found, asked)), &Named::default()).is_empty(),
                "{found}/{asked}"
            );
        }
    }

    #[test]
    fn the_topics_file_parses_whole() {
        let lines = records(TOPICS).count();
        assert_eq!(PARSED.len(), lines);
    }
}
