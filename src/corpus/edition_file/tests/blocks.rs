//! Format 4: what a lookup reads of the blocks and checks, and an index that does not hold
//! together, written with a right checksum (as a faulty writer would), refused and never a panic.

use super::*;
use std::ops::Range;

/// Each block of a file of format 4, as its index says, and the bytes it spans.
pub(in crate::corpus::edition_file) fn blocks_of(bytes: &[u8]) -> Vec<(Block, Range<usize>)> {
    let header = header_end(bytes);
    let json_end = LEAD_LEN + u32::from_le_bytes(bytes[LEAD_LEN - 4..LEAD_LEN].try_into().unwrap()) as usize;
    let index = Index::parse(&bytes[json_end + 4..header], (header + CHECKSUM_LEN) as u64);
    let blocks = index.sections.iter().flat_map(|entry| [entry.rules, entry.citations]).chain([index.glossary]);
    blocks.map(|block| (block, block.start as usize..(block.start + block.len) as usize)).collect()
}

/// A file of format 4 taken apart: magic, format and JSON; the index as written (its count of
/// sections first); the blocks. Put together again with the header's checksum of what it holds.
#[derive(Clone)]
struct Layout {
    head: Vec<u8>,
    index: Vec<u8>,
    blocks: Vec<u8>,
}

impl Layout {
    fn of(bytes: &[u8]) -> Layout {
        let header = header_end(bytes);
        let json_end = LEAD_LEN + u32::from_le_bytes(bytes[LEAD_LEN - 4..LEAD_LEN].try_into().unwrap()) as usize;
        Layout {
            head: bytes[..json_end].to_vec(),
            index: bytes[json_end..header].to_vec(),
            blocks: bytes[header + CHECKSUM_LEN..].to_vec(),
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut bytes = [self.head.as_slice(), &self.index].concat();
        bytes.extend(xxh3_64(&bytes).to_le_bytes());
        bytes.extend(&self.blocks);
        bytes
    }

    /// Where the field at `at` of entry `entry` is in the index (the glossary's after the last).
    fn field(&self, entry: usize, at: usize) -> usize {
        4 + entry * 30 + at
    }

    fn set_u32(&mut self, at: usize, value: u32) {
        self.index[at..at + 4].copy_from_slice(&value.to_le_bytes());
    }

    fn u32_at(&self, at: usize) -> u32 {
        u32::from_le_bytes(self.index[at..at + 4].try_into().unwrap())
    }

    /// The file with block `n` (in the order of the file) holding `content` and, for a rules
    /// block, `count` rules: the index says so, with the right length and checksum.
    fn with_block(bytes: &[u8], n: usize, content: &[u8], count: Option<u32>) -> Vec<u8> {
        let mut layout = Layout::of(bytes);
        let blocks = blocks_of(bytes);
        let range = blocks[n].1.clone();
        let body = header_end(bytes) + CHECKSUM_LEN;
        layout.blocks.splice(range.start - body..range.end - body, content.iter().copied());
        // Rules at 6, citations at 18, and the glossary's length at 0 of the entry after the last.
        let at = if n == blocks.len() - 1 { layout.field(n / 2, 0) } else { layout.field(n / 2, 6 + 12 * (n % 2)) };
        layout.set_u32(at, content.len() as u32);
        layout.index[at + 4..at + 12].copy_from_slice(&xxh3_64(content).to_le_bytes());
        if let Some(count) = count {
            let at = layout.field(n / 2, 2);
            layout.set_u32(at, count);
        }
        layout.bytes()
    }
}

fn read_as(bytes: &[u8], part: &Part) -> Result<Edition, ReadError> {
    read(bytes, bytes.len() as u64, part).map(|stored| stored.value)
}

#[test]
fn the_layout_taken_apart_is_the_file() {
    let bytes = bytes_of(&sample());
    assert_eq!(Layout::of(&bytes).bytes(), bytes);
    let blocks = blocks_of(&bytes);
    let holds: Vec<index::Holds> = blocks.iter().map(|(block, _)| block.holds).collect();
    use index::Holds::{Citations, Glossary, Rules};
    assert_eq!(holds, [Rules(609), Citations(609), Rules(614), Citations(614), Glossary]);
    assert_eq!(blocks[0].1.len(), 0, "609 is cited, and holds no rule");
    assert_eq!(blocks.last().unwrap().1.end, bytes.len());
    for n in 0..blocks.len() {
        let content = &bytes[blocks[n].1.clone()];
        assert_eq!(Layout::with_block(&bytes, n, content, None), bytes);
    }
}

/// A whole read refuses a changed byte anywhere; a lookup refuses one in the header or the index,
/// or in a block of its sections, and reads as before with one elsewhere, which it does not use.
#[test]
fn a_lookup_refuses_a_changed_byte_in_what_it_reads_only() {
    let bytes = bytes_of(&sample());
    let header = header_end(&bytes) + CHECKSUM_LEN;
    let blocks = blocks_of(&bytes);
    let of_section = |section: u16, at: usize| {
        blocks.iter().any(|(block, range)| {
            matches!(block.holds, index::Holds::Rules(s) | index::Holds::Citations(s) if s == section)
                && range.contains(&at)
        })
    };
    let parts = [(Part::Lookup(614..=614), 614), (Part::Lookup(609..=609), 609), (Part::Lookup(100..=100), 100)];
    let unchanged: Vec<Edition> = parts.iter().map(|(part, _)| read_as(&bytes, part).unwrap()).collect();
    for at in 0..bytes.len() {
        for flip in [0x01, 0x80] {
            let mut changed = bytes.clone();
            changed[at] ^= flip;
            let refused = |result: Result<Edition, ReadError>| match result {
                Err(ReadError::Damaged(_) | ReadError::Outdated(_)) => None,
                Err(e) => panic!("byte {at}: {e:?}"),
                Ok(edition) => Some(edition),
            };
            assert!(refused(read_as(&changed, &Part::Whole)).is_none(), "byte {at} ^ {flip:#x}: whole");
            for ((part, section), unchanged) in parts.iter().zip(&unchanged) {
                match refused(read_as(&changed, part)) {
                    None => assert!(at < header || of_section(*section, at), "byte {at}, {section}: refused"),
                    Some(edition) => {
                        assert!(at >= header && !of_section(*section, at), "byte {at}, {section}: read");
                        assert_eq!(edition.parsed, unchanged.parsed, "byte {at}, {section}");
                    }
                }
            }
        }
    }
}

/// A reader that counts the bytes it gives and those it passes over.
struct Passing<'a> {
    bytes: &'a [u8],
    read: usize,
    passed: u64,
}

