//! The blocks of an edition file of format 4 and their index, kept in the header: where each
//! section's rules and citations are, how many rules, and the checksum of each block, so that a
//! lookup reads and checks the blocks of its sections and nothing else. The layout is described
//! in `mod.rs`.

use super::{damaged, Edition, Header, ReadError, Rule, RuleId, Writer};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use xxhash_rust::xxh3::xxh3_64;

/// An entry of the index: section (`u16`), rule count (`u32`), then the length (`u32`) and
/// checksum (`u64`) of the rules block, and those of the citations block.
const ENTRY_LEN: usize = 2 + 4 + (4 + 8) * 2;
/// The glossary's entry at the end of the index: length and checksum.
const GLOSSARY_LEN: usize = 4 + 8;
/// The fewest bytes a rule takes: number (5), line, text length, example count, reference count.
const MIN_RULE_LEN: u64 = 5 + 4 * 4;
/// The fewest bytes a glossary entry takes: term length, alias count, definition length, flag.
const MIN_GLOSSARY_ENTRY_LEN: u64 = 4 * 3 + 1;
/// The fewest bytes a citations block takes: its two counts.
const MIN_CITATIONS_LEN: u64 = 4 * 2;

/// The length of the index of `sections` sections, after their count.
pub(super) fn len(sections: usize) -> usize {
    sections.saturating_mul(ENTRY_LEN).saturating_add(GLOSSARY_LEN)
}

/// What a block holds, to name it in an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Holds {
    Rules(u16),
    Citations(u16),
    Glossary,
}

/// Where a block is in the file, how long, and the checksum of its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Block {
    pub holds: Holds,
    pub start: u64,
    pub len: u64,
    pub checksum: u64,
}

impl Block {
    /// Whether `sum`, the checksum of the block's bytes as read, is the one of the index.
    pub fn verify(&self, sum: u64) -> Result<(), ReadError> {
        if sum != self.checksum {
            return Err(damaged(format!("{} do not match their checksum", self.name())));
        }
        Ok(())
    }

    /// The block, for people.
    pub fn name(&self) -> String {
        match self.holds {
            Holds::Rules(section) => format!("the rules of section {section}"),
            Holds::Citations(section) => format!("the citations of section {section}"),
            Holds::Glossary => "the glossary's entries".to_string(),
        }
    }
}

/// A section's entry in the index.
#[derive(Debug)]
pub(super) struct Entry {
    pub section: u16,
    pub count: usize,
    pub rules: Block,
    pub citations: Block,
}

#[derive(Debug)]
pub(super) struct Index {
    /// By increasing section, once checked.
    pub sections: Vec<Entry>,
    pub glossary: Block,
}

impl Index {
    /// The index in `bytes` ([`len`] of them for their number of sections), its first block
    /// starting at `start`, each of the others where the one before it ends. Nothing is checked
    /// yet ([`Index::check`]), but nothing can fail either: the entries have a fixed size, and
    /// places past any file are kept at `u64::MAX`.
    pub fn parse(bytes: &[u8], start: u64) -> Index {
        let mut at = start;
        let mut block = |holds, len: u32, checksum: u64| {
            let block = Block { holds, start: at, len: len.into(), checksum };
            at = at.saturating_add(len.into());
            block
        };
        let (entries, glossary) = bytes.split_at(bytes.len().saturating_sub(GLOSSARY_LEN));
        let field = |at: usize, len: usize| glossary.get(at..at + len).unwrap_or_default();
        let sections = entries
            .chunks_exact(ENTRY_LEN)
            .map(|entry| {
                let u16_at = |at: usize| u16::from_le_bytes([entry[at], entry[at + 1]]);
                let u32_at = |at: usize| u32::from_le_bytes(entry[at..at + 4].try_into().unwrap_or_default());
                let u64_at = |at: usize| u64::from_le_bytes(entry[at..at + 8].try_into().unwrap_or_default());
                let section = u16_at(0);
                Entry {
                    section,
                    count: u32_at(2) as usize,
                    rules: block(Holds::Rules(section), u32_at(6), u64_at(10)),
                    citations: block(Holds::Citations(section), u32_at(18), u64_at(22)),
                }
            })
            .collect();
        let glossary = block(
            Holds::Glossary,
            u32::from_le_bytes(field(0, 4).try_into().unwrap_or_default()),
            u64::from_le_bytes(field(4, 8).try_into().unwrap_or_default()),
        );
        Index { sections, glossary }
    }

