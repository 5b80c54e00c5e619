//! Files of the data directory written whole or not at all.
//!
//! A file is written to a temporary name beside its final place, synced, and renamed there, which
//! replaces an older file of the same name in one step: a reader sees the old file or the new
//! one, never half of one. A writer holds a lock on its temporary file while it writes it, so the
//! temporary file of a process that was killed can be told from one being written: the next
//! write in that directory finds it unlocked and removes it.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

const SUFFIX: &str = ".tmp";

/// An empty temporary file younger than this may have been created an instant ago by a writer
/// that has not locked it yet; it is left for a later write.
const JUST_CREATED: Duration = Duration::from_secs(60);

/// Writes a file at `path` with `write`, through a temporary file named `<prefix>…<SUFFIX>` in
/// the same directory, which is created if needed. Leftovers of writers that died, of the same
/// prefix, are removed first.
pub(crate) fn write(path: &Path, prefix: &str, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let directory = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(directory)?;
    remove_leftovers(directory, prefix);
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix).suffix(SUFFIX);
    // Temporary files are private by default; a stored file is an ordinary file, as readable as
    // the umask lets any new file be.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut temporary = builder.tempfile_in(directory)?;
    temporary.as_file().lock()?;
    let mut writer = BufWriter::new(temporary.as_file_mut());
    write(&mut writer)?;
    writer.flush()?;
    drop(writer);
    // On disk before the rename, so that a crash cannot leave a renamed but empty file.
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|e| e.error)?;
    sync_directory(directory);
    Ok(())
}

/// Removes the temporary files of `prefix` in `directory` that no writer holds. Best effort: one
/// that cannot be removed now will be at a later write.
fn remove_leftovers(directory: &Path, prefix: &str) {
    let Ok(entries) = fs::read_dir(directory) else { return };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(prefix) && name.ends_with(SUFFIX)) {
            continue;
        }
        let path = entry.path();
        let Ok(file) = fs::File::open(&path) else { continue };
        let Ok(metadata) = file.metadata() else { continue };
        let young = metadata.modified().ok().and_then(|m| m.elapsed().ok()).is_none_or(|age| age < JUST_CREATED);
        if !metadata.is_file() || (metadata.len() == 0 && young) {
            continue;
        }
        // Locked: a writer is still at work on it.
        if file.try_lock().is_ok() {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Makes a rename durable. Only Unix can open a directory to sync it; elsewhere the rename is
/// still atomic, just not yet flushed.
pub(crate) fn sync_directory(directory: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = fs::File::open(directory) {
        // Best effort: the file is already in place, and a failed sync is no reason to say the
        // write failed.
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = directory;
}

/// The lock every change of a data directory holds, with the checks it depends on: two imports
/// under one name at once are one after the other, so that the second sees what the first stored
/// (a smaller text is then refused, not written over a bigger one while both succeed). Caches and
/// indexes are written under it too, so that no change of the store is half seen by another.
///
/// A change made while the same thread holds the lock (an import that reads, and so upgrades,
/// the edition it replaces) goes on under the lock already held: a second `flock` of the same
/// file from the same process would wait for itself.
pub(crate) struct StoreLock {
    held: Option<(fs::File, PathBuf)>,
}

/// The name of the lock file in the data directory.
pub(crate) const LOCK_FILE: &str = "editions.lock";

thread_local! {
    /// The data directories whose lock this thread holds.
    static HELD: std::cell::RefCell<Vec<PathBuf>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Waits for the data directory's lock and holds it until the result is dropped. A directory that
/// cannot be created or written has no lock to take, and nothing can be changed there anyway: the
/// write that follows fails with its own error.
pub(crate) fn lock_store(root: &Path) -> StoreLock {
    let root = root.to_path_buf();
    if HELD.with(|held| held.borrow().contains(&root)) {
        return StoreLock { held: None };
    }
    let file = fs::create_dir_all(&root)
        .and_then(|()| fs::OpenOptions::new().create(true).truncate(false).write(true).open(root.join(LOCK_FILE)));
    match file {
        Ok(file) if file.lock().is_ok() => {
            HELD.with(|held| held.borrow_mut().push(root.clone()));
            StoreLock { held: Some((file, root)) }
        }
        _ => StoreLock { held: None },
    }
}

impl Drop for StoreLock {
    fn drop(&mut self) {
        if let Some((_file, root)) = self.held.take() {
            HELD.with(|held| held.borrow_mut().retain(|r| *r != root));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    /// The lock is held until dropped: another holder waits for it.
    #[test]
    fn the_store_lock_is_exclusive() {
        let dir = tempfile::tempdir().unwrap();
        let held = lock_store(dir.path());
        let other = fs::File::open(dir.path().join(LOCK_FILE)).unwrap();
        assert!(other.try_lock().is_err());
        drop(held);
        assert!(other.try_lock().is_ok());
    }

    /// A thread that holds the lock takes it again without waiting, and keeps it until its first
    /// hold is dropped.
    #[test]
    fn the_store_lock_is_taken_again_by_its_holder() {
        let dir = tempfile::tempdir().unwrap();
        let held = lock_store(dir.path());
        let again = lock_store(dir.path());
        drop(again);
        let other = fs::File::open(dir.path().join(LOCK_FILE)).unwrap();
        assert!(other.try_lock().is_err(), "still held by the first");
        drop(held);
        assert!(other.try_lock().is_ok());
    }

    #[test]
    fn a_file_is_written_whole_in_a_new_directory() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("a.json");
        write(&path, ".a-", |out: &mut dyn Write| out.write_all(b"one")).unwrap();
        write(&path, ".a-", |out: &mut dyn Write| out.write_all(b"two")).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(names(&dir.path().join("sub")), ["a.json"]);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        fs::write(&path, b"old").unwrap();
        let failed = write(&path, ".a-", |out: &mut dyn Write| {
            out.write_all(b"half")?;
            Err(io::Error::other("stopped"))
        });
        assert!(failed.is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(names(dir.path()), ["a.json"]);
    }

    /// What a killed writer leaves, unlocked, goes at the next write; a file another writer holds
    /// stays, and so do other prefixes' files and a file just created, still empty.
    #[test]
    fn leftovers_of_dead_writers_go_and_live_ones_stay() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(".a-dead.tmp"), b"half an edit").unwrap();
        fs::write(dir.path().join(".a-fresh.tmp"), b"").unwrap();
        fs::write(dir.path().join(".b-other.tmp"), b"half").unwrap();
        let held = dir.path().join(".a-held.tmp");
        fs::write(&held, b"being written").unwrap();
        let holder = fs::File::open(&held).unwrap();
        holder.lock().unwrap();
        write(&dir.path().join("a.json"), ".a-", |out: &mut dyn Write| out.write_all(b"{}")).unwrap();
        assert_eq!(names(dir.path()), [".a-fresh.tmp", ".a-held.tmp", ".b-other.tmp", "a.json"]);
    }
}
