//! What a command produced, and the exit code it maps to.

/// The documented exit codes: 0 found, 1 nothing found, 2 error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Found,
    NothingFound,
    /// Some input was invalid but the command went on with the rest (`judge check`).
    Invalid,
}

impl Status {
    pub fn code(self) -> i32 {
        match self {
            Status::Found => 0,
            Status::NothingFound => 1,
            Status::Invalid => ERROR_CODE,
        }
    }
}

pub const ERROR_CODE: i32 = 2;

/// A command's result: what goes to stdout, what goes to stderr, and the status.
#[derive(Debug)]
pub struct Outcome {
    pub stdout: String,
    /// Diagnostics that did not stop the command (a rule that was not found among several, a
    /// skipped rule), already rendered.
    pub warnings: Vec<miette::Report>,
    pub status: Status,
}

impl Outcome {
    pub fn found(stdout: String) -> Self {
        Outcome { stdout, warnings: Vec::new(), status: Status::Found }
    }
}
