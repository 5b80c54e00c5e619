//! The two patterns of `references.rs`, matched by hand. Compiling those regexes cost about 6 M
//! instructions and searching the shipped French pages with them 6 M more: half of every command
//! that reads the embedded edition (`judge rule`, `judge resolve`), for 43 KB of text.
//!
//! The scan gives exactly the regexes' matches (leftmost-first, their greedy choices tried in
//! the same order) wherever it can tell a word character as the regexes' Unicode `\b` does: ASCII,
//! letters, spaces and the punctuation the rules texts use. A text with any other character (a
//! digit that is not ASCII, a combining mark…) is not [`sure`], and the caller uses the regexes.
//! A test compares both on every rules text and on generated ones.

/// A match of `NUMBERED`: where it starts, the rule number, and the range end if there is one.
pub(super) type Numbered<'t> = (usize, &'t str, Option<&'t str>);

/// A character the scan cannot classify as the regexes do.
struct Unsure;

/// Whether `c` is a word character for Unicode `\b`; `Unsure` where std cannot tell.
fn is_word(c: char) -> Result<bool, Unsure> {
    if c.is_ascii() {
        return Ok(c.is_ascii_alphanumeric() || c == '_');
    }
    // Unicode `\w` is Alphabetic, marks, decimal digits, connector punctuation and the joiners.
    if c.is_alphabetic() && !c.is_numeric() {
        return Ok(true);
    }
    if c.is_whitespace() || NOT_WORD.contains(&c) {
        return Ok(false);
    }
    Err(Unsure)
}

/// Punctuation and symbols found in the rules texts, none of them a word character.
const NOT_WORD: [char; 22] = [
    '\u{2019}', '\u{2018}', '\u{201c}', '\u{201d}', '\u{2014}', '\u{2013}', '\u{2010}', '\u{2011}', '\u{2012}',
    '\u{2015}', '\u{ab}', '\u{bb}', '\u{2026}', '\u{2022}', '\u{2122}', '\u{ae}', '\u{a9}', '\u{b0}', '\u{221e}',
    '\u{2212}', '\u{fffd}', '\u{feff}',
];

/// Whether every character of `text` is one the scans classify as the patterns do. Checked once
/// per text, so that the scans need only ASCII tests and `is_word` on characters known to be sure.
pub(super) fn sure(text: &str) -> bool {
    text.is_ascii() || text.chars().all(|c| c.is_ascii() || is_word(c).is_ok())
}

fn word_before(text: &str, at: usize) -> bool {
    text[..at].chars().next_back().is_some_and(|c| is_word(c).unwrap_or(false))
}

fn word_at(text: &str, at: usize) -> bool {
    text[at..].chars().next().is_some_and(|c| is_word(c).unwrap_or(false))
}

fn digits(bytes: &[u8], at: usize, max: usize) -> usize {
    bytes[at.min(bytes.len())..].iter().take(max).take_while(|b| b.is_ascii_digit()).count()
}

/// `\b(\d{3}\.\d{1,4}[a-zA-Z]?)(?:[-–—](\d{3}\.\d{1,4}[a-z]?|\d{1,4}[a-z]?|[a-z]))?\b`, every
/// match in order.
/// `text` must be [`sure`].
pub(super) fn numbered(text: &str) -> Vec<Numbered<'_>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at].is_ascii_digit() && !word_before(text, at) {
            if let Some((end, number, range_end)) = numbered_at(text, at) {
                found.push((at, number, range_end));
                at = end;
                continue;
            }
        }
        at += 1;
    }
    found
}

/// The regex's match starting at `start`, trying its choices in its order of preference.
fn numbered_at(text: &str, start: usize) -> Option<(usize, &str, Option<&str>)> {
    let bytes = text.as_bytes();
    if digits(bytes, start, 3) != 3 || bytes.get(start + 3) != Some(&b'.') {
        return None;
    }
    let after_dot = start + 4;
    for n in (1..=digits(bytes, after_dot, 4)).rev() {
        let number_end = after_dot + n;
        let letter = bytes.get(number_end).is_some_and(u8::is_ascii_alphabetic);
        for end in [number_end + 1, number_end].into_iter().filter(|&e| letter || e == number_end) {
            if let Some((range_end, whole_end)) = range_at(text, end) {
                return Some((whole_end, &text[start..end], Some(range_end)));
            }
            if !word_at(text, end) {
                return Some((end, &text[start..end], None));
            }
        }
    }
    None
}

/// `[-–—](\d{3}\.\d{1,4}[a-z]?|\d{1,4}[a-z]?|[a-z])\b` at `at`: the range end and where it stops.
fn range_at(text: &str, at: usize) -> Option<(&str, usize)> {
    let dash = ["-", "\u{2013}", "\u{2014}"].into_iter().find(|d| text[at..].starts_with(d))?;
    let from = at + dash.len();
    let bytes = text.as_bytes();
    let lower = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_lowercase);
    // The first alternative, then the second, then the third; each greedy, then shorter.
    let mut ends = Vec::new();
    if digits(bytes, from, 3) == 3 && bytes.get(from + 3) == Some(&b'.') {
        for n in (1..=digits(bytes, from + 4, 4)).rev() {
            let e = from + 4 + n;
            if lower(e) {
                ends.push(e + 1);
            }
            ends.push(e);
        }
    }
    for n in (1..=digits(bytes, from, 4)).rev() {
        if lower(from + n) {
            ends.push(from + n + 1);
        }
        ends.push(from + n);
    }
    if lower(from) {
        ends.push(from + 1);
    }
    ends.into_iter().find(|&e| !word_at(text, e)).map(|e| (&text[from..e], e))
}

