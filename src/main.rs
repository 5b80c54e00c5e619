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
    let code = match cli::run(cli, style) {
        Ok(outcome) => {
            for warning in &outcome.warnings {
                eprintln!("{warning:?}");
            }
            match print(&outcome.stdout) {
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

fn print(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}
