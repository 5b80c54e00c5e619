//! Reading a file of format 4 by its blocks: a whole read checks and parses every block, a lookup
//! goes to the blocks of its sections and reads nothing else. Where the blocks are is in the
//! index, which `index.rs` reads and writes with the blocks.

use super::index::{self, Index};
use super::reader::{Input, Reader};
use super::{damaged, Header, ReadError, Rule, RuleId, Rules, WINDOW};
use crate::corpus::glossary::GlossaryEntry;
use std::ops::RangeInclusive;

impl<R: Input> Reader<R> {
    /// Every block of a file of format 4, each checked: the rules and the glossary parsed, the
    /// citations, which the whole edition has no use for, hashed.
    pub(super) fn all_blocks(
        &mut self,
        header: &Header,
        index: &Index,
    ) -> Result<(Rules, Vec<GlossaryEntry>), ReadError> {
        index.check(header, self.len)?;
        let mut rules = Vec::with_capacity(header.rule_count.min(self.max_count()));
        for entry in &index.sections {
            self.section_rules(entry, &mut rules)?;
            self.begin(&entry.citations)?;
            self.skip(usize::try_from(entry.citations.len).unwrap_or(usize::MAX))?;
            self.end(&entry.citations)?;
        }
        self.begin(&index.glossary)?;
        let glossary = self.glossary(header.glossary_count)?;
        self.end(&index.glossary)?;
        // In order within each block, and the blocks in order of their sections: no number twice.
        Ok((rules.into_iter().collect(), glossary))
    }

    /// The rules of [`super::Part::Lookup`] in a file of format 4, from the blocks of `sections` only:
    /// their rules whole, and from their citations, the rules of the other sections that cite
    /// them or that they cite, as [`Reader::lookup_rules`] finds them by reading every rule.
    pub(super) fn lookup_blocks(&mut self, index: &Index, sections: &RangeInclusive<u16>) -> Result<Rules, ReadError> {
        let stub = |id, line, references| Rule { id, text: String::new(), examples: Vec::new(), references, line };
        let mut kept = Vec::new();
        let mut cited = Vec::new();
        let mut citing = Vec::new();
        let read = || index.sections.iter().filter(|entry| sections.contains(&entry.section));
        let blocks = read().map(|entry| entry.rules.len.saturating_add(entry.citations.len)).sum::<u64>();
        self.widen(usize::try_from(blocks).unwrap_or(usize::MAX).min(WINDOW));
        for entry in read() {
            self.seek(entry.rules.start)?;
            self.section_rules(entry, &mut kept)?;
            self.begin(&entry.citations)?;
            for _ in 0..self.count()? {
                cited.push((self.id()?, self.number()?));
            }
            for _ in 0..self.count()? {
                let (id, line) = (self.id()?, self.number()?);
                // Only its references into the sections, in the order of its own list.
                let references = self.ids_within(sections)?;
                citing.push((id, line, references));
            }
            self.end(&entry.citations)?;
        }
        let mut rules: Rules = kept.into_iter().collect();
        // A rule of another section citing two of the sections is in the citations of both.
        for (id, line, references) in citing {
            if !sections.contains(&id.section()) {
                rules.entry(id).or_insert_with(|| stub(id, line, references));
            }
        }
        for (id, line) in cited {
            if !sections.contains(&id.section()) {
                rules.entry(id).or_insert_with(|| stub(id, line, Vec::new()));
            }
        }
        Ok(rules)
    }

    /// The rules block of a section, checked, its rules added to `rules`: every one of that
    /// section, and in increasing order, which is how `judge` writes them.
    fn section_rules(&mut self, entry: &index::Entry, rules: &mut Vec<(RuleId, Rule)>) -> Result<(), ReadError> {
        self.begin(&entry.rules)?;
        rules.reserve(entry.count);
        let mut last = None;
        for _ in 0..entry.count {
            let rule = self.rule()?;
            if rule.id.section() != entry.section {
                return Err(damaged(format!("rule {} in the block of section {}", rule.id, entry.section)));
            }
            if last.is_some_and(|last| last >= rule.id) {
                return Err(damaged(format!("the rules of section {} out of order", entry.section)));
            }
            last = Some(rule.id);
            rules.push((rule.id, rule));
        }
        self.end(&entry.rules)
    }
}
