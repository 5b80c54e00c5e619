//! The scenario file as written by a judge: its own structure (players, objects, effects,
//! events, what is asked and expected), in the vocabulary of the game model (`crate::model`),
//! whose types it reads directly. The scenario book, `docs/scenario/`, documents every field with an example.

pub use crate::model::*;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A scenario as read: the file's entries, each object made whole (`card.rs`).
#[derive(Debug, Clone)]
pub struct ScenarioSpec {
    pub title: String,
    /// The judge call, as the players asked it.
    pub question: Option<String>,
    /// The edition whose rules the answer cites; the command line can override it.
    pub edition: Option<String>,
    /// The step of the active player's turn the events happen in.
    pub step: Option<crate::model::Step>,
    pub players: Vec<PlayerSpec>,
    pub objects: Vec<ObjectSpec>,
    /// Continuous effects from the resolution of spells and abilities (611.2).
    pub effects: Vec<ResolvedEffectSpec>,
    /// For things that got a timestamp at the same time, the order the active player chose (613.6g).
    pub timestamp_order: Vec<String>,
    pub ask: AskSpec,
    /// The expected answer, object id → characteristics; only what is listed is checked.
    pub expect: BTreeMap<String, ExpectSpec>,
    /// The events about to happen, handled one after another in this order (614–616).
    pub events: Vec<EventSpec>,
    /// Choices fixed in advance: where a player chooses among replacement effects (616.1), the
    /// first of these ids that is among the choices is taken; elsewhere every choice is explored.
    pub choose: Vec<String>,
    /// Every distinct outcome of the events, in any order; checked when given.
    pub expect_outcomes: Option<Vec<ExpectedOutcomeSpec>>,
    /// What is expected where rules whose meaning changed have an older meaning.
    pub older_rules: Vec<OlderRulesSpec>,
}

/// `older_rules:` the answer expected in editions where each rule named has the meaning of the
/// year given (`crate::model::meanings`), in place of `expect` or `expect_outcomes`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OlderRulesSpec {
    /// Concept of the rule → the year of its meaning (`enters-look-ahead: 2011`).
    pub when: BTreeMap<String, u16>,
    #[serde(default)]
    pub expect: Option<BTreeMap<String, ExpectSpec>>,
    #[serde(default)]
    pub expect_outcomes: Option<Vec<ExpectedOutcomeSpec>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub name: String,
    #[serde(default)]
    pub active: bool,
    /// Their life total; without it, no life total is checked (704.5a) or compared.
    #[serde(default)]
    pub life: Option<i64>,
    /// How many cards are in their hand, the objects listed in their hand among them; without
    /// it, those objects.
    #[serde(default)]
    pub hand: Option<i64>,
    /// Their poison counters (704.5c: ten or more, and they lose).
    #[serde(default)]
    pub poison: i64,
    /// How many cards are in their library; without it, no draw finds it empty (704.5b).
    #[serde(default)]
    pub library: Option<i64>,
    /// How many cards they have drawn this turn before the events (121.2b), and of those, in the
    /// step the events happen in (`step`); the events' draws add to both.
    #[serde(default)]
    pub drawn_this_turn: i64,
    #[serde(default)]
    pub drawn_this_step: i64,
}

/// An object as the engine's board is built from it: every characteristic known, from the file
/// or from the card it names.
#[derive(Debug, Clone, Default)]
pub struct ObjectSpec {
    pub id: String,
    pub name: String,
    pub owner: String,
    pub controller: Option<String>,
    pub zone: Option<Zone>,
    pub types: Vec<String>,
    pub subtypes: Vec<String>,
    pub supertypes: Vec<String>,
    pub colors: Vec<String>,
    pub mana_value: Option<i64>,
    pub power: Option<i64>,
    pub toughness: Option<i64>,
    pub abilities: Vec<AbilitySpec>,
    pub counters: BTreeMap<String, i64>,
    pub attached_to: Option<String>,
    pub attached_at: Option<i64>,
    pub damage: i64,
    pub timestamp: Option<i64>,
    pub unmodelled: Vec<String>,
    pub token: bool,
    pub x: Option<i64>,
    pub tapped: bool,
}

