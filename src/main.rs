//! `judge`: parse the arguments, run the command, print, exit with the documented code.

use clap::Parser;
use judge::cli::{self, args::Cli, outcome::ERROR_CODE};
use judge::render::Style;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
