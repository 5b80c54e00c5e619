//! Property tests: any bytes, any text, given to the parsers never make them panic, and what
//! they accept is well-formed.

use judge::corpus::{parse_french, references_in, RuleId, RuleRef};
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
        let _ = parse_french(&text);
    }

    #[test]
    fn french_parser_never_panics_on_page_like_text(lines in proptest::collection::vec(page_line(), 0..60)) {
        let text = lines.join("\n");
        let (parsed, problems) = parse_french(&text);
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
        let _ = parse_french(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn rule_numbers_print_back_to_what_parses(text in "[0-9]{3}(\\.[0-9]{1,4}[a-z]?)?\\.?") {
        if let Ok(id) = RuleId::parse(&text) {
            prop_assert_eq!(RuleId::parse(&id.to_string()), Ok(id));
        }
    }

    #[test]
    fn references_and_ranges_never_panic(text in "\\PC{0,200}") {
        let _ = references_in(&text, None);
        if let Ok(reference) = RuleRef::parse(&text) {
            prop_assert!(!reference.expand().is_empty());
        }
    }
}

// The English side: decoding any bytes, and the English CR parser on any text.

use judge::corpus::parse_english;
use judge::corpus::{decode, DecodeError};
use judge::diagnostic::Problem;

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
    match parse_english(text) {
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

// Scenario files: any text, and text that looks like a scenario, gives a board or problems placed
// inside the text, never a panic; a board that reads is resolved without a panic either.

use judge::engine;

/// A valid scenario using most constructs, for the mutations below to start from.
const SCENARIO: &str = "title: Mutated
players:
  - name: Alice
    active: true
  - {name: Bob}
objects:
  - id: moon
    name: Blood Moon
    owner: Bob
    types: [enchantment]
    colors: [red]
    timestamp: 1
    abilities:
      - id: mountains
        text: Nonbasic lands are Mountains.
        effect: {affects: {types: [land], not_supertypes: [basic]}, land_types: [mountain]}
  - {id: bears, name: Grizzly Bears, owner: Alice, types: [creature], subtypes: [bear], colors: [green], power: 2, toughness: 2, counters: {\"+1/+1\": 1}}
  - id: aura
    name: Aura
    owner: Alice
    controller: Alice
    zone: battlefield
    types: [enchantment]
    subtypes: [aura]
    attached_to: bears
    attached_at: 7
    abilities:
      - {id: grants, text: Enchanted creature has flying., effect: {affects: {attached: true}, abilities: {add: [flying]}}}
  - id: goyf
    name: Goyf
    owner: Bob
    zone: graveyard
    types: [creature]
    abilities:
      - id: cda
        text: Goyf's power is the number of creature cards in graveyards.
        cda: true
        effect: {affects: {self: true}, pt: {set: [{count: {types: [creature], zone: graveyard}}, mana_value]}}
effects:
  - id: pump
    text: Creatures you control get +1/+1.
    controller: Alice
    timestamp: 9
    effect: {affects: {types: [creature], controller: you}, pt: {modify: [1, 1], switch: true}, colors: {add: [white]}}
  - id: steal
    text: Gain control of target creature.
    source: moon
    timestamp: 10
    effect: {affects: {objects: [bears]}, control: you, text_change: {from: green, to: blue}, creature_types: [elf]}
  - id: shroud
    text: You have shroud.
    controller: Bob
    timestamp: 11
    effect: {players: {affects: [you], gains: [shroud]}, game_rule: Bob has shroud.}
timestamp_order: [pump]
ask:
  objects: [bears, goyf]
expect:
  bears: {controller: Bob, types: [creature], colors: [white, green], abilities: [flying], power: 4, toughness: 4}
";

/// Plain words and numbers of a scenario: put in place of another word, they mostly keep the
/// YAML valid and change what the board means, so the checks and the engine get to run.
fn plain_word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "bears",
            "moon",
            "aura",
            "goyf",
            "pump",
            "steal",
            "Alice",
            "Bob",
            "you",
            "opponents",
            "all",
            "true",
            "false",
            "creature",
            "land",
            "artifact",
            "enchantment",
            "basic",
            "legendary",
            "red",
            "green",
            "white",
            "blue",
            "black",
            "mountain",
            "forest",
            "swamp",
            "elf",
            "flying",
            "graveyard",
            "battlefield",
            "exile",
            "hand",
            "mana_value",
            "grants",
            "cda",
            "mountains",
            "self",
            "attached",
            "other",
            "0",
            "1",
            "2",
            "7",
            "9",
            "10",
            "11",
            "-3",
        ])
        .prop_map(str::to_string),
        (-20i64..40).prop_map(|n| n.to_string()),
    ]
}

