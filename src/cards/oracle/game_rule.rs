//! Effects on the rules of the game (613.11 today; 613.10 in 2011): what creatures can attack or
//! block and must (508.1c–d, 509.1b–c), what players can cast, play, activate or spend, what
//! spells and abilities cost (601.2f), untapping (502.3), hand sizes, hands revealed, triggers,
//! winning. The model has no word for these: the effect says the rule in words (`game_rule`),
//! applied after the layers and listed in the answer without its source.
//!
//! So the words say whose rule it is: the sentence as printed with the face's references to
//! itself by its name (`self_ref::named`), after the name and a colon (`Ghostly Prison: Creatures
//! can't attack you unless …`) unless the sentence begins with it (`Goblin Piker can't block.`);
//! "you" is that card's controller (109.5). The sentences of one ability that are all rules make
//! one rule.
//!
//! Only a sentence that says a rule of these kinds and nothing else: each free part of a template
//! (a subject, an `unless` clause) is refused when it holds a verb of an effect the engine
//! computes (`gets`, `has`, `deals`, `draw`…), so that no change to an object or to an event
//! hides behind a rule's words. A sentence that joins a rule to a change of characteristics
//! (`Equipped creature can't be blocked and has shroud.`) makes one effect of each, when each half
//! is read whole.

use super::template::Template;
use super::{layers, self_ref, static_sentence, unmodelled, FaceText, Piece, Pieces, Sentence};
use crate::model::EffectBody;
use regex_lite::Captures;
use std::sync::LazyLock;

/// What a rule says of objects after its subject: restrictions and requirements on attacking
/// and blocking, untapping.
const OBJECT_RULES: &str = r"can't attack(?: or block)?(?: (?P<o1>[^,]+))?|can't block(?: (?P<o2>[^,]+))?|can't be blocked(?: (?P<o3>[^,]+))?|(?:attacks|attack|blocks|block)(?: or blocks| or block)? each (?:combat|turn) if able|can block (?P<o4>[^,]+)|can attack as though (?:it|they) (?:didn't have defender|had haste)|must be blocked(?: (?P<o5>[^,]+?))? if able|(?:doesn't|don't) untap during (?:its controller's|their controllers'|its controllers'|their controller's|your|its owner's) untap steps?";

/// The players a rule may be about.
const PLAYERS: &str =
    r"(?:you|each player|players|each opponent|your opponents|opponents|an opponent|each player (?P<who>who [^,]+?))";

/// The templates of whole sentences, as `self_ref::named` writes them in lower case. Groups
/// named `o…`, `f…`, `who` and `subject` are free words, checked by `plain`; `spells`, too, and
/// it must not be the face itself.
static RULES: LazyLock<Vec<Template>> = LazyLock::new(|| {
    let activated = r"activated abilities(?: of (?P<f1>[^,]+?))?";
    let unless_mana = r"(?: unless they're mana abilities)?";
    let cost = r"(?:\{[^}]+\})+ (?:more|less)";
    [
        format!(r"^(?P<subject>[^,]+?) (?:{OBJECT_RULES})(?:,? and (?:its|their) activated abilities can't be activated{unless_mana})?$"),
        format!(r"^{PLAYERS} can't (?:cast|play) (?P<f1>[^,]+)$"),
        format!(r"^{PLAYERS} can cast (?P<f1>[^,]+?) only (?P<f2>[^,]+)$"),
        format!(r"^{PLAYERS} may (?:cast|play) (?P<f1>[^,]+)$"),
        format!(r"^{PLAYERS} may spend (?P<f1>[^,]+)$"),
        format!(r"^{PLAYERS} (?:have|has) no maximum hand size$"),
        r"^(?:your|each player's|each opponent's|your opponents'|their) maximum hand sizes? (?:is|are) (?P<f1>[^,]+)$".into(),
        format!(r"^{PLAYERS} play with (?:their|your) hands? revealed$"),
        format!(r"^(?:{PLAYERS} )?play with the top card of (?:their|your) librar(?:y|ies) revealed$"),
        format!(r"^{PLAYERS} can't win the game$"),
        format!(r"^{activated} can't be activated{unless_mana}$"),
        format!(r"^(?P<f2>[^,]+?)'s activated abilities can't be activated{unless_mana}$"),
        format!(r"^{activated} cost {cost} to activate(?: (?P<f2>[^,]+))?$"),
        r"^(?P<spells>[^,]*\bspells?\b[^,]*?) can't be (?:cast|countered)$".into(),
        format!(r"^(?P<spells>[^,]*\bspells?\b[^,]*?) costs? {cost} to cast(?: (?P<f1>for each [^,]+))?$"),
        r"^(?P<f1>[^,]+?) entering(?: the battlefield)? (?:don't|doesn't) cause abilities to trigger$".into(),
        r"^all creatures able to block (?P<f1>[^,]+?) do so$".into(),
    ]
    .into_iter()
    .map(Template::new)
    .collect()
});

