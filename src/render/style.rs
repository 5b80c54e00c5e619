//! How human output looks on this run: colour (`--color`, else on a terminal unless `NO_COLOR`;
//! `CLICOLOR_FORCE` forces it) and width (the terminal's, else `COLUMNS`, else 100), the table
//! every command starts from, and prose wrapped at the width.

use std::ffi::OsString;
use std::io::IsTerminal;

/// Width used when output goes to a pipe or a file and `COLUMNS` does not say.
const DEFAULT_WIDTH: u16 = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    /// `None`: let the table measure the terminal.
    pub width: Option<u16>,
}

/// `--color WHEN`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour on a terminal, unless `NO_COLOR` is set; `CLICOLOR_FORCE` forces it
    #[default]
    Auto,
    /// Colour, even into a pipe and whatever `NO_COLOR` says
    Always,
    /// No colour, whatever `CLICOLOR_FORCE` says
    Never,
}

/// The `auto` rule. `NO_COLOR` set and not empty: no colour (no-color.org), even with
/// `CLICOLOR_FORCE`, since a judge who said no to colour said it everywhere. Then
/// `CLICOLOR_FORCE` set and not `0`: colour, even into a pipe (bixense.com/clicolors); then
/// `CLICOLOR=0`: none; else colour only on a terminal. Not anstyle-query's, which counts
/// `CLICOLOR_FORCE=0` as forcing colour, where bixense.com/clicolors and docs/REFERENCE.md say it does not.
fn auto_color(terminal: bool, var: impl Fn(&str) -> Option<OsString>) -> bool {
    let set = |name| var(name).filter(|v| !v.is_empty());
    if set("NO_COLOR").is_some() {
        return false;
    }
    if set("CLICOLOR_FORCE").is_some_and(|v| v != "0") {
        return true;
    }
    terminal && var("CLICOLOR").is_none_or(|v| v != "0")
}

impl Style {
    pub fn detect() -> Self {
        let terminal = std::io::stdout().is_terminal();
        let columns = std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse::<u16>().ok()).filter(|w| *w >= 40);
        let width = match (columns, terminal) {
            (Some(w), _) => Some(w),
            (None, true) => None,
            (None, false) => Some(DEFAULT_WIDTH),
        };
        Style { color: auto_color(terminal, |name| std::env::var_os(name)), width }
    }

    /// `detect`, with the colour the judge asked for: `--color always` and `never` win over the
    /// environment, as no-color.org asks of a per-run argument.
    pub fn detect_with(choice: ColorChoice) -> Self {
        let style = Self::detect();
        match choice {
            ColorChoice::Auto => style,
            ColorChoice::Always => Style { color: true, ..style },
            ColorChoice::Never => Style { color: false, ..style },
        }
    }

    /// Plain output at a fixed width, as the tests see it.
    pub fn plain(width: u16) -> Self {
        Style { color: false, width: Some(width) }
    }

    /// The width output is laid out for: the one asked for, else the terminal's, else 100.
    pub fn columns(self) -> u16 {
        self.width.or_else(terminal_width).unwrap_or(DEFAULT_WIDTH)
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

    /// Bold on a colour terminal, as is otherwise.
    pub fn strong(self, text: &str) -> String {
        self.styled(anstyle::Style::new().bold(), text)
    }

    pub fn dim(self, text: &str) -> String {
        self.styled(anstyle::Style::new().dimmed(), text)
    }

    /// `text` in `look` and reset after it, when in colour.
    fn styled(self, look: anstyle::Style, text: &str) -> String {
        if self.color {
            format!("{}{text}{}", look.render(), look.render_reset())
        } else {
            text.to_string()
        }
    }
}

/// The width of the terminal standard output goes to, if it goes to one.
fn terminal_width() -> Option<u16> {
    terminal_size::terminal_size().map(|(terminal_size::Width(w), _)| w)
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

#[cfg(test)]
mod tests {
    use super::{auto_color, Style};
    use std::ffi::OsString;

    /// Bold and dim are the SGR codes 1 and 2, each closed by a reset; nothing without colour.
    #[test]
    fn strong_and_dim_are_sgr_codes_in_colour_only() {
        let colour = Style { color: true, width: None };
        assert_eq!(colour.strong("614.1"), "\x1b[1m614.1\x1b[0m");
        assert_eq!(colour.dim("Example"), "\x1b[2mExample\x1b[0m");
        assert_eq!(Style::plain(80).strong("614.1"), "614.1");
        assert_eq!(Style::plain(80).dim("Example"), "Example");
    }

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| OsString::from(v))
    }

    #[test]
    fn auto_colours_a_terminal_only() {
        assert!(auto_color(true, env(&[])));
        assert!(!auto_color(false, env(&[])));
    }

    #[test]
    fn no_color_set_and_not_empty_turns_colour_off() {
        assert!(!auto_color(true, env(&[("NO_COLOR", "1")])));
        assert!(!auto_color(true, env(&[("NO_COLOR", "0")])), "any value counts");
        assert!(auto_color(true, env(&[("NO_COLOR", "")])), "empty is unset");
    }

    #[test]
    fn clicolor_force_colours_a_pipe_unless_no_color() {
        assert!(auto_color(false, env(&[("CLICOLOR_FORCE", "1")])));
        assert!(!auto_color(false, env(&[("CLICOLOR_FORCE", "0")])));
        assert!(!auto_color(false, env(&[("CLICOLOR_FORCE", "")])));
        assert!(!auto_color(false, env(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")])));
    }

    #[test]
    fn clicolor_0_turns_a_terminal_plain() {
        assert!(!auto_color(true, env(&[("CLICOLOR", "0")])));
        assert!(auto_color(true, env(&[("CLICOLOR", "1")])));
        assert!(auto_color(true, env(&[("CLICOLOR", "0"), ("CLICOLOR_FORCE", "1")])));
    }
}
