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
