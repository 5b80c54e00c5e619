//! An edition of the rules: every rule of one rules text, its sections and glossary, and the
//! lookups on them (subtree, range, reverse references, nearest numbers).

use super::glossary::GlossaryEntry;
use super::lang::Lang;
use super::rule::Rule;
use super::rule_id::RuleId;
use super::rule_ref::RuleRef;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EditionInfo {
    /// How the edition is named on the command line: `fr-2011-02-04`, `en-2025-11-14`.
    pub name: String,
    pub lang: Lang,
    /// Effective date of the rules text, `YYYY-MM-DD`.
    pub date: String,
}

/// One source document of an edition and the sections it holds. The embedded French corpus is
/// made of documents of two dates, and a judge must see which date a quoted rule comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    pub file: String,
    pub date: String,
    pub sections: Vec<u16>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parsed {
    /// Section number → heading as printed (`614. Sorts, capacités et effets : Effets de remplacement`).
    pub sections: BTreeMap<u16, String>,
    pub rules: BTreeMap<RuleId, Rule>,
    pub glossary: Vec<GlossaryEntry>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(from = "EditionData", into = "EditionData")]
pub struct Edition {
    pub info: EditionInfo,
    pub documents: Vec<Document>,
    pub parsed: Parsed,
    /// Reverse references, derived from `parsed` at construction.
    cited_by: BTreeMap<RuleId, Vec<RuleId>>,
    /// Of an edition read in part ([`Edition::part`]): rules of the whole edition that `parsed`
    /// does not hold, in rule order, so that a rule citing one shown is not marked as absent.
    elsewhere: Vec<RuleId>,
}

/// What is stored on disk: everything but the derived reverse references.
#[derive(Clone, Serialize, Deserialize)]
struct EditionData {
    info: EditionInfo,
    documents: Vec<Document>,
    parsed: Parsed,
}

impl From<EditionData> for Edition {
    fn from(d: EditionData) -> Self {
        Edition::new(d.info, d.documents, d.parsed)
    }
}

impl From<Edition> for EditionData {
    fn from(e: Edition) -> Self {
        EditionData { info: e.info, documents: e.documents, parsed: e.parsed }
    }
}

impl Edition {
    pub fn new(info: EditionInfo, documents: Vec<Document>, parsed: Parsed) -> Self {
        let cited_by = reverse(parsed.rules.values().map(|r| (r.id, r.references.as_slice())));
        Edition { info, documents, parsed, cited_by, elsewhere: Vec::new() }
    }

    /// An edition of which `parsed` holds only some of the rules, with the reverse references of
    /// the whole edition, worked out from `citing`: every rule of the whole edition that cites
    /// any, with the rules it cites, in rule order. Those rules are known to be in the edition
    /// ([`Edition::contains`]) whether `parsed` holds them or not.
    pub(crate) fn part<'a>(
        info: EditionInfo,
        documents: Vec<Document>,
        parsed: Parsed,
        citing: impl Iterator<Item = (RuleId, &'a [RuleId])> + Clone,
    ) -> Self {
        let elsewhere = citing.clone().map(|(id, _)| id).filter(|id| !parsed.rules.contains_key(id)).collect();
        Edition { info, documents, parsed, cited_by: reverse(citing), elsewhere }
    }

    pub fn name(&self) -> &str {
        &self.info.name
    }

    pub fn lang(&self) -> Lang {
        self.info.lang
    }

    pub fn rules(&self) -> impl Iterator<Item = &Rule> {
        self.parsed.rules.values()
    }

    pub fn rule_count(&self) -> usize {
        self.parsed.rules.len()
    }

    pub fn get(&self, id: RuleId) -> Option<&Rule> {
        self.parsed.rules.get(&id)
    }

    pub fn contains(&self, id: RuleId) -> bool {
        self.parsed.rules.contains_key(&id)
            || (id.is_section() && self.parsed.sections.contains_key(&id.section()))
            || self.elsewhere.binary_search(&id).is_ok()
    }

    /// The heading of the section a rule belongs to.
    pub fn section_heading(&self, id: RuleId) -> Option<&str> {
        self.parsed.sections.get(&id.section()).map(String::as_str)
    }

    /// The date of the document a rule comes from, which can differ from the edition's.
    pub fn date_of(&self, id: RuleId) -> &str {
        self.documents.iter().find(|d| d.sections.contains(&id.section())).map_or(&self.info.date, |d| &d.date)
    }

    /// The rule and everything below it, in order.
    pub fn subtree(&self, id: RuleId) -> impl Iterator<Item = &Rule> {
        self.parsed.rules.range(id..).map(|(_, r)| r).take_while(move |r| r.id.is_within(id))
    }

    /// Direct children: the rules of a section, or the lettered subrules of a rule.
    pub fn children(&self, id: RuleId) -> Vec<RuleId> {
        self.subtree(id).map(|r| r.id).filter(|c| c.parent() == Some(id)).collect()
    }

    pub fn cited_by(&self, id: RuleId) -> &[RuleId] {
        self.cited_by.get(&id).map_or(&[], Vec::as_slice)
    }

    /// The rules a reference names: a rule with all its subrules, a whole section, or a range
    /// from its start to the end of its last rule's subtree.
    pub fn resolve(&self, reference: RuleRef) -> Vec<&Rule> {
        match reference {
            RuleRef::One(id) => self.subtree(id).collect(),
            RuleRef::Range(start, end) => self
                .parsed
                .rules
                .range(start..)
                .map(|(_, r)| r)
                .take_while(|r| r.id <= end || r.id.is_within(end))
                .collect(),
        }
    }

