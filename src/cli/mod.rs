//! The commands: clap structs in `args`, one handler per command. Handlers return an `Outcome`;
//! only `main` prints, except that `judge resolve` writes its answer to the output `main` gives
//! it as it draws it.

pub(crate) mod args;
mod card_cmd;
mod cards_cmd;
mod check_cmd;
mod citer;
mod config;
mod corpus_cmd;
mod define_cmd;
mod diff_cmd;
mod edition_choice;
mod entry;
mod error;
mod fetch_cmd;
mod html_cmd;
mod index_cmd;
pub(crate) mod outcome;
pub(crate) mod pager;
mod resolve_cmd;
mod rule_cmd;
mod ruling_cmd;
mod scenario_file;
mod search_cmd;
mod settings;
mod shell_cmd;

pub use entry::main;

use args::{CardsCommand, Cli, Command, CorpusCommand};
use config::Config;
use outcome::Outcome;

use crate::render::Style;

pub(crate) fn run(cli: Cli, style: Style, stdout: &mut dyn std::io::Write) -> miette::Result<Outcome> {
    let config = Config::new(cli.data_dir, cli.config);
    let quiet = cli.quiet;
    let imported = config.imported_cards();
    let cards = imported.as_ref().map_or_else(crate::cards::Cards::library, |i| crate::cards::Cards::with_imported(i));
    let mut outcome = match &cli.command {
        Command::Rule(args) => rule_cmd::run(args, &config, style),
        Command::Resolve(args) => resolve_cmd::run(args, &config, &cards, style, quiet, stdout),
        Command::Check(args) => check_cmd::run(args, &config, &cards, quiet, style),
        Command::Ruling(args) => ruling_cmd::run(args, &config, &cards),
        Command::Search(args) => search_cmd::run(args, &config, style),
        Command::Define(args) => define_cmd::run(args, &config, style),
        Command::Card(args) => card_cmd::run(args, &cards, style),
        Command::Corpus(command) => corpus_cmd::run(command, &config, style),
        Command::Cards(command) => cards_cmd::run(command, &config, quiet),
        Command::Index(args) => index_cmd::run(args, &config),
        Command::Diff(args) => diff_cmd::run(args, &config, style),
        Command::Completions(args) => shell_cmd::completions(args),
        Command::Man(args) => shell_cmd::man(args),
    }?;
    // What these print only reports that they did their work, which the exit code says too.
    let imports = matches!(
        cli.command,
        Command::Corpus(CorpusCommand::Import { .. })
            | Command::Cards(CardsCommand::Import { .. } | CardsCommand::Fetch { .. })
            | Command::Index(_)
    );
    if quiet && imports {
        outcome.stdout.clear();
    }
    Ok(outcome)
}
