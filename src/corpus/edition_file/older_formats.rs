//! The formats before 4, still read so that the store can write their files again in format 4.
//!
//! Format 3: the magic, the format (3), the header, its checksum, then every rule and every
//! glossary entry encoded as in the blocks (the rules blocks of format 4 put end to end are these
//! rules), then the checksum of all the bytes before it. A lookup reads and hashes every byte,
//! and parses every rule to find those citing its sections. Format 2 is format 3 with XXH64
//! checksums (seed 0): read, and written again too. Format 1 is format 3 without the checksums,
//! read only to be written again ([`super::read_outdated`]).

use super::reader::{Input, Reader};
use super::{damaged, Header, Part, ReadError, Rule, RuleId, Rules, CHECKSUM_LEN};
use crate::corpus::glossary::GlossaryEntry;
use std::collections::BTreeSet;
use std::ops::RangeInclusive;

impl<R: Input> Reader<R> {
    /// The rules and glossary of a file of format 3 or before, in which a lookup reads every rule
    /// to find those citing its sections, and the glossary to check the checksum at the end.
    pub(super) fn scanned(&mut self, header: &Header, part: &Part) -> Result<(Rules, Vec<GlossaryEntry>), ReadError> {
        let rules = match part {
            Part::Whole => self.all_rules(header.rule_count)?,
            Part::Lookup(sections) => self.lookup_rules(header.rule_count, sections)?,
        };
        let mut glossary = Vec::new();
        match part {
            Part::Whole => glossary = self.glossary(header.glossary_count)?,
            // Not kept, but checked: the checksum covers it.
            Part::Lookup(_) => {
                let glossary = usize::try_from(self.remaining().saturating_sub(CHECKSUM_LEN as u64));
                self.skip(glossary.unwrap_or(usize::MAX))?;
            }
        }
        self.checksum()?;
        Ok((rules, glossary))
    }

    /// Every rule, whole.
    fn all_rules(&mut self, count: usize) -> Result<Rules, ReadError> {
        let mut rules = Vec::with_capacity(count.min(self.max_count()));
        for _ in 0..count {
            let rule = self.rule()?;
            rules.push((rule.id, rule));
        }
        // Written in order, so the map is built in one pass, without searching.
        let rules: Rules = rules.into_iter().collect();
        if rules.len() != count {
            return Err(damaged("a rule number twice"));
        }
        Ok(rules)
    }

    /// The rules of [`Part::Lookup`] in a file of format 3 or before: those of `sections` whole,
    /// and of the others those that cite one of them or that one of them cites.
    fn lookup_rules(&mut self, count: usize, sections: &RangeInclusive<u16>) -> Result<Rules, ReadError> {
        let stub = |id, line, references| Rule { id, text: String::new(), examples: Vec::new(), references, line };
        let mut kept = Vec::new();
        // Every number with its line: a rule cited from the sections may come before them.
        let mut numbers = Vec::with_capacity(count.min(self.max_count()));
        for _ in 0..count {
            let id = self.id()?;
            let line = self.number()?;
            numbers.push((id, line));
            if sections.contains(&id.section()) {
                let text = self.string()?;
                let examples = self.strings()?;
                let references = self.ids()?;
                kept.push((id, Rule { id, text, examples, references, line }));
            } else {
                self.skip_string()?;
                self.skip_strings()?;
                let references = self.ids_within(sections)?;
                if !references.is_empty() {
                    kept.push((id, stub(id, line, references)));
                }
            }
        }
        // Written in order: numbers strictly increasing are sorted and none is there twice, which
        // one pass checks. Only numbers out of order (a file written otherwise, with right
        // checksums) are sorted to find one twice.
        if !numbers.windows(2).all(|pair| pair[0].0 < pair[1].0) {
            numbers.sort_unstable_by_key(|&(id, _)| id);
            if numbers.windows(2).any(|pair| pair[0].0 == pair[1].0) {
                return Err(damaged("a rule number twice"));
            }
        }
        let present: BTreeSet<RuleId> = kept.iter().map(|&(id, _)| id).collect();
        let cited: BTreeSet<RuleId> = kept
            .iter()
            .filter(|(id, _)| sections.contains(&id.section()))
            .flat_map(|(_, rule)| rule.references.iter().copied())
            .filter(|id| !present.contains(id))
            .collect();
        for id in cited {
            if let Ok(at) = numbers.binary_search_by_key(&id, |&(id, _)| id) {
                kept.push((id, stub(id, numbers[at].1, Vec::new())));
            }
        }
        Ok(kept.into_iter().collect())
    }
}

/// Files of formats 3 and 2, which the store no longer writes, for the tests that read them and
/// that the store writes them again.
#[cfg(test)]
pub(super) mod write {
    use super::super::checksum::Checksum;
    use super::super::{Edition, Summing, Writer, FORMAT, SCAN_FORMAT, XXH64_FORMAT};
    use std::io::{self, Write};

    /// Writes the edition in the layout of format 3, `format` saying which checksums: for tests,
    /// 3 (XXH3) or 2 (XXH64).
    fn write_scanned(edition: &Edition, content: &str, format: u32, out: impl Write) -> io::Result<()> {
        let checksum = Checksum::of_format(format).filter(|c| c.sealed() && format != FORMAT);
        let checksum = checksum.ok_or_else(|| io::Error::other(format!("format {format} is not written")))?;
        let mut out = Writer(Summing { inner: out, checksum });
        out.head(edition, content.to_string(), format)?;
        out.checksum()?;
        out.body(edition)?;
        out.checksum()
    }

