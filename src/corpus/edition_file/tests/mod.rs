//! The edition file as a whole: written and read again, whole and in lookups, in format 4 and
//! in format 3; cut, grown, changed at any byte, read a few bytes at a time. The helpers here
//! make the sample edition and its files for the tests of every part of the module.

use super::index::{Block, Index};
use super::*;
use crate::corpus::glossary::GlossaryEntry;
use crate::corpus::lang::Lang;
use std::collections::BTreeSet;
use xxhash_rust::xxh3::xxh3_64;

pub(super) mod blocks;
mod official;

pub(super) fn sample() -> Edition {
    let mut parsed = Parsed::default();
    parsed.sections.insert(614, "614. Replacement Effects".to_string());
    for (number, text, examples, references) in [
        ("614.1", "Some effects.", vec![], vec!["614.1a"]),
        ("614.1a", "“Instead” — effects.", vec!["One.", "Two."], vec![]),
        ("614.10", "Skip.", vec![], vec!["614.1", "614.1a", "609"]),
    ] {
        let id = RuleId::parse(number).unwrap();
        let rule = Rule {
            id,
            text: text.to_string(),
            examples: examples.into_iter().map(String::from).collect(),
            references: references.into_iter().map(|r| RuleId::parse(r).unwrap()).collect(),
            line: 7,
        };
        parsed.rules.insert(id, rule);
    }
    parsed.glossary.push(GlossaryEntry {
        term: "Control, Controller".to_string(),
        aliases: vec!["Control".to_string(), "Controller".to_string()],
        definition: "Who.\nSee rule 614.1.".to_string(),
        obsolete: false,
    });
    parsed.glossary.push(GlossaryEntry {
        term: "Bury".to_string(),
        aliases: vec![],
        definition: "Old.".to_string(),
        obsolete: true,
    });
    let info = EditionInfo { name: "en-test".to_string(), lang: Lang::En, date: "2011-02-04".to_string() };
    let documents = vec![Document { file: "cr.txt".to_string(), date: "2011-02-04".to_string(), sections: vec![614] }];
    Edition::new(info, documents, parsed)
}

pub(super) fn bytes_of(edition: &Edition) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_stamped(edition, "0123456789abcdef", &mut bytes).unwrap();
    bytes
}

pub(super) fn read_bytes(bytes: &[u8]) -> Result<Edition, ReadError> {
    read_part(bytes, &Part::Whole)
}

/// Reads a part of a file written in format 4 or 3, as it says.
pub(super) fn read_part(bytes: &[u8], part: &Part) -> Result<Edition, ReadError> {
    let stored = read(bytes, bytes.len() as u64, part)?;
    assert_eq!(stored.format, format_of(bytes));
    Ok(stored.value)
}

pub(super) fn format_of(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(bytes[MAGIC.len()..MAGIC.len() + 4].try_into().unwrap())
}

/// The edition in format 3: every rule in one run, one checksum over them.
pub(super) fn format_3_bytes_of(edition: &Edition) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_format_3(edition, "0123456789abcdef", &mut bytes).unwrap();
    bytes
}

/// The sample in format 2, with XXH64 checksums.
pub(super) fn xxh64_bytes_of(edition: &Edition) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_xxh64(edition, "0123456789abcdef", &mut bytes).unwrap();
    bytes
}

/// Where the header's checksum starts: after the JSON, and in format 4 after the index.
pub(super) fn header_end(bytes: &[u8]) -> usize {
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    let json_end = LEAD_LEN + u32_at(LEAD_LEN - 4);
    match format_of(bytes) {
        FORMAT => json_end + 4 + index::len(u32_at(json_end)),
        _ => json_end,
    }
}

