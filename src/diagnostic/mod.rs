//! The diagnostics every module reports with: a problem found at a place of a file
//! (`problem`), all the problems of one file shown at once (`FileProblems`, through `windowed`
//! for large files), and how the command line prints them (`report`).

pub(crate) mod problem;
pub(crate) mod report;
pub(crate) mod windowed;

pub use problem::{FileProblems, Problem, ProblemDiagnostic};
pub use windowed::Windowed;
