//! Turning the bytes of a rules file into text.
//!
//! Official rules files have been published as UTF-8 with and without a byte order mark, as
//! UTF-16 with one, and as Windows-1252, with CRLF, LF or bare CR line endings (sometimes mixed in
//! one file). Everything after this module sees UTF-8 text with `\n` line endings only.

use miette::Diagnostic;

const UTF8_BOM: &[u8] = &[0xEF, 0xBB, 0xBF];
const UTF16_LE_BOM: &[u8] = &[0xFF, 0xFE];
const UTF16_BE_BOM: &[u8] = &[0xFE, 0xFF];

/// Why a file is not text we can read, and where. Offsets count bytes from the start of the file,
/// byte order mark included; lines are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Diagnostic)]
pub enum DecodeError {
    #[error(
        "the file is UTF-16 but has an odd number of bytes: the last one, at byte {offset} (line {line}), is left over"
    )]
    #[diagnostic(help("the file is probably cut short; download it again"))]
    OddLength { offset: usize, line: usize },

    #[error("invalid UTF-16 at byte {offset} (line {line}): unpaired surrogate 0x{unit:04X}")]
    #[diagnostic(help("the file is damaged or not UTF-16; save it again as UTF-8"))]
    UnpairedSurrogate { offset: usize, line: usize, unit: u16 },

    #[error("NUL byte at byte {offset} (line {line})")]
    #[diagnostic(help(
        "a rules text holds no NUL bytes: the file may be UTF-16 without a byte order mark, or not text at all; save it as UTF-8"
    ))]
    Nul { offset: usize, line: usize },

    #[error("invalid UTF-8 at byte {offset} (line {line})")]
    #[diagnostic(help("the file is UTF-8 up to there and something else after; save it again as UTF-8"))]
    InvalidUtf8 { offset: usize, line: usize },

    #[error("byte 0x{byte:02X} at byte {offset} (line {line}) is neither UTF-8 nor Windows-1252")]
    #[diagnostic(help("save the file as UTF-8"))]
    NotWindows1252 { offset: usize, line: usize, byte: u8 },
}

/// Decodes a rules file: UTF-8 (with or without a byte order mark), UTF-16 LE or BE with a byte
/// order mark, or Windows-1252 when the bytes are not UTF-8. Line endings become `\n`.
pub fn decode(bytes: &[u8]) -> Result<String, DecodeError> {
    let text = if let Some(rest) = bytes.strip_prefix(UTF8_BOM) {
        // The mark says UTF-8, so a bad byte is damage, not a hint to try another encoding.
        check_no_nul(bytes)?;
        utf8(rest).map_err(|e| invalid_utf8(bytes, UTF8_BOM.len() + e.valid_up_to()))?.to_string()
    } else if let Some(rest) = bytes.strip_prefix(UTF16_LE_BOM) {
        utf16(rest, UTF16_LE_BOM.len(), u16::from_le_bytes)?
    } else if let Some(rest) = bytes.strip_prefix(UTF16_BE_BOM) {
        utf16(rest, UTF16_BE_BOM.len(), u16::from_be_bytes)?
    } else {
        check_no_nul(bytes)?;
        match utf8(bytes) {
            Ok(text) => text.to_string(),
            // Windows-1252 text almost never forms a valid multi-byte UTF-8 sequence, so when the
            // bytes before the first bad one hold some, the file is UTF-8 with damage in it, and
            // reading it all as Windows-1252 would garble every one of those characters.
            Err(e) if !bytes[..e.valid_up_to()].is_ascii() => return Err(invalid_utf8(bytes, e.valid_up_to())),
            Err(_) => windows_1252(bytes)?,
        }
    };
    Ok(normalise_line_endings(text))
}

fn utf8(bytes: &[u8]) -> Result<&str, std::str::Utf8Error> {
    std::str::from_utf8(bytes)
}

fn invalid_utf8(bytes: &[u8], offset: usize) -> DecodeError {
    DecodeError::InvalidUtf8 { offset, line: line_at(bytes, offset) }
}

fn check_no_nul(bytes: &[u8]) -> Result<(), DecodeError> {
    match bytes.iter().position(|&b| b == 0) {
        Some(offset) => Err(DecodeError::Nul { offset, line: line_at(bytes, offset) }),
        None => Ok(()),
    }
}

