//! An object's characteristics as the layers change them, and its abilities.

use super::timestamp::Timestamp;
use crate::model::{AbilitySpec, EffectBody};
use serde::Serialize;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Characteristics {
    pub name: String,
    /// Index of the controlling player.
    pub controller: usize,
    pub types: Vec<String>,
    pub subtypes: Vec<String>,
    pub supertypes: Vec<String>,
    /// Colour words in W, U, B, R, G order.
    pub colors: Vec<String>,
    pub abilities: Vec<Ability>,
    pub power: Option<i64>,
    pub toughness: Option<i64>,
    pub mana_value: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// Printed on the object, or copied: its rules text (305.7 removes these).
    RulesText,
    /// The mana ability a basic land type grants (305.6).
    LandType,
    /// Granted by a continuous effect.
    Granted { by: String },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ability {
    /// The id a scenario gives a static ability, else its text.
    pub id: String,
    pub text: String,
    pub origin: Origin,
    /// The continuous effect a static ability generates.
    pub generates: Option<Arc<StaticEffect>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StaticEffect {
    /// A characteristic-defining ability (604.3).
    pub cda: bool,
    pub body: Arc<EffectBody>,
    /// For an ability granted by an effect, that effect's timestamp (613.6a: the later of the two).
    pub granted_at: Option<Timestamp>,
}

impl Eq for StaticEffect {}

impl Ability {
    /// The ability a scenario describes; a static one carries the effect it generates.
    pub fn from_spec(spec: &AbilitySpec, origin: Origin, granted_at: Option<Timestamp>) -> Ability {
        match spec {
            AbilitySpec::Text(text) => Ability { id: text.clone(), text: text.clone(), origin, generates: None },
            AbilitySpec::Static(s) => Ability {
                id: s.id.clone(),
                text: s.text.clone(),
                origin,
                generates: Some(Arc::new(StaticEffect {
                    cda: s.cda,
                    body: Arc::new(s.effect.normalised()),
                    granted_at,
                })),
            },
        }
    }
}

pub const COLORS: [&str; 5] = ["white", "blue", "black", "red", "green"];

pub const CARD_TYPES: [&str; 10] = [
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
    "tribal",
];

pub const SUPERTYPES: [&str; 5] = ["basic", "legendary", "ongoing", "snow", "world"];

pub const BASIC_LAND_TYPES: [(&str, &str); 5] =
    [("plains", "W"), ("island", "U"), ("swamp", "B"), ("mountain", "R"), ("forest", "G")];

impl Characteristics {
    pub fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x == t)
    }

    pub fn has_subtype(&self, t: &str) -> bool {
        self.subtypes.iter().any(|x| x == t)
    }

    pub fn has_supertype(&self, t: &str) -> bool {
        self.supertypes.iter().any(|x| x == t)
    }

    pub fn has_color(&self, c: &str) -> bool {
        self.colors.iter().any(|x| x == c)
    }

    pub fn has_ability(&self, id: &str) -> bool {
        self.abilities.iter().any(|a| a.id == id)
    }

    /// A keyword ability such as deathtouch, however the scenario wrote its id and text.
    pub fn has_keyword(&self, keyword: &str) -> bool {
        self.abilities.iter().any(|a| a.id.eq_ignore_ascii_case(keyword) || a.text.eq_ignore_ascii_case(keyword))
    }

    /// Keeps colours in the rules' own order so output never depends on how they were added.
    pub fn sort_colors(&mut self) {
        self.colors.sort_by_key(|c| COLORS.iter().position(|k| k == c).unwrap_or(COLORS.len()));
        self.colors.dedup();
    }
}

/// Land types (205.3i), for 305.7: an effect that sets a land's type removes all of these.
pub const LAND_TYPES: [&str; 16] = [
    "plains",
    "island",
    "swamp",
    "mountain",
    "forest",
    "desert",
    "gate",
    "lair",
    "locus",
    "mine",
    "power-plant",
    "tower",
    "urza's",
    "cave",
    "sphere",
    "town",
];

/// Subtypes of artifacts, enchantments and spells: with land types, the subtypes that are not
/// creature types. Setting an object's creature types keeps these.
pub const OTHER_NONCREATURE_SUBTYPES: [&str; 14] = [
    "equipment",
    "fortification",
    "contraption",
    "vehicle",
    "clue",
    "food",
    "treasure",
    "aura",
    "shrine",
    "curse",
    "saga",
    "class",
    "arcane",
    "trap",
];

/// True for a subtype that a "becomes the chosen creature type" effect replaces.
pub fn is_creature_type(subtype: &str) -> bool {
    !LAND_TYPES.contains(&subtype) && !OTHER_NONCREATURE_SUBTYPES.contains(&subtype)
}

/// The mana ability a basic land type gives its land (305.6), as printed in the English rules.
pub fn land_type_ability(land_type: &str) -> Option<Ability> {
    let (_, symbol) = BASIC_LAND_TYPES.iter().find(|(t, _)| *t == land_type)?;
    let text = format!("{{T}}: Add {{{symbol}}}.");
    Some(Ability { id: text.clone(), text, origin: Origin::LandType, generates: None })
}

/// Adds `item` unless present, keeping order: types print in the order they were gained.
pub fn add_unique(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|x| x == item) {
        list.push(item.to_string());
    }
}
