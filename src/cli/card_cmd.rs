//! `judge card NAME`: a card as a judge looks it up and as the engine models it; `--list`: the
//! hand-modelled library.

use super::args::CardArgs;
use super::outcome::{Outcome, Status};
use crate::cards::{self, Cards};
use crate::render::{self, Style};

pub fn run(args: &CardArgs, cards: &Cards, style: Style) -> miette::Result<Outcome> {
    if args.list {
        let library = cards::library().map_err(|failed| {
            let files: Vec<&str> = failed.iter().map(|f| f.file).collect();
            miette::miette!("the card library of this build cannot be read ({})", files.join(", "))
        })?;
        let stdout = if args.json { render::card::list_json(library) } else { render::card::list(library, style) };
        return Ok(Outcome::found(stdout));
    }
    let name = args.name.join(" ");
    let (stdout, status) = match cards.find(&name) {
        Ok(found) => {
            let view = cards::view(&found, cards).map_err(|e| miette::miette!("{e}"))?;
            let shown = if args.json { render::card::json(&view) } else { render::card::text(&view, style) };
            (shown, Status::Found)
        }
        Err(Ok(not_found)) => {
            (render::card::not_found(&name, &not_found.closest, cards.has_imported(), args.json), Status::NothingFound)
        }
        Err(Err(unreadable)) => return Err(miette::miette!("{unreadable}")),
    };
    Ok(Outcome { stdout, warnings: Vec::new(), status, written: Ok(()) })
}
