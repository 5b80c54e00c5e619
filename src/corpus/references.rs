//! Cross-references in rule text, in English and French: `see rule 614.12`, `cf. règle 609.7`,
//! `Voir les règles 614.1c–d`, `rules 509.1–3`, `See rule 609, "Effects."`.

use super::reference_scan as scan;
use super::rule_id::RuleId;
use super::rule_ref::RuleRef;
use regex::Regex;
use std::sync::LazyLock;

/// A rule number, optionally followed by a range end, as printed inside a sentence. A range end
/// follows the dash directly: in running text a spaced dash is punctuation, not a range.
static NUMBERED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(\d{3}\.\d{1,4}[a-zA-Z]?)(?:[-–—](\d{3}\.\d{1,4}[a-z]?|\d{1,4}[a-z]?|[a-z]))?\b")
        .expect("static pattern")
});

/// A whole section named after its keyword: `rule 609`, `règle 607`, `section 614`.
static SECTION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(?:rules?|règles?|section)\s+(\d{3})\b").expect("static pattern"));

/// Every rule number `text` cites, ranges expanded, in order of first mention, without `own`.
pub fn extract(text: &str, own: Option<RuleId>) -> Vec<RuleId> {
    // Every rule number is written in ASCII digits (`RuleId::parse`): a text without any cites
    // nothing, whatever the patterns would match in it.
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return Vec::new();
    }
    // The hand-written scan where it is sure to agree with the patterns, which are then never
    // compiled (`reference_scan.rs`).
    let sure = scan::sure(text);
    let numbered = if sure { scan::numbered(text) } else { numbered_by_regex(text) };
    let sections = if sure { scan::sections(text) } else { sections_by_regex(text) };
    let mut found: Vec<(usize, RuleId)> = Vec::new();
    for (at, number, end) in numbered {
        let reference = match end {
            Some(end) => RuleRef::parse(&format!("{number}-{end}")),
            None => RuleRef::parse(number),
        };
        // A malformed range still cites its start.
        let ids = reference.map(RuleRef::expand).or_else(|_| RuleId::parse(number).map(|id| vec![id]));
        found.extend(ids.unwrap_or_default().into_iter().map(|id| (at, id)));
    }
    for (at, number) in sections {
        let after = &text[at + number.len()..];
        if after.starts_with('.') && after[1..].starts_with(|c: char| c.is_ascii_digit()) {
            continue; // `rule 614.1` is a numbered reference, found above
        }
        if let Ok(id) = RuleId::parse(number) {
            found.push((at, id));
        }
    }
    found.sort_by_key(|(at, _)| *at);
    let mut ids: Vec<RuleId> = Vec::new();
    for (_, id) in found {
        if Some(id) != own && !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// Where `text` cites rules, in order: the place of each number printed and the rule it names.
/// A range gives two places, its start and its end (`614.1c` and `d` in `614.1c–d`), so that a
/// page can link each number a reader sees; the rules between are named by [`extract`] only.
pub fn places(text: &str) -> Vec<(std::ops::Range<usize>, RuleId)> {
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return Vec::new();
    }
    let sure = scan::sure(text);
    let numbered = if sure { scan::numbered(text) } else { numbered_by_regex(text) };
    let sections = if sure { scan::sections(text) } else { sections_by_regex(text) };
    let mut found: Vec<(std::ops::Range<usize>, RuleId)> = Vec::new();
    for (at, number, end) in numbered {
        let Ok(start) = RuleId::parse(number) else { continue };
        found.push((at..at + number.len(), start));
        let Some(end) = end else { continue };
        // The end is printed after the dash, at the end of the whole match.
        let end_at = text[at + number.len()..].find(end).map(|i| at + number.len() + i);
        if let (Ok(range), Some(end_at)) = (RuleRef::parse(&format!("{number}-{end}")), end_at) {
            found.push((end_at..end_at + end.len(), range.end()));
        }
    }
    for (at, number) in sections {
        let after = &text[at + number.len()..];
        if after.starts_with('.') && after[1..].starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        if let Ok(id) = RuleId::parse(number) {
            found.push((at..at + number.len(), id));
        }
    }
    found.sort_by_key(|(range, _)| range.start);
    found
}

/// `NUMBERED`'s matches, as the scan gives them.
pub(super) fn numbered_by_regex(text: &str) -> Vec<scan::Numbered<'_>> {
    NUMBERED
        .captures_iter(text)
        .map(|caps| {
            let whole = caps.get(0).expect("group 0 always matches");
            let number = caps.get(1).expect("group 1 is not optional").as_str();
            (whole.start(), number, caps.get(2).map(|end| end.as_str()))
        })
        .collect()
}

/// `SECTION`'s matches: where each section number starts, and the number.
pub(super) fn sections_by_regex(text: &str) -> Vec<(usize, &str)> {
    SECTION
        .captures_iter(text)
        .map(|caps| caps.get(1).expect("group 1 always matches"))
        .map(|number| (number.start(), number.as_str()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(text: &str) -> Vec<String> {
        extract(text, None).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn finds_references_in_both_languages() {
        let cases: &[(&str, &[&str])] = &[
            ("(Cf. règle 609.7.)", &["609.7"]),
            ("cf. règle 609.7", &["609.7"]),
            ("(Voir les règles 614.1c–d.)", &["614.1c", "614.1d"]),
            ("see rule 614.12.", &["614.12"]),
            ("See rules 509.1–3.", &["509.1", "509.2", "509.3"]),
            ("as described in rules 601.2a–d", &["601.2a", "601.2b", "601.2c", "601.2d"]),
            ("Voir règle 607, « Capacités liées. »", &["607"]),
            ("See rule 609, \"Effects.\"", &["609"]),
            ("(Cf. règles 700.4 et 700.5.)", &["700.4", "700.5"]),
            ("rules 614.10-614.11 apply", &["614.10", "614.11"]),
            ("See section 8, \"Multiplayer Rules.\"", &[]),
            ("(cf. règle 100.2a)", &["100.2a"]),
            ("A 1/1 creature gets +2/+2 - and more.", &[]),
        ];
        for (text, expected) in cases {
            assert_eq!(refs(text), *expected, "text: {text}");
        }
    }

    #[test]
    fn places_are_the_numbers_as_printed() {
        let text = "See rules 614.1c–d and rule 609, and 509.1-3.";
        let found: Vec<(&str, String)> = places(text).into_iter().map(|(r, id)| (&text[r], id.to_string())).collect();
        assert_eq!(
            found,
            [
                ("614.1c", "614.1c".into()),
                ("d", "614.1d".into()),
                ("609", "609".into()),
                ("509.1", "509.1".into()),
                ("3", "509.3".into())
            ]
        );
        assert!(places("rule 614.1 only").iter().all(|(r, _)| r.len() == 5));
    }

    #[test]
    fn upper_case_letters_are_normalised() {
        assert_eq!(refs("cf. règle 100.2A"), ["100.2a"]);
    }

    #[test]
    fn own_number_and_repeats_are_dropped() {
        let own = RuleId::parse("614.1").unwrap();
        let found: Vec<String> =
            extract("rule 614.1, rule 614.12, rule 614.12", Some(own)).iter().map(ToString::to_string).collect();
        assert_eq!(found, ["614.12"]);
    }
}