/// `(?i)\b(?:rules?|règles?|section)\s+(\d{3})\b`: the start of each section number.
/// `text` must be [`sure`].
pub(super) fn sections(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        // Every keyword starts with `r`, `s` or `ſ` (0xC5 0xBF), in either case.
        let first = matches!(bytes[at], b'r' | b'R' | b's' | b'S' | 0xC5);
        if first && text.is_char_boundary(at) && word_at(text, at) && !word_before(text, at) {
            if let Some((number, end)) = section_at(text, at) {
                found.push((number, &text[number..end]));
                at = end;
                continue;
            }
        }
        at += 1;
    }
    found
}

fn section_at(text: &str, start: usize) -> Option<(usize, usize)> {
    let rest = &text[start..];
    // `rules?` prefers `rules`, `règles?` prefers `règles`; only one of them can be followed by
    // a space.
    let keywords = ["rules", "rule", "règles", "règle", "section"];
    keywords.iter().filter_map(|k| caseless_prefix(rest, k)).find_map(|len| {
        let spaces: usize = rest[len..].chars().take_while(|c| c.is_whitespace()).map(char::len_utf8).sum();
        let number = start + len + spaces;
        let end = number + 3;
        (spaces > 0 && digits(text.as_bytes(), number, 3) == 3 && !word_at(text, end)).then_some((number, end))
    })
}

/// The length in `text` of a prefix equal to `keyword` under the regex's simple case folding
/// (which also folds `ſ` to `s`).
fn caseless_prefix(text: &str, keyword: &str) -> Option<usize> {
    let mut chars = text.char_indices();
    for k in keyword.chars() {
        let (_, c) = chars.next()?;
        let same = match k {
            'è' => c == 'è' || c == 'È',
            's' => c.eq_ignore_ascii_case(&'s') || c == 'ſ',
            _ => c.eq_ignore_ascii_case(&k),
        };
        if !same {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(i, _)| i))
}

#[cfg(test)]
mod tests {
    use super::super::references::{numbered_by_regex, sections_by_regex};
    use super::*;
    use proptest::prelude::*;

    /// The scan agrees with the patterns, or steps aside for them.
    fn agrees(text: &str) -> Result<(), String> {
        if !sure(text) {
            return Ok(());
        }
        let (scanned, by_regex) = (numbered(text), numbered_by_regex(text));
        if scanned != by_regex {
            return Err(format!("numbered in {text:?}: {scanned:?} ≠ {by_regex:?}"));
        }
        let (scanned, by_regex) = (sections(text), sections_by_regex(text));
        if scanned != by_regex {
            return Err(format!("sections in {text:?}: {scanned:?} ≠ {by_regex:?}"));
        }
        Ok(())
    }

    #[test]
    fn the_hard_cases_match_as_the_patterns_do() {
        for text in [
            "rules 614.10-614.11 apply",
            "614.12345 and 614.1234a-b.",
            "614.1a–d, 614.1–3, 614.1—614.2c, 614.1-x_",
            "614.1-_ 614.1ab 614.1A-614.2 1614.1 a614.1 _614.1 é614.1 614.1é",
            "Rules  614\tand RÈGLES 611, rule 6141, règle 614.2, ſection 100, rulesection 101",
            "section 100a rule\u{a0}112 règle\u{2019}614 «règle 614»",
            "",
        ] {
            assert!(sure(text), "{text}");
            agrees(text).unwrap();
        }
    }

    #[test]
    fn what_it_cannot_classify_goes_to_the_patterns() {
        for text in ["614.1\u{663}", "rule 614\u{301}", "614.1\u{200d}", "½ 614.1", "\u{2160}614.1"] {
            assert!(!sure(text), "{text}");
        }
    }

    /// Every paragraph of the shipped French pages and of every official text beside the
    /// repository.
    #[test]
    #[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
    fn every_rules_text_is_scanned_as_the_patterns_match_it() {
        let mut texts: Vec<String> = crate::corpus::embedded::FILES.iter().map(|(_, t)| (*t).to_string()).collect();
        let dir = std::path::Path::new(env!("JUDGE_CR_DIR"));
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files {
            texts.push(crate::corpus::decode::decode(&std::fs::read(&file).unwrap()).unwrap());
        }
        let mut unsure = 0;
        for text in &texts {
            // Whole, as a rule's paragraphs joined, and line by line.
            agrees(text).unwrap();
            for paragraph in text.lines() {
                agrees(paragraph).unwrap();
                unsure += usize::from(!sure(paragraph));
            }
        }
        assert_eq!(unsure, 0, "every line of the rules texts is scanned, none left to the patterns");
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

        /// Texts made of what the patterns look at: digits, dots, dashes, letters, keywords,
        /// spaces, and characters the scan must step aside for.
        #[test]
        fn generated_texts_are_scanned_as_the_patterns_match_them(
            parts in proptest::collection::vec(
                prop_oneof![
                    "[0-9]{1,5}", Just(".".to_string()), "[-–—]", "[a-zA-Z_]{1,2}",
                    "(rules?|RULE|règles?|RÈGLE|section|ſection)", "[ \t\u{a0}]{1,2}", "[é’«½\u{663}\u{301}]",
                ],
                0..14,
            )
        ) {
            let text = parts.concat();
            prop_assert!(agrees(&text).is_ok(), "{}", agrees(&text).unwrap_err());
        }
    }
}
