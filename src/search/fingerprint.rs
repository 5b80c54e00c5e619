//! The fingerprint that names an on-disk index: it changes when the edition's content
//! (`corpus::fingerprint`), the tool's version or the index schema changes, so that a stale index
//! is never searched.

use super::schema::SCHEMA_VERSION;
use crate::corpus::fingerprint::{content_fingerprint, Xxh64};
use crate::corpus::Edition;

/// The fingerprint of an edition's index, as 16 lower-case hex digits.
pub fn fingerprint(edition: &Edition) -> String {
    index_fingerprint(&content_fingerprint(edition))
}

/// The fingerprint of the index of an edition whose content has this fingerprint: a stored
/// edition keeps the fingerprint of its content in its header, so that `judge search` finds the
/// index without reading the rules.
pub fn index_fingerprint(content: &str) -> String {
    let mut hash = Xxh64::new(0);
    // Each part is followed by a separator that cannot occur in it, so that no two different
    // sequences of parts hash the same bytes.
    hash.update(env!("CARGO_PKG_VERSION").as_bytes());
    hash.update(&[0]);
    hash.update(&SCHEMA_VERSION.to_le_bytes());
    hash.update(&[0]);
    hash.update(content.as_bytes());
    format!("{:016x}", hash.digest())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_follows_the_content() {
        let (edition, _) = crate::corpus::embedded::load();
        let first = fingerprint(&edition);
        assert_eq!(first.len(), 16);
        assert_eq!(first, fingerprint(&edition.clone()));
        let mut changed = edition.clone();
        let rule = changed.parsed.rules.values_mut().next().unwrap();
        rule.text.push('!');
        assert_ne!(first, fingerprint(&changed));
    }
}
