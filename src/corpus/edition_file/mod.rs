//! The file an imported edition is kept in, laid out so that it loads fast.
//!
//! `judge rule` starts a process, loads an edition and prints a few lines, and it is measured
//! against `grep` over the rules text. Serialized with serde as JSON, the 2025 edition (1.2 MB)
//! took about 4 ms of CPU to load in a fresh process, mostly spent filling fresh memory (the whole
//! file read at once, then every string copied out of it) and parsing. In this layout rule
//! numbers are fixed-size and strings carry their length: the file is read a window of 64 KB at a
//! time and parsed from that slice with a cursor, a field being a bounds check and a copy, a
//! string skipped an addition. The checksums are XXH3-64 (formats 3 and 4), which hashes the
//! megabyte of an edition in a fraction of what XXH64 (format 2) took, with SSE2, which every
//! x86_64 has; both are fixed by their specification. The file read whole into memory took fewer
//! instructions still, but more time: its fresh pages faulted one by one.
//!
//! A lookup (`Part::Lookup`) reads the header and the blocks of the sections it shows, a few
//! dozen kilobytes of the megabyte, each checked against its own checksum: every byte a process
//! uses is checked, and a byte it does not read is not used. Format 3 had one checksum over all
//! the rules, so that a lookup read and hashed every byte and parsed every rule to find those
//! citing its sections. `benches/corpus.rs` measures loading in a warm process and
//! `benches/process.rs` the whole `judge rule`; the figures are in `docs/PERFORMANCE.md`.
//! The search index's fingerprint hashes an edition in the layout of format 2 (below).
//!
//! Layout of format 4, integers little-endian, a *string* being its byte length as a `u32` then
//! its UTF-8, a *number* five bytes: section (`u16`), rule (`u16`, `0xFFFF` for none) and letter
//! (ASCII, 0 for none):
//! - the magic line `judge edition\n`, then the format as a `u32` (4);
//! - a string holding the [`Header`] as JSON: what listing the store needs, and the sections;
//! - the index of the blocks (`edition_file/index.rs`): the number of sections (`u32`), then for
//!   each, in increasing order, its number (`u16`), its rule count (`u32`), the byte length
//!   (`u32`) and checksum (`u64`) of its rules block, and those of its citations block; then the
//!   length and checksum of the glossary block. A section has an entry when it holds a rule or
//!   a rule cites it;
//! - the checksum of all the bytes before it (`u64`, XXH3-64 with seed 0 and the default secret),
//!   which every read checks, listing too;
//! - the blocks, one after the other in the order of the index, each section's rules block then
//!   its citations block, then the glossary block, and nothing after: each block starts where the
//!   one before it ends, so that the lengths give the places, and they must add up to the file's
//!   length;
//! - a rules block: each rule of the section in increasing order: number, line (`u32`), text
//!   (string), example count (`u32`) and examples (strings), reference count (`u32`) and
//!   references (numbers);
//! - a citations block: what showing the section needs of the other sections. The rules of other
//!   sections that its rules cite and that exist: their count (`u32`), then each one's number and
//!   line (`u32`), in increasing order. Then the rules of other sections that cite one of its
//!   rules: their count (`u32`), then each one's number, line (`u32`), and its references outside
//!   its own section (count `u32` and numbers, in the order of its references), in increasing
//!   order;
//! - the glossary block: each glossary entry: term (string), alias count (`u32`) and aliases
//!   (strings), definition (string), obsolete (one byte, 0 or 1).
//!
//! A whole read checks the header's checksum and every block's, and that the blocks fill the file:
//! a changed byte anywhere is refused. A lookup checks the header's and those of the blocks it
//! reads.
//!
//! Format 3, the layout before: the magic, the format (3), the header, its checksum, then every
//! rule and every glossary entry encoded as in the blocks (the rules blocks of format 4 put end to
//! end are these rules), then the checksum of all the bytes before it. It is still read, a lookup
//! by reading every rule, and the store writes it again as format 4 when it can. Format 2 is
//! format 3 with XXH64 checksums (seed 0): read, and written again too. Format 1 is format 3
//! without the checksums, read only to be written again ([`read_outdated`]).
//!
//! The fingerprint of an edition's content hashes the layout of format 3 without the two
//! checksums, without the fingerprint itself, and with the format number 2 whatever the format
//! written ([`write`]).

mod index;

use super::edition::{Document, Edition, EditionInfo, Parsed};
use super::fingerprint::Xxh64;
use super::glossary::GlossaryEntry;
use super::rule::Rule;
use super::rule_id::RuleId;
use index::{Block, Index};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Read, Seek, Write};
use std::ops::RangeInclusive;
use xxhash_rust::xxh3::{xxh3_64, Xxh3Default};

