//! The checksums of an edition file, by its format: XXH3-64 in formats 4 and 3, XXH64 in format 2,
//! both with seed 0 and fixed by their specification; format 1 has none. XXH3 hashes an edition
//! faster than XXH64 with SSE2, which every x86_64 has.

use super::{FORMAT, SCAN_FORMAT, UNSEALED_FORMAT, XXH64_FORMAT};
use crate::corpus::fingerprint::Xxh64;
use xxhash_rust::xxh3::Xxh3Default;

/// The hash of a file's checksums, by its format.
// XXH3's state is the large one, and the one of every file written today: boxing it would only
// add an allocation to every read.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub(super) enum Checksum {
    Xxh3(Xxh3Default),
    Xxh64(Xxh64),
    /// Format 1: nothing to check.
    None,
}

impl Checksum {
    /// `None` for a format that is not read.
    pub(super) fn of_format(format: u32) -> Option<Checksum> {
        match format {
            FORMAT | SCAN_FORMAT => Some(Checksum::Xxh3(Xxh3Default::new())),
            XXH64_FORMAT => Some(Checksum::Xxh64(Xxh64::new(0))),
            UNSEALED_FORMAT => Some(Checksum::None),
            _ => None,
        }
    }

    /// Whether the format has checksums.
    pub(super) fn sealed(&self) -> bool {
        !matches!(self, Checksum::None)
    }

    pub(super) fn update(&mut self, bytes: &[u8]) {
        match self {
            Checksum::Xxh3(hash) => hash.update(bytes),
            Checksum::Xxh64(hash) => hash.update(bytes),
            Checksum::None => {}
        }
    }

    /// The checksum of the bytes so far; `None` for a format without checksums.
    pub(super) fn digest(&self) -> Option<u64> {
        match self {
            Checksum::Xxh3(hash) => Some(hash.digest()),
            Checksum::Xxh64(hash) => Some(hash.digest()),
            Checksum::None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{blocks, bytes_of, format_3_bytes_of, header_end, sample, xxh64_bytes_of};
    use super::super::{CHECKSUM_LEN, MAGIC};

    /// The checksums are XXH3-64 of the bytes before them, as its reference implementation
    /// computes it (seed 0, default secret): its values for "", "a" and "abc" first.
    #[test]
    fn the_checksums_are_xxh3() {
        use xxhash_rust::xxh3::xxh3_64;
        assert_eq!(
            [xxh3_64(b""), xxh3_64(b"a"), xxh3_64(b"abc")],
            [0x2d06_8005_38d3_94c2, 0xe6c6_32b6_1e96_4e1f, 0x78af_5f94_892f_3950]
        );
        // Format 4: the header's checksum, through the index, then each block's, in the index.
        let bytes = bytes_of(&sample());
        let header = header_end(&bytes);
        assert_eq!(bytes[header..header + CHECKSUM_LEN], xxh3_64(&bytes[..header]).to_le_bytes());
        let blocks = blocks::blocks_of(&bytes);
        assert_eq!(blocks.len(), 2 * 2 + 1, "609 (cited) and 614, then the glossary");
        for (block, range) in blocks {
            assert_eq!(xxh3_64(&bytes[range]), block.checksum, "{}", block.name());
        }
        // Format 3: the header's checksum, then one over all the bytes before the end.
        let bytes = format_3_bytes_of(&sample());
        let (header, end) = (header_end(&bytes), bytes.len() - CHECKSUM_LEN);
        assert_eq!(bytes[MAGIC.len()..MAGIC.len() + 4], 3u32.to_le_bytes());
        assert_eq!(bytes[header..header + CHECKSUM_LEN], xxh3_64(&bytes[..header]).to_le_bytes());
        assert_eq!(bytes[end..], xxh3_64(&bytes[..end]).to_le_bytes());
        // Format 2 is the same bytes but the format and the checksums, which are XXH64.
        let old = xxh64_bytes_of(&sample());
        let xxh64 = |bytes: &[u8]| xxhash_rust::xxh64::xxh64(bytes, 0);
        assert_eq!(old.len(), bytes.len());
        assert_eq!(old[MAGIC.len()..MAGIC.len() + 4], 2u32.to_le_bytes());
        assert_eq!(old[header..header + CHECKSUM_LEN], xxh64(&old[..header]).to_le_bytes());
        assert_eq!(old[end..], xxh64(&old[..end]).to_le_bytes());
        let same_but = |at: usize| (MAGIC.len()..MAGIC.len() + 4).contains(&at) || (header..header + 8).contains(&at);
        assert!((0..end).all(|at| same_but(at) || old[at] == bytes[at]));
    }
}
