//! The file an imported edition is kept in, laid out so that it loads fast.
//!
//! `judge rule` starts a process, loads an edition and prints a few lines, and it is measured
//! against `grep` over the rules text: loading must cost little more than reading the file. In
//! this layout rule numbers are fixed-size and strings carry their length: the file is read a
//! window at a time and parsed from that slice with a cursor (`reader.rs`), a field being a bounds
//! check and a copy, a string skipped an addition. The checksums (`checksum.rs`) are fixed by
//! their specification.
//!
//! A lookup ([`Part::Lookup`]) reads the header and the blocks of the sections it shows
//! (`read_blocks.rs`), a small part of the file, each checked against its own checksum: every
//! byte a process uses is checked, and a byte it does not read is not used. `benches/corpus.rs`
//! measures loading in a warm process and `benches/process.rs` the whole `judge rule`.
//!
//! Layout of format 4, integers little-endian, a *string* being its byte length as a `u32` then
//! its UTF-8, a *number* five bytes: section (`u16`), rule (`u16`, `0xFFFF` for none) and letter
//! (ASCII, 0 for none):
//! - the magic line `judge edition\n`, then the format as a `u32` (4);
//! - a string holding the [`Header`] as JSON: what listing the store needs, and the sections;
//! - the index of the blocks (`index.rs`): the number of sections (`u32`), then for
//!   each, in increasing order, its number (`u16`), its rule count (`u32`), the byte length
//!   (`u32`) and checksum (`u64`) of its rules block, and those of its citations block; then the
//!   length and checksum of the glossary block. A section has an entry when it holds a rule or
//!   a rule cites it;
//! - the checksum of all the bytes before it (`u64`, XXH3-64 with seed 0 and the default secret),
//!   which every read checks, listing too (`header.rs`);
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
//! Files of formats 3, 2 and 1, which hold every rule in one run, are read too, and the store
//! writes them again in format 4 (`older_formats.rs`). The fields are written by `writer.rs`.
//!
//! The fingerprint of an edition's content hashes the layout of format 3 without the two
//! checksums, without the fingerprint itself, and with the format number 2 whatever the format
//! written ([`write`]).

mod checksum;
mod header;
mod index;
mod older_formats;
mod read_blocks;
mod reader;
mod writer;

use super::edition::{Document, Edition, EditionInfo, Parsed};
use super::rule::Rule;
use super::rule_id::RuleId;
use checksum::Checksum;
use reader::{more, Input, Reader};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::ops::RangeInclusive;
use writer::{Summing, Writer};
use xxhash_rust::xxh3::Xxh3Default;

const MAGIC: &[u8] = b"judge edition\n";
/// How a rule number without a rule part (a section, as in `see rule 614`) is written.
const NO_RULE: u16 = u16::MAX;
const CHECKSUM_LEN: usize = 8;
/// The bytes before the header's JSON: the magic, the format and the JSON's length.
const LEAD_LEN: usize = MAGIC.len() + 4 + 4;
/// How much of the file is held at once. The file is not read whole: the pages of fresh memory
/// fault one by one the first time they are filled, which costs more than the parse saves.
const WINDOW: usize = 64 * 1024;
/// How much a lookup holds at first: the header of an edition (the JSON and the index) and the
/// blocks of most sections fit in it; it grows for larger ones, up to [`WINDOW`]. Each 4 KB of
/// the window is a page fault the first time it is filled, which costs a lookup more than the
/// few more reads of a larger section.
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

/// The format number in the layout the content fingerprint hashes ([`write`]), whatever the
/// format written, so that the fingerprints in the headers of stored editions, and the names of
/// the indexes and caches made from them, stay valid.
const FINGERPRINT_FORMAT: u32 = 2;

