//! What can go wrong while building, opening or searching an index.

use miette::Diagnostic;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum SearchError {
    #[error("cannot {action} `{}`", path.display())]
    #[diagnostic(code(judge::search::io), help("check that the data directory is writable and the disk is not full"))]
    Io {
        /// What was being done, as a verb phrase: `create the index directory`.
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },

    /// The data directory may not be written: no index can be built or replaced there. Nothing
    /// was deleted.
    #[error("cannot write the search index in `{}`", path.display())]
    #[diagnostic(
        code(judge::search::read_only),
        help(
            "`judge search` still works, from an index built in memory at each search; to keep one, run \
             `judge index` as a user who may write there, or pass `--data-dir` a directory you own"
        )
    )]
    Unwritable {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },

    /// An index is there but cannot be opened for another reason than damage (no right to read
    /// it, an I/O error): it was left as it is.
    #[error("cannot read the search index at `{}`", path.display())]
    #[diagnostic(
        code(judge::search::unreadable),
        help(
            "it was left as it is; `judge search` still works, from an index built in memory; check the \
             permissions of the directory and its files"
        )
    )]
    Unreadable {
        path: PathBuf,
        /// The system's error when there is one (`Permission denied`), else tantivy's.
        #[source]
        source: std::io::Error,
    },

    #[error("cannot build the search index of `{edition}`")]
    #[diagnostic(code(judge::search::build))]
    Build {
        edition: String,
        #[source]
        source: tantivy::TantivyError,
    },

    #[error("the search index at `{}` keeps changing under this process", path.display())]
    #[diagnostic(
        code(judge::search::unstable),
        help("another `judge` process may be rebuilding it; try again, or run the rebuild command")
    )]
    Unstable { path: PathBuf },

    #[error("the question has {chars} characters; a search reads at most {max}")]
    #[diagnostic(
        code(judge::search::too_long),
        help("keep the words that matter: a few words find best, and a whole rule pasted fits")
    )]
    QuestionTooLong { chars: usize, max: usize },

    #[error("the question has {words} words; a search reads at most {max}")]
    #[diagnostic(
        code(judge::search::too_many_words),
        help("keep the words that matter: a few words find best, and a whole rule pasted fits")
    )]
    TooManyWords { words: usize, max: usize },

    #[error("search failed")]
    #[diagnostic(code(judge::search::query), help("the index may be damaged; the rebuild command builds it anew"))]
    Search {
        #[source]
        source: tantivy::TantivyError,
    },
}

impl SearchError {
    /// Whether the index on disk cannot be written or read here, though it could be built in
    /// memory: the store is read-only to this user, the index belongs to another, or the disk is
    /// full (a search still works, from memory, as on a read-only store).
    pub fn is_read_only(&self) -> bool {
        match self {
            SearchError::Unwritable { .. } | SearchError::Unreadable { .. } => true,
            SearchError::Io { source, .. } => is_permission(source) || is_out_of_space(source),
            SearchError::Build { source, .. } => caused_by_full_disk(source),
            _ => false,
        }
    }
}

/// Whether an I/O error says there is no room for what is written: the disk is full, or the
/// user's quota or file-size limit is reached.
fn is_out_of_space(error: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(error.kind(), ErrorKind::StorageFull | ErrorKind::QuotaExceeded | ErrorKind::FileTooLarge)
}

/// Whether a full disk is the cause of a build that failed: tantivy keeps the I/O error of the
/// write that failed, in one of these variants.
fn caused_by_full_disk(error: &tantivy::TantivyError) -> bool {
    use tantivy::directory::error::OpenWriteError;
    use tantivy::TantivyError;
    match error {
        TantivyError::IoError(io) => is_out_of_space(io),
        TantivyError::OpenWriteError(OpenWriteError::IoError { io_error, .. }) => is_out_of_space(io_error),
        _ => false,
    }
}

/// Whether an I/O error says the user may not do this here, rather than that something broke.
pub(crate) fn is_permission(error: &std::io::Error) -> bool {
    matches!(error.kind(), std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem)
}

#[cfg(test)]
mod full_disk_tests {
    use super::*;

    /// A full disk while the index is written leaves search to an index in memory.
    #[test]
    fn a_full_disk_is_searched_from_memory() {
        let full = || std::io::Error::from(std::io::ErrorKind::StorageFull);
        let io = SearchError::Io { action: "write", path: "x".into(), source: full() };
        assert!(io.is_read_only());
        let build = SearchError::Build {
            edition: "e".into(),
            source: tantivy::TantivyError::from(tantivy::directory::error::OpenWriteError::IoError {
                io_error: std::sync::Arc::new(full()),
                filepath: "x".into(),
            }),
        };
        assert!(build.is_read_only());
        let other = SearchError::Io { action: "write", path: "x".into(), source: std::io::Error::other("broken") };
        assert!(!other.is_read_only());
    }
}