const MAGIC: &[u8] = b"judge edition\n";
/// How a rule number without a rule part (a section, as in `see rule 614`) is written.
const NO_RULE: u16 = u16::MAX;
const CHECKSUM_LEN: usize = 8;
/// The bytes before the header's JSON: the magic, the format and the JSON's length.
const LEAD_LEN: usize = MAGIC.len() + 4 + 4;
/// How much of the file is held at once. Read whole into fresh memory, a 1 MB edition took about
/// 230 more page faults than through this window, which cost more time than the parse saved.
const WINDOW: usize = 64 * 1024;
/// How much a lookup holds at first: the header of an edition (9 KB in 2026: the JSON and the
/// index) and the blocks of most sections (14 KB for 614, 3.5 KB the median) fit in it; it grows
/// for larger ones, up to [`WINDOW`]. Each 4 KB of the window is a page fault the first time it
/// is filled, which costs a lookup more than the few more reads of a larger section.
const LOOKUP_WINDOW: usize = 16 * 1024;
/// Version of the layout written: XXH3-64 checksums, a block for each section's rules and one
/// for its citations, and an index of the blocks in the header. Formats 3 and 2 are read too;
/// they and format 1 are written again in this one by the store ([`read_outdated`]); a file of
/// another version is refused and must be imported again.
pub(crate) const FORMAT: u32 = 4;
/// The rules then the glossary, one checksum over them, XXH3-64: a lookup reads every rule.
pub(crate) const SCAN_FORMAT: u32 = 3;
/// Format 3 with XXH64 checksums.
pub(crate) const XXH64_FORMAT: u32 = 2;
const UNSEALED_FORMAT: u32 = 1;
/// The format number in the layout the content fingerprint hashes ([`write`]): that of the files
/// when their checksums became XXH3, kept so that the fingerprints already in the headers of
/// stored editions, and the names of the indexes and caches made from them, stay valid.
const FINGERPRINT_FORMAT: u32 = 2;

#[derive(Serialize, Deserialize)]
pub(crate) struct Header {
    pub info: EditionInfo,
    pub rule_count: usize,
    pub glossary_count: usize,
    pub documents: Vec<Document>,
    #[serde(deserialize_with = "sections_in_bulk")]
    pub sections: BTreeMap<u16, String>,
    /// The fingerprint of the edition's content (`fingerprint::content_fingerprint`: its layout
    /// without this field), written at import, so that `judge search` can name the edition's
    /// index from the header alone, without reading the rules. Every stored file has it; only
    /// the layout that the fingerprint hashes has none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub content: String,
}

/// The header's section headings, collected then built into a map at once: inserted one by one
/// as serde does, the 150 headings of an edition took a third of the instructions of reading the
/// header of `judge rule`. Written in increasing order, they need no sorting; a key given twice
/// keeps its last heading, as inserting does.
fn sections_in_bulk<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<BTreeMap<u16, String>, D::Error> {
    struct Headings;
    impl<'de> serde::de::Visitor<'de> for Headings {
        type Value = BTreeMap<u16, String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map of section numbers to headings")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            // A count from the file bounds nothing here: JSON maps give none.
            let mut headings: Vec<(u16, String)> = Vec::new();
            while let Some(entry) = map.next_entry()? {
                headings.push(entry);
            }
            Ok(headings.into_iter().collect())
        }
    }
    deserializer.deserialize_map(Headings)
}

/// What was read from a file, and the file's format: the store writes a file of an older format
/// again in the format of today.
#[derive(Debug)]
pub(crate) struct Stored<T> {
    pub value: T,
    pub format: u32,
}

/// The hash of a file's checksums, by its format.
// XXH3's state is the large one, and the one of every file written today: boxing it would only
// add an allocation to every read.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum Checksum {
    Xxh3(Xxh3Default),
    Xxh64(Xxh64),
    /// Format 1: nothing to check.
    None,
}

impl Checksum {
    /// `None` for a format that is not read.
    fn of_format(format: u32) -> Option<Checksum> {
        match format {
            FORMAT | SCAN_FORMAT => Some(Checksum::Xxh3(Xxh3Default::new())),
            XXH64_FORMAT => Some(Checksum::Xxh64(Xxh64::new(0))),
            UNSEALED_FORMAT => Some(Checksum::None),
            _ => None,
        }
    }

    /// Whether the format has checksums.
    fn sealed(&self) -> bool {
        !matches!(self, Checksum::None)
    }

    fn update(&mut self, bytes: &[u8]) {
        match self {
            Checksum::Xxh3(hash) => hash.update(bytes),
            Checksum::Xxh64(hash) => hash.update(bytes),
            Checksum::None => {}
        }
    }

    /// The checksum of the bytes so far; `None` for a format without checksums.
    fn digest(&self) -> Option<u64> {
        match self {
            Checksum::Xxh3(hash) => Some(hash.digest()),
            Checksum::Xxh64(hash) => Some(hash.digest()),
            Checksum::None => None,
        }
    }
}

/// Why a file could not be read as an edition.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The system could not read the file.
    Io(io::Error),
    /// The file is an edition of another format.
    Outdated(u32),
    /// The file is not a whole edition; the reason is for people.
    Damaged(String),
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            ReadError::Damaged("the file ends too soon".to_string())
        } else {
            ReadError::Io(e)
        }
    }
}

fn damaged(reason: impl Into<String>) -> ReadError {
    ReadError::Damaged(reason.into())
}

/// A file read from its start, which can pass over bytes without reading them: a lookup reads
/// the blocks of its sections and passes over the others.
pub(crate) trait Input: Read + Sized {
    /// Passes over the next `len` bytes. A file seeks; anything else reads them and throws them
    /// away. Passing the end is no error: the next read finds nothing.
    fn pass(&mut self, len: u64) -> io::Result<()> {
        io::copy(&mut Read::take(self, len), &mut io::sink()).map(drop)
    }
}

