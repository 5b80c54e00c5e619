//! The indexes on disk: `<data_dir>/index/<edition>-<fingerprint>/`, one per edition.
//!
//! An index is built in a temporary directory beside its final place and moved there with one
//! rename, so the final directory is either absent or complete: a crash mid-build leaves only a
//! temporary directory, which is ignored and later removed. When two `judge` processes build at
//! once, one rename wins and the other process uses the winner's index. An index that cannot be
//! read is removed and built again; one of another fingerprint (the rules or `judge` changed)
//! is removed once the new one is in place.

use super::analyzer;
use super::build;
use super::error::SearchError;
use super::fingerprint::index_fingerprint;
use super::index::{BuildReason, Origin, SearchIndex};
use super::schema;
use crate::corpus::{Edition, Lang, Outline};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};
use tantivy::Index;

/// Temporary directories start with this, then the name of the index they are building.
const TEMP_PREFIX: &str = ".tmp-";

/// A temporary directory older than this belongs to a build that died: a build takes seconds.
const STALE_TEMP: Duration = Duration::from_secs(10 * 60);

/// How many times to find, build or take an index before deciding it keeps changing.
const ATTEMPTS: usize = 4;

/// What finds an edition's index and checks it: the edition's name, language and rule count, and
/// the fingerprint of the index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexKey {
    pub name: String,
    pub lang: Lang,
    pub rule_count: usize,
    pub fingerprint: String,
}

impl IndexKey {
    pub fn of(edition: &Edition) -> IndexKey {
        IndexKey::of_outline(&Outline::of(edition))
    }

    pub fn of_outline(outline: &Outline) -> IndexKey {
        IndexKey {
            name: outline.name().to_string(),
            lang: outline.lang(),
            rule_count: outline.rule_count,
            fingerprint: index_fingerprint(&outline.content),
        }
    }

    fn dir_name(&self) -> String {
        format!("{}-{}", self.name, self.fingerprint)
    }
}

/// Where the index of an edition lives (or will live) under a data directory.
pub fn index_dir(data_dir: &Path, edition: &Edition) -> PathBuf {
    data_dir.join("index").join(IndexKey::of(edition).dir_name())
}

/// The index of an edition when it is on disk, whole and current; `None` when it must be built
/// ([`open_or_build`], which needs the whole edition). Nothing is written.
pub fn open_built(data_dir: &Path, key: &IndexKey) -> Option<SearchIndex> {
    let dir = data_dir.join("index").join(key.dir_name());
    open_existing(&dir, key, Origin::Reused).ok()
}

/// Opens the edition's index under `data_dir`, building it first when it is missing, outdated
/// or unreadable. [`SearchIndex::origin`] tells which happened.
pub fn open_or_build(data_dir: &Path, edition: &Edition) -> Result<SearchIndex, SearchError> {
    let parent = data_dir.join("index");
    fs::create_dir_all(&parent).map_err(io_error("create the index directory", &parent))?;
    let key = IndexKey::of(edition);
    let name = key.dir_name();
    let target = parent.join(&name);
    let mut built: Option<BuildReason> = None;
    let mut corrupt = false;
    for _ in 0..ATTEMPTS {
        if exists(&target)? {
            if let Ok(index) = open_existing(&target, &key, built.map_or(Origin::Reused, Origin::Built)) {
                remove_others(&parent, edition, &name);
                return Ok(index);
            }
            remove_dir(&target)?;
            corrupt = true;
        }
        let reason = if corrupt {
            BuildReason::Corrupt
        } else if others(&parent, edition, &name).is_empty() {
            BuildReason::FirstUse
        } else {
            BuildReason::Outdated
        };
        let temp = build_in_temp(&parent, &name, edition)?;
        built = Some(reason);
        match fs::rename(&temp, &target) {
            Ok(()) => sync_dir(&parent),
            // Another process moved its complete index in first: take that one.
            Err(_) if exists(&target)? => remove_dir(&temp)?,
            Err(e) => {
                let _ = fs::remove_dir_all(&temp);
                return Err(SearchError::Io { action: "move the new index to", path: target, source: e });
            }
        }
    }
    Err(SearchError::Unstable { path: target })
}

/// Builds the edition's index anew and puts it in place of the current one, if any.
pub fn rebuild(data_dir: &Path, edition: &Edition) -> Result<SearchIndex, SearchError> {
    let parent = data_dir.join("index");
    fs::create_dir_all(&parent).map_err(io_error("create the index directory", &parent))?;
    let key = IndexKey::of(edition);
    let name = key.dir_name();
    let target = parent.join(&name);
    let temp = build_in_temp(&parent, &name, edition)?;
    for _ in 0..ATTEMPTS {
        // Out of the way first: a directory cannot be renamed onto one that is not empty.
        let old = temp_path(&parent, &name);
        match fs::rename(&target, &old) {
            Ok(()) => remove_dir(&old)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(SearchError::Io { action: "move the old index away from", path: target, source: e }),
        }
        if fs::rename(&temp, &target).is_ok() {
            sync_dir(&parent);
            remove_others(&parent, edition, &name);
            return open_existing(&target, &key, Origin::Built(BuildReason::Forced))
                .map_err(|source| SearchError::Build { edition: edition.name().to_string(), source });
        }
        // Another process put an index there between the two renames: replace it again.
    }
    let _ = fs::remove_dir_all(&temp);
    Err(SearchError::Unstable { path: target })
}

