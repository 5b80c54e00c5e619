//! The indexes on disk: `<data_dir>/index/<edition>-<fingerprint>/`, one per edition.
//!
//! An index is built in a temporary directory beside its final place and moved there with one
//! rename, so the final directory is either absent or complete: a crash mid-build leaves only a
//! temporary directory, which is ignored and later removed. Builds hold the store's lock
//! (`atomic_file.rs`), so a process that waited for another's build uses the index it built; where
//! no lock can be taken, two builds may run at once, one rename wins and the other process uses the
//! winner's index. A damaged index is
//! replaced by a new one once that one is built; one of another fingerprint (the rules or `judge`
//! changed) is removed once the new one is in place.
//!
//! Reading never writes ([`ReadOnlyDir`]), so a store the user may only read (a system-wide
//! install, a shared directory) serves searches. An index that cannot be opened for any other
//! reason than damage (no right to read it, an I/O error) is never deleted: the caller gets
//! [`SearchError::Unreadable`], and [`SearchError::Unwritable`] when one must be built where it
//! may not be; a search then builds one in memory.

use super::analyzer;
use super::build;
use super::error::{is_permission, SearchError};
use super::fingerprint::index_fingerprint;
use super::index::{BuildReason, Origin, SearchIndex};
use super::readonly_dir::ReadOnlyDir;
use super::schema;
use crate::corpus::{Edition, Lang, Outline};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};
use tantivy::directory::error::{OpenDirectoryError, OpenReadError};
use tantivy::{Index, TantivyError};

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
/// or damaged. [`SearchIndex::origin`] tells which happened. An index that cannot be opened for
/// another reason is left alone ([`SearchError::Unreadable`]), and so is a damaged one when no
/// new one can be built in its place ([`SearchError::Unwritable`]).
pub fn open_or_build(data_dir: &Path, edition: &Edition) -> Result<SearchIndex, SearchError> {
    let parent = data_dir.join("index");
    let key = IndexKey::of(edition);
    let name = key.dir_name();
    let target = parent.join(&name);
    let mut built: Option<BuildReason> = None;
    for _ in 0..ATTEMPTS {
        let damaged = exists(&target)?
            && match open_existing(&target, &key, built.map_or(Origin::Reused, Origin::Built)) {
                Ok(index) => {
                    remove_others(&parent, edition, &name);
                    return Ok(index);
                }
                Err(OpenFailure::Unreadable(error)) => {
                    return Err(SearchError::Unreadable { path: target, source: io_cause(error) })
                }
                Err(OpenFailure::Damaged(_)) => true,
            };
        fs::create_dir_all(&parent).map_err(write_error("create the index directory", &parent))?;
        let _lock = crate::atomic_file::lock_store(data_dir);
        // Built by another process while this one waited for the lock: that one is used.
        if exists(&target)? {
            if let Ok(index) = open_existing(&target, &key, built.map_or(Origin::Reused, Origin::Built)) {
                remove_others(&parent, edition, &name);
                return Ok(index);
            }
        }
        let reason = if damaged {
            BuildReason::Corrupt
        } else if others(&parent, edition, &name).is_empty() {
            BuildReason::FirstUse
        } else {
            BuildReason::Outdated
        };
        // Built before anything is removed: a store where no new index can be built keeps the
        // damaged one, which may be someone else's to look at.
        let temp = build_in_temp(&parent, &name, edition)?;
        built = Some(reason);
        if damaged {
            put_in_place(&parent, &name, &temp)?;
            continue;
        }
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
    fs::create_dir_all(&parent).map_err(write_error("create the index directory", &parent))?;
    let _lock = crate::atomic_file::lock_store(data_dir);
    let key = IndexKey::of(edition);
    let name = key.dir_name();
    let target = parent.join(&name);
    let temp = build_in_temp(&parent, &name, edition)?;
    put_in_place(&parent, &name, &temp)?;
    remove_others(&parent, edition, &name);
    open_existing(&target, &key, Origin::Built(BuildReason::Forced)).map_err(|failure| match failure {
        OpenFailure::Damaged(source) => SearchError::Build { edition: edition.name().to_string(), source },
        OpenFailure::Unreadable(error) => SearchError::Unreadable { path: target.clone(), source: io_cause(error) },
    })
}

/// Moves the index built in `temp` to its place in `parent`, the one there (if any) out of the
/// way first and then removed.
fn put_in_place(parent: &Path, name: &str, temp: &Path) -> Result<(), SearchError> {
    let target = parent.join(name);
    for _ in 0..ATTEMPTS {
        // Out of the way first: a directory cannot be renamed onto one that is not empty.
        let old = temp_path(parent, name);
        match fs::rename(&target, &old) {
            Ok(()) => remove_dir(&old)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                let _ = fs::remove_dir_all(temp);
                return Err(if is_permission(&e) {
                    SearchError::Unwritable { path: parent.to_path_buf(), source: e }
                } else {
                    SearchError::Io { action: "move the old index away from", path: target, source: e }
                });
            }
        }
        if fs::rename(temp, &target).is_ok() {
            sync_dir(parent);
            return Ok(());
        }
        // Another process put an index there between the two renames: replace it again.
    }
    let _ = fs::remove_dir_all(temp);
    Err(SearchError::Unstable { path: target })
}

