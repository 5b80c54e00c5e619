//! The game model: objects' abilities, the effects they generate, the selectors that say what
//! an effect affects, the events about to happen and the effects that watch them, what a judge
//! expects. Scenario files produce it (`crate::scenario`), and the engine consumes it
//! (`crate::engine`), which knows nothing of files.
//!
//! The types derive `Deserialize`: the files write effects, selectors and events in this very
//! vocabulary, and read them straight into it. Abilities serialize back to the same vocabulary
//! (defaults left out), so that a model made from Oracle text reads like the library's. The file's own structure (a scenario's players,
//! objects, questions) stays in `crate::scenario::spec`.

mod ability;
pub(crate) mod board;
mod card;
pub(crate) mod characteristics;
mod control;
mod copy;
mod effect;
mod event;
mod expect;
pub(crate) mod legality;
pub(crate) mod meanings;
pub(crate) mod pending;
pub(crate) mod protection;
pub(crate) mod sba;
mod selector;
pub(crate) mod timestamp;
mod turn;
mod word;
mod zone;

pub use ability::{AbilitySpec, StaticAbilitySpec};
pub use board::Board;
pub use card::CardObject;
pub use control::{ControlSpec, ExchangeSpec};
pub use copy::{Characteristic, CopyExcept, CopySpec};
pub use effect::{
    AbilityChange, Amount, Count, Counted, EffectBody, PlayerEffectSpec, PtChange, SetChange, TextChangeSpec,
};
pub use event::*;
pub use expect::{ExpectSpec, ExpectedNumber};
pub use meanings::{Meanings, CHANGES as MEANING_CHANGES};
pub use pending::{Event, Happened};
pub use selector::SelectorSpec;
pub use turn::Step;
pub use word::{words, Word};
pub use zone::{Position, Zone};

/// For `skip_serializing_if`: a flag written only when set, as the files write it.
fn is_false(flag: &bool) -> bool {
    !*flag
}