/// A predicate of a rule on objects, alone (`can't be blocked`), for sentences that join it to a
/// change of characteristics.
static OBJECT_RULE: LazyLock<Template> = LazyLock::new(|| Template::new(format!(r"^(?:{OBJECT_RULES})$")));

/// Two clauses, each a "can't" with its own subject: `You can't lose the game and your
/// opponents can't win the game.`
static CLAUSES: LazyLock<Template> = LazyLock::new(|| {
    Template::new(
        r"^(?P<a>[^,]+? can't [^,]+?) and (?P<b>(?:you|your opponents|each opponent|players|each player) can't [^,]+)$",
    )
});

/// The verbs of effects the engine computes: free words that hold one are not a rule's.
const EFFECT_VERBS: &[&str] = &[
    "get",
    "gets",
    "has",
    "have",
    "is",
    "are",
    "lose",
    "loses",
    "gain",
    "gains",
    "become",
    "becomes",
    "enter",
    "enters",
    "deal",
    "deals",
    "dealt",
    "would",
    "prevent",
    "destroy",
    "destroyed",
    "dies",
    "die",
    "draw",
    "draws",
    "create",
    "creates",
    "put",
    "puts",
    "exile",
    "exiles",
    "sacrifice",
    "sacrifices",
    "return",
    "returns",
    "instead",
    "skip",
    "skips",
    "add",
    "adds",
    "remove",
    "removes",
    "regenerate",
    "copy",
];

/// The verbs that start a predicate, of a rule or of a change of characteristics.
const PREDICATE_VERBS: &[&str] = &[
    "can't", "can", "attacks", "attack", "blocks", "block", "doesn't", "don't", "must", "gets", "get", "has", "have",
    "is", "are", "loses", "lose",
];

const LAYER_VERBS: &[&str] = &["gets", "get", "has", "have", "is", "are", "loses", "lose"];

const SPELL_OWN: &str =
    "a spell's own ability: it works while the card is a spell, and the model's static abilities work on the battlefield only";

/// A rule of the game, when the sentence is one of the templates, whole or joined to a change of
/// characteristics.
pub(super) fn sentence(face: &FaceText, s: &Sentence) -> Option<Pieces> {
    let printed = s.printed?;
    // A granted ability's rule could not say which object it is about.
    if face.name.is_empty() {
        return None;
    }
    // Byte for byte the printed sentence: the cuts of one are the cuts of the other.
    let lower = printed.to_ascii_lowercase();
    let name = face.name.to_ascii_lowercase();
    if spell_own(&lower, &name) {
        return Some(unmodelled(SPELL_OWN));
    }
    if let Some(c) = RULES.iter().find_map(|re| re.captures(&lower)) {
        if free_words_plain(&c, &name) {
            return Some(Ok(vec![rule(face, printed)]));
        }
    }
    mixed(face, printed, &lower).or_else(|| clauses(face, printed, &lower))
}

