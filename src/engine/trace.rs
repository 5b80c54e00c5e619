//! The trace: each step the engine took, as data. Renderers turn it into tables, JSON and prose;
//! rule numbers are attached later through the citation table, by concept.

use super::layer::Layer;
use crate::model::board::Board;
use crate::model::timestamp::Timestamp;
use serde::Serialize;
use std::sync::Arc;

mod changes;
pub use changes::{Builder as ChangesBuilder, Changes, JsonChanges, Piece};

/// Not serialized itself: the renderers build their own records, with ids for `applies_to`.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub stage: Stage,
    pub effect: String,
    pub source: Option<String>,
    /// The effect's text, as the scenario gives it.
    pub text: String,
    /// The objects it applied to, or the players (613.9).
    pub applies_to: AppliesTo,
    pub changes: Changes,
    pub reason: Reason,
    /// How the set of affected objects was found, where it matters.
    pub set: Option<SetNote>,
    /// Concepts of the citation table that decide this step, most specific last.
    pub concepts: Vec<&'static str>,
    /// Why the effect changed nothing, where it applied and did nothing by a rule (an exchange
    /// of control that can't be completed, or between one player's permanents: 701.12 today).
    pub note: Option<String>,
}

/// What a step applied to. Objects are kept as indexes into the board, their ids looked up only
/// where the trace is rendered: an effect on a large board applies to thousands of objects, and a
/// copy of each id for each application was a large part of the cost of the layers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppliesTo {
    Objects(super::sets::ObjectSet),
    /// Players by name, for an effect on players (613.9).
    Players(Vec<String>),
}

impl AppliesTo {
    /// The ids of the objects or the names of the players, in order.
    pub fn names<'a>(&'a self, board: &'a Board) -> Vec<&'a str> {
        match self {
            AppliesTo::Objects(objects) => objects.iter().map(|o| board.objects[*o].id.as_str()).collect(),
            AppliesTo::Players(names) => names.iter().map(String::as_str).collect(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "layer")]
pub enum Stage {
    Layer(Layer),
    /// 613.9: effects on players, after objects.
    Players,
    /// 613.10: effects on the rules of the game, last.
    GameRules,
}

/// A text that many changes print, shared between the lists of changes that print it
/// (`describe::Wording`).
pub type Shared = std::sync::Arc<str>;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Reason {
    /// A characteristic-defining ability: first in its layer (613.2, 613.3a).
    Defining { timestamp: Timestamp },
    /// The earliest timestamp of the effects free to apply (613.6); `waiting` are earlier ones
    /// that must wait for an effect they depend on (613.7b).
    Timestamp {
        timestamp: Timestamp,
        waiting: Vec<Wait>,
        #[serde(skip_serializing_if = "Option::is_none")]
        broken_loop: Option<BrokenLoop>,
    },
    /// It depended on these effects, now applied; it applies just after them (613.7b).
    AfterDependencies {
        timestamp: Timestamp,
        on: Vec<Dependency>,
        #[serde(skip_serializing_if = "Option::is_none")]
        broken_loop: Option<BrokenLoop>,
    },
    /// Its dependencies form a loop: the loop's effects apply in timestamp order (613.7b).
    Loop { timestamp: Timestamp, members: Vec<String> },
    /// +1/+1 and -1/-1 counters.
    Counters,
    /// The effect would apply in this layer but no longer exists.
    NoLongerExists { why: String },
    /// After objects' characteristics, in timestamp order (613.9, 613.10).
    AfterObjects { timestamp: Timestamp },
}

/// The dependency loop an effect was found in before, which no longer holds when it applies: the
/// order is worked out again after each effect (613.7c in 2011, 613.8c today), and the loop's
/// timestamp order (613.7b, 613.8b) is no longer why it applies then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BrokenLoop {
    /// The loop's other effects.
    pub with: Vec<String>,
    /// Those of them applied since, in the order of the loop.
    pub applied: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Wait {
    pub effect: String,
    pub timestamp: Timestamp,
    pub depends_on: String,
    pub because: DependencyKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dependency {
    /// Shared: a layer of alike effects reports hundreds of thousands of dependencies, and each
    /// chosen effect's reason copies its list.
    pub effect: Arc<str>,
    pub because: DependencyKind,
}

/// Which clause of 613.7a makes one effect depend on another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DependencyKind {
    Existence,
    Text,
    AppliesTo,
    WhatItDoes,
}

impl DependencyKind {
    /// "applying X …" completes the sentence.
    pub fn phrase(self) -> &'static str {
        match self {
            DependencyKind::Existence => "would change whether it exists",
            DependencyKind::Text => "would change its text",
            DependencyKind::AppliesTo => "would change what it applies to",
            DependencyKind::WhatItDoes => "would change what it does",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum SetNote {
    /// A resolved effect's set, fixed when it was created (611.2c).
    LockedAtCreation { at: Timestamp },
    /// A static ability's set, found again each time (611.3a).
    Live,
    /// Already applying since an earlier layer: the same objects (613.5).
    SameAsEarlierLayer { since: Layer },
}
