//! The three forms of every command's output, which `--format` chooses.

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Tables and text for people, laid out for the terminal's width
    #[default]
    Table,
    /// One JSON object, for scripts (docs/REFERENCE.md, "Output contract")
    Json,
    /// Markdown, to paste into a post or an article
    Markdown,
}
