//! The Oracle-text compiler: the abilities of a card face, read from its Oracle text, in the
//! model's vocabulary (`crate::model`), template by template.
//!
//! A face's text is one ability per line (a line of keywords holds several). Each ability is
//! modelled whole or not at all: a sentence the compiler does not understand entirely is listed
//! as unmodelled, with the reason, and never half-modelled. A wrong model is worse than an
//! unmodelled one.

use crate::model::AbilitySpec;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
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
#[derive(Debug, Clone, PartialEq)]
pub struct Compiled {
    /// The ability's text as the Oracle text prints it, reminder text included.
    pub text: String,
    pub kind: Kind,
    /// The ability in the model's vocabulary (static abilities' ids local to the face:
    /// `effect`, `effect-2`…), or why it is left out.
    pub model: Result<Vec<AbilitySpec>, Unmodelled>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmodelled {
    /// Why, in a few words a judge reads beside the text (`a triggered ability: what it does
    /// is not modelled`, `"unless" on a choice the model cannot ask`).
    pub why: String,
}

/// Every ability of the face, in the order of its text.
pub fn compile(face: &FaceText) -> Vec<Compiled> {
    // Until the compiler reads them, every line of the text is left out, whole.
    face.oracle_text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| Compiled {
            text: line.trim().to_string(),
            kind: Kind::Other,
            model: Err(Unmodelled { why: "not read yet".to_string() }),
        })
        .collect()
}
