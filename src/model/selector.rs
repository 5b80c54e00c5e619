//! Which objects an effect affects or an event concerns, described by their characteristics.

use super::word::Word;
use super::zone::Zone;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SelectorSpec {
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub all: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objects: Option<Vec<String>>,
    #[serde(default, rename = "self", skip_serializing_if = "super::is_false")]
    pub itself: bool,
    /// The object the effect's source is attached to ("enchanted creature", "equipped creature").
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub attached: bool,
    /// Not the effect's source ("each other").
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub other: bool,
    /// All of these card types.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<Word>,
    /// At least one of these card types ("artifacts, creatures and lands").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub any_types: Vec<Word>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_types: Vec<Word>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subtypes: Vec<Word>,
    /// At least one of these subtypes ("a Plains or an Island").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub any_subtypes: Vec<Word>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_subtypes: Vec<Word>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supertypes: Vec<Word>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_supertypes: Vec<Word>,
    /// Any of these colours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colors: Vec<Word>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_colors: Vec<Word>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<String>,
    /// Whose cards: `you`, `opponents` or a player's name ("an opponent's graveyard").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// Defaults to the battlefield.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<Zone>,
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub no_abilities: bool,
    /// Tokens only (`true`: "creature tokens you control") or cards only (`false`: "a nontoken
    /// creature"). Being a token is no characteristic: no effect changes it (111.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<bool>,
    /// Has at least one counter of this kind ("each creature you control with a +1/+1 counter on
    /// it"). Counters are no characteristic: the layers do not change them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<String>,
}

impl SelectorSpec {
    pub(crate) fn for_each_word(&mut self, f: &mut impl FnMut(&mut Word)) {
        for list in [
            &mut self.types,
            &mut self.any_types,
            &mut self.not_types,
            &mut self.subtypes,
            &mut self.any_subtypes,
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
