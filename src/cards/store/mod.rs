//! The card store: the card data a judge imported (Scryfall's bulk files, MTGJSON's
//! `AtomicCards.json`), kept in one file of the data directory, `cards/cards.store`, so that a
//! card is found by name without reading the rest (`format.rs` says how).
//!
//! An import (`import.rs`) reads and checks every file it is given before it writes anything,
//! and writes the store whole or not at all, under a lock that keeps two imports from
//! interleaving.

mod error;
mod format;
mod import;
mod index;
mod info;
mod lazy;
mod write;

pub use error::{CardImportError, CardStoreError};
pub use import::{import, import_sources, Imported, Source};
pub use info::{FileKind, ImportedFile, StoreInfo};
pub use lazy::StoreCards;

use crate::cards::data::CardData;
use format::{LeadError, View, LEAD_LEN};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use tantivy::directory::error::{OpenDirectoryError, OpenReadError};
use tantivy::directory::{Directory, MmapDirectory, OwnedBytes};

const DIRECTORY: &str = "cards";
const FILE: &str = "cards.store";

/// Where the store of a data directory is.
pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(DIRECTORY).join(FILE)
}

/// An opened store: its directory read and checked; the blocks of its tables are checked the
/// first time a read uses them, and its cards are read one by one.
///
/// The file is mapped into memory (by tantivy's `MmapDirectory`, which maps the search indexes)
/// rather than read: a search that looks a few names up touches a few pages of it. The mapping
/// holds the file that was opened, so an import that replaces it meanwhile (a new file renamed
/// over it) does not change what this store reads.
pub struct CardStore {
    path: PathBuf,
    bytes: OwnedBytes,
    /// Where the tables and the records start.
    tables_at: usize,
    records_at: usize,
    directory: View,
    /// Each key block's check and each card block's, once made.
    key_blocks: Vec<OnceLock<Result<(), String>>>,
    card_blocks: Vec<OnceLock<Result<(), String>>>,
}

impl std::fmt::Debug for CardStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CardStore").field("path", &self.path).field("directory", &self.directory).finish()
    }
}

/// A key of the name index: (folded name, display name, card number).
pub type Key<'a> = (&'a str, &'a str, usize);

impl CardStore {
    /// None when no card data was imported in this data directory.
    pub fn open(data_dir: &Path) -> Result<Option<CardStore>, CardStoreError> {
        Self::open_file(&path(data_dir))
    }

    /// The store in the file at `path`; None when there is no such file.
    pub fn open_file(path: &Path) -> Result<Option<CardStore>, CardStoreError> {
        let damaged = |reason: &str| CardStoreError::Damaged { path: path.to_path_buf(), reason: reason.to_string() };
        let Some(bytes) = map(path)? else {
            return Ok(None);
        };
        let len = bytes.len();
        let ends_too_soon = "the file ends too soon";
        let lead = &bytes[..len.min(LEAD_LEN)];
        // A short file that does not begin as a store does is not one cut short.
        if !lead.starts_with(&format::MAGIC[..lead.len().min(format::MAGIC.len())]) {
            return Err(damaged("it is not a card store"));
        }
        if lead.len() < LEAD_LEN {
            return Err(damaged(ends_too_soon));
        }
        let (directory_len, checksum) = format::read_lead(lead).map_err(|e| match e {
            LeadError::NotAStore => damaged("it is not a card store"),
            LeadError::Format(found) => CardStoreError::Outdated { path: path.to_path_buf(), found },
        })?;
        let tables_at = usize::try_from(LEAD_LEN as u64 + directory_len).ok().filter(|end| *end <= len);
        let Some(tables_at) = tables_at else {
            return Err(damaged(ends_too_soon));
        };
        let directory = &bytes[LEAD_LEN..tables_at];
        if format::directory_checksum(directory) != checksum {
            return Err(damaged("its directory does not match its checksum"));
        }
        let view = View::decode(directory).map_err(|reason| damaged(&reason))?;
        let records_at = tables_at as u64 + view.tables_len();
        match (records_at + view.records_len()).cmp(&(len as u64)) {
            std::cmp::Ordering::Greater => return Err(damaged(ends_too_soon)),
            std::cmp::Ordering::Less => return Err(damaged("the file goes on after its last card")),
            std::cmp::Ordering::Equal => {}
        }
        let blocks = |n| (0..n).map(|_| OnceLock::new()).collect();
        Ok(Some(CardStore {
            path: path.to_path_buf(),
            tables_at,
            // Within the file's length, checked above.
            records_at: records_at as usize,
            key_blocks: blocks(view.key_blocks()),
            card_blocks: blocks(view.len_card_blocks()),
            bytes,
            directory: view,
        }))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn len(&self) -> usize {
        self.directory.cards
    }

    pub fn is_empty(&self) -> bool {
        self.directory.cards == 0
    }

    pub fn info(&self) -> &StoreInfo {
        &self.directory.info
    }

    /// The tables' bytes, where [`View`] reads them.
    fn tables(&self) -> &[u8] {
        &self.bytes.as_slice()[self.tables_at..self.records_at]
    }

    /// Key block `block`, checked the first time.
    fn key_block(&self, block: usize) -> Result<(), CardStoreError> {
        let checked = self.key_blocks[block].get_or_init(|| self.directory.check_key_block(self.tables(), block));
        checked.clone().map_err(|reason| self.damaged(reason))
    }

    /// Index key `n`, from its checked block.
    fn key(&self, n: usize) -> Result<Key<'_>, CardStoreError> {
        self.key_block(n / format::KEY_BLOCK)?;
        let tables = self.tables();
        let key = self.directory.key(tables, n);
        Ok((self.directory.text(tables, key.folded), self.directory.text(tables, key.display), key.card as usize))
    }

