//! Scryfall's bulk card data for `judge cards fetch`: the bulk-data listing, then the files it
//! points to for Oracle Cards and Rulings, each downloaded into an anonymous temporary file
//! (removed by the system when closed, whatever happens to `judge`), to be imported from there.

use super::address::Address;
use super::http::Client;
use super::{FetchError, Options};
use serde::Deserialize;
use std::fs::File;
use std::io::{Seek, SeekFrom};

/// The listing of Scryfall's bulk files.
pub const LISTING: &str = "https://api.scryfall.com/bulk-data";
/// A file bigger than this is not one of the bulk files: the bound of every card data file.
pub const BULK_LIMIT: u64 = crate::bounded_read::CARD_DATA;
/// The files fetched, by their `type` in the listing: the cards, one per Oracle id, then the
/// rulings.
const WANTED: [&str; 2] = ["oracle_cards", "rulings"];

#[derive(Deserialize)]
struct Listing {
    data: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    #[serde(rename = "type")]
    kind: String,
    download_uri: String,
    size: Option<u64>,
}

/// A downloaded bulk file.
#[derive(Debug)]
pub struct Downloaded {
    /// Where it came from, after redirections.
    pub address: Address,
    /// Its bytes, from the start.
    pub file: File,
    pub len: u64,
}

/// Downloads the listing at `listing`, then the Oracle Cards and Rulings files, in that order.
pub fn oracle_cards_and_rulings(listing: &str, options: &Options) -> Result<Vec<Downloaded>, FetchError> {
    let start = Address::parse(listing)?;
    let client = Client::new(options);
    let (listed_at, bytes) = client.get_json(&start)?;
    let not_listing = |reason: String| FetchError::NotListing { url: listed_at.text.clone(), reason };
    let listing: Listing = serde_json::from_slice(&bytes).map_err(|e| not_listing(e.to_string()))?;
    // Every address is checked before a byte of a file is downloaded.
    let mut wanted = Vec::with_capacity(WANTED.len());
    for kind in WANTED {
        let entry = listing
            .data
            .iter()
            .find(|e| e.kind == kind)
            .ok_or_else(|| FetchError::NoBulkFile { url: listed_at.text.clone(), kind })?;
        wanted.push((listed_at.follow(&entry.download_uri)?, entry.size));
    }
    let mut downloaded = Vec::with_capacity(wanted.len());
    for (address, size) in wanted {
        let mut file = tempfile::tempfile().map_err(|source| FetchError::Save { source })?;
        let (address, len) = client.download(&address, size, BULK_LIMIT, "card data file", &mut file)?;
        file.seek(SeekFrom::Start(0)).map_err(|source| FetchError::Save { source })?;
        downloaded.push(Downloaded { address, file, len });
    }
    Ok(downloaded)
}
