//! The citer: the concepts a trace names turned into rules of the edition in use, with their
//! texts, through the concepts' placement in that edition.

use super::placement::{Placed, Placement};
use crate::corpus::{Edition, Rule, RuleId};
use crate::engine::layer::Layer;
use crate::model::meanings::{Change, CHANGES};
use crate::model::Meanings;

/// Citations for one edition.
pub struct Citer<'e> {
    pub edition: &'e Edition,
    placement: Placement,
    /// The English edition of the same date and its placement, for the concepts whose section
    /// the edition lacks (the French excerpts): their rules are numbered and quoted from it.
    english: Option<(Edition, Placement)>,
}

/// A rule as quoted, and the edition it is quoted from when that is not the edition in use.
pub struct Quoted<'a> {
    pub rule: &'a Rule,
    pub from: Option<&'a Edition>,
}

/// A concept the edition's text does not let us place with confidence.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Unplaced {
    pub concept: String,
    pub why: String,
}

impl<'e> Citer<'e> {
    pub fn new(edition: &'e Edition, placement: Placement, english: Option<(Edition, Placement)>) -> Self {
        Citer { edition, placement, english }
    }

    /// The rule that states a concept: placed in the edition, else in the English edition of
    /// its date when the edition lacks the section, else the number an edition of that date is
    /// known to give it. `None` when it cannot be told.
    pub fn rule_for(&self, concept: &str) -> Option<RuleId> {
        match self.placement.get(concept)? {
            Placed::Found { id } | Placed::Confirmed { id, .. } => Some(*id),
            Placed::Unsure { .. } => None,
            Placed::Absent { known } => {
                let english = self.english.as_ref().and_then(|(_, p)| p.get(concept)?.id_if_confident());
                english.or(*known)
            }
        }
    }

    /// The numbers for some concepts, in order, without repeats.
    pub fn ids(&self, concepts: &[&str]) -> Vec<RuleId> {
        let mut ids: Vec<RuleId> = Vec::new();
        for id in concepts.iter().filter_map(|c| self.rule_for(c)) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids
    }

    /// The concepts among these that have no rule to cite, with the reason.
    pub fn unplaced(&self, concepts: &[&str]) -> Vec<Unplaced> {
        let mut out: Vec<Unplaced> = Vec::new();
        for concept in concepts {
            if self.rule_for(concept).is_some() || out.iter().any(|u| u.concept == *concept) {
                continue;
            }
            let why = match self.placement.get(concept) {
                Some(Placed::Unsure { why, .. }) => why.clone(),
                Some(Placed::Absent { .. }) => "its section is not in the edition".into(),
                _ => "the citation table does not know it".into(),
            };
            out.push(Unplaced { concept: concept.to_string(), why });
        }
        out
    }

    /// The concepts among these whose rule in this (English) edition is worded otherwise than in
    /// the rules text the engine implements, with that rule: the judge should check those steps.
    pub fn reworded(&self, concepts: &[&str]) -> Vec<(String, RuleId)> {
        let mut out: Vec<(String, RuleId)> = Vec::new();
        for concept in concepts.iter().filter(|c| self.placement.reworded.iter().any(|r| r == *c)) {
            if let Some(id) = self.rule_for(concept).filter(|_| !out.iter().any(|(c, _)| c == concept)) {
                out.push((concept.to_string(), id));
            }
        }
        out
    }

    /// The meaning of each rule whose meaning changed, in this edition: the engine answers by
    /// them.
    pub fn meanings(&self) -> Meanings {
        Meanings::from_years(&self.placement.meanings)
    }

    /// The cited rules whose meaning in this edition is not that of 2011, with the change the
    /// engine applied, in rule order.
    pub fn changed_meanings(&self, concepts: &[&str]) -> Vec<(RuleId, Change)> {
        let mut out: Vec<(RuleId, Change)> = Vec::new();
        for (concept, &year) in &self.placement.meanings {
            let Some(change) = CHANGES.iter().find(|c| c.concept == concept && c.since == year) else { continue };
            if let Some(id) = concepts.contains(&concept.as_str()).then(|| self.rule_for(concept)).flatten() {
                out.push((id, *change));
            }
        }
        out.sort_by_key(|(id, _)| *id);
        out
    }

    /// The date of the rules text the engine implements.
    pub fn implements(&self) -> &str {
        &self.placement.implements
    }

    /// The rule's text: from the edition, or from the English edition of its date.
    pub fn quote(&self, id: RuleId) -> Option<Quoted<'_>> {
        if let Some(rule) = self.edition.get(id) {
            return Some(Quoted { rule, from: None });
        }
        let (english, _) = self.english.as_ref()?;
        english.get(id).map(|rule| Quoted { rule, from: Some(english) })
    }

    /// The English edition quoted where the edition lacks a rule, if one is.
    pub fn english(&self) -> Option<&Edition> {
        self.english.as_ref().map(|(e, _)| e)
    }

    /// How the trace labels a layer: `4`, `7b`, and for the sublayers that moved, the label
    /// the edition's own rule gives it.
    pub fn layer_label(&self, layer: Layer) -> String {
        let from = |p: &Placement| p.labels.get(layer.concept()).cloned();
        from(&self.placement)
            .or_else(|| self.english.as_ref().and_then(|(_, p)| from(p)))
            .unwrap_or_else(|| layer.default_label().to_string())
    }
}
