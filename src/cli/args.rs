//! The command line as data: clap structs with no behaviour. `config.rs` turns them into what
//! the commands need.

use clap::builder::TypedValueParser;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

pub use crate::render::style::ColorChoice;
pub use crate::render::Format;

/// The one rule of every command, also in docs/REFERENCE.md.
const EXIT_CODES: &str = "\
Exit codes:
  0  found; for resolve, ruling and check, every expected answer the files state is met
  1  nothing found (no such rule, no search hit, no change between editions), or an expected
     answer differs
  2  error: bad arguments, an unreadable or invalid file, a failed import or write";

#[derive(Debug, Parser)]
#[command(
    name = "judge",
    version,
    about = "Rules lookup, ranked search and judge-call resolution for Magic: The Gathering judges"
)]
#[command(after_help = EXIT_CODES)]
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

    /// When to colour the output: `auto` colours a terminal unless `NO_COLOR` is set
    /// (`CLICOLOR_FORCE` forces it); `always` and `never` override both variables
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// Print only the essentials: `resolve` the answer without the trace, `check` the files that
    /// differ or are invalid and the count, `corpus import`, `cards import`, `cards fetch` and
    /// `index` nothing; diagnostics stay
    #[arg(short, long, global = true)]
    pub quiet: bool,

    /// Print straight to the terminal: without it, output longer than the terminal goes through
    /// `$PAGER` (default `less -R`); output that is not to a terminal never does
    #[arg(long, global = true)]
    pub no_pager: bool,

    #[command(subcommand)]
    pub command: Command,
}

const RULE_EXAMPLES: &str = "\
Examples:
  judge rule 614.14
  judge rule 614.1a-d 704.5g,704.5f \"lethal damage\" --edition en-2025-11-14
  judge rule 614.14 --edition en-2011-02-04 --in en-2025-11-14";
const SEARCH_EXAMPLES: &str = "\
Limits: a question of at most 3000 characters and 400 words (a whole rule pasted fits); a longer
one is refused (exit 2), never searched in part. Words longer than 32 characters are not
corrected as typos: no word of the rules comes near that length.

Examples:
  judge search \"effet d'auto-remplacement\"
  judge search regeneration --limit 3
  judge search 614.12 --json";
const DEFINE_EXAMPLES: &str = "\
Examples:
  judge define trample --edition latest
  judge define \"state-based actions\" --json";
const CARD_EXAMPLES: &str = "\
Examples:
  judge card opalescence
  judge card --list --json";
const CARDS_EXAMPLES: &str = "\
Examples:
  judge cards fetch
  judge cards import oracle-cards-20260101100000.json rulings-20260101100000.json
  judge cards import AtomicCards.json
  judge cards info --json";
const INDEX_EXAMPLES: &str = "\
Examples:
  judge index --edition latest
  judge index --rebuild";
const RESOLVE_EXAMPLES: &str = "\
Examples:
  judge resolve scenarios/blood-moon-urborg.yaml
  judge resolve scenarios/blood-moon-urborg.yaml --format json --edition en-2011-02-04
  cat call.yaml | judge resolve - --quiet

Exit 0 when the answer is the one the file expects (or it expects none), 1 when it differs (the
answer is printed all the same), 2 when the file is invalid, or with --strict when a cited rule is missing
or an ability is left out of the answer";
const CHECK_EXAMPLES: &str = "\
Examples:
  judge check scenarios/
  judge check --quiet scenarios/ tests/fixtures/rulings/
  judge check - < call.yaml";
const RULING_EXAMPLES: &str = "\
Examples:
  judge ruling scenarios/blood-moon-urborg.yaml > ruling.md
  judge ruling scenarios/blood-moon-urborg.yaml --format html --edition en-2011-02-04 > ruling.html

Exit 0 when the answer is the one the file expects (or it expects none), 1 when it differs (the
ruling is written all the same, with a warning), 2 when the file is invalid";
const DIFF_EXAMPLES: &str = "\
Examples:
  judge diff en-2025-11-14 en-2026-02-27
  judge diff en-2011-02-04 en-2011-05-01 --section 614 --format markdown";
