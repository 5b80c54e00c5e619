//! The cursor that reads an edition file: a window of the file, moved on by whole reads and
//! parsed field by field, the checksum of what it reads, and the rules and glossary entries made
//! of the fields. What the fields make up is read by `header.rs`, `read_blocks.rs` and
//! `older_formats.rs`.

use super::checksum::Checksum;
use super::index::Block;
use super::{damaged, ReadError, Rule, RuleId, CHECKSUM_LEN, MAGIC, NO_RULE};
use crate::corpus::glossary::GlossaryEntry;
use std::io::{self, Read, Seek};
use std::ops::RangeInclusive;
use xxhash_rust::xxh3::{xxh3_64, Xxh3Default};

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

/// Whether the input holds another byte.
pub(super) fn more(input: &mut impl Read) -> io::Result<bool> {
    loop {
        match input.read(&mut [0]) {
            Ok(n) => return Ok(n != 0),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// A cursor over a window of the file, moved on by whole reads of the window: a field inside the
/// window, nearly every one, is a bounds check and a copy, a string skipped an addition. Every
/// field is checked against what the file has left, so that a cut or damaged file gives an
/// error, never a panic.
pub(super) struct Reader<R> {
    pub(super) input: R,
    /// The file's length, as it was given.
    pub(super) len: u64,
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
    pub(super) to_hash: u64,
    /// Whether a file of format 1, without checksums, is read too: only to be written again
    /// with them.
    pub(super) unsealed: bool,
    /// The file's format, once its header is read.
    pub(super) format: u32,
}

impl<R: Read> Reader<R> {
    /// A reader of a file of `len` bytes, holding `window` bytes of it at a time.
    pub(super) fn new(input: R, len: u64, unsealed: bool, window: usize) -> Self {
        let window = vec![0; usize::try_from(len).map_or(window, |len| len.min(window))];
        let to_hash = len.saturating_sub(CHECKSUM_LEN as u64);
        Reader { input, len, window, at: 0, filled: 0, unread: len, hash: None, to_hash, unsealed, format: 0 }
    }

    pub(super) fn rule(&mut self) -> Result<Rule, ReadError> {
        let id = self.id()?;
        let line = self.number()?;
        let text = self.string()?;
        let examples = self.strings()?;
        let references = self.ids()?;
        Ok(Rule { id, text, examples, references, line })
    }

    pub(super) fn glossary(&mut self, count: usize) -> Result<Vec<GlossaryEntry>, ReadError> {
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

    /// Starts reading a block of format 4, which starts here: checked at once when the window
    /// holds it whole, else hashed as it is read, and checked at its end ([`Reader::end`]).
    pub(super) fn begin(&mut self, block: &Block) -> Result<(), ReadError> {
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
    pub(super) fn end(&mut self, block: &Block) -> Result<(), ReadError> {
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
    pub(super) fn checksum(&mut self) -> Result<(), ReadError> {
        match self.hash.as_ref().and_then(Checksum::digest) {
            Some(computed) => self.compare(computed),
            None => Ok(()),
        }
    }

    /// Starts the checksum once the format says which hash it is: the magic and the format,
    /// parsed already, then the rest of the window, read but not parsed.
    pub(super) fn start_hash(&mut self, mut hash: Checksum) {
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

    pub(super) fn compare(&mut self, computed: u64) -> Result<(), ReadError> {
        if u64::from_le_bytes(self.array()?) != computed {
            return Err(damaged("its checksum does not match its content"));
        }
        Ok(())
    }

    /// Holds up to `len` bytes of the file at a time from now on, never more than the file.
    pub(super) fn widen(&mut self, len: usize) {
        let len = usize::try_from(self.len).map_or(len, |file| file.min(len));
        if self.window.len() < len {
            self.window.resize(len, 0);
        }
    }

    /// Bytes of the file not parsed yet.
    pub(super) fn remaining(&self) -> u64 {
        (self.filled - self.at) as u64 + self.unread
    }

    /// Where the parse is in the file.
    pub(super) fn position(&self) -> u64 {
        self.len - self.remaining()
    }

    /// The next `len` bytes, passed over.
    #[inline]
    pub(super) fn bytes(&mut self, len: usize) -> Result<&[u8], ReadError> {
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

    pub(super) fn number(&mut self) -> Result<usize, ReadError> {
        Ok(u32::from_le_bytes(self.array()?) as usize)
    }

    /// The most items a list can still hold: each takes at least four bytes.
    pub(super) fn max_count(&self) -> usize {
        usize::try_from(self.remaining() / 4).unwrap_or(usize::MAX)
    }

    /// The length of a list, which a damaged file could make huge.
    pub(super) fn count(&mut self) -> Result<usize, ReadError> {
        let count = self.number()?;
        if count > self.max_count() {
            return Err(damaged("the file ends too soon"));
        }
        Ok(count)
    }

    /// Passes over `len` bytes, a window at a time: the glossary a lookup skips is larger
    /// than the window.
    pub(super) fn skip(&mut self, len: usize) -> Result<(), ReadError> {
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

    pub(super) fn skip_string(&mut self) -> Result<(), ReadError> {
        let len = self.number()?;
        self.skip(len)
    }

    pub(super) fn skip_strings(&mut self) -> Result<(), ReadError> {
        let count = self.count()?;
        (0..count).try_for_each(|_| self.skip_string())
    }

    pub(super) fn string(&mut self) -> Result<String, ReadError> {
        let len = self.number()?;
        let text = std::str::from_utf8(self.bytes(len)?).map_err(|_| damaged("text that is not UTF-8"))?;
        Ok(text.to_owned())
    }

    pub(super) fn strings(&mut self) -> Result<Vec<String>, ReadError> {
        let count = self.count()?;
        (0..count).map(|_| self.string()).collect()
    }

    pub(super) fn id(&mut self) -> Result<RuleId, ReadError> {
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

    pub(super) fn ids(&mut self) -> Result<Vec<RuleId>, ReadError> {
        let count = self.count()?;
        (0..count).map(|_| self.id()).collect()
    }

    /// The numbers of a list that belong to these sections.
    pub(super) fn ids_within(&mut self, sections: &RangeInclusive<u16>) -> Result<Vec<RuleId>, ReadError> {
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

impl<R: Input> Reader<R> {
    /// Moves on to `at`, where a block starts: within the window, or past it without reading
    /// what is in between.
    pub(super) fn seek(&mut self, at: u64) -> Result<(), ReadError> {
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
