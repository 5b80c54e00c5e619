//! The Oracle-text compiler: the abilities of a card face, read from its Oracle text, in the
//! model's vocabulary (`crate::model`), template by template.
//!
//! A face's text is one ability per line (a line of keywords holds several). Each ability is
//! modelled whole or not at all: a sentence the compiler does not understand entirely is listed
//! as unmodelled, with the reason, and never half-modelled. A wrong model is worse than an
//! unmodelled one.

mod choice;
mod condition;
mod copy;
mod damage;
mod game_rule;
mod keywords;
mod kind;
mod layers;
mod nouns;
mod reasons;
mod replace;
mod rules;
mod self_ref;
mod split;
mod template;
#[cfg(test)]
mod tests;
mod type_phrase;
mod words;

use crate::model::{AbilitySpec, EffectBody, StaticAbilitySpec, Word, Zone};
use kind::Shape;
use split::Line;

/// What the compiler needs to know of a face.
#[derive(Debug, Clone, Copy)]
pub struct FaceText<'a> {
    /// The face's name, by which its text may refer to itself (`Blood Moon`).
    pub name: &'a str,
    /// The face's card types, lower case (`creature`, `enchantment`): the text may call the face
    /// `this creature`, `this enchantment`.
    pub types: &'a [String],
    /// Its subtypes, lower case (`aura`, `equipment`, `vehicle`).
    pub subtypes: &'a [String],
    pub oracle_text: &'a str,
    /// The keyword abilities the card data lists for the card, as printed.
    pub keywords: &'a [String],
}

/// What kind of ability a text is (113.3; keywords 702).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A keyword ability (702), alone or in a line of keywords.
    Keyword,
    /// A static ability that generates a continuous effect (604, 611.3).
    Static,
    /// A static ability that generates a replacement effect (614).
    Replacement,
    /// A static ability that generates a prevention effect (615).
    Prevention,
    /// A static ability that says something can't happen (101.2).
    Cant,
    /// A characteristic-defining ability (604.3).
    Cda,
    Triggered,
    Activated,
    /// An activated mana ability (605).
    Mana,
    /// The text of an instant or sorcery: its effect is the scenario's events.
    Spell,
    /// Reminder text, flavour words, chapter and level symbols, and what fits no kind above.
    Other,
}

/// One ability of a face, compiled or not.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Compiled {
    /// The ability's text as the Oracle text prints it, reminder text included.
    pub text: String,
    pub kind: Kind,
    /// The ability in the model's vocabulary (static abilities' ids local to the face:
    /// `effect`, `effect-2`…), or why it is left out.
    pub model: Result<Vec<AbilitySpec>, Unmodelled>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Unmodelled {
    /// Why, in a few words a judge reads beside the text (`a triggered ability: what it does
    /// is not modelled`, `"unless" on a choice the model cannot ask`).
    pub why: String,
}

/// The compiler's fingerprint (`build.rs`): what it reads of a text is the same as long as this is.
pub const FINGERPRINT: u64 = include!(concat!(env!("OUT_DIR"), "/compiler.rs"));

/// Every ability of the face, in the order of its text.
pub fn compile(face: &FaceText) -> Vec<Compiled> {
    let mut drafts = Vec::new();
    let mut gate: Option<&'static str> = None;
    for line in split::lines(face.oracle_text) {
        drafts.extend(line_abilities(face, &line, &mut gate));
    }
    numbered(drafts)
}

/// An ability compiled, before the face's static abilities are numbered. A few live while a face
/// compiles: the size of the static variant costs nothing worth a box.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)]
enum Piece {
    Text(String),
    /// A static ability; an empty `text` is the ability's own text.
    Static {
        text: String,
        cda: bool,
        effect: EffectBody,
    },
}

type Pieces = Result<Vec<Piece>, Unmodelled>;

fn why(reason: impl Into<String>) -> Unmodelled {
    Unmodelled { why: reason.into() }
}

fn unmodelled<T>(reason: impl Into<String>) -> Result<T, Unmodelled> {
    Err(why(reason))
}

/// One ability's line, as printed, with what the compiler made of it.
struct Draft {
    text: String,
    kind: Kind,
    pieces: Pieces,
}

