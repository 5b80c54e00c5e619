//! Reading a scenario file from disk, or from standard input when it is named `-`, with a
//! diagnostic when it cannot be read.

use crate::engine::board::Board;
use miette::Diagnostic;
use std::io::Read;
use std::path::Path;

/// How diagnostics and listings name standard input.
pub const STDIN: &str = "<stdin>";

#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("cannot read `{path}`: {reason}")]
#[diagnostic(code(judge::unreadable_scenario))]
pub struct Unreadable {
    path: String,
    reason: String,
}

/// `-` names standard input, as for most commands that read files.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The name of the file as the judge reads it in a diagnostic or a list.
pub fn shown(path: &Path) -> String {
    if is_stdin(path) {
        STDIN.to_string()
    } else {
        path.display().to_string()
    }
}

/// The board a scenario file describes, or a diagnostic placing every problem in it.
pub fn read(path: &Path) -> miette::Result<Board> {
    let shown = shown(path);
    let unreadable = |reason: String| Unreadable { path: shown.clone(), reason };
    let bytes = if is_stdin(path) {
        let mut bytes = Vec::new();
        std::io::stdin().lock().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    }
    .map_err(|e| unreadable(e.to_string()))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| unreadable(format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))?;
    Ok(crate::scenario::read(&shown, &text)?)
}
