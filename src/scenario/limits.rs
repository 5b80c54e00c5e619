//! How large a scenario may be (docs/scenario/07-output.md, "Limits"), beyond the bounds of any YAML
//! document (`placed_yaml::limits`): a judge call is a few permanents; these bounds are hundreds
//! of times above any real board.

use crate::placed_yaml::limits::thousands;

/// Objects, resolved effects and events.
pub const OBJECTS: usize = 100_000;
pub const EFFECTS: usize = 100_000;
pub const EVENTS: usize = 10_000;

/// The lists of a scenario longer than their limit, each placed at its first item past it.
pub(super) fn too_long(
    source: &str,
    spans: &crate::placed_yaml::spans::Spans,
    top: &serde_yaml::Mapping,
) -> Vec<crate::diagnostic::problem::Problem> {
    let mut problems = Vec::new();
    for (key, limit, what) in
        [("objects", OBJECTS, "objects"), ("effects", EFFECTS, "resolved effects"), ("events", EVENTS, "events")]
    {
        let Some(items) = top.get(key).and_then(serde_yaml::Value::as_sequence) else { continue };
        if items.len() > limit {
            let at = spans.value(&crate::placed_yaml::spans::item(key, limit));
            problems.push(crate::placed_yaml::problem(
                source,
                (at.0, at.0),
                format!(
                    "more than {} {what}: this file has {}",
                    thousands(limit as u64),
                    thousands(items.len() as u64)
                ),
                Some(
                    "split the board, or leave out what the question does not need (docs/scenario/07-output.md, \"Limits\")"
                        .into(),
                ),
            ));
        }
    }
    problems
}

/// The largest number, either way, a scenario may state (a power, a toughness, a life total, an
/// amount, a count of counters, a factor, the N of a `+N/+N` counter). Why this bound holds the
/// engine's arithmetic in range: the engine holds numbers as i64 (below 2^63); a stated number is
/// below 2^20, a product of two of them (counters of a kind times that kind's N) below 2^40, and a
/// sum of such terms, one per object, effect, counter kind or event (fewer than 2^22 with the
/// limits above), below 2^62. What the bound cannot cover is a product of many factors: replacement
/// effects that multiply compound (614.5), so the engine still checks that multiplication.
pub const NUMBER: i64 = 1_000_000;

/// The numbers of a scenario larger than [`NUMBER`] either way, each at its place: integers, and
/// the N of counter kinds written `+N/+N` (keys or values).
pub(super) fn out_of_range(
    source: &str,
    spans: &crate::placed_yaml::spans::Spans,
    root: &serde_yaml::Value,
) -> Vec<crate::diagnostic::problem::Problem> {
    use serde_yaml::Value;
    let mut problems = Vec::new();
    let mut report = |path: &str, shown: &str, at: (usize, usize)| {
        problems.push(crate::placed_yaml::problem(
            source,
            at,
            format!(
                "the number {} is beyond what a scenario may state: the engine's arithmetic would overflow",
                shown.chars().take(24).collect::<String>()
            ),
            Some(format!(
                "numbers are at most {} either way (docs/scenario/07-output.md, \"Limits\"){}",
                thousands(NUMBER as u64),
                if path.is_empty() { String::new() } else { format!(": `{path}`") }
            )),
        ));
    };
    // Iterative, so that depth costs no stack (the parser has bounded it already).
    let mut stack: Vec<(String, &Value)> = vec![(String::new(), root)];
    while let Some((path, value)) = stack.pop() {
        match value {
            Value::Number(n) if !n.is_f64() && n.as_i64().is_none_or(|n| n.unsigned_abs() > NUMBER as u64) => {
                report(&path, &n.to_string(), spans.value(&path));
            }
            Value::String(s) if counter_too_large(s) => report(&path, s, spans.value(&path)),
            Value::Sequence(items) => {
                stack.extend(
                    items.iter().enumerate().rev().map(|(i, v)| (crate::placed_yaml::spans::item(&path, i), v)),
                );
            }
            Value::Mapping(m) => {
                for (k, v) in m.iter().collect::<Vec<_>>().into_iter().rev() {
                    let Some(key) = k.as_str() else { continue };
                    let child = crate::placed_yaml::spans::child(&path, key);
                    if counter_too_large(key) {
                        report(&child, key, spans.key(&child));
                    }
                    stack.push((child, v));
                }
            }
            _ => {}
        }
    }
    problems
}

/// A counter kind written `+N/+M` or `-N/-M` whose N or M is beyond [`NUMBER`].
fn counter_too_large(s: &str) -> bool {
    let Some((p, t)) = s.split_once('/') else { return false };
    fn number(x: &str) -> Option<&str> {
        let digits = x.strip_prefix(['+', '-'])?;
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
    }
    let (Some(p), Some(t)) = (number(p), number(t)) else { return false };
    [p, t].iter().any(|d| d.trim_start_matches('0').len() > 7 || d.parse::<i64>().map_or(true, |n| n > NUMBER))
}
