//! One edition as the alignment reads it: its rules in order, indexed by position, each with its
//! masked text and word profile, and the tree of parents and children.

use super::normalize;
use super::similarity::{Profile, Words};
use crate::corpus::{Edition, Rule, RuleId};
use std::collections::{BTreeMap, HashMap};

pub(crate) struct Side<'e> {
    pub rules: Vec<&'e Rule>,
    pub index: HashMap<RuleId, usize>,
    /// The masked text ([`normalize::masked`]): equal keys are the same text.
    pub keys: Vec<String>,
    pub profiles: Vec<Profile>,
    pub words: Vec<Words>,
    /// All examples of a rule in one profile; empty when it has none.
    pub examples: Vec<Profile>,
    /// Parent (a section or a rule) → its children, positions in rule order.
    pub children: HashMap<RuleId, Vec<usize>>,
    /// The sections that hold rules, in order.
    pub sections: Vec<RuleId>,
}

impl<'e> Side<'e> {
    pub(crate) fn new(edition: &'e Edition) -> Self {
        let rules: Vec<&Rule> = edition.rules().collect();
        let mut index = HashMap::with_capacity(rules.len());
        let mut keys = Vec::with_capacity(rules.len());
        let mut profiles = Vec::with_capacity(rules.len());
        let mut words = Vec::with_capacity(rules.len());
        let mut examples = Vec::with_capacity(rules.len());
        let mut children: HashMap<RuleId, Vec<usize>> = HashMap::new();
        let mut sections: BTreeMap<RuleId, ()> = BTreeMap::new();
        for (i, rule) in rules.iter().enumerate() {
            index.insert(rule.id, i);
            let key = normalize::masked(&rule.text);
            profiles.push(Profile::of(&key));
            words.push(Words::of(&key));
            keys.push(key);
            let joined = rule.examples.join(" ");
            examples.push(if joined.is_empty() {
                Profile::default()
            } else {
                Profile::of(&normalize::masked(&joined))
            });
            if let Some(parent) = rule.id.parent() {
                children.entry(parent).or_default().push(i);
            }
            sections.insert(RuleId::section_id(rule.id.section()), ());
        }
        Side { rules, index, keys, profiles, words, examples, children, sections: sections.into_keys().collect() }
    }

    pub(crate) fn len(&self) -> usize {
        self.rules.len()
    }

    pub(crate) fn id(&self, i: usize) -> RuleId {
        self.rules[i].id
    }

    pub(crate) fn children_of(&self, parent: RuleId) -> &[usize] {
        self.children.get(&parent).map_or(&[], Vec::as_slice)
    }

    /// The position of a rule's parent rule; none for a numbered rule, whose parent is a section.
    pub(crate) fn parent_rule(&self, i: usize) -> Option<usize> {
        self.id(i).parent().filter(|p| !p.is_section()).and_then(|p| self.index.get(&p).copied())
    }

    pub(crate) fn is_subrule(&self, i: usize) -> bool {
        self.id(i).letter().is_some()
    }
}