/// Whether the sentence is an ability the face has as a spell: its cost, "can't be countered",
/// "you may cast ~ …".
fn spell_own(lower: &str, name: &str) -> bool {
    let own = |rest: &str| lower.strip_prefix(name).is_some_and(|r| r.starts_with(rest));
    own(" costs ") || own(" can't be countered") || own(" can't be copied") || lower.contains(&format!("cast {name}"))
}

/// The free words of a template's match are plain, and a spell it names is not the face itself.
fn free_words_plain(c: &Captures, name: &str) -> bool {
    let free = ["subject", "who", "spells", "o1", "o2", "o3", "o4", "o5", "f1", "f2"];
    if c.name("spells").is_some_and(|s| s.as_str().contains(name)) {
        return false;
    }
    free.iter().filter_map(|g| c.name(g)).all(|m| plain(m.as_str()))
}

/// Words with no verb of an effect the engine computes, but in a relative clause (`each player
/// who has cast…`) or a perfect tense (`that player has cast`), and no quote or colon (an
/// ability) or comma (another clause).
fn plain(words: &str) -> bool {
    if words.contains(['"', ':', ';', ',']) {
        return false;
    }
    let tokens: Vec<&str> = words.split_whitespace().collect();
    tokens.iter().enumerate().all(|(i, t)| {
        let relative = i > 0 && matches!(tokens[i - 1], "who" | "that" | "which");
        let perfect = matches!(*t, "has" | "have")
            && tokens.get(i + 1).is_some_and(|next| *next == "cast" || *next == "been" || next.ends_with("ed"));
        relative || perfect || !EFFECT_VERBS.contains(t)
    })
}

/// The rule's effect: the sentence, after the face's name unless it begins with it.
fn rule(face: &FaceText, printed: &str) -> Piece {
    let begins =
        printed.strip_prefix(face.name).is_some_and(|rest| rest.chars().next().is_none_or(|c| !c.is_alphanumeric()));
    let text = if begins { format!("{printed}.") } else { format!("{}: {printed}.", face.name) };
    Piece::Static {
        text: String::new(),
        cda: false,
        effect: EffectBody { game_rule: Some(text), ..Default::default() },
    }
}

/// `<objects> can't be blocked and have shroud`: a rule and a change of characteristics said of
/// one subject, one effect each, when every predicate is read whole.
fn mixed(face: &FaceText, printed: &str, lower: &str) -> Option<Pieces> {
    // A condition may be said of every predicate (`gets +1/+1 and can't be blocked as long as …`).
    if conditional(lower) {
        return None;
    }
    let at = PREDICATE_VERBS.iter().filter_map(|v| lower.find(&format!(" {v} "))).min()?;
    let (subject, preds) = (&printed[..at], &lower[at + 1..]);
    if !plain(&lower[..at]) {
        return None;
    }
    let mut rules: Vec<&str> = Vec::new();
    let mut changes: Vec<&str> = Vec::new();
    let mut first_is_rule = None;
    for (start, end) in predicates(preds) {
        let (pred, shown) = (&preds[start..end], &printed[at + 1 + start..at + 1 + end]);
        let is_rule = match OBJECT_RULE.captures(pred) {
            Some(c) if free_words_plain(&c, "") => true,
            _ if LAYER_VERBS.iter().any(|v| pred.starts_with(&format!("{v} "))) => false,
            _ => return None,
        };
        first_is_rule.get_or_insert(is_rule);
        if is_rule {
            rules.push(shown)
        } else {
            changes.push(shown)
        }
    }
    if rules.is_empty() || changes.is_empty() {
        return None;
    }
    let rule_piece = rule(face, &format!("{subject} {}", joined(&rules)));
    let change = self_ref::normalise(face, &format!("{subject} {}", joined(&changes)));
    let change_pieces = match layers::sentence(face, &change)? {
        Ok(pieces) => pieces,
        Err(e) => return Some(Err(e)),
    };
    let mut out = Vec::new();
    if first_is_rule == Some(true) {
        out.push(rule_piece);
        out.extend(change_pieces);
    } else {
        out.extend(change_pieces);
        out.push(rule_piece);
    }
    Some(Ok(out))
}

