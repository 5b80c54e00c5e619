//! Problems found while reading a rules text, with their place, and the diagnostic that shows
//! them all at once.

use miette::{Diagnostic, NamedSource, SourceSpan};
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

#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("line {line}: {message}")]
pub struct ProblemDiagnostic {
    line: usize,
    message: String,
    #[source_code]
    source_code: NamedSource<Arc<String>>,
    #[label("here")]
    span: SourceSpan,
    #[help]
    help: Option<String>,
}

/// All the problems of one file, reported together.
#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("{summary}")]
pub struct FileProblems {
    summary: String,
    #[help]
    help: Option<String>,
    #[related]
    problems: Vec<ProblemDiagnostic>,
}

impl FileProblems {
    pub fn new(file: &str, source: Arc<String>, summary: String, help: Option<String>, problems: &[Problem]) -> Self {
        let problems = problems
            .iter()
            .map(|p| ProblemDiagnostic {
                line: p.line,
                message: p.message.clone(),
                source_code: NamedSource::new(file, Arc::clone(&source)),
                span: (p.span.0, p.span.1.saturating_sub(p.span.0)).into(),
                help: p.help.clone(),
            })
            .collect();
        FileProblems { summary, help, problems }
    }
}