    /// Existing numbers closest to one that does not exist: its siblings and parent first, then
    /// the neighbours in rule order.
    pub fn nearest(&self, id: RuleId, count: usize) -> Vec<RuleId> {
        let mut found: Vec<RuleId> = Vec::new();
        let mut ancestor = id.parent();
        while let Some(a) = ancestor {
            if self.parsed.rules.contains_key(&a) {
                found.push(a);
                break;
            }
            ancestor = a.parent();
        }
        // Neighbours in rule order, nearest first, those under the same parent before the others.
        let before = self.parsed.rules.range(..id).rev().map(|(k, _)| *k).take(count).enumerate();
        let after = self.parsed.rules.range(id..).map(|(k, _)| *k).take(count).enumerate();
        let mut neighbours: Vec<(usize, RuleId)> = before.chain(after).filter(|(_, k)| !found.contains(k)).collect();
        neighbours.sort_by_key(|(distance, k)| (k.parent() != id.parent(), *distance, *k));
        let neighbours = neighbours.into_iter().map(|(_, k)| k);
        found.extend(neighbours);
        found.truncate(count);
        found.sort();
        found
    }
}

/// Rule → the rules that cite it, in rule order, from each rule's references (`rules` in rule order).
fn reverse<'a>(rules: impl Iterator<Item = (RuleId, &'a [RuleId])>) -> BTreeMap<RuleId, Vec<RuleId>> {
    let mut cited_by: BTreeMap<RuleId, Vec<RuleId>> = BTreeMap::new();
    for (id, references) in rules {
        for &target in references {
            let citers = cited_by.entry(target).or_default();
            if citers.last() != Some(&id) {
                citers.push(id);
            }
        }
    }
    cited_by
}

/// What an edition is without its rules: enough to name it, tell its sections, and find its
/// search index, read from the header of a stored edition (`Store::outline`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    pub info: EditionInfo,
    pub rule_count: usize,
    pub sections: BTreeMap<u16, String>,
    /// The fingerprint of the edition's content (`fingerprint::content_fingerprint`).
    pub content: String,
}

impl Outline {
    pub fn of(edition: &Edition) -> Outline {
        Outline {
            info: edition.info.clone(),
            rule_count: edition.rule_count(),
            sections: edition.parsed.sections.clone(),
            content: crate::corpus::fingerprint::content_fingerprint(edition),
        }
    }

    pub fn name(&self) -> &str {
        &self.info.name
    }

    pub fn lang(&self) -> Lang {
        self.info.lang
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> RuleId {
        RuleId::parse(s).unwrap()
    }

    fn sample() -> Edition {
        let mut parsed = Parsed::default();
        parsed.sections.insert(614, "614. Replacement Effects".into());
        for (n, refs) in [
            ("614.1", vec![]),
            ("614.1a", vec!["614.12"]),
            ("614.1b", vec![]),
            ("614.2", vec!["614.1a"]),
            ("614.10", vec![]),
            ("614.12", vec!["614.1a", "614.1b"]),
        ] {
            let rule = Rule {
                id: id(n),
                text: format!("text of {n}"),
                examples: vec![],
                references: refs.into_iter().map(id).collect(),
                line: 0,
            };
            parsed.rules.insert(rule.id, rule);
        }
        let info = EditionInfo { name: "en-test".into(), lang: Lang::En, date: "2011-02-04".into() };
        Edition::new(info, vec![], parsed)
    }

    fn ids<'a>(rules: impl IntoIterator<Item = &'a Rule>) -> Vec<String> {
        rules.into_iter().map(|r| r.id.to_string()).collect()
    }

    #[test]
    fn a_rule_comes_with_its_subrules_and_not_its_numeric_neighbours() {
        let e = sample();
        assert_eq!(ids(e.resolve(RuleRef::One(id("614.1")))), ["614.1", "614.1a", "614.1b"]);
        assert_eq!(ids(e.resolve(RuleRef::One(id("614.1a")))), ["614.1a"]);
        assert_eq!(e.children(id("614")), [id("614.1"), id("614.2"), id("614.10"), id("614.12")]);
    }

    #[test]
    fn ranges_include_the_subtree_of_their_end() {
        let e = sample();
        assert_eq!(ids(e.resolve(RuleRef::parse("614.1a-b").unwrap())), ["614.1a", "614.1b"]);
        assert_eq!(ids(e.resolve(RuleRef::parse("614.1-614.2").unwrap())), ["614.1", "614.1a", "614.1b", "614.2"]);
    }

    #[test]
    fn reverse_references() {
        let e = sample();
        assert_eq!(e.cited_by(id("614.1a")), [id("614.2"), id("614.12")]);
        assert_eq!(e.cited_by(id("614.12")), [id("614.1a")]);
        assert!(e.cited_by(id("614.10")).is_empty());
    }

    #[test]
    fn nearest_numbers_for_a_missing_rule() {
        let e = sample();
        assert_eq!(e.nearest(id("614.1c"), 3), [id("614.1"), id("614.1a"), id("614.1b")]);
        assert_eq!(e.nearest(id("614.11"), 2), [id("614.10"), id("614.12")]);
    }

    #[test]
    fn survives_a_serde_round_trip_with_reverse_references() {
        let e = sample();
        let json = serde_json::to_string(&e).unwrap();
        let back: Edition = serde_json::from_str(&json).unwrap();
        assert_eq!(back.cited_by(id("614.1a")), e.cited_by(id("614.1a")));
        assert_eq!(back.parsed, e.parsed);
    }
}
