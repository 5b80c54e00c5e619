//! What a command produced, and the exit code it maps to.

/// The documented exit codes (docs/REFERENCE.md, `judge --help`): 0 found and as expected, 1 nothing found
/// or an expected answer differs, 2 error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Found,
    NothingFound,
    /// The command ran and printed its answer, but a scenario file expects another one: the same
    /// code as nothing found, since either way the judge did not get what was asked for.
    Differs,
    /// Some input was invalid but the command went on with the rest (`judge check`).
    Invalid,
}

impl Status {
    pub fn code(self) -> i32 {
        match self {
            Status::Found => 0,
            Status::NothingFound | Status::Differs => 1,
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
    /// How writing went for a command that wrote its answer itself, as it drew it, since the
    /// answer for a board of thousands of objects is too large to hold whole (`judge resolve`).
    pub written: std::io::Result<()>,
}

impl Outcome {
    pub fn found(stdout: String) -> Self {
        Outcome { stdout, warnings: Vec::new(), status: Status::Found, written: Ok(()) }
    }
}

/// Writes a line on stderr. A stderr that is closed or full (`judge check dir 2>&1 | head -1`)
/// loses the message, not the exit code, where `eprintln!` would panic.
pub fn to_stderr(message: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}
