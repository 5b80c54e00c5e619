//! Why a sentence is left out, in the words a judge reads beside it: the first family of what
//! the model lacks that the sentence shows.

use super::{why, Unmodelled};

pub(super) const TRIGGERED: &str = "a triggered ability: what it does is not modelled";
pub(super) const ACTIVATED: &str = "an activated ability: what it does is not modelled";

/// Words that show what the model lacks, and the reason they give, the most telling first.
const FAMILIES: &[(&[&str], &str)] = &[
    (&["cost {", "costs {", "costs x", "less to cast", "more to cast", "less to activate", "more to activate", "additional cost"], "a cost change: the model has no costs"),
    (&["can't attack", "can't block", "can't be blocked", "attacks each", "blocks each", "must be blocked", "can block", "can attack", "attacking", "blocking", "able to block"], "attacking and blocking are not events of the model"),
    (&["can't be countered"], "countering a spell is not an event of the model"),
    (&["enter as a copy", "enters as a copy"], "entering as a copy of a creature chosen then: a choice the model cannot ask (a scenario names the copied object)"),
    (&["trigger"], "triggered abilities are not modelled"),
    (&["enchanted player"], "an Aura on a player: the model attaches to objects only"),
    (&["opening hand"], "beginning the game with it is not in the model"),
    (&["spend", "activated abilities", "can't be activated", "can't cast", "can cast", "may cast", "may play", "can't play", "cast spells", "casts a spell", "can't be cast"], "what players may cast, play, spend or activate is not in the model"),
    (&["as long as", "during your turn", "during each", "if it's your turn", "if you control", "if you have", "if an opponent", "except the first"], "a condition, or an effect under one, that the model cannot say (its conditions check control, attachment, hand size, life and whose turn it is)"),
    (&["chosen", "choose", "choice", "you may", "of your choice"], "a choice the model cannot ask"),
    (&["unless"], "`unless`: a choice or a condition the model cannot ask"),
    (&["untap"], "untapping is not an event of the model"),
    (&["target"], "a target: chosen as a spell or ability is put on the stack, not in the model"),
    (&["hand size", "maximum hand", "hands revealed", "search"], "hands and libraries are not in the model"),
    (&["mana"], "mana is not in the model"),
    (&["this turn", "each turn", "last turn"], "what happened this turn is not in the model"),
    (&["for each", "equal to", "x is", "the number of"], "a number the model's amounts cannot say"),
    (&["can't be the target", "can't be sacrificed", "can't be enchanted", "can't transform", "can't be exiled"], "this event is not in the model"),
    (&["phase out", "phases out"], "phasing is not in the model"),
    (&["damage can't be prevented", "can't be prevented"], "\"can't be prevented\" said of damage in words the compiler does not read"),
    (&["half that damage", "half the damage"], "half the damage, rounded: the model prevents a fixed amount"),
    (&["win the game"], "winning the game is not an event of the model"),
    (&["life total", "lose life", "loses life"], "this life rule is not in the model"),
    (&["create"], "tokens created instead: the model's `instead` cannot say it"),
];

/// Why the compiler could not read `sentence` (normalised).
pub(super) fn of(sentence: &str) -> Unmodelled {
    for (words, reason) in FAMILIES {
        if words.iter().any(|w| sentence.contains(w)) {
            return why(*reason);
        }
    }
    if sentence.contains(" would ") && sentence.contains("instead") {
        return why("a replacement whose template the compiler does not know");
    }
    why("a static ability whose template the compiler does not know")
}
