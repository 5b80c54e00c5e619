//! `judge card NAME`: a card as a judge looks it up and as the engine models it; `--list`: the
//! hand-modelled library.

use super::args::{CardArgs, Format};
use super::outcome::{Outcome, Status};
use crate::cards::{self, Cards};
use crate::render::{self, Style};
use miette::Diagnostic;

/// A part of a name that begins the words of one card's name only: that card is shown, and this
/// says which name was read.
#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("no card is named `{typed}`; showing {name}, the one card whose name begins with those words")]
#[diagnostic(severity(Advice))]
struct TakenFor {
    typed: String,
    name: String,
}

pub fn run(args: &CardArgs, cards: &Cards, style: Style) -> miette::Result<Outcome> {
    let format = args.output.chosen();
    if args.list {
        let library = cards::library().map_err(|failed| {
            let files: Vec<&str> = failed.iter().map(|f| f.file).collect();
            miette::miette!("the card library of this build cannot be read ({})", files.join(", "))
        })?;
        let stdout = match format {
            Format::Table => render::card::list(library, style),
            Format::Json => render::card::list_json(library),
            Format::Markdown => render::card::list_markdown(library),
        };
        return Ok(Outcome::found(stdout));
    }
    let typed = args.name.join(" ");
    let mut warnings = Vec::new();
    let mut found = cards.find(&typed);
    // A part of a name (`rest`): the card when one name begins with those words, else the
    // names that do, before those a typo away.
    let mut closest = Vec::new();
    if let Err(Ok(_)) = &found {
        closest = cards.partial(&typed);
        if let [name] = closest.as_slice() {
            found = cards.find(name);
            warnings.push(TakenFor { typed: typed.clone(), name: name.clone() }.into());
        }
    }
    let (stdout, status) = match found {
        Ok(found) => {
            let view = cards::view(&found, cards).map_err(|e| miette::miette!("{e}"))?;
            let shown = match format {
                Format::Table => render::card::text(&view, style),
                Format::Json => render::card::json(&view),
                Format::Markdown => render::card::markdown(&view),
            };
            (shown, Status::Found)
        }
        Err(Ok(not_found)) => {
            let closest = if closest.is_empty() { not_found.closest } else { closest };
            (render::card::not_found(&typed, &closest, cards.has_imported(), format), Status::NothingFound)
        }
        Err(Err(unreadable)) => return Err(miette::miette!("{unreadable}")),
    };
    Ok(Outcome { stdout, warnings, status, written: Ok(()) })
}