impl Read for Passing<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.bytes.read(out)?;
        self.read += n;
        Ok(n)
    }
}

impl Input for Passing<'_> {
    fn pass(&mut self, len: u64) -> io::Result<()> {
        self.passed += len;
        self.bytes.pass(len)
    }
}

/// A lookup passes over the blocks of the other sections: in an edition of 40 sections, it reads
/// the window holding the header, then the window from where its section starts.
#[test]
fn a_lookup_passes_over_the_other_sections() {
    let mut parsed = Parsed::default();
    for section in 100..140u16 {
        for n in 1..=100 {
            let id = RuleId::rule_id(section, n);
            let references = vec![RuleId::rule_id(section + 1, n)];
            let text = format!("Rule {id}, which cites {}. {}", references[0], "Some words. ".repeat(10));
            parsed.rules.insert(id, Rule { id, text, examples: vec![], references, line: n.into() });
        }
    }
    let edition = Edition::new(sample().info, vec![], parsed);
    let bytes = bytes_of(&edition);
    assert!(bytes.len() > 6 * WINDOW, "{}", bytes.len());
    let mut input = Passing { bytes: &bytes, read: 0, passed: 0 };
    let part = read(&mut input, bytes.len() as u64, &Part::Lookup(120..=120)).unwrap().value;
    assert_eq!(part.rules().filter(|r| r.id.section() == 120).count(), 100);
    assert_eq!(part.rules().filter(|r| r.id.section() != 120).count(), 200, "cited by 119, citing 121");
    assert!(input.read <= 2 * WINDOW, "read {} of {}", input.read, bytes.len());
    assert!(input.passed > 4 * WINDOW as u64, "passed over {}", input.passed);
    for section in [100, 120, 139, 140] {
        let part = read_part(&bytes, &Part::Lookup(section..=section)).unwrap();
        let old = format_3_bytes_of(&edition);
        assert_eq!(part.parsed, read_part(&old, &Part::Lookup(section..=section)).unwrap().parsed, "{section}");
    }
}

