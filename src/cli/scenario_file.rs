//! Reading a scenario file from disk, with a diagnostic when it cannot be read.

use crate::engine::board::Board;
use miette::Diagnostic;
use std::path::Path;

#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("cannot read `{path}`: {reason}")]
#[diagnostic(code(judge::unreadable_scenario))]
pub struct Unreadable {
    path: String,
    reason: String,
}

/// The board a scenario file describes, or a diagnostic placing every problem in it.
pub fn read(path: &Path) -> miette::Result<Board> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Unreadable { path: shown.clone(), reason: e.to_string() })?;
    let text = String::from_utf8(bytes).map_err(|e| Unreadable {
        path: shown.clone(),
        reason: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
    })?;
    Ok(crate::scenario::read(&shown, &text)?)
}
