//! How human output looks on this run: colour (only on a terminal, never with `NO_COLOR`) and
//! width (the terminal's, else `COLUMNS`, else 100), the table every command starts from, and
//! prose wrapped at the width.

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

    /// The width output is laid out for: the one asked for, else the terminal's, else 100.
    pub fn columns(self) -> u16 {
        self.width.or_else(|| Table::new().width()).unwrap_or(DEFAULT_WIDTH)
    }

    /// Prose wrapped at the width on spaces only, so that an id (`opalescence-effect`, `614.1c`)
    /// is never cut; each line keeps its indent, and its continuation lines go two further.
    pub fn wrap(self, text: &str) -> String {
        let width = usize::from(self.columns());
        let lines: Vec<String> = text
            .split('\n')
            .map(|line| {
                let body = line.trim_start_matches(' ');
                let indent = &line[..line.len() - body.len()];
                fill(body, width, indent, &format!("{indent}  "))
            })
            .collect();
        lines.join("\n")
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

/// `text` filled to `width`, first line after `first`, the others after `rest`; a word wider
/// than the line stays whole and overflows it.
pub fn fill(text: &str, width: usize, first: &str, rest: &str) -> String {
    use textwrap::{Options, WordSeparator, WordSplitter, WrapAlgorithm};
    if text.is_empty() {
        return String::new();
    }
    let options = Options::new(width)
        .initial_indent(first)
        .subsequent_indent(rest)
        .break_words(false)
        .word_separator(WordSeparator::AsciiSpace)
        .word_splitter(WordSplitter::NoHyphenation)
        .wrap_algorithm(WrapAlgorithm::FirstFit);
    textwrap::fill(text, options)
}
