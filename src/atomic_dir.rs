//! A directory of files written whole or not at all, as `atomic_file` writes one file.
//!
//! The files are written into a temporary directory beside the final one, synced, and the
//! temporary directory is renamed into place; an older directory of that name is first moved
//! aside, then removed. A reader sees the old directory or the new one, never a mix. The writer
//! holds a lock on a file of its temporary directory while it writes, so that the next write
//! beside it can tell what a killed writer left from what another one is writing, and remove it.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::atomic_file::sync_directory;

const SUFFIX: &str = ".tmp";
/// The writer's lock, inside its temporary directory, removed before the rename.
const LOCK: &str = ".judge-writing";
/// A temporary directory without its lock younger than this may be being set up or renamed.
const JUST_CREATED: Duration = Duration::from_secs(60);

/// Writes `files` (a name inside `dir`, which may hold `/`, and the bytes) as the directory `dir`,
/// replacing whatever `dir` held. `dir`'s parent is created if needed.
pub(crate) fn replace(dir: &Path, files: &[(&str, &[u8])]) -> io::Result<()> {
    let dir = std::path::absolute(dir)?;
    let (Some(parent), Some(name)) = (dir.parent(), dir.file_name()) else {
        return Err(io::Error::other(format!("`{}` cannot be replaced: name a directory", dir.display())));
    };
    let prefix = format!(".{}.judge-", name.to_string_lossy());
    fs::create_dir_all(parent)?;
    remove_leftovers(parent, &prefix);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(SUFFIX);
    // As readable as the umask lets any new directory be, not private as temporary ones are.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o777));
    let temporary = builder.tempdir_in(parent)?;
    let lock = fs::File::create(temporary.path().join(LOCK))?;
    lock.lock()?;
    for (name, bytes) in files {
        let path = temporary.path().join(name);
        if let Some(inner) = path.parent() {
            fs::create_dir_all(inner)?;
        }
        let mut file = fs::File::create(&path)?;
        file.write_all(bytes)?;
        file.sync_all()?;
    }
    fs::remove_file(temporary.path().join(LOCK))?;
    sync_directory(temporary.path());
    let aside = aside_name(temporary.path());
    let moved = match fs::symlink_metadata(&dir) {
        Ok(_) => {
            fs::rename(&dir, &aside)?;
            true
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => false,
        Err(e) => return Err(e),
    };
    if let Err(e) = fs::rename(temporary.path(), &dir) {
        if moved {
            fs::rename(&aside, &dir)?;
        }
        return Err(e);
    }
    let _ = temporary.keep();
    drop(lock);
    if moved {
        // Best effort: what is left is removed by the next write beside it.
        let _ = fs::remove_dir_all(&aside);
    }
    sync_directory(parent);
    Ok(())
}

/// Where the old directory waits while the new one takes its place: a name of the same prefix
/// and suffix, so that one left by a killed writer is removed as a leftover.
fn aside_name(temporary: &Path) -> PathBuf {
    let name = temporary.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = name.strip_suffix(SUFFIX).unwrap_or(&name);
    temporary.with_file_name(format!("{stem}-old{SUFFIX}"))
}

/// Removes the temporary directories of `prefix` in `parent` that no writer holds: those whose
/// lock nobody holds, and those without a lock that are not new. Best effort.
fn remove_leftovers(parent: &Path, prefix: &str) {
    let Ok(entries) = fs::read_dir(parent) else { return };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(prefix) && name.ends_with(SUFFIX)) {
            continue;
        }
        let path = entry.path();
        let Ok(metadata) = fs::symlink_metadata(&path) else { continue };
        if !metadata.is_dir() {
            continue;
        }
        let leftover = match fs::File::open(path.join(LOCK)) {
            Ok(lock) => lock.try_lock().is_ok(),
            Err(_) => metadata.modified().ok().and_then(|m| m.elapsed().ok()).is_some_and(|age| age >= JUST_CREATED),
        };
        if leftover {
            let _ = fs::remove_dir_all(&path);
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

    #[test]
    fn a_directory_is_written_then_replaced_whole() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("site");
        replace(&dir, &[("a.html", b"one"), ("b.html", b"two")]).unwrap();
        assert_eq!(names(&dir), ["a.html", "b.html"]);
        replace(&dir, &[("a.html", b"three")]).unwrap();
        assert_eq!(names(&dir), ["a.html"]);
        assert_eq!(fs::read(dir.join("a.html")).unwrap(), b"three");
        assert_eq!(names(parent.path()), ["site"]);
    }

    #[test]
    fn a_failed_write_leaves_the_old_directory() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("site");
        replace(&dir, &[("a.html", b"one")]).unwrap();
        // A name that cannot be a file: its directory is a file already.
        assert!(replace(&dir, &[("x", b"file"), ("x/y.html", b"under a file")]).is_err());
        assert_eq!(names(&dir), ["a.html"]);
        assert_eq!(names(parent.path()), ["site"]);
    }

    #[test]
    fn leftovers_of_dead_writers_go_and_live_ones_stay() {
        let parent = tempfile::tempdir().unwrap();
        let dead = parent.path().join(".site.judge-dead.tmp");
        fs::create_dir(&dead).unwrap();
        fs::write(dead.join(LOCK), b"").unwrap();
        let live = parent.path().join(".site.judge-live.tmp");
        fs::create_dir(&live).unwrap();
        fs::write(live.join(LOCK), b"").unwrap();
        let holder = fs::File::open(live.join(LOCK)).unwrap();
        holder.lock().unwrap();
        let fresh = parent.path().join(".site.judge-fresh.tmp");
        fs::create_dir(&fresh).unwrap();
        replace(&parent.path().join("site"), &[("a.html", b"one")]).unwrap();
        assert_eq!(names(parent.path()), [".site.judge-fresh.tmp", ".site.judge-live.tmp", "site"]);
    }
}