/// The abilities of one line: one, or one per keyword of a line of keywords. `gate` is set by a
/// level or a Class's level, whose later abilities work only from that level on.
fn line_abilities(face: &FaceText, line: &Line, gate: &mut Option<&'static str>) -> Vec<Draft> {
    let draft = |kind, pieces| vec![Draft { text: line.text.clone(), kind, pieces }];
    if line.text.len() > split::LONGEST {
        return draft(Kind::Other, unmodelled("a line too long to be an ability"));
    }
    let plain = line.plain.as_str();
    if plain.is_empty() {
        // Reminder text alone: a basic land's mana ability (305.6) is written so.
        let mana = split::reminders(&line.text).into_iter().find_map(|r| mana_reminder(&r));
        return match mana {
            Some(mana) => draft(Kind::Mana, Ok(vec![Piece::Text(mana)])),
            None => draft(Kind::Other, Ok(vec![])),
        };
    }
    if let Some(level) = rules::level_marker(plain) {
        *gate = Some(level.gate);
        return draft(level.kind, level.pieces);
    }
    if kind::chapter(plain) {
        return draft(Kind::Triggered, unmodelled(reasons::TRIGGERED));
    }
    if let Some(parts) = keywords::line(plain, face.keywords) {
        let one = parts.len() == 1;
        return parts
            .into_iter()
            .map(|part| {
                let pieces = match gate {
                    Some(gate) => unmodelled(*gate),
                    None => keywords::ability(&part),
                };
                let text = if one { line.text.clone() } else { part };
                Draft { text, kind: Kind::Keyword, pieces }
            })
            .collect();
    }
    let (_, body) = split::ability_word(plain);
    let norm = self_ref::normalise(face, body);
    let (kind, pieces) = match kind::shape(face, &norm) {
        Shape::Triggered => (Kind::Triggered, unmodelled(reasons::TRIGGERED)),
        Shape::Activated => (Kind::Activated, unmodelled(reasons::ACTIVATED)),
        Shape::Mana => (Kind::Mana, Ok(vec![Piece::Text(plain.to_string())])),
        Shape::Spell => (Kind::Spell, Ok(vec![Piece::Text(plain.to_string())])),
        Shape::Static => match static_ability(face, body, &norm) {
            Ok(pieces) => (kind::of_pieces(&pieces, &norm), Ok(pieces)),
            Err(e) => (kind::of_words(&norm), Err(e)),
        },
    };
    let pieces = match (gate, pieces) {
        (Some(gate), Ok(_)) => unmodelled(*gate),
        (_, pieces) => pieces,
    };
    let pieces = pieces.map(|all| {
        all.into_iter()
            .map(|p| match p {
                Piece::Static { text, cda, effect } if text.is_empty() => {
                    Piece::Static { text: plain.to_string(), cda, effect }
                }
                Piece::Text(text) if text.is_empty() => Piece::Text(plain.to_string()),
                other => other,
            })
            .collect()
    });
    draft(kind, pieces)
}

/// `{T}: Add {G}.` from a reminder text that holds a mana ability, quoted or not.
fn mana_reminder(reminder: &str) -> Option<String> {
    let start = reminder.find("{T}: Add ")?;
    let rest = &reminder[start..];
    let end = rest.find('.')? + 1;
    Some(rest[..end].to_string())
}

/// One sentence of a static ability: as the templates read it (`self_ref::normalise`), and as
/// printed with its self-references by the face's name (`self_ref::named`), the words of a rule
/// of the game, when the two cut into sentences alike.
#[derive(Debug, Clone, Copy)]
struct Sentence<'a> {
    norm: &'a str,
    printed: Option<&'a str>,
}

/// A static ability (`body` as printed, `norm` as read): every sentence read whole, or the
/// reason of the first that is not.
fn static_ability(face: &FaceText, body: &str, norm: &str) -> Pieces {
    let norms = split::sentences(norm);
    if let [offer, otherwise] = norms.as_slice() {
        if let Some(pieces) = replace::unless_paid(offer, otherwise) {
            return pieces;
        }
    }
    let printed = split::sentences(&self_ref::named(face, body));
    let mut pieces = Vec::new();
    for (i, norm) in norms.iter().enumerate() {
        let printed = (printed.len() == norms.len()).then(|| printed[i].as_str());
        pieces.extend(static_sentence(face, Sentence { norm, printed })?);
    }
    if pieces.is_empty() {
        return unmodelled("no sentence to read");
    }
    // A choice made as the face enters is the ability's whole text, the scenario's `chosen:`.
    if pieces.len() > 1 && pieces.iter().any(|p| matches!(p, Piece::Text(_))) {
        return unmodelled("a choice made as it enters, with other effects in the same ability");
    }
    Ok(game_rule::merged(face, pieces))
}

