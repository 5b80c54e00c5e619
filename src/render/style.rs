//! How human output looks on this run: colour (only on a terminal, never with `NO_COLOR`) and
//! width (the terminal's, else `COLUMNS`, else 100), and the table every command starts from.

use comfy_table::{presets, ContentArrangement, Table};
use std::io::IsTerminal;

/// Width used when output goes to a pipe or a file and `COLUMNS` does not say.
const DEFAULT_WIDTH: u16 = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    /// `None`: let the table measure the terminal.
    pub width: Option<u16>,
}

impl Style {
    pub fn detect() -> Self {
        let terminal = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let columns = std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse::<u16>().ok()).filter(|w| *w >= 40);
        let width = match (columns, terminal) {
            (Some(w), _) => Some(w),
            (None, true) => None,
            (None, false) => Some(DEFAULT_WIDTH),
        };
        Style { color: terminal && !no_color, width }
    }

    /// Plain output at a fixed width, as the tests see it.
    pub fn plain(width: u16) -> Self {
        Style { color: false, width: Some(width) }
    }

    pub fn table(self) -> Table {
        let mut table = Table::new();
        table.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic);
        if let Some(width) = self.width {
            table.set_width(width);
        }
        if self.color {
            table.enforce_styling();
        } else {
            table.force_no_tty();
        }
        table
    }

    /// Bold on a colour terminal, as is otherwise.
    pub fn strong(self, text: &str) -> String {
        if self.color {
            format!("\x1b[1m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    pub fn dim(self, text: &str) -> String {
        if self.color {
            format!("\x1b[2m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}
