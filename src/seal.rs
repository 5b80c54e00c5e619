//! Checksums over the files the data directory keeps, so that a damaged file is told from a whole
//! one on every read and never taken for the rules.
//!
//! The checksum is XXH64, as the fingerprints (`search/fingerprint.rs`): fast enough to run over a
//! whole edition on every `judge rule` (a megabyte in a fraction of a millisecond), and its value is
//! fixed by its specification. It detects damage, not tampering: anyone who can write the data
//! directory can write a file with a right checksum.

use crate::search::Xxh64;
use std::io::{self, Write};

/// How a sealed small file ends: this, then the checksum of what comes before as 16 hex digits,
/// then a line feed. Text, so that a sealed JSON cache stays readable.
const TRAILER: &[u8] = b"\nxxh64 ";
const TRAILER_LEN: usize = TRAILER.len() + 16 + 1;

/// `body` followed by its checksum.
pub(crate) fn seal(mut body: Vec<u8>) -> Vec<u8> {
    let sum = checksum(&body);
    body.extend_from_slice(TRAILER);
    body.extend_from_slice(format!("{sum:016x}\n").as_bytes());
    body
}

/// The body of a sealed file whose checksum is right; `None` when the file was cut, changed, or
/// never sealed.
pub(crate) fn unseal(file: &[u8]) -> Option<&[u8]> {
    let (body, trailer) = file.split_at_checked(file.len().checked_sub(TRAILER_LEN)?)?;
    let hex = trailer.strip_prefix(TRAILER)?.strip_suffix(b"\n")?;
    let written = u64::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
    (hex.iter().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b)) && written == checksum(body)).then_some(body)
}

fn checksum(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh64::xxh64(bytes, 0)
}

/// A writer that hashes every byte written through it.
pub(crate) struct HashingWriter<W> {
    inner: W,
    hash: Xxh64,
}

impl<W: Write> HashingWriter<W> {
    pub(crate) fn new(inner: W) -> Self {
        HashingWriter { inner, hash: Xxh64::new(0) }
    }

    /// The checksum of the bytes written so far.
    pub(crate) fn digest(&self) -> u64 {
        self.hash.digest()
    }
}

impl<W: Write> Write for HashingWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.hash.update(&bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_file_unseals_and_any_change_is_seen() {
        let sealed = seal(b"{\"a\": 1}".to_vec());
        assert_eq!(unseal(&sealed), Some(&b"{\"a\": 1}"[..]));
        assert!(String::from_utf8(sealed.clone()).unwrap().ends_with('\n'), "still text");
        for at in 0..sealed.len() {
            let mut flipped = sealed.clone();
            flipped[at] ^= 0x20;
            assert_eq!(unseal(&flipped), None, "byte {at} flipped");
            assert_eq!(unseal(&sealed[..at]), None, "cut at {at}");
        }
        assert_eq!(unseal(b"{\"a\": 1}"), None, "never sealed");
        assert_eq!(unseal(&seal(Vec::new())), Some(&b""[..]));
    }

    /// The writer hashes exactly the bytes that pass, however they are written.
    #[test]
    fn the_stream_checksum_is_the_whole_one() {
        let bytes: Vec<u8> = (0..10_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut writer = HashingWriter::new(Vec::new());
        for piece in bytes.chunks(333) {
            writer.write_all(piece).unwrap();
        }
        assert_eq!(writer.digest(), checksum(&bytes));
    }
}
