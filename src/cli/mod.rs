//! The commands: clap structs in `args`, one handler per command. Handlers return an `Outcome`;
//! only `main` prints.

pub mod args;
mod card_cmd;
mod check_cmd;
mod citer;
mod config;
mod corpus_cmd;
mod define_cmd;
mod diff_cmd;
mod edition_choice;
mod error;
mod fetch_cmd;
mod index_cmd;
pub mod outcome;
mod resolve_cmd;
mod rule_cmd;
mod ruling_cmd;
mod scenario_file;
mod search_cmd;
mod settings;

use args::{Cli, Command};
use config::Config;
use outcome::Outcome;

use crate::render::Style;

pub fn run(cli: Cli, style: Style) -> miette::Result<Outcome> {
    let config = Config::new(cli.data_dir, cli.config);
    match &cli.command {
        Command::Rule(args) => rule_cmd::run(args, &config, style),
        Command::Resolve(args) => resolve_cmd::run(args, &config, style),
        Command::Check(args) => check_cmd::run(args),
        Command::Ruling(args) => ruling_cmd::run(args, &config),
        Command::Search(args) => search_cmd::run(args, &config, style),
        Command::Define(args) => define_cmd::run(args, &config, style),
        Command::Card(args) => card_cmd::run(args, style),
        Command::Corpus(command) => corpus_cmd::run(command, &config, style),
        Command::Index(args) => index_cmd::run(args, &config),
        Command::Diff(args) => diff_cmd::run(args, &config, style),
    }
}