    /// The card whose full name or face name folds to `folded` (`names::fold`).
    pub fn find(&self, folded: &str) -> Result<Option<CardData>, CardStoreError> {
        let at = self.first_from(folded)?;
        if at < self.directory.keys {
            let (name, _, card) = self.key(at)?;
            if name == folded {
                return self.card(card).map(Some);
            }
        }
        Ok(None)
    }

    /// The number of the first index key not less than `prefix`: in the block of the last head
    /// below it, or the next block's first.
    fn first_from(&self, prefix: &str) -> Result<usize, CardStoreError> {
        let blocks = self.directory.key_blocks();
        let next = partition_point(0..blocks, |b| self.directory.head(b) < prefix);
        let Some(block) = next.checked_sub(1) else { return Ok(0) };
        self.key_block(block)?;
        let tables = self.tables();
        let keys = block * format::KEY_BLOCK..((block + 1) * format::KEY_BLOCK).min(self.directory.keys);
        Ok(partition_point(keys, |n| self.directory.text(tables, self.directory.key(tables, n).folded) < prefix))
    }

    /// Every index key in order: (folded key, display name, card number) — for suggestions and
    /// for finding card names inside a question. A key of a damaged block is an error.
    pub fn keys(&self) -> impl Iterator<Item = Result<Key<'_>, CardStoreError>> {
        self.keys_from("")
    }

    /// The index keys from the first that is not less than `prefix`, in order, as [`CardStore::keys`]
    /// gives them: those that begin with `prefix` come first. For finding the names a question
    /// holds, word by word: only the blocks of the index they reach are read.
    pub fn keys_from(&self, prefix: &str) -> impl Iterator<Item = Result<Key<'_>, CardStoreError>> {
        let (from, failed) = match self.first_from(prefix) {
            Ok(from) => (from, None),
            Err(e) => (self.directory.keys, Some(Err(e))),
        };
        failed.into_iter().chain((from..self.directory.keys).map(|n| self.key(n)))
    }

    /// The card of that number (the cards are numbered in the order of their names).
    pub fn card(&self, number: usize) -> Result<CardData, CardStoreError> {
        if number >= self.len() {
            return Err(CardStoreError::NoSuchCard { number, count: self.len() });
        }
        let block = number / format::CARD_BLOCK;
        let checked = self.card_blocks[block].get_or_init(|| self.directory.check_card_block(self.tables(), block));
        checked.clone().map_err(|reason| self.damaged(reason))?;
        let entry = self.directory.card(self.tables(), number);
        self.parse(number, entry.checksum, self.record(entry.offset, entry.len)?)
    }

    /// Every card, in order: for an import that keeps them.
    pub fn cards(&self) -> Result<Vec<CardData>, CardStoreError> {
        (0..self.len()).map(|number| self.card(number)).collect()
    }

    /// The bytes of a record, checked within the records when its block was.
    fn record(&self, offset: u64, len: u32) -> Result<&[u8], CardStoreError> {
        let start = usize::try_from(offset).ok().and_then(|o| o.checked_add(self.records_at));
        let range = start.and_then(|start| Some(start..start.checked_add(len as usize)?));
        range
            .and_then(|range| self.bytes.as_slice().get(range))
            .ok_or_else(|| self.damaged("the file ends too soon".to_string()))
    }

    fn parse(&self, number: usize, checksum: u64, record: &[u8]) -> Result<CardData, CardStoreError> {
        if format::record_checksum(record, number) != checksum {
            return Err(self.damaged(format!("the record of card {number} does not match its checksum")));
        }
        serde_json::from_slice(record)
            .map_err(|e| self.damaged(format!("the record of card {number} cannot be read ({e})")))
    }

    fn damaged(&self, reason: String) -> CardStoreError {
        CardStoreError::Damaged { path: self.path.clone(), reason }
    }
}

/// The first of `range` for which `before` is false, `before` being true of a first part of it.
fn partition_point(range: std::ops::Range<usize>, before: impl Fn(usize) -> bool) -> usize {
    let (mut low, mut high) = (range.start, range.end);
    while low < high {
        let middle = low + (high - low) / 2;
        if before(middle) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    low
}

/// The file mapped into memory; None when there is no such file. An empty file maps to no bytes.
fn map(path: &Path) -> Result<Option<OwnedBytes>, CardStoreError> {
    let read_error = |source| CardStoreError::Read { path: path.to_path_buf(), source };
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Err(read_error(io::Error::new(io::ErrorKind::InvalidInput, "not a file's path")));
    };
    let directory = match MmapDirectory::open(dir) {
        Ok(directory) => directory,
        Err(OpenDirectoryError::DoesNotExist(_)) => return Ok(None),
        Err(e) => return Err(read_error(io::Error::other(e))),
    };
    let handle = match directory.get_file_handle(Path::new(name)) {
        Ok(handle) => handle,
        Err(OpenReadError::FileDoesNotExist(_)) => return Ok(None),
        Err(OpenReadError::IoError { io_error, .. }) => {
            return Err(read_error(io::Error::new(io_error.kind(), io_error)))
        }
        Err(e) => return Err(read_error(io::Error::other(e))),
    };
    handle.read_bytes(0..handle.len()).map(Some).map_err(read_error)
}

#[cfg(test)]
mod tests;
