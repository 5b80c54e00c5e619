//! The layout of `cards.store`, made so that finding one card reads a few megabytes at most and
//! parses one card, whatever the size of the store.
//!
//! Integers are little-endian. The file is:
//! - the lead: the magic line `judge cards\n`, the format (`u32`), the directory's length (`u64`)
//!   and its checksum (`u64`);
//! - the directory: the [`StoreInfo`] as JSON, after its length (`u32`); the number of cards, of
//!   index keys, and the pool's length (`u32` each); for each card, in order, the place of its
//!   record from the end of the directory (`u64`), its length (`u32`) and its checksum (`u64`);
//!   for each key, in increasing byte order of the folded names, where its folded name and its
//!   display name are in the pool (start and length, `u32` each) and its card's number (`u32`);
//!   then the pool, the UTF-8 of those names end to end;
//! - the records, one per card in order, each the card's `CardData` as JSON, each starting where
//!   the one before ends, and nothing after the last.
//!
//! Checksums are XXH3-64 (fixed by its specification): the directory's with seed 0, a record's
//! with the card's number as seed, so that a record is never taken for another card's. Opening a
//! store reads the lead and the directory and checks them whole (and that the records, by their
//! lengths, fill the file); reading a card reads its record and checks it. A byte changed
//! anywhere is refused by the read that uses it.

use super::info::StoreInfo;
use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed};

/// The version of this layout; a store of another one is refused and must be imported again.
pub(crate) const FORMAT: u32 = 1;
pub(super) const MAGIC: &[u8] = b"judge cards\n";
/// The magic, the format, the directory's length and its checksum.
pub(super) const LEAD_LEN: usize = MAGIC.len() + 4 + 8 + 8;
const CARD_ENTRY_LEN: usize = 8 + 4 + 8;
const KEY_ENTRY_LEN: usize = 4 * 5;

/// Where a card's record is, from the end of the directory, and its checksum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct CardEntry {
    pub offset: u64,
    pub len: u32,
    pub checksum: u64,
}

/// A part of the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Span {
    pub start: u32,
    pub len: u32,
}

impl Span {
    pub fn range(self) -> std::ops::Range<usize> {
        let start = self.start as usize;
        start..start + self.len as usize
    }
}

/// One key of the name index: a folded name (`names::fold`), the name as printed, the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct KeyEntry {
    pub folded: Span,
    pub display: Span,
    pub card: u32,
}

/// Everything but the records.
#[derive(Debug, PartialEq)]
#[cfg_attr(test, derive(Clone))]
pub(super) struct Directory {
    pub info: StoreInfo,
    pub cards: Vec<CardEntry>,
    pub keys: Vec<KeyEntry>,
    pub pool: String,
}

/// Why the lead is refused.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum LeadError {
    NotAStore,
    Format(u32),
}

pub(super) fn lead(directory: &[u8]) -> Vec<u8> {
    let mut lead = Vec::with_capacity(LEAD_LEN);
    lead.extend_from_slice(MAGIC);
    lead.extend_from_slice(&FORMAT.to_le_bytes());
    lead.extend_from_slice(&(directory.len() as u64).to_le_bytes());
    lead.extend_from_slice(&xxh3_64(directory).to_le_bytes());
    lead
}

/// The directory's length and checksum.
pub(super) fn read_lead(lead: &[u8]) -> Result<(u64, u64), LeadError> {
    let mut cursor = Cursor(lead.strip_prefix(MAGIC).ok_or(LeadError::NotAStore)?);
    let format = cursor.u32().ok_or(LeadError::NotAStore)?;
    if format != FORMAT {
        return Err(LeadError::Format(format));
    }
    let len = cursor.u64().ok_or(LeadError::NotAStore)?;
    let checksum = cursor.u64().ok_or(LeadError::NotAStore)?;
    Ok((len, checksum))
}

pub(super) fn directory_checksum(directory: &[u8]) -> u64 {
    xxh3_64(directory)
}

pub(super) fn record_checksum(record: &[u8], card: usize) -> u64 {
    xxh3_64_with_seed(record, card as u64)
}

