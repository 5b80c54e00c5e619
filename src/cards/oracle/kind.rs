//! What kind of ability a line is, from its shape (113.3): triggered (`When`, `Whenever`, `At`,
//! a saga's chapter), activated (`cost: effect`), a mana ability among those (605.1a), the text
//! of an instant or sorcery, or a static ability; and, for a static ability, which kind of
//! effect it generates.

use super::template::Template;
use super::{FaceText, Kind, Piece};
use std::sync::LazyLock;

/// The shape of a line, before its static abilities are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    Triggered,
    Activated,
    Mana,
    Spell,
    Static,
}

/// A saga's chapter line (714.2b: chapter abilities are triggered abilities).
static CHAPTER: LazyLock<Template> = LazyLock::new(|| Template::new(r"^[IVX]+(, [IVX]+)* —"));

/// Whether a line as printed is a saga's chapter.
pub(super) fn chapter(plain: &str) -> bool {
    CHAPTER.is_match(plain)
}

/// The shape of a normalised line (`self_ref::normalise`, ability word taken off).
pub(super) fn shape(face: &FaceText, norm: &str) -> Shape {
    if ["when ", "whenever ", "at the beginning ", "at end of ", "at the end of "].iter().any(|w| norm.starts_with(w)) {
        return Shape::Triggered;
    }
    if let Some(colon) = super::split::outside_quotes(norm, ":") {
        let (cost, effect) = (&norm[..colon], norm[colon + 1..].trim());
        let clause = [" would ", "if ", "as long as", "instead"].iter().any(|w| cost.contains(w));
        if !clause {
            let mana = effect.starts_with("add ") && !effect.contains("target");
            return if mana { Shape::Mana } else { Shape::Activated };
        }
    }
    let spell = face.types.iter().any(|t| t.eq_ignore_ascii_case("instant") || t.eq_ignore_ascii_case("sorcery"));
    // A spell's own static abilities (it functions on the stack or in a hand) are not its effect.
    let own_static = ["~ costs", "~ can't be countered", "you may cast ~", "~ can't be copied", "~ is "]
        .iter()
        .any(|w| norm.starts_with(w));
    if spell && !own_static {
        return Shape::Spell;
    }
    Shape::Static
}

/// The kind of a static ability from what it compiled to: its first effect that is not a rule
/// of the game says it. A text (a choice made as it enters) and rules of the game alone are
/// read from the words (`can't attack` is a "can't").
pub(super) fn of_pieces(pieces: &[Piece], norm: &str) -> Kind {
    let first = pieces.iter().find_map(|piece| match piece {
        Piece::Static { cda, effect, .. } if effect.game_rule.is_none() => Some((*cda, effect)),
        _ => None,
    });
    let Some((cda, effect)) = first else {
        return match of_words(norm) {
            Kind::Cant => Kind::Cant,
            _ if pieces.iter().all(|p| matches!(p, Piece::Static { .. })) => Kind::Static,
            words => words,
        };
    };
    match &effect.replacement {
        _ if cda => Kind::Cda,
        Some(r) if r.cant => Kind::Cant,
        // "Damage can't be prevented" is a rule of prevention (615.12 today).
        Some(r) if r.prevent.is_some() || r.shield.is_some() || r.unpreventable => Kind::Prevention,
        Some(_) => Kind::Replacement,
        None => Kind::Static,
    }
}

/// The kind of a static ability the compiler could not read, from its words: "As this enters"
/// and "enter as a copy" are replacement effects too (614.1c).
pub(super) fn of_words(norm: &str) -> Kind {
    let cda = ["'s power and toughness are each equal", "'s power is equal", "'s toughness is equal"]
        .iter()
        .any(|w| norm.contains(w))
        || ["~ is all colors", "~ is every creature type", "~ is colorless"].iter().any(|w| norm.starts_with(w));
    if cda {
        Kind::Cda
    } else if norm.contains("prevent") {
        Kind::Prevention
    } else if norm.contains("can't") {
        Kind::Cant
    } else if (norm.contains(" would ") && norm.contains("instead"))
        || [
            "enters tapped",
            "enter tapped",
            "enters with",
            "enter with",
            "enter as",
            "enters as",
            "as ~ enters",
            "skip",
        ]
        .iter()
        .any(|w| norm.contains(w))
    {
        Kind::Replacement
    } else {
        Kind::Static
    }
}
