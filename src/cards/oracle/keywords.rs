//! Keyword abilities (702): a line of keywords read one by one, each by the kind the keyword
//! rules give it (`rules-corpus/keywords.tsv`). A static keyword the engine only needs to see is
//! a plain lower-case text (`flying`, `enchant creature`); indestructible, protection, absorb
//! and devoid are written out as the static abilities they are; a triggered or activated
//! keyword, or one whose effect the model cannot carry, is left out with the reason.

use super::nouns;
use super::words;
use super::{unmodelled, Piece, Pieces};
use crate::data_file::records;
use crate::model::{EffectBody, EventKindSpec, PreventSpec, ReplacementSpec, SelectorSpec, SetChange};
use std::sync::LazyLock;

/// One keyword of `rules-corpus/keywords.tsv`.
#[derive(Debug)]
struct Entry {
    name: String,
    kind: String,
    model: String,
}

static KEYWORDS: LazyLock<Vec<Entry>> = LazyLock::new(|| {
    let mut entries: Vec<Entry> = records(include_str!("../../../rules-corpus/keywords.tsv"))
        .filter_map(|record| {
            let [name, _rule, kind, model] = record.fields[..] else { return None };
            Some(Entry { name: name.to_string(), kind: kind.to_string(), model: model.to_string() })
        })
        .collect();
    // Longest first: `partner with` before `partner`, `double strike` before any prefix.
    entries.sort_by_key(|e| std::cmp::Reverse(e.name.len()));
    entries
});

/// The keywords of a line, each as printed, when every part of the line is one.
pub(super) fn line(plain: &str, listed: &[String]) -> Option<Vec<String>> {
    let plain = plain.trim();
    if plain.is_empty() {
        return None;
    }
    let mut parts: Vec<String> = Vec::new();
    for piece in plain.split([',', ';']) {
        let piece = piece.trim();
        match parts.last_mut() {
            // A cost after a dash runs to the end of the line, commas included.
            Some(last) if last.contains('—') => {
                last.push_str(", ");
                last.push_str(piece);
            }
            // `protection from red, from blue, and from green`: one keyword's qualities;
            // `enchant creature, land, or planeswalker`: one keyword's objects.
            Some(last)
                if piece.starts_with("from ")
                    || piece.starts_with("and from ")
                    || (last.to_lowercase().starts_with("enchant ") && known(piece).is_none()) =>
            {
                last.push_str(", ");
                last.push_str(piece);
            }
            _ => parts.push(piece.trim_start_matches("and ").to_string()),
        }
    }
    parts.iter().all(|p| known(p).is_some() || listed_keyword(p, listed)).then_some(parts)
}

/// A part that starts with a keyword the card data lists, though the rules file lacks it.
fn listed_keyword(part: &str, listed: &[String]) -> bool {
    let lower = part.to_lowercase();
    listed.iter().any(|k| {
        let k = k.to_lowercase();
        lower == k || (lower.starts_with(&format!("{k} ")) && parameter(&lower[k.len()..], &k))
    })
}

/// The entry of a keyword as printed (`Bushido 1`, `islandwalk`, `Swampcycling {2}`), if the
/// whole of it is the keyword and its parameter.
fn known(part: &str) -> Option<&'static Entry> {
    let lower = part.to_lowercase();
    let lower = lower.trim_end_matches('.');
    let named = |name: &str| KEYWORDS.iter().find(|e| e.name == name);
    // Landwalk and typecycling are written as one word with their quality.
    let first = lower.split([' ', '—']).next().unwrap_or_default();
    if first.ends_with("walk") && first.len() > 4 && lower.len() == first.len() {
        return named("landwalk");
    }
    if first.ends_with("cycling") {
        return named("cycling");
    }
    if lower.starts_with("nonbasic landwalk") || lower.starts_with("legendary landwalk") {
        return named("landwalk");
    }
    KEYWORDS.iter().find(|e| {
        lower.strip_prefix(e.name.as_str()).is_some_and(|rest| {
            (rest.is_empty() || rest.starts_with([' ', '—'])) && parameter(rest, &e.name) && period_fits(part, rest)
        })
    })
}

/// A period closes a keyword line only after a cost written out in words (`—Pay 2 life.`).
fn period_fits(part: &str, rest: &str) -> bool {
    !part.trim_end().ends_with('.') || rest.contains('—')
}