/// Why an index directory could not be opened.
enum OpenFailure {
    /// Damaged, incomplete, or not this edition's or this schema's: to be built again.
    Damaged(TantivyError),
    /// Anything else (no right to read it, an I/O error): it may be whole, so it is kept.
    Unreadable(TantivyError),
}

impl From<TantivyError> for OpenFailure {
    fn from(error: TantivyError) -> Self {
        if is_damage(&error) {
            OpenFailure::Damaged(error)
        } else {
            OpenFailure::Unreadable(error)
        }
    }
}

/// Whether an error opening an index says that the index itself is wrong, so that replacing it
/// loses nothing. Only what the files say counts: an error of the system (permissions, I/O) says
/// nothing about them.
fn is_damage(error: &TantivyError) -> bool {
    let damaged_io = |e: &io::Error| matches!(e.kind(), io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof);
    match error {
        TantivyError::DataCorruption(_)
        | TantivyError::IncompatibleIndex(_)
        | TantivyError::SchemaError(_)
        | TantivyError::DeserializeError(_)
        | TantivyError::FieldNotFound(_)
        | TantivyError::OpenReadError(OpenReadError::FileDoesNotExist(_) | OpenReadError::IncompatibleIndex(_))
        | TantivyError::OpenDirectoryError(
            OpenDirectoryError::NotADirectory(_) | OpenDirectoryError::DoesNotExist(_),
        ) => true,
        TantivyError::OpenReadError(OpenReadError::IoError { io_error, .. }) => damaged_io(io_error),
        TantivyError::IoError(io_error) => damaged_io(io_error),
        _ => false,
    }
}

/// The system's error under tantivy's, which a judge can act on (`Permission denied`); tantivy's
/// own when there is none.
fn io_cause(error: TantivyError) -> io::Error {
    let io = match &error {
        TantivyError::IoError(e)
        | TantivyError::OpenReadError(OpenReadError::IoError { io_error: e, .. })
        | TantivyError::OpenDirectoryError(OpenDirectoryError::IoError { io_error: e, .. }) => Some(e),
        _ => None,
    };
    match io {
        Some(e) => io::Error::new(e.kind(), e.to_string()),
        None => io::Error::other(error.to_string()),
    }
}

/// Opens an index directory for reading only and checks that it is whole and holds this edition
/// with the current schema.
fn open_existing(dir: &Path, key: &IndexKey, origin: Origin) -> Result<SearchIndex, OpenFailure> {
    let directory = ReadOnlyDir::open(dir).map_err(TantivyError::from)?;
    let index = Index::open(directory)?;
    analyzer::register(&index);
    let damaged = |what: String| {
        OpenFailure::Damaged(TantivyError::InvalidArgument(format!("index at `{}`: {what}", dir.display())))
    };
    if index.schema() != schema::build(key.lang).0 {
        return Err(damaged("schema differs".into()));
    }
    let corrupt = index.validate_checksum()?;
    if !corrupt.is_empty() {
        return Err(damaged(format!("{} damaged files", corrupt.len())));
    }
    let opened = SearchIndex::open(index, key.lang, origin, Some(dir.to_path_buf()))?;
    if opened.rule_count() != key.rule_count as u64 {
        return Err(damaged(format!("{} rules instead of {}", opened.rule_count(), key.rule_count)));
    }
    Ok(opened)
}

/// Builds the edition's index in a new temporary directory of `parent` and returns it.
fn build_in_temp(parent: &Path, name: &str, edition: &Edition) -> Result<PathBuf, SearchError> {
    let temp = temp_path(parent, name);
    fs::create_dir(&temp).map_err(write_error("create a temporary index directory", &temp))?;
    let built = build::create(Some(&temp), edition)
        .map_err(|source| SearchError::Build { edition: edition.name().to_string(), source })
        .and_then(|_index| readable_as_directory(&temp).map_err(io_error("set the permissions in", &temp)));
    match built {
        // The index is dropped: it is opened again from its final place.
        Ok(()) => Ok(temp),
        Err(error) => {
            let _ = fs::remove_dir_all(&temp);
            Err(error)
        }
    }
}

/// Gives the index's files the read permissions of their directory (made under the user's
/// umask). Tantivy writes `meta.json` and `.managed.json` through temporary files, which are
/// private to their owner: an index built by one user (a system-wide install) would be
/// unreadable to every other.
fn readable_as_directory(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(dir)?.permissions().mode() & 0o666;
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            fs::set_permissions(entry.path(), fs::Permissions::from_mode(mode))?;
        }
    }
    Ok(())
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

/// [`io_error`], but a refusal to write is said to be one, with the directory refused.
fn write_error<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> SearchError + 'a {
    move |source| {
        if is_permission(&source) {
            let refused = path.parent().filter(|_| !path.exists()).unwrap_or(path);
            SearchError::Unwritable { path: refused.to_path_buf(), source }
        } else {
            SearchError::Io { action, path: path.to_path_buf(), source }
        }
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
