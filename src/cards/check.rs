//! A library card's check: a small scenario that shows the card at work, whose expected answer
//! the tests verify.

use serde::Deserialize;
use serde_yaml::{Mapping, Value};

/// The card on Alice's battlefield, with other cards of the library on Alice's side (`with`)
/// and Bob's (`opponent`), and what the scenario expects (`expect`, and for events `events` and
/// `expect_outcomes`), written as in a scenario.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// Keys of the card's own object beside its name (`zone: stack`, `x: 2`).
    #[serde(default)]
    pub itself: Mapping,
    #[serde(default)]
    pub with: Vec<String>,
    #[serde(default)]
    pub opponent: Vec<String>,
    /// The step of Alice's turn the events happen in.
    #[serde(default)]
    pub step: Option<Value>,
    #[serde(default)]
    pub expect: Option<Value>,
    #[serde(default)]
    pub events: Option<Value>,
    #[serde(default)]
    pub expect_outcomes: Option<Value>,
}

impl Check {
    /// The scenario of the check for the card `name`, as YAML.
    pub fn scenario(&self, name: &str) -> String {
        let object = |card: &str, owner: &str| {
            let mut m = Mapping::new();
            m.insert("card".into(), card.into());
            m.insert("owner".into(), owner.into());
            Value::Mapping(m)
        };
        let player = |name: &str, active: bool| {
            let mut m = Mapping::new();
            m.insert("name".into(), name.into());
            m.insert("active".into(), active.into());
            Value::Mapping(m)
        };
        let mut card = object(name, "Alice");
        if let Value::Mapping(m) = &mut card {
            m.extend(self.itself.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        let mut objects = vec![card];
        objects.extend(self.with.iter().map(|c| object(c, "Alice")));
        objects.extend(self.opponent.iter().map(|c| object(c, "Bob")));
        let mut scenario = Mapping::new();
        scenario.insert("title".into(), format!("{name} at work").into());
        scenario.insert("players".into(), Value::Sequence(vec![player("Alice", true), player("Bob", false)]));
        scenario.insert("objects".into(), Value::Sequence(objects));
        let parts = [
            ("step", &self.step),
            ("expect", &self.expect),
            ("events", &self.events),
            ("expect_outcomes", &self.expect_outcomes),
        ];
        for (key, value) in parts {
            if let Some(value) = value {
                scenario.insert(key.into(), value.clone());
            }
        }
        serde_yaml::to_string(&Value::Mapping(scenario)).unwrap_or_default()
    }
}