/// Whether `rest` reads as the parameter of the keyword `name`: nothing, a number, a mana cost,
/// a cost after a dash, or the quality of those keywords that take one.
fn parameter(rest: &str, name: &str) -> bool {
    let rest = rest.trim().trim_end_matches('.');
    if rest.is_empty() || rest.starts_with('—') {
        return true;
    }
    let number = |s: &str| s == "x" || s.parse::<u32>().is_ok();
    let cost = |s: &str| s.starts_with('{') && s.ends_with('}') && !s.contains(' ');
    if number(rest) || cost(rest) {
        return true;
    }
    // `Suspend 4—{1}{U}`, `Awaken 3—{4}{U}{U}`.
    if let Some((n, _)) = rest.split_once('—') {
        return number(n.trim()) || cost(n.trim());
    }
    match name {
        "protection" | "hexproof" => rest.starts_with("from "),
        "affinity" => rest.starts_with("for "),
        "enchant" | "partner with" | "equip" => !rest.contains(':'),
        _ => false,
    }
}

/// The ability a keyword of a face's line is: text, a static ability, or why it is left out.
pub(super) fn ability(printed: &str) -> Pieces {
    let text = words::lower_outside_braces(printed.trim().trim_end_matches('.'));
    let Some(entry) = known(printed) else {
        return unmodelled("a keyword the compiler does not know");
    };
    match entry.model.as_str() {
        "text" => Ok(vec![Piece::Text(text)]),
        "indestructible" => Ok(vec![own(&text, false, destroy_cant())]),
        "devoid" => Ok(vec![own(
            &text,
            true,
            EffectBody {
                affects: Some(nouns::itself()),
                colors: Some(SetChange { set: Some(vec![]), ..Default::default() }),
                ..Default::default()
            },
        )]),
        "absorb" => {
            let n = text.trim_start_matches("absorb").trim().parse::<i64>();
            match n {
                Ok(n) => Ok(vec![own(&text, false, prevention(None, PreventSpec::Amount(n)))]),
                Err(_) => unmodelled("absorb X: a number the model does not know"),
            }
        }
        "protection" => protection(&text),
        _ => unmodelled(match (entry.kind.as_str(), entry.name.as_str()) {
            ("triggered", _) => "a triggered keyword: what it does is not modelled",
            ("activated", _) => "an activated keyword: what it does is not modelled",
            ("static+triggered", _) => "a keyword with a triggered part: what it does is not modelled",
            (_, "changeling") => "changeling: the model has no word for every creature type",
            (_, "phasing") => "phasing: the model has no phased-out permanents",
            (_, "toxic") => "toxic: the engine gives no poison counters for it",
            (_, "dredge") => "dredge: a choice, and from the graveyard, where the model's static abilities do not work",
            _ => "a static keyword whose effect the model cannot carry (a choice, a condition or a designation)",
        }),
    }
}

/// A keyword another object gets from an effect (`have prowess`): what the engine does with a
/// triggered or activated ability is carry it, so those are granted as their text.
pub(super) fn granted(printed: &str) -> Pieces {
    match known(printed) {
        Some(e) if matches!(e.kind.as_str(), "triggered" | "activated" | "static+triggered") => {
            Ok(vec![Piece::Text(words::lower_outside_braces(printed.trim()))])
        }
        _ => ability(printed),
    }
}

/// Protection (702.16e): the damage its sources would deal is prevented. Each quality is one
/// ability (702.16g: "from A and from B").
fn protection(text: &str) -> Pieces {
    let qualities: Vec<&str> = text
        .trim_start_matches("protection")
        .split("from ")
        .map(|q| q.trim().trim_end_matches(',').trim_end_matches(" and").trim_end_matches(',').trim())
        .filter(|q| !q.is_empty())
        .collect();
    if qualities.is_empty() {
        return unmodelled("protection from what: not said");
    }
    let mut pieces = Vec::new();
    for quality in qualities {
        let source = match quality {
            "everything" => None,
            "all colors" | "each color" => {
                Some(SelectorSpec { colors: crate::model::words(&words::COLORS), ..Default::default() })
            }
            "$chosen_player" => {
                return unmodelled("protection from the chosen player: from what that player controls or owns (702.16k), which the model's selectors cannot say")
            }
            _ => match nouns::quality(quality) {
                Ok(s) => Some(s),
                Err(e) => return Err(e),
            },
        };
        pieces.push(own(&format!("protection from {quality}"), false, prevention(source, PreventSpec::All)));
    }
    Ok(pieces)
}

fn own(text: &str, cda: bool, effect: EffectBody) -> Piece {
    Piece::Static { text: text.to_string(), cda, effect }
}

/// Indestructible (702.12b): the permanent can't be destroyed.
fn destroy_cant() -> EffectBody {
    EffectBody {
        replacement: Some(ReplacementSpec {
            event: Some(EventKindSpec::Destroy),
            object: Some(nouns::itself()),
            cant: true,
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// Damage to this object from `source` (any source when `None`) prevented.
fn prevention(source: Option<SelectorSpec>, prevent: PreventSpec) -> EffectBody {
    EffectBody {
        replacement: Some(ReplacementSpec {
            event: Some(EventKindSpec::Damage),
            object: Some(nouns::itself()),
            source,
            prevent: Some(prevent),
            ..Default::default()
        }),
        ..Default::default()
    }
}
