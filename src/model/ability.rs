//! Abilities as the model holds them: printed text, or a static ability with the effect it
//! generates (604).

use super::effect::EffectBody;
use super::word::Word;
use serde::{Deserialize, Serialize};

/// An ability: a plain text (`flying`, `{T}: Add {B}.`) or a static ability with the effect it
/// generates.
#[derive(Debug, Clone, PartialEq)]
pub enum AbilitySpec {
    Text(Word),
    Static(Box<StaticAbilitySpec>),
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StaticAbilitySpec {
    pub id: Word,
    pub text: Word,
    /// A characteristic-defining ability (604.3): applied first in its layer, never dependent.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub cda: bool,
    pub effect: EffectBody,
}

impl Serialize for AbilitySpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AbilitySpec::Text(text) => text.serialize(s),
            AbilitySpec::Static(spec) => spec.serialize(s),
        }
    }
}

// Untagged enums lose serde's precise messages; this one says what is expected instead. It
// visits the node in place rather than through a `serde_yaml::Value`, so that a problem inside a
// static ability keeps its full path (`abilities[0].effect.pt.modfy`) and its place.
impl<'de> Deserialize<'de> for AbilitySpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = AbilitySpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an ability: a text, or a mapping with `id`, `text` and `effect`")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<AbilitySpec, E> {
                Ok(AbilitySpec::Text(Word::new(text)))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<AbilitySpec, M::Error> {
                let deserializer = serde::de::value::MapAccessDeserializer::new(map);
                StaticAbilitySpec::deserialize(deserializer).map(|s| AbilitySpec::Static(Box::new(s)))
            }
        }
        d.deserialize_any(Visitor)
    }
}
