//! "Did you mean": the closest of some known words to a mistyped one.

/// Edit distance with adjacent transpositions (Damerau–Levenshtein in its restricted form, optimal
/// string alignment, strsim's `osa_distance`): insertions, deletions, substitutions and swaps of
/// two neighbouring characters each count one. One implementation for every fuzzy match of the
/// tool.
pub fn distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

/// [`distance`] on characters already split.
pub fn distance_chars(a: &[char], b: &[char]) -> usize {
    distance(&a.iter().collect::<String>(), &b.iter().collect::<String>())
}

/// The longest word, in bytes, that a suggestion is looked for: longer than any name or key of
/// judge (the longest card name has 141 characters), so that no typo of one is missed, and short
/// enough that a pasted megabyte is not compared with every name (quadratic work each).
pub const MAX_WORD_BYTES: usize = 256;

/// The most characters of a name, id or word given by the user that a message echoes: a pasted
/// megabyte is shown as its start and a count, not whole.
pub const SHOWN_CHARS: usize = 80;

/// `word` as a message echoes it: whole when it is short, else its first [`SHOWN_CHARS`]
/// characters and how many more there are.
pub fn shown(word: &str) -> std::borrow::Cow<'_, str> {
    match word.char_indices().nth(SHOWN_CHARS) {
        None => std::borrow::Cow::Borrowed(word),
        Some((at, _)) => {
            let more = word[at..].chars().count();
            std::borrow::Cow::Owned(format!("{}… ({more} more characters)", &word[..at]))
        }
    }
}

/// `message` with each part quoted in backticks cut to [`shown`]: a message that quotes the
/// input (an id, a card name, a key) never echoes more than a short prefix of it, whichever
/// site wrote it.
pub fn shorten_quoted(message: String) -> String {
    let parts: Vec<&str> = message.split('`').collect();
    // Odd parts are quoted; an unmatched last backtick leaves its tail unquoted.
    let quoted = |i: usize| i % 2 == 1 && i + 1 < parts.len();
    if !parts.iter().enumerate().any(|(i, p)| quoted(i) && p.chars().nth(SHOWN_CHARS).is_some()) {
        return message;
    }
    let shortened: Vec<std::borrow::Cow<'_, str>> = parts
        .iter()
        .enumerate()
        .map(|(i, p)| if quoted(i) { shown(p) } else { std::borrow::Cow::Borrowed(*p) })
        .collect();
    shortened.join("`")
}

fn plausible(word: &str) -> bool {
    word.len() <= MAX_WORD_BYTES
}

/// The known word closest to `word`, if it is close enough to be a typo of it (a third of its
/// length, at least one edit). Ties go to the first in `known`, so the answer is deterministic.
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    if !plausible(word) {
        return None;
    }
    let word_lower = word.to_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    known
        .into_iter()
        .map(|k| (distance(&word_lower, &k.to_lowercase()), k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The known words close enough to `word` to be a typo of it, closest first (ties in the order
/// of `known`), at most `most`.
pub fn closest_many<'a>(word: &str, known: impl IntoIterator<Item = &'a str>, most: usize) -> Vec<&'a str> {
    if !plausible(word) {
        return Vec::new();
    }
    let word_lower = word.to_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    let mut close: Vec<(usize, usize, &str)> = known
        .into_iter()
        .enumerate()
        .map(|(i, k)| (distance(&word_lower, &k.to_lowercase()), i, k))
        .filter(|(d, _, _)| *d <= limit)
        .collect();
    close.sort();
    close.into_iter().take(most).map(|(_, _, k)| k).collect()
}

/// The id that a wrong one most likely means, among a scenario's own: one that holds the word
/// typed (`boa` for `river-boa`; the shortest, then the first), before one a typo away
/// ([`closest`]), which may be another thing altogether (the player `Bob`).
pub fn closest_id<'a, I>(word: &str, known: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str> + Clone,
{
    let lower = word.to_lowercase();
    let holding = (!lower.is_empty())
        .then(|| known.clone().into_iter().filter(|k| k.to_lowercase().contains(&lower)).min_by_key(|k| k.len()))
        .flatten();
    holding.or_else(|| closest(word, known))
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_input_is_shown_as_a_prefix() {
        let long = "x".repeat(1000);
        assert_eq!(super::shown("river-boa"), "river-boa");
        let shown = super::shown(&long);
        assert!(shown.starts_with(&"x".repeat(super::SHOWN_CHARS)) && shown.ends_with("(920 more characters)"));
        let message = super::shorten_quoted(format!("no card named `{long}`; see `judge card`"));
        assert_eq!(message, format!("no card named `{}`; see `judge card`", super::shown(&long)));
        assert_eq!(super::shorten_quoted("a `b` c".into()), "a `b` c");
    }

    use super::*;

    #[test]
    fn an_id_that_holds_the_word_comes_before_a_typo() {
        let known = ["river-boa", "grizzly", "Alice", "Bob"];
        assert_eq!(closest_id("boa", known), Some("river-boa"));
        assert_eq!(closest_id("grizly", known), Some("grizzly"));
        assert_eq!(closest_id("Bbo", known), Some("Bob"));
        assert_eq!(closest_id("a", ["a-long-one", "ab"]), Some("ab"), "the shortest that holds it");
        assert_eq!(closest_id("zzz", known), None);
    }

    #[test]
    fn distances() {
        assert_eq!(distance("zone", "zone"), 0);
        assert_eq!(distance("zonee", "zone"), 1);
        assert_eq!(distance("tpyes", "types"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("régénération", "regeneration"), 3);
        assert_eq!(distance("abc", ""), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("trample", "tramlpe"), 1);
        assert_eq!(distance("ca", "abc"), 3, "restricted form: no edit of a swapped pair");
        assert_eq!(distance("blesure", "blessure"), 1);
        assert_eq!(distance("cimetirée", "cimetière"), 2);
        assert_eq!(distance("pilel", "pille"), 1);
    }

    #[test]
    fn closest_word_or_none() {
        let known = ["id", "zone", "types", "subtypes", "timestamp"];
        assert_eq!(closest("zonee", known), Some("zone"));
        assert_eq!(closest("subtype", known), Some("subtypes"));
        assert_eq!(closest("timestmap", known), Some("timestamp"));
        assert_eq!(closest("colour", known), None);
    }

    /// A word far longer than any name gets no suggestion, and costs no comparison.
    #[test]
    fn an_implausibly_long_word_gets_no_suggestion() {
        let long = "a".repeat(MAX_WORD_BYTES + 1);
        let near = "a".repeat(MAX_WORD_BYTES + 2);
        assert_eq!(closest(&long, [near.as_str()]), None);
        assert!(closest_many(&long, [near.as_str()], 3).is_empty());
        let fits = "a".repeat(MAX_WORD_BYTES);
        assert_eq!(closest(&fits, [near.as_str()]), Some(near.as_str()));
    }
}