/// Words a scenario is made of, for the mutations to put in odd places.
fn scenario_word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "title",
            "players",
            "objects",
            "effects",
            "ask",
            "expect",
            "timestamp_order",
            "id",
            "name",
            "owner",
            "controller",
            "zone",
            "types",
            "subtypes",
            "colors",
            "abilities",
            "effect",
            "affects",
            "self",
            "all",
            "pt",
            "set",
            "modify",
            "count",
            "mana_value",
            "timestamp",
            "attached_to",
            "attached_at",
            "cda",
            "bears",
            "moon",
            "Alice",
            "Bob",
            "you",
            "creature",
            "graveyard",
            "- ",
            ": ",
            "[",
            "]",
            "{",
            "}",
            ", ",
            "&a ",
            "*a",
            "~",
            "|",
            ">-",
            "\"",
            "'",
            "#",
            "\t",
            "\n",
            "  ",
            "é",
            "—",
            "-1",
            "999999999999999999999",
            "1.5",
        ])
        .prop_map(str::to_string),
        "[a-z_]{1,8}",
        "\\PC{0,6}",
    ]
}

#[derive(Clone, Debug)]
enum Mutation {
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    Insert(usize, String),
    Replace(usize, String),
    Indent(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => any::<usize>().prop_map(Mutation::DeleteLine),
        1 => any::<usize>().prop_map(Mutation::DuplicateLine),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        1 => (any::<usize>(), scenario_word()).prop_map(|(at, w)| Mutation::Insert(at, w)),
        20 => (any::<usize>(), plain_word()).prop_map(|(at, w)| Mutation::Replace(at, w)),
        1 => (any::<usize>(), 0..8usize).prop_map(|(line, n)| Mutation::Indent(line, n)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
    ]
}

/// Applies the mutations to the scenario, by lines and by characters.
fn mutated(mutations: &[Mutation]) -> String {
    let mut lines: Vec<String> = SCENARIO.lines().map(str::to_string).collect();
    for m in mutations {
        if lines.is_empty() {
            lines.push(String::new());
        }
        let n = lines.len();
        match m {
            Mutation::DeleteLine(i) => {
                lines.remove(i % n);
            }
            Mutation::DuplicateLine(i) => {
                let line = lines[i % n].clone();
                lines.insert(i % n, line);
            }
            Mutation::SwapLines(a, b) => lines.swap(a % n, b % n),
            Mutation::Insert(at, word) => {
                let line = &mut lines[at % n];
                let chars: Vec<char> = line.chars().collect();
                let cut = (at / n) % (chars.len() + 1);
                let (head, tail): (String, String) = (chars[..cut].iter().collect(), chars[cut..].iter().collect());
                *line = format!("{head}{word}{tail}");
            }
            Mutation::Replace(at, word) => {
                // One of the line's words, whole.
                let line = &mut lines[at % n];
                let is_word = |c: char| c.is_alphanumeric() || c == '_';
                let words: Vec<(usize, usize)> = line
                    .char_indices()
                    .filter(|(i, c)| is_word(*c) && !line[..*i].ends_with(is_word))
                    .map(|(i, _)| (i, line[i..].find(|c: char| !is_word(c)).map_or(line.len(), |e| i + e)))
                    .collect();
                if !words.is_empty() {
                    let (start, end) = words[(at / n) % words.len()];
                    line.replace_range(start..end, word);
                }
            }
            Mutation::Indent(i, spaces) => {
                let line = &mut lines[i % n];
                *line = format!("{}{}", " ".repeat(*spaces), line.trim_start());
            }
            Mutation::Truncate(i) => lines.truncate(i % n + 1),
        }
    }
    lines.join("\n") + "\n"
}

/// Reads a scenario text: a problem is placed inside the text, on character boundaries, at the
/// line it says; a board is resolved and checked without a panic.
fn check_scenario(text: &str) -> Result<(), TestCaseError> {
    let problems = match judge::scenario::problems_of(text, &judge::cards::Cards::library()) {
        Ok(board) => {
            // Too many choices is a diagnostic, not a panic; either way there is no crash.
            if let Ok(judgement) = judge::engine::judge(&board) {
                let _ = engine::answer(&board, &judgement.resolution);
            }
            prop_assert!(judge::scenario::read("fuzz.yaml", text).is_ok());
            return Ok(());
        }
        Err(problems) => problems,
    };
    prop_assert!(!problems.is_empty());
    for problem in &problems {
        check_problem(text, problem)?;
    }
    // The diagnostic the command prints renders every problem at its place.
    let report = judge::scenario::read("fuzz.yaml", text).expect_err("the same problems");
    let mut rendered = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .render_report(&mut rendered, &report)
        .expect("a diagnostic renders");
    prop_assert!(rendered.contains("is not a valid scenario"), "{rendered}");
    Ok(())
}

#[test]
fn the_mutated_scenario_is_valid_before_mutation() {
    if let Err(e) = judge::scenario::read("fuzz.yaml", SCENARIO) {
        panic!("{:?}", miette::Report::new(e));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn scenario_reader_never_panics_on_arbitrary_text(text in "\\PC{0,400}") {
        check_scenario(&text)?;
    }

    #[test]
    fn scenario_reader_never_panics_on_lines_of_scenario_words(
        lines in proptest::collection::vec((0..6usize, proptest::collection::vec(scenario_word(), 0..6)), 0..30)
    ) {
        let text: String = lines.iter().map(|(indent, words)| format!("{}{}\n", " ".repeat(*indent), words.concat())).collect();
        check_scenario(&text)?;
    }

    #[test]
    fn scenario_reader_never_panics_on_a_mutated_scenario(mutations in proptest::collection::vec(mutation(), 1..4)) {
        check_scenario(&mutated(&mutations))?;
    }
}

proptest! {
    // Valid boards of every shape the generator makes: the engine runs on each, so fewer cases.
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn scenario_engine_never_panics_on_synthetic_boards(seed in any::<u64>(), permanents in 0..25usize, effects in 0..25usize) {
        check_scenario(&judge::synthetic::scenario(seed, permanents, effects))?;
    }
}

// Card data files, config files and caches: what judge reads from the data directory or from
// the user besides rules texts and scenarios.

const CARD_DATA: &str = include_str!("fixtures/cards/sample-oracle.json");

/// A change of a file's bytes: cut it, flip a byte, or put bytes in.
#[derive(Clone, Debug)]
enum Damage {
    Cut(usize),
    Flip(usize, u8),
    Insert(usize, Vec<u8>),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        any::<usize>().prop_map(Damage::Cut),
        (any::<usize>(), 1..=255u8).prop_map(|(at, bits)| Damage::Flip(at, bits)),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..8)).prop_map(|(at, b)| Damage::Insert(at, b)),
    ]
}

