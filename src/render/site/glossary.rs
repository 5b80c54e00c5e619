//! The glossary on the site: an anchor for each entry, the rules each entry points to, and,
//! the other way, the entries that point to each rule.

use super::search_index::fold;
use crate::corpus::glossary::GlossaryEntry;
use crate::corpus::named::glossary_targets;
use crate::corpus::{Edition, RuleId};
use std::collections::{BTreeMap, HashMap};

pub(super) struct Glossary<'a> {
    pub(super) entries: &'a [GlossaryEntry],
    /// The anchor of each entry, in glossary order: `g-` and its headword's words (`g-trample`).
    anchors: Vec<String>,
    /// The rules each entry points to (a section's first rule for a whole section).
    targets: Vec<Vec<RuleId>>,
    /// Rule → the entries that point to it, in glossary order.
    by_rule: BTreeMap<RuleId, Vec<usize>>,
    /// Every name of an entry (headword and aliases), folded → the entry.
    by_name: HashMap<String, usize>,
}

impl<'a> Glossary<'a> {
    pub(super) fn new(edition: &'a Edition) -> Self {
        let entries = edition.parsed.glossary.as_slice();
        let mut anchors: Vec<String> = Vec::with_capacity(entries.len());
        for entry in entries {
            let base = format!("g-{}", key(&entry.term).replace(' ', "-"));
            let mut anchor = base.clone();
            let mut n = 2;
            while anchors.contains(&anchor) {
                anchor = format!("{base}-{n}");
                n += 1;
            }
            anchors.push(anchor);
        }
        let targets: Vec<Vec<RuleId>> = entries.iter().map(|e| glossary_targets(edition, &e.definition)).collect();
        let mut by_rule: BTreeMap<RuleId, Vec<usize>> = BTreeMap::new();
        for (i, ids) in targets.iter().enumerate() {
            for id in ids {
                let entries = by_rule.entry(*id).or_default();
                if !entries.contains(&i) {
                    entries.push(i);
                }
            }
        }
        let mut by_name = HashMap::new();
        for (i, entry) in entries.iter().enumerate() {
            for name in std::iter::once(&entry.term).chain(&entry.aliases) {
                by_name.entry(key(name)).or_insert(i);
            }
        }
        Glossary { entries, anchors, targets, by_rule, by_name }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub(super) fn anchor(&self, entry: usize) -> &str {
        &self.anchors[entry]
    }

    pub(super) fn targets(&self, entry: usize) -> &[RuleId] {
        &self.targets[entry]
    }

    /// The entries that point to a rule.
    pub(super) fn of_rule(&self, id: RuleId) -> &[usize] {
        self.by_rule.get(&id).map_or(&[], Vec::as_slice)
    }

    /// The entry an entry only sends to (`APNAP Order`: `See Active Player, Nonactive Player
    /// Order.`), when the glossary has it.
    pub(super) fn sends_to(&self, entry: usize) -> Option<usize> {
        let definition = &self.entries[entry].definition;
        let target = definition.strip_prefix("See ")?.strip_suffix('.')?;
        if target.contains('\n') {
            return None;
        }
        self.by_name.get(&key(target)).copied().filter(|&t| t != entry)
    }
}

/// A name as it is compared and made an anchor: folded words joined by single spaces.
fn key(name: &str) -> String {
    fold(name).split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}