/// `start` is the length of the byte order mark, so offsets in errors count from the file's start.
fn utf16(bytes: &[u8], start: usize, unit: fn([u8; 2]) -> u16) -> Result<String, DecodeError> {
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    let mut text = String::with_capacity(bytes.len() / 2);
    let mut lines = LineCounter::default();
    // Position in code units, to say where a problem is.
    let mut position = 0;
    for decoded in char::decode_utf16(units) {
        let offset = start + 2 * position;
        match decoded {
            Ok('\0') => return Err(DecodeError::Nul { offset, line: lines.line() }),
            Ok(c) => {
                lines.feed(c);
                text.push(c);
                position += c.len_utf16();
            }
            Err(e) => {
                return Err(DecodeError::UnpairedSurrogate {
                    offset,
                    line: lines.line(),
                    unit: e.unpaired_surrogate(),
                });
            }
        }
    }
    if bytes.len() % 2 == 1 {
        return Err(DecodeError::OddLength { offset: start + bytes.len() - 1, line: lines.line() });
    }
    Ok(text)
}

fn windows_1252(bytes: &[u8]) -> Result<String, DecodeError> {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    for (offset, &byte) in bytes.iter().enumerate() {
        let c =
            match byte {
                0x80..=0x9F => WINDOWS_1252_80_9F[usize::from(byte - 0x80)]
                    .ok_or_else(|| DecodeError::NotWindows1252 { offset, line: line_at(bytes, offset), byte })?,
                // Everything else is Latin-1, which maps each byte to the code point of the same value.
                _ => char::from(byte),
            };
        text.push(c);
    }
    Ok(text)
}

/// Where Windows-1252 differs from Latin-1: printable characters instead of C1 controls. The five
/// holes are bytes Windows-1252 leaves undefined.
const WINDOWS_1252_80_9F: [Option<char>; 32] = [
    Some('\u{20AC}'), // 0x80 euro sign
    None,             // 0x81
    Some('\u{201A}'), // 0x82 single low-9 quotation mark
    Some('\u{0192}'), // 0x83 f with hook
    Some('\u{201E}'), // 0x84 double low-9 quotation mark
    Some('\u{2026}'), // 0x85 horizontal ellipsis
    Some('\u{2020}'), // 0x86 dagger
    Some('\u{2021}'), // 0x87 double dagger
    Some('\u{02C6}'), // 0x88 modifier circumflex
    Some('\u{2030}'), // 0x89 per mille sign
    Some('\u{0160}'), // 0x8A S with caron
    Some('\u{2039}'), // 0x8B single left-pointing angle quotation mark
    Some('\u{0152}'), // 0x8C OE ligature
    None,             // 0x8D
    Some('\u{017D}'), // 0x8E Z with caron
    None,             // 0x8F
    None,             // 0x90
    Some('\u{2018}'), // 0x91 left single quotation mark
    Some('\u{2019}'), // 0x92 right single quotation mark
    Some('\u{201C}'), // 0x93 left double quotation mark
    Some('\u{201D}'), // 0x94 right double quotation mark
    Some('\u{2022}'), // 0x95 bullet
    Some('\u{2013}'), // 0x96 en dash
    Some('\u{2014}'), // 0x97 em dash
    Some('\u{02DC}'), // 0x98 small tilde
    Some('\u{2122}'), // 0x99 trade mark sign
    Some('\u{0161}'), // 0x9A s with caron
    Some('\u{203A}'), // 0x9B single right-pointing angle quotation mark
    Some('\u{0153}'), // 0x9C oe ligature
    None,             // 0x9D
    Some('\u{017E}'), // 0x9E z with caron
    Some('\u{0178}'), // 0x9F Y with diaeresis
];

