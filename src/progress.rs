//! A progress line on stderr for long reads and downloads: `oracle-cards.json: 512 KiB / 160.2
//! MiB`, redrawn in place as bytes come; nothing when disabled (stderr is not a terminal), so
//! that logs and pipes stay clean.

use std::io::{self, Write};
use std::time::{Duration, Instant};

/// How often the line is redrawn.
const TICK: Duration = Duration::from_millis(100);

pub(crate) struct Progress {
    shown: bool,
    label: String,
    total: Option<u64>,
    last: Option<Instant>,
}

impl Progress {
    /// `enabled` only when stderr is a terminal: the caller checks.
    pub(crate) fn new(enabled: bool, label: String, total: Option<u64>) -> Self {
        Progress { shown: enabled, label, total, last: None }
    }

    pub(crate) fn show(&mut self, done: u64) {
        if !self.shown || self.last.is_some_and(|t| t.elapsed() < TICK) {
            return;
        }
        self.last = Some(Instant::now());
        let total = self.total.map_or_else(String::new, |t| format!(" / {}", size(t)));
        let mut err = io::stderr().lock();
        // `\r` and erase-line: the line is redrawn in place. Errors on stderr are not worth one.
        let _ = write!(err, "\r\x1b[2K{}: {}{total}", self.label, size(done));
        let _ = err.flush();
    }

    pub(crate) fn clear(&mut self) {
        if self.shown && self.last.is_some() {
            let _ = write!(io::stderr().lock(), "\r\x1b[2K");
        }
        self.last = None;
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

fn size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} B"),
        b if b < 1024 * 1024 => format!("{} KiB", b / 1024),
        b => format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_a_person_says_them() {
        assert_eq!(size(512), "512 B");
        assert_eq!(size(300 * 1024), "300 KiB");
        assert_eq!(size(1_153_433), "1.1 MiB");
    }
}