/// One sentence of a static ability, by the first family of templates that knows its shape.
/// The words of a choice the face makes as it enters are first made its placeholder (`the chosen
/// type` → `$chosen_creature_type`, `choice::specific`).
fn static_sentence(face: &FaceText, sentence: Sentence) -> Pieces {
    let specific = choice::specific(face, sentence.norm);
    let sentence = Sentence { norm: &specific, ..sentence };
    let families: [fn(&FaceText, &Sentence) -> Option<Pieces>; 6] = [
        |face, s| choice::sentence(face, s.norm),
        |face, s| copy::sentence(face, s.norm),
        |face, s| replace::sentence(face, s.norm),
        game_rule::sentence,
        |face, s| rules::sentence(face, s.norm),
        |face, s| layers::sentence(face, s.norm),
    ];
    for family in families {
        if let Some(pieces) = family(face, &sentence) {
            return pieces;
        }
    }
    Err(reasons::of(sentence.norm))
}

/// An ability in quotes that an effect grants (`have "{T}: Add {G}."`): a text, or a static
/// ability with an id of its own, its `~` being the object that has it.
fn granted(quoted: &str) -> Result<Vec<AbilitySpec>, Unmodelled> {
    let face = FaceText { name: "", types: &[], subtypes: &[], oracle_text: quoted, keywords: &[] };
    let mut gate = None;
    let mut out = Vec::new();
    for line in split::lines(quoted) {
        for draft in line_abilities(&face, &line, &mut gate) {
            match draft.kind {
                // The engine does nothing with these but carry them: granted whole, as text.
                Kind::Triggered | Kind::Activated | Kind::Mana | Kind::Spell => {
                    out.push(AbilitySpec::Text(Word::new(&line.plain)));
                }
                _ => {
                    let pieces = draft.pieces.map_err(|e| why(format!("it grants an ability left out: {}", e.why)))?;
                    out.extend(pieces.into_iter().map(grant));
                }
            }
        }
    }
    Ok(out)
}

/// An ability a keyword or a template makes for another object to have (layer 6): a text, or
/// a static ability named by its text.
fn grant(piece: Piece) -> AbilitySpec {
    piece.into_spec(crate::cards::default_id)
}

impl Piece {
    /// The ability in the model's vocabulary, a static one with the id `id` makes of its text.
    fn into_spec(self, id: impl FnOnce(&str) -> String) -> AbilitySpec {
        match self {
            Piece::Text(text) => AbilitySpec::Text(Word::new(&text)),
            Piece::Static { text, cda, effect } => AbilitySpec::Static(Box::new(StaticAbilitySpec {
                id: Word::new(&id(&text)),
                text: Word::new(&text),
                cda,
                functions_in: if from_anywhere(&effect) { Zone::EVERY.to_vec() } else { Vec::new() },
                effect,
            })),
        }
    }
}

/// Whether the effect replaces the face itself being put into a graveyard from any zone ("If ~
/// would be put into a graveyard from anywhere"): its ability says it works from every zone
/// (113.6b), where the face may be when that happens.
fn from_anywhere(effect: &EffectBody) -> bool {
    effect.replacement.as_ref().is_some_and(|r| {
        r.event == Some(crate::model::EventKindSpec::Move)
            && r.object.as_ref().is_some_and(|o| o.itself)
            && r.from.is_none()
            && r.to == Some(Zone::Graveyard)
    })
}

/// The face's abilities with their static abilities numbered in order: `effect` when there is
/// one, `effect`, `effect-2`… when there are more.
fn numbered(drafts: Vec<Draft>) -> Vec<Compiled> {
    let mut n = 0;
    let mut next_id = |_: &str| {
        n += 1;
        match n {
            1 => "effect".to_string(),
            _ => format!("effect-{n}"),
        }
    };
    drafts
        .into_iter()
        .map(|d| Compiled {
            text: d.text,
            kind: d.kind,
            model: d.pieces.map(|pieces| pieces.into_iter().map(|p| p.into_spec(&mut next_id)).collect()),
        })
        .collect()
}