const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  judge completions bash > ~/.local/share/bash-completion/completions/judge
  judge completions zsh > ~/.zfunc/_judge
  judge completions fish > ~/.config/fish/completions/judge.fish";
const MAN_EXAMPLES: &str = "\
Examples:
  judge man | man -l -
  judge man resolve | man -l -
  judge man --out-dir target/man";
const CORPUS_EXAMPLES: &str = "\
Examples:
  judge corpus fetch
  judge corpus import MagicCompRules_20110204.txt --edition en-2011-02-04
  judge corpus list --json";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show rules by number: `614.14`, `614.1` (with its subrules), `614` (the section), `614.1a-d`
    #[command(after_help = RULE_EXAMPLES)]
    Rule(RuleArgs),
    /// Search the rules text, best match first
    #[command(after_help = SEARCH_EXAMPLES)]
    Search(SearchArgs),
    /// Look a term up in the glossary of an imported English CR
    #[command(after_help = DEFINE_EXAMPLES)]
    Define(DefineArgs),
    /// Show a card of the library as the engine models it, or list the library (`--list`)
    #[command(after_help = CARD_EXAMPLES)]
    Card(CardArgs),
    /// Import an official CR text file (or download and import the current one), or list the editions
    #[command(subcommand, after_help = CORPUS_EXAMPLES)]
    Corpus(CorpusCommand),
    /// Import the official card data (Scryfall's bulk files or MTGJSON's AtomicCards.json), or
    /// download Scryfall's, or say what is imported
    #[command(subcommand, after_help = CARDS_EXAMPLES)]
    Cards(CardsCommand),
    /// Build the search index of an edition (it is built on first use anyway)
    #[command(after_help = INDEX_EXAMPLES)]
    Index(IndexArgs),
    /// Answer a judge call: apply the continuous effects of a scenario file and explain each step
    #[command(after_help = RESOLVE_EXAMPLES)]
    Resolve(ResolveArgs),
    /// Check scenario files and their expected answers (exit 0: all good, 1: an answer differs, 2: a
    /// file is invalid)
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Write a judge call up as an article: short answer, board, explanation, the rules quoted
    #[command(after_help = RULING_EXAMPLES)]
    Ruling(RulingArgs),
    /// What changed from one edition to another: renumbered, reworded, split, merged, added and
    /// removed rules (exit 0: changes listed, 1: none)
    #[command(after_help = DIFF_EXAMPLES)]
    Diff(DiffArgs),
    /// Print the completion script of a shell
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions(CompletionsArgs),
    /// Print the manual page (roff): judge(1), or one command's, such as judge-resolve(1)
    #[command(after_help = MAN_EXAMPLES)]
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (`resolve`, `corpus import`); none: the page of `judge`
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
    /// Write every page (judge.1, judge-resolve.1, …) into this directory instead
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub out_dir: Option<PathBuf>,
}

/// `--format table|json|markdown`, and `--json` for `--format json`: the same spelling on every
/// command that prints. The last one given wins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Args)]
pub struct FormatArg {
    /// How to print
    #[arg(long, value_enum, default_value_t = Format::Table, value_name = "FORMAT", overrides_with = "json")]
    pub format: Format,
    /// Short for `--format json`
    #[arg(long, overrides_with = "format")]
    pub json: bool,
}

impl FormatArg {
    pub fn chosen(self) -> Format {
        if self.json {
            Format::Json
        } else {
            self.format
        }
    }
}

#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The scenario file (YAML)
    pub file: PathBuf,
    /// The edition whose rules are cited
    /// [default: the scenario's `edition`, else $JUDGE_EDITION, else the config file's `edition`, else the newest imported English edition (`latest`), else fr-2011-02-04]
    #[arg(long, value_name = "NAME", value_hint = clap::ValueHint::Other)]
    pub edition: Option<String>,
    #[command(flatten)]
    pub output: FormatArg,
    /// Fail when a cited rule is not in the edition, or when the answer leaves out an ability the
    /// engine cannot express
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
    /// [default: the scenario's `edition`, else $JUDGE_EDITION, else the config file's `edition`, else the newest imported English edition (`latest`), else fr-2011-02-04]
    #[arg(long, value_name = "NAME", value_hint = clap::ValueHint::Other)]
    pub edition: Option<String>,
    #[arg(long, value_enum, default_value_t = RulingFormat::Markdown)]
    pub format: RulingFormat,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Scenario files, or directories to search for `*.yaml` files
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The edition whose rules the answers follow
    /// [default: each scenario's `edition`, else $JUDGE_EDITION, else the config file's `edition`, else the newest imported English edition (`latest`), else fr-2011-02-04]
    #[arg(long, value_name = "NAME", value_hint = clap::ValueHint::Other)]
    pub edition: Option<String>,
    #[command(flatten)]
    pub output: FormatArg,
}

