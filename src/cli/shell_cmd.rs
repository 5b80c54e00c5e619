//! `judge completions SHELL` and `judge man [COMMAND…]`: what a shell and `man` need, generated
//! from the clap definitions so that they never fall behind the commands.

use super::args::{Cli, CompletionsArgs, ManArgs};
use super::outcome::Outcome;
use clap::CommandFactory;
use miette::Diagnostic;

#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("`{path}` is not a command of judge")]
#[diagnostic(code(judge::unknown_command), help("the commands of `{parent}`: {known}"))]
struct UnknownCommand {
    path: String,
    parent: String,
    known: String,
}

pub fn completions(args: &CompletionsArgs) -> miette::Result<Outcome> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "judge", &mut script);
    let script = String::from_utf8(script).map_err(|e| miette::miette!("the completion script is not UTF-8: {e}"))?;
    let script = match args.shell {
        clap_complete::Shell::Bash => bash_editions(&script),
        _ => script,
    };
    Ok(Outcome::found(script))
}

/// What bash offers after an option that names an edition: the editions of the data directory,
/// as `judge corpus list --names` lists them when the judge presses Tab, rather than file names.
const BASH_EDITIONS: &str = r#"COMPREPLY=($(compgen -W "$(judge corpus list --names 2>/dev/null)" -- "${cur}"))"#;

/// The bash script with the completion of `--edition` and `--in` (clap's offers file names, or
/// nothing) made [`BASH_EDITIONS`].
fn bash_editions(script: &str) -> String {
    let mut out = String::with_capacity(script.len());
    let mut lines = script.lines();
    while let Some(line) = lines.next() {
        out.push_str(line);
        out.push('\n');
        if matches!(line.trim(), "--edition)" | "--in)") {
            if let Some(completion) = lines.next() {
                let indent = &completion[..completion.len() - completion.trim_start().len()];
                out.push_str(indent);
                out.push_str(BASH_EDITIONS);
                out.push('\n');
            }
        }
    }
    out
}

pub fn man(args: &ManArgs) -> miette::Result<Outcome> {
    // Built as clap_mangen builds it for its files: the `help` pseudo-command has no page, and
    // building names the subcommands `judge-resolve`, the names of their pages.
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
    if let Some(dir) = &args.out_dir {
        write_pages(&root, dir)
            .map_err(|e| miette::miette!("cannot write the manual pages into `{}`: {e}", dir.display()))?;
        return Ok(Outcome::found(String::new()));
    }
    let mut page = &root;
    for name in &args.command {
        page = page.find_subcommand(name).ok_or_else(|| UnknownCommand {
            path: args.command.join(" "),
            parent: page.get_display_name().unwrap_or("judge").replace('-', " "),
            known: page.get_subcommands().map(|c| c.get_name()).collect::<Vec<_>>().join(", "),
        })?;
    }
    let mut roff = Vec::new();
    page_of(page).render(&mut roff).map_err(|e| miette::miette!("cannot render the manual page: {e}"))?;
    let roff = String::from_utf8(roff).map_err(|e| miette::miette!("the manual page is not UTF-8: {e}"))?;
    Ok(Outcome::found(roff))
}

/// Every page names the version of judge; clap_mangen would give a subcommand's own, which is none.
fn page_of(command: &clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(command.clone()).source(format!("judge {}", env!("CARGO_PKG_VERSION")))
}

/// `judge.1`, then one page per command and subcommand (`judge-corpus-import.1`).
fn write_pages(command: &clap::Command, dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    page_of(command).generate_to(dir)?;
    for sub in command.get_subcommands() {
        write_pages(sub, dir)?;
    }
    Ok(())
}
