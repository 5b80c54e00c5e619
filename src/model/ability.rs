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
    /// The zones its text says it works from ("as long as Filth is in your graveyard": 113.6b);
    /// none stated, the battlefield only (113.6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub functions_in: Vec<super::Zone>,
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

impl AbilitySpec {
    /// The ability as a text-changing effect on the object that grants it leaves it: its text,
    /// and for a static ability what its effect matches and sets (`EffectBody::replace_word`).
    pub fn replace_text(&mut self, from: &str, to: &str, in_text: &impl Fn(&str) -> String) {
        match self {
            AbilitySpec::Text(text) => *text = Word::new(&in_text(text)),
            AbilitySpec::Static(s) => {
                s.text = Word::new(&in_text(&s.text));
                s.effect.replace_word(from, to, in_text);
            }
        }
    }

    /// Every word of the ability: its text, and for a static ability those of its effect
    /// (`EffectBody::for_every_word`).
    pub fn for_every_word(&mut self, f: &mut impl FnMut(&mut Word)) {
        match self {
            AbilitySpec::Text(text) => f(text),
            AbilitySpec::Static(s) => {
                f(&mut s.text);
                s.effect.for_every_word(f);
            }
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

#[cfg(test)]
mod tests {
    use super::AbilitySpec;

    /// Every ability of the library, written and read again, is the same ability.
    #[test]
    fn the_library_s_abilities_read_back_as_written() {
        let library = crate::cards::library().expect("the library reads");
        let mut checked = 0;
        for entry in &library.entries {
            for ability in &entry.card.abilities {
                let written = serde_yaml::to_string(ability).expect("an ability writes");
                let read: AbilitySpec = serde_yaml::from_str(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
                assert_eq!(&read, ability, "{written}");
                checked += 1;
            }
        }
        assert!(checked > 200, "{checked}");
    }
}
