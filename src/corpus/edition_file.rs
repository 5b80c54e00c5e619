//! The file an imported edition is kept in, laid out so that it loads fast.
//!
//! `judge rule` starts a process, loads an edition and prints a few lines, and it is measured
//! against `grep` over the rules text. Serialized with serde as JSON, the 2025 edition (1.2 MB)
//! took about 4 ms of CPU to load in a fresh process, mostly spent filling fresh memory (the whole
//! file read at once, then every string copied out of it) and parsing. In this layout rule
//! numbers are fixed-size and strings carry their length: the file is read a window of 64 KB at a
//! time and parsed from that slice with a cursor, a field being a bounds check and a copy, a
//! string skipped an addition, and the checksum at the end updated once per window. The checksums
//! are XXH3-64 (format 3), which hashes the megabyte of an edition in a fraction of what XXH64
//! (format 2) took, with SSE2, which every x86_64 has; both are fixed by their specification. A lookup
//! keeps only the few rules it shows and skips the others (`Part::Lookup`). The file read whole
//! into memory took fewer instructions still, but more time: its fresh pages faulted one by one.
//! `benches/corpus.rs` measures loading in a warm process and
//! `benches/process.rs` the whole `judge rule`; the figures are in `docs/PERFORMANCE.md`.
//! The search index's fingerprint hashes an edition in this layout too (`search/fingerprint.rs`).
//!
//! Layout, integers little-endian, a *string* being its byte length as a `u32` then its UTF-8:
//! - the magic line `judge edition\n`, then the format as a `u32` (3);
//! - a string holding the [`Header`] as JSON: what listing the store needs, and the sections;
//! - the checksum of all the bytes before it (`u64`, XXH3-64 with seed 0 and the default secret),
//!   so that listing checks what it reads;
//! - each rule: number, line (`u32`), text (string), example count (`u32`) and examples
//!   (strings), reference count (`u32`) and references (numbers), a *number* being five bytes:
//!   section (`u16`), rule (`u16`, `0xFFFF` for none) and letter (ASCII, 0 for none);
//! - each glossary entry: term (string), alias count (`u32`) and aliases (strings), definition
//!   (string), obsolete (one byte, 0 or 1);
//! - the checksum of all the bytes before it (`u64`, XXH3-64 too), which every read checks, a
//!   lookup too;
//! - and nothing after.
//!
//! Format 2 is the same layout with XXH64 checksums (seed 0): it is still read, its checksums
//! checked with XXH64, and the store writes it again as format 3 when it can. Format 1 is the
//! same layout without the checksums, read only to be written again ([`read_outdated`]).
//!
//! The fingerprint of an edition's content hashes the same layout without the two checksums,
//! without the fingerprint itself, and with the format number 2 whatever the format written
//! ([`write`]).

use super::edition::{Document, Edition, EditionInfo, Parsed};
use super::glossary::GlossaryEntry;
use super::rule::Rule;
use super::rule_id::RuleId;
use crate::search::Xxh64;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Read, Write};
use std::ops::RangeInclusive;
use xxhash_rust::xxh3::Xxh3Default;

const MAGIC: &[u8] = b"judge edition\n";
/// How a rule number without a rule part (a section, as in `see rule 614`) is written.
const NO_RULE: u16 = u16::MAX;
const CHECKSUM_LEN: usize = 8;
/// The bytes before the header's JSON: the magic, the format and the JSON's length.
const LEAD_LEN: usize = MAGIC.len() + 4 + 4;
/// How much of the file is held at once. Read whole into fresh memory, a 1 MB edition took about
/// 230 more page faults than through this window, which cost more time than the parse saved.
const WINDOW: usize = 64 * 1024;
/// Version of the layout written, with XXH3-64 checksums. Format 2 (XXH64 checksums) is read too;
/// it and format 1 (no checksums) are written again in this one by the store
/// ([`read_outdated`]); a file of another version is refused and must be imported again.
pub(crate) const FORMAT: u32 = 3;
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
    pub sections: BTreeMap<u16, String>,
    /// The fingerprint of the edition's content (`search::content_fingerprint`: its layout
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
            FORMAT => Some(Checksum::Xxh3(Xxh3Default::new())),
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

