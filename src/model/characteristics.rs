//! An object's characteristics as the layers change them, and its abilities.

use super::timestamp::Timestamp;
use crate::model::{AbilitySpec, EffectBody, Word};
use serde::Serialize;
use std::sync::{Arc, OnceLock};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Characteristics {
    pub name: String,
    /// Index of the controlling player.
    pub controller: usize,
    pub types: Vec<Word>,
    pub subtypes: Vec<Word>,
    pub supertypes: Vec<Word>,
    /// Colour words in W, U, B, R, G order.
    pub colors: Vec<Word>,
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
    Granted { by: Word },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ability {
    /// The id a scenario gives a static ability, else its text.
    pub id: Word,
    pub text: Word,
    pub origin: Origin,
    /// The continuous effect a static ability generates.
    pub generates: Option<Arc<StaticEffect>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StaticEffect {
    /// A characteristic-defining ability (604.3).
    pub cda: bool,
    /// The zones its ability works from, when its text says (113.6b); else the battlefield.
    pub zones: Vec<crate::model::Zone>,
    pub body: Arc<EffectBody>,
    /// For an ability granted by an effect, that effect's timestamp (613.6a: the later of the two).
    pub granted_at: Option<Timestamp>,
}

impl Eq for StaticEffect {}

impl Ability {
    /// The ability a scenario describes; a static one carries the effect it generates.
    pub fn from_spec(spec: &AbilitySpec, origin: Origin, granted_at: Option<Timestamp>) -> Ability {
        match spec {
            // Protection written as a keyword is the static ability it is (702.16e).
            AbilitySpec::Text(text) => Ability {
                id: *text,
                text: *text,
                origin,
                generates: crate::model::protection::prevention(text).map(|body| {
                    Arc::new(StaticEffect {
                        cda: false,
                        zones: Vec::new(),
                        body: Arc::new(body.normalised()),
                        granted_at,
                    })
                }),
            },
            AbilitySpec::Static(s) => Ability {
                id: s.id,
                text: s.text,
                origin,
                generates: Some(Arc::new(StaticEffect {
                    cda: s.cda,
                    zones: s.functions_in.clone(),
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

/// Land types (204.3h in 2011, 205.3i today), for 305.7: an effect that sets a land's type
/// removes all of these.
pub const LAND_TYPES: [&str; 17] = [
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
    "planet",
];

/// Artifact types (204.3f in 2011, 205.3g today).
pub const ARTIFACT_TYPES: [&str; 20] = [
    "attraction",
    "blood",
    "bobblehead",
    "clue",
    "contraption",
    "equipment",
    "food",
    "fortification",
    "gold",
    "incubator",
    "infinity",
    "junk",
    "lander",
    "map",
    "mutagen",
    "powerstone",
    "spacecraft",
    "stone",
    "treasure",
    "vehicle",
];

/// Enchantment types (204.3g in 2011, 205.3h today).
pub const ENCHANTMENT_TYPES: [&str; 12] =
    ["aura", "background", "cartouche", "case", "class", "curse", "role", "room", "rune", "saga", "shard", "shrine"];

/// Spell types, shared by instants and sorceries (204.3j in 2011, 205.3k today).
pub const SPELL_TYPES: [&str; 5] = ["adventure", "arcane", "lesson", "omen", "trap"];

/// Battle types (205.3q today).
pub const BATTLE_TYPES: [&str; 1] = ["siege"];

/// Planeswalker types (204.3i in 2011, 205.3j today).
pub const PLANESWALKER_TYPES: [&str; 79] = [
    "ajani",
    "aminatou",
    "angrath",
    "arlinn",
    "ashiok",
    "bahamut",
    "basri",
    "bolas",
    "calix",
    "chandra",
    "comet",
    "dack",
    "dakkon",
    "daretti",
    "davriel",
    "dihada",
    "domri",
    "dovin",
    "ellywick",
    "elminster",
    "elspeth",
    "estrid",
    "freyalise",
    "garruk",
    "gideon",
    "grist",
    "guff",
    "huatli",
    "jace",
    "jared",
    "jaya",
    "jeska",
    "kaito",
    "karn",
    "kasmina",
    "kaya",
    "kiora",
    "koth",
    "liliana",
    "lolth",
    "lukka",
    "minsc",
    "mordenkainen",
    "nahiri",
    "narset",
    "niko",
    "nissa",
    "nixilis",
    "oko",
    "quintorius",
    "ral",
    "rowan",
    "saheeli",
    "samut",
    "sarkhan",
    "serra",
    "sivitri",
    "sorin",
    "szat",
    "tamiyo",
    "tasha",
    "teferi",
    "teyo",
    "tezzeret",
    "tibalt",
    "tyvar",
    "ugin",
    "urza",
    "venser",
    "vivien",
    "vraska",
    "vronos",
    "will",
    "windgrace",
    "wrenn",
    "xenagos",
    "yanggu",
    "yanling",
    "zariel",
];

/// The card types a subtype is correlated with (204.3c and 204.3f–k in 2011, 205.3d and
/// 205.3g–q today): a land type with land, an artifact type with artifact…, a spell type with
/// instant and sorcery; any other subtype is a creature type, shared by creatures and kindreds
/// (tribals in 2011).
pub fn correlated_types(subtype: &str) -> &'static [&'static str] {
    if LAND_TYPES.contains(&subtype) {
        &["land"]
    } else if ARTIFACT_TYPES.contains(&subtype) {
        &["artifact"]
    } else if ENCHANTMENT_TYPES.contains(&subtype) {
        &["enchantment"]
    } else if SPELL_TYPES.contains(&subtype) {
        &["instant", "sorcery"]
    } else if PLANESWALKER_TYPES.contains(&subtype) {
        &["planeswalker"]
    } else if BATTLE_TYPES.contains(&subtype) {
        &["battle"]
    } else {
        &["creature", "kindred", "tribal"]
    }
}

/// True for a subtype that a "becomes the chosen creature type" effect replaces.
pub fn is_creature_type(subtype: &str) -> bool {
    correlated_types(subtype).contains(&"creature")
}

/// 204.1a in 2011, 205.1a today: when an object loses a card type, the subtypes correlated with
/// it go too, unless they are also the subtypes of a card type it still has. `before` are its
/// card types before the change; true when a subtype went.
pub fn remove_uncorrelated_subtypes(c: &mut Characteristics, before: &[Word]) -> bool {
    let lost: Vec<&Word> = before.iter().filter(|t| !c.has_type(t)).collect();
    if lost.is_empty() {
        return false;
    }
    let types = &c.types;
    let count = c.subtypes.len();
    c.subtypes.retain(|s| {
        let with = correlated_types(s);
        let lost_its_type = lost.iter().any(|t| with.contains(&t.as_str()));
        !lost_its_type || types.iter().any(|t| with.contains(&t.as_str()))
    });
    c.subtypes.len() < count
}

/// 205.3d (in the rules of 2012-10-01 and since; not in those of 2011): an object can't gain a
/// subtype that doesn't correspond to one of its card types. `before` are its subtypes before
/// the change: of those it has now and did not have, the ones that correspond to none of its
/// card types are not gained. Its own subtypes stay, whatever its types. True when one was not
/// gained.
pub fn drop_ungained_subtypes(c: &mut Characteristics, before: &[Word]) -> bool {
    let count = c.subtypes.len();
    let types = &c.types;
    c.subtypes.retain(|s| before.contains(s) || correlated_types(s).iter().any(|t| types.iter().any(|x| x == t)));
    c.subtypes.len() < count
}

/// True when a type change took subtypes away with a card type (204.1a in 2011, 205.1a today):
/// `types` and `subtypes` are the object's before the change, `after` the object after it.
pub fn lost_correlated_subtypes(types: &[Word], subtypes: &[Word], after: &Characteristics) -> bool {
    let had_type = |t: &str| types.iter().any(|x| x == t);
    let lost_type = types.iter().any(|t| !after.has_type(t));
    lost_type
        && subtypes
            .iter()
            .any(|s| !after.has_subtype(s) && correlated_types(s).iter().any(|t| had_type(t) && !after.has_type(t)))
}

/// The mana ability a basic land type gives its land (305.6), as printed in the English rules.
pub fn land_type_ability(land_type: &str) -> Option<Ability> {
    // Written once: a land type set on thousands of lands asks for its ability on each.
    static TEXTS: OnceLock<Vec<Word>> = OnceLock::new();
    let i = BASIC_LAND_TYPES.iter().position(|(t, _)| *t == land_type)?;
    let texts = TEXTS.get_or_init(|| {
        BASIC_LAND_TYPES.iter().map(|(_, symbol)| Word::new(&format!("{{T}}: Add {{{symbol}}}."))).collect()
    });
    let text = texts[i];
    Some(Ability { id: text, text, origin: Origin::LandType, generates: None })
}

/// Adds `item` unless present, keeping order: types print in the order they were gained.
pub fn add_unique(list: &mut Vec<Word>, item: Word) {
    if !list.contains(&item) {
        list.push(item);
    }
}
