//! Property tests: any bytes, any text, given to the parsers never make them panic, and what
//! they accept is well-formed.

use judge::corpus::{parse_fr, references, RuleId, RuleRef};
use proptest::prelude::*;

/// Lines that look like the rules pages, so the generator reaches the parser's deeper states.
fn page_line() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{3}\\.[0-9]{1,3}[a-zA-Z]?\\.?",
        "[0-9]{3}\\. [A-Za-zé :]{0,20}",
        "(Exemple :|\\. |Cf\\. règle|Donne ton avis !)[ a-z0-9.]{0,20}",
        "[^\\n]{0,40}",
        Just(String::new()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn french_parser_never_panics_on_arbitrary_text(text in "\\PC{0,400}") {
        let _ = parse_fr::parse(&text);
    }

    #[test]
    fn french_parser_never_panics_on_page_like_text(lines in proptest::collection::vec(page_line(), 0..60)) {
        let text = lines.join("\n");
        let (parsed, problems) = parse_fr::parse(&text);
        for rule in parsed.rules.values() {
            prop_assert!(!rule.text.is_empty());
            prop_assert!(parsed.sections.contains_key(&rule.id.section()));
        }
        for problem in problems {
            prop_assert!(problem.span.0 <= problem.span.1 && problem.span.1 <= text.len());
        }
    }

    #[test]
    fn french_parser_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_fr::parse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn rule_numbers_print_back_to_what_parses(text in "[0-9]{3}(\\.[0-9]{1,4}[a-z]?)?\\.?") {
        if let Ok(id) = RuleId::parse(&text) {
            prop_assert_eq!(RuleId::parse(&id.to_string()), Ok(id));
        }
    }

    #[test]
    fn references_and_ranges_never_panic(text in "\\PC{0,200}") {
        let _ = references::extract(&text, None);
        if let Ok(reference) = RuleRef::parse(&text) {
            prop_assert!(!reference.expand().is_empty());
        }
    }
}

// The English side: decoding any bytes, and the English CR parser on any text.

use judge::corpus::decode::{decode, DecodeError};
use judge::corpus::parse_en;
use judge::corpus::problem::Problem;

/// Lines that look like an English rules text: the effective date, headings, rules with and
/// without their period, examples, indented paragraphs, glossary and credits, odd numbers.
fn cr_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("These rules are effective as of April 1, 2024.".to_string()),
        "These rules are effective as of [A-Za-z]{0,10} [0-9]{1,3}, [0-9]{2,5}\\.?",
        Just("Contents".to_string()),
        Just("Glossary".to_string()),
        Just("Credits".to_string()),
        "[0-9]\\. [A-Z][a-z ]{0,15}",
        "[0-9]{3}\\. [A-Z][a-z ]{0,15}",
        "[0-9]{3}\\.[0-9]{1,5}[a-zA-Z]?\\.? [A-Za-z0-9 .,“”’—-]{0,30}",
        "[0-9]{3}\\.[0-9]{1,2}[a-z]?\\.?",
        "Example: [A-Za-z0-9 .]{0,20}",
        "[ \\t]{1,4}[A-Za-z0-9 .]{1,20}",
        "[A-Z][a-z]{0,8}( \\(Obsolete\\))?",
        "[^\\n]{0,40}",
        Just(String::new()),
        Just("\u{feff}".to_string()),
    ]
}

/// A line ending of any kind: the parser is given text as `decode` leaves it, but a caller may not.
fn line_ending() -> impl Strategy<Value = &'static str> {
    prop_oneof![4 => Just("\n"), 1 => Just("\r\n"), 1 => Just("\r")]
}

fn cr_text() -> impl Strategy<Value = String> {
    proptest::collection::vec((cr_line(), line_ending()), 0..80)
        .prop_map(|lines| lines.into_iter().flat_map(|(line, end)| [line, end.to_string()]).collect())
}

