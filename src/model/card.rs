//! What a card brings to an object of a scenario that names it (`- card: Humility`): its
//! characteristics and its abilities in the model's vocabulary, and the texts of the abilities
//! the model cannot express. The card library makes these, from the hand-modelled cards or from
//! Oracle text; a scenario's own keys override them.

use super::ability::AbilitySpec;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct CardObject {
    /// The name of the card, or of the face the scenario named.
    pub name: String,
    pub mana_value: Option<i64>,
    /// Colour words, `white` … `green`.
    pub colors: Vec<String>,
    pub types: Vec<String>,
    pub subtypes: Vec<String>,
    pub supertypes: Vec<String>,
    /// `None` where the card has none, and where it is `*` and no ability the model expresses
    /// defines it (604.3): the scenario then gives it.
    pub power: Option<i64>,
    pub toughness: Option<i64>,
    /// A planeswalker's printed loyalty (306.5b: it enters with that many loyalty counters).
    pub loyalty: Option<i64>,
    /// A battle's printed defense (310.4b: it enters with that many defense counters).
    pub defense: Option<i64>,
    /// Static abilities' ids are the card's own (`effect`); the scenario prefixes them with the
    /// object's id.
    pub abilities: Vec<AbilitySpec>,
    /// The texts of its abilities that the model cannot express: an answer that uses the card
    /// leaves them out and says so.
    pub unmodelled: Vec<String>,
}
