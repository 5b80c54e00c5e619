//! The citation table (`rules-corpus/citations.yaml`): the concepts the engine cites, each
//! described by what its rule says (anchor phrases in English and French, the section it lives
//! in, the rule it is a subrule of), with the numbers it had in the editions we know as hints.
//! [`super::place`] finds each concept in any edition from that description.

use crate::corpus::{Lang, RuleId};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::LazyLock;

pub(crate) const TABLE: &str = include_str!("../../rules-corpus/citations.yaml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CitationTable {
    /// The effective date of the English rules text the engine implements.
    pub implements: String,
    /// Section key → its heading in each language (without the number, which moves).
    pub sections: BTreeMap<String, Names>,
    pub concepts: BTreeMap<String, Concept>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Names {
    pub en: String,
    pub fr: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Concept {
    /// The key of the section the rule lives in (`sections`).
    pub section: String,
    /// A concept whose rule this one is a direct subrule of (the layers under 613.1).
    pub parent: Option<String>,
    /// Anchors in English: each is a phrase the rule's text must contain, or several phrases
    /// joined by ` | ` of which one must appear; one starting with `!` must not appear.
    pub en: Vec<String>,
    /// The same in French; none when the concept has not been described in French.
    #[serde(default)]
    pub fr: Vec<String>,
    /// The rule's number in the editions we know, by effective date: hints that confirm a
    /// partial match, and the number to name when an edition of that date lacks the section.
    pub known: BTreeMap<String, RuleId>,
    /// Whether the trace names the layer from this rule's text (`Layer 7c:`).
    #[serde(default)]
    pub layer: bool,
    /// The layer's label in the editions we know, by date, for an edition of that date that
    /// lacks the section (only for the sublayers that moved).
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// The fingerprint of the rule's wording in the rules text the engine implements
    /// (`implements`), computed by `cite::place`'s `Words::wording` and checked by a test.
    pub wording: Option<String>,
    /// The other wordings of the rule whose meaning the engine knows: fingerprint → the year of
    /// that meaning (`crate::model::meanings`); 2011 for a rewording that keeps the meaning the
    /// engine implements. A trace in an edition of any other wording names the rule to check.
    #[serde(default)]
    pub rewordings: BTreeMap<String, u16>,
}

static PARSED: LazyLock<CitationTable> =
    LazyLock::new(|| serde_yaml::from_str(TABLE).expect("the embedded citation table is checked by a unit test"));

pub fn table() -> &'static CitationTable {
    &PARSED
}

impl Concept {
    pub fn anchors(&self, lang: Lang) -> &[String] {
        match lang {
            Lang::En => &self.en,
            Lang::Fr => &self.fr,
        }
    }

    /// The year of the meaning of a wording of the rule, when the engine knows it.
    pub fn meaning_of(&self, wording: &str) -> Option<u16> {
        if self.wording.as_deref() == Some(wording) {
            return Some(2011);
        }
        self.rewordings.get(wording).copied()
    }

    /// The year of the newest meaning the engine knows of the rule.
    pub fn newest_meaning(&self) -> u16 {
        self.rewordings.values().copied().max().unwrap_or(2011).max(2011)
    }

    /// Every number the concept is known to have had.
    pub fn hints(&self) -> impl Iterator<Item = RuleId> + '_ {
        self.known.values().copied()
    }
}

impl Names {
    pub fn get(&self, lang: Lang) -> Option<&str> {
        match lang {
            Lang::En => Some(&self.en),
            Lang::Fr => self.fr.as_deref(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::layer::Layer;

    #[test]
    fn every_concept_names_a_known_section_and_parent() {
        let t = table();
        for (name, c) in &t.concepts {
            assert!(t.sections.contains_key(&c.section), "{name}: unknown section {}", c.section);
            if let Some(parent) = &c.parent {
                assert!(t.concepts.contains_key(parent), "{name}: unknown parent {parent}");
            }
            assert!(!c.en.is_empty(), "{name} has no English anchors");
            assert!(c.en.iter().any(|a| !a.starts_with('!')), "{name} has only negative anchors");
        }
    }

    #[test]
    fn every_concept_the_engine_names_is_in_the_table() {
        let t = table();
        for layer in Layer::ALL {
            assert!(t.concepts.get(layer.concept()).is_some_and(|c| c.layer), "{}", layer.concept());
        }
        for concept in crate::engine::resolve::CONCEPTS {
            assert!(t.concepts.contains_key(*concept), "{concept}");
        }
    }

    #[test]
    fn every_change_of_meaning_the_engine_implements_is_a_meaning_of_the_table() {
        for change in crate::model::meanings::CHANGES {
            let concept = &table().concepts[change.concept];
            assert!(concept.rewordings.values().any(|&y| y == change.since), "{change:?}");
        }
        for (name, concept) in &table().concepts {
            for year in concept.rewordings.values().filter(|&&y| y != 2011) {
                let implemented = crate::model::meanings::CHANGES.iter().any(|c| c.concept == name && c.since == *year);
                assert!(implemented, "{name}: the table gives a meaning of {year} that the engine does not implement");
            }
        }
    }
}
