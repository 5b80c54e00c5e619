//! What `judge rule` reads of the embedded edition: the documents of the sections shown, and of
//! the sections their rules cite, with the rules each rule cites taken from [`REFERENCES`] instead
//! of found in the text. Finding them in all five documents would be most of `judge rule`'s work,
//! and a rule shown says which rules cite it, which can be in any document: the table gives
//! every rule's references without parsing any.

use super::edition::{Edition, Parsed};
use super::embedded::{self, DOCUMENTS};
use super::parse_fr;
use super::rule_id::RuleId;
use std::ops::RangeInclusive;

/// The rules each rule of the embedded edition cites, as `parse_fr::parse` finds them, for every
/// rule that cites any, in rule order. Written out from the parser's answer: a test checks it
/// against the parser and prints the table to paste when `rules-corpus/` changes. A few hundred
/// bytes of the binary; nothing is added to the build.
const REFERENCES: [(&str, &[&str]); 30] = [
    ("100.4a", &["100.2a"]),
    ("101.1", &["104.3a"]),
    ("101.2a", &["112.10"]),
    ("101.4b", &["101.4a"]),
    ("112.1a", &["609"]),
    ("112.2c", &["702"]),
    ("112.2d", &["609"]),
    ("112.3a", &["112.6"]),
    ("112.3b", &["602"]),
    ("112.3c", &["603"]),
    ("112.3d", &["604"]),
    ("112.4", &["605"]),
    ("112.5", &["606"]),
    ("112.6a", &["604.3"]),
    ("112.6g", &["614.12"]),
    ("112.6i", &["702.52"]),
    ("112.6m", &["113", "902", "904"]),
    ("112.7", &["603.7d", "603.7e", "603.7f"]),
    ("112.8", &["603.7d", "603.7e", "603.7f"]),
    ("112.10", &["613"]),
    ("112.11", &["604.3", "700.4", "700.5"]),
    ("305.1", &["115"]),
    ("305.5", &["204.3h"]),
    ("305.6", &["107.4a", "605"]),
    ("611.2d", &["608.2g"]),
    ("614.1", &["615"]),
    ("614.2", &["609.7"]),
    ("614.8", &["701.11"]),
    ("614.12", &["614.1c", "614.1d", "400.7a"]),
    ("614.13", &["607"]),
];

/// The embedded edition as [`embedded::load`] gives it, for showing the rules of `sections`: their
/// documents whole, and those of the rules their rules cite, every rule with its references and
/// the rules citing it as in the whole edition. No other document is parsed. The nearest numbers
/// to a missing one, and names, must be asked of the whole edition.
pub fn load(sections: RangeInclusive<u16>) -> Edition {
    let references = references();
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
    let cited: Vec<u16> = references
        .iter()
        .filter(|(rule, _)| shown.contains(&rule.section()))
        .flat_map(|(_, cites)| cites.iter().map(|c| c.section()))
        .collect();
    let wanted = |secs: &[u16]| secs.iter().any(|s| shown.contains(s) || cited.contains(s));
    // The shipped text parses without problems (a unit test of `embedded.rs` checks it).
    let (mut parsed, _) = embedded::parse(wanted, parse_fr::parse_without_references);
    fill_references(&mut parsed, &references);
    let citing = references.iter().map(|(rule, cites)| (*rule, cites.as_slice()));
    Edition::part(embedded::info(), embedded::documents(), parsed, citing)
}

/// [`REFERENCES`] as rule numbers, read as the parser reads them (a test checks that the table is
/// the parser's answer, so each of its texts is a rule number).
fn references() -> Vec<(RuleId, Vec<RuleId>)> {
    let id = |text: &str| RuleId::parse(text).expect("the table holds rule numbers");
    REFERENCES.iter().map(|(rule, cites)| (id(rule), cites.iter().map(|c| id(c)).collect())).collect()
}

/// Every rule parsed gets the rules it cites from the table (none when it is not there).
fn fill_references(parsed: &mut Parsed, references: &[(RuleId, Vec<RuleId>)]) {
    for (citing, cites) in references {
        if let Some(rule) = parsed.rules.get_mut(citing) {
            rule.references.clone_from(cites);
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
        let mut table = format!("const REFERENCES: [(&str, &[&str]); {}] = [\n", citing.len());
        for rule in &citing {
            let cites: Vec<String> = rule.references.iter().map(|c| format!("\"{c}\"")).collect();
            table.push_str(&format!("    (\"{}\", &[{}]),\n", rule.id, cites.join(", ")));
        }
        table.push_str("];");
        let written: Vec<(RuleId, Vec<RuleId>)> = citing.iter().map(|r| (r.id, r.references.clone())).collect();
        assert_eq!(references(), written, "src/corpus/embedded_lookup.rs must read:\n{table}");
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