#[derive(Serialize, Deserialize)]
pub(crate) struct Header {
    pub info: EditionInfo,
    pub rule_count: usize,
    pub glossary_count: usize,
    pub documents: Vec<Document>,
    #[serde(deserialize_with = "header::sections_in_bulk")]
    pub sections: BTreeMap<u16, String>,
    /// The fingerprint of the edition's content (`fingerprint::content_fingerprint`: its layout
    /// without this field), written at import, so that `judge search` can name the edition's
    /// index from the header alone, without reading the rules. Every stored file has it; only
    /// the layout that the fingerprint hashes has none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub content: String,
}

/// What was read from a file, and the file's format: the store writes a file of an older format
/// again in the format of today.
#[derive(Debug)]
pub(crate) struct Stored<T> {
    pub value: T,
    pub format: u32,
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
    /// process builds and fills memory for every rule it reads: this part has a few dozen of them
    /// instead of the thousands of an edition.
    Lookup(RangeInclusive<u16>),
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

#[cfg(test)]
pub(crate) use older_formats::write::{write_format_3, write_xxh64};

/// The blocks of a file of format 4, by name, and the bytes each spans, as its index says.
#[cfg(test)]
pub(crate) fn block_ranges(bytes: &[u8]) -> Vec<(String, std::ops::Range<usize>)> {
    tests::blocks::blocks_of(bytes).into_iter().map(|(block, range)| (block.name(), range)).collect()
}

/// Reads the header only: what listing the store needs, without the rules. Only the bytes up to
/// the header's checksum are read (a few kilobytes), never more than `len`, the file's length.
pub(crate) fn read_header(input: impl Read, len: u64) -> Result<Stored<Header>, ReadError> {
    read_header_as(input, len)
}

/// What listing the store needs of a header (its edition and its count of rules), checked as
/// [`read_header`] checks it, without building the rest.
pub(crate) fn read_listing(input: impl Read, len: u64) -> Result<Stored<header::Listing>, ReadError> {
    read_header_as(input, len)
}

fn read_header_as<T: serde::de::DeserializeOwned + header::Fingerprinted>(
    mut input: impl Read,
    len: u64,
) -> Result<Stored<T>, ReadError> {
    let mut bytes = Vec::new();
    header::read_up_to(&mut input, &mut bytes, LEAD_LEN, len)?;
    // The lengths as written; the reader below checks them against what the file holds.
    let u32_at =
        |bytes: &[u8], at: usize| bytes.get(at..at + 4).and_then(|b| b.try_into().ok()).map(u32::from_le_bytes);
    let mut through = LEAD_LEN.saturating_add(u32_at(&bytes, LEAD_LEN - 4).unwrap_or(0) as usize);
    if u32_at(&bytes, MAGIC.len()) == Some(FORMAT) {
        header::read_up_to(&mut input, &mut bytes, through.saturating_add(4), len)?;
        let sections = u32_at(&bytes, through).unwrap_or(0) as usize;
        through = through.saturating_add(4).saturating_add(index::len(sections));
    }
    header::read_up_to(&mut input, &mut bytes, through.saturating_add(CHECKSUM_LEN), len)?;
    let mut reader = Reader::new(bytes.as_slice(), bytes.len() as u64, false, WINDOW);
    // The header's own checksum is all there is to check: no running checksum over it.
    reader.to_hash = 0;
    let (header, _) = reader.header_as()?;
    Ok(Stored { value: header, format: reader.format })
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
/// of format 3 or 2, checked with their checksums; of format 1, which has none, what it holds
/// cannot be checked, only its structure. A file of this format reads as with
/// [`read`].
pub(crate) fn read_outdated(input: impl Input, len: u64) -> Result<Edition, ReadError> {
    Ok(Reader::new(input, len, true, WINDOW).edition(&Part::Whole)?.value)
}

/// The rules read, by number.
type Rules = BTreeMap<RuleId, Rule>;

impl<R: Input> Reader<R> {
    /// The edition, or the part of it: the header, then the blocks of format 4 or the rules of an
    /// older format (`older_formats.rs`), and nothing after them.
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
}

#[cfg(test)]
mod tests;
