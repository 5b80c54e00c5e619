//! The conditions a replacement effect checks when the event would happen: `As long as you have
//! no cards in hand, …`, `… enters tapped unless you control a Mountain`, in the model's
//! `ConditionSpec` when it says one thing exactly.

use super::{nouns, reasons, why, words, Unmodelled};
use crate::model::{ConditionSpec, CountSpec};

/// `you have no cards in hand`, `you control an artifact`, `you control three or more lands`,
/// `you have 10 or less life`, `an opponent has 10 or less life`, `it's your turn`, `it's not
/// your turn`.
pub(super) fn condition_of(condition: &str) -> Result<ConditionSpec, Unmodelled> {
    let mut spec = ConditionSpec::default();
    if let Some(yours) = match condition {
        "it's your turn" => Some(true),
        "it's not your turn" => Some(false),
        _ => None,
    } {
        spec.your_turn = Some(yours);
        return Ok(spec);
    }
    if condition == "you have no cards in hand" {
        spec.cards_in_hand = Some(CountSpec { at_least: None, at_most: Some(0) });
        return Ok(spec);
    }
    let (whose, rest) = match condition.strip_prefix("an opponent has ") {
        Some(rest) => (Some("an_opponent".to_string()), Some(rest)),
        None => (None, condition.strip_prefix("you have ")),
    };
    if let Some(life) = rest.and_then(|l| l.strip_suffix(" life")) {
        spec.player = whose;
        let (n, bound) = life.split_once(" or ").ok_or_else(|| reasons::of(condition))?;
        let n = words::number(n).ok_or_else(|| reasons::of(condition))?;
        spec.life = Some(match bound {
            "less" | "fewer" => CountSpec { at_least: None, at_most: Some(n) },
            "more" | "greater" => CountSpec { at_least: Some(n), at_most: None },
            _ => return Err(reasons::of(condition)),
        });
        return Ok(spec);
    }
    let np = condition
        .strip_prefix("you control ")
        .ok_or_else(|| why(format!("the condition `{condition}`: not one the model has")))?;
    let (count, np) = match np.split_once(" or more ") {
        Some((n, rest)) => (Some(CountSpec { at_least: words::number(n), at_most: None }), rest),
        None => (None, np),
    };
    if count.is_some_and(|c| c.at_least.is_none()) {
        return Err(reasons::of(condition));
    }
    spec.controls = Some(nouns::object_of_any_subtype(np)?);
    spec.count = count;
    Ok(spec)
}

/// `unless you control a Mountain` as the condition under which the effect applies: you control
/// none; `unless you control a Plains or an Island`: none of either; `unless you control two or
/// more other lands`: you control at most one.
pub(super) fn unless(cond: &str) -> Result<ConditionSpec, Unmodelled> {
    let reason = || why(format!("`unless {cond}`: a condition the model cannot say"));
    let np = cond.strip_prefix("you control ").ok_or_else(reason)?;
    let (count, np) = if let Some((n, rest)) = np.split_once(" or more ") {
        let n = words::number(n).ok_or_else(reason)?;
        (CountSpec { at_least: None, at_most: Some(n - 1) }, rest)
    } else if let Some((n, rest)) = np.split_once(" or fewer ") {
        let n = words::number(n).ok_or_else(reason)?;
        (CountSpec { at_least: Some(n + 1), at_most: None }, rest)
    } else {
        (CountSpec { at_least: None, at_most: Some(0) }, np)
    };
    let controls = nouns::object_of_any_subtype(np)?;
    Ok(ConditionSpec { controls: Some(controls), count: Some(count), ..Default::default() })
}
