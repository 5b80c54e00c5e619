//! What each rule is about beyond its own words, for the `topic` field of the index:
//! - the name of the keyword, keyword action or other titled rule it belongs to (702.2b is under
//!   702.2 "Deathtouch", whose subrules never repeat the word in every sentence);
//! - the glossary headwords that point to it ("Dies … See rule 700.4."): a judge types the
//!   glossary's word, and the glossary says which rule it means.
//!
//! A reference to a whole section (`See rule 614`) points to its first rule, which defines it.

use crate::corpus::named::{glossary_targets, is_title, name_key};
use crate::corpus::{Edition, RuleId};
use std::collections::HashMap;

/// What the index keeps of a rule's topic.
#[derive(Default)]
pub(crate) struct Topic {
    /// Words searched like the rule's own: the titles above it and the glossary's names for it.
    pub(crate) words: Vec<String>,
    /// The names the rule answers to exactly ([`name_key`]): its own title and the glossary's
    /// headwords for it, so that `deathtouch` brings 702.2 itself first.
    pub(crate) names: Vec<String>,
}

/// Rule → its topic.
pub(crate) fn topics(edition: &Edition) -> HashMap<RuleId, Topic> {
    let mut topics: HashMap<RuleId, Topic> = HashMap::new();
    for rule in edition.rules() {
        if is_title(&rule.text) {
            topics.entry(rule.id).or_default().names.push(name_key(&rule.text));
        }
        let mut ancestor = rule.id.parent();
        while let Some(id) = ancestor.filter(|a| !a.is_section()) {
            if let Some(title) = edition.get(id).map(|r| r.text.trim()).filter(|t| is_title(t)) {
                topics.entry(rule.id).or_default().words.push(title.to_string());
            }
            ancestor = id.parent();
        }
    }
    for entry in edition.parsed.glossary.iter().filter(|e| !e.obsolete) {
        for id in glossary_targets(edition, &entry.definition) {
            let topic = topics.entry(id).or_default();
            for name in std::iter::once(&entry.term).chain(&entry.aliases) {
                topic.words.push(name.clone());
                topic.names.push(name_key(name));
            }
        }
    }
    topics
}
