//! The imported cards of a data directory as a scenario or a search reads them: the store is
//! opened on first use, so that a scenario that names only library cards never reads it.

use super::{path, CardStore};
use crate::cards::data::CardData;
use crate::cards::Imported;
use miette::Diagnostic;
use std::path::PathBuf;
use std::sync::OnceLock;

pub struct StoreCards {
    path: PathBuf,
    opened: OnceLock<Result<Option<CardStore>, String>>,
}

impl StoreCards {
    /// The store of the data directory, when card data was imported there.
    pub fn of(data_dir: &std::path::Path) -> Option<StoreCards> {
        let path = path(data_dir);
        path.exists().then(|| StoreCards { path, opened: OnceLock::new() })
    }

    /// The store, opened now if need be; an error says why it cannot be read and what to do.
    pub fn store(&self) -> Result<Option<&CardStore>, String> {
        let opened = self.opened.get_or_init(|| CardStore::open_file(&self.path).map_err(|e| said(&e)));
        opened.as_ref().map(Option::as_ref).map_err(Clone::clone)
    }
}

/// An error and its help, in one sentence.
fn said(error: &(impl Diagnostic + std::fmt::Display)) -> String {
    match error.help() {
        Some(help) => format!("{error}: {help}"),
        None => error.to_string(),
    }
}

impl Imported for StoreCards {
    fn find(&self, folded: &str) -> Result<Option<CardData>, String> {
        match self.store()? {
            Some(store) => store.find(folded).map_err(|e| said(&e)),
            None => Ok(None),
        }
    }

    /// A damaged part of the index ends the names: `find` says what is damaged.
    fn names(&self) -> Box<dyn Iterator<Item = (&str, &str)> + '_> {
        match self.store() {
            Ok(Some(store)) => Box::new(store.keys().map_while(Result::ok).map(|(folded, shown, _)| (folded, shown))),
            _ => Box::new(std::iter::empty()),
        }
    }

    fn names_from(&self, prefix: &str) -> Box<dyn Iterator<Item = Result<(&str, &str), String>> + '_> {
        match self.store() {
            Ok(Some(store)) => Box::new(
                store.keys_from(prefix).map(|key| key.map(|(folded, shown, _)| (folded, shown)).map_err(|e| said(&e))),
            ),
            Ok(None) => Box::new(std::iter::empty()),
            Err(error) => Box::new(std::iter::once(Err(error))),
        }
    }
}