impl Input for std::fs::File {
    fn pass(&mut self, len: u64) -> io::Result<()> {
        let len = i64::try_from(len).map_err(|_| io::Error::other("a block beyond any file"))?;
        self.seek_relative(len)
    }
}

impl Input for &[u8] {
    fn pass(&mut self, len: u64) -> io::Result<()> {
        *self = &self[usize::try_from(len).unwrap_or(usize::MAX).min(self.len())..];
        Ok(())
    }
}

impl<I: Input> Input for &mut I {
    fn pass(&mut self, len: u64) -> io::Result<()> {
        (**self).pass(len)
    }
}

/// Writes the layout the fingerprint of the edition's content hashes: no fingerprint, no checksums.
pub(crate) fn write(edition: &Edition, out: impl Write) -> io::Result<()> {
    let mut out = Writer(out);
    out.head(edition, String::new(), FINGERPRINT_FORMAT)?;
    out.body(edition)
}

/// Writes the edition as the store keeps it: with the fingerprint of its content in the header,
/// its blocks and their index, and the checksums.
pub(crate) fn write_stamped(edition: &Edition, content: &str, out: impl Write) -> io::Result<()> {
    let blocks = index::Blocks::of(edition)?;
    let mut out = Writer(Summing { inner: out, checksum: Checksum::Xxh3(Xxh3Default::new()) });
    out.head(edition, content.to_string(), FORMAT)?;
    blocks.write_index(&mut out)?;
    out.checksum()?;
    // Each block has its own checksum, in the index: the hash of the header stops here.
    blocks.write_blocks(&mut out.0.inner)
}

/// Writes the edition in the layout of format 3, `format` saying which checksums: for tests,
/// 3 (XXH3) or 2 (XXH64).
#[cfg(test)]
fn write_scanned(edition: &Edition, content: &str, format: u32, out: impl Write) -> io::Result<()> {
    let checksum = Checksum::of_format(format).filter(|c| c.sealed() && format != FORMAT);
    let checksum = checksum.ok_or_else(|| io::Error::other(format!("format {format} is not written")))?;
    let mut out = Writer(Summing { inner: out, checksum });
    out.head(edition, content.to_string(), format)?;
    out.checksum()?;
    out.body(edition)?;
    out.checksum()
}

/// An edition in format 3, as `judge` wrote them before the blocks.
#[cfg(test)]
pub(crate) fn write_format_3(edition: &Edition, content: &str, out: impl Write) -> io::Result<()> {
    write_scanned(edition, content, SCAN_FORMAT, out)
}

/// An edition in format 2, with XXH64 checksums, as `judge` wrote them before format 3.
#[cfg(test)]
pub(crate) fn write_xxh64(edition: &Edition, content: &str, out: impl Write) -> io::Result<()> {
    write_scanned(edition, content, XXH64_FORMAT, out)
}

/// The blocks of a file of format 4, by name, and the bytes each spans, as its index says.
#[cfg(test)]
pub(crate) fn block_ranges(bytes: &[u8]) -> Vec<(String, std::ops::Range<usize>)> {
    tests::blocks::blocks_of(bytes).into_iter().map(|(block, range)| (block.name(), range)).collect()
}

/// Reads the header only: what listing the store needs, without the rules. Only the bytes up to
/// the header's checksum are read (a few kilobytes), never more than `len`, the file's length.
pub(crate) fn read_header(mut input: impl Read, len: u64) -> Result<Stored<Header>, ReadError> {
    let mut bytes = Vec::new();
    read_up_to(&mut input, &mut bytes, LEAD_LEN, len)?;
    // The lengths as written; the reader below checks them against what the file holds.
    let u32_at =
        |bytes: &[u8], at: usize| bytes.get(at..at + 4).and_then(|b| b.try_into().ok()).map(u32::from_le_bytes);
    let mut through = LEAD_LEN.saturating_add(u32_at(&bytes, LEAD_LEN - 4).unwrap_or(0) as usize);
    if u32_at(&bytes, MAGIC.len()) == Some(FORMAT) {
        read_up_to(&mut input, &mut bytes, through.saturating_add(4), len)?;
        let sections = u32_at(&bytes, through).unwrap_or(0) as usize;
        through = through.saturating_add(4).saturating_add(index::len(sections));
    }
    read_up_to(&mut input, &mut bytes, through.saturating_add(CHECKSUM_LEN), len)?;
    let mut reader = Reader::new(bytes.as_slice(), bytes.len() as u64, false, WINDOW);
    // The header's own checksum is all there is to check: no running checksum over it.
    reader.to_hash = 0;
    let (header, _) = reader.header()?;
    Ok(Stored { value: header, format: reader.format })
}

/// Reads on until `bytes` holds `want` bytes, or `len` (the file's length), or the whole file.
fn read_up_to(input: &mut impl Read, bytes: &mut Vec<u8>, want: usize, len: u64) -> Result<(), ReadError> {
    let want = (want as u64).min(len);
    let missing = want.saturating_sub(bytes.len() as u64);
    input.take(missing).read_to_end(bytes)?;
    Ok(())
}

