//! The placement of the concepts in an edition, computed once and kept with it:
//! `<data_dir>/citations/<edition>-<key>.json`, where the key changes with the edition's content,
//! the citation table and the placing code, so that a stale placement is never read.
//!
//! The file is written to a temporary name and renamed in, so it is either absent or whole. A
//! store that cannot be written, or a file that cannot be read, costs only the time to place the
//! concepts again: nothing here fails a command.

use super::place::{place, Hints};
use super::placement::Placement;
use super::table::{table, TABLE};
use crate::corpus::Edition;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Bump when `place` changes what it finds, so that kept placements are computed again.
const PLACE_VERSION: u32 = 2;
const DIRECTORY: &str = "citations";

/// The edition's placement: read from the data directory when it is there and current, else
/// computed (and kept there when the directory can be written).
pub fn placement(data_dir: Option<&Path>, edition: &Edition) -> Placement {
    let Some(dir) = data_dir.map(|d| d.join(DIRECTORY)) else {
        return place(edition, table(), Hints::Use);
    };
    let file = dir.join(format!("{}-{}.json", edition.name(), key(edition)));
    if let Some(kept) = fs::read(&file).ok().and_then(|bytes| serde_json::from_slice::<Placement>(&bytes).ok()) {
        return kept;
    }
    let placement = place(edition, table(), Hints::Use);
    // Best effort: a read-only store keeps nothing, and the placement is still right.
    let _ = keep(&dir, &file, edition.name(), &placement);
    placement
}

fn key(edition: &Edition) -> String {
    let mut hash = crate::search::Xxh64::new(0);
    hash.update(&PLACE_VERSION.to_le_bytes());
    hash.update(TABLE.as_bytes());
    hash.update(&[0]);
    hash.update(crate::search::fingerprint(edition).as_bytes());
    format!("{:016x}", hash.finish())
}

fn keep(dir: &Path, file: &Path, edition: &str, placement: &Placement) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(&serde_json::to_vec(placement).map_err(std::io::Error::other)?)?;
    temp.persist(file).map_err(|e| e.error)?;
    // Placements of an earlier content or table of this edition will not be read again.
    for old in others(dir, edition, file) {
        let _ = fs::remove_file(old);
    }
    Ok(())
}

fn others(dir: &Path, edition: &str, keep: &Path) -> Vec<PathBuf> {
    let prefix = format!("{edition}-");
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p != keep)
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.strip_prefix(&prefix)
                    .and_then(|rest| rest.strip_suffix(".json"))
                    .is_some_and(|k| k.len() == 16 && k.bytes().all(|b| b.is_ascii_hexdigit()))
            })
        })
        .collect()
}
