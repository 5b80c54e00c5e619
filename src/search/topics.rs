//! What each rule is about beyond its own words, for the `topic` field of the index:
//! - the name of the keyword, keyword action or other titled rule it belongs to (702.2b is under
//!   702.2 "Deathtouch", whose subrules never repeat the word in every sentence);
//! - the glossary headwords that point to it ("Dies … See rule 700.4."): a judge types the
//!   glossary's word, and the glossary says which rule it means.
//!
//! A reference to a whole section (`See rule 614`) points to its first rule, which defines it.

use super::analyzer::analyze;
use crate::corpus::named::{glossary_targets, heading_title, is_title, pointed};
use crate::corpus::{Edition, RuleId};
use std::collections::HashMap;
use tantivy::tokenizer::TextAnalyzer;

/// What the index keeps of a rule's topic.
#[derive(Default)]
pub(crate) struct Topic {
    /// Words searched like the rule's own: the titles above it and the glossary's names for it.
    pub(crate) words: Vec<String>,
    /// The names the rule answers to ([`name_key`]): its own title, the glossary's headwords for
    /// it, and for the first rule of a section the section's heading, so that `deathtouch`
    /// brings 702.2 itself first and `what is a replacement effect` brings 614.1.
    pub(crate) names: Vec<String>,
}

/// A name as it is compared with a whole question: its words as the search reads them (stemmed,
/// small words out), so that `What is a replacement effect?` is the name `Replacement Effects`.
pub(crate) fn name_key(analyzer: &mut TextAnalyzer, text: &str) -> String {
    analyze(analyzer, text).into_iter().map(|a| a.text).collect::<Vec<_>>().join(" ")
}

/// Rule → its topic. `analyzer`: the edition's stemmed analysis, for the names.
pub(crate) fn topics(edition: &Edition, analyzer: &mut TextAnalyzer) -> HashMap<RuleId, Topic> {
    let mut topics: HashMap<RuleId, Topic> = HashMap::new();
    for (&number, heading) in &edition.parsed.sections {
        if let Some(first) = pointed(edition, RuleId::section_id(number)) {
            topics.entry(first).or_default().names.push(name_key(analyzer, heading_title(heading)));
        }
    }
    for rule in edition.rules() {
        if is_title(&rule.text) {
            topics.entry(rule.id).or_default().names.push(name_key(analyzer, &rule.text));
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
                topic.names.push(name_key(analyzer, name));
            }
        }
    }
    topics
}
