//! An index directory opened for reading only: no lock file, no write.
//!
//! Tantivy's reader takes the "meta lock" (`.tantivy-meta.lock`, opened for writing and created
//! when missing) while it opens the segments, so that a writer's garbage collection cannot
//! delete them meanwhile. On a data directory the user may only read, that open fails and the
//! whole index seemed unreadable. `judge` never writes in a final index directory: an index is
//! built in a temporary directory and moved in whole, and replaced by moving another one in
//! (store.rs). With no writer there is nothing to lock against, so this directory hands out a
//! lock that holds nothing, and refuses every write.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tantivy::directory::error::{DeleteError, LockError, OpenDirectoryError, OpenReadError, OpenWriteError};
use tantivy::directory::{
    Directory, DirectoryLock, FileHandle, Lock, MmapDirectory, WatchCallback, WatchHandle, WritePtr,
};

#[derive(Clone, Debug)]
pub(crate) struct ReadOnlyDir {
    inner: MmapDirectory,
}

impl ReadOnlyDir {
    pub(crate) fn open(path: &Path) -> Result<ReadOnlyDir, OpenDirectoryError> {
        Ok(ReadOnlyDir { inner: MmapDirectory::open(path)? })
    }
}

/// What a write gets: the same error as a file system mounted read-only.
fn refused() -> io::Error {
    io::Error::new(io::ErrorKind::ReadOnlyFilesystem, "the index is opened for reading only")
}

impl Directory for ReadOnlyDir {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        self.inner.get_file_handle(path)
    }

    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        Err(DeleteError::IoError { io_error: Arc::new(refused()), filepath: path.to_path_buf() })
    }

    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        self.inner.exists(path)
    }

    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        Err(OpenWriteError::IoError { io_error: Arc::new(refused()), filepath: path.to_path_buf() })
    }

    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        self.inner.atomic_read(path)
    }

    fn atomic_write(&self, _path: &Path, _data: &[u8]) -> io::Result<()> {
        Err(refused())
    }

    fn sync_directory(&self) -> io::Result<()> {
        Ok(())
    }

    /// A lock of nothing: see the module's comment for why none is needed.
    fn acquire_lock(&self, lock: &Lock) -> Result<DirectoryLock, LockError> {
        let held: PathBuf = lock.filepath.clone();
        Ok(DirectoryLock::from(Box::new(held)))
    }

    fn watch(&self, _callback: WatchCallback) -> tantivy::Result<WatchHandle> {
        // The index never changes once in place, and the reader reloads manually.
        Ok(WatchHandle::empty())
    }
}
