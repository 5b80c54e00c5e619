//! Readers of the official card data files: Scryfall's bulk files (Oracle Cards, Default Cards,
//! Rulings) and MTGJSON's `AtomicCards.json`. The kind of a file is told by its content; a file
//! that is not card data, or is cut short, or is not UTF-8, is refused with what it looks like.
//! Each file is read as a stream (`stream.rs`): only the cards kept from it are held.

mod mtgjson;
mod scryfall;
mod stream;
mod utf8;

pub use scryfall::OracleRuling;

use super::data::CardData;
use super::store::{CardImportError, FileKind};
use crate::progress::Progress;
use std::io::{BufRead, BufReader, IsTerminal, Read};
use stream::{Collector, Found, TopLevel};
use utf8::Utf8Check;

/// How much of a file is read at once.
const CHUNK: usize = 256 * 1024;

/// What one file gave.
#[derive(Debug)]
pub struct FileData {
    pub kind: FileKind,
    /// Its game cards, in the file's order, one per Oracle id.
    pub cards: Vec<CardData>,
    /// The official rulings of a rulings file, in the file's order (an MTGJSON file's are in
    /// its cards).
    pub rulings: Vec<OracleRuling>,
    /// The date the file states (MTGJSON's `meta.date`).
    pub date: Option<String>,
    /// Objects passed over as not game cards (tokens, art cards, …).
    pub skipped: usize,
    /// Rulings passed over as Scryfall's own notes, not official rulings.
    pub unofficial: usize,
}

impl FileData {
    /// The rulings it gave, whether in a rulings file or in its cards.
    pub fn ruling_count(&self) -> usize {
        self.rulings.len() + self.cards.iter().map(|c| c.rulings.len()).sum::<usize>()
    }
}

/// Layouts of objects that are not cards of the game a judge looks up: tokens and emblems are not
/// cards (111.1, 114.1), and Scryfall names a token after what it is (`Goblin`, `Treasure`),
/// which would put objects beside the cards of those names; art series cards are collectibles
/// with no rules text; vanguard, scheme and plane or phenomenon cards are the oversized cards of
/// casual variants (901–904), never part of a deck.
const NOT_GAME_CARDS: [&str; 7] =
    ["art_series", "token", "double_faced_token", "emblem", "vanguard", "scheme", "planar"];

fn is_game_card(layout: &str) -> bool {
    !NOT_GAME_CARDS.contains(&layout)
}

/// Reads a card data file from `reader`; `shown` names it in diagnostics, `len` (its size, when
/// known) and `progress` make a progress line on a terminal.
pub fn read(reader: impl Read, shown: &str, len: Option<u64>, progress: bool) -> Result<FileData, CardImportError> {
    let label = shown.rsplit(['/', '\\']).next().unwrap_or(shown).to_string();
    let progress = Progress::new(progress && std::io::stderr().is_terminal(), label, len);
    let mut check = Utf8Check::new(crate::bounded_read::Bounded::new(reader, crate::bounded_read::CARD_DATA), progress);
    let mut collector = Collector::default();
    let parsed = {
        let mut buffered = BufReader::with_capacity(CHUNK, &mut check);
        match first_byte(&mut buffered) {
            Ok(Some(b'[' | b'{')) => {
                let mut deserializer = serde_json::Deserializer::from_reader(buffered);
                serde::Deserializer::deserialize_any(&mut deserializer, TopLevel(&mut collector))
                    .and_then(|()| deserializer.end())
            }
            Ok(first) => {
                let looks_like = match first {
                    None => "an empty file".to_string(),
                    Some(b'<') => "an HTML or XML page".to_string(),
                    Some(_) => {
                        let text = String::from_utf8_lossy(buffered.buffer());
                        let line: String = text.lines().next().unwrap_or_default().chars().take(60).collect();
                        format!("a text beginning `{}`", line.trim_end())
                    }
                };
                return Err(CardImportError::NotCardData { file: shown.to_string(), looks_like });
            }
            Err(e) => Err(serde_json::Error::io(e)),
        }
    };
    let file = shown.to_string();
    if let Err(e) = parsed {
        return Err(refusal(e, &mut check, collector, file));
    }
    let kind = match collector.found {
        Some(Found::ScryfallRulings) => FileKind::ScryfallRulings,
        Some(Found::Mtgjson) => FileKind::MtgjsonAtomicCards,
        _ if collector.printings => FileKind::ScryfallDefaultCards,
        _ => FileKind::ScryfallOracleCards,
    };
    Ok(FileData {
        kind,
        cards: collector.cards,
        rulings: collector.rulings,
        date: collector.date,
        skipped: collector.skipped,
        unofficial: collector.unofficial,
    })
}

/// The first byte of JSON, after a byte order mark and white space, left in the buffer.
fn first_byte(reader: &mut impl BufRead) -> std::io::Result<Option<u8>> {
    let mut start = true;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(None);
        }
        if start && buffer.starts_with(b"\xEF\xBB\xBF") {
            reader.consume(3);
            start = false;
            continue;
        }
        start = false;
        match buffer.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(at) => {
                let first = buffer[at];
                reader.consume(at);
                return Ok(Some(first));
            }
            None => {
                let all = buffer.len();
                reader.consume(all);
            }
        }
    }
}

/// Why a file whose parse failed is refused: its bytes first, then what it turned out to be,
/// then where its JSON went wrong.
fn refusal<R: Read>(
    error: serde_json::Error,
    check: &mut Utf8Check<R>,
    collector: Collector,
    file: String,
) -> CardImportError {
    if let Some(offset) = check.bad {
        return CardImportError::NotUtf8 { file, offset };
    }
    if let Some(source) = check.failed.take() {
        return CardImportError::Read { file, source };
    }
    if let Some(looks_like) = collector.verdict {
        return CardImportError::NotCardData { file, looks_like };
    }
    let (line, column) = (error.line(), error.column());
    if error.is_eof() {
        return CardImportError::CutShort { file, line, column };
    }
    // serde_json's text ends with the place, which the diagnostic gives apart.
    let text = error.to_string();
    let message = text.strip_suffix(&format!(" at line {line} column {column}")).unwrap_or(&text).to_string();
    if error.is_data() && collector.items == 0 {
        let looks_like = format!("JSON of another kind ({message})");
        return CardImportError::NotCardData { file, looks_like };
    }
    CardImportError::Invalid { file, line, column, message }
}

/// The date in the name of a Scryfall bulk file (`oracle-cards-20240101100412.json` →
/// `2024-01-01 10:04:12`), which Scryfall stamps with the time the file was made.
pub fn date_in_name(file: &str) -> Option<String> {
    let stem = file.strip_suffix(".json")?;
    let (_, stamp) = stem.rsplit_once('-')?;
    if stamp.len() != 14 || !stamp.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let part = |range: std::ops::Range<usize>| &stamp[range];
    Some(format!("{}-{}-{} {}:{}:{}", part(0..4), part(4..6), part(6..8), part(8..10), part(10..12), part(12..14)))
}

#[cfg(test)]
mod tests;
