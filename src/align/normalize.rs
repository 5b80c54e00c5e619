//! What two texts of a rule are compared on: typography evened out (quotes, apostrophes,
//! dashes, spaces) and the numbers of the rules they cite masked, because a rule that only cites
//! a renumbered rule by its new number has not changed.

use regex::Regex;
use std::sync::LazyLock;

/// A cited rule number, with the end of a range when there is one (`614.1c-d`, `509.1-3`).
static RULE_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b\d{3}\.\d{1,4}[a-z]?(?:-(?:\d{3}\.\d{1,4}[a-z]?|\d{1,4}[a-z]?|[a-z]))?\b").expect("static pattern")
});

/// A whole section cited by its keyword: `rule 613`, `section 8` is a chapter and is left alone.
static SECTION_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b((?i:rules?|sections?))\s+\d{3}\b").expect("static pattern"));

/// The text with curly quotes and apostrophes made straight, every dash a hyphen and runs of
/// white space one space.
pub(crate) fn typography(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        let c = match c {
            '\u{2018}' | '\u{2019}' | '\u{201B}' | '\u{2032}' | '`' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201F}' | '\u{2033}' => '"',
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            c if c.is_whitespace() => {
                space = true;
                continue;
            }
            c => c,
        };
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    out
}

/// The text compared for equality: [`typography`], then every cited rule number replaced by `#`.
pub(crate) fn masked(text: &str) -> String {
    let text = typography(text);
    let text = RULE_NUMBER.replace_all(&text, "#");
    SECTION_NUMBER.replace_all(&text, "$1 #").into_owned()
}

/// The words of a masked text, lower-cased, punctuation dropped: what similarity counts.
pub(crate) fn words(masked: &str) -> impl Iterator<Item = String> + '_ {
    masked
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '#'))
        .map(|w| w.trim_matches('\'').to_lowercase())
        .filter(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typography_is_evened_out() {
        assert_eq!(typography("a  \u{201C}b\u{201D}\u{2019}s \u{2014} c\n d "), "a \"b\"'s - c d");
    }

    #[test]
    fn cited_numbers_are_masked() {
        assert_eq!(masked("See rule 613.7."), "See rule #.");
        assert_eq!(
            masked("See rules 614.1c\u{2013}d and rule 609, \"Effects.\""),
            "See rules # and rule #, \"Effects.\""
        );
        assert_eq!(masked("deals 100 damage"), "deals 100 damage");
        assert_eq!(masked("see rule 613.3"), masked("see rule 613.4"));
    }

    #[test]
    fn words_are_lower_case_without_punctuation() {
        let w: Vec<String> = words("It's a card's \"name,\" see rule #.").collect();
        assert_eq!(w, ["it's", "a", "card's", "name", "see", "rule", "#"]);
    }
}