/// Writes the layout the fingerprint of the edition's content hashes: no fingerprint, no checksums.
pub(crate) fn write(edition: &Edition, out: impl Write) -> io::Result<()> {
    let mut out = Writer(out);
    out.head(edition, String::new(), FINGERPRINT_FORMAT)?;
    out.body(edition)
}

/// Writes the edition as the store keeps it: with the fingerprint of its content in the header,
/// and the checksums.
pub(crate) fn write_stamped(edition: &Edition, content: &str, out: impl Write) -> io::Result<()> {
    write_sealed(edition, content, FORMAT, out)
}

/// Writes the edition in `format`, with its checksums: of this version, or, for tests, 2.
fn write_sealed(edition: &Edition, content: &str, format: u32, out: impl Write) -> io::Result<()> {
    let checksum = Checksum::of_format(format).filter(Checksum::sealed);
    let checksum = checksum.ok_or_else(|| io::Error::other(format!("format {format} is not written")))?;
    let mut out = Writer(Summing { inner: out, checksum });
    out.head(edition, content.to_string(), format)?;
    out.checksum()?;
    out.body(edition)?;
    out.checksum()
}

/// An edition in format 2, with XXH64 checksums, as `judge` wrote them before format 3.
#[cfg(test)]
pub(crate) fn write_xxh64(edition: &Edition, content: &str, out: impl Write) -> io::Result<()> {
    write_sealed(edition, content, XXH64_FORMAT, out)
}

