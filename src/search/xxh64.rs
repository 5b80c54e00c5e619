//! XXH64, the 64-bit hash of xxHash, written from its specification (`doc/xxhash_spec.md` in the
//! xxHash repository): it reads 32 bytes a step in four independent lanes, several times faster
//! than a byte-at-a-time hash, and gives the same value on every machine and Rust release.

use std::io::{self, Write};

const PRIME_1: u64 = 0x9E37_79B1_85EB_CA87;
const PRIME_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const PRIME_3: u64 = 0x1656_67B1_9E37_79F9;
const PRIME_4: u64 = 0x85EB_CA77_C2B2_AE63;
const PRIME_5: u64 = 0x27D4_EB2F_1656_67C5;

/// The bytes one step reads: a word for each of the four lanes.
const STRIPE: usize = 32;

/// XXH64 of everything written to it, given in pieces of any size.
pub(crate) struct Xxh64 {
    seed: u64,
    lanes: [u64; 4],
    /// The start of a stripe whose end has not come yet.
    pending: [u8; STRIPE],
    pending_len: usize,
    total_len: u64,
}

impl Xxh64 {
    pub(crate) fn new(seed: u64) -> Self {
        let lanes = [
            seed.wrapping_add(PRIME_1).wrapping_add(PRIME_2),
            seed.wrapping_add(PRIME_2),
            seed,
            seed.wrapping_sub(PRIME_1),
        ];
        Xxh64 { seed, lanes, pending: [0; STRIPE], pending_len: 0, total_len: 0 }
    }

    pub(crate) fn update(&mut self, mut bytes: &[u8]) {
        self.total_len += bytes.len() as u64;
        if self.pending_len > 0 {
            let taken = (STRIPE - self.pending_len).min(bytes.len());
            self.pending[self.pending_len..self.pending_len + taken].copy_from_slice(&bytes[..taken]);
            self.pending_len += taken;
            bytes = &bytes[taken..];
            if self.pending_len < STRIPE {
                return;
            }
            let stripe = self.pending;
            self.stripe(&stripe);
            self.pending_len = 0;
        }
        let mut stripes = bytes.chunks_exact(STRIPE);
        for stripe in &mut stripes {
            self.stripe(stripe);
        }
        let rest = stripes.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.pending_len = rest.len();
    }

    fn stripe(&mut self, stripe: &[u8]) {
        for (lane, word) in self.lanes.iter_mut().zip(stripe.chunks_exact(8)) {
            *lane = round(*lane, word_at(word));
        }
    }

    pub(crate) fn finish(&self) -> u64 {
        let mut hash = if self.total_len >= STRIPE as u64 {
            let [a, b, c, d] = self.lanes;
            let joined = a
                .rotate_left(1)
                .wrapping_add(b.rotate_left(7))
                .wrapping_add(c.rotate_left(12))
                .wrapping_add(d.rotate_left(18));
            self.lanes.iter().fold(joined, |hash, &lane| merge(hash, lane))
        } else {
            self.seed.wrapping_add(PRIME_5)
        };
        hash = hash.wrapping_add(self.total_len);
        let mut rest = &self.pending[..self.pending_len];
        while rest.len() >= 8 {
            hash ^= round(0, word_at(rest));
            hash = hash.rotate_left(27).wrapping_mul(PRIME_1).wrapping_add(PRIME_4);
            rest = &rest[8..];
        }
        if rest.len() >= 4 {
            let half = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
            hash ^= u64::from(half).wrapping_mul(PRIME_1);
            hash = hash.rotate_left(23).wrapping_mul(PRIME_2).wrapping_add(PRIME_3);
            rest = &rest[4..];
        }
        for &byte in rest {
            hash ^= u64::from(byte).wrapping_mul(PRIME_5);
            hash = hash.rotate_left(11).wrapping_mul(PRIME_1);
        }
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(PRIME_2);
        hash ^= hash >> 29;
        hash = hash.wrapping_mul(PRIME_3);
        hash ^ (hash >> 32)
    }
}

/// The little-endian word at the start of `bytes`, which holds at least eight.
fn word_at(bytes: &[u8]) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(word)
}

fn round(lane: u64, word: u64) -> u64 {
    lane.wrapping_add(word.wrapping_mul(PRIME_2)).rotate_left(31).wrapping_mul(PRIME_1)
}

fn merge(hash: u64, lane: u64) -> u64 {
    (hash ^ round(0, lane)).wrapping_mul(PRIME_1).wrapping_add(PRIME_4)
}

impl Write for Xxh64 {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xxh64(bytes: &[u8]) -> u64 {
        let mut hash = Xxh64::new(0);
        hash.update(bytes);
        hash.finish()
    }

    /// `32 + (i * 7) % 95` for each byte `i`: printable, and no two stripes alike.
    fn sample(len: usize) -> Vec<u8> {
        (0..len).map(|i| 32 + (i * 7 % 95) as u8).collect()
    }

    /// Values given by `xxhsum -H1` (xxHash 0.8.1), which cover every path: the short input, the
    /// stripes, and the 8-, 4- and 1-byte ends.
    #[test]
    fn matches_the_reference_implementation() {
        assert_eq!(xxh64(b""), 0xef46_db37_51d8_e999);
        assert_eq!(xxh64(b"a"), 0xd24e_c4f1_a98c_6e5b);
        assert_eq!(xxh64(b"abc"), 0x44bc_2cf5_ad77_0999);
        for (len, expected) in [
            (31, 0xc1c8_9b43_d733_7fb5),
            (32, 0x91fc_e7cd_356a_934a),
            (39, 0x44ba_976d_2cc5_59ac),
            (43, 0x1127_e502_77e5_f67a),
            (100, 0x05e4_c752_b2aa_e01a),
            (1000, 0x1041_0453_7206_9cc9),
        ] {
            assert_eq!(xxh64(&sample(len)), expected, "{len} bytes");
        }
    }

    #[test]
    fn the_pieces_it_is_given_in_do_not_matter() {
        let bytes = sample(1000);
        let whole = xxh64(&bytes);
        for piece in [1, 3, 5, 31, 32, 33, 64, 999] {
            let mut hash = Xxh64::new(0);
            bytes.chunks(piece).for_each(|chunk| hash.update(chunk));
            assert_eq!(hash.finish(), whole, "pieces of {piece}");
        }
    }
}
