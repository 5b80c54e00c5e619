//! Alignments kept in the data directory: `align/<old>-<new>-v<version>.json`, named by the
//! content fingerprints of both editions (the one the search index is keyed by, without the
//! index's own version) and the algorithm's version, so a cached alignment is never stale.
//!
//! The cache only saves time: a file that cannot be read, whose checksum is wrong (`seal.rs`) or
//! that does not hold a whole alignment of these two editions is ignored and the alignment
//! computed again, and a directory that cannot be written is passed over in silence. A file is
//! written beside its final place and renamed there, so a reader never sees half of one.

use super::{align, Alignment, Change, ALGORITHM_VERSION};
use crate::atomic_file;
use crate::corpus::fingerprint::content_fingerprint;
use crate::corpus::seal::{seal, unseal};
use crate::corpus::Edition;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const DIRECTORY: &str = "align";

/// Whether an alignment was read from the cache or computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Cached,
    Computed,
}

#[derive(Serialize, Deserialize)]
struct CacheFile {
    version: u32,
    old: String,
    new: String,
    changes: Vec<Change>,
}

/// The alignment of `old` to `new`: from the cache under `data_dir` when it is there, else
/// computed and, when `data_dir` is given and writable, cached.
pub fn aligned(data_dir: Option<&Path>, old: &Edition, new: &Edition) -> (Alignment, Origin) {
    let Some(data_dir) = data_dir else {
        return (align(old, new), Origin::Computed);
    };
    let (old_print, new_print) = (content_fingerprint(old), content_fingerprint(new));
    let path = path(data_dir, &old_print, &new_print);
    if let Some(changes) = read(&path, &old_print, &new_print, old, new) {
        return (Alignment::new(old.name().to_string(), new.name().to_string(), changes), Origin::Cached);
    }
    let alignment = align(old, new);
    let file =
        CacheFile { version: ALGORITHM_VERSION, old: old_print, new: new_print, changes: alignment.changes().to_vec() };
    // Best effort: a read-only command must not fail because its cache cannot be written.
    let _lock = atomic_file::lock_store(data_dir);
    let _ = write(&path, &file);
    (alignment, Origin::Computed)
}

/// Where the alignment of two editions of these fingerprints is cached.
pub fn path(data_dir: &Path, old: &str, new: &str) -> PathBuf {
    data_dir.join(DIRECTORY).join(format!("{old}-{new}-v{ALGORITHM_VERSION}.json"))
}

fn read(path: &Path, old_print: &str, new_print: &str, old: &Edition, new: &Edition) -> Option<Vec<Change>> {
    let bytes = crate::bounded_read::read_regular(path, crate::bounded_read::CACHE).ok()?;
    let file: CacheFile = serde_json::from_slice(unseal(&bytes)?).ok()?;
    let fits = file.version == ALGORITHM_VERSION && file.old == old_print && file.new == new_print;
    (fits && covers(&file.changes, old, new)).then_some(file.changes)
}

/// Every rule of each edition in exactly one change, and no other rule: what any alignment holds,
/// and what a damaged file that still parses does not.
fn covers(changes: &[Change], old: &Edition, new: &Edition) -> bool {
    let olds: Vec<_> = changes.iter().flat_map(|c| c.old.iter().copied()).collect();
    let news: Vec<_> = changes.iter().flat_map(|c| c.new.iter().copied()).collect();
    let distinct = |ids: &[crate::corpus::RuleId]| ids.iter().collect::<BTreeSet<_>>().len() == ids.len();
    olds.len() == old.rule_count()
        && news.len() == new.rule_count()
        && distinct(&olds)
        && distinct(&news)
        && olds.iter().all(|&id| old.get(id).is_some())
        && news.iter().all(|&id| new.get(id).is_some())
}

fn write(path: &Path, file: &CacheFile) -> std::io::Result<()> {
    let sealed = seal(serde_json::to_vec(file).map_err(std::io::Error::other)?);
    atomic_file::write(path, ".align-", |out| out.write_all(&sealed))
}
