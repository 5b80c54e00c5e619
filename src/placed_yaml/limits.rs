//! How large a YAML document may be: bounds hundreds of times above any real file, so that a
//! file made by mistake or on purpose (a generated board run away, an alias bomb) is refused at
//! once, at its place, instead of taking the machine's memory.

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