#[derive(Debug, Clone, Args)]
pub struct EditionArg {
    /// The edition to read; `latest` is the newest imported English edition
    /// [default: $JUDGE_EDITION, else the config file's `edition`, else the newest imported English edition, else fr-2011-02-04]
    #[arg(long, value_name = "NAME", value_hint = clap::ValueHint::Other)]
    pub edition: Option<String>,
}

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// Rule numbers or ranges (several in one argument separated by commas or spaces), or the
    /// name of a rule: a keyword, a glossary headword (every rule its entry cites)
    #[arg(required = true, value_name = "REF")]
    pub refs: Vec<String>,
    #[command(flatten)]
    pub edition: EditionArg,
    /// Also show the rules' counterparts in this edition and what changed on the way
    #[arg(long = "in", value_name = "NAME", value_hint = clap::ValueHint::Other)]
    pub in_edition: Option<String>,
    #[command(flatten)]
    pub output: FormatArg,
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
    #[command(flatten)]
    pub output: FormatArg,
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
    #[command(flatten)]
    pub output: FormatArg,
}

#[derive(Debug, Args)]
pub struct DefineArgs {
    /// The term to define
    #[arg(required = true, value_name = "TERM")]
    pub term: Vec<String>,
    #[command(flatten)]
    pub edition: EditionArg,
    #[command(flatten)]
    pub output: FormatArg,
}

#[derive(Debug, Args)]
pub struct CardArgs {
    /// The card's name, or words that begin the words of its name (`time rav`); close spellings
    /// are suggested
    #[arg(value_name = "NAME", required_unless_present = "list")]
    pub name: Vec<String>,
    /// List every card of the library
    #[arg(long, conflicts_with = "name")]
    pub list: bool,
    #[command(flatten)]
    pub output: FormatArg,
}

#[derive(Debug, Subcommand)]
pub enum CorpusCommand {
    /// Import an official CR text file (MagicCompRules.txt) into the data directory
    #[command(after_help = IMPORT_HELP)]
    Import {
        file: PathBuf,
        /// Name of the new edition [default: en-<effective date>]
        #[arg(long, value_name = "NAME")]
        edition: Option<String>,
        #[command(flatten)]
        checks: ImportChecks,
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
        #[command(flatten)]
        checks: ImportChecks,
    },
    /// Write an edition as a static site to read offline, on a phone too: a page per section,
    /// every cross-reference a link, the glossary, a search box
    #[command(after_help = HTML_HELP)]
    Html(HtmlArgs),
    /// List every edition with its language, date and rule count
    #[command(after_help = "Examples:\n  judge corpus list\n  judge corpus list --json")]
    List {
        #[command(flatten)]
        output: FormatArg,
        /// Print only the names of the editions, one a line (for scripts and shell completion)
        #[arg(long, conflicts_with_all = ["format", "json"])]
        names: bool,
    },
}

#[derive(Debug, Args)]
pub struct HtmlArgs {
    /// The edition to write: an imported one, `latest`, or `fr` (the embedded French one)
    #[arg(value_name = "EDITION")]
    pub edition: String,
    /// The directory to write the site into; a new or empty one, or a site written before
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Mark the rules that changed since this older edition, with the words removed and inserted
    #[arg(long, value_name = "OLD")]
    pub since: Option<String>,
    /// Replace DIR even though it holds files that are not a site of judge (they are removed)
    #[arg(long)]
    pub force: bool,
}

const HTML_HELP: &str = "\
Examples:
  judge corpus html en-2025-11-14 --out cr-site
  judge corpus html latest --out cr-site --since en-2025-11-14
  judge corpus html fr --out regles

