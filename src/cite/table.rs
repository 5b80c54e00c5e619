//! The citation table (`rules-corpus/citations.yaml`): concepts the engine cites, and the rule
//! number of each in every numbering of the rules.

use crate::corpus::RuleId;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::LazyLock;

const TABLE: &str = include_str!("../../rules-corpus/citations.yaml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CitationTable {
    pub concepts: BTreeMap<String, ConceptInfo>,
    pub numberings: Vec<Numbering>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConceptInfo {
    /// Words of which one must appear in the rule's English text (checked by a test).
    pub about: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Numbering {
    pub name: String,
    /// The effective date of the first rules text numbered this way that we know of.
    pub from: String,
    /// Layer labels that differ between numberings (`7d` or `7c` for counters).
    pub labels: BTreeMap<String, String>,
    pub rules: BTreeMap<String, RuleId>,
}

static PARSED: LazyLock<CitationTable> =
    LazyLock::new(|| serde_yaml::from_str(TABLE).expect("the embedded citation table is checked by a unit test"));

pub fn table() -> &'static CitationTable {
    &PARSED
}

impl CitationTable {
    /// The numbering in force for a rules text of this effective date: the latest one that
    /// started on or before it (or the earliest, for an older text).
    pub fn numbering_for(&self, date: &str) -> &Numbering {
        self.numberings.iter().filter(|n| n.from.as_str() <= date).max_by(|a, b| a.from.cmp(&b.from)).unwrap_or_else(
            || self.numberings.iter().min_by(|a, b| a.from.cmp(&b.from)).expect("at least one numbering"),
        )
    }
}

impl Numbering {
    pub fn rule(&self, concept: &str) -> Option<RuleId> {
        self.rules.get(concept).copied()
    }

    /// How the trace labels a layer: `4`, `7b`, and for the sublayers that moved, this
    /// numbering's label.
    pub fn layer_label(&self, layer: crate::engine::layer::Layer) -> String {
        use crate::engine::layer::Layer::*;
        let fixed = match layer {
            Copy => "1",
            Control => "2",
            Text => "3",
            Type => "4",
            Color => "5",
            Ability => "6",
            PtDefining => "7a",
            PtSet => "7b",
            PtModify => "7c",
            PtCounters | PtSwitch => "",
        };
        if fixed.is_empty() {
            self.labels.get(layer.concept()).cloned().unwrap_or_else(|| "7".into())
        } else {
            fixed.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::layer::Layer;

    #[test]
    fn every_numbering_maps_every_concept_and_nothing_else() {
        let t = table();
        for n in &t.numberings {
            let mapped: Vec<&String> = n.rules.keys().collect();
            let known: Vec<&String> = t.concepts.keys().collect();
            assert_eq!(mapped, known, "numbering {}", n.name);
            for layer in [Layer::PtCounters, Layer::PtSwitch] {
                assert!(n.labels.contains_key(layer.concept()), "{} has no label for {layer:?}", n.name);
            }
        }
    }

    #[test]
    fn every_concept_the_engine_names_is_in_the_table() {
        let t = table();
        for layer in Layer::ALL {
            assert!(t.concepts.contains_key(layer.concept()), "{}", layer.concept());
        }
        for concept in crate::engine::resolve::CONCEPTS {
            assert!(t.concepts.contains_key(*concept), "{concept}");
        }
    }

    #[test]
    fn the_edition_date_picks_the_numbering() {
        let t = table();
        assert_eq!(t.numbering_for("2011-02-04").name, "cr-2011-02-04");
        assert_eq!(t.numbering_for("2025-11-14").name, "cr-2025-11-14");
        assert_eq!(t.numbering_for("2026-02-01").name, "cr-2025-11-14");
        assert_eq!(t.numbering_for("2011-02-04").rule("self-replacement").unwrap().to_string(), "614.14");
        assert_eq!(t.numbering_for("2025-11-14").rule("self-replacement").unwrap().to_string(), "614.15");
        assert_eq!(t.numbering_for("2011-02-04").layer_label(Layer::PtCounters), "7d");
        assert_eq!(t.numbering_for("2025-11-14").layer_label(Layer::PtCounters), "7c");
    }
}