#[test]
fn round_trip() {
    let edition = sample();
    let back = read_bytes(&bytes_of(&edition)).unwrap();
    assert_eq!(back.info, edition.info);
    assert_eq!(back.documents, edition.documents);
    assert_eq!(back.parsed, edition.parsed);
    let id = RuleId::parse("614.1a").unwrap();
    assert_eq!(back.cited_by(id), edition.cited_by(id));
    let bytes = bytes_of(&edition);
    assert_eq!(format_of(&bytes), 4);
    let header = read_header(bytes.as_slice(), bytes.len() as u64).unwrap();
    assert_eq!((header.value.rule_count, header.value.glossary_count, header.format), (3, 2, FORMAT));
    // Format 3, written before the blocks, reads as the same edition.
    let old = format_3_bytes_of(&edition);
    let back = read(old.as_slice(), old.len() as u64, &Part::Whole).unwrap();
    assert_eq!((back.format, &back.value.parsed, &back.value.documents), (3, &edition.parsed, &edition.documents));
    assert_eq!(read_header(old.as_slice(), old.len() as u64).unwrap().format, 3);
}

/// What listing reads of a header is the header's, in every format, and a header damaged
/// anywhere is damage to the listing too: a damaged file is passed over, never listed.
#[test]
fn the_listing_is_the_headers_and_as_checked() {
    for bytes in [bytes_of(&sample()), format_3_bytes_of(&sample())] {
        let len = bytes.len() as u64;
        let (header, listing) =
            (read_header(bytes.as_slice(), len).unwrap(), read_listing(bytes.as_slice(), len).unwrap());
        assert_eq!(
            (&listing.value.info, listing.value.rule_count, listing.format),
            (&header.value.info, header.value.rule_count, header.format)
        );
        for at in MAGIC.len() + 4..bytes.len().min(4096) {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x01;
            if read_header(damaged.as_slice(), len).is_err() {
                assert!(read_listing(damaged.as_slice(), len).is_err(), "byte {at}");
            }
        }
    }
}

/// The layout the content fingerprint hashes keeps the format number 2 whatever the format
/// written, so that the fingerprints in stored headers and the indexes and caches named after
/// them stay valid. The value is pinned: any change to that layout changes it.
#[test]
fn the_content_fingerprint_is_that_of_format_2() {
    let mut layout = Vec::new();
    write(&sample(), &mut layout).unwrap();
    assert_eq!(layout[MAGIC.len()..MAGIC.len() + 4], 2u32.to_le_bytes());
    assert_eq!(crate::corpus::fingerprint::content_fingerprint(&sample()), "d26add94b2934b91");
}

#[test]
fn the_part_a_lookup_needs() {
    let mut parsed = sample().parsed;
    let id = |s: &str| RuleId::parse(s).unwrap();
    let mut add = |number: &str, references: &[&str], line| {
        let references = references.iter().map(|r| id(r)).collect();
        let rule = Rule { id: id(number), text: "Other.".into(), examples: vec!["E.".into()], references, line };
        parsed.rules.insert(rule.id, rule);
    };
    add("100.1", &["101.1", "614.1"], 1);
    add("101.1", &["100.1"], 2);
    add("700.1", &[], 3);
    add("700.2", &["614.1a", "614.1"], 4);
    parsed.rules.get_mut(&id("614.1a")).unwrap().references = vec![id("700.1"), id("701.1")];
    let edition = Edition::new(sample().info, vec![], parsed);
    for bytes in [bytes_of(&edition), format_3_bytes_of(&edition)] {
        the_part_a_lookup_needs_of(&edition, &bytes);
    }
}

