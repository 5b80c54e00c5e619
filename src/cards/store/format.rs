//! The layout of `cards.store`, made so that finding a card by name reads a few kilobytes of the
//! name index and parses one card, whatever the size of the store, and opening it reads less.
//!
//! Integers are little-endian. The file is:
//! - the lead: the magic line `judge cards\n`, the format (`u32`), the directory's length (`u64`)
//!   and its checksum (`u64`);
//! - the directory: the [`StoreInfo`] as JSON, after its length (`u32`); the number of cards, of
//!   index keys, the pool's length and the heads' (`u32` each); the records' length (`u64`); for
//!   each block of [`CARD_BLOCK`] cards, where the record of its first card starts (`u64`) and
//!   the checksum of its part of the card table (`u64`); for each block of [`KEY_BLOCK`] index
//!   keys, where its names are in the pool (start and length, `u32` each), where its first folded
//!   name is in the heads (start and length, `u32` each) and its checksum (`u64`); then the heads,
//!   the first folded name of each key block end to end;
//! - the tables: for each key, in increasing byte order of the folded names, where its folded
//!   name and its display name are in the pool (start and length, `u32` each) and its card's
//!   number (`u32`); for each card, in order, the place of its record from the start of the
//!   records (`u64`), its length (`u32`) and its checksum (`u64`); then the pool, the UTF-8 of
//!   the keys' names end to end in the keys' order, so that a key block's names are one run;
//! - the records, one per card in order, each the card's `CardData` as JSON, each starting where
//!   the one before ends, and nothing after the last.
//!
//! Checksums are XXH3-64 (fixed by its specification): the directory's with seed 0; a block of
//! the card table's with seed 2^32 + its number, and a key block's (its keys, then its names)
//! with 2 × 2^32 + its number; a record's with the card's number, so that no part is ever taken
//! for another. Opening a store reads the lead and the directory and checks them whole (and that
//! the tables and the records, by their lengths, fill the file): a few kilobytes for 35,000
//! cards. A block is checked the first time a read uses it, and a record each time it is read.
//! A byte changed anywhere is refused by the read that uses it.

use super::info::StoreInfo;
use std::ops::Range;
use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed, Xxh3};

/// The version of this layout; a store of another one is refused and must be imported again.
pub(crate) const FORMAT: u32 = 2;
pub(super) const MAGIC: &[u8] = b"judge cards\n";
/// The magic, the format, the directory's length and its checksum.
pub(super) const LEAD_LEN: usize = MAGIC.len() + 4 + 8 + 8;
const CARD_ENTRY_LEN: usize = 8 + 4 + 8;
const KEY_ENTRY_LEN: usize = 4 * 5;
/// Cards per block of the card table: 20 KB checked when the first of them is read.
pub(super) const CARD_BLOCK: usize = 1024;
/// Keys per block of the name index: about 8 KB with their names, checked when a look-up first
/// reaches them. A question of ten words looks in a few dozen of the 350 blocks of a store of
/// 35,000 cards.
pub(super) const KEY_BLOCK: usize = 128;
const CARD_BLOCK_LEN: usize = 8 + 8;
const KEY_BLOCK_LEN: usize = 4 * 4 + 8;

