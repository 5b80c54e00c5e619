//! The scenario file as written by a judge: plain serde types, no behaviour. `docs/SCENARIO.md`
//! documents every field with an example.

pub use super::event_spec::*;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    pub title: String,
    /// The judge call, as the players asked it.
    #[serde(default)]
    pub question: Option<String>,
    /// The edition whose rules the answer cites; the command line can override it.
    #[serde(default)]
    pub edition: Option<String>,
    pub players: Vec<PlayerSpec>,
    #[serde(default)]
    pub objects: Vec<ObjectSpec>,
    /// Continuous effects from the resolution of spells and abilities (611.2).
    #[serde(default)]
    pub effects: Vec<ResolvedEffectSpec>,
    /// For things that got a timestamp at the same time, the order the active player chose (613.6g).
    #[serde(default)]
    pub timestamp_order: Vec<String>,
    #[serde(default)]
    pub ask: AskSpec,
    /// The expected answer, object id → characteristics; only what is listed is checked.
    #[serde(default)]
    pub expect: BTreeMap<String, ExpectSpec>,
    /// The events about to happen, handled one after another in this order (614–616).
    #[serde(default)]
    pub events: Vec<EventSpec>,
    /// Choices fixed in advance: where a player chooses among replacement effects (616.1), the
    /// first of these ids that is among the choices is taken; elsewhere every choice is explored.
    #[serde(default)]
    pub choose: Vec<String>,
    /// Every distinct outcome of the events, in any order; checked when given.
    #[serde(default)]
    pub expect_outcomes: Option<Vec<ExpectedOutcomeSpec>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub name: String,
    #[serde(default)]
    pub active: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    Battlefield,
    Graveyard,
    Hand,
    Library,
    Exile,
    Stack,
    Command,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectSpec {
    pub id: String,
    pub name: String,
    pub owner: String,
    /// Defaults to the owner.
    #[serde(default)]
    pub controller: Option<String>,
    /// Defaults to the battlefield.
    #[serde(default)]
    pub zone: Option<Zone>,
    #[serde(default)]
    pub types: Vec<String>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default)]
    pub supertypes: Vec<String>,
    #[serde(default)]
    pub colors: Vec<String>,
    #[serde(default)]
    pub mana_value: Option<i64>,
    #[serde(default)]
    pub power: Option<i64>,
    #[serde(default)]
    pub toughness: Option<i64>,
    #[serde(default)]
    pub abilities: Vec<AbilitySpec>,
    /// Counter kind → number, e.g. `+1/+1: 2`.
    #[serde(default)]
    pub counters: BTreeMap<String, i64>,
    #[serde(default)]
    pub attached_to: Option<String>,
    /// When an Aura or Equipment became attached: its new timestamp (613.6d).
    #[serde(default)]
    pub attached_at: Option<i64>,
    /// When it entered its zone (613.6c); defaults to its position in the list of objects.
    #[serde(default)]
    pub timestamp: Option<i64>,
}

