//! A reader that checks, as the bytes pass, that they are UTF-8, and counts them for the progress
//! line. serde_json checks the strings it keeps but not those it skips, and a file that is not
//! UTF-8 deserves to be called so, at its first bad byte, rather than refused for a symptom.

use crate::progress::Progress;
use std::io::{self, Read};

pub(super) struct Utf8Check<R> {
    inner: R,
    /// Bytes passed so far.
    offset: u64,
    /// The start of a character cut by the end of the last read.
    pending: Vec<u8>,
    /// Where the first byte that starts no character is.
    pub bad: Option<u64>,
    /// The first error of the underlying reader, kept whole for the diagnostic.
    pub failed: Option<io::Error>,
    progress: Progress,
}

impl<R: Read> Utf8Check<R> {
    pub fn new(inner: R, progress: Progress) -> Self {
        Utf8Check { inner, offset: 0, pending: Vec::with_capacity(4), bad: None, failed: None, progress }
    }

    fn refuse(&mut self, at: u64) -> io::Error {
        self.bad = Some(at);
        io::Error::new(io::ErrorKind::InvalidData, "not UTF-8")
    }

    fn check(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut start = 0;
        // First the end of a character the last read cut.
        while !self.pending.is_empty() && start < bytes.len() {
            self.pending.push(bytes[start]);
            start += 1;
            match std::str::from_utf8(&self.pending) {
                Ok(_) => self.pending.clear(),
                Err(e) if e.error_len().is_none() => {}
                Err(_) => return Err(self.refuse(self.offset - (self.pending.len() - start) as u64)),
            }
        }
        if self.pending.is_empty() {
            let rest = &bytes[start..];
            match std::str::from_utf8(rest) {
                Ok(_) => {}
                Err(e) if e.error_len().is_none() => self.pending.extend_from_slice(&rest[e.valid_up_to()..]),
                Err(e) => return Err(self.refuse(self.offset + (start + e.valid_up_to()) as u64)),
            }
        }
        Ok(())
    }
}

impl<R: Read> Read for Utf8Check<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.bad.is_some() {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "not UTF-8"));
        }
        let n = match self.inner.read(buf) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => return Err(e),
            Err(e) => {
                let again = io::Error::new(e.kind(), e.to_string());
                self.failed.get_or_insert(e);
                return Err(again);
            }
        };
        if n == 0 && !self.pending.is_empty() {
            return Err(self.refuse(self.offset - self.pending.len() as u64));
        }
        self.check(&buf[..n])?;
        self.offset += n as u64;
        self.progress.show(self.offset);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `bytes` through the check `step` bytes at a time; where the first bad byte is.
    fn first_bad(bytes: &[u8], step: usize) -> Option<u64> {
        struct Steps<'a>(&'a [u8], usize);
        impl Read for Steps<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.1.min(buf.len()).min(self.0.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut check = Utf8Check::new(Steps(bytes, step), Progress::new(false, String::new(), None));
        let mut sink = Vec::new();
        let result = check.read_to_end(&mut sink);
        assert_eq!(result.is_err(), check.bad.is_some());
        check.bad
    }

    #[test]
    fn characters_cut_between_reads_pass_and_bad_bytes_are_placed() {
        let good = "Lim-Dûl's Vault, Æther Vial, Jötun Grunt — “quoted” 🂡".as_bytes();
        for step in 1..8 {
            assert_eq!(first_bad(good, step), None, "step {step}");
            let mut bad = good.to_vec();
            bad[5] = 0xFF;
            assert_eq!(first_bad(&bad, step), Some(5), "step {step}");
            let cut = &good[..good.len() - 1];
            assert_eq!(first_bad(cut, step), Some(good.len() as u64 - 4), "a character cut at the end, step {step}");
            let mut lone = good.to_vec();
            lone[6] = b'x';
            assert_eq!(first_bad(&lone, step), Some(5), "a lead byte without its continuation, step {step}");
        }
    }
}
