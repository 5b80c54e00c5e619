//! A copy effect (706 in 2011, 707 today): the object it copies, and the exceptions the copy
//! effect makes to the copying (706.8; 707.9 today).

use super::ability::AbilitySpec;
use super::effect::SetChange;
use super::word::Word;
use serde::{Deserialize, Serialize};

/// `copy: bears`, or `copy: {of: bears, except: {...}}`.
#[derive(Debug, Clone, PartialEq)]
pub struct CopySpec {
    /// The object copied.
    pub of: String,
    pub except: CopyExcept,
}

/// What the copy effect changes as part of the copying: these values become part of the copy's
/// copiable values (706.8a, 706.8c), so an object copying the copy gets them too.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CopyExcept {
    /// Characteristics not copied: the copy keeps its own ("except it doesn't copy that
    /// creature's color", "except it's still 7/7": 706.8b).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keep: Vec<Characteristic>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub types: Option<SetChange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtypes: Option<SetChange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supertypes: Option<SetChange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<SetChange>,
    /// Abilities the copy has in addition to those it copies (706.8a).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<AbilitySpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toughness: Option<i64>,
}

/// A characteristic a copy effect may leave out of the copying.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Characteristic {
    Name,
    ManaCost,
    Colors,
    Types,
    Subtypes,
    Supertypes,
    Abilities,
    Power,
    Toughness,
}

impl CopyExcept {
    pub fn is_empty(&self) -> bool {
        *self == CopyExcept::default()
    }

    /// Whether the copy effect does not copy this characteristic as it is: it keeps the copy's
    /// own value or sets one. A characteristic-defining ability of the original that defines it
    /// is then not copied (706.8d; 707.9d today).
    pub fn touches(&self, c: Characteristic) -> bool {
        self.keep.contains(&c)
            || match c {
                Characteristic::Name => self.name.is_some(),
                Characteristic::ManaCost | Characteristic::Abilities => false,
                Characteristic::Colors => self.colors.is_some(),
                Characteristic::Types => self.types.is_some(),
                Characteristic::Subtypes => self.subtypes.is_some(),
                Characteristic::Supertypes => self.supertypes.is_some(),
                Characteristic::Power => self.power.is_some(),
                Characteristic::Toughness => self.toughness.is_some(),
            }
    }

    /// Every word it matches or sets, for lower-casing.
    pub fn for_each_word(&mut self, f: &mut impl FnMut(&mut Word)) {
        for change in
            [&mut self.types, &mut self.subtypes, &mut self.supertypes, &mut self.colors].into_iter().flatten()
        {
            change.for_each_word(f);
        }
    }
}

impl Serialize for CopySpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        if self.except.is_empty() {
            return s.serialize_str(&self.of);
        }
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("of", &self.of)?;
        map.serialize_entry("except", &self.except)?;
        map.end()
    }
}

impl<'de> Deserialize<'de> for CopySpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Full {
            of: String,
            #[serde(default)]
            except: CopyExcept,
        }
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = CopySpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the id of the object copied, or `{of: id, except: {...}}`")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<CopySpec, E> {
                Ok(CopySpec { of: s.to_string(), except: CopyExcept::default() })
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<CopySpec, M::Error> {
                let full = Full::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(CopySpec { of: full.of, except: full.except })
            }
        }
        d.deserialize_any(Visitor)
    }
}