/// An object as the file writes it: written out (`id`, `name`, `owner`, its characteristics), or
/// a card named (`card: NAME`), whose object every key given beside it overrides. `card.rs` turns
/// it into an [`ObjectSpec`].
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectEntry {
    /// A card's name: the library's, or an imported card's (or one of its faces').
    #[serde(default)]
    pub card: Option<String>,
    /// Defaults to the card's name in lower case, words joined by `-`.
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    /// Defaults, for a card, to the first player.
    #[serde(default)]
    pub owner: Option<String>,
    /// Defaults to the owner.
    #[serde(default)]
    pub controller: Option<String>,
    /// Defaults to the battlefield.
    #[serde(default)]
    pub zone: Option<Zone>,
    #[serde(default)]
    pub types: Option<Vec<String>>,
    #[serde(default)]
    pub subtypes: Option<Vec<String>>,
    #[serde(default)]
    pub supertypes: Option<Vec<String>>,
    #[serde(default)]
    pub colors: Option<Vec<String>>,
    #[serde(default)]
    pub mana_value: Option<i64>,
    #[serde(default)]
    pub power: Option<i64>,
    #[serde(default)]
    pub toughness: Option<i64>,
    #[serde(default)]
    pub abilities: Option<Vec<AbilitySpec>>,
    /// Counter kind → number, e.g. `+1/+1: 2`. A card's planeswalker or battle on the
    /// battlefield has its printed loyalty or defense unless these say how many.
    #[serde(default)]
    pub counters: Option<BTreeMap<String, i64>>,
    #[serde(default)]
    pub attached_to: Option<String>,
    /// When an Aura or Equipment became attached: its new timestamp (613.6d).
    #[serde(default)]
    pub attached_at: Option<i64>,
    /// Damage marked on it (120.3e); state-based actions check it with the damage the events deal.
    #[serde(default)]
    pub damage: Option<i64>,
    /// When it entered its zone (613.6c); defaults to its position in the list of objects.
    #[serde(default)]
    pub timestamp: Option<i64>,
    /// The texts of abilities it has that the model cannot express: the answer leaves them out
    /// and says so. A card brings its own.
    #[serde(default)]
    pub unmodelled: Option<Vec<String>>,
    /// A token (111.1) rather than a card: "nontoken" and "token" selectors tell them apart. Only
    /// on the battlefield: elsewhere a token ceases to exist (704.5d).
    #[serde(default)]
    pub token: bool,
    /// The value of X chosen for the spell that became it (107.3m), for what it enters with ("~
    /// enters with X +1/+1 counters on it"): `0` when it was not cast.
    #[serde(default)]
    pub x: Option<i64>,
    /// A tapped permanent (110.5): it can't block (509.1a).
    #[serde(default)]
    pub tapped: bool,
    /// The choices made as the card entered (614.1c: "As … enters, choose a color"), by what was
    /// chosen: `color`, `creature_type`, `basic_land_type`, `card_type`, `player`, `card_name`, or
    /// `copy` (the object it entered as a copy of).
    #[serde(default)]
    pub chosen: Option<BTreeMap<String, String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResolvedEffectSpec {
    pub id: String,
    /// What a ruling calls it ("Healing Salve"); without it, its source's name, or its id.
    #[serde(default)]
    pub name: Option<String>,
    pub text: String,
    /// The spell or ability's source, if it is one of the objects.
    #[serde(default)]
    pub source: Option<String>,
    /// Who controls the effect (for `you` in selectors); defaults to the source's controller.
    #[serde(default)]
    pub controller: Option<String>,
    pub timestamp: i64,
    pub effect: EffectBody,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AskSpec {
    /// The objects whose characteristics are asked; defaults to every object on the battlefield,
    /// or, when `can` asks questions, to the objects they name.
    #[serde(default)]
    pub objects: Option<Vec<String>>,
    /// Whether a spell or ability can target an object or a player, whether creatures can block
    /// an attacker, on the board as the layers leave it.
    #[serde(default)]
    pub can: Vec<CanSpec>,
}

/// One question of `ask.can`: `target: river-boa, by: doom-blade`, or `block: serra-angel, by:
/// [bears, elves]`, with what the spell may target (`as`) and the expected answer (`expect`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CanSpec {
    /// The object or player targeted.
    #[serde(default)]
    pub target: Option<String>,
    /// The attacking creature.
    #[serde(default)]
    pub block: Option<String>,
    /// The spell or the source of the ability that targets; the creature or creatures that block.
    #[serde(default, deserialize_with = "one_or_more")]
    pub by: Vec<String>,
    /// What the spell or ability may target ("target nonblack creature"): on the battlefield
    /// unless it says a `zone`.
    #[serde(default, rename = "as")]
    pub requirement: Option<SelectorSpec>,
    /// Whether it can.
    #[serde(default)]
    pub expect: Option<bool>,
}

/// An id, or a list of them.
fn one_or_more<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Ids;
    impl<'de> serde::de::Visitor<'de> for Ids {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an id, or a list of ids")
        }
        fn visit_str<E: serde::de::Error>(self, id: &str) -> Result<Vec<String>, E> {
            Ok(vec![id.to_string()])
        }
        fn visit_seq<S: serde::de::SeqAccess<'de>>(self, mut seq: S) -> Result<Vec<String>, S::Error> {
            let mut ids = Vec::new();
            while let Some(id) = seq.next_element::<String>()? {
                ids.push(id);
            }
            Ok(ids)
        }
    }
    d.deserialize_any(Ids)
}

/// One outcome a scenario expects: the events that happen, in order, and what the state-based
/// actions do after them (`then`).
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExpectedOutcomeSpec {
    #[serde(default)]
    pub result: Vec<EventSpec>,
    /// The state-based actions that follow and what replaced them; once one outcome gives it,
    /// every outcome's is checked (nothing, where not given).
    #[serde(default)]
    pub then: Option<Vec<EventSpec>>,
    /// The shields and "next time" effects still there afterwards, effect id → what is left
    /// (damage for a shield, 1 for a "next time" effect); once one outcome gives it, every
    /// outcome's is compared (none left, where not given).
    #[serde(default)]
    pub remaining: Option<BTreeMap<String, i64>>,
    /// The objects as they are after the events and the state-based actions, by id (`token-1`…
    /// for tokens the events create): what `expect` states, plus `zone`, `counters`, `damage`.
    #[serde(default)]
    pub board: Option<BTreeMap<String, ExpectSpec>>,
    /// Life totals after the events, player → life.
    #[serde(default)]
    pub life: Option<BTreeMap<String, i64>>,
}
