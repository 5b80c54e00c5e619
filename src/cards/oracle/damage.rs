//! Damage templates (614.1a, 614.9, 615): doubled, tripled or increased damage, prevention of
//! some or all of it, and redirection, each effect watching the sources and the recipients the
//! sentence names.

use super::replace::replacement;
use super::{nouns, unmodelled, why, words, Pieces, Unmodelled};
use crate::model::{
    CountersInstead, EventKindSpec, InsteadSpec, PreventSpec, Quantity, RedirectSpec, ReplacementSpec, SelectorSpec,
};
use regex_lite::Captures;

/// What a damage template does.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Act {
    Multiply,
    Add,
    PreventSome,
    PreventAll,
    Redirect,
    Counters,
}

/// Who a damage event is dealt to: players, objects, or anything.
enum To {
    Players(Vec<String>),
    Objects(Box<SelectorSpec>),
}

/// The recipients a phrase names (`a permanent or player`, `an opponent or a permanent an
/// opponent controls`, `you`, `~`): each a group of events apart from the others'.
fn recipients(phrase: Option<&str>) -> Result<Vec<Option<To>>, Unmodelled> {
    let Some(phrase) = phrase else { return Ok(vec![None]) };
    if phrase == "any target" {
        return Ok(vec![None]);
    }
    let mut players: Vec<String> = Vec::new();
    let mut objects: Vec<String> = Vec::new();
    for part in
        phrase.replace(", and ", ", ").replace(", or ", ", ").replace(" or ", ", ").replace(" and ", ", ").split(", ")
    {
        let part = part.trim();
        match nouns::players(part) {
            Some(p) => players.extend(p),
            None if part == "player" => players.push("all".into()),
            None => objects.push(part.to_string()),
        }
    }
    if players.contains(&"all".to_string())
        || (players.contains(&"you".into()) && players.contains(&"opponents".into()))
    {
        players = vec!["all".into()];
    }
    let mut out = Vec::new();
    let objects = if objects.is_empty() { vec![] } else { nouns::objects(&objects.join(" or "))? };
    let any_object = objects.len() == 1 && objects[0] == SelectorSpec { all: true, ..Default::default() };
    if any_object && players == ["all"] {
        return Ok(vec![None]);
    }
    if !players.is_empty() {
        out.push(Some(To::Players(players)));
    }
    out.extend(objects.into_iter().map(|o| Some(To::Objects(Box::new(o)))));
    Ok(out)
}

/// The source a phrase names: any (`a source`), or those a selector says.
fn source(phrase: Option<&str>) -> Result<Option<SelectorSpec>, Unmodelled> {
    match phrase.map(str::trim) {
        None | Some("a source" | "sources") => Ok(None),
        Some(np) => nouns::object(np).map(Some),
    }
}

/// A damage template's effects, one per group of recipients. Effects that would double or add
/// to the same damage twice are refused: only recipients apart, or actions that apply once
/// whatever the number, may be split.
pub(super) fn damage(c: &Captures, act: Act) -> Pieces {
    let to = recipients(c.name("to").map(|m| m.as_str()))?;
    let src = source(c.name("src").map(|m| m.as_str()))?;
    let objects = to.iter().filter(|t| matches!(t, Some(To::Objects(_)))).count();
    if objects > 1 && !matches!(act, Act::PreventAll) {
        return unmodelled("damage to kinds of objects no one selector says, which the effect would change twice");
    }
    let combat = c.name("combat").map(|m| m.as_str() == "combat ");
    let n = c.name("n").map(|n| words::number(n.as_str()).ok_or_else(|| why("a number the compiler could not read")));
    let n = n.transpose()?;
    let mut out = Vec::new();
    for recipient in to {
        let mut r =
            ReplacementSpec { event: Some(EventKindSpec::Damage), source: src.clone(), combat, ..Default::default() };
        match recipient {
            Some(To::Players(p)) => r.player = Some(p),
            Some(To::Objects(o)) => r.object = Some(*o),
            None => {}
        }
        match act {
            Act::Multiply => r.multiply = c.name("how").and_then(|h| words::times(h.as_str())),
            Act::Add => r.add = n,
            Act::PreventSome => r.prevent = n.map(PreventSpec::Amount),
            Act::PreventAll => r.prevent = Some(PreventSpec::All),
            Act::Redirect => r.redirect = Some(redirect(&c["dest"])?),
            Act::Counters => {
                r.instead = Some(InsteadSpec {
                    counters: Some(CountersInstead { kind: c["kind"].to_string(), count: Quantity::ThatMany }),
                    ..Default::default()
                })
            }
        }
        out.push(replacement(r));
    }
    Ok(out)
}

/// `Damage can't be prevented`, `Combat damage that would be dealt by <sources> can't be
/// prevented`: a rule of the damage events it watches (615.12 today), not a replacement.
pub(super) fn unpreventable(c: &Captures) -> Pieces {
    Ok(vec![replacement(ReplacementSpec {
        event: Some(EventKindSpec::Damage),
        source: source(c.name("src").map(|m| m.as_str()))?,
        combat: c.name("combat").map(|m| m.as_str() == "combat "),
        unpreventable: true,
        ..Default::default()
    })])
}

/// `… dealt to and dealt by ~`: the part dealt by it.
pub(super) fn damage_by_self(c: &Captures) -> Pieces {
    Ok(vec![replacement(ReplacementSpec {
        event: Some(EventKindSpec::Damage),
        source: Some(nouns::itself()),
        combat: c.name("combat").map(|m| m.as_str() == "combat "),
        prevent: Some(PreventSpec::All),
        ..Default::default()
    })])
}

/// Where redirected damage goes: the enchanted or equipped creature, or the face itself.
fn redirect(dest: &str) -> Result<RedirectSpec, Unmodelled> {
    match dest {
        "~" => Ok(RedirectSpec::Selector(Box::new(nouns::itself()))),
        "enchanted creature" | "equipped creature" => {
            Ok(RedirectSpec::Selector(Box::new(SelectorSpec { attached: true, ..Default::default() })))
        }
        _ => unmodelled(format!("damage redirected to `{dest}`: a choice or a target the model cannot name")),
    }
}
