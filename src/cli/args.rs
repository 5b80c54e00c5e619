//! The command line as data: clap structs with no behaviour. `config.rs` turns them into what
//! the commands need.

use clap::builder::TypedValueParser;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "judge",
    version,
    about = "Rules lookup, ranked search and judge-call resolution for Magic: The Gathering judges"
)]
#[command(after_help = "Exit codes: 0 found, 1 nothing found, 2 error.")]
pub struct Cli {
    /// Where imported editions and search indexes are kept
    /// [default: $XDG_DATA_HOME/judge or ~/.local/share/judge]
    // Empty is accepted here and means unset (`JUDGE_DATA_DIR= judge …`), as for `XDG_DATA_HOME`.
    #[arg(
        long,
        global = true,
        env = "JUDGE_DATA_DIR",
        value_name = "DIR",
        value_parser = clap::builder::OsStringValueParser::new().map(PathBuf::from)
    )]
    pub data_dir: Option<PathBuf>,

    /// The config file, which names the default edition (`edition: NAME`)
    /// [default: $XDG_CONFIG_HOME/judge/config.yaml or ~/.config/judge/config.yaml]
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show rules by number: `614.14`, `614.1` (with its subrules), `614` (the section), `614.1a-d`
    Rule(RuleArgs),
    /// Search the rules text, best match first
    Search(SearchArgs),
    /// Look a term up in the glossary of an imported English CR
    Define(DefineArgs),
    /// Show a card of the library as the engine models it, or list the library (`--list`)
    Card(CardArgs),
    /// Import an official CR text file (or download and import the current one), or list the editions
    #[command(subcommand)]
    Corpus(CorpusCommand),
    /// Build the search index of an edition (it is built on first use anyway)
    Index(IndexArgs),
    /// Answer a judge call: apply the continuous effects of a scenario file and explain each step
    Resolve(ResolveArgs),
    /// Check scenario files and their expected answers (exit 0: all good, 1: an answer differs, 2: invalid file)
    Check(CheckArgs),
    /// Write a judge call up as an article: short answer, board, explanation, the rules quoted
    Ruling(RulingArgs),
    /// What changed from one edition to another: renumbered, reworded, split, merged, added and
    /// removed rules (exit 0: changes listed, 1: none)
    Diff(DiffArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Json,
    Markdown,
}

#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The scenario file (YAML)
    pub file: PathBuf,
    /// The edition whose rules are cited
    /// [default: the scenario's `edition`, else $JUDGE_EDITION, else the config file's `edition`, else fr-2011-02-04; `latest` is the newest imported English edition]
    #[arg(long, value_name = "NAME")]
    pub edition: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Fail when a cited rule is not in the edition
    #[arg(long)]
    pub strict: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RulingFormat {
    /// GitHub-flavoured, the rules quoted as footnotes
    Markdown,
    /// One self-contained page, ready to print
    Html,
}

#[derive(Debug, Args)]
pub struct RulingArgs {
    /// The scenario file (YAML)
    pub file: PathBuf,
    /// The edition whose rules are cited and quoted
    /// [default: the scenario's `edition`, else $JUDGE_EDITION, else the config file's `edition`, else fr-2011-02-04; `latest` is the newest imported English edition]
    #[arg(long, value_name = "NAME")]
    pub edition: Option<String>,
    #[arg(long, value_enum, default_value_t = RulingFormat::Markdown)]
    pub format: RulingFormat,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Scenario files, or directories to search for `*.yaml` files
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct EditionArg {
    /// The edition to read; `latest` is the newest imported English edition
    /// [default: $JUDGE_EDITION, else the config file's `edition`, else fr-2011-02-04]
    #[arg(long, value_name = "NAME")]
    pub edition: Option<String>,
}

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// Rule numbers or ranges
    #[arg(required = true, value_name = "REF")]
    pub refs: Vec<String>,
    #[command(flatten)]
    pub edition: EditionArg,
    /// Also show the rules' counterparts in this edition and what changed on the way
    #[arg(long = "in", value_name = "NAME")]
    pub in_edition: Option<String>,
    /// Print JSON instead of a table
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The older edition
    #[arg(value_name = "OLD")]
    pub old: String,
    /// The newer edition
    #[arg(value_name = "NEW")]
    pub new: String,
    /// Only the rules of this section, in either edition
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(100..=999))]
    pub section: Option<u16>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// List the unchanged rules too
    #[arg(long)]
    pub all: bool,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Words, "quoted phrases", or a rule number
    #[arg(required = true, value_name = "QUERY")]
    pub query: Vec<String>,
    #[command(flatten)]
    pub edition: EditionArg,
    /// How many hits to show at most
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub limit: u16,
    /// Print JSON instead of a table
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct DefineArgs {
    /// The term to define
    #[arg(required = true, value_name = "TERM")]
    pub term: Vec<String>,
    #[command(flatten)]
    pub edition: EditionArg,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct CardArgs {
    /// The card's name, or part of it; close spellings are suggested
    #[arg(value_name = "NAME", required_unless_present = "list")]
    pub name: Vec<String>,
    /// List every card of the library
    #[arg(long, conflicts_with = "name")]
    pub list: bool,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum CorpusCommand {
    /// Import an official CR text file (MagicCompRules.txt) into the data directory
    Import {
        file: PathBuf,
        /// Name of the new edition [default: en-<effective date>]
        #[arg(long, value_name = "NAME")]
        edition: Option<String>,
    },
    /// Download the current official CR text from the publisher's rules page and import it
    #[command(after_help = FETCH_HELP)]
    Fetch {
        /// The rules page that links the `.txt` (its first link to a MagicCompRules….txt is taken),
        /// or the rules text itself; https only, http:// only to 127.0.0.1, ::1 or localhost
        /// [default: https://magic.wizards.com/en/rules]
        #[arg(long, value_name = "URL")]
        url: Option<String>,
        /// Name of the new edition [default: en-<effective date>]
        #[arg(long, value_name = "NAME")]
        edition: Option<String>,
    },
    /// List every edition with its language, date and rule count
    List {
        /// Print JSON instead of a table
        #[arg(long)]
        json: bool,
    },
}

const FETCH_HELP: &str = "\
Examples:
  judge corpus fetch
  judge corpus fetch --url https://media.wizards.com/2026/downloads/MagicCompRules%2020260227.txt

An answer that begins with `<` (HTML) is read as the page, anything else as the rules text. The
text is checked as an import checks a file, and stored the same way, all or nothing. Redirections
are followed (at most 5), never from https to http; a page over 4 MiB or a text over 16 MiB is
refused. Offline, download the .txt with a browser and run `judge corpus import FILE`.";

#[derive(Debug, Args)]
pub struct IndexArgs {
    #[command(flatten)]
    pub edition: EditionArg,
    /// Build it again even if it is up to date
    #[arg(long)]
    pub rebuild: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