/// How much of an edition to read.
pub(crate) enum Part {
    Whole,
    /// What showing the rules of these sections needs, and nothing more: those rules whole, and,
    /// of the other rules, those that cite one of them (with those references only, which give
    /// them their `cited_by`) and those that one of them cites (number and line only, so that
    /// their existence is known); no glossary. Everything about the rules of the sections reads
    /// as in the whole edition: their subtrees, ranges among them, texts, examples, references,
    /// the rules citing them, whether the rules they cite exist. Other numbers are absent, so the
    /// nearest numbers to a missing one must be asked of the whole edition. A fresh `judge rule`
    /// process spends most of its loading time building and filling memory for the rules of an
    /// edition; this part has a few dozen of them instead of thousands.
    Lookup(RangeInclusive<u16>),
}

/// Reads an edition, or part of one. `len` is the file's length, which bounds what is read and
/// allocated, so that a damaged file cannot make us allocate more than its size.
pub(crate) fn read(input: impl Input, len: u64, part: &Part) -> Result<Stored<Edition>, ReadError> {
    let window = match part {
        Part::Whole => WINDOW,
        Part::Lookup(_) => LOOKUP_WINDOW,
    };
    Reader::new(input, len, false, window).edition(part)
}

/// Reads a whole edition of an older format, so that the store can write it again in this one:
/// of format 3 or 2, checked with their checksums; of format 1, written before the checksums,
/// what it holds cannot be checked, only its structure. A file of this format reads as with
/// [`read`].
pub(crate) fn read_outdated(input: impl Input, len: u64) -> Result<Edition, ReadError> {
    Ok(Reader::new(input, len, true, WINDOW).edition(&Part::Whole)?.value)
}

