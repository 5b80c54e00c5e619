//! Reading a scenario file from disk, or from standard input when it is named `-`, with a
//! diagnostic when it cannot be read: missing, a directory, too large, not UTF-8.

use crate::cards::Cards;
use crate::model::board::Board;
use crate::placed_yaml::limits::{self, thousands};
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
    #[help]
    help: Option<String>,
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

/// What the engine says about the scenario `text` read from `path`, or why it has no answer:
/// a number past the engine's range is placed at the scenario's event.
pub fn judge(path: &Path, text: &str, board: &Board) -> miette::Result<crate::engine::Judgement> {
    use crate::engine::events::Unresolved;
    crate::engine::judge(board).map_err(|refused| match refused {
        Unresolved::Overflow(overflow) => {
            let help = overflow.help().map(|h| h.to_string());
            crate::scenario::unanswered(&shown(path), text, overflow.origin, overflow.to_string(), help).into()
        }
        too_many => miette::Report::new(too_many),
    })
}

/// The board a scenario file describes, or a diagnostic placing every problem in it; with the
/// file's text, for the diagnostics of what the engine then finds ([`judge`]).
pub fn read(path: &Path, cards: &Cards) -> miette::Result<(Board, String)> {
    let shown = shown(path);
    let unreadable = |reason: String, help: Option<String>| Unreadable { path: shown.clone(), reason, help };
    let too_large = || {
        unreadable(
            format!("a scenario file is at most {} bytes", thousands(limits::FILE_BYTES)),
            Some("split the board, or leave out what the question does not need (docs/scenario/07-output.md, \"Limits\")".into()),
        )
    };
    let bytes = if is_stdin(path) {
        // One byte past the limit tells a file too large without reading all of it.
        let mut bytes = Vec::new();
        std::io::stdin().lock().take(limits::FILE_BYTES + 1).read_to_end(&mut bytes).map(|_| bytes)
    } else {
        if path.is_dir() {
            return Err(unreadable(
                "it is a directory, not a scenario file".into(),
                Some(format!("`judge check {}` checks every scenario file in a directory", path.display())),
            )
            .into());
        }
        // The size is checked before reading, so that refusing a huge file costs nothing; the
        // read is bounded too, for what has no size (`/dev/zero`, a pipe).
        if std::fs::metadata(path).is_ok_and(|m| m.len() > limits::FILE_BYTES) {
            return Err(too_large().into());
        }
        match crate::bounded_read::read(path, limits::FILE_BYTES) {
            Err(e) if e.kind() == std::io::ErrorKind::FileTooLarge => return Err(too_large().into()),
            read => read,
        }
    }
    .map_err(|e| {
        let near = (e.kind() == std::io::ErrorKind::NotFound).then(|| near_file(path)).flatten();
        unreadable(e.to_string(), near.map(|near| format!("did you mean `{}`?", near.display())))
    })?;
    if bytes.len() as u64 > limits::FILE_BYTES {
        return Err(too_large().into());
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| unreadable(format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()), None))?;
    let board = crate::scenario::read_with(&shown, &text, cards)?;
    Ok((board, text))
}

/// A file beside a missing one whose name is a typo of its name away (`x.yaml` for `x.yml`), as
/// the judge would write it: in the directory named.
fn near_file(path: &Path) -> Option<std::path::PathBuf> {
    let name = path.file_name()?.to_str()?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let listed = std::fs::read_dir(dir.unwrap_or(Path::new("."))).ok()?;
    let mut names: Vec<String> = listed
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    // Sorted, so that the answer does not depend on the order the system lists them in.
    names.sort();
    let near = crate::suggest::closest(name, names.iter().map(String::as_str))?;
    Some(dir.map_or_else(|| near.into(), |d| d.join(near)))
}