/// A problem's span lies within the text on character boundaries (miette slices the text with
/// it), and its line is the line the span starts on.
fn check_problem(text: &str, problem: &Problem) -> Result<(), TestCaseError> {
    let (start, end) = problem.span;
    prop_assert!(start <= end && end <= text.len(), "{problem:?} in {} bytes", text.len());
    prop_assert!(text.get(start..end).is_some(), "{problem:?} cuts a character");
    prop_assert_eq!(problem.line, 1 + text[..start].matches('\n').count(), "{:?}", problem);
    Ok(())
}

fn check_english(text: &str) -> Result<(), TestCaseError> {
    match parse_en::parse(text) {
        Ok(cr) => {
            prop_assert!(cr.date.len() == 10 && cr.date.as_bytes()[4] == b'-' && cr.date.as_bytes()[7] == b'-');
            prop_assert!(!cr.parsed.rules.is_empty());
            for (id, rule) in &cr.parsed.rules {
                prop_assert_eq!(*id, rule.id);
                prop_assert!(!rule.text.is_empty(), "{:?}", rule);
                prop_assert!(rule.line >= 1 && rule.line <= text.split('\n').count());
            }
            for warning in &cr.warnings {
                check_problem(text, warning)?;
            }
        }
        Err(problems) => {
            prop_assert!(!problems.is_empty());
            for problem in &problems {
                check_problem(text, problem)?;
            }
        }
    }
    Ok(())
}

fn normalised(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// The line count a decoding error may give at most: one more than the bytes that can end a line.
fn max_line(bytes: &[u8]) -> usize {
    1 + bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count()
}

fn error_place(error: &DecodeError) -> (usize, usize) {
    match *error {
        DecodeError::OddLength { offset, line }
        | DecodeError::UnpairedSurrogate { offset, line, .. }
        | DecodeError::Nul { offset, line }
        | DecodeError::InvalidUtf8 { offset, line }
        | DecodeError::NotWindows1252 { offset, line, .. } => (offset, line),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn decoding_arbitrary_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        match decode(&bytes) {
            Ok(text) => prop_assert!(!text.contains('\r') && !text.contains('\0')),
            Err(error) => {
                let (offset, line) = error_place(&error);
                prop_assert!(offset < bytes.len(), "{error:?} in {} bytes", bytes.len());
                prop_assert!(line >= 1 && line <= max_line(&bytes), "{error:?}");
            }
        }
    }

    #[test]
    fn decoding_bytes_with_byte_order_marks_never_panics(
        mark in prop_oneof![Just(&b"\xEF\xBB\xBF"[..]), Just(&b"\xFF\xFE"[..]), Just(&b"\xFE\xFF"[..])],
        bytes in proptest::collection::vec(any::<u8>(), 0..400),
    ) {
        let bytes = [mark, &bytes].concat();
        if let Err(error) = decode(&bytes) {
            let (offset, line) = error_place(&error);
            prop_assert!(offset < bytes.len(), "{error:?} in {} bytes", bytes.len());
            prop_assert!(line >= 1 && line <= max_line(&bytes), "{error:?}");
        }
    }

    #[test]
    fn utf8_and_utf16_text_decodes_to_itself(text in "[^\\x00\u{feff}][^\\x00]{0,200}|", big_endian in any::<bool>()) {
        prop_assert_eq!(decode(text.as_bytes()), Ok(normalised(&text)));
        let mut utf16: Vec<u8> = if big_endian { vec![0xFE, 0xFF] } else { vec![0xFF, 0xFE] };
        for unit in text.encode_utf16() {
            utf16.extend(if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() });
        }
        prop_assert_eq!(decode(&utf16), Ok(normalised(&text)));
    }

    #[test]
    fn english_parser_never_panics_on_arbitrary_text(text in "\\PC{0,400}") {
        check_english(&text)?;
    }

    #[test]
    fn english_parser_never_panics_on_decoded_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(text) = decode(&bytes) {
            check_english(&text)?;
        }
        check_english(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn english_parser_never_panics_on_cr_like_text(text in cr_text()) {
        check_english(&text)?;
        check_english(&normalised(&text))?;
    }
}
