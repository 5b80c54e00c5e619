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

pub use error::{CardImportError, CardStoreError, RulingsLost};
pub use import::{import, import_sources, Imported, Source};
pub use info::{FileKind, ImportedFile, StoreInfo};
pub use lazy::StoreCards;

use crate::cards::data::CardData;
use format::{Directory, LeadError, LEAD_LEN};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

const DIRECTORY: &str = "cards";
const FILE: &str = "cards.store";

/// Where the store of a data directory is.
pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(DIRECTORY).join(FILE)
}

/// An opened store: its directory read and checked; its cards are read one by one.
#[derive(Debug)]
pub struct CardStore {
    path: PathBuf,
    /// Held open, so that an import that replaces the file meanwhile does not change what this
    /// store reads.
    file: Mutex<File>,
    /// Where the records start.
    records_at: u64,
    directory: Directory,
}

impl CardStore {
    /// None when no card data was imported in this data directory.
    pub fn open(data_dir: &Path) -> Result<Option<CardStore>, CardStoreError> {
        Self::open_file(&path(data_dir))
    }

    /// The store in the file at `path`; None when there is no such file.
    pub fn open_file(path: &Path) -> Result<Option<CardStore>, CardStoreError> {
        let read_error = |source| CardStoreError::Read { path: path.to_path_buf(), source };
        let damaged = |reason: &str| CardStoreError::Damaged { path: path.to_path_buf(), reason: reason.to_string() };
        let mut file = match File::open(path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(read_error(e)),
        };
        let len = file.metadata().map_err(read_error)?.len();
        let ends_too_soon = "the file ends too soon";
        let mut lead = Vec::with_capacity(LEAD_LEN);
        (&mut file).take(LEAD_LEN as u64).read_to_end(&mut lead).map_err(read_error)?;
        // A short file that does not begin as a store does is not one cut short.
        if !lead.starts_with(&format::MAGIC[..lead.len().min(format::MAGIC.len())]) {
            return Err(damaged("it is not a card store"));
        }
        if lead.len() < LEAD_LEN {
            return Err(damaged(ends_too_soon));
        }
        let (directory_len, checksum) = format::read_lead(&lead).map_err(|e| match e {
            LeadError::NotAStore => damaged("it is not a card store"),
            LeadError::Format(found) => CardStoreError::Outdated { path: path.to_path_buf(), found },
        })?;
        let records_at = LEAD_LEN as u64 + directory_len;
        if records_at > len {
            return Err(damaged(ends_too_soon));
        }
        // Bounded by the file's length, checked above.
        let mut directory = vec![0; directory_len as usize];
        file.read_exact(&mut directory).map_err(read_error)?;
        if format::directory_checksum(&directory) != checksum {
            return Err(damaged("its directory does not match its checksum"));
        }
        let directory = Directory::decode(&directory).map_err(|reason| damaged(&reason))?;
        match (records_at + directory.records_len()).cmp(&len) {
            std::cmp::Ordering::Greater => return Err(damaged(ends_too_soon)),
            std::cmp::Ordering::Less => return Err(damaged("the file goes on after its last card")),
            std::cmp::Ordering::Equal => {}
        }
        Ok(Some(CardStore { path: path.to_path_buf(), file: Mutex::new(file), records_at, directory }))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn len(&self) -> usize {
        self.directory.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.directory.cards.is_empty()
    }

    pub fn info(&self) -> &StoreInfo {
        &self.directory.info
    }

    /// The card whose full name or face name folds to `folded` (`names::fold`).
    pub fn find(&self, folded: &str) -> Result<Option<CardData>, CardStoreError> {
        let pool = &self.directory.pool;
        let found =
            self.directory.keys.binary_search_by(|key| format::text(pool, key.folded).unwrap_or_default().cmp(folded));
        match found {
            Ok(at) => self.card(self.directory.keys[at].card as usize).map(Some),
            Err(_) => Ok(None),
        }
    }

    /// Every index key in order: (folded key, display name, card number) — for suggestions and
    /// for finding card names inside a question.
    pub fn keys(&self) -> impl Iterator<Item = (&str, &str, usize)> {
        self.keys_from("")
    }

    /// The index keys from the first that is not less than `prefix`, in order, as [`CardStore::keys`]
    /// gives them: those that begin with `prefix` come first. For finding the names a question
    /// holds, word by word, without going through the whole index.
    pub fn keys_from(&self, prefix: &str) -> impl Iterator<Item = (&str, &str, usize)> {
        let pool = &self.directory.pool;
        let keys = &self.directory.keys;
        let start = keys.partition_point(|key| format::text(pool, key.folded).unwrap_or_default() < prefix);
        keys[start..].iter().map(move |key| {
            // Both texts were checked in bounds when the store was opened.
            let text = |span| format::text(pool, span).unwrap_or_default();
            (text(key.folded), text(key.display), key.card as usize)
        })
    }

    /// The card of that number (the cards are numbered in the order of their names).
    pub fn card(&self, number: usize) -> Result<CardData, CardStoreError> {
        let entry =
            *self.directory.cards.get(number).ok_or(CardStoreError::NoSuchCard { number, count: self.len() })?;
        let mut record = vec![0; entry.len as usize];
        self.read_at(self.records_at + entry.offset, &mut record)?;
        self.parse(number, entry.checksum, &record)
    }

    /// Every card, in order, read in one pass: for an import that keeps them.
    pub fn cards(&self) -> Result<Vec<CardData>, CardStoreError> {
        let mut records = vec![0; self.directory.records_len() as usize];
        self.read_at(self.records_at, &mut records)?;
        let mut cards = Vec::with_capacity(self.len());
        for (number, entry) in self.directory.cards.iter().enumerate() {
            let start = entry.offset as usize;
            let record = records.get(start..start + entry.len as usize).unwrap_or_default();
            cards.push(self.parse(number, entry.checksum, record)?);
        }
        Ok(cards)
    }

    fn read_at(&self, at: u64, buffer: &mut [u8]) -> Result<(), CardStoreError> {
        // A reader that panicked while holding the file left nothing half done in it: the
        // next read seeks first.
        let mut file = self.file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        file.seek(SeekFrom::Start(at)).and_then(|_| file.read_exact(buffer)).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => self.damaged("the file ends too soon".to_string()),
            _ => CardStoreError::Read { path: self.path.clone(), source: e },
        })
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

#[cfg(test)]
mod tests;
