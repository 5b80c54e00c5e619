//! The fingerprint of an edition's content: XXH64 over the edition in the compact layout of the
//! store (`edition_file`: every field of it, lengths before texts, no escaping). It is written in
//! a stored edition's header at import, computed for the embedded edition and for editions stored
//! before that, and keys what is derived from an edition: its index (`search`), its citation
//! placements (`cite`) and its alignments (`align`).
//!
//! XXH64's value is fixed by its specification, unlike std's `DefaultHasher`, which may change
//! between Rust releases: the fingerprint must stay the same from one run of `judge` to the next.

use super::{edition_file, Edition};
use std::io::{BufWriter, Write};
pub(crate) use xxhash_rust::xxh64::Xxh64;

/// The layout is written in pieces of a few bytes: gathered first, they are hashed a stripe at a
/// time instead of being copied piece by piece into the hash's own small buffer.
const BUFFER: usize = 8 * 1024;

/// The fingerprint of the edition's content alone, as 16 lower-case hex digits: what keys data
/// derived from the edition by something else than the index (the alignments of `judge diff`),
/// which has its own version to add.
pub fn content_fingerprint(edition: &Edition) -> String {
    let mut hash = Xxh64::new(0);
    hash_layout(&mut hash, edition);
    format!("{:016x}", hash.digest())
}

fn hash_layout(hash: &mut Xxh64, edition: &Edition) {
    // Writing to a hash cannot fail, and an edition always has a layout: no text of it comes near
    // the 4 GiB a length can say.
    let mut buffered = BufWriter::with_capacity(BUFFER, Hashing(hash));
    edition_file::write(edition, &mut buffered).and_then(|()| buffered.flush()).expect("an edition is always written");
}

/// A hash as an `io::Write`, for the layout writer.
struct Hashing<'h>(&'h mut Xxh64);

impl Write for Hashing<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Index and cache names are only stable while the hash is XXH64 as specified: the values of
    /// the reference implementation, whole and fed in pieces as the layout writer does.
    #[test]
    fn the_hash_is_xxh64() {
        for (bytes, expected) in
            [(&b""[..], 0xef46_db37_51d8_e999), (b"a", 0xd24e_c4f1_a98c_6e5b), (b"abc", 0x44bc_2cf5_ad77_0999)]
        {
            let mut hash = Xxh64::new(0);
            let mut writer = Hashing(&mut hash);
            for piece in bytes.chunks(2) {
                writer.write_all(piece).unwrap();
            }
            assert_eq!(hash.digest(), expected, "{bytes:?}");
        }
    }
}
