//! Where in the turn the events happen (500.1): the steps of the turn, for the effects that look
//! at them ("the first one they draw in each of their draw steps").

use serde::{Deserialize, Serialize};

/// A step of the turn, the main phases counted as steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Untap,
    Upkeep,
    Draw,
    PrecombatMain,
    BeginningOfCombat,
    DeclareAttackers,
    DeclareBlockers,
    CombatDamage,
    EndOfCombat,
    PostcombatMain,
    End,
    Cleanup,
}
