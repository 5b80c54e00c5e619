//! Writing a store in the layout of `format.rs`.

use super::format::{self, CardEntry, Directory};
use super::index;
use super::info::StoreInfo;
use crate::cards::data::CardData;
use std::io::{self, Write};

/// Writes `cards`, numbered in their order, and `info`. The same cards and info give the same
/// bytes.
pub(super) fn write(info: &StoreInfo, cards: &[CardData], out: &mut dyn Write) -> io::Result<()> {
    let mut records = Vec::new();
    let mut entries = Vec::with_capacity(cards.len());
    for (number, card) in cards.iter().enumerate() {
        let start = records.len();
        serde_json::to_writer(&mut records, card)?;
        let record = &records[start..];
        let len = u32::try_from(record.len()).map_err(|_| io::Error::other("a card too large to store"))?;
        entries.push(CardEntry { offset: start as u64, len, checksum: format::record_checksum(record, number) });
    }
    let (keys, pool) = index::build(cards)?;
    let (directory, tables) = Directory { info: info.clone(), cards: entries, keys, pool }.encode()?;
    out.write_all(&format::lead(&directory))?;
    out.write_all(&directory)?;
    out.write_all(&tables)?;
    out.write_all(&records)
}