/// Where a card's record is, from the start of the records, and its checksum.
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
    pub fn range(self) -> Range<usize> {
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

/// Everything but the records, as the writer makes it.
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

fn card_block_checksum(entries: &[u8], block: usize) -> u64 {
    xxh3_64_with_seed(entries, (1 << 32) + block as u64)
}

fn key_block_checksum(entries: &[u8], names: &[u8], block: usize) -> u64 {
    let mut hasher = Xxh3::with_seed((2 << 32) + block as u64);
    hasher.update(entries);
    hasher.update(names);
    hasher.digest()
}

/// How many blocks of `size` hold `count` things.
fn blocks(count: usize, size: usize) -> usize {
    count.div_ceil(size)
}

/// The things of block `block` of `size`, of `count` in all.
fn block_range(block: usize, size: usize, count: usize) -> Range<usize> {
    block * size..((block + 1) * size).min(count)
}

impl Directory {
    /// The directory's bytes and the tables', each block's checksum computed; an error when a
    /// count or a length passes what its integer holds.
    pub fn encode(&self) -> std::io::Result<(Vec<u8>, Vec<u8>)> {
        let too_much = || std::io::Error::other("too much card data for one store");
        let u32_of = |n: usize| u32::try_from(n).map(u32::to_le_bytes).map_err(|_| too_much());
        let mut tables =
            Vec::with_capacity(self.keys.len() * KEY_ENTRY_LEN + self.cards.len() * CARD_ENTRY_LEN + self.pool.len());
        for key in &self.keys {
            for n in [key.folded.start, key.folded.len, key.display.start, key.display.len, key.card] {
                tables.extend_from_slice(&n.to_le_bytes());
            }
        }
        let cards_at = tables.len();
        for card in &self.cards {
            tables.extend_from_slice(&card.offset.to_le_bytes());
            tables.extend_from_slice(&card.len.to_le_bytes());
            tables.extend_from_slice(&card.checksum.to_le_bytes());
        }
        let pool_at = tables.len();
        tables.extend_from_slice(self.pool.as_bytes());
        let records_len = self.cards.last().map_or(0, |last| last.offset + u64::from(last.len));

        let info = serde_json::to_vec(&self.info)?;
        let mut out = Vec::new();
        out.extend_from_slice(&u32_of(info.len())?);
        out.extend_from_slice(&info);
        let mut heads = String::new();
        let key_blocks: Vec<Range<usize>> =
            (0..blocks(self.keys.len(), KEY_BLOCK)).map(|b| block_range(b, KEY_BLOCK, self.keys.len())).collect();
        for block in &key_blocks {
            heads.push_str(self.pool.get(self.keys[block.start].folded.range()).unwrap_or_default());
        }
        for count in [self.cards.len(), self.keys.len(), self.pool.len(), heads.len()] {
            out.extend_from_slice(&u32_of(count)?);
        }
        out.extend_from_slice(&records_len.to_le_bytes());
        for block in 0..blocks(self.cards.len(), CARD_BLOCK) {
            let range = block_range(block, CARD_BLOCK, self.cards.len());
            let entries = &tables[cards_at + range.start * CARD_ENTRY_LEN..cards_at + range.end * CARD_ENTRY_LEN];
            out.extend_from_slice(&self.cards[range.start].offset.to_le_bytes());
            out.extend_from_slice(&card_block_checksum(entries, block).to_le_bytes());
        }
        let mut head_at = 0u32;
        for (block, range) in key_blocks.iter().enumerate() {
            // The block's names run from its first key's folded name to its last key's display name.
            let (first, last) = (self.keys[range.start], self.keys[range.end - 1]);
            let names = first.folded.start..last.display.start.saturating_add(last.display.len).max(first.folded.start);
            let entries = &tables[range.start * KEY_ENTRY_LEN..range.end * KEY_ENTRY_LEN];
            let pool = &tables[pool_at..];
            let names_bytes = pool.get(names.start as usize..names.end as usize).unwrap_or_default();
            out.extend_from_slice(&names.start.to_le_bytes());
            out.extend_from_slice(&(names.end - names.start).to_le_bytes());
            out.extend_from_slice(&head_at.to_le_bytes());
            out.extend_from_slice(&first.folded.len.to_le_bytes());
            out.extend_from_slice(&key_block_checksum(entries, names_bytes, block).to_le_bytes());
            head_at += first.folded.len;
        }
        out.extend_from_slice(heads.as_bytes());
        Ok((out, tables))
    }

    /// The directory and tables in these bytes, checked whole as the reads of a store check
    /// them, copied out.
    #[cfg(test)]
    pub fn decode(directory: &[u8], tables: &[u8]) -> Result<Directory, String> {
        let view = View::decode(directory)?;
        for block in 0..view.key_blocks.len() {
            view.check_key_block(tables, block)?;
        }
        for block in 0..view.card_blocks.len() {
            view.check_card_block(tables, block)?;
        }
        Ok(Directory {
            cards: (0..view.cards).map(|n| view.card(tables, n)).collect(),
            keys: (0..view.keys).map(|n| view.key(tables, n)).collect(),
            pool: String::from_utf8_lossy(&tables[view.pool_at()..]).into_owned(),
            info: view.info,
        })
    }
}

/// A block of the card table, as the directory describes it.
#[derive(Debug)]
struct CardBlock {
    /// Where the record of its first card starts.
    start: u64,
    checksum: u64,
}

/// A block of the name index, as the directory describes it.
#[derive(Debug)]
struct KeyBlock {
    /// Its names, in the pool.
    names: Range<usize>,
    /// Its first folded name, in the heads.
    head: Range<usize>,
    checksum: u64,
}

/// The directory, read and checked whole, and how to read and check the tables it describes.
#[derive(Debug)]
pub(super) struct View {
    pub info: StoreInfo,
    /// How many cards and index keys.
    pub cards: usize,
    pub keys: usize,
    pool_len: usize,
    records_len: u64,
    card_blocks: Vec<CardBlock>,
    key_blocks: Vec<KeyBlock>,
    heads: String,
}

impl View {
    /// The directory in `bytes`, checked for what its checksum cannot vouch for (a file written
    /// by hand, or by a broken writer, with a right checksum): the counts, the blocks in bounds
    /// and in order. `Err` says what is wrong.
    pub fn decode(bytes: &[u8]) -> Result<View, String> {
        let mut cursor = Cursor(bytes);
        let short = || "the directory ends too soon".to_string();
        let info_len = cursor.u32().ok_or_else(short)? as usize;
        let info = cursor.take(info_len).ok_or_else(short)?;
        let info: StoreInfo =
            serde_json::from_slice(info).map_err(|e| format!("its description cannot be read ({e})"))?;
        let mut count = || cursor.u32().map(|n| n as usize).ok_or_else(short);
        let (cards, keys, pool_len, heads_len) = (count()?, count()?, count()?, count()?);
        if info.cards != cards {
            return Err(format!("it says it holds {} cards and lists {cards}", info.cards));
        }
        let records_len = cursor.u64().ok_or_else(short)?;
        let table = cursor.take(blocks(cards, CARD_BLOCK) * CARD_BLOCK_LEN).ok_or_else(short)?;
        let mut card_blocks = Vec::with_capacity(table.len() / CARD_BLOCK_LEN);
        for entry in table.chunks_exact(CARD_BLOCK_LEN) {
            let block = CardBlock { start: u64_at(entry, 0), checksum: u64_at(entry, 8) };
            let before = card_blocks.last().map_or(0, |b: &CardBlock| b.start);
            if (card_blocks.is_empty() && block.start != 0) || block.start < before || block.start > records_len {
                return Err(format!("the records of cards {} on are out of place", card_blocks.len() * CARD_BLOCK));
            }
            card_blocks.push(block);
        }
        let table = cursor.take(blocks(keys, KEY_BLOCK) * KEY_BLOCK_LEN).ok_or_else(short)?;
        let heads = cursor.take(heads_len).ok_or_else(short)?;
        if !cursor.0.is_empty() {
            return Err("the directory is longer than what it holds".to_string());
        }
        let heads = std::str::from_utf8(heads).map_err(|_| "its names are not UTF-8".to_string())?;
        let mut key_blocks: Vec<KeyBlock> = Vec::with_capacity(table.len() / KEY_BLOCK_LEN);
        for entry in table.chunks_exact(KEY_BLOCK_LEN) {
            let at = key_blocks.len();
            let span = |start, len| Span { start: u32_at(entry, start), len: u32_at(entry, len) }.range();
            let block = KeyBlock { names: span(0, 4), head: span(8, 12), checksum: u64_at(entry, 16) };
            let outside = || format!("index block {at} is outside the names");
            if block.names.end > pool_len || heads.get(block.head.clone()).is_none() {
                return Err(outside());
            }
            if key_blocks.last().is_some_and(|before| heads[before.head.clone()] >= heads[block.head.clone()]) {
                return Err(format!("index block {at} is out of order"));
            }
            key_blocks.push(block);
        }
        Ok(View { info, cards, keys, pool_len, records_len, card_blocks, key_blocks, heads: heads.to_string() })
    }

    /// How long the tables are, together: they follow the directory.
    pub fn tables_len(&self) -> u64 {
        (self.keys * KEY_ENTRY_LEN + self.cards * CARD_ENTRY_LEN + self.pool_len) as u64
    }

    /// How long the records are, together: they follow the tables, to the end of the file.
    pub fn records_len(&self) -> u64 {
        self.records_len
    }

    pub fn key_blocks(&self) -> usize {
        self.key_blocks.len()
    }

    pub fn len_card_blocks(&self) -> usize {
        self.card_blocks.len()
    }

    /// The first folded name of key block `block`.
    pub fn head(&self, block: usize) -> &str {
        &self.heads[self.key_blocks[block].head.clone()]
    }

    fn cards_at(&self) -> usize {
        self.keys * KEY_ENTRY_LEN
    }

    fn pool_at(&self) -> usize {
        self.cards_at() + self.cards * CARD_ENTRY_LEN
    }

    /// Checks key block `block` in the tables: its checksum, its names UTF-8, each key's names
    /// within the block's and its card in the store, its folded names in increasing order from
    /// the block's head to below the next block's.
    pub fn check_key_block(&self, tables: &[u8], block: usize) -> Result<(), String> {
        let described = &self.key_blocks[block];
        let keys = block_range(block, KEY_BLOCK, self.keys);
        let entries = &tables[keys.start * KEY_ENTRY_LEN..keys.end * KEY_ENTRY_LEN];
        let pool = &tables[self.pool_at()..];
        let names = &pool[described.names.clone()];
        if key_block_checksum(entries, names, block) != described.checksum {
            return Err(format!("the names of index block {block} do not match their checksum"));
        }
        let names = std::str::from_utf8(names).map_err(|_| "its names are not UTF-8".to_string())?;
        let base = described.names.start;
        let in_block = |span: Span| {
            let range = span.range();
            let inside = range.start >= base && range.end <= base + names.len();
            inside.then(|| names.get(range.start - base..range.end - base)).flatten()
        };
        let mut before: Option<&str> = None;
        for (n, entry) in keys.clone().zip(entries.chunks_exact(KEY_ENTRY_LEN)) {
            let key = key_entry(entry);
            if key.card as usize >= self.cards {
                return Err(format!("index key {n} names card {}, of {}", key.card, self.cards));
            }
            let outside = || format!("index key {n} is outside the names");
            let folded = in_block(key.folded).ok_or_else(outside)?;
            in_block(key.display).ok_or_else(outside)?;
            let ordered = match before {
                Some(before) => before < folded,
                None => folded == self.head(block),
            };
            let below_next = n + 1 < keys.end || block + 1 == self.key_blocks.len() || folded < self.head(block + 1);
            if !ordered || !below_next {
                return Err(format!("index key {n} is out of order"));
            }
            before = Some(folded);
        }
        Ok(())
    }

    /// Checks block `block` of the card table: its checksum, and its records end to end from
    /// where the directory says to where the next block's start.
    pub fn check_card_block(&self, tables: &[u8], block: usize) -> Result<(), String> {
        let cards = block_range(block, CARD_BLOCK, self.cards);
        let entries =
            &tables[self.cards_at() + cards.start * CARD_ENTRY_LEN..self.cards_at() + cards.end * CARD_ENTRY_LEN];
        if card_block_checksum(entries, block) != self.card_blocks[block].checksum {
            return Err(format!(
                "the places of cards {} to {} do not match their checksum",
                cards.start,
                cards.end - 1
            ));
        }
        let mut next = self.card_blocks[block].start;
        for (n, entry) in cards.zip(entries.chunks_exact(CARD_ENTRY_LEN)) {
            let entry = card_entry(entry);
            if entry.offset != next {
                return Err(format!("the record of card {n} is not where the one before it ends"));
            }
            next += u64::from(entry.len);
        }
        let end = self.card_blocks.get(block + 1).map_or(self.records_len, |b| b.start);
        if next != end {
            return Err(format!("the records of cards {} on are out of place", (block + 1) * CARD_BLOCK));
        }
        Ok(())
    }

    /// Card `n`'s entry (below [`View::cards`]), from the tables.
    pub fn card(&self, tables: &[u8], n: usize) -> CardEntry {
        let at = self.cards_at() + n * CARD_ENTRY_LEN;
        card_entry(&tables[at..at + CARD_ENTRY_LEN])
    }

    /// Index key `n` (below [`View::keys`]), from the tables.
    pub fn key(&self, tables: &[u8], n: usize) -> KeyEntry {
        let at = n * KEY_ENTRY_LEN;
        key_entry(&tables[at..at + KEY_ENTRY_LEN])
    }

    /// The text of a span of the pool: empty outside it, which a checked block never has.
    pub fn text<'a>(&self, tables: &'a [u8], span: Span) -> &'a str {
        let pool = &tables[self.pool_at()..];
        pool.get(span.range()).and_then(|bytes| std::str::from_utf8(bytes).ok()).unwrap_or_default()
    }
}

/// A card's entry as written (`CARD_ENTRY_LEN` bytes): offset, length, checksum.
fn card_entry(bytes: &[u8]) -> CardEntry {
    CardEntry { offset: u64_at(bytes, 0), len: u32_at(bytes, 8), checksum: u64_at(bytes, 12) }
}

/// An index key as written (`KEY_ENTRY_LEN` bytes): the folded name's span, the display name's,
/// the card.
fn key_entry(bytes: &[u8]) -> KeyEntry {
    KeyEntry {
        folded: Span { start: u32_at(bytes, 0), len: u32_at(bytes, 4) },
        display: Span { start: u32_at(bytes, 8), len: u32_at(bytes, 12) },
        card: u32_at(bytes, 16),
    }
}

/// The little-endian integer at `at` of an entry of the right length.
fn u32_at(bytes: &[u8], at: usize) -> u32 {
    bytes.get(at..at + 4).and_then(|b| b.try_into().ok()).map_or(0, u32::from_le_bytes)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    bytes.get(at..at + 8).and_then(|b| b.try_into().ok()).map_or(0, u64::from_le_bytes)
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
