//! How every diagnostic is printed: miette's graphical report, one style for all. A diagnostic's
//! code is left out (it names our types, not the judge's problem), and the problems a diagnostic
//! gathers (`#[related]`: every problem of a scenario file) are printed after it as diagnostics
//! of their own, each with its place, rather than under miette's bare `Error:`. Help text wraps
//! at spaces only, never inside an id or a rule number (`614.10-614.11`).

use miette::{Diagnostic, LabeledSpan, MietteHandler, MietteHandlerOpts, ReportHandler, Severity, SourceCode};
use std::fmt;

/// The handler `main` installs: colour and width as the output's `Style` says.
pub fn handler(color: bool, width: usize) -> Box<dyn ReportHandler> {
    let inner = MietteHandlerOpts::new()
        .color(color)
        .unicode(color)
        .width(width)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .build();
    Box::new(OneStyle(inner))
}

struct OneStyle(MietteHandler);

impl ReportHandler for OneStyle {
    fn debug(&self, diagnostic: &dyn Diagnostic, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return fmt::Debug::fmt(diagnostic, f);
        }
        self.each(diagnostic, None, f)
    }
}

impl OneStyle {
    /// The diagnostic, then each it gathers, with the source of the first where they have none.
    fn each(
        &self,
        diagnostic: &dyn Diagnostic,
        parent: Option<&dyn SourceCode>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let source = diagnostic.source_code().or(parent);
        self.0.debug(&Alone { inner: diagnostic, source }, f)?;
        for related in diagnostic.related().into_iter().flatten() {
            writeln!(f)?;
            self.each(related, source, f)?;
        }
        Ok(())
    }
}

/// A diagnostic as printed here: without its code, url and related diagnostics.
struct Alone<'a> {
    inner: &'a dyn Diagnostic,
    source: Option<&'a dyn SourceCode>,
}

impl fmt::Debug for Alone<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl fmt::Display for Alone<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner, f)
    }
}

impl std::error::Error for Alone<'_> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.inner.source()
    }
}

impl Diagnostic for Alone<'_> {
    fn severity(&self) -> Option<Severity> {
        self.inner.severity()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.help()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.inner.labels()
    }
    fn diagnostic_source(&self) -> Option<&dyn Diagnostic> {
        self.inner.diagnostic_source()
    }
}
