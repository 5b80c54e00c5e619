//! The process: parse the arguments, run the command, print (through a pager when it is long and
//! on a terminal), and give the documented exit code.

use super::args::Cli;
use super::outcome::{to_stderr, ERROR_CODE};
use super::pager;
use crate::render::Style;
use clap::Parser;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// What `judge` does, from its arguments to its exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let style = Style::detect_with(cli.color);
    miette::set_hook(Box::new(move |_| {
        crate::diagnostic::report::handler(style.color, style.width.map_or(100, usize::from))
    }))
    .ok();
    let pager = pager::chosen(cli.no_pager, std::io::stdout().is_terminal(), std::env::var_os("PAGER"));
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let code = match super::run(cli, style, &mut stdout) {
        Ok(outcome) => {
            for warning in &outcome.warnings {
                to_stderr(format_args!("{warning:?}"));
            }
            let paged = match &pager {
                Some(pager) if pager::too_long(&outcome.stdout, pager::rows()) => {
                    stdout.flush().and_then(|()| pager::page(pager, &outcome.stdout))
                }
                _ => Ok(false),
            };
            let printed = outcome.written.and_then(|()| match paged {
                Ok(true) => Ok(()),
                Ok(false) => stdout.write_all(outcome.stdout.as_bytes()).and_then(|()| stdout.flush()),
                Err(e) => Err(e),
            });
            match printed {
                Ok(()) => outcome.status.code(),
                // A closed pipe (`judge rule 614 | head`) is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => outcome.status.code(),
                Err(e) => {
                    to_stderr(format_args!("{:?}", miette::miette!("cannot write the output: {e}")));
                    ERROR_CODE
                }
            }
        }
        Err(report) => {
            to_stderr(format_args!("{report:?}"));
            ERROR_CODE
        }
    };
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}
