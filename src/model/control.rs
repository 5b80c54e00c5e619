//! Layer 2 in a scenario's words: who gains control, or an exchange of control (701.12 today,
//! 701.8 in 2011).

use serde::{Deserialize, Serialize};

/// Layer 2: who gains control.
#[derive(Debug, Clone, PartialEq)]
pub enum ControlSpec {
    /// `control: PLAYER`: this player (`you`: the effect's controller) gains control.
    Player(String),
    /// `control: {exchange: …}`: the control of two objects is exchanged.
    Exchange(ExchangeSpec),
}

/// An exchange of control of two objects. It happens once, as the spell or ability resolves
/// (701.12a): each of the two players gains control of the permanent the other controlled then
/// (701.12b), and that lasts. So what it gives depends on who controlled the two at that moment,
/// not on who controls them now.
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeSpec {
    /// The two objects, as the scenario names them; a list, so that a wrong count is a
    /// diagnostic at its place rather than serde's.
    pub objects: Vec<String>,
    /// The player who controlled each object as the exchange resolved, in the order of
    /// `objects`: stated by the scenario (`exchange: {a: Alice, b: Bob}`), or found by the engine
    /// on the board before the exchange's timestamp (`engine::exchange::settled`). `None` until
    /// then, and for an exchange that could not happen.
    pub controlled: Option<Vec<String>>,
}

impl ControlSpec {
    /// The two objects whose control is exchanged, for `exchange`.
    pub fn exchanged(&self) -> Option<&[String]> {
        self.exchange().map(|e| e.objects.as_slice())
    }

    /// The exchange, for `exchange`.
    pub fn exchange(&self) -> Option<&ExchangeSpec> {
        match self {
            ControlSpec::Exchange(e) => Some(e),
            ControlSpec::Player(_) => None,
        }
    }
}

impl Serialize for ControlSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            ControlSpec::Player(player) => s.serialize_str(player),
            ControlSpec::Exchange(e) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("exchange", e)?;
                map.end()
            }
        }
    }
}

impl Serialize for ExchangeSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match &self.controlled {
            None => self.objects.serialize(s),
            Some(players) => {
                let mut map = s.serialize_map(Some(self.objects.len()))?;
                for (object, player) in self.objects.iter().zip(players) {
                    map.serialize_entry(object, player)?;
                }
                map.end()
            }
        }
    }
}

// Untagged enums lose serde's precise messages; this one says what is expected instead.
impl<'de> Deserialize<'de> for ControlSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Exchange {
            exchange: ExchangeSpec,
        }
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = ControlSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a player's name, `you`, or `exchange: [<object id>, <object id>]`")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<ControlSpec, E> {
                Ok(ControlSpec::Player(s.to_string()))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<ControlSpec, M::Error> {
                Exchange::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|e| ControlSpec::Exchange(e.exchange))
            }
        }
        d.deserialize_any(Visitor)
    }
}

// `[a, b]`, or `{a: Alice, b: Bob}`: the objects, with who controlled each as it resolved.
impl<'de> Deserialize<'de> for ExchangeSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = ExchangeSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "two object ids, `[<id>, <id>]`, or each with the player who controlled it as the exchange resolved, `{<id>: <player>, <id>: <player>}`",
                )
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<ExchangeSpec, A::Error> {
                let objects = Vec::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))?;
                Ok(ExchangeSpec { objects, controlled: None })
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<ExchangeSpec, M::Error> {
                let (mut objects, mut players) = (Vec::new(), Vec::new());
                while let Some((object, player)) = map.next_entry::<String, String>()? {
                    objects.push(object);
                    players.push(player);
                }
                Ok(ExchangeSpec { objects, controlled: Some(players) })
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::{ControlSpec, ExchangeSpec};

    /// Both forms read into the same objects, and write back as they were written.
    #[test]
    fn an_exchange_reads_and_writes_in_both_forms() {
        for (text, controlled) in [
            ("exchange: [giant, bears]", None),
            ("exchange: {giant: Alice, bears: Bob}", Some(vec!["Alice".to_string(), "Bob".to_string()])),
        ] {
            let read: ControlSpec = serde_yaml::from_str(text).unwrap_or_else(|e| panic!("{e}"));
            let expected = ExchangeSpec { objects: vec!["giant".into(), "bears".into()], controlled };
            assert_eq!(read, ControlSpec::Exchange(expected));
            let written = serde_yaml::to_string(&read).expect("it writes");
            assert_eq!(serde_yaml::from_str::<ControlSpec>(&written).expect("it reads back"), read, "{written}");
        }
    }
}
