//! Problems found while reading a file (a rules text, a scenario, the card library), with their
//! place, and the diagnostic that shows them all at once.

use miette::{Diagnostic, LabeledSpan, NamedSource, Severity, SourceCode, SourceSpan};
use std::fmt::{Debug, Display};
use std::sync::Arc;

/// One problem at one place of a text. Parsers return these; the caller decides whether they are
/// fatal (an import) or reported and skipped (a rule that cannot be read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line number.
    pub line: usize,
    /// Byte range of the offending text in the decoded source.
    pub span: (usize, usize),
    pub message: String,
    pub help: Option<String>,
}

impl Problem {
    pub fn new(line: usize, span: (usize, usize), message: impl Into<String>) -> Self {
        Problem { line, span, message: message.into(), help: None }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

// `Diagnostic` is written out rather than derived: the derive takes a severity fixed per type,
// and the same problems are errors that stop an import or warnings about one that went through.
// The text shown around a place is of any kind `S`: a rules text whole, or a scenario file that
// shows only a window of a long line (`windowed.rs`).
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ProblemDiagnostic<S: SourceCode + 'static = Arc<String>> {
    line: usize,
    message: String,
    source_code: NamedSource<S>,
    span: SourceSpan,
    help: Option<String>,
    severity: Severity,
}

impl<S: SourceCode + Debug + 'static> Diagnostic for ProblemDiagnostic<S> {
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source_code)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(Some("here".to_string()), self.span))))
    }
}

/// How many of a file's problems are shown; the help says how many there are.
pub const SHOWN: usize = 50;

/// All the problems of one file, reported together (the first [`SHOWN`]): errors unless [`FileProblems::warnings`]
/// says otherwise.
#[derive(Debug, thiserror::Error)]
#[error("{summary}")]
pub struct FileProblems<S: SourceCode + 'static = Arc<String>> {
    summary: String,
    help: Option<String>,
    problems: Vec<ProblemDiagnostic<S>>,
    severity: Severity,
}

impl<S: SourceCode + Debug + 'static> Diagnostic for FileProblems<S> {
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn Display>)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(self.problems.iter().map(|p| p as &dyn Diagnostic)))
    }
}

impl FileProblems {
    pub fn new(file: &str, source: Arc<String>, summary: String, help: Option<String>, problems: &[Problem]) -> Self {
        FileProblems::shown_in(file, source, summary, help, problems, |(start, end)| {
            (start, end.saturating_sub(start)).into()
        })
    }
}

impl<S: SourceCode + Clone + 'static> FileProblems<S> {
    /// The problems of `file`, its text shown from `source`, each underlined where `label` puts
    /// its byte range.
    pub(crate) fn shown_in(
        file: &str,
        source: S,
        summary: String,
        help: Option<String>,
        problems: &[Problem],
        label: impl Fn((usize, usize)) -> SourceSpan,
    ) -> Self {
        // The first ones show what is wrong; showing each of a million costs a scan of the text
        // per problem, and says no more.
        let help = match problems.len() {
            n if n > SHOWN => Some(format!(
                "{}the first {SHOWN} of the {n} problems are shown",
                help.map(|h| format!("{h}; ")).unwrap_or_default()
            )),
            _ => help,
        };
        let problems = problems
            .iter()
            .take(SHOWN)
            .map(|p| ProblemDiagnostic {
                line: p.line,
                message: p.message.clone(),
                source_code: NamedSource::new(file, source.clone()),
                span: label(p.span),
                help: p.help.clone(),
                severity: Severity::Error,
            })
            .collect();
        FileProblems { summary, help, problems, severity: Severity::Error }
    }

    /// The same problems, shown as warnings: the command went through in spite of them.
    pub fn warnings(mut self) -> Self {
        self.severity = Severity::Warning;
        for problem in &mut self.problems {
            problem.severity = Severity::Warning;
        }
        self
    }

    /// How many problems are shown (at most [`SHOWN`]).
    pub fn len(&self) -> usize {
        self.problems.len()
    }

    pub fn is_empty(&self) -> bool {
        self.problems.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_are_warnings_down_to_each_problem() {
        let problems = [Problem::new(1, (0, 3), "odd").with_help("look")];
        let file = FileProblems::new("f.txt", Arc::new("abc\n".to_string()), "summary".into(), None, &problems);
        assert_eq!(file.severity(), Some(Severity::Error));
        let file = file.warnings();
        assert_eq!(file.severity(), Some(Severity::Warning));
        let related: Vec<_> = file.related().unwrap().collect();
        assert_eq!(related[0].severity(), Some(Severity::Warning));
        assert_eq!(related[0].help().unwrap().to_string(), "look");
        assert_eq!(related[0].labels().unwrap().next().unwrap().offset(), 0);
    }

    #[test]
    fn the_first_problems_are_shown_and_the_help_says_how_many_there_are() {
        let problems: Vec<Problem> = (0..120).map(|i| Problem::new(i + 1, (i, i + 1), "odd")).collect();
        let text = Arc::new("x\n".repeat(120));
        let file = FileProblems::new("f.txt", text, "summary".into(), Some("fix it".into()), &problems);
        assert_eq!(file.related().unwrap().count(), SHOWN);
        assert_eq!(file.help().unwrap().to_string(), "fix it; the first 50 of the 120 problems are shown");
    }
}
