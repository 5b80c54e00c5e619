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
) -> Vec<crate::corpus::problem::Problem> {
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
