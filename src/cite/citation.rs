//! A cited rule, resolved in the active edition: its number, and its text if the edition has it.

use super::table::{table, Numbering};
use crate::corpus::{Edition, RuleId};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Citation {
    pub concept: String,
    pub id: RuleId,
    /// The rule's text in the active edition; `None` when the edition does not contain it.
    pub text: Option<String>,
}

/// Citations for one edition: the numbering its date calls for, and its rules' texts.
pub struct Citer<'e> {
    pub edition: &'e Edition,
    pub numbering: &'static Numbering,
}

impl<'e> Citer<'e> {
    pub fn new(edition: &'e Edition) -> Self {
        Citer { edition, numbering: table().numbering_for(&edition.info.date) }
    }

    pub fn cite(&self, concept: &str) -> Option<Citation> {
        let id = self.numbering.rule(concept)?;
        let text = self.edition.get(id).map(|r| r.text.clone());
        Some(Citation { concept: concept.to_string(), id, text })
    }

    /// The numbers for some concepts, in order, without repeats.
    pub fn ids(&self, concepts: &[&str]) -> Vec<RuleId> {
        let mut ids: Vec<RuleId> = Vec::new();
        for id in concepts.iter().filter_map(|c| self.numbering.rule(c)) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids
    }
}
