//! Entering as a copy (`You may have ~ enter as a copy of any creature on the battlefield, except
//! it's an Illusion in addition to its other types`, 614.1c, 707.5): the object copied is the
//! scenario's choice, `$chosen_copy` (an object's `chosen: {copy: ID}`), with the copy effect's
//! exceptions (707.9).
//!
//! Two effects: the replacement effect that makes the permanent enter as a copy, and the copy
//! effect it generates, which goes on applying in layer 1 while the permanent stays on the
//! battlefield (a permanent that a scenario puts on the battlefield as it starts entered so). The
//! latter is written as the permanent's own static ability with its timestamp: once it applies,
//! the permanent has the abilities it copied, not this one, and the effect goes on applying as
//! one that has started (613.6); `tests/fixtures/scenarios-imported/` shows it gives the answers
//! of a copy effect written as a resolved effect (an Aura on the original, Humility). A scenario
//! gives it to a permanent on the battlefield only (`crate::scenario`): a card that has yet to
//! enter does not have the copy effect its entering makes, and 614.12 would see it.

use super::replace::replacement;
use super::template::Template;
use super::{layers, type_phrase, unmodelled, why, FaceText, Piece, Pieces, Unmodelled};
use crate::model::{CopyExcept, CopySpec, CounterNumber, EffectBody, EventKindSpec, ReplacementSpec, SetChange, Word};
use std::collections::BTreeMap;
use std::sync::LazyLock;

static ENTER_AS_COPY: LazyLock<Template> =
    LazyLock::new(|| Template::new(r"^you may have ~ enter as a copy of (?P<what>.+?)(?:, except (?P<except>.+))?$"));

/// What a scenario's choice names: on the battlefield as the permanent enters (707.5).
const CHOSEN: &str = "$chosen_copy";

/// `You may have ~ enter as a copy of <a permanent on the battlefield>[, except …]`.
pub(super) fn sentence(_face: &FaceText, s: &str) -> Option<Pieces> {
    let c = ENTER_AS_COPY.captures(s)?;
    Some(copy(&c["what"], c.name("except").map(|e| e.as_str())))
}

fn copy(what: &str, except: Option<&str>) -> Pieces {
    let on_battlefield = [" on the battlefield", " you control", " an opponent controls", " you don't control"]
        .iter()
        .any(|w| what.ends_with(w));
    if !on_battlefield {
        return unmodelled(format!(
            "entering as a copy of `{what}`: the model copies an object on the battlefield as the permanent enters"
        ));
    }
    let mut exceptions = CopyExcept::default();
    let mut counters = BTreeMap::new();
    if let Some(except) = except {
        for item in items(except) {
            exception(&item, &mut exceptions, &mut counters)?;
        }
    }
    let of = CopySpec { of: CHOSEN.to_string(), except: exceptions };
    let entering = replacement(ReplacementSpec {
        event: Some(EventKindSpec::Enter),
        object: Some(super::nouns::itself()),
        copy: Some(of.clone()),
        counters,
        ..Default::default()
    });
    let staying = Piece::Static {
        text: String::new(),
        cda: false,
        effect: EffectBody { affects: Some(super::nouns::itself()), copy: Some(of), ..Default::default() },
    };
    Ok(vec![entering, staying])
}

/// The exceptions of a copy effect, each a clause of its own (`it's an Illusion …`, `it has
/// "…"`, `it isn't legendary`): split where `, and ` or ` and ` or `, ` starts one.
fn items(except: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = except;
    loop {
        let next = [", and it", " and it", ", it"]
            .iter()
            .filter_map(|sep| super::split::outside_quotes(rest, sep).map(|at| (at, sep.len() - 2)))
            .min_by_key(|(at, _)| *at);
        match next {
            Some((at, skip)) => {
                out.push(rest[..at].trim().to_string());
                rest = &rest[at + skip..];
            }
            None => {
                out.push(rest.trim().to_string());
                return out;
            }
        }
    }
}

/// One exception (707.9): a type, subtype or supertype added (707.9b), legendary taken away, an
/// ability gained (707.9a), an additional counter as it enters (707.9e).
fn exception(
    item: &str,
    except: &mut CopyExcept,
    counters: &mut BTreeMap<String, CounterNumber>,
) -> Result<(), Unmodelled> {
    if item.contains(" if it's ") || item.contains(" if it is ") {
        return unmodelled(format!(
            "the copy's exception `{item}` applies only if the copy is of a kind (707.9f): a condition the model cannot say"
        ));
    }
    if item == "it isn't legendary" {
        except.supertypes.get_or_insert_with(SetChange::default).remove.push(Word::new("legendary"));
        return Ok(());
    }
    if let Some(abilities) = item.strip_prefix("it has ") {
        except.abilities.extend(layers::abilities(abilities, true).map_err(|e| reason(item, e))?);
        return Ok(());
    }
    if let Some(kind) = item
        .strip_prefix("it enters with an additional ")
        .and_then(|r| r.strip_suffix(" counter on it"))
        .filter(|k| !k.contains(' '))
    {
        match counters.entry(kind.to_string()).or_insert(CounterNumber::Fixed(0)) {
            CounterNumber::Fixed(n) => *n += 1,
            CounterNumber::X => return Err(super::layers::unread()),
        }
        return Ok(());
    }
    let added = item
        .strip_prefix("it's ")
        .or_else(|| item.strip_prefix("it is "))
        .and_then(|r| r.strip_suffix(" in addition to its other types"))
        .ok_or_else(|| why(format!("the copy's exception `{item}`: not one the compiler reads")))?;
    let mut body = EffectBody::default();
    type_phrase::is(&mut body, &Default::default(), &format!("{added} in addition to its other types"))
        .map_err(|e| reason(item, e))?;
    let only_types =
        EffectBody { types: None, subtypes: None, supertypes: None, ..body.clone() } == EffectBody::default();
    if !only_types {
        return unmodelled(format!("the copy's exception `{item}`: not only types"));
    }
    except.types = merged(except.types.take(), body.types);
    except.subtypes = merged(except.subtypes.take(), body.subtypes);
    except.supertypes = merged(except.supertypes.take(), body.supertypes);
    Ok(())
}

fn merged(a: Option<SetChange>, b: Option<SetChange>) -> Option<SetChange> {
    match (a, b) {
        (Some(mut a), Some(b)) => {
            a.add.extend(b.add);
            a.remove.extend(b.remove);
            Some(a)
        }
        (a, b) => a.or(b),
    }
}

fn reason(item: &str, e: Unmodelled) -> Unmodelled {
    if e.why.is_empty() {
        why(format!("the copy's exception `{item}`: not one the compiler reads"))
    } else {
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exceptions_are_cut_at_their_clauses() {
        assert_eq!(
            items("it's an illusion in addition to its other types and it has \"when ~ dies, draw, and it's fine.\""),
            ["it's an illusion in addition to its other types", "it has \"when ~ dies, draw, and it's fine.\""]
        );
        assert_eq!(
            items("it enters with an additional +1/+1 counter on it if it's a creature, it enters with an additional loyalty counter on it if it's a planeswalker, and it isn't legendary"),
            [
                "it enters with an additional +1/+1 counter on it if it's a creature",
                "it enters with an additional loyalty counter on it if it's a planeswalker",
                "it isn't legendary"
            ]
        );
    }
}
