//! Where each concept stands in one edition: the result of [`super::place`], kept with the
//! edition ([`super::cache`]) and read by the citer.

use crate::corpus::RuleId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub concepts: BTreeMap<String, Placed>,
    /// Layer concept → its label in this edition (`7c`), read from the rule's text.
    pub labels: BTreeMap<String, String>,
    /// Concept → the fingerprint of its rule's wording in this edition.
    pub wording: BTreeMap<String, String>,
    /// The concepts whose rule is worded otherwise than in the rules text the engine implements
    /// and than in every rewording whose meaning the table gives (English editions only), and
    /// that text's date: worked out here so that citing needs no table.
    pub reworded: Vec<String>,
    /// Concept → the year of its rule's meaning in this edition, for the rules whose meaning is
    /// not that of 2011 (`crate::model::meanings`). A wording the table does not know takes the
    /// newest meaning it knows, and is among `reworded`.
    pub meanings: BTreeMap<String, u16>,
    pub implements: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Placed {
    /// Exactly one rule of the right place states every anchor of the concept.
    Found { id: RuleId },
    /// The best rule states only some anchors, or ties with others, and is where an edition we
    /// know had the concept.
    Confirmed { id: RuleId, matched: usize, anchors: usize },
    /// Not placed with confidence: the rule that comes closest, if any, and why.
    Unsure { id: Option<RuleId>, why: String },
    /// The edition does not have the concept's section (the French excerpts); `known` is the
    /// number in an edition we know of the same date.
    Absent { known: Option<RuleId> },
}

impl Placed {
    /// The rule, when it was placed with confidence.
    pub fn id_if_confident(&self) -> Option<RuleId> {
        match self {
            Placed::Found { id } | Placed::Confirmed { id, .. } => Some(*id),
            Placed::Unsure { .. } | Placed::Absent { .. } => None,
        }
    }
}

impl Placement {
    pub fn get(&self, concept: &str) -> Option<&Placed> {
        self.concepts.get(concept)
    }
}