    /// Checks what the index says against the header and the file's length, before anything is
    /// read or allocated by it: sections in increasing order, each count of rules possible in
    /// the bytes of its block and the counts adding up to the header's, and the blocks ending
    /// where the file does (it is cut, or has grown, otherwise). The blocks follow one another, so that none can overlap another or
    /// start past the end.
    pub fn check(&self, header: &Header, file_len: u64) -> Result<(), ReadError> {
        let mut last = None;
        let mut rules = 0usize;
        for entry in &self.sections {
            if !(100..=999).contains(&entry.section) || last.is_some_and(|last| last >= entry.section) {
                return Err(damaged(format!("an index with section {} out of place", entry.section)));
            }
            last = Some(entry.section);
            if (entry.count as u64).saturating_mul(MIN_RULE_LEN) > entry.rules.len {
                return Err(damaged(format!("{} counted more than their bytes can hold", entry.rules.name())));
            }
            if entry.citations.len < MIN_CITATIONS_LEN {
                return Err(damaged(format!("{} shorter than their counts", entry.citations.name())));
            }
            rules = rules.saturating_add(entry.count);
        }
        if rules != header.rule_count {
            return Err(damaged(format!("an index of {rules} rules, a header of {}", header.rule_count)));
        }
        if (header.glossary_count as u64).saturating_mul(MIN_GLOSSARY_ENTRY_LEN) > self.glossary.len {
            return Err(damaged("a glossary counted more than its bytes can hold"));
        }
        // As a file of format 3 cut or grown would read.
        match self.glossary.start.saturating_add(self.glossary.len) {
            end if end > file_len => Err(damaged("the file ends too soon")),
            end if end < file_len => Err(damaged("data after the end of the edition")),
            _ => Ok(()),
        }
    }
}

/// The blocks of an edition, as written: built in memory first, so that the index, which comes
/// before them, has their lengths and checksums.
pub(super) struct Blocks {
    sections: Vec<SectionBlocks>,
    glossary: Vec<u8>,
}

struct SectionBlocks {
    section: u16,
    count: usize,
    rules: Vec<u8>,
    citations: Vec<u8>,
}

impl Blocks {
    /// Every section that holds a rule or that a rule cites, with its rules and its citations:
    /// what [`super::Part::Lookup`] needs of the other sections. The rules of other sections
    /// cited from the section, those that exist, with their lines; the rules of other sections
    /// citing it, with their lines and their references outside their own section, of which a
    /// lookup keeps those into the sections it reads.
    pub fn of(edition: &Edition) -> io::Result<Blocks> {
        let mut sections: BTreeMap<u16, SectionBlocks> = BTreeMap::new();
        let mut citing: BTreeMap<u16, Vec<(&Rule, Vec<RuleId>)>> = BTreeMap::new();
        let mut cited: BTreeMap<u16, BTreeSet<RuleId>> = BTreeMap::new();
        for rule in edition.rules() {
            let own = rule.id.section();
            let blocks = sections.entry(own).or_insert_with(|| SectionBlocks::new(own));
            Writer(&mut blocks.rules).rule(rule)?;
            blocks.count += 1;
            let across: Vec<RuleId> = rule.references.iter().copied().filter(|id| id.section() != own).collect();
            let mut cited_sections: Vec<u16> = across.iter().map(|id| id.section()).collect();
            cited_sections.sort_unstable();
            cited_sections.dedup();
            for section in cited_sections {
                citing.entry(section).or_default().push((rule, across.clone()));
            }
            let existing = across.iter().copied().filter(|&id| edition.get(id).is_some());
            cited.entry(own).or_default().extend(existing);
        }
        for &section in citing.keys() {
            sections.entry(section).or_insert_with(|| SectionBlocks::new(section));
        }
        for (section, blocks) in &mut sections {
            let mut out = Writer(&mut blocks.citations);
            let cited = cited.remove(section).unwrap_or_default();
            out.number(cited.len())?;
            for id in cited {
                out.id(id)?;
                out.number(edition.get(id).map_or(0, |rule| rule.line))?;
            }
            let citing = citing.remove(section).unwrap_or_default();
            out.number(citing.len())?;
            for (rule, references) in citing {
                out.id(rule.id)?;
                out.number(rule.line)?;
                out.ids(&references)?;
            }
        }
        let mut glossary = Vec::new();
        let mut out = Writer(&mut glossary);
        edition.parsed.glossary.iter().try_for_each(|entry| out.glossary_entry(entry))?;
        Ok(Blocks { sections: sections.into_values().collect(), glossary })
    }

    /// The index, after the header's JSON.
    pub fn write_index<W: Write>(&self, out: &mut Writer<W>) -> io::Result<()> {
        out.number(self.sections.len())?;
        for blocks in &self.sections {
            out.0.write_all(&blocks.section.to_le_bytes())?;
            out.number(blocks.count)?;
            for block in [&blocks.rules, &blocks.citations] {
                out.number(block.len())?;
                out.0.write_all(&xxh3_64(block).to_le_bytes())?;
            }
        }
        out.number(self.glossary.len())?;
        out.0.write_all(&xxh3_64(&self.glossary).to_le_bytes())
    }

    /// The blocks, in the order of the index.
    pub fn write_blocks(&self, mut out: impl Write) -> io::Result<()> {
        for blocks in &self.sections {
            out.write_all(&blocks.rules)?;
            out.write_all(&blocks.citations)?;
        }
        out.write_all(&self.glossary)
    }
}

impl SectionBlocks {
    fn new(section: u16) -> SectionBlocks {
        SectionBlocks { section, count: 0, rules: Vec::new(), citations: Vec::new() }
    }
}
