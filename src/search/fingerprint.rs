//! The fingerprint that names an on-disk index: it changes when the edition's content, the tool's
//! version or the index schema changes, so that a stale index is never searched.
//!
//! FNV-1a 64, written here because std's `DefaultHasher` may change between Rust releases and
//! the fingerprint must stay the same from one run of `judge` to the next.

use super::schema::SCHEMA_VERSION;
use crate::corpus::Edition;
use std::io::{self, Write};

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a 64 over the bytes written to it.
pub(crate) struct Fnv1a(u64);

impl Fnv1a {
    pub(crate) fn new() -> Self {
        Fnv1a(OFFSET_BASIS)
    }

    pub(crate) fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(PRIME);
        }
    }

    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}

impl Write for Fnv1a {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The fingerprint of an edition's index, as 16 lower-case hex digits.
pub fn fingerprint(edition: &Edition) -> String {
    let mut hash = Fnv1a::new();
    // Each part is followed by a separator that cannot occur in it, so that no two different
    // sequences of parts hash the same bytes.
    hash.update(env!("CARGO_PKG_VERSION").as_bytes());
    hash.update(&[0]);
    hash.update(&SCHEMA_VERSION.to_le_bytes());
    hash.update(&[0]);
    // Streams the serialization instead of building it: an English edition is megabytes of JSON.
    // The edition's serialization cannot fail (string keys, no non-finite floats).
    serde_json::to_writer(&mut hash, edition).expect("an edition always serializes");
    format!("{:016x}", hash.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fnv(bytes: &[u8]) -> u64 {
        let mut h = Fnv1a::new();
        h.update(bytes);
        h.finish()
    }

    #[test]
    fn matches_the_published_fnv1a_64_values() {
        assert_eq!(fnv(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv(b"foobar"), 0x8594_4171_f739_67e8);
    }

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