fn the_part_a_lookup_needs_of(edition: &Edition, bytes: &[u8]) {
    let id = |s: &str| RuleId::parse(s).unwrap();
    let part = read_part(bytes, &Part::Lookup(614..=614)).unwrap();
    for rule in edition.rules().filter(|r| r.id.section() == 614) {
        assert_eq!(part.get(rule.id), Some(rule), "whole");
        assert_eq!(part.cited_by(rule.id), edition.cited_by(rule.id), "cited by rules of any section");
        for &cited in &rule.references {
            assert_eq!(part.contains(cited), edition.contains(cited), "{cited} exists or not");
        }
    }
    let ids: Vec<String> = part.rules().map(|r| r.id.to_string()).collect();
    assert_eq!(ids, ["100.1", "614.1", "614.1a", "614.10", "700.1", "700.2"], "101.1 neither cites nor is cited");
    let citing = part.get(id("700.2")).unwrap();
    assert_eq!((citing.text.as_str(), citing.examples.len(), citing.line), ("", 0, 4), "number and line only");
    assert_eq!(part.get(id("100.1")).unwrap().references, [id("614.1")], "only its references into the sections");
    assert_eq!(part.get(id("700.1")).unwrap().line, 3, "cited before or after, it has its line");
    assert!(part.parsed.glossary.is_empty());
    assert_eq!(part.parsed.sections, edition.parsed.sections);
    assert_eq!((part.info.clone(), part.documents.clone()), (edition.info.clone(), edition.documents.clone()));
}

#[test]
fn every_truncation_is_damage_and_never_a_panic() {
    let bytes = bytes_of(&sample());
    for len in 0..bytes.len() {
        match read_bytes(&bytes[..len]) {
            Err(ReadError::Damaged(_)) => {}
            other => panic!("cut at {len}: {other:?}"),
        }
    }
}

/// A whole read, and in format 3 a lookup too, sees a change of any byte. (Which bytes a
/// lookup of format 4 sees: `blocks.rs`.)
#[test]
fn every_flipped_byte_is_damage_never_a_panic() {
    for bytes in [bytes_of(&sample()), format_3_bytes_of(&sample())] {
        every_flipped_byte_is_damage_in(&bytes);
    }
}

