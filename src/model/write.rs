//! The model written back in the words of a scenario file, for what `judge` shows of a model
//! (`judge card`): the forms a judge writes by hand — a text ability as its text, a number as a
//! number, `that_many`, `{count: …}`, `copy: id` — where serde's derived forms would write enum
//! tags. Reading the written form gives the same value (a test checks it).

use super::ability::AbilitySpec;
use super::copy::CopySpec;
use super::effect::{Amount, ControlSpec};
use super::event::{PreventSpec, Quantity, RedirectSpec};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

impl Serialize for AbilitySpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AbilitySpec::Text(text) => text.serialize(s),
            AbilitySpec::Static(ability) => ability.serialize(s),
        }
    }
}

impl Serialize for CopySpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.except.is_empty() {
            return s.serialize_str(&self.of);
        }
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("of", &self.of)?;
        map.serialize_entry("except", &self.except)?;
        map.end()
    }
}

impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Amount::Fixed(n) => s.serialize_i64(*n),
            Amount::ManaValue => s.serialize_str("mana_value"),
            Amount::Count(selector) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("count", selector)?;
                map.end()
            }
        }
    }
}

impl Serialize for ControlSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ControlSpec::Player(player) => s.serialize_str(player),
            ControlSpec::Exchange(ids) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("exchange", ids)?;
                map.end()
            }
        }
    }
}

impl Serialize for RedirectSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            RedirectSpec::To(to) => s.serialize_str(to),
            RedirectSpec::Selector(selector) => selector.serialize(s),
        }
    }
}

impl Serialize for PreventSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PreventSpec::All => s.serialize_str("all"),
            PreventSpec::Amount(n) => s.serialize_i64(*n),
        }
    }
}

impl Serialize for Quantity {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Quantity::Fixed(n) => s.serialize_i64(*n),
            Quantity::ThatMany => s.serialize_str("that_many"),
        }
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
