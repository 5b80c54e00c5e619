//! A file's problems shown at their places for a file of any size (scenario files are the ones
//! that grow large).
//!
//! It shows the text around each place as miette does, with two differences that matter for
//! large files: a line is looked up in an index of line starts rather than by scanning the file
//! from its start for every problem, and a long line (a board written on one line, a 2 MB
//! string) is shown as a window of at most `WINDOW` bytes either side of the place, never whole.

use super::problem::{FileProblems, Problem};
use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use std::sync::Arc;

/// Bytes of a long line shown on each side of the place.
const WINDOW: usize = 120;
/// A line longer than this is shown as a window; a context line longer than this is left out.
const LONG_LINE: usize = 2 * WINDOW;
/// The most of a span underlined on a long line.
const UNDERLINE: usize = 80;

impl FileProblems<Windowed> {
    pub fn windowed(file: &str, source: &str, summary: String, help: Option<String>, problems: &[Problem]) -> Self {
        let windowed = Windowed::new(source);
        FileProblems::shown_in(file, windowed.clone(), summary, help, problems, |span| windowed.label(span))
    }
}

/// The file's text with the start of each line, shared by all its problems.
#[derive(Debug, Clone)]
pub struct Windowed {
    text: Arc<str>,
    line_starts: Arc<[usize]>,
}

impl Windowed {
    fn new(text: &str) -> Self {
        let line_starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        Windowed { text: Arc::from(text), line_starts }
    }

    /// The 0-based line holding byte `at`.
    fn line_of(&self, at: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= at).saturating_sub(1)
    }

    /// Line `n`, without its line break: (start, end).
    fn line(&self, n: usize) -> (usize, usize) {
        let start = self.line_starts[n];
        let end = self.line_starts.get(n + 1).map_or(self.text.len(), |&next| next - 1);
        let end = if self.text[start..end].ends_with('\r') { end - 1 } else { end };
        (start, end)
    }

    fn floor(&self, mut at: usize) -> usize {
        at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    fn ceil(&self, mut at: usize) -> usize {
        at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at += 1;
        }
        at
    }

    /// The span underlined for a problem: as given, but on a long line at most `UNDERLINE`
    /// bytes of it and never past its line.
    fn label(&self, (start, end): (usize, usize)) -> SourceSpan {
        let start = self.floor(start);
        let end = self.ceil(end.max(start));
        let (line_start, line_end) = self.line(self.line_of(start));
        let long = line_end - line_start > LONG_LINE
            || self.line_of(end) != self.line_of(start) && {
                let (s, e) = self.line(self.line_of(end));
                e - s > LONG_LINE
            };
        let end = if long { self.floor(end.min(line_end).min(start + UNDERLINE)).max(start) } else { end };
        (start, end - start).into()
    }
}

impl SourceCode for Windowed {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let (start, end) = (span.offset(), span.offset() + span.len());
        if end > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let first = self.line_of(start);
        let last = self.line_of(end.saturating_sub(1).max(start));
        let (first_start, _) = self.line(first);
        let (_, last_end) = self.line(last);
        if last_end - first_start > LONG_LINE && first == last {
            // A window of the one long line: no context lines, which could be long as well. With
            // no context asked (the header's line and column), from the span's start.
            let from = if before == 0 { start } else { self.floor(start.saturating_sub(WINDOW).max(first_start)) };
            let to = self.ceil((end + WINDOW).min(last_end)).max(from);
            let contents = MietteSpanContents::new(
                &self.text.as_bytes()[from..to],
                (from, to - from).into(),
                first,
                from - first_start,
                1,
            );
            return Ok(Box::new(contents));
        }
        // As miette shows it: whole lines, `before` and `after` of context, but no long line of
        // context. With no context, from the span's start, as miette does for the header.
        let mut top = first;
        for _ in 0..before {
            if top == 0 || self.is_long(top - 1) {
                break;
            }
            top -= 1;
        }
        let mut bottom = last;
        for _ in 0..after {
            if bottom + 1 >= self.line_starts.len() || self.is_long(bottom + 1) {
                break;
            }
            bottom += 1;
        }
        let from = if before == 0 { start } else { self.line(top).0 };
        let column = from - self.line(top).0;
        let to = if after == 0 && before == 0 {
            end
        } else {
            self.line_starts.get(bottom + 1).copied().unwrap_or(self.text.len())
        };
        let to = to.max(from);
        let lines = bottom - top + 1;
        let contents =
            MietteSpanContents::new(&self.text.as_bytes()[from..to], (from, to - from).into(), top, column, lines);
        Ok(Box::new(contents))
    }
}

impl Windowed {
    fn is_long(&self, line: usize) -> bool {
        let (s, e) = self.line(line);
        e - s > LONG_LINE
    }
}
