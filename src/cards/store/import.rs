//! `judge cards import`: card data files read and checked whole, merged with what the store
//! keeps, and written as a new store, all or nothing.
//!
//! Cards files replace the store's cards; rulings (a rulings file, or the rulings MTGJSON's
//! cards carry) replace its rulings. Cards imported without rulings keep the store's rulings,
//! attached again by Oracle id; rulings imported without cards go on the store's cards.

use super::error::{CardImportError, CardStoreError, RulingsLost};
use super::info::{ImportedFile, StoreInfo};
use super::{path, write, CardStore};
use crate::cards::data::{CardData, Ruling};
use crate::cards::import::{self, FileData};
use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// What an import's temporary file is named after (`atomic_file.rs`).
const TEMPORARY_PREFIX: &str = ".import-";

/// A file to import: its bytes, and how it is named.
pub struct Source {
    pub reader: Box<dyn Read>,
    /// Its size, when known, for the progress line.
    pub len: Option<u64>,
    /// How diagnostics name it: its path, or the address it was downloaded from.
    pub shown: String,
    /// Its file name, which the store records.
    pub file: String,
}

/// What an import did.
#[derive(Debug)]
pub struct Imported {
    /// Where the store is.
    pub path: PathBuf,
    /// The files of this import, as the store records them.
    pub files: Vec<ImportedFile>,
    /// What the store holds now.
    pub info: StoreInfo,
    /// Objects passed over as not game cards.
    pub skipped: usize,
    /// Rulings passed over as Scryfall's own notes.
    pub unofficial: usize,
    /// Rulings whose Oracle id names no card of the store.
    pub unmatched: usize,
    /// The store's rulings could not be kept for the new cards: the old store could not be read.
    pub rulings_lost: Option<RulingsLost>,
}

/// Imports card data files into the store of `data_dir`.
pub fn import(data_dir: &Path, files: &[PathBuf], progress: bool) -> Result<Imported, CardImportError> {
    let mut sources = Vec::with_capacity(files.len());
    for path in files {
        let shown = path.display().to_string();
        let read_error = |source| CardImportError::Read { file: shown.clone(), source };
        let file = File::open(path).map_err(read_error)?;
        let len = file.metadata().map_err(read_error)?.len();
        let name = path.file_name().map_or_else(|| shown.clone(), |n| n.to_string_lossy().into_owned());
        sources.push(Source { reader: Box::new(file), len: Some(len), shown, file: name });
    }
    import_sources(data_dir, sources, progress)
}

/// Imports card data from `sources`, as [`import`] does files.
pub fn import_sources(data_dir: &Path, sources: Vec<Source>, progress: bool) -> Result<Imported, CardImportError> {
    if sources.is_empty() {
        return Err(CardImportError::NoFiles);
    }
    let mut read = Vec::with_capacity(sources.len());
    for source in sources {
        let data = import::read(source.reader, &source.shown, source.len, progress)?;
        read.push((source.file, source.shown, data));
    }
    // From before the old store is read to after the new one is in place, so that two imports
    // cannot both build on the same old store.
    let _lock = crate::atomic_file::lock_store(data_dir);
    let mut merged = merge(data_dir, read)?;
    // Each card's Oracle text read once here, not at each scenario that names it.
    crate::cards::reading::read_all(&mut merged.cards);
    let target = path(data_dir);
    crate::atomic_file::write(&target, TEMPORARY_PREFIX, |out| write::write(&merged.imported.info, &merged.cards, out))
        .map_err(|source| CardImportError::Write { path: target.clone(), source })?;
    Ok(merged.imported)
}

struct Merged {
    cards: Vec<CardData>,
    imported: Imported,
}

