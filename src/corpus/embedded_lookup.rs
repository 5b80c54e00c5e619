//! What `judge rule` reads of the embedded edition: the documents of the sections shown, and of
//! the sections their rules cite, with the rules each rule cites taken from [`REFERENCES`] instead
//! of found in the text. Finding them in all five documents was two thirds of `judge rule 614.1`
//! (1.4 M of 3.3 M instructions), and a rule shown says which rules cite it, which can be in any
//! document: the table gives every rule's references without parsing any.

use super::edition::{Edition, Parsed};
use super::embedded::{self, DOCUMENTS};
use super::parse_fr;
use super::rule_id::RuleId;
use std::ops::RangeInclusive;

/// The rules each rule of the embedded edition cites, as `parse_fr::parse` finds them, for every
/// rule that cites any, in rule order. Written out from the parser's answer: a test checks it
/// against the parser and prints the table to paste when `rules-corpus/` changes. A few hundred
/// bytes of the binary; nothing is added to the build.
const REFERENCES: [(RuleId, &[RuleId]); 30] = [
    (id("100.4a"), &[id("100.2a")]),
    (id("101.1"), &[id("104.3a")]),
    (id("101.2a"), &[id("112.10")]),
    (id("101.4b"), &[id("101.4a")]),
    (id("112.1a"), &[id("609")]),
    (id("112.2c"), &[id("702")]),
    (id("112.2d"), &[id("609")]),
    (id("112.3a"), &[id("112.6")]),
    (id("112.3b"), &[id("602")]),
    (id("112.3c"), &[id("603")]),
    (id("112.3d"), &[id("604")]),
    (id("112.4"), &[id("605")]),
    (id("112.5"), &[id("606")]),
    (id("112.6a"), &[id("604.3")]),
    (id("112.6g"), &[id("614.12")]),
    (id("112.6i"), &[id("702.52")]),
    (id("112.6m"), &[id("113"), id("902"), id("904")]),
    (id("112.7"), &[id("603.7d"), id("603.7e"), id("603.7f")]),
    (id("112.8"), &[id("603.7d"), id("603.7e"), id("603.7f")]),
    (id("112.10"), &[id("613")]),
    (id("112.11"), &[id("604.3"), id("700.4"), id("700.5")]),
    (id("305.1"), &[id("115")]),
    (id("305.5"), &[id("204.3h")]),
    (id("305.6"), &[id("107.4a"), id("605")]),
    (id("611.2d"), &[id("608.2g")]),
    (id("614.1"), &[id("615")]),
    (id("614.2"), &[id("609.7")]),
    (id("614.8"), &[id("701.11")]),
    (id("614.12"), &[id("614.1c"), id("614.1d"), id("400.7a")]),
    (id("614.13"), &[id("607")]),
];

/// The embedded edition as [`embedded::load`] gives it, for showing the rules of `sections`: their
/// documents whole, and those of the rules their rules cite, every rule with its references and
/// the rules citing it as in the whole edition. No other document is parsed. The nearest numbers
/// to a missing one, and names, must be asked of the whole edition.
pub fn load(sections: RangeInclusive<u16>) -> Edition {
    // The sections of the documents shown, whose rules can all be shown.
    let shown: Vec<u16> = DOCUMENTS
        .iter()
        .map(|(_, _, secs)| *secs)
        .filter(|secs| secs.iter().any(|s| sections.contains(s)))
        .flatten()
        .copied()
        .collect();
    // A rule shown lists the rules it cites, each marked when absent from the edition: their
    // documents are read too. Those citing it are rules of the table, known to be there.
    let cited: Vec<u16> = REFERENCES
        .iter()
        .filter(|(rule, _)| shown.contains(&rule.section()))
        .flat_map(|(_, cites)| cites.iter().map(|c| c.section()))
        .collect();
    let wanted = |secs: &[u16]| secs.iter().any(|s| shown.contains(s) || cited.contains(s));
    // The shipped text parses without problems (a unit test of `embedded.rs` checks it).
    let (mut parsed, _) = embedded::parse(wanted, parse_fr::parse_without_references);
    fill_references(&mut parsed);
    let citing = REFERENCES.iter().map(|(rule, cites)| (*rule, *cites));
    Edition::part(embedded::info(), embedded::documents(), parsed, citing)
}