Open DIR/index.html in a browser: nothing is fetched and no server is needed, the search
included. The site is written whole into a directory beside DIR, then put in its place; a DIR
that holds other files than a site of judge is refused unless --force is given.";

/// What an import may do that it refuses by default, for `corpus import` and `corpus fetch`.
#[derive(Debug, Args)]
pub struct ImportChecks {
    /// Import a text that is not whole (sections its contents list announces, the glossary or the
    /// credits are missing), with a warning naming what is missing
    #[arg(long)]
    pub allow_partial: bool,
    /// Replace an edition of the same name that has more rules or sections, with a warning naming
    /// what it loses
    #[arg(long)]
    pub replace: bool,
}

const IMPORT_HELP: &str = "\
Examples:
  judge corpus import MagicCompRules.txt
  judge corpus import MagicCompRules_20110204.txt --edition en-2011-02-04
  judge corpus import cut.txt --edition en-2011-cut --allow-partial

A text is imported only whole: every section its contents list announces, then the glossary and
the credits. A file cut short is refused with what it lacks (`--allow-partial` takes it anyway).
An edition of the same name is replaced only by one with as many rules and sections or more
(`--replace` replaces it anyway); otherwise the store is left as it was.";

const FETCH_HELP: &str = "\
Examples:
  judge corpus fetch
  judge corpus fetch --url https://media.wizards.com/2026/downloads/MagicCompRules%2020260227.txt
  judge corpus fetch --replace

An answer that begins with `<` (HTML) is read as the page, anything else as the rules text. The
text is checked as an import checks a file (whole, and no smaller than the edition it replaces:
`--allow-partial`, `--replace`), and stored the same way, all or nothing. Redirections
are followed (at most 5), never from https to http; a page over 4 MiB or a text over 16 MiB is
refused. Offline, download the .txt with a browser and run `judge corpus import FILE`.";

#[derive(Debug, Subcommand)]
pub enum CardsCommand {
    /// Import card data files: Scryfall's Oracle Cards (or Default Cards) and Rulings, or MTGJSON's
    /// AtomicCards.json
    #[command(after_help = CARDS_IMPORT_HELP)]
    Import {
        /// The files, of any of those kinds, told apart by their content
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Download Scryfall's Oracle Cards and Rulings files and import them
    #[command(after_help = CARDS_FETCH_HELP)]
    Fetch {
        /// Scryfall's bulk-data listing, which points to the files; https only, http:// only to
        /// 127.0.0.1, ::1 or localhost [default: https://api.scryfall.com/bulk-data]
        #[arg(long, value_name = "URL")]
        url: Option<String>,
    },
    /// What the card store holds: the files imported, and how many cards and rulings (exit 1 when
    /// no card data is imported)
    #[command(after_help = "Examples:\n  judge cards info\n  judge cards info --json")]
    Info {
        #[command(flatten)]
        output: FormatArg,
    },
}

const CARDS_IMPORT_HELP: &str = "\
Examples:
  judge cards import oracle-cards-20260101100000.json rulings-20260101100000.json
  judge cards import rulings-20260201100000.json
  judge cards import AtomicCards.json

Scryfall's bulk files are listed at scryfall.com/docs/api/bulk-data; MTGJSON's AtomicCards.json at
mtgjson.com/downloads. Cards replace the store's cards (tokens, emblems, art cards and the cards of
casual variants are passed over); rulings replace its rulings, attached to the cards by Oracle id;
cards imported alone keep the store's rulings, and rulings imported alone go on the store's cards.
Every file is read and checked before anything is written: a file that is not card data, is cut
short or is not UTF-8 is refused, and the store is left as it was. The same files make the same
store, byte for byte.";

const CARDS_FETCH_HELP: &str = "\
Examples:
  judge cards fetch
  judge cards fetch --url http://127.0.0.1:8080/bulk-data

Reads Scryfall's bulk-data listing, downloads the Oracle Cards file (about 160 MB) and the Rulings
file (about 25 MB) into temporary files, then imports both as `judge cards import` does, all or
nothing. A file over 1 GiB is refused. Offline, download the two files with a browser and run
`judge cards import FILE…`.";

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
