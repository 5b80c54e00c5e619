//! What a judge expects of an object's characteristics, checked against the answer.

use serde::Deserialize;

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
    pub power: Option<i64>,
    #[serde(default)]
    pub toughness: Option<i64>,
}