/// An ability: a plain text (`flying`, `{T}: Add {B}.`) or a static ability with the effect it
/// generates.
#[derive(Debug, Clone, PartialEq)]
pub enum AbilitySpec {
    Text(String),
    Static(Box<StaticAbilitySpec>),
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StaticAbilitySpec {
    pub id: String,
    pub text: String,
    /// A characteristic-defining ability (604.3): applied first in its layer, never dependent.
    #[serde(default)]
    pub cda: bool,
    pub effect: EffectBody,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResolvedEffectSpec {
    pub id: String,
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

/// What a continuous effect does, layer by layer (613.1). Every part present applies in its own
/// layer (613.5).
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EffectBody {
    #[serde(default)]
    pub affects: Option<SelectorSpec>,
    /// Layer 1: becomes a copy of this object.
    #[serde(default)]
    pub copy: Option<String>,
    /// Layer 2: this player gains control (`you` is the effect's controller).
    #[serde(default)]
    pub control: Option<String>,
    /// Layer 3: a word of the affected objects' text is replaced.
    #[serde(default)]
    pub text_change: Option<TextChangeSpec>,
    /// Layer 4.
    #[serde(default)]
    pub types: Option<SetChange>,
    #[serde(default)]
    pub subtypes: Option<SetChange>,
    #[serde(default)]
    pub supertypes: Option<SetChange>,
    /// Layer 4: the land's subtypes become these basic land types (305.7).
    #[serde(default)]
    pub land_types: Option<Vec<String>>,
    /// Layer 4: the object's creature types become these ("is the chosen type"); its other
    /// subtypes (land, artifact, enchantment types) stay.
    #[serde(default)]
    pub creature_types: Option<Vec<String>>,
    /// Layer 5.
    #[serde(default)]
    pub colors: Option<SetChange>,
    /// Layer 6.
    #[serde(default)]
    pub abilities: Option<AbilityChange>,
    /// Layer 7.
    #[serde(default)]
    pub pt: Option<PtChange>,
    /// 613.9: an effect on players.
    #[serde(default)]
    pub players: Option<PlayerEffectSpec>,
    /// 613.10: an effect on the rules of the game, described in words.
    #[serde(default)]
    pub game_rule: Option<String>,
    /// A replacement, prevention or "can't" effect (614–616): in no layer, it watches events.
    #[serde(default)]
    pub replacement: Option<ReplacementSpec>,
}

impl EffectBody {
    /// Every word the effect matches or sets, in lower case, as the engine compares them.
    pub fn normalised(&self) -> EffectBody {
        let mut body = self.clone();
        body.for_each_word(|w| *w = w.to_lowercase());
        body
    }

    /// A text-changing effect (layer 3) replaces a colour word or a land type in the effect.
    pub fn replace_word(&mut self, from: &str, to: &str) {
        self.for_each_word(|w| {
            if w == from {
                *w = to.to_string();
            }
        });
    }

    fn for_each_word(&mut self, mut f: impl FnMut(&mut String)) {
        for change in
            [&mut self.types, &mut self.subtypes, &mut self.supertypes, &mut self.colors].into_iter().flatten()
        {
            change.add.iter_mut().for_each(&mut f);
            change.remove.iter_mut().for_each(&mut f);
            change.set.iter_mut().flatten().for_each(&mut f);
        }
        self.land_types.iter_mut().flatten().for_each(&mut f);
        self.creature_types.iter_mut().flatten().for_each(&mut f);
        if let Some(s) = &mut self.affects {
            s.for_each_word(&mut f);
        }
        if let Some(r) = &mut self.replacement {
            for s in [&mut r.object, &mut r.source].into_iter().flatten() {
                s.for_each_word(&mut f);
            }
        }
        for amount in self.pt.iter_mut().flat_map(|p| p.set.iter_mut().chain(p.modify.iter_mut())).flatten() {
            if let Amount::Count(s) = amount {
                s.for_each_word(&mut f);
            }
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SelectorSpec {
    #[serde(default)]
    pub all: bool,
    #[serde(default)]
    pub objects: Option<Vec<String>>,
    #[serde(default, rename = "self")]
    pub itself: bool,
    /// The object the effect's source is attached to ("enchanted creature", "equipped creature").
    #[serde(default)]
    pub attached: bool,
    /// Not the effect's source ("each other").
    #[serde(default)]
    pub other: bool,
    /// All of these card types.
    #[serde(default)]
    pub types: Vec<String>,
    /// At least one of these card types ("artifacts, creatures and lands").
    #[serde(default)]
    pub any_types: Vec<String>,
    #[serde(default)]
    pub not_types: Vec<String>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default)]
    pub not_subtypes: Vec<String>,
    #[serde(default)]
    pub supertypes: Vec<String>,
    #[serde(default)]
    pub not_supertypes: Vec<String>,
    /// Any of these colours.
    #[serde(default)]
    pub colors: Vec<String>,
    #[serde(default)]
    pub not_colors: Vec<String>,
    #[serde(default)]
    pub controller: Option<String>,
    /// Whose cards: `you`, `opponents` or a player's name ("an opponent's graveyard").
    #[serde(default)]
    pub owner: Option<String>,
    /// Defaults to the battlefield.
    #[serde(default)]
    pub zone: Option<Zone>,
    #[serde(default)]
    pub no_abilities: bool,
}

impl SelectorSpec {
    fn for_each_word(&mut self, f: &mut impl FnMut(&mut String)) {
        for list in [
            &mut self.types,
            &mut self.any_types,
            &mut self.not_types,
            &mut self.subtypes,
            &mut self.not_subtypes,
            &mut self.supertypes,
            &mut self.not_supertypes,
            &mut self.colors,
            &mut self.not_colors,
        ] {
            list.iter_mut().for_each(&mut *f);
        }
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TextChangeSpec {
    pub from: String,
    pub to: String,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SetChange {
    #[serde(default)]
    pub set: Option<Vec<String>>,
    #[serde(default)]
    pub add: Vec<String>,
    #[serde(default)]
    pub remove: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AbilityChange {
    #[serde(default)]
    pub add: Vec<AbilitySpec>,
    /// Abilities removed, by id or text.
    #[serde(default)]
    pub remove: Vec<String>,
    /// "loses all abilities".
    #[serde(default)]
    pub remove_all: bool,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PtChange {
    /// 7a (with `cda: true` on the ability) or 7b: power and toughness become these values.
    #[serde(default)]
    pub set: Option<[Amount; 2]>,
    /// 7c: +N/+N.
    #[serde(default)]
    pub modify: Option<[Amount; 2]>,
    /// 7e (7d in later editions): power and toughness are switched.
    #[serde(default)]
    pub switch: bool,
}

/// A number in an effect: fixed, the affected object's mana value, or a count of objects.
#[derive(Debug, Clone, PartialEq)]
pub enum Amount {
    Fixed(i64),
    ManaValue,
    Count(Box<SelectorSpec>),
}

// Untagged enums lose serde's precise messages; these two say what is expected instead. They
// visit the node in place rather than through a `serde_yaml::Value`, so that a problem inside a
// static ability or a `count` keeps its full path (`abilities[0].effect.pt.modfy`) and its place.
impl<'de> Deserialize<'de> for AbilitySpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = AbilitySpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an ability: a text, or a mapping with `id`, `text` and `effect`")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<AbilitySpec, E> {
                Ok(AbilitySpec::Text(text.to_string()))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<AbilitySpec, M::Error> {
                let deserializer = serde::de::value::MapAccessDeserializer::new(map);
                StaticAbilitySpec::deserialize(deserializer).map(|s| AbilitySpec::Static(Box::new(s)))
            }
        }
        d.deserialize_any(Visitor)
    }
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Count {
            count: SelectorSpec,
        }
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Amount;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number, `mana_value`, or `count: <selector>`")
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Amount, E> {
                Ok(Amount::Fixed(n))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Amount, E> {
                i64::try_from(n)
                    .map(Amount::Fixed)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Amount, E> {
                match s {
                    "mana_value" => Ok(Amount::ManaValue),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Str(s), &self)),
                }
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<Amount, M::Error> {
                let deserializer = serde::de::value::MapAccessDeserializer::new(map);
                Count::deserialize(deserializer).map(|c| Amount::Count(Box::new(c.count)))
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlayerEffectSpec {
    /// `you`, `opponents`, `all`, or player names.
    pub affects: Vec<String>,
    pub gains: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AskSpec {
    /// The objects whose characteristics are asked; defaults to every object on the battlefield.
    #[serde(default)]
    pub objects: Option<Vec<String>>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExpectSpec {
    #[serde(default)]
    pub controller: Option<String>,
    #[serde(default)]
    pub types: Option<Vec<String>>,
    #[serde(default)]
    pub subtypes: Option<Vec<String>>,
    #[serde(default)]
    pub supertypes: Option<Vec<String>>,
    #[serde(default)]
    pub colors: Option<Vec<String>>,
    /// Ability ids or texts, in any order.
    #[serde(default)]
    pub abilities: Option<Vec<String>>,
    #[serde(default)]
    pub power: Option<i64>,
    #[serde(default)]
    pub toughness: Option<i64>,
}
