//! `judge`: parse the arguments, run the command, print, exit with the documented code.

use clap::{CommandFactory, FromArgMatches};
use judge::cli::{self, args::Cli, outcome::ERROR_CODE};
use judge::render::Style;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = parse_arguments();
    let style = Style::detect_with(cli.color);
    miette::set_hook(Box::new(move |_| {
        Box::new(
            miette::MietteHandlerOpts::new()
                .color(style.color)
                .unicode(style.color)
                .width(style.width.map_or(100, usize::from))
                .build(),
        )
    }))
    .ok();
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let code = match cli::run(cli, style, &mut stdout) {
        Ok(outcome) => {
            for warning in &outcome.warnings {
                eprintln!("{warning:?}");
            }
            let printed = outcome
                .written
                .and_then(|()| stdout.write_all(outcome.stdout.as_bytes()))
                .and_then(|()| stdout.flush());
            match printed {
                Ok(()) => outcome.status.code(),
                // A closed pipe (`judge rule 614 | head`) is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => outcome.status.code(),
                Err(e) => {
                    eprintln!("{:?}", miette::miette!("cannot write the output: {e}"));
                    ERROR_CODE
                }
            }
        }
        Err(report) => {
            eprintln!("{report:?}");
            ERROR_CODE
        }
    };
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}

/// The arguments, parsed as `Cli::parse` parses them, but clap's description of the command line
/// is not dropped: freeing its few hundred allocations one by one was 0.13 M instructions of
/// every process (a fifth of `judge --version`), which the system frees whole at exit. It is
/// made once a process.
fn parse_arguments() -> Cli {
    let mut command = Cli::command();
    let parsed = command.try_get_matches_from_mut(std::env::args_os()).and_then(|mut matches| {
        // As `Cli::parse` formats an error of its own.
        Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut Cli::command()))
    });
    std::mem::forget(command);
    parsed.unwrap_or_else(|e| e.exit())
}