/// Reads the header only: what listing the store needs, without the rules. Only the bytes up to
/// the header's checksum are read (a few kilobytes), never more than `len`, the file's length.
pub(crate) fn read_header(mut input: impl Read, len: u64) -> Result<Stored<Header>, ReadError> {
    let mut bytes = Vec::new();
    read_up_to(&mut input, &mut bytes, LEAD_LEN, len)?;
    // The JSON's length as written; the reader below checks it against what the file holds.
    let json_len = bytes.get(LEAD_LEN - 4..LEAD_LEN).and_then(|b| b.try_into().ok()).map_or(0, u32::from_le_bytes);
    let through_checksum = LEAD_LEN.saturating_add(json_len as usize).saturating_add(CHECKSUM_LEN);
    read_up_to(&mut input, &mut bytes, through_checksum, len)?;
    let mut reader = Reader::new(bytes.as_slice(), bytes.len() as u64, false);
    // The header's own checksum is all there is to check: no running checksum over it.
    reader.to_hash = 0;
    let header = reader.header()?;
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
pub(crate) fn read(input: impl Read, len: u64, part: &Part) -> Result<Stored<Edition>, ReadError> {
    Reader::new(input, len, false).edition(part)
}

/// Reads a whole edition of an older format, so that the store can write it again in this one:
/// of format 2, checked with XXH64; of format 1, written before the checksums, what it holds
/// cannot be checked, only its structure. A file of this format reads as with [`read`].
pub(crate) fn read_outdated(input: impl Read, len: u64) -> Result<Edition, ReadError> {
    Ok(Reader::new(input, len, true).edition(&Part::Whole)?.value)
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

impl<R: Read> Reader<R> {
    fn new(input: R, len: u64, unsealed: bool) -> Self {
        let window = vec![0; usize::try_from(len).map_or(WINDOW, |len| len.min(WINDOW))];
        let to_hash = len.saturating_sub(CHECKSUM_LEN as u64);
        Reader { input, window, at: 0, filled: 0, unread: len, hash: None, to_hash, unsealed, format: 0 }
    }

    fn edition(mut self, part: &Part) -> Result<Stored<Edition>, ReadError> {
        let reader = &mut self;
        let header = reader.header()?;
        let rules = match part {
            Part::Whole => reader.all_rules(header.rule_count)?,
            Part::Lookup(sections) => reader.lookup_rules(header.rule_count, sections)?,
        };
        let mut glossary = Vec::new();
        match part {
            Part::Whole => {
                glossary.reserve(header.glossary_count.min(reader.max_count()));
                for _ in 0..header.glossary_count {
                    glossary.push(GlossaryEntry {
                        term: reader.string()?,
                        aliases: reader.strings()?,
                        definition: reader.string()?,
                        obsolete: match reader.byte()? {
                            0 => false,
                            1 => true,
                            other => return Err(damaged(format!("an obsolete flag of {other}"))),
                        },
                    });
                }
            }
            // Not kept, but checked: the checksum covers it.
            Part::Lookup(_) => {
                let glossary = usize::try_from(reader.remaining().saturating_sub(CHECKSUM_LEN as u64));
                reader.skip(glossary.unwrap_or(usize::MAX))?;
            }
        }
        reader.checksum()?;
        if reader.remaining() != 0 || more(&mut reader.input)? {
            return Err(damaged("data after the end of the edition"));
        }
        let parsed = Parsed { sections: header.sections, rules, glossary };
        Ok(Stored { value: Edition::new(header.info, header.documents, parsed), format: self.format })
    }
}

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
        // A format without checksums is never written (`write_sealed`).
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

    fn body(&mut self, edition: &Edition) -> io::Result<()> {
        for rule in edition.rules() {
            self.id(rule.id)?;
            self.number(rule.line)?;
            self.string(&rule.text)?;
            self.strings(&rule.examples)?;
            self.number(rule.references.len())?;
            rule.references.iter().try_for_each(|&id| self.id(id))?;
        }
        for entry in &edition.parsed.glossary {
            self.string(&entry.term)?;
            self.strings(&entry.aliases)?;
            self.string(&entry.definition)?;
            self.0.write_all(&[u8::from(entry.obsolete)])?;
        }
        Ok(())
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
    /// Bytes of the file; `window[at..filled]` are not parsed yet.
    window: Vec<u8>,
    at: usize,
    filled: usize,
    /// Bytes of the file, by the length it was given, not in the window yet.
    unread: u64,
    /// The checksum of the bytes read into the window, up to the final checksum, once the
    /// format is known (the format says which hash); until then, nothing is hashed.
    hash: Option<Checksum>,
    /// Bytes before the final checksum not hashed yet.
    to_hash: u64,
    /// Whether a file of format 1, without checksums, is read too: only to be written again
    /// with them.
    unsealed: bool,
    /// The file's format, once its header is read.
    format: u32,
}

impl<R: Read> Reader<R> {
    /// Every rule, whole.
    fn all_rules(&mut self, count: usize) -> Result<BTreeMap<RuleId, Rule>, ReadError> {
        let mut rules = Vec::with_capacity(count.min(self.max_count()));
        for _ in 0..count {
            let id = self.id()?;
            let line = self.number()?;
            let text = self.string()?;
            let examples = self.strings()?;
            let references = self.ids()?;
            rules.push((id, Rule { id, text, examples, references, line }));
        }
        // Written in order, so the map is built in one pass, without searching.
        let rules: BTreeMap<RuleId, Rule> = rules.into_iter().collect();
        if rules.len() != count {
            return Err(damaged("a rule number twice"));
        }
        Ok(rules)
    }

    /// The rules of [`Part::Lookup`]: those of `sections` whole, and of the others those that
    /// cite one of them or that one of them cites.
    fn lookup_rules(
        &mut self,
        count: usize,
        sections: &RangeInclusive<u16>,
    ) -> Result<BTreeMap<RuleId, Rule>, ReadError> {
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

    fn header(&mut self) -> Result<Header, ReadError> {
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
        self.start_hash(checksum.clone());
        let header = self.string()?;
        let mut hash = checksum;
        // The bytes read so far, hashed here: the window may hold more.
        hash.update(MAGIC);
        hash.update(&format.to_le_bytes());
        hash.update(&(header.len() as u32).to_le_bytes());
        hash.update(header.as_bytes());
        if let Some(sum) = hash.digest() {
            self.compare(sum)?;
        }
        let header: Header =
            serde_json::from_str(&header).map_err(|e| damaged(format!("a header that does not read: {e}")))?;
        if format != UNSEALED_FORMAT && header.content.is_empty() {
            return Err(damaged("a header without the fingerprint of its content"));
        }
        Ok(header)
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

    /// Hashes `window[from..filled]`, bytes just read, up to the final checksum.
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

    /// Bytes of the file not parsed yet.
    fn remaining(&self) -> u64 {
        (self.filled - self.at) as u64 + self.unread
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

    fn read_part(bytes: &[u8], part: &Part) -> Result<Edition, ReadError> {
        let stored = read(bytes, bytes.len() as u64, part)?;
        assert_eq!(stored.format, FORMAT);
        Ok(stored.value)
    }

    /// The sample in format 2, with XXH64 checksums, as `judge` wrote it before format 3.
    fn xxh64_bytes_of(edition: &Edition) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_xxh64(edition, "0123456789abcdef", &mut bytes).unwrap();
        bytes
    }

    /// Where the header's checksum starts.
    fn header_end(bytes: &[u8]) -> usize {
        LEAD_LEN + u32::from_le_bytes(bytes[LEAD_LEN - 4..LEAD_LEN].try_into().unwrap()) as usize
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
        let header = read_header(bytes.as_slice(), bytes.len() as u64).unwrap();
        assert_eq!((header.value.rule_count, header.value.glossary_count, header.format), (3, 2, FORMAT));
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
        let bytes = bytes_of(&sample());
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
        assert_eq!(crate::search::content_fingerprint(&sample()), "d26add94b2934b91");
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
        let bytes = bytes_of(&edition);
        let part = read_part(&bytes, &Part::Lookup(614..=614)).unwrap();
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

    /// A file of these rule numbers, in this order, with right checksums.
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
        let mut out = Writer(Summing { inner: &mut bytes, checksum: Checksum::of_format(FORMAT).unwrap() });
        out.0.write_all(MAGIC).unwrap();
        out.0.write_all(&FORMAT.to_le_bytes()).unwrap();
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

    /// Numbers out of order, which `judge` never writes, still read as the same rules: the
    /// order is checked before they are sorted, not assumed.
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

    #[test]
    fn every_flipped_byte_is_damage_never_a_panic() {
        let bytes = bytes_of(&sample());
        assert_eq!(bytes[MAGIC.len()..MAGIC.len() + 4], 3u32.to_le_bytes());
        for at in 0..bytes.len() {
            for flip in [0x01, 0x80, 0xFF] {
                let mut damaged = bytes.clone();
                damaged[at] ^= flip;
                // The checksums see every change, a letter inside a text too.
                let outdated = (MAGIC.len()..MAGIC.len() + 4).contains(&at);
                for part in [Part::Whole, Part::Lookup(614..=614), Part::Lookup(100..=100)] {
                    match read(damaged.as_slice(), damaged.len() as u64, &part) {
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
        // The checksum at the end covers all but the file's last eight bytes: one byte more and
        // it no longer matches.
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
        let bytes = bytes_of(&sample());
        let len = bytes.len() as u64;
        for cut in 0..bytes.len() {
            for part in [Part::Whole, Part::Lookup(614..=614)] {
                match read(&bytes[..cut], len, &part) {
                    Err(ReadError::Damaged(_)) => {}
                    other => panic!("cut at {cut}: {other:?}"),
                }
            }
        }
        let mut grown = bytes.clone();
        grown.extend_from_slice(b"more");
        for part in [Part::Whole, Part::Lookup(614..=614)] {
            match read(grown.as_slice(), len, &part) {
                Err(ReadError::Damaged(reason)) => assert_eq!(reason, "data after the end of the edition"),
                other => panic!("{other:?}"),
            }
        }
        // A length no file has allocates no more than the window.
        assert!(matches!(read(bytes.as_slice(), u64::MAX, &Part::Whole), Err(ReadError::Damaged(_))));
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

    /// A reader that gives a few bytes at a time, as a pipe may.
    struct Trickle<'a>(&'a [u8]);

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
        for bytes in [bytes_of(&edition), xxh64_bytes_of(&edition)] {
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
        let bytes = bytes_of(&sample());
        let json_len = u32::from_le_bytes(bytes[LEAD_LEN - 4..LEAD_LEN].try_into().unwrap()) as usize;
        let header_end = LEAD_LEN + json_len + CHECKSUM_LEN;
        let mut input = Counted { bytes: &bytes, taken: 0 };
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
        for at in (0..bytes.len()).step_by(1009) {
            let mut flipped = bytes.clone();
            flipped[at] ^= 0x20;
            for part in [Part::Whole, Part::Lookup(614..=614)] {
                let result = read(flipped.as_slice(), flipped.len() as u64, &part);
                assert!(matches!(result, Err(ReadError::Damaged(_) | ReadError::Outdated(_))), "byte {at}");
            }
        }
    }
}
