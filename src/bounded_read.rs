//! Whole files read with a bound on their bytes, whatever their metadata says: `/dev/zero`, a
//! pipe, or a file that grows while it is read stop at the bound with an error, instead of taking
//! memory until there is none.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// The most bytes of a rules text (an official one is under 1 MB).
pub(crate) const RULES_TEXT: u64 = 64 * 1024 * 1024;
/// The most bytes of a config file.
pub(crate) const CONFIG: u64 = 1024 * 1024;
/// The most bytes of a cache file (a citation placement, an alignment of two editions).
pub(crate) const CACHE: u64 = 64 * 1024 * 1024;
/// The most bytes of a stored edition file (an official edition is under 4 MB).
pub(crate) const EDITION: u64 = 256 * 1024 * 1024;
/// The most bytes of a card data file, read as a stream (Scryfall's Default Cards, the largest
/// of the files `judge` reads, is about 500 MB; Oracle Cards about 160 MB).
pub(crate) const CARD_DATA: u64 = 1024 * 1024 * 1024;

/// The bytes of the file at `path`, at most `limit` of them: more is an error of kind
/// [`io::ErrorKind::FileTooLarge`] that says the bound.
pub(crate) fn read(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    read_from(fs::File::open(path)?, limit)
}

/// [`read`] for a file of the data directory, which is a regular file or nothing of ours: a
/// pipe put in its place is refused without being opened (which would wait for a writer).
pub(crate) fn read_regular(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    if !fs::metadata(path)?.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "it is not a regular file"));
    }
    read(path, limit)
}

/// [`read`], as text: bytes that are not UTF-8 are an error of kind [`io::ErrorKind::InvalidData`].
pub(crate) fn read_to_string(path: &Path, limit: u64) -> io::Result<String> {
    String::from_utf8(read(path, limit)?).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.utf8_error()))
}

/// All of `input`, at most `limit` bytes: one byte past it tells a longer input without reading
/// the rest.
pub(crate) fn read_from(input: impl Read, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    Bounded::new(input, limit).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A stream that fails once it has given `limit` bytes and has more: what is read as it comes
/// (card data) is bounded as a whole file is.
pub(crate) struct Bounded<R> {
    inner: R,
    left: u64,
    limit: u64,
}

impl<R: Read> Bounded<R> {
    pub(crate) fn new(inner: R, limit: u64) -> Self {
        Bounded { inner, left: limit, limit }
    }
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            // One byte more tells a longer input from one that ends at the bound.
            return match self.inner.read(&mut [0])? {
                0 => Ok(0),
                _ => Err(too_large(self.limit)),
            };
        }
        let most = buf.len().min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let read = self.inner.read(&mut buf[..most])?;
        self.left -= read as u64;
        Ok(read)
    }
}

pub(crate) fn too_large(limit: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("it holds more than {}, the most judge reads of it", size(limit)),
    )
}

/// `64 MB`, `1 MB`, `512 bytes`.
fn size(bytes: u64) -> String {
    const MB: u64 = 1024 * 1024;
    if bytes >= MB && bytes.is_multiple_of(MB) {
        format!("{} MB", bytes / MB)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_without_end_stops_at_the_bound() {
        let err = read_from(io::repeat(0), 1000).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(err.to_string(), "it holds more than 1000 bytes, the most judge reads of it");
        assert_eq!(read_from(&b"abc"[..], 3).unwrap(), b"abc");
        assert!(read_from(&b"abcd"[..], 3).is_err());
    }

    #[test]
    fn a_stream_without_end_stops_at_the_bound() {
        let mut all = Vec::new();
        let err = Bounded::new(io::repeat(7), 1000).read_to_end(&mut all).unwrap_err();
        assert_eq!((err.kind(), all.len()), (io::ErrorKind::FileTooLarge, 1000));
        let mut all = Vec::new();
        Bounded::new(&b"abc"[..], 3).read_to_end(&mut all).unwrap();
        assert_eq!(all, b"abc");
        assert!(Bounded::new(&b"abcd"[..], 3).read_to_end(&mut Vec::new()).is_err());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn dev_zero_is_refused_at_the_bound() {
        let err = read(Path::new("/dev/zero"), CONFIG).unwrap_err();
        assert_eq!(err.to_string(), "it holds more than 1 MB, the most judge reads of it");
    }
}
