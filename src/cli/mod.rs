//! The commands: clap structs in `args`, one handler per command. Handlers return an `Outcome`;
//! only `main` prints.

pub mod args;
mod check_cmd;
mod config;
mod error;
pub mod outcome;
mod resolve_cmd;
mod rule_cmd;
mod scenario_file;

use args::{Cli, Command};
use config::Config;
use outcome::Outcome;

use crate::render::Style;

pub fn run(cli: Cli, style: Style) -> miette::Result<Outcome> {
    let config = Config::new(cli.data_dir);
    match &cli.command {
        Command::Rule(args) => rule_cmd::run(args, &config, style),
        Command::Resolve(args) => resolve_cmd::run(args, &config, style),
        Command::Check(args) => check_cmd::run(args),
        Command::Search(_) | Command::Define(_) | Command::Corpus(_) | Command::Index(_) => {
            Err(miette::miette!("not built yet"))
        }
    }
}