/// Opens an index directory and checks that it is whole and holds this edition with the
/// current schema; any failure means it must be built again.
fn open_existing(dir: &Path, key: &IndexKey, origin: Origin) -> tantivy::Result<SearchIndex> {
    let index = Index::open_in_dir(dir)?;
    analyzer::register(&index);
    let unreadable =
        |what: String| tantivy::TantivyError::InvalidArgument(format!("index at `{}`: {what}", dir.display()));
    if index.schema() != schema::build(key.lang).0 {
        return Err(unreadable("schema differs".into()));
    }
    let damaged = index.validate_checksum()?;
    if !damaged.is_empty() {
        return Err(unreadable(format!("{} damaged files", damaged.len())));
    }
    let opened = SearchIndex::open(index, key.lang, origin, Some(dir.to_path_buf()))?;
    if opened.rule_count() != key.rule_count as u64 {
        return Err(unreadable(format!("{} rules instead of {}", opened.rule_count(), key.rule_count)));
    }
    Ok(opened)
}

/// Builds the edition's index in a new temporary directory of `parent` and returns it.
fn build_in_temp(parent: &Path, name: &str, edition: &Edition) -> Result<PathBuf, SearchError> {
    let temp = temp_path(parent, name);
    fs::create_dir(&temp).map_err(io_error("create a temporary index directory", &temp))?;
    match build::create(Some(&temp), edition) {
        // Dropped here: it is opened again from its final place.
        Ok(_index) => Ok(temp),
        Err(source) => {
            let _ = fs::remove_dir_all(&temp);
            Err(SearchError::Build { edition: edition.name().to_string(), source })
        }
    }
}

/// A temporary directory name no other thread or process uses: process id, a counter, and the
/// time, for a process id reused after a crash.
fn temp_path(parent: &Path, name: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    parent.join(format!("{TEMP_PREFIX}{name}-{}-{count}-{nanos}", std::process::id()))
}

/// The edition's other index directories: other fingerprints.
fn others(parent: &Path, edition: &Edition, keep: &str) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(parent) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|entry| {
            let file_name = entry.file_name();
            let name = file_name.to_string_lossy();
            name != keep && is_index_of(&name, edition.name())
        })
        .map(|entry| entry.path())
        .collect()
}

/// Removes the edition's outdated indexes and the temporary directories of builds that died.
/// Best effort: a directory another process still reads is gone from the listing on Unix but
/// stays readable to it, and one that cannot be removed now will be next time.
fn remove_others(parent: &Path, edition: &Edition, keep: &str) {
    for dir in others(parent, edition, keep) {
        let _ = fs::remove_dir_all(dir);
    }
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        if !is_temp_of(&entry.file_name().to_string_lossy(), edition.name()) {
            continue;
        }
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|modified| modified.elapsed().ok())
            .is_some_and(|age| age > STALE_TEMP);
        if stale {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// `fr-2011-02-04-0123456789abcdef` is an index of `fr-2011-02-04`; `fr-2011-02-04-x-…` is not.
fn is_index_of(dir_name: &str, edition: &str) -> bool {
    dir_name
        .strip_prefix(edition)
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(|hex| hex.len() == 16 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
}

/// `.tmp-fr-2011-02-04-0123456789abcdef-…` is a temporary directory of `fr-2011-02-04`.
fn is_temp_of(dir_name: &str, edition: &str) -> bool {
    dir_name
        .strip_prefix(TEMP_PREFIX)
        .and_then(|rest| rest.get(..edition.len() + 17).zip(rest.get(edition.len() + 17..)))
        .is_some_and(|(index_name, suffix)| is_index_of(index_name, edition) && suffix.starts_with('-'))
}

fn exists(path: &Path) -> Result<bool, SearchError> {
    path.try_exists().map_err(io_error("look for", path))
}

/// Removes an index directory, or a file that stands where one should be: either way it is in
/// the way of the index to build.
fn remove_dir(path: &Path) -> Result<(), SearchError> {
    let removed = match fs::symlink_metadata(path) {
        Ok(metadata) if !metadata.is_dir() => fs::remove_file(path),
        _ => fs::remove_dir_all(path),
    };
    match removed {
        Err(e) if e.kind() != io::ErrorKind::NotFound => {
            Err(SearchError::Io { action: "remove", path: path.to_path_buf(), source: e })
        }
        _ => Ok(()),
    }
}

/// Makes a rename in `dir` durable. Best effort: not every file system lets a directory be synced.
fn sync_dir(dir: &Path) {
    if let Ok(handle) = fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}

fn io_error<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> SearchError + 'a {
    move |source| SearchError::Io { action, path: path.to_path_buf(), source }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_directories_are_recognised_by_edition_and_fingerprint() {
        assert!(is_index_of("fr-2011-02-04-0123456789abcdef", "fr-2011-02-04"));
        assert!(!is_index_of("fr-2011-02-04-0123456789abcdef", "fr-2011"));
        assert!(!is_index_of("fr-2011-02-04-0123456789ABCDEF", "fr-2011-02-04"));
        assert!(!is_index_of("fr-2011-02-04-x-0123456789abcdef", "fr-2011-02-04"));
        assert!(!is_index_of("fr-2011-02-04", "fr-2011-02-04"));
        assert!(is_temp_of(".tmp-fr-2011-02-04-0123456789abcdef-12-0-5", "fr-2011-02-04"));
        assert!(!is_temp_of(".tmp-fr-2011-02-04-0123456789abcdef-12-0-5", "fr-2011"));
        assert!(!is_temp_of("fr-2011-02-04-0123456789abcdef", "fr-2011-02-04"));
    }
}
