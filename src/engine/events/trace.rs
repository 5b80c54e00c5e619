//! The replacement step's trace, as data: each effect applied to an event, the event before and
//! after, why that effect at that point, what stopped applying. Renderers turn it into text.

use super::condition::Checked;
use super::explore::Tier;
use super::modify::Note;
use super::replacer::Kind;
use crate::model::sba::Sba;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventStep {
    /// Which of the scenario's events this belongs to, counted from 1; for a state-based action
    /// (`cause`), which of those, counted from 1.
    pub event: usize,
    /// The state-based action the event is, and the condition that called for it (704.5).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<Sba>,
    pub action: Action,
    /// The effect applied or stopping the event; `None` when the event simply happens.
    pub effect: Option<String>,
    /// What kind of effect it is.
    pub effect_kind: Option<Kind>,
    pub source: Option<String>,
    pub text: Option<String>,
    pub before: String,
    /// The events that happen instead; empty when nothing does.
    pub after: Vec<String>,
    /// Why this effect at this point (616.1); the JSON calls it `reason`, beside the sentence.
    #[serde(rename = "reason")]
    pub why: Option<Why>,
    pub note: Option<Note>,
    /// Effects that applied to the event before this one and no longer do, and why.
    pub stopped: Vec<Stopped>,
    /// Effects that apply to the modified event and did not apply before (616.2).
    pub now_applicable: Vec<String>,
    /// Effects that still watch this kind of event but had their one opportunity (614.5).
    pub already_applied: Vec<String>,
    /// The event was already modified by another effect: the process of 616.1 is being repeated
    /// (616.1d).
    pub repeated: bool,
    /// The conditions of the effects that watch the event, checked (met or not).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Checked>,
    /// Concepts of the citation table that decide this step.
    pub concepts: Vec<&'static str>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Applied,
    /// No effect left to apply: the event, as modified, happens (614.6).
    Happens,
    /// A "can't" effect: the event does not happen (101.2).
    Cannot,
    /// The player chose this event to meet a shared shield first (615.7).
    First,
    /// The event cannot happen when its moment comes: what it happens to is gone (614.7).
    Vanishes,
    /// The events are over: the game performs this state-based action (704.3).
    StateBased,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Why {
    /// The only effect that applies to the event now.
    Only,
    /// The rule makes it go first (616.1a, 616.1b) while others wait.
    Forced { tier: Tier, waiting: Vec<String> },
    /// The player chose it among these (616.1); `fixed` when the scenario made the choice.
    Chosen { by: String, tier: Tier, among: Vec<String>, fixed: bool },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stopped {
    pub effect: String,
    pub why: String,
}
