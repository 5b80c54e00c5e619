//! Effects on players (613.9; 613.10 today), and the level markers of leveler cards (711) and
//! Classes (716), whose later abilities work only from a level on. The rules of the game are
//! `game_rule`'s.

use super::{nouns, reasons, unmodelled, FaceText, Kind, Piece, Pieces};
use crate::model::{EffectBody, PlayerEffectSpec};

/// A line that marks a level, what it is, and the reason every later ability of the face is
/// left out.
pub(super) struct Level {
    pub kind: Kind,
    pub pieces: Pieces,
    pub gate: &'static str,
}

const LEVEL_GATE: &str = "an ability of a level (711): it works only from that level on, a condition the model lacks";
const CLASS_GATE: &str =
    "an ability of a Class's level (716): it works only from that level on, a condition the model lacks";

pub(super) fn level_marker(plain: &str) -> Option<Level> {
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if let Some(range) = plain.strip_prefix("LEVEL ") {
        let range = range.trim_end_matches('+');
        if range.split('-').all(digits) {
            return Some(Level { kind: Kind::Other, pieces: Ok(vec![]), gate: LEVEL_GATE });
        }
    }
    if let Some((p, t)) = plain.split_once('/') {
        if digits(p) && digits(t) {
            return Some(Level { kind: Kind::Other, pieces: Ok(vec![]), gate: LEVEL_GATE });
        }
    }
    if plain.rsplit_once(": Level ").is_some_and(|(_, n)| digits(n)) {
        return Some(Level { kind: Kind::Activated, pieces: unmodelled(reasons::ACTIVATED), gate: CLASS_GATE });
    }
    None
}

/// An effect on players, when the sentence is one of their templates.
pub(super) fn sentence(_face: &FaceText, s: &str) -> Option<Pieces> {
    players(s)
}

/// `You have hexproof.`, `Players have shroud.`: what players gain (613.9).
fn players(s: &str) -> Option<Pieces> {
    let (who, what) = s.split_once(" have ").or_else(|| s.split_once(" has "))?;
    let affects = nouns::players(who)?;
    let gains: Vec<String> = what.split(" and ").map(str::trim).map(str::to_string).collect();
    if !gains.iter().all(|g| matches!(g.as_str(), "shroud" | "hexproof")) {
        return None;
    }
    Some(Ok(vec![Piece::Static {
        text: String::new(),
        cda: false,
        effect: EffectBody { players: Some(PlayerEffectSpec { affects, gains }), ..Default::default() },
    }]))
}