/// The store's new cards and description, from the files read and the old store.
fn merge(data_dir: &Path, read: Vec<(String, String, FileData)>) -> Result<Merged, CardImportError> {
    let mut files = Vec::with_capacity(read.len());
    let (mut skipped, mut unofficial) = (0, 0);
    let mut new_cards: Option<Vec<CardData>> = None;
    let mut new_rulings: Option<HashMap<String, Vec<Ruling>>> = None;
    let mut first_rulings_file = None;
    let mut seen = HashSet::new();
    for (file, shown, data) in read {
        skipped += data.skipped;
        unofficial += data.unofficial;
        files.push(ImportedFile {
            kind: data.kind,
            date: data.date.clone().or_else(|| import::date_in_name(&file)),
            file,
            cards: data.cards.len(),
            rulings: data.ruling_count(),
        });
        if data.kind.has_rulings() {
            first_rulings_file.get_or_insert(shown);
            let rulings = new_rulings.get_or_insert_with(HashMap::new);
            for given in &data.rulings {
                rulings.entry(given.oracle_id.clone()).or_default().push(given.ruling.clone());
            }
            for card in &data.cards {
                if let Some(oracle_id) = &card.oracle_id {
                    rulings.entry(oracle_id.clone()).or_default().extend(card.rulings.iter().cloned());
                }
            }
        }
        if data.kind.has_cards() {
            let cards = new_cards.get_or_insert_with(Vec::new);
            // A card in two files (the same Oracle id) is taken from the first.
            cards.extend(
                data.cards.into_iter().filter(|c| c.oracle_id.as_ref().is_none_or(|id| seen.insert(id.clone()))),
            );
        }
    }
    // The old store is read only for what this import does not replace: a store that cannot be
    // read is replaced by an import of cards and rulings, and loses its rulings to one of cards.
    let (old_files, old_cards, rulings_lost) = if new_cards.is_none() || new_rulings.is_none() {
        match read_old(data_dir) {
            Ok(Some((files, cards))) => (files, Some(cards), None),
            Ok(None) => (Vec::new(), None, None),
            Err(source) if new_cards.is_some() => (Vec::new(), None, Some(RulingsLost { source })),
            Err(source) => {
                return Err(CardImportError::RulingsOnBadStore { file: first_rulings_file.unwrap_or_default(), source })
            }
        }
    } else {
        (Vec::new(), None, None)
    };
    let from_new = new_cards.is_some();
    // The old cards are kept only for their rulings when new cards replace them.
    let (mut cards, old_cards) = match (new_cards, old_cards) {
        (Some(mut cards), old) => {
            cards.sort_by(|a, b| (&a.name, &a.oracle_id).cmp(&(&b.name, &b.oracle_id)));
            (cards, old)
        }
        (None, Some(old)) => (old, None),
        (None, None) => {
            return Err(CardImportError::RulingsWithoutCards { file: first_rulings_file.unwrap_or_default() });
        }
    };
    let replaces_rulings = new_rulings.is_some();
    let rulings = new_rulings.unwrap_or_else(|| {
        let mut kept: HashMap<String, Vec<Ruling>> = HashMap::new();
        for card in old_cards.iter().flatten() {
            if let (Some(id), false) = (&card.oracle_id, card.rulings.is_empty()) {
                kept.entry(id.clone()).or_insert_with(|| card.rulings.clone());
            }
        }
        kept
    });
    let mut attached = HashSet::new();
    for card in &mut cards {
        match card.oracle_id.as_ref().and_then(|id| rulings.get_key_value(id)) {
            Some((id, given)) => {
                attached.insert(id.as_str());
                // One given twice (by two files) is kept once; then oldest first, rulings of one
                // day in the order they came.
                let mut seen = HashSet::new();
                card.rulings = given.iter().filter(|r| seen.insert((&r.date, &r.text))).cloned().collect();
                card.rulings.sort_by(|a, b| a.date.cmp(&b.date));
            }
            // A card without an Oracle id, which no rulings file can name, keeps those its own file
            // gave it (MTGJSON's), if any.
            None if card.oracle_id.is_none() && from_new => {}
            None => card.rulings.clear(),
        }
    }
    // Rulings kept from the old store for cards that are gone are not news; those of this import
    // that name no card are.
    let unmatched = if replaces_rulings {
        rulings.iter().filter(|(id, _)| !attached.contains(id.as_str())).map(|(_, r)| r.len()).sum()
    } else {
        0
    };
    let mut recorded: Vec<ImportedFile> =
        if from_new { &files } else { &old_files }.iter().filter(|f| f.kind.has_cards()).cloned().collect();
    // The files the rulings came from: a rulings file, or an MTGJSON file whose cards are gone
    // but whose rulings were kept.
    for file in if replaces_rulings { &files } else { &old_files } {
        if file.kind.has_rulings() && !recorded.contains(file) {
            recorded.push(file.clone());
        }
    }
    let info = StoreInfo { files: recorded, cards: cards.len(), rulings: cards.iter().map(|c| c.rulings.len()).sum() };
    let imported = Imported { path: path(data_dir), files, info, skipped, unofficial, unmatched, rulings_lost };
    Ok(Merged { cards, imported })
}

/// What an import keeps of the old store: the files it recorded, and its cards.
type Kept = (Vec<ImportedFile>, Vec<CardData>);

/// The old store's files and cards; `None` when there is none.
fn read_old(data_dir: &Path) -> Result<Option<Kept>, CardStoreError> {
    let Some(old) = CardStore::open(data_dir)? else { return Ok(None) };
    Ok(Some((old.info().files.clone(), old.cards()?)))
}

#[cfg(test)]
mod tests {
    use super::super::FileKind;
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cards").join(name)
    }

    /// MTGJSON's rulings and Scryfall's, given together, are the same rulings: each is kept once,
    /// oldest first.
    #[test]
    fn a_ruling_given_by_two_files_is_kept_once() {
        let dir = tempfile::tempdir().unwrap();
        let files = [fixture("AtomicCards.json"), fixture("rulings-20260105100200.json")];
        let imported = import(dir.path(), &files, false).unwrap();
        let store = CardStore::open(dir.path()).unwrap().unwrap();
        let goyf = store.find("tarmogoyf").unwrap().unwrap();
        let dates: Vec<&str> = goyf.rulings.iter().map(|r| r.date.as_str()).collect();
        assert_eq!(dates, ["2008-04-01", "2021-03-19"]);
        let kinds: Vec<FileKind> = imported.info.files.iter().map(|f| f.kind).collect();
        assert_eq!(kinds, [FileKind::MtgjsonAtomicCards, FileKind::ScryfallRulings]);
        assert!(matches!(import(dir.path(), &[], false), Err(CardImportError::NoFiles)));
    }

    /// An import waits for the lock another holds, and writes only once it is let go.
    #[test]
    fn an_import_waits_for_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let held = crate::atomic_file::lock_store(dir.path());
        let (done, finished) = mpsc::channel();
        let data_dir = dir.path().to_path_buf();
        let importer = std::thread::spawn(move || {
            let source = Source {
                reader: Box::new(&br#"[{"object":"card","name":"Opt","type_line":"Instant"}]"#[..]),
                len: None,
                shown: "opt.json".to_string(),
                file: "opt.json".to_string(),
            };
            let imported = import_sources(&data_dir, vec![source], false).map(|i| i.info.cards);
            done.send(imported.map_err(|e| e.to_string())).unwrap();
        });
        assert!(finished.recv_timeout(Duration::from_millis(300)).is_err(), "still waiting");
        assert!(!path(dir.path()).exists());
        drop(held);
        assert_eq!(finished.recv_timeout(Duration::from_secs(10)).unwrap(), Ok(1));
        importer.join().unwrap();
        assert!(path(dir.path()).exists());
    }
}