fn every_flipped_byte_is_damage_in(bytes: &[u8]) {
    let parts = match format_of(bytes) {
        FORMAT => vec![Part::Whole],
        _ => vec![Part::Whole, Part::Lookup(614..=614), Part::Lookup(100..=100)],
    };
    for at in 0..bytes.len() {
        for flip in [0x01, 0x80, 0xFF] {
            let mut damaged = bytes.to_vec();
            damaged[at] ^= flip;
            // The checksums see every change, a letter inside a text too.
            let outdated = (MAGIC.len()..MAGIC.len() + 4).contains(&at);
            for part in &parts {
                match read(damaged.as_slice(), damaged.len() as u64, part) {
                    Err(ReadError::Outdated(_)) if outdated => {}
                    Err(ReadError::Damaged(_)) => {}
                    other => panic!("byte {at} ^ {flip:#x}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn trailing_data_other_formats_and_other_files() {
    let mut bytes = bytes_of(&sample());
    bytes.push(0);
    // The blocks must end where the file does.
    for part in [Part::Whole, Part::Lookup(614..=614)] {
        let result = read_part(&bytes, &part);
        assert!(matches!(result, Err(ReadError::Damaged(r)) if r == "data after the end of the edition"));
    }
    // In format 3, the checksum at the end covers all but the file's last eight bytes: one
    // byte more and it no longer matches.
    let mut bytes = format_3_bytes_of(&sample());
    bytes.push(0);
    assert!(
        matches!(read_bytes(&bytes), Err(ReadError::Damaged(reason)) if reason == "its checksum does not match its content")
    );
    let mut other = bytes_of(&sample());
    other[MAGIC.len()..MAGIC.len() + 4].copy_from_slice(&7u32.to_le_bytes());
    assert!(matches!(read_bytes(&other), Err(ReadError::Outdated(7))));
    assert!(
        matches!(read_bytes(b"{\"format\": 1}"), Err(ReadError::Damaged(reason)) if reason == "not an edition file")
    );
}

#[test]
fn a_huge_length_does_not_allocate() {
    let mut bytes = MAGIC.to_vec();
    bytes.extend(FORMAT.to_le_bytes());
    bytes.extend(u32::MAX.to_le_bytes());
    assert!(matches!(read_bytes(&bytes), Err(ReadError::Damaged(_))));
}

/// The length of the file as the system gave it, before it was read, and what was read
/// then differ when the file was cut or written to in between: an error, never a panic, and
/// never more read or allocated than that length.
#[test]
fn a_file_cut_or_grown_after_its_length_was_taken() {
    for bytes in [bytes_of(&sample()), format_3_bytes_of(&sample())] {
        cut_or_grown(&bytes);
    }
    let bytes = bytes_of(&sample());
    // A length no file has allocates no more than the window.
    assert!(matches!(read(bytes.as_slice(), u64::MAX, &Part::Whole), Err(ReadError::Damaged(_))));
}

fn cut_or_grown(bytes: &[u8]) {
    let len = bytes.len() as u64;
    // A lookup of format 4 reads up to the end of the citations of 614, and no further.
    let lookup_end = match format_of(bytes) {
        FORMAT => blocks::blocks_of(bytes).iter().map(|(_, range)| range.end).nth(3).unwrap(),
        _ => bytes.len(),
    };
    for cut in 0..bytes.len() {
        for part in [Part::Whole, Part::Lookup(614..=614)] {
            let whole = matches!(part, Part::Whole);
            match read(&bytes[..cut], len, &part) {
                Err(ReadError::Damaged(_)) if whole || cut < lookup_end => {}
                Ok(lookup) if !whole && cut >= lookup_end => assert_eq!(lookup.value.rule_count(), 3),
                other => panic!("cut at {cut}: {:?}", other.map(|s| s.value.rule_count())),
            }
        }
    }
    let mut grown = bytes.to_vec();
    grown.extend_from_slice(b"more");
    match read(grown.as_slice(), len, &Part::Whole) {
        Err(ReadError::Damaged(reason)) => assert_eq!(reason, "data after the end of the edition"),
        other => panic!("{other:?}"),
    }
    // A lookup of format 3 reads to the end; one of format 4 does not read what it has no use for.
    match (format_of(bytes), read(grown.as_slice(), len, &Part::Lookup(614..=614))) {
        (FORMAT, Ok(lookup)) => assert_eq!(lookup.value.rule_count(), 3),
        (_, Err(ReadError::Damaged(reason))) => assert_eq!(reason, "data after the end of the edition"),
        (_, other) => panic!("{:?}", other.map(|s| s.value.rule_count())),
    }
}

/// A reader that counts the bytes taken from it.
struct Counted<'a> {
    bytes: &'a [u8],
    taken: usize,
}

impl Read for Counted<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.bytes[self.taken..].as_ref().read(out)?;
        self.taken += n;
        Ok(n)
    }
}

impl Input for Counted<'_> {}

/// A reader that gives a few bytes at a time, as a pipe may.
struct Trickle<'a>(&'a [u8]);

impl Input for Trickle<'_> {}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = out.len().min(3).min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// The format, which says which hash the checksums are, comes after bytes already read: read
/// a few bytes at a time, before and after it, both formats are checked as read whole.
#[test]
fn short_reads_hash_every_byte_once() {
    let edition = sample();
    for bytes in [bytes_of(&edition), format_3_bytes_of(&edition), xxh64_bytes_of(&edition)] {
        let len = bytes.len() as u64;
        let whole = read(Trickle(&bytes), len, &Part::Whole).unwrap().value;
        assert_eq!(whole.parsed, edition.parsed);
        let lookup = read(Trickle(&bytes), len, &Part::Lookup(614..=614)).unwrap().value;
        assert_eq!(lookup.rule_count(), 3);
        assert_eq!(read_header(Trickle(&bytes), len).unwrap().value.rule_count, 3);
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert!(matches!(read(Trickle(&flipped), len, &Part::Whole), Err(ReadError::Damaged(_))));
    }
}

/// Listing reads a file's header and its checksum, not the rules after them; a file cut
/// inside them is damage, cut after them it lists.
#[test]
fn the_header_alone_is_read() {
    for bytes in [bytes_of(&sample()), format_3_bytes_of(&sample())] {
        the_header_alone_is_read_in(&bytes);
    }
}

fn the_header_alone_is_read_in(bytes: &[u8]) {
    let header_end = header_end(bytes) + CHECKSUM_LEN;
    let mut input = Counted { bytes, taken: 0 };
    let header = read_header(&mut input, bytes.len() as u64).unwrap().value;
    assert_eq!((header.rule_count, header.glossary_count), (3, 2));
    assert_eq!(input.taken, header_end, "of {} bytes", bytes.len());
    for cut in 0..bytes.len() {
        // Cut before its length was taken, and after.
        for len in [cut as u64, bytes.len() as u64] {
            match read_header(&bytes[..cut], len) {
                Ok(header) if cut >= header_end => assert_eq!(header.value.rule_count, 3),
                Err(ReadError::Damaged(_)) if cut < header_end => {}
                other => panic!("cut at {cut}, length {len}: {:?}", other.map(|h| h.value.rule_count)),
            }
        }
    }
}

/// An edition several windows long, with a text longer than the window: fields cut by the
/// window's edge read as any other, whole or in a lookup, and a cut anywhere is damage.
#[test]
fn an_edition_larger_than_the_window() {
    let mut parsed = sample().parsed;
    for n in 1..3000u16 {
        let id = RuleId::rule_id(700 + n / 1000, n % 1000 + 1);
        let text = if n == 1500 { "long ".repeat(WINDOW / 3) } else { format!("Rule {n}, a text of some length.") };
        let references = vec![RuleId::parse("614.1").unwrap()];
        parsed.rules.insert(id, Rule { id, text, examples: vec![format!("Example {n}.")], references, line: n.into() });
    }
    let edition = Edition::new(sample().info, vec![], parsed);
    let bytes = bytes_of(&edition);
    assert!(bytes.len() > 3 * WINDOW, "{}", bytes.len());
    assert_eq!(read_bytes(&bytes).unwrap().parsed, edition.parsed);
    let part = read_part(&bytes, &Part::Lookup(614..=614)).unwrap();
    let id = RuleId::parse("614.1").unwrap();
    assert_eq!((part.get(id), part.cited_by(id)), (edition.get(id), edition.cited_by(id)));
    for cut in (0..bytes.len()).step_by(997) {
        assert!(matches!(read_bytes(&bytes[..cut]), Err(ReadError::Damaged(_))), "cut at {cut}");
    }
    // Section 701 holds the long text: its block is read through the window, hashed on the way.
    let part = read_part(&bytes, &Part::Lookup(701..=701)).unwrap();
    assert_eq!(part.rules().filter(|r| r.id.section() == 701).count(), 1000);
    let id = RuleId::rule_id(701, 500);
    assert_eq!((part.get(id), part.cited_by(id)), (edition.get(id), edition.cited_by(id)));
    let header = header_end(&bytes) + CHECKSUM_LEN;
    let read_by = |section: u16, at: usize| {
        at < header
            || blocks::blocks_of(&bytes).iter().any(|(block, range)| {
                matches!(block.holds, index::Holds::Rules(s) | index::Holds::Citations(s) if s == section)
                    && range.contains(&at)
            })
    };
    for at in (0..bytes.len()).step_by(1009) {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0x20;
        let refused = |part| {
            let result = read(flipped.as_slice(), flipped.len() as u64, &part);
            matches!(result, Err(ReadError::Damaged(_) | ReadError::Outdated(_)))
        };
        assert!(refused(Part::Whole), "byte {at}");
        for section in [614, 701] {
            assert_eq!(refused(Part::Lookup(section..=section)), read_by(section, at), "byte {at}, {section}");
        }
    }
}