    /// An edition in format 3.
    pub(crate) fn write_format_3(edition: &Edition, content: &str, out: impl Write) -> io::Result<()> {
        write_scanned(edition, content, SCAN_FORMAT, out)
    }

    /// An edition in format 2, with XXH64 checksums.
    pub(crate) fn write_xxh64(edition: &Edition, content: &str, out: impl Write) -> io::Result<()> {
        write_scanned(edition, content, XXH64_FORMAT, out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{read_part, sample, xxh64_bytes_of};
    use super::super::*;

    /// A file of format 2 reads as the same edition, whole, in a lookup and listed, its
    /// checksums checked with XXH64; the format read is told, so that the store writes it again.
    #[test]
    fn format_2_is_read_and_checked() {
        let edition = sample();
        let bytes = xxh64_bytes_of(&edition);
        let len = bytes.len() as u64;
        let whole = read(bytes.as_slice(), len, &Part::Whole).unwrap();
        assert_eq!((whole.format, &whole.value.parsed, &whole.value.info), (2, &edition.parsed, &edition.info));
        let lookup = read(bytes.as_slice(), len, &Part::Lookup(614..=614)).unwrap();
        assert_eq!((lookup.format, lookup.value.rule_count()), (2, 3));
        let header = read_header(bytes.as_slice(), len).unwrap();
        assert_eq!((header.format, header.value.rule_count, header.value.content.as_str()), (2, 3, "0123456789abcdef"));
        assert_eq!(read_outdated(bytes.as_slice(), len).unwrap().parsed, edition.parsed);
        for at in 0..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[at] ^= 0x20;
            for part in [Part::Whole, Part::Lookup(614..=614)] {
                let result = read(flipped.as_slice(), len, &part).map(|s| s.value);
                assert!(matches!(result, Err(ReadError::Damaged(_) | ReadError::Outdated(_))), "byte {at}");
            }
            assert!(read_outdated(flipped.as_slice(), len).is_err(), "byte {at}");
        }
    }

    /// Format 1, without checksums, is read only to be written again: `read` refuses it.
    #[test]
    fn format_1_is_read_only_to_be_upgraded() {
        let edition = sample();
        let mut bytes = Vec::new();
        write(&edition, &mut bytes).unwrap();
        bytes[MAGIC.len()..MAGIC.len() + 4].copy_from_slice(&1u32.to_le_bytes());
        assert!(matches!(read(bytes.as_slice(), bytes.len() as u64, &Part::Whole), Err(ReadError::Outdated(1))));
        assert!(matches!(read_header(bytes.as_slice(), bytes.len() as u64), Err(ReadError::Outdated(1))));
        assert_eq!(read_outdated(bytes.as_slice(), bytes.len() as u64).unwrap().parsed, edition.parsed);
    }

    /// A file of format 3 of these rule numbers, in this order, with right checksums.
    fn with_numbers(numbers: &[&str]) -> Vec<u8> {
        let edition = sample();
        let header = Header {
            info: edition.info.clone(),
            rule_count: numbers.len(),
            glossary_count: 0,
            documents: vec![],
            sections: edition.parsed.sections.clone(),
            content: "0123456789abcdef".to_string(),
        };
        let mut bytes = Vec::new();
        let mut out = Writer(Summing { inner: &mut bytes, checksum: Checksum::of_format(SCAN_FORMAT).unwrap() });
        out.0.write_all(MAGIC).unwrap();
        out.0.write_all(&SCAN_FORMAT.to_le_bytes()).unwrap();
        out.string(&serde_json::to_string(&header).unwrap()).unwrap();
        out.checksum().unwrap();
        for number in numbers {
            out.id(RuleId::parse(number).unwrap()).unwrap();
            out.number(7).unwrap();
            out.string("Text.").unwrap();
            out.strings::<&str>([]).unwrap();
            out.number(0).unwrap();
        }
        out.checksum().unwrap();
        bytes
    }

    /// In format 3, a lookup reads every rule, and finds a number twice anywhere. (In format 4, a
    /// block's numbers must be its section's, in increasing order: `tests/blocks.rs`.)
    #[test]
    fn a_number_twice_is_damage_in_a_lookup_too() {
        for numbers in [&["614.1", "614.1"][..], &["614.1", "614.2", "614.1"]] {
            let bytes = with_numbers(numbers);
            for part in [Part::Whole, Part::Lookup(614..=614), Part::Lookup(100..=100)] {
                match read(bytes.as_slice(), bytes.len() as u64, &part) {
                    Err(ReadError::Damaged(reason)) => assert_eq!(reason, "a rule number twice"),
                    other => panic!("{numbers:?}: {:?}", other.map(|s| s.value.rule_count())),
                }
            }
        }
    }

    /// Numbers out of order, which `judge` never wrote, still read as the same rules from a file
    /// of format 3: the order is checked before they are sorted, not assumed.
    #[test]
    fn numbers_out_of_order_read_the_same() {
        let bytes = with_numbers(&["614.2", "614.1", "100.1"]);
        for (part, expected) in
            [(Part::Whole, &["100.1", "614.1", "614.2"][..]), (Part::Lookup(614..=614), &["614.1", "614.2"])]
        {
            let edition = read_part(&bytes, &part).unwrap();
            let ids: Vec<String> = edition.rules().map(|r| r.id.to_string()).collect();
            assert_eq!(ids, expected);
        }
    }
}