/// The predicates of `preds` (byte ranges): cut at `, and `, ` and ` or `, ` before a verb.
fn predicates(preds: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let (mut start, mut at) = (0, 0);
    while at < preds.len() {
        let cut = [", and ", " and ", ", "].iter().find_map(|sep| {
            let after = preds[at..].strip_prefix(sep)?;
            PREDICATE_VERBS.iter().any(|v| after.starts_with(&format!("{v} "))).then_some(sep.len())
        });
        match cut {
            Some(len) => {
                out.push((start, at));
                at += len;
                start = at;
            }
            None => at += preds[at..].chars().next().map_or(1, char::len_utf8),
        }
    }
    out.push((start, preds.len()));
    out
}

/// Whether the words hold a condition, which may be said of more than the clause it ends.
fn conditional(lower: &str) -> bool {
    let lower = lower.replace(" if able", "");
    ["as long as", "unless ", " if ", "during ", "while ", "until "].iter().any(|w| lower.contains(w))
}

/// `a and b`, `a, b, and c`.
fn joined(parts: &[&str]) -> String {
    match parts {
        [one] => one.to_string(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
        [] => String::new(),
    }
}

/// Two clauses, each read whole (`You can't lose the game` and `your opponents can't win the
/// game`).
fn clauses(face: &FaceText, printed: &str, lower: &str) -> Option<Pieces> {
    if conditional(lower) {
        return None;
    }
    let c = CLAUSES.captures(lower)?;
    let (a, b) = (c.name("a")?, c.name("b")?);
    let mut out = Vec::new();
    for part in [&printed[a.range()], &self_ref::capitalised(&printed[b.range()])] {
        let norm = self_ref::normalise(face, part);
        match static_sentence(face, Sentence { norm: &norm, printed: Some(part) }) {
            Ok(pieces) => out.extend(pieces),
            Err(_) => return None,
        }
    }
    Some(Ok(out))
}

/// The pieces of one ability with its rules of the game that follow one another made one rule:
/// `Celestial Dawn: You may spend white mana … . You may spend other mana only …`.
pub(super) fn merged(face: &FaceText, pieces: Vec<Piece>) -> Vec<Piece> {
    let prefix = format!("{}: ", face.name);
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    for piece in pieces {
        if let (Some(next), Some(Piece::Static { effect: last, .. })) = (only_rule(&piece), out.last_mut()) {
            if only_rule_body(last) {
                let text = last.game_rule.get_or_insert_with(String::new);
                text.push(' ');
                text.push_str(next.strip_prefix(&prefix).unwrap_or(next));
                continue;
            }
        }
        out.push(piece);
    }
    out
}

fn only_rule(piece: &Piece) -> Option<&str> {
    match piece {
        Piece::Static { effect, .. } if only_rule_body(effect) => effect.game_rule.as_deref(),
        _ => None,
    }
}

fn only_rule_body(effect: &EffectBody) -> bool {
    effect.game_rule.is_some() && EffectBody { game_rule: None, ..effect.clone() } == EffectBody::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_words_hold_no_effect() {
        assert!(plain("creatures with power greater than the number of cards in your hand"));
        assert!(plain("you unless their controller pays {2} for each creature they control that's attacking you"));
        assert!(plain("each player who has cast a nonartifact spell this turn"));
        assert!(plain("for each other spell that player has cast this turn"));
        assert!(!plain("creatures you control get +1/+1 and ~"));
        assert!(!plain("and has shroud"));
        assert!(!plain("as long as you control a swamp, ~"));
    }

    #[test]
    fn predicates_are_cut_before_their_verbs() {
        let preds = "can't be blocked and has shroud";
        let cut: Vec<&str> = predicates(preds).into_iter().map(|(a, b)| &preds[a..b]).collect();
        assert_eq!(cut, ["can't be blocked", "has shroud"]);
        let preds = "can't attack or block, and its activated abilities can't be activated";
        assert_eq!(predicates(preds).len(), 1);
        assert_eq!(joined(&["a", "b", "c"]), "a, b, and c");
    }
}
