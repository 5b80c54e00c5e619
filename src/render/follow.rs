//! `judge rule REF --in EDITION`: where the rules shown are in another edition, one sentence per
//! rule, then the counterparts themselves.

use super::style::Style;
use crate::align::{Alignment, ChangeKind};
use crate::corpus::{Edition, Rule, RuleId};
use serde::Serialize;

/// The sentence for one rule: `614.14 in en-2011-02-04 is 614.15 in en-2025-11-14 (renumbered)`.
pub fn sentence(alignment: &Alignment, id: RuleId) -> String {
    let (old, new) = (&alignment.old, &alignment.new);
    let Some(found) = alignment.follow(id) else {
        return format!("{id} is not in {old}");
    };
    let ids = list(found.ids);
    let change = found.change;
    match found.kind {
        ChangeKind::Removed => format!("{id} in {old} was removed: it has no counterpart in {new}"),
        ChangeKind::Split => format!("{id} in {old} is split into {ids} in {new}{}", alike(change.similarity)),
        ChangeKind::Merged => {
            let others: Vec<RuleId> = change.old.iter().copied().filter(|&o| o != id).collect();
            format!("{id} in {old} is merged with {} into {ids} in {new}{}", list(&others), alike(change.similarity))
        }
        ChangeKind::Reworded => {
            let similarity = change.similarity.map_or(String::new(), |s| format!(", {s} % alike"));
            format!("{id} in {old} is {ids} in {new} ({}{similarity})", change.label())
        }
        kind => format!("{id} in {old} is {ids} in {new} ({kind})"),
    }
}

fn alike(similarity: Option<u8>) -> String {
    similarity.map_or(String::new(), |s| format!(" ({s} % alike)"))
}

fn list(ids: &[RuleId]) -> String {
    ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

/// The sentences, then the counterparts as `judge rule` shows rules.
pub fn table(alignment: &Alignment, shown: &[&Rule], new: &Edition, counterparts: &[&Rule], style: Style) -> String {
    let mut out = String::new();
    for rule in shown {
        out.push_str(&style.wrap(&sentence(alignment, rule.id)));
        out.push('\n');
    }
    if !counterparts.is_empty() {
        out.push('\n');
        out.push_str(&super::rules::table(new, counterparts, style));
    }
    out
}

#[derive(Serialize)]
struct FollowJson<'a> {
    id: RuleId,
    kind: ChangeKind,
    renumbered: bool,
    counterparts: &'a [RuleId],
    similarity: Option<u8>,
}

#[derive(Serialize)]
struct WithFollowJson<'a> {
    #[serde(flatten)]
    shown: super::rules::RulesJson<'a>,
    #[serde(rename = "in")]
    other: InJson<'a>,
}

#[derive(Serialize)]
struct InJson<'a> {
    #[serde(flatten)]
    counterparts: super::rules::RulesJson<'a>,
    follow: Vec<FollowJson<'a>>,
}

/// `judge rule --json` with `"in"`: the other edition's document of the counterparts, with a
/// `follow` entry per rule shown.
pub fn json<'a>(
    old: &'a Edition,
    shown: &[&'a Rule],
    alignment: &'a Alignment,
    new: &'a Edition,
    counterparts: &[&'a Rule],
) -> String {
    let follow: Vec<FollowJson> = shown
        .iter()
        .filter_map(|r| {
            alignment.follow(r.id).map(|found| FollowJson {
                id: r.id,
                kind: found.kind,
                renumbered: found.change.renumbered(),
                counterparts: found.ids,
                similarity: found.change.similarity,
            })
        })
        .collect();
    let out = WithFollowJson {
        shown: super::rules::document(old, shown),
        other: InJson { counterparts: super::rules::document(new, counterparts), follow },
    };
    super::to_json(&out)
}