/// CRLF, bare CR and LF all end a line; they become `\n`.
fn normalise_line_endings(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            chars.next_if_eq(&'\n');
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

/// The line of a byte offset in an 8-bit encoding, counting line endings the way
/// `normalise_line_endings` does, so that the numbers match the decoded text's.
fn line_at(bytes: &[u8], offset: usize) -> usize {
    let mut lines = LineCounter::default();
    bytes[..offset].iter().for_each(|&b| lines.feed(char::from(b)));
    lines.line()
}

/// Counts lines as characters go by: CRLF is one line ending, a bare CR or LF is one too.
#[derive(Default)]
struct LineCounter {
    endings: usize,
    after_cr: bool,
}

impl LineCounter {
    fn feed(&mut self, c: char) {
        if c == '\r' || (c == '\n' && !self.after_cr) {
            self.endings += 1;
        }
        self.after_cr = c == '\r';
    }

    fn line(&self) -> usize {
        self.endings + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16_le(text: &str) -> Vec<u8> {
        let mut bytes = UTF16_LE_BOM.to_vec();
        text.encode_utf16().for_each(|u| bytes.extend(u.to_le_bytes()));
        bytes
    }

    fn utf16_be(text: &str) -> Vec<u8> {
        let mut bytes = UTF16_BE_BOM.to_vec();
        text.encode_utf16().for_each(|u| bytes.extend(u.to_be_bytes()));
        bytes
    }

    const SAMPLE: &str = "614.15. A “self-replacement effect” — 𝓧 “ok”\r\nExample: it’s fine.\n";
    const SAMPLE_DECODED: &str = "614.15. A “self-replacement effect” — 𝓧 “ok”\nExample: it’s fine.\n";

    #[test]
    fn utf8_with_and_without_byte_order_mark() {
        assert_eq!(decode(SAMPLE.as_bytes()).unwrap(), SAMPLE_DECODED);
        let with_bom = [UTF8_BOM, SAMPLE.as_bytes()].concat();
        assert_eq!(decode(&with_bom).unwrap(), SAMPLE_DECODED);
    }

    #[test]
    fn utf16_both_byte_orders_with_byte_order_mark() {
        assert_eq!(decode(&utf16_le(SAMPLE)).unwrap(), SAMPLE_DECODED);
        assert_eq!(decode(&utf16_be(SAMPLE)).unwrap(), SAMPLE_DECODED);
    }

    #[test]
    fn windows_1252_curly_quotes_and_dashes() {
        // “Quoted” – en — em … ‘single’ ™ é (0xE9 is Latin-1 territory)
        let bytes = b"\x93Quoted\x94 \x96 en \x97 em \x85 \x91single\x92 \x99 caf\xE9 \x80\r\n";
        assert_eq!(decode(bytes).unwrap(), "“Quoted” – en — em … ‘single’ ™ café €\n");
    }

    #[test]
    fn every_kind_of_line_ending_even_mixed() {
        let bytes = b"crlf\r\nlf\ncr\rcr-then-lf\r\r\nend";
        assert_eq!(decode(bytes).unwrap(), "crlf\nlf\ncr\ncr-then-lf\n\nend");
        let in_utf16 = utf16_le("a\r\nb\rc\nd");
        assert_eq!(decode(&in_utf16).unwrap(), "a\nb\nc\nd");
    }

    #[test]
    fn odd_utf16_length_says_where() {
        let mut bytes = utf16_le("one\r\ntwo\r\nthree");
        bytes.push(b'x');
        let len = bytes.len();
        assert_eq!(decode(&bytes), Err(DecodeError::OddLength { offset: len - 1, line: 3 }));
    }

    #[test]
    fn unpaired_surrogate_says_where() {
        let mut bytes = utf16_be("one\ntwo ");
        let offset = bytes.len();
        bytes.extend([0xD8, 0x3D, 0x00, 0x41]); // a high surrogate followed by `A`
        assert_eq!(decode(&bytes), Err(DecodeError::UnpairedSurrogate { offset, line: 2, unit: 0xD83D }));
        let mut lone_low = utf16_le("x");
        lone_low.extend([0x00, 0xDC]);
        assert_eq!(decode(&lone_low), Err(DecodeError::UnpairedSurrogate { offset: 4, line: 1, unit: 0xDC00 }));
    }

    #[test]
    fn nul_bytes_are_not_text() {
        assert_eq!(decode(b"one\r\ntwo\rthree\0"), Err(DecodeError::Nul { offset: 14, line: 3 }));
        // UTF-16 without a byte order mark looks like this to the UTF-8 reader.
        assert_eq!(decode(b"1\x000\x00"), Err(DecodeError::Nul { offset: 1, line: 1 }));
        let mut utf16 = utf16_le("a\nb");
        utf16.extend([0, 0]);
        assert_eq!(decode(&utf16), Err(DecodeError::Nul { offset: 8, line: 2 }));
    }

    #[test]
    fn damaged_utf8_is_not_read_as_windows_1252() {
        let bytes = "it’s\nbroken \u{e9}".as_bytes();
        let broken = [&bytes[..bytes.len() - 1], b"\xFF"].concat();
        let offset = broken.len() - 2;
        assert_eq!(decode(&broken), Err(DecodeError::InvalidUtf8 { offset, line: 2 }));
        let with_bom = [UTF8_BOM, b"a\n\xFF"].concat();
        assert_eq!(decode(&with_bom), Err(DecodeError::InvalidUtf8 { offset: 5, line: 2 }));
    }

    #[test]
    fn bytes_windows_1252_leaves_undefined() {
        assert_eq!(decode(b"a\r\n\x93b\x81"), Err(DecodeError::NotWindows1252 { offset: 5, line: 2, byte: 0x81 }));
    }

    #[test]
    fn messages_name_the_place() {
        let e = DecodeError::UnpairedSurrogate { offset: 10, line: 2, unit: 0xD83D };
        assert_eq!(e.to_string(), "invalid UTF-16 at byte 10 (line 2): unpaired surrogate 0xD83D");
    }
}
