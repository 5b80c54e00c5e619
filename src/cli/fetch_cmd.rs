//! `judge corpus fetch`: download the rules text (`crate::fetch`), then import it as
//! `judge corpus import` does a file, all or nothing.

use super::config::names_embedded;
use crate::corpus::store::{valid_name, ImportError, ImportOptions, Imported, Store};
use crate::fetch::{self, FetchError, Options, Timeouts};
use std::time::Duration;

/// Overrides every network wait, in milliseconds: for the tests' servers that never answer. Not
/// documented to users, who have no reason to wait less than the defaults.
const TIMEOUT_VARIABLE: &str = "JUDGE_FETCH_TIMEOUT_MS";

/// Downloads from `url` (the publisher's rules page by default) and imports; returns the address
/// the text came from and what was imported.
pub fn run(
    url: Option<&str>,
    edition: Option<&str>,
    options: ImportOptions,
    store: &Store,
) -> miette::Result<(String, Imported)> {
    // A name that would be refused is refused before a download is spent on it.
    if let Some(name) = edition {
        if names_embedded(name) {
            return Err(ImportError::Reserved { name: name.to_string() }.into());
        }
        if !valid_name(name) {
            return Err(ImportError::BadName { name: name.to_string() }.into());
        }
    }
    let download = Options { timeouts: timeouts(), progress: true };
    let fetched = fetch::rules_text(url.unwrap_or(fetch::RULES_PAGE), &download)?;
    let from = fetched.address.text.clone();
    let file = fetched.address.file_name().unwrap_or_else(|| "MagicCompRules.txt".to_string());
    let imported = store.import_bytes(&fetched.bytes, &from, &file, edition, options).map_err(|e| match e {
        // What came is not a rules text: the page changed, or the address is not the rules'.
        ImportError::Decode { .. } | ImportError::Parse(_) => {
            miette::Report::new(FetchError::NotRules { url: from.clone(), problems: Box::new(e) })
        }
        e => miette::Report::new(e),
    })?;
    Ok((from, imported))
}

pub(super) fn timeouts() -> Timeouts {
    std::env::var(TIMEOUT_VARIABLE)
        .ok()
        .and_then(|ms| ms.trim().parse::<u64>().ok())
        .filter(|&ms| ms > 0)
        .map_or_else(Timeouts::default, |ms| Timeouts::all(Duration::from_millis(ms)))
}