/// A rule number of [`REFERENCES`], read when compiling, so that a lookup parses none: one that
/// is not a rule number fails the build. `RuleId::parse` reads the same numbers the same way (a
/// test compares the table with the parser's answer).
const fn id(text: &str) -> RuleId {
    const fn digit(b: &[u8], i: usize) -> u16 {
        assert!(i < b.len() && b[i].is_ascii_digit(), "a digit");
        (b[i] - b'0') as u16
    }
    let b = text.as_bytes();
    let section = digit(b, 0) * 100 + digit(b, 1) * 10 + digit(b, 2);
    if b.len() == 3 {
        return RuleId::section_id(section);
    }
    assert!(b[3] == b'.', "a period after the section");
    let (mut rule, mut at) = (digit(b, 4), 5);
    while at < b.len() && b[at].is_ascii_digit() {
        rule = rule * 10 + digit(b, at);
        at += 1;
    }
    if at == b.len() {
        return RuleId::rule_id(section, rule);
    }
    assert!(at + 1 == b.len() && b[at].is_ascii_lowercase(), "one lower-case letter at the end");
    RuleId::subrule_id(section, rule, b[at] as char)
}

/// Every rule parsed gets the rules it cites from the table (none when it is not there).
fn fill_references(parsed: &mut Parsed) {
    for (citing, cites) in &REFERENCES {
        if let Some(rule) = parsed.rules.get_mut(citing) {
            rule.references = cites.to_vec();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::RuleRef;

    /// The table is what the parser finds: on a change of `rules-corpus/`, paste the one printed.
    #[test]
    fn the_table_is_the_parsers_answer() {
        let (whole, _) = embedded::load();
        let citing: Vec<_> = whole.rules().filter(|r| !r.references.is_empty()).collect();
        let mut table = format!("const REFERENCES: [(RuleId, &[RuleId]); {}] = [\n", citing.len());
        for rule in &citing {
            let cites: Vec<String> = rule.references.iter().map(|c| format!("id(\"{c}\")")).collect();
            table.push_str(&format!("    (id(\"{}\"), &[{}]),\n", rule.id, cites.join(", ")));
        }
        table.push_str("];");
        let written: Vec<(RuleId, &[RuleId])> = citing.iter().map(|r| (r.id, r.references.as_slice())).collect();
        assert_eq!(REFERENCES.as_slice(), written, "src/corpus/embedded_lookup.rs must read:\n{table}");
    }

    #[test]
    fn the_tables_numbers_are_read_as_the_parser_reads_them() {
        for text in ["100", "614.1", "614.12", "112.6m", "702.52", "100.2a", "614.1234z"] {
            assert_eq!(id(text), RuleId::parse(text).unwrap(), "{text}");
        }
    }

    /// Every lookup a reference of one section or a range of them can make reads the rules of the
    /// whole edition and what shows with them as the whole edition has them.
    #[test]
    fn a_lookup_sees_what_the_whole_edition_shows() {
        let (whole, _) = embedded::load();
        let mut sections: Vec<u16> = DOCUMENTS.iter().flat_map(|(_, _, s)| s.iter().copied()).collect();
        sections.sort();
        let mut ranges: Vec<RangeInclusive<u16>> = vec![100..=999, 100..=100, 600..=699, 113..=610, 999..=999];
        for (i, first) in sections.iter().enumerate() {
            ranges.extend(sections[i..].iter().map(|last| *first..=*last));
        }
        for range in ranges {
            let part = load(range.clone());
            let shown: Vec<_> = whole.rules().filter(|r| range.contains(&r.id.section())).collect();
            for rule in &shown {
                assert_eq!(part.get(rule.id), Some(*rule), "{range:?}");
                assert_eq!(part.cited_by(rule.id), whole.cited_by(rule.id), "{}", rule.id);
                assert_eq!(part.children(rule.id), whole.children(rule.id), "{}", rule.id);
                assert_eq!(part.section_heading(rule.id), whole.section_heading(rule.id));
                assert_eq!(part.date_of(rule.id), whole.date_of(rule.id));
                for cited in rule.references.iter().chain(whole.cited_by(rule.id)) {
                    assert_eq!(part.contains(*cited), whole.contains(*cited), "{} cites {cited}", rule.id);
                }
                let one = RuleRef::One(rule.id);
                assert_eq!(part.resolve(one), whole.resolve(one), "{}", rule.id);
            }
            for section in range.clone().filter(|s| whole.contains(RuleId::section_id(*s))) {
                let one = RuleRef::One(RuleId::section_id(section));
                assert_eq!(part.resolve(one), whole.resolve(one), "{section}");
            }
            assert_eq!((part.name(), part.lang(), &part.info), (whole.name(), whole.lang(), &whole.info));
        }
    }
}