/// Whether the input holds another byte.
fn more(input: &mut impl Read) -> io::Result<bool> {
    loop {
        match input.read(&mut [0]) {
            Ok(n) => return Ok(n != 0),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

impl<R: Input> Reader<R> {
    fn edition(mut self, part: &Part) -> Result<Stored<Edition>, ReadError> {
        let reader = &mut self;
        let (header, index) = reader.header()?;
        if index.is_none() {
            // Before format 4, a lookup reads every byte too.
            reader.widen(WINDOW);
        }
        let (rules, glossary) = match (&index, part) {
            (None, _) => reader.scanned(&header, part)?,
            (Some(index), Part::Whole) => reader.all_blocks(&header, index)?,
            (Some(index), Part::Lookup(sections)) => {
                index.check(&header, reader.len)?;
                (reader.lookup_blocks(index, sections)?, Vec::new())
            }
        };
        // A lookup of format 4 stops after its sections' blocks: the rest is not read.
        let read_to_end = index.is_none() || matches!(part, Part::Whole);
        if read_to_end && (reader.remaining() != 0 || more(&mut reader.input)?) {
            return Err(damaged("data after the end of the edition"));
        }
        let parsed = Parsed { sections: header.sections, rules, glossary };
        Ok(Stored { value: Edition::new(header.info, header.documents, parsed), format: self.format })
    }

    /// The rules and glossary of a file of format 3 or before, in which a lookup reads every rule
    /// to find those citing its sections, and the glossary to check the checksum at the end.
    fn scanned(&mut self, header: &Header, part: &Part) -> Result<(Rules, Vec<GlossaryEntry>), ReadError> {
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

    /// Every block of a file of format 4, each checked: the rules and the glossary parsed, the
    /// citations, which the whole edition has no use for, hashed.
    fn all_blocks(&mut self, header: &Header, index: &Index) -> Result<(Rules, Vec<GlossaryEntry>), ReadError> {
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

    /// The rules of [`Part::Lookup`] in a file of format 4, from the blocks of `sections` only:
    /// their rules whole, and from their citations, the rules of the other sections that cite
    /// them or that they cite, as [`Reader::lookup_rules`] finds them by reading every rule.
    fn lookup_blocks(&mut self, index: &Index, sections: &RangeInclusive<u16>) -> Result<Rules, ReadError> {
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

    /// Moves on to `at`, where a block starts: within the window, or past it without reading
    /// what is in between.
    fn seek(&mut self, at: u64) -> Result<(), ReadError> {
        let ahead = at.checked_sub(self.position()).ok_or_else(|| damaged("blocks that overlap"))?;
        let held = (self.filled - self.at) as u64;
        if ahead <= held {
            self.at += ahead as usize;
            return Ok(());
        }
        let passed = ahead - held;
        if passed > self.unread {
            return Err(damaged("the file ends too soon"));
        }
        self.input.pass(passed)?;
        self.unread -= passed;
        (self.at, self.filled) = (0, 0);
        Ok(())
    }
}

type Rules = BTreeMap<RuleId, Rule>;

/// A writer that hashes every byte written through it.
struct Summing<W> {
    inner: W,
    checksum: Checksum,
}

impl<W: Write> Write for Summing<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.checksum.update(&bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

struct Writer<W>(W);

impl<W: Write> Writer<Summing<W>> {
    fn checksum(&mut self) -> io::Result<()> {
        // A format without checksums is never written (`write_scanned`).
        let sum = self.0.checksum.digest().unwrap_or_default();
        self.0.write_all(&sum.to_le_bytes())
    }
}

impl<W: Write> Writer<W> {
    fn head(&mut self, edition: &Edition, content: String, format: u32) -> io::Result<()> {
        self.0.write_all(MAGIC)?;
        self.0.write_all(&format.to_le_bytes())?;
        let header = Header {
            info: edition.info.clone(),
            rule_count: edition.rule_count(),
            glossary_count: edition.parsed.glossary.len(),
            documents: edition.documents.clone(),
            sections: edition.parsed.sections.clone(),
            content,
        };
        self.string(&serde_json::to_string(&header)?)
    }

    /// Every rule, then the glossary: the body of format 3 and of the fingerprint's layout.
    fn body(&mut self, edition: &Edition) -> io::Result<()> {
        edition.rules().try_for_each(|rule| self.rule(rule))?;
        edition.parsed.glossary.iter().try_for_each(|entry| self.glossary_entry(entry))
    }

    fn rule(&mut self, rule: &Rule) -> io::Result<()> {
        self.id(rule.id)?;
        self.number(rule.line)?;
        self.string(&rule.text)?;
        self.strings(&rule.examples)?;
        self.ids(&rule.references)
    }

    fn glossary_entry(&mut self, entry: &GlossaryEntry) -> io::Result<()> {
        self.string(&entry.term)?;
        self.strings(&entry.aliases)?;
        self.string(&entry.definition)?;
        self.0.write_all(&[u8::from(entry.obsolete)])
    }

    fn number(&mut self, n: usize) -> io::Result<()> {
        let n = u32::try_from(n).map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "a length over 4 GiB"))?;
        self.0.write_all(&n.to_le_bytes())
    }

    fn id(&mut self, id: RuleId) -> io::Result<()> {
        self.0.write_all(&id.section().to_le_bytes())?;
        self.0.write_all(&id.rule().unwrap_or(NO_RULE).to_le_bytes())?;
        self.0.write_all(&[id.letter().map_or(0, |l| l as u8)])
    }

    fn ids(&mut self, ids: &[RuleId]) -> io::Result<()> {
        self.number(ids.len())?;
        ids.iter().try_for_each(|&id| self.id(id))
    }

    fn string(&mut self, s: &str) -> io::Result<()> {
        self.number(s.len())?;
        self.0.write_all(s.as_bytes())
    }

    fn strings<S: AsRef<str>>(
        &mut self,
        strings: impl IntoIterator<Item = S, IntoIter: ExactSizeIterator>,
    ) -> io::Result<()> {
        let mut strings = strings.into_iter();
        self.number(strings.len())?;
        strings.try_for_each(|s| self.string(s.as_ref()))
    }
}

/// A cursor over a window of the file, moved on by whole reads of the window: a field inside the
/// window, nearly every one, is a bounds check and a copy, a string skipped an addition. Every
/// field is checked against what the file has left, so that a cut or damaged file gives an
/// error, never a panic.
struct Reader<R> {
    input: R,
    /// The file's length, as it was given.
    len: u64,
    /// Bytes of the file; `window[at..filled]` are not parsed yet.
    window: Vec<u8>,
    at: usize,
    filled: usize,
    /// Bytes of the file, by the length it was given, not in the window yet.
    unread: u64,
    /// The checksum of the bytes read into the window, up to `to_hash` of them: in format 3 and
    /// before, of the bytes up to the final checksum, once the format is known (the format says
    /// which hash); in format 4, of the block being read when it did not fit in the window.
    hash: Option<Checksum>,
    /// Bytes still to hash into `hash`.
    to_hash: u64,
    /// Whether a file of format 1, without checksums, is read too: only to be written again
    /// with them.
    unsealed: bool,
    /// The file's format, once its header is read.
    format: u32,
}

impl<R: Read> Reader<R> {
    /// A reader of a file of `len` bytes, holding `window` bytes of it at a time.
    fn new(input: R, len: u64, unsealed: bool, window: usize) -> Self {
        let window = vec![0; usize::try_from(len).map_or(window, |len| len.min(window))];
        let to_hash = len.saturating_sub(CHECKSUM_LEN as u64);
        Reader { input, len, window, at: 0, filled: 0, unread: len, hash: None, to_hash, unsealed, format: 0 }
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

    fn rule(&mut self) -> Result<Rule, ReadError> {
        let id = self.id()?;
        let line = self.number()?;
        let text = self.string()?;
        let examples = self.strings()?;
        let references = self.ids()?;
        Ok(Rule { id, text, examples, references, line })
    }

    fn glossary(&mut self, count: usize) -> Result<Vec<GlossaryEntry>, ReadError> {
        let mut glossary = Vec::with_capacity(count.min(self.max_count()));
        for _ in 0..count {
            glossary.push(GlossaryEntry {
                term: self.string()?,
                aliases: self.strings()?,
                definition: self.string()?,
                obsolete: match self.byte()? {
                    0 => false,
                    1 => true,
                    other => return Err(damaged(format!("an obsolete flag of {other}"))),
                },
            });
        }
        Ok(glossary)
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

    /// The header, checked, and in format 4 the index of the blocks it holds.
    fn header(&mut self) -> Result<(Header, Option<Index>), ReadError> {
        let magic = match self.bytes(MAGIC.len()) {
            Err(ReadError::Damaged(_)) => return Err(damaged("not an edition file")),
            magic => magic?,
        };
        if magic != MAGIC {
            return Err(damaged("not an edition file"));
        }
        let format = self.number()? as u32;
        let checksum = Checksum::of_format(format).filter(|c| self.unsealed || c.sealed());
        let checksum = checksum.ok_or(ReadError::Outdated(format))?;
        self.format = format;
        if format != FORMAT {
            self.start_hash(checksum.clone());
        }
        let header = self.string()?;
        let mut hash = checksum;
        // The bytes read so far, hashed here: the window may hold more.
        hash.update(MAGIC);
        hash.update(&format.to_le_bytes());
        hash.update(&(header.len() as u32).to_le_bytes());
        hash.update(header.as_bytes());
        let index = if format == FORMAT { Some(self.index(&mut hash)?) } else { None };
        if let Some(sum) = hash.digest() {
            self.compare(sum)?;
        }
        let header: Header =
            serde_json::from_str(&header).map_err(|e| damaged(format!("a header that does not read: {e}")))?;
        if format != UNSEALED_FORMAT && header.content.is_empty() {
            return Err(damaged("a header without the fingerprint of its content"));
        }
        Ok((header, index))
    }

    /// The index of the blocks, its bytes hashed into the header's checksum. What it says is
    /// checked against the header and the file once both are read ([`Index::check`]).
    fn index(&mut self, hash: &mut Checksum) -> Result<Index, ReadError> {
        let count = self.number()?;
        hash.update(&(count as u32).to_le_bytes());
        let len = index::len(count);
        if len as u64 > self.remaining() {
            return Err(damaged("the file ends too soon"));
        }
        // The blocks start after the index and the header's checksum.
        let start = self.position() + len as u64 + CHECKSUM_LEN as u64;
        let bytes = self.bytes(len)?;
        hash.update(bytes);
        Ok(Index::parse(bytes, start))
    }

    /// Starts reading a block of format 4, which starts here: checked at once when the window
    /// holds it whole, else hashed as it is read, and checked at its end ([`Reader::end`]).
    fn begin(&mut self, block: &Block) -> Result<(), ReadError> {
        if self.position() != block.start {
            return Err(damaged(format!("{} not where the index says", block.name())));
        }
        let len = usize::try_from(block.len).unwrap_or(usize::MAX);
        if let Some(bytes) = self.window.get(self.at..self.filled).and_then(|held| held.get(..len)) {
            self.hash = None;
            return block.verify(xxh3_64(bytes));
        }
        self.hash = Some(Checksum::Xxh3(Xxh3Default::new()));
        self.to_hash = block.len;
        self.hash_read(self.at);
        Ok(())
    }

    /// Ends reading a block: what was read of it must be the block, and its checksum right.
    fn end(&mut self, block: &Block) -> Result<(), ReadError> {
        if self.position() != block.start.saturating_add(block.len) {
            return Err(damaged(format!("{} not of the length the index says", block.name())));
        }
        match self.hash.take().and_then(|hash| hash.digest()) {
            Some(sum) => block.verify(sum),
            None => Ok(()),
        }
    }

    /// Reads the checksum at the end and compares it with that of the bytes before it, which
    /// the parse has all read into the window, and so hashed.
    fn checksum(&mut self) -> Result<(), ReadError> {
        match self.hash.as_ref().and_then(Checksum::digest) {
            Some(computed) => self.compare(computed),
            None => Ok(()),
        }
    }

    /// Starts the checksum once the format says which hash it is: the magic and the format,
    /// parsed already, then the rest of the window, read but not parsed.
    fn start_hash(&mut self, mut hash: Checksum) {
        hash.update(MAGIC);
        hash.update(&self.format.to_le_bytes());
        self.to_hash = self.to_hash.saturating_sub((MAGIC.len() + 4) as u64);
        self.hash = Some(hash);
        self.hash_read(self.at);
    }

    /// Hashes `window[from..filled]`, bytes just read, up to `to_hash` of them.
    fn hash_read(&mut self, from: usize) {
        let Some(hash) = &mut self.hash else { return };
        let hashed = (self.filled - from).min(usize::try_from(self.to_hash).unwrap_or(usize::MAX));
        hash.update(&self.window[from..from + hashed]);
        self.to_hash -= hashed as u64;
    }

    fn compare(&mut self, computed: u64) -> Result<(), ReadError> {
        if u64::from_le_bytes(self.array()?) != computed {
            return Err(damaged("its checksum does not match its content"));
        }
        Ok(())
    }

    /// Holds up to `len` bytes of the file at a time from now on, never more than the file.
    fn widen(&mut self, len: usize) {
        let len = usize::try_from(self.len).map_or(len, |file| file.min(len));
        if self.window.len() < len {
            self.window.resize(len, 0);
        }
    }

    /// Bytes of the file not parsed yet.
    fn remaining(&self) -> u64 {
        (self.filled - self.at) as u64 + self.unread
    }

    /// Where the parse is in the file.
    fn position(&self) -> u64 {
        self.len - self.remaining()
    }

    /// The next `len` bytes, passed over.
    #[inline]
    fn bytes(&mut self, len: usize) -> Result<&[u8], ReadError> {
        if self.filled - self.at < len {
            self.refill(len)?;
        }
        let start = self.at;
        self.at += len;
        Ok(&self.window[start..self.at])
    }

    /// Moves the window on so that it holds at least `len` bytes not parsed yet, growing it for
    /// a string longer than the window: never longer than the file.
    #[cold]
    fn refill(&mut self, len: usize) -> Result<(), ReadError> {
        if len as u64 > self.remaining() {
            return Err(damaged("the file ends too soon"));
        }
        self.window.copy_within(self.at..self.filled, 0);
        self.filled -= self.at;
        self.at = 0;
        if self.window.len() < len {
            self.window.resize(len, 0);
        }
        while self.filled < len {
            let room = (self.window.len() - self.filled).min(usize::try_from(self.unread).unwrap_or(usize::MAX));
            let got = match self.input.read(&mut self.window[self.filled..self.filled + room]) {
                // Cut since its length was taken.
                Ok(0) => return Err(damaged("the file ends too soon")),
                Ok(got) => got,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            self.filled += got;
            self.unread -= got as u64;
            self.hash_read(self.filled - got);
        }
        Ok(())
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], ReadError> {
        let bytes = self.bytes(N)?;
        let mut array = [0; N];
        array.copy_from_slice(bytes);
        Ok(array)
    }

    fn byte(&mut self) -> Result<u8, ReadError> {
        Ok(self.array::<1>()?[0])
    }

    fn number(&mut self) -> Result<usize, ReadError> {
        Ok(u32::from_le_bytes(self.array()?) as usize)
    }

    /// The most items a list can still hold: each takes at least four bytes.
    fn max_count(&self) -> usize {
        usize::try_from(self.remaining() / 4).unwrap_or(usize::MAX)
    }

    /// The length of a list, which a damaged file could make huge.
    fn count(&mut self) -> Result<usize, ReadError> {
        let count = self.number()?;
        if count > self.max_count() {
            return Err(damaged("the file ends too soon"));
        }
        Ok(count)
    }

    /// Passes over `len` bytes, a window at a time: the glossary a lookup skips is larger
    /// than the window.
    fn skip(&mut self, len: usize) -> Result<(), ReadError> {
        if len as u64 > self.remaining() {
            return Err(damaged("the file ends too soon"));
        }
        let mut left = len;
        loop {
            let step = left.min(self.filled - self.at);
            self.at += step;
            left -= step;
            if left == 0 {
                return Ok(());
            }
            self.refill(left.min(self.window.len()).max(1))?;
        }
    }

    fn skip_string(&mut self) -> Result<(), ReadError> {
        let len = self.number()?;
        self.skip(len)
    }

    fn skip_strings(&mut self) -> Result<(), ReadError> {
        let count = self.count()?;
        (0..count).try_for_each(|_| self.skip_string())
    }

    fn string(&mut self) -> Result<String, ReadError> {
        let len = self.number()?;
        let text = std::str::from_utf8(self.bytes(len)?).map_err(|_| damaged("text that is not UTF-8"))?;
        Ok(text.to_owned())
    }

    fn strings(&mut self) -> Result<Vec<String>, ReadError> {
        let count = self.count()?;
        (0..count).map(|_| self.string()).collect()
    }

    fn id(&mut self) -> Result<RuleId, ReadError> {
        let [s0, s1, r0, r1, letter] = self.array()?;
        let (section, rule) = (u16::from_le_bytes([s0, s1]), u16::from_le_bytes([r0, r1]));
        let id = match (rule, letter) {
            _ if !(100..=999).contains(&section) => None,
            (NO_RULE, 0) => Some(RuleId::section_id(section)),
            (NO_RULE, _) => None,
            (rule, 0) => Some(RuleId::rule_id(section, rule)),
            (rule, letter) => {
                letter.is_ascii_lowercase().then(|| RuleId::subrule_id(section, rule, char::from(letter)))
            }
        };
        id.ok_or_else(|| damaged("a rule number that cannot be"))
    }

    fn ids(&mut self) -> Result<Vec<RuleId>, ReadError> {
        let count = self.count()?;
        (0..count).map(|_| self.id()).collect()
    }

    /// The numbers of a list that belong to these sections.
    fn ids_within(&mut self, sections: &RangeInclusive<u16>) -> Result<Vec<RuleId>, ReadError> {
        let count = self.count()?;
        let mut within = Vec::new();
        for _ in 0..count {
            let id = self.id()?;
            if sections.contains(&id.section()) {
                within.push(id);
            }
        }
        Ok(within)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::lang::Lang;

    pub(super) mod blocks;
    mod official;

    /// The headings built into a map at once read as serde's map inserting them one by one:
    /// in order, out of order, a number twice (the last heading kept), escapes, none at all.
    #[test]
    fn section_headings_in_bulk_read_as_a_map_inserting_them() {
        #[derive(Deserialize)]
        struct Headings {
            #[serde(deserialize_with = "sections_in_bulk")]
            sections: BTreeMap<u16, String>,
        }
        for json in [
            r#"{"100":"100. General","101":"101. The Magic Golden Rules"}"#,
            r#"{"614":"614. Replacement","100":"100. General","614":"614. \"Effects\" \u00e9","200":"200."}"#,
            r#"{}"#,
        ] {
            let bulk: Headings = serde_json::from_str(&format!(r#"{{"sections":{json}}}"#)).unwrap();
            let inserted: BTreeMap<u16, String> = serde_json::from_str(json).unwrap();
            assert_eq!(bulk.sections, inserted, "{json}");
        }
        for bad in [r#"{"x":"y"}"#, r#"{"70000":"y"}"#, r#"[1]"#] {
            assert!(serde_json::from_str::<Headings>(&format!(r#"{{"sections":{bad}}}"#)).is_err(), "{bad}");
        }
    }

    fn sample() -> Edition {
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
        let documents =
            vec![Document { file: "cr.txt".to_string(), date: "2011-02-04".to_string(), sections: vec![614] }];
        Edition::new(info, documents, parsed)
    }

    fn bytes_of(edition: &Edition) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_stamped(edition, "0123456789abcdef", &mut bytes).unwrap();
        bytes
    }

    fn read_bytes(bytes: &[u8]) -> Result<Edition, ReadError> {
        read_part(bytes, &Part::Whole)
    }

    /// Reads a part of a file written in format 4 or 3, as it says.
    fn read_part(bytes: &[u8], part: &Part) -> Result<Edition, ReadError> {
        let stored = read(bytes, bytes.len() as u64, part)?;
        assert_eq!(stored.format, format_of(bytes));
        Ok(stored.value)
    }

    fn format_of(bytes: &[u8]) -> u32 {
        u32::from_le_bytes(bytes[MAGIC.len()..MAGIC.len() + 4].try_into().unwrap())
    }

    /// The edition in format 3, as `judge` wrote it before the blocks.
    fn format_3_bytes_of(edition: &Edition) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_format_3(edition, "0123456789abcdef", &mut bytes).unwrap();
        bytes
    }

    /// The sample in format 2, with XXH64 checksums, as `judge` wrote it before format 3.
    fn xxh64_bytes_of(edition: &Edition) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_xxh64(edition, "0123456789abcdef", &mut bytes).unwrap();
        bytes
    }

    /// Where the header's checksum starts: after the JSON, and in format 4 after the index.
    fn header_end(bytes: &[u8]) -> usize {
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

    /// The checksums are XXH3-64 of the bytes before them, as its reference implementation
    /// computes it (seed 0, default secret): its values for "", "a" and "abc" first.
    #[test]
    fn the_checksums_are_xxh3() {
        use xxhash_rust::xxh3::xxh3_64;
        assert_eq!(
            [xxh3_64(b""), xxh3_64(b"a"), xxh3_64(b"abc")],
            [0x2d06_8005_38d3_94c2, 0xe6c6_32b6_1e96_4e1f, 0x78af_5f94_892f_3950]
        );
        // Format 4: the header's checksum, through the index, then each block's, in the index.
        let bytes = bytes_of(&sample());
        let header = header_end(&bytes);
        assert_eq!(bytes[header..header + CHECKSUM_LEN], xxh3_64(&bytes[..header]).to_le_bytes());
        let blocks = blocks::blocks_of(&bytes);
        assert_eq!(blocks.len(), 2 * 2 + 1, "609 (cited) and 614, then the glossary");
        for (block, range) in blocks {
            assert_eq!(xxh3_64(&bytes[range]), block.checksum, "{}", block.name());
        }
        // Format 3: the header's checksum, then one over all the bytes before the end.
        let bytes = format_3_bytes_of(&sample());
        let (header, end) = (header_end(&bytes), bytes.len() - CHECKSUM_LEN);
        assert_eq!(bytes[MAGIC.len()..MAGIC.len() + 4], 3u32.to_le_bytes());
        assert_eq!(bytes[header..header + CHECKSUM_LEN], xxh3_64(&bytes[..header]).to_le_bytes());
        assert_eq!(bytes[end..], xxh3_64(&bytes[..end]).to_le_bytes());
        // Format 2 is the same bytes but the format and the checksums, which are XXH64.
        let old = xxh64_bytes_of(&sample());
        let xxh64 = |bytes: &[u8]| xxhash_rust::xxh64::xxh64(bytes, 0);
        assert_eq!(old.len(), bytes.len());
        assert_eq!(old[MAGIC.len()..MAGIC.len() + 4], 2u32.to_le_bytes());
        assert_eq!(old[header..header + CHECKSUM_LEN], xxh64(&old[..header]).to_le_bytes());
        assert_eq!(old[end..], xxh64(&old[..end]).to_le_bytes());
        let same_but = |at: usize| (MAGIC.len()..MAGIC.len() + 4).contains(&at) || (header..header + 8).contains(&at);
        assert!((0..end).all(|at| same_but(at) || old[at] == bytes[at]));
    }

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

    /// The layout the content fingerprint hashes did not change with the checksums: the
    /// fingerprints in stored headers and the indexes and caches named after them stay valid.
    /// The value is the one computed before format 3.
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
    /// block's numbers must be its section's, in increasing order: `blocks.rs`.)
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
            parsed
                .rules
                .insert(id, Rule { id, text, examples: vec![format!("Example {n}.")], references, line: n.into() });
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
}