fn damaged(good: &[u8], damages: &[Damage]) -> Vec<u8> {
    let mut bytes = good.to_vec();
    for damage in damages {
        let len = bytes.len().max(1);
        match damage {
            Damage::Cut(at) => bytes.truncate(at % len),
            Damage::Flip(at, bits) if !bytes.is_empty() => bytes[at % len] ^= bits,
            Damage::Flip(..) => {}
            Damage::Insert(at, inserted) => {
                let at = (at % len).min(bytes.len());
                bytes.splice(at..at, inserted.iter().copied());
            }
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A card data file damaged anywhere is read or refused with its problems, never a panic.
    #[test]
    fn card_data_reader_never_panics_on_a_damaged_file(damages in proptest::collection::vec(damage(), 1..4)) {
        let bytes = damaged(CARD_DATA.as_bytes(), &damages);
        let _ = judge::cards::read_card_file(&bytes[..], "cards.json", Some(bytes.len() as u64), false);
    }

    #[test]
    fn card_data_reader_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = judge::cards::read_card_file(&bytes[..], "cards.json", Some(bytes.len() as u64), false);
    }
}

proptest! {
    // Each case places every concept of the embedded edition again: few cases.
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// A citation cache damaged anywhere is never used as it is and never fails a command: the
    /// placement is the one computed from the edition.
    #[test]
    fn a_damaged_citation_cache_gives_the_computed_placement(damages in proptest::collection::vec(damage(), 1..3)) {
        let (edition, _) = judge::corpus::embedded_edition();
        let dir = tempfile::tempdir().unwrap();
        let fresh = judge::cite::cached_placement(Some(dir.path()), &edition);
        let kept: Vec<_> = std::fs::read_dir(dir.path().join("citations")).unwrap().map(|e| e.unwrap().path()).collect();
        prop_assert_eq!(kept.len(), 1);
        let good = std::fs::read(&kept[0]).unwrap();
        std::fs::write(&kept[0], damaged(&good, &damages)).unwrap();
        prop_assert_eq!(judge::cite::cached_placement(Some(dir.path()), &edition), fresh);
    }
}

proptest! {
    // Each case runs the binary.
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// A config file of any text is read or refused with a diagnostic (exit 2), never a panic.
    #[test]
    fn config_reader_never_panics(text in "(edition: |- |\\[|\\{|&a |\\*a|: |\\n|  |latest|en-2024|#|\"|'|\\PC){0,40}") {
        let data = tempfile::tempdir().unwrap();
        let config = data.path().join("config.yaml");
        std::fs::write(&config, &text).unwrap();
        let (code, _, stderr) =
            crate::support::run(data.path(), &["--config", config.to_str().unwrap(), "rule", "100.1"]);
        prop_assert!(code == 0 || code == 2, "{:?}: exit {}: {}", text, code, stderr);
        prop_assert!(!stderr.contains("panicked"), "{:?}: {}", text, stderr);
    }
}

/// Two small editions of one language: the miniature CR, and the same with a rule reworded and
/// one added, imported into a store so that they are what `judge diff` aligns.
fn two_editions(dir: &std::path::Path) -> (judge::corpus::Edition, judge::corpus::Edition) {
    let store = judge::corpus::Store::new(dir);
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt")).unwrap();
    let changed = text
        .replace("Each player brings a deck of their own.", "Each player brings a deck of their own making.")
        .replace("100.2. Each", "100.3. Decks are shuffled.\n\n100.2. Each");
    assert_ne!(changed, text);
    for (name, text) in [("en-a", &text), ("en-b", &changed)] {
        let file = dir.join(format!("{name}.txt"));
        std::fs::write(&file, text).unwrap();
        store.import(&file, Some(name)).unwrap();
    }
    (store.load("en-a").unwrap(), store.load("en-b").unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// An alignment cache damaged anywhere is never used as it is and never fails a command: the
    /// alignment is the one computed from the editions.
    #[test]
    fn a_damaged_alignment_cache_gives_the_computed_alignment(damages in proptest::collection::vec(damage(), 1..3)) {
        use judge::align::{align, aligned, Origin};
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = two_editions(dir.path());
        let fresh = align(&old, &new);
        prop_assert_eq!(aligned(Some(dir.path()), &old, &new), (fresh.clone(), Origin::Computed));
        let kept: Vec<_> = std::fs::read_dir(dir.path().join("align")).unwrap().map(|e| e.unwrap().path()).collect();
        prop_assert_eq!(kept.len(), 1);
        let good = std::fs::read(&kept[0]).unwrap();
        let bytes = damaged(&good, &damages);
        std::fs::write(&kept[0], &bytes).unwrap();
        let (read, origin) = aligned(Some(dir.path()), &old, &new);
        prop_assert_eq!(read, fresh);
        prop_assert_eq!(origin == Origin::Cached, bytes == good);
    }
}
