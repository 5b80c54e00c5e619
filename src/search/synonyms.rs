//! What judges say and how the rules say it (`rules-corpus/synonyms.tsv`): `ETB` for "enters the
//! battlefield", `dies` for "put into a graveyard from the battlefield". A question that uses a
//! word of the left column also searches the words of the right one, added to the question
//! before it is read, so that they are translated like the rest when the edition is in the other
//! language. Data, not code: a judge's word is one line of the file. The left column may be
//! several runs of words joined by `...`: the runs in that order, anything between them (`copy
//! ... counters` is said of "does the copy get the counters").

use crate::data_file::records;
use std::sync::LazyLock;

const TSV: &str = include_str!("../../rules-corpus/synonyms.tsv");

/// One line of the file: what is said, as runs of lower-case words found in that order, and how
/// the rules say it.
pub(crate) struct Synonym {
    pub(crate) said: Vec<Vec<String>>,
    pub(crate) meant: &'static str,
}

impl Synonym {
    /// Whether a question's words say it: each run of words, after the one before.
    fn is_in(&self, asked: &[String]) -> bool {
        let mut from = 0;
        for run in &self.said {
            let Some(at) = asked[from..].windows(run.len()).position(|w| w == run.as_slice()) else {
                return false;
            };
            from += at + run.len();
        }
        true
    }
}

/// The runs of words of a left column (`copy ... counters`).
fn runs(said: &str) -> Vec<Vec<String>> {
    said.split("...").map(words).collect()
}

static SYNONYMS: LazyLock<Vec<Synonym>> = LazyLock::new(|| parse(TSV).0);

/// Every synonym of the file, and the lines that are not `language<TAB>said<TAB>meant`.
pub(crate) fn parse(tsv: &'static str) -> (Vec<Synonym>, Vec<usize>) {
    let mut synonyms = Vec::new();
    let mut bad = Vec::new();
    for record in records(tsv) {
        match record.fields[..] {
            [lang, said, meant]
                if matches!(lang, "en" | "fr")
                    && runs(said).iter().all(|run| !run.is_empty())
                    && !meant.trim().is_empty() =>
            {
                synonyms.push(Synonym { said: runs(said), meant: meant.trim() });
            }
            _ => bad.push(record.number),
        }
    }
    (synonyms, bad)
}

/// The words of a question as matched here: split at spaces, outer punctuation off, lower case
/// (`P/T?` is `p/t`).
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether a word (lower case) is one of those judges say for the rules' words (`blink`, `etb`).
pub(crate) fn is_said(word: &str) -> bool {
    SYNONYMS.iter().any(|synonym| synonym.said.iter().flatten().any(|said| said == word))
}

/// The question with what the rules call each of its judges' words added at the end.
pub(crate) fn expand(question: &str) -> String {
    let asked = words(question);
    let mut added: Vec<&str> = Vec::new();
    for synonym in SYNONYMS.iter() {
        if synonym.is_in(&asked) && !added.contains(&synonym.meant) {
            added.push(synonym.meant);
        }
    }
    if added.is_empty() {
        return question.to_string();
    }
    format!("{question} {}", added.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_has_no_bad_line() {
        let (synonyms, bad) = parse(TSV);
        assert!(bad.is_empty(), "lines that are not `language<TAB>said<TAB>meant`: {bad:?}");
        assert!(synonyms.len() >= 40);
    }

    #[test]
    fn judges_words_add_the_rules_words() {
        assert_eq!(expand("my creature dies"), "my creature dies put into a graveyard from the battlefield");
        assert_eq!(expand("Does it ETB tapped?"), "Does it ETB tapped? enters the battlefield");
        assert!(expand("what is its P/T").ends_with("power and toughness"));
        assert_eq!(expand("roll a die"), "roll a die");
    }

    #[test]
    fn protection_from_a_colour_searches_the_stated_quality() {
        assert!(expand("can my pro red creature block").contains("protection from \"stated quality\""));
        assert!(expand("Protection from green and auras").ends_with("\"stated quality\""));
        assert!(!expand("protection from artifacts").contains("stated quality"));
    }

    #[test]
    fn runs_of_words_are_found_in_order_with_anything_between() {
        let synonym = Synonym { said: runs("copy ... counters"), meant: "copiable values" };
        let asked = |q| words(q);
        assert!(synonym.is_in(&asked("does the copy get the counters")));
        assert!(synonym.is_in(&asked("copy counters")));
        assert!(!synonym.is_in(&asked("counters on the copy")));
        assert!(!synonym.is_in(&asked("copy")));
    }

    #[test]
    fn judges_words_are_known_as_such() {
        assert!(is_said("flicker") && is_said("etb"));
        assert!(!is_said("urborg"));
    }
}
