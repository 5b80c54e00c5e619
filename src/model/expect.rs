//! What a judge expects of an object's characteristics, checked against the answer.

use super::Zone;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ExpectSpec {
    /// The object's name, as copy and name-setting effects leave it.
    #[serde(default)]
    pub name: Option<String>,
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
    pub power: Option<ExpectedNumber>,
    #[serde(default)]
    pub toughness: Option<ExpectedNumber>,
    /// Only on the board after the events (`expect_outcomes`' `board`): where the object is.
    #[serde(default)]
    pub zone: Option<Zone>,
    /// Only on the board after the events: its counters, kind → number (`{}` for none).
    #[serde(default)]
    pub counters: Option<BTreeMap<String, i64>>,
    /// Only on the board after the events: the damage marked on it.
    #[serde(default)]
    pub damage: Option<i64>,
}

impl ExpectSpec {
    /// The keys it gives that only the board after the events has, as written.
    pub fn after_events_keys(&self) -> Vec<&'static str> {
        let given =
            [("zone", self.zone.is_some()), ("counters", self.counters.is_some()), ("damage", self.damage.is_some())];
        given.into_iter().filter(|(_, g)| *g).map(|(k, _)| k).collect()
    }
}

/// An expected power or toughness: a number, or `none` for an object that has none (a
/// noncreature permanent, 207.3 in 2011, 208.3 today).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpectedNumber {
    Is(i64),
    None,
}

impl ExpectedNumber {
    /// The value an object has when this is met: `None` for `none`.
    pub fn value(self) -> Option<i64> {
        match self {
            ExpectedNumber::Is(n) => Some(n),
            ExpectedNumber::None => None,
        }
    }
}

// A visitor rather than an untagged enum, so that `power: lots` says what is accepted.
impl<'de> Deserialize<'de> for ExpectedNumber {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = ExpectedNumber;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number, or `none` for an object that has none")
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<ExpectedNumber, E> {
                Ok(ExpectedNumber::Is(n))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<ExpectedNumber, E> {
                i64::try_from(n)
                    .map(ExpectedNumber::Is)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<ExpectedNumber, E> {
                if text.trim().eq_ignore_ascii_case("none") {
                    Ok(ExpectedNumber::None)
                } else {
                    Err(E::invalid_value(serde::de::Unexpected::Str(text), &self))
                }
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> Result<ExpectSpec, String> {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    }

    #[test]
    fn a_number_or_none() {
        let e = read("{power: 3, toughness: none}").unwrap();
        assert_eq!(e.power, Some(ExpectedNumber::Is(3)));
        assert_eq!(e.toughness, Some(ExpectedNumber::None));
        assert_eq!(read("{power: -2}").unwrap().power, Some(ExpectedNumber::Is(-2)));
        assert_eq!(read("{power: None}").unwrap().power, Some(ExpectedNumber::None));
        // Unlisted: not checked.
        assert_eq!(read("{}").unwrap().power, None);
    }

    #[test]
    fn anything_else_says_what_is_accepted() {
        let message = read("{power: lots}").unwrap_err();
        assert!(message.contains("invalid value: string \"lots\""), "{message}");
        assert!(message.contains("expected a whole number, or `none`"), "{message}");
        let message = read("{toughness: 2.5}").unwrap_err();
        assert!(message.contains("expected a whole number, or `none`"), "{message}");
        assert!(read("{power: 99999999999999999999}").is_err());
    }
}
