//! One entry of an alignment: rules of the old edition, their counterparts in the new one, and
//! what happened between them.

use crate::corpus::RuleId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What happened to a rule from one edition to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// Same number, same text (typography and the numbers of cited rules aside).
    Unchanged,
    /// Same text under another number.
    Renumbered,
    /// The text changed; the number may have changed too ([`Change::renumbered`]).
    Reworded,
    /// One old rule became several new ones.
    Split,
    /// Several old rules became one new one.
    Merged,
    /// Only in the new edition.
    Added,
    /// Only in the old edition.
    Removed,
}

impl ChangeKind {
    pub const ALL: [ChangeKind; 7] = [
        ChangeKind::Unchanged,
        ChangeKind::Renumbered,
        ChangeKind::Reworded,
        ChangeKind::Split,
        ChangeKind::Merged,
        ChangeKind::Added,
        ChangeKind::Removed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Unchanged => "unchanged",
            ChangeKind::Renumbered => "renumbered",
            ChangeKind::Reworded => "reworded",
            ChangeKind::Split => "split",
            ChangeKind::Merged => "merged",
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
        }
    }
}

impl fmt::Display for ChangeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub kind: ChangeKind,
    /// The rules of the old edition, in rule order; empty for an added rule.
    pub old: Vec<RuleId>,
    /// Their counterparts in the new edition, in rule order; empty for a removed rule.
    pub new: Vec<RuleId>,
    /// How alike the texts are, in percent (Dice's coefficient over word bigrams): for reworded
    /// rules, and for the whole of a split or a merge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub similarity: Option<u8>,
}

impl Change {
    /// True when the numbers differ: a renumbered rule, and a reworded one that moved as well.
    pub fn renumbered(&self) -> bool {
        !self.old.is_empty() && !self.new.is_empty() && self.old != self.new
    }

    /// `reworded, renumbered` for a rule that changed both ways, else the kind alone.
    pub fn label(&self) -> String {
        match self.kind {
            ChangeKind::Reworded if self.renumbered() => "reworded, renumbered".to_string(),
            kind => kind.name().to_string(),
        }
    }
}