/// An index whose checksum is right but whose entries do not hold together: refused by every
/// read that uses it, with what is wrong, before anything is allocated by it.
#[test]
fn an_index_that_does_not_hold_together_is_damage() {
    let bytes = bytes_of(&sample());
    let good = Layout::of(&bytes);
    let glossary = good.field(2, 0);
    let (rules_614, count_614, citations_614) = (good.field(1, 6), good.field(1, 2), good.field(1, 18));
    let changed = |change: &dyn Fn(&mut Layout)| {
        let mut layout = good.clone();
        change(&mut layout);
        layout.bytes()
    };
    let add = |layout: &mut Layout, at: usize, by: i64| {
        let value = layout.u32_at(at);
        layout.set_u32(at, (i64::from(value) + by) as u32);
    };
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (changed(&|l| add(l, glossary, 1)), "the file ends too soon"),
        (changed(&|l| add(l, glossary, -1)), "data after the end of the edition"),
        (changed(&|l| l.set_u32(rules_614, u32::MAX)), "the file ends too soon"),
        (changed(&|l| l.set_u32(count_614, u32::MAX)), "the rules of section 614 counted more than"),
        (changed(&|l| add(l, count_614, 1)), "an index of 4 rules, a header of 3"),
        (changed(&|l| l.set_u32(0, u32::MAX)), "the file ends too soon"),
        // One section fewer: the header's checksum is read from the index's last bytes.
        (changed(&|l| l.set_u32(0, 1)), "its checksum does not match its content"),
        (changed(&|l| l.index[4..6].copy_from_slice(&99u16.to_le_bytes())), "an index with section 99 out of place"),
        (changed(&|l| l.index[34..36].copy_from_slice(&609u16.to_le_bytes())), "section 609 out of place"),
        (
            changed(&|l| {
                add(l, citations_614, -8);
                add(l, glossary, 8);
            }),
            "the citations of section 614 shorter than",
        ),
        (
            // The lengths add up, but 614's rules end in its citations, which start too late.
            changed(&|l| {
                add(l, rules_614, 1);
                add(l, citations_614, -1);
            }),
            "section 614",
        ),
    ];
    for (n, (bytes, reason)) in cases.iter().enumerate() {
        for part in [Part::Whole, Part::Lookup(614..=614), Part::Lookup(100..=100)] {
            match read_as(bytes, &part) {
                Err(ReadError::Damaged(r)) if r.contains(reason) => {}
                // Only a lookup that reads 614's blocks finds them misplaced.
                Ok(_) if n == cases.len() - 1 && matches!(part, Part::Lookup(ref s) if *s.start() == 100) => {}
                other => panic!("case {n}: {:?}", other.map(|e| e.rule_count())),
            }
        }
    }
}

/// Any byte of the index changed, and the header's checksum made right again: whatever the
/// index then says, a read is refused or reads, never a panic; a whole read reads what it read
/// before. (A lookup trusts an index whose checksum is right: with 609 changed to 608, a lookup of
/// 609 finds no rule of it.)
#[test]
fn any_index_with_a_right_checksum_is_never_a_panic() {
    let bytes = bytes_of(&sample());
    let good = Layout::of(&bytes);
    let parts = [Part::Whole, Part::Lookup(614..=614), Part::Lookup(609..=609), Part::Lookup(100..=999)];
    let unchanged: Vec<Edition> = parts.iter().map(|part| read_as(&bytes, part).unwrap()).collect();
    for at in 0..good.index.len() {
        for flip in [0x01, 0x10, 0x80, 0xFF] {
            let mut layout = good.clone();
            layout.index[at] ^= flip;
            let changed = layout.bytes();
            for (part, unchanged) in parts.iter().zip(&unchanged) {
                match read_as(&changed, part) {
                    Err(ReadError::Damaged(_)) => {}
                    Ok(edition) if matches!(part, Part::Lookup(_)) => assert!(edition.rule_count() <= 3),
                    Ok(edition) => assert_eq!(edition.parsed, unchanged.parsed, "index byte {at} ^ {flip:#x}"),
                    Err(e) => panic!("index byte {at}: {e:?}"),
                }
            }
        }
    }
}

/// A rules block holds its section's rules in increasing order, each once, as `judge` writes
/// them: otherwise it is damage, whole or in a lookup.
#[test]
fn a_rules_block_out_of_order_is_damage() {
    let bytes = bytes_of(&sample());
    let rule = |number: &str| {
        let id = RuleId::parse(number).unwrap();
        let mut out = Writer(Vec::new());
        out.rule(&Rule { id, text: "Text.".into(), examples: vec![], references: vec![], line: 7 }).unwrap();
        out.0
    };
    let rules_614 = 2;
    for (numbers, reason) in [
        (&["614.1", "614.1", "614.2"][..], "the rules of section 614 out of order"),
        (&["614.2", "614.1", "614.3"], "the rules of section 614 out of order"),
        (&["614.1", "615.1", "614.3"], "rule 615.1 in the block of section 614"),
    ] {
        let content: Vec<u8> = numbers.iter().flat_map(|n| rule(n)).collect();
        let changed = Layout::with_block(&bytes, rules_614, &content, Some(3));
        for part in [Part::Whole, Part::Lookup(614..=614)] {
            match read_as(&changed, &part) {
                Err(ReadError::Damaged(r)) => assert_eq!(r, reason),
                other => panic!("{numbers:?}: {:?}", other.map(|e| e.rule_count())),
            }
        }
        let right: Vec<u8> = ["614.1", "614.2", "614.3"].iter().flat_map(|n| rule(n)).collect();
        let changed = Layout::with_block(&bytes, rules_614, &right, Some(3));
        assert_eq!(read_as(&changed, &Part::Lookup(614..=614)).unwrap().rule_count(), 3);
    }
}
