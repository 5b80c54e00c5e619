//! The words of a question, and of a card's name, as card names are matched on: runs of letters
//! and digits, an apostrophe inside a word kept (`Painter's`), every other character a
//! separator (`Teferi, Time Raveler`, `Fire // Ice`, `Kiki-Jiki`, `Circle of Protection: Red`).
//! Words compare in their loose form: folded (`names::fold`) and without apostrophes, so that
//! `painters servant` is `Painter's Servant`.

use crate::cards::names::fold;
use std::ops::Range;

const APOSTROPHES: [char; 3] = ['\'', '’', 'ʼ'];

/// A word of a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Word {
    /// Where it is in the question, in bytes.
    pub(crate) span: Range<usize>,
    /// Folded, apostrophes kept: how the name index spells it.
    pub(crate) folded: String,
    /// Folded, apostrophes out: how words are compared.
    pub(crate) loose: String,
    /// Typed with a capital first letter.
    pub(crate) capital: bool,
    /// The first word of the question or of one of its sentences, capitalised for that alone.
    pub(crate) starts_sentence: bool,
    /// The word before it is `a` or `an`: `a Mountain` is a land type, not the card.
    pub(crate) after_article: bool,
}

/// A capitalised word without the `'d` a player makes a card's name a verb with (`Swords to
/// Plowshares'd`, `Bolt'd`): the name is the word before it. Lower-case words keep theirs
/// (`they'd`); `I'd` is `I`, a small word either way.
fn verb_of_a_name(typed: &str) -> &str {
    let capital = typed.chars().next().is_some_and(char::is_uppercase);
    match typed.strip_suffix('d').map(|rest| rest.trim_end_matches(APOSTROPHES)) {
        Some(rest) if capital && rest.len() + 1 < typed.len() && !rest.is_empty() => rest,
        _ => typed,
    }
}

/// The words of a text, in order.
pub(crate) fn words(text: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut start: Option<usize> = None;
    let mut sentence_ended = true;
    let push = |out: &mut Vec<Word>, span: Range<usize>, sentence_ended: bool| {
        let typed = verb_of_a_name(text[span.clone()].trim_end_matches(APOSTROPHES));
        let span = span.start..span.start + typed.len();
        if typed.is_empty() {
            return;
        }
        let folded = fold(typed);
        let after_article = out.last().is_some_and(|w: &Word| matches!(w.loose.as_str(), "a" | "an"));
        out.push(Word {
            span,
            loose: folded.replace(APOSTROPHES, ""),
            folded,
            capital: typed.chars().next().is_some_and(char::is_uppercase),
            starts_sentence: sentence_ended,
            after_article,
        });
    };
    for (at, c) in text.char_indices() {
        let in_word = c.is_alphanumeric() || (start.is_some() && APOSTROPHES.contains(&c));
        match (in_word, start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                push(&mut out, from..at, sentence_ended);
                sentence_ended = false;
                start = None;
            }
            _ => {}
        }
        if !in_word && matches!(c, '.' | '?' | '!') {
            sentence_ended = true;
        }
    }
    if let Some(from) = start {
        push(&mut out, from..text.len(), sentence_ended);
    }
    out
}

/// The loose words of a name as the index folds it.
pub(crate) fn loose(name: &str) -> Vec<String> {
    words(name).into_iter().map(|w| w.loose).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punctuation_separates_and_apostrophes_go() {
        assert_eq!(loose("Teferi, Time Raveler"), ["teferi", "time", "raveler"]);
        assert_eq!(loose("Fire // Ice"), ["fire", "ice"]);
        assert_eq!(loose("Painter’s Servant"), ["painters", "servant"]);
        assert_eq!(loose("Swords to Plowshares'd, they'd say"), ["swords", "to", "plowshares", "theyd", "say"]);
        assert_eq!(loose("Bolt’d"), ["bolt"]);
        assert_eq!(loose("Kiki-Jiki, Mirror Breaker"), ["kiki", "jiki", "mirror", "breaker"]);
        assert_eq!(loose("Circle of Protection: Red"), ["circle", "of", "protection", "red"]);
        assert_eq!(loose("Lim-Dûl's Vault"), ["lim", "duls", "vault"]);
        assert_eq!(loose("the players' hands"), ["the", "players", "hands"]);
    }

    #[test]
    fn capitals_sentences_and_articles() {
        let found = words("Does Blood Moon turn off Urborg? Is it a Swamp");
        let flags: Vec<(&str, bool, bool, bool)> =
            found.iter().map(|w| (w.loose.as_str(), w.capital, w.starts_sentence, w.after_article)).collect();
        assert_eq!(
            flags,
            [
                ("does", true, true, false),
                ("blood", true, false, false),
                ("moon", true, false, false),
                ("turn", false, false, false),
                ("off", false, false, false),
                ("urborg", true, false, false),
                ("is", true, true, false),
                ("it", false, false, false),
                ("a", false, false, false),
                ("swamp", true, false, true),
            ]
        );
        assert_eq!(&"Does Blood Moon"[found[1].span.clone()], "Blood");
    }
}
