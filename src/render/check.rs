//! `judge check` output: one line per file with what was found, the differences under a file
//! whose answer differs, and the counts; or the same as JSON or Markdown.

use super::style::Style;
use crate::engine::answer::Mismatch;
use serde::Serialize;

/// What checking one file found.
#[derive(Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "result")]
pub enum Found {
    /// Every expected answer the file states is met.
    Ok,
    /// The file is valid and states no expected answer: nothing was checked.
    NoExpectation,
    Differs {
        mismatches: Vec<Mismatch>,
    },
    /// The diagnostic that says why is printed on stderr.
    Invalid {
        error: String,
    },
}

impl Found {
    fn label(&self) -> &'static str {
        match self {
            Found::Ok => "ok",
            Found::NoExpectation => "no expectation",
            Found::Differs { .. } => "DIFFERS",
            Found::Invalid { .. } => "invalid",
        }
    }
}

#[derive(Debug, Serialize)]
pub struct Checked {
    pub file: String,
    #[serde(flatten)]
    pub found: Found,
}

/// How many files found each thing.
#[derive(Debug, Default, Serialize, PartialEq, Eq)]
pub struct Counts {
    pub files: usize,
    pub ok: usize,
    pub no_expectation: usize,
    pub differ: usize,
    pub invalid: usize,
}

impl Counts {
    pub fn of(checked: &[Checked]) -> Self {
        let mut counts = Counts { files: checked.len(), ..Counts::default() };
        for c in checked {
            *match c.found {
                Found::Ok => &mut counts.ok,
                Found::NoExpectation => &mut counts.no_expectation,
                Found::Differs { .. } => &mut counts.differ,
                Found::Invalid { .. } => &mut counts.invalid,
            } += 1;
        }
        counts
    }

    fn line(&self) -> String {
        let file = if self.files == 1 { "file" } else { "files" };
        format!(
            "{} {file}: {} ok, {} no expectation, {} differ, {} invalid",
            self.files, self.ok, self.no_expectation, self.differ, self.invalid
        )
    }
}

fn difference(m: &Mismatch) -> String {
    format!("{} {}: expected {}, got {}", m.object, m.characteristic, m.expected, m.actual)
}

/// A line per file, the labels in a column as wide as the widest shown; `quiet`: only the files
/// that differ or are invalid.
pub fn table(checked: &[Checked], quiet: bool, style: Style) -> String {
    let shown: Vec<&Checked> =
        checked.iter().filter(|c| !quiet || matches!(c.found, Found::Differs { .. } | Found::Invalid { .. })).collect();
    let width = shown.iter().map(|c| c.found.label().len()).max().unwrap_or(0);
    let mut out = String::new();
    for c in &shown {
        let label = c.found.label();
        let label = if matches!(c.found, Found::Differs { .. } | Found::Invalid { .. }) {
            style.strong(label)
        } else {
            label.to_string()
        };
        let pad = width - c.found.label().len();
        out.push_str(&format!("{label}{}  {}\n", " ".repeat(pad), c.file));
        if let Found::Differs { mismatches } = &c.found {
            for m in mismatches {
                out.push_str(&format!("{}  {}\n", " ".repeat(width), difference(m)));
            }
        }
    }
    out.push_str(&Counts::of(checked).line());
    out.push('\n');
    out
}

pub fn json(checked: &[Checked]) -> String {
    #[derive(Serialize)]
    struct Json<'a> {
        files: &'a [Checked],
        counts: Counts,
    }
    super::to_json(&Json { files: checked, counts: Counts::of(checked) })
}

pub fn markdown(checked: &[Checked]) -> String {
    use super::markdown::{cell, table};
    let rows: Vec<Vec<String>> = checked
        .iter()
        .map(|c| {
            let details = match &c.found {
                Found::Differs { mismatches } => {
                    mismatches.iter().map(|m| cell(&difference(m))).collect::<Vec<_>>().join("<br>")
                }
                Found::Invalid { error } => cell(error),
                Found::Ok | Found::NoExpectation => String::new(),
            };
            vec![c.found.label().to_string(), format!("`{}`", c.file.replace('`', "'")), details]
        })
        .collect();
    format!("{}\n{}\n", table(&["Result", "File", "Details"], &rows), Counts::of(checked).line())
}
