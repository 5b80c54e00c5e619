//! Questions of legality a scenario asks of the board as the layers leave it: can a spell or an
//! ability target this object or player (115, 601.2c; hexproof, shroud and protection), can
//! these creatures block that attacker (509.1a–b; the evasion abilities of 702).

use super::pending::Target;
use super::selector::SelectorSpec;

/// One question, its objects found on the board.
#[derive(Clone, Debug)]
pub struct Question {
    pub asked: Asked,
    /// The answer expected: whether it can.
    pub expect: Option<bool>,
}

#[derive(Clone, Debug)]
pub enum Asked {
    /// Can `by` (a spell, or the source of an ability) target `target`, being what the spell or
    /// ability may target (`requirement`, when the scenario says)?
    Target { by: usize, target: Target, requirement: Option<Box<SelectorSpec>> },
    /// Can `blockers`, together, block `attacker`?
    Block { attacker: usize, blockers: Vec<usize> },
}

/// The objects the questions name, each once, in the order named: the objects a question asks
/// of, when the scenario lists none.
pub fn named(questions: &[Question]) -> Vec<usize> {
    let mut out = Vec::new();
    for q in questions {
        let ids: Vec<usize> = match &q.asked {
            Asked::Target { by, target: Target::Object(t), .. } => vec![*by, *t],
            Asked::Target { by, target: Target::Player(_), .. } => vec![*by],
            Asked::Block { attacker, blockers } => std::iter::once(*attacker).chain(blockers.iter().copied()).collect(),
        };
        for i in ids {
            if !out.contains(&i) {
                out.push(i);
            }
        }
    }
    out
}
