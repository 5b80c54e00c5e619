//! Output longer than the terminal goes through a pager, as git's does: `$PAGER`, else
//! `less -R` (`-R` keeps the colours). Never when standard output is not a terminal (a pipe, a
//! file, a test), nor with `--no-pager`, nor when `PAGER` is empty or `cat`. Output that fits the
//! terminal is printed as it is, since a pager would only ask for a key press.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::{Command, Stdio};

const DEFAULT: &str = "less -R";

/// The pager to use on this run, if any: `terminal` says whether standard output is one,
/// `pager` is the value of `PAGER`.
pub fn chosen(no_pager: bool, terminal: bool, pager: Option<OsString>) -> Option<String> {
    if no_pager || !terminal {
        return None;
    }
    match pager {
        None => Some(DEFAULT.to_string()),
        Some(pager) => {
            let pager = pager.to_string_lossy().trim().to_string();
            (!pager.is_empty() && pager != "cat").then_some(pager)
        }
    }
}

/// Whether `text` is longer than a terminal of `rows` lines: a line is kept for the prompt.
pub fn too_long(text: &str, rows: usize) -> bool {
    text.lines().count() >= rows
}

/// The height of the terminal: as measured, else `LINES`, else 24.
pub fn rows() -> usize {
    let measured = terminal_size::terminal_size().map(|(_, terminal_size::Height(h))| usize::from(h));
    let lines = || std::env::var("LINES").ok().and_then(|l| l.trim().parse().ok());
    measured.filter(|h| *h > 0).or_else(lines).unwrap_or(24)
}

/// Writes `text` through the pager, run by the shell as git runs it (`PAGER='less -S'`), and
/// waits for the judge to leave it. `Ok(false)`: the pager could not be started, and nothing
/// was written.
pub fn page(pager: &str, text: &str) -> io::Result<bool> {
    let mut command = Command::new("sh");
    command.arg("-c").arg(pager).stdin(Stdio::piped());
    // As git does: less quits at the end of a short text and leaves it on the screen, unless the
    // judge set `LESS` to something else.
    if std::env::var_os("LESS").is_none() {
        command.env("LESS", "FRX");
    }
    let Ok(mut child) = command.spawn() else { return Ok(false) };
    let written = child.stdin.take().map_or(Ok(()), |mut stdin| stdin.write_all(text.as_bytes()));
    child.wait()?;
    // Leaving the pager before the end closes its input: not an error.
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pager_only_on_a_terminal_and_unless_turned_off() {
        assert_eq!(chosen(false, true, None).as_deref(), Some("less -R"));
        assert_eq!(chosen(false, true, Some("most".into())).as_deref(), Some("most"));
        assert_eq!(chosen(false, false, None), None, "not a terminal");
        assert_eq!(chosen(true, true, None), None, "--no-pager");
        assert_eq!(chosen(false, true, Some("".into())), None);
        assert_eq!(chosen(false, true, Some("cat".into())), None);
    }

    #[test]
    fn only_what_does_not_fit_is_paged() {
        assert!(!too_long("a\nb\n", 24));
        assert!(too_long(&"line\n".repeat(24), 24));
        assert!(!too_long(&"line\n".repeat(23), 24));
    }
}
