//! The header of an edition file, which every read checks before anything else: the magic, the
//! format, the [`Header`] as JSON, in format 4 the index of the blocks, and the checksum of them
//! all. Listing the store reads the header alone ([`super::read_header`]).

use super::checksum::Checksum;
use super::index::{self, Index};
use super::reader::Reader;
use super::{damaged, Header, ReadError, CHECKSUM_LEN, FORMAT, MAGIC, UNSEALED_FORMAT};
use std::collections::BTreeMap;
use std::io::Read;

/// The header's section headings, collected then built into a map at once, which takes fewer
/// instructions than serde's inserting them one by one, in the header every `judge rule` reads.
/// Written in increasing order, they need no sorting; a key given twice
/// keeps its last heading, as inserting does.
pub(super) fn sections_in_bulk<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<u16, String>, D::Error> {
    struct Headings;
    impl<'de> serde::de::Visitor<'de> for Headings {
        type Value = BTreeMap<u16, String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map of section numbers to headings")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            // A count from the file bounds nothing here: JSON maps give none.
            let mut headings: Vec<(u16, String)> = Vec::new();
            while let Some(entry) = map.next_entry()? {
                headings.push(entry);
            }
            Ok(headings.into_iter().collect())
        }
    }
    deserializer.deserialize_map(Headings)
}

/// A header as read, whole or in part: the fingerprint of the edition's content is in every
/// stored file but those of the format before it.
pub(super) trait Fingerprinted {
    fn content(&self) -> &str;
}

impl Fingerprinted for Header {
    fn content(&self) -> &str {
        &self.content
    }
}

/// What listing the store reads of a header: the rest of it (documents, section headings) is
/// passed over unbuilt.
#[derive(serde::Deserialize)]
pub(crate) struct Listing {
    pub info: crate::corpus::EditionInfo,
    pub rule_count: usize,
    #[serde(default)]
    content: String,
}

impl Fingerprinted for Listing {
    fn content(&self) -> &str {
        &self.content
    }
}

/// Reads on until `bytes` holds `want` bytes, or `len` (the file's length), or the whole file.
pub(super) fn read_up_to(input: &mut impl Read, bytes: &mut Vec<u8>, want: usize, len: u64) -> Result<(), ReadError> {
    let want = (want as u64).min(len);
    let missing = want.saturating_sub(bytes.len() as u64);
    input.take(missing).read_to_end(bytes)?;
    Ok(())
}

impl<R: Read> Reader<R> {
    /// The header, checked, and in format 4 the index of the blocks it holds.
    pub(super) fn header(&mut self) -> Result<(Header, Option<Index>), ReadError> {
        self.header_as()
    }

    /// The header read as `T`, which may take only part of it (what listing the store needs),
    /// checked as [`Reader::header`] checks it.
    pub(super) fn header_as<T: serde::de::DeserializeOwned + Fingerprinted>(
        &mut self,
    ) -> Result<(T, Option<Index>), ReadError> {
        let magic = match self.bytes(MAGIC.len()) {
            Err(ReadError::Damaged(_)) => return Err(damaged("not an edition file")),
            magic => magic?,
        };
        if magic != MAGIC {
            return Err(damaged("not an edition file"));
        }
        let format = self.number()? as u32;
        let checksum = Checksum::of_format(format).filter(|c| self.unsealed || c.sealed());
        let checksum = checksum.ok_or(ReadError::Outdated(format))?;
        self.format = format;
        if format != FORMAT {
            self.start_hash(checksum.clone());
        }
        let header = self.string()?;
        let mut hash = checksum;
        // The bytes read so far, hashed here: the window may hold more.
        hash.update(MAGIC);
        hash.update(&format.to_le_bytes());
        hash.update(&(header.len() as u32).to_le_bytes());
        hash.update(header.as_bytes());
        let index = if format == FORMAT { Some(self.index(&mut hash)?) } else { None };
        if let Some(sum) = hash.digest() {
            self.compare(sum)?;
        }
        let header: T =
            serde_json::from_str(&header).map_err(|e| damaged(format!("a header that does not read: {e}")))?;
        if format != UNSEALED_FORMAT && header.content().is_empty() {
            return Err(damaged("a header without the fingerprint of its content"));
        }
        Ok((header, index))
    }

    /// The index of the blocks, its bytes hashed into the header's checksum. What it says is
    /// checked against the header and the file once both are read ([`Index::check`]).
    fn index(&mut self, hash: &mut Checksum) -> Result<Index, ReadError> {
        let count = self.number()?;
        hash.update(&(count as u32).to_le_bytes());
        let len = index::len(count);
        if len as u64 > self.remaining() {
            return Err(damaged("the file ends too soon"));
        }
        // The blocks start after the index and the header's checksum.
        let start = self.position() + len as u64 + CHECKSUM_LEN as u64;
        let bytes = self.bytes(len)?;
        hash.update(bytes);
        Ok(Index::parse(bytes, start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    /// The headings built into a map at once read as serde's map inserting them one by one:
    /// in order, out of order, a number twice (the last heading kept), escapes, none at all.
    #[test]
    fn section_headings_in_bulk_read_as_a_map_inserting_them() {
        #[derive(Deserialize)]
        struct Headings {
            #[serde(deserialize_with = "sections_in_bulk")]
            sections: BTreeMap<u16, String>,
        }
        for json in [
            r#"{"100":"100. General","101":"101. The Magic Golden Rules"}"#,
            r#"{"614":"614. Replacement","100":"100. General","614":"614. \"Effects\" \u00e9","200":"200."}"#,
            r#"{}"#,
        ] {
            let bulk: Headings = serde_json::from_str(&format!(r#"{{"sections":{json}}}"#)).unwrap();
            let inserted: BTreeMap<u16, String> = serde_json::from_str(json).unwrap();
            assert_eq!(bulk.sections, inserted, "{json}");
        }
        for bad in [r#"{"x":"y"}"#, r#"{"70000":"y"}"#, r#"[1]"#] {
            assert!(serde_json::from_str::<Headings>(&format!(r#"{{"sections":{bad}}}"#)).is_err(), "{bad}");
        }
    }
}
