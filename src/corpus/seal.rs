//! Checksums over the small files the data directory keeps (the citation and alignment caches),
//! so that a damaged file is told from a whole one on every read and never taken for the rules.
//! Stored editions have checksums of their own, in their layout (`edition_file`).
//!
//! The checksum is XXH64, as the fingerprints (`corpus/fingerprint.rs`): its value is fixed by its
//! specification. It detects damage, not tampering: anyone who can write the data directory can
//! write a file with a right checksum.

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
}
