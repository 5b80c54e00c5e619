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

    #[error("search failed")]
    #[diagnostic(code(judge::search::query), help("the index may be damaged; the rebuild command builds it anew"))]
    Search {
        #[source]
        source: tantivy::TantivyError,
    },
}