impl Directory {
    /// The directory's bytes; an error when a count or a length passes what its `u32` holds.
    pub fn encode(&self) -> std::io::Result<Vec<u8>> {
        let info = serde_json::to_vec(&self.info)?;
        let mut out = Vec::with_capacity(
            info.len() + 16 + self.cards.len() * CARD_ENTRY_LEN + self.keys.len() * KEY_ENTRY_LEN + self.pool.len(),
        );
        let u32_of = |n: usize| {
            u32::try_from(n)
                .map(u32::to_le_bytes)
                .map_err(|_| std::io::Error::other("too much card data for one store"))
        };
        out.extend_from_slice(&u32_of(info.len())?);
        out.extend_from_slice(&info);
        for count in [self.cards.len(), self.keys.len(), self.pool.len()] {
            out.extend_from_slice(&u32_of(count)?);
        }
        for card in &self.cards {
            out.extend_from_slice(&card.offset.to_le_bytes());
            out.extend_from_slice(&card.len.to_le_bytes());
            out.extend_from_slice(&card.checksum.to_le_bytes());
        }
        for key in &self.keys {
            for n in [key.folded.start, key.folded.len, key.display.start, key.display.len, key.card] {
                out.extend_from_slice(&n.to_le_bytes());
            }
        }
        out.extend_from_slice(self.pool.as_bytes());
        Ok(out)
    }

    /// The directory in `bytes`, checked for what its checksum cannot vouch for (a file written
    /// by hand, or by a broken writer, with a right checksum): every entry in bounds, the
    /// records end to end, the keys in order. `Err` says what is wrong.
    pub fn decode(bytes: &[u8]) -> Result<Directory, String> {
        let mut cursor = Cursor(bytes);
        let short = || "the directory ends too soon".to_string();
        let info_len = cursor.u32().ok_or_else(short)? as usize;
        let info = cursor.take(info_len).ok_or_else(short)?;
        let info: StoreInfo =
            serde_json::from_slice(info).map_err(|e| format!("its description cannot be read ({e})"))?;
        let card_count = cursor.u32().ok_or_else(short)? as usize;
        let key_count = cursor.u32().ok_or_else(short)? as usize;
        let pool_len = cursor.u32().ok_or_else(short)? as usize;
        if info.cards != card_count {
            return Err(format!("it says it holds {} cards and lists {card_count}", info.cards));
        }
        // Each table is taken whole before anything is allocated for it: a count read from the
        // file cannot ask for more memory than the file has bytes.
        let table = cursor.take(card_count.checked_mul(CARD_ENTRY_LEN).ok_or_else(short)?).ok_or_else(short)?;
        let mut cards = Vec::with_capacity(card_count);
        let mut next = 0u64;
        for entry in table.chunks_exact(CARD_ENTRY_LEN) {
            let mut entry = Cursor(entry);
            let (offset, len, checksum) =
                (entry.u64().ok_or_else(short)?, entry.u32().ok_or_else(short)?, entry.u64().ok_or_else(short)?);
            if offset != next {
                return Err(format!("the record of card {} is not where the one before it ends", cards.len()));
            }
            next += u64::from(len);
            cards.push(CardEntry { offset, len, checksum });
        }
        let table = cursor.take(key_count.checked_mul(KEY_ENTRY_LEN).ok_or_else(short)?).ok_or_else(short)?;
        let pool = cursor.take(pool_len).ok_or_else(short)?;
        if !cursor.0.is_empty() {
            return Err("the directory is longer than what it holds".to_string());
        }
        let pool = std::str::from_utf8(pool).map_err(|_| "its names are not UTF-8".to_string())?.to_string();
        let mut keys: Vec<KeyEntry> = Vec::with_capacity(key_count);
        for entry in table.chunks_exact(KEY_ENTRY_LEN) {
            let mut entry = Cursor(entry);
            let mut n = || entry.u32().ok_or_else(short);
            let key = KeyEntry {
                folded: Span { start: n()?, len: n()? },
                display: Span { start: n()?, len: n()? },
                card: n()?,
            };
            let at = keys.len();
            if key.card as usize >= card_count {
                return Err(format!("index key {at} names card {}, of {card_count}", key.card));
            }
            let folded = text(&pool, key.folded).ok_or_else(|| format!("index key {at} is outside the names"))?;
            text(&pool, key.display).ok_or_else(|| format!("index key {at} is outside the names"))?;
            if let Some(before) = keys.last() {
                if text(&pool, before.folded).is_none_or(|before| before >= folded) {
                    return Err(format!("index key {at} is out of order"));
                }
            }
            keys.push(key);
        }
        Ok(Directory { info, cards, keys, pool })
    }

    /// How long the records are, together: the file is the lead, the directory and this.
    pub fn records_len(&self) -> u64 {
        self.cards.last().map_or(0, |last| last.offset + u64::from(last.len))
    }
}

/// The text of `span` in the pool; `None` outside it or off a character's boundary.
pub(super) fn text(pool: &str, span: Span) -> Option<&str> {
    pool.get(span.range())
}

/// Reads little-endian integers and byte runs off the front of a slice.
struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (taken, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(taken)
    }

    fn u32(&mut self) -> Option<u32> {
        self.take(4).and_then(|b| b.try_into().ok()).map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> Option<u64> {
        self.take(8).and_then(|b| b.try_into().ok()).map(u64::from_le_bytes)
    }
}
