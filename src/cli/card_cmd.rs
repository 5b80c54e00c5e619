//! `judge card NAME`: a card of the library as the engine models it; `--list`: every card.

use super::args::CardArgs;
use super::outcome::{Outcome, Status};
use crate::cards;
use crate::render::{self, Style};

pub fn run(args: &CardArgs, style: Style) -> miette::Result<Outcome> {
    let library = cards::library().map_err(|failed| {
        let files: Vec<&str> = failed.iter().map(|f| f.file).collect();
        miette::miette!("the card library of this build cannot be read ({})", files.join(", "))
    })?;
    if args.list {
        let stdout = if args.json { render::card::list_json(library) } else { render::card::list(library, style) };
        return Ok(Outcome::found(stdout));
    }
    let name = args.name.join(" ");
    let found = library.find(&name).ok_or_else(|| match cards::Cards::library().find(&name) {
        Err(Ok(not_found)) => not_found.closest,
        _ => Vec::new(),
    });
    let (stdout, status) = match found {
        Ok(entry) => {
            let shown = if args.json { render::card::json(entry) } else { render::card::text(entry, style) };
            (shown, Status::Found)
        }
        Err(closest) => {
            let closest: Vec<&str> = closest.iter().map(String::as_str).collect();
            (render::card::not_found(&name, &closest, args.json), Status::NothingFound)
        }
    };
    Ok(Outcome { stdout, warnings: Vec::new(), status, written: Ok(()) })
}
