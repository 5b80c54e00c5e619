//! How large a scenario file may be (docs/SCENARIO.md, "Limits"). A judge call is a few
//! permanents; these bounds are hundreds of times above any real board, and there so that a file
//! made by mistake or on purpose (a generated board run away, an alias bomb) is refused at once,
//! at its place, instead of taking the machine's memory.

/// The bytes of a file, checked before it is read (64 MiB).
pub const FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Nodes of the document (each scalar, list and mapping), an alias counting as the nodes it
/// repeats: a synthetic board of 100,000 objects is about 2.3 million.
pub const NODES: u64 = 4_000_000;

/// Bytes that aliases repeat (the text of the nodes they copy and the memory of each node): as
/// much as the largest file, so that aliases cannot make a document of gigabytes from a few lines.
pub const ALIAS_BYTES: u64 = 64 * 1024 * 1024;

/// Levels of lists and mappings, one inside the other: a scenario needs about ten.
pub const DEPTH: usize = 64;

/// Objects, resolved effects and events.
pub const OBJECTS: usize = 100_000;
pub const EFFECTS: usize = 100_000;
pub const EVENTS: usize = 10_000;

/// Groups digits by thousands, as the limits are written in messages (`4,000,000`).
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The lists of a scenario longer than their limit, each placed at its first item past it.
pub(super) fn too_long(
    source: &str,
    spans: &super::spans::Spans,
    top: &serde_yaml::Mapping,
) -> Vec<crate::diagnostic::problem::Problem> {
    let mut problems = Vec::new();
    for (key, limit, what) in
        [("objects", OBJECTS, "objects"), ("effects", EFFECTS, "resolved effects"), ("events", EVENTS, "events")]
    {
        let Some(items) = top.get(key).and_then(serde_yaml::Value::as_sequence) else { continue };
        if items.len() > limit {
            let at = spans.value(&super::spans::item(key, limit));
            problems.push(super::load::problem(
                source,
                (at.0, at.0),
                format!(
                    "more than {} {what}: this file has {}",
                    thousands(limit as u64),
                    thousands(items.len() as u64)
                ),
                Some(
                    "split the board, or leave out what the question does not need (docs/SCENARIO.md, \"Limits\")"
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
    spans: &super::spans::Spans,
    root: &serde_yaml::Value,
) -> Vec<crate::diagnostic::problem::Problem> {
    use serde_yaml::Value;
    let mut problems = Vec::new();
    let mut report = |path: &str, shown: &str, at: (usize, usize)| {
        problems.push(super::load::problem(
            source,
            at,
            format!(
                "the number {} is beyond what a scenario may state: the engine's arithmetic would overflow",
                shown.chars().take(24).collect::<String>()
            ),
            Some(format!(
                "numbers are at most {} either way (docs/SCENARIO.md, \"Limits\"){}",
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
                stack.extend(items.iter().enumerate().rev().map(|(i, v)| (super::spans::item(&path, i), v)));
            }
            Value::Mapping(m) => {
                for (k, v) in m.iter().collect::<Vec<_>>().into_iter().rev() {
                    let Some(key) = k.as_str() else { continue };
                    let child = super::spans::child(&path, key);
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

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_are_grouped() {
        assert_eq!(super::thousands(0), "0");
        assert_eq!(super::thousands(999), "999");
        assert_eq!(super::thousands(1000), "1,000");
        assert_eq!(super::thousands(4_000_000), "4,000,000");
    }
}
