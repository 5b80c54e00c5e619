//! Importing English rules texts into the edition store: the two official files kept beside the
//! repository (skipped when they are absent), encodings, and all-or-nothing imports.

use judge::corpus::decode;
use judge::corpus::{define, Definition};
use judge::corpus::{Edition, RuleId, RuleRef};
use judge::corpus::{ImportError, Store};
use judge::render::{self, Style};
use miette::Diagnostic;
use std::fs;
use std::path::Path;

use crate::support::official_cr;

fn id(s: &str) -> RuleId {
    RuleId::parse(s).unwrap()
}

fn text_of<'a>(edition: &'a Edition, rule: &str) -> &'a str {
    &edition.get(id(rule)).unwrap_or_else(|| panic!("no rule {rule}")).text
}

fn defined(edition: &Edition, term: &str) -> Vec<String> {
    match define(&edition.parsed.glossary, term) {
        Definition::Found(entries) => entries.iter().map(|e| e.term.clone()).collect(),
        other => panic!("`{term}` is not defined: {other:?}"),
    }
}

/// Every file of the store's directory with its bytes, to show that a failed import changed
/// nothing.
fn snapshot(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(root.join("editions"))
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (e.file_name().to_string_lossy().into_owned(), fs::read(e.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}

/// The messages of a failed import's problems, each naming its line.
fn problem_messages(err: &ImportError) -> Vec<String> {
    assert!(matches!(err, ImportError::Parse(_)), "{err:?}");
    err.related().expect("problems are related diagnostics").map(|p| p.to_string()).collect()
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn imports_the_2011_text() {
    let path = official_cr("MagicCompRules_20110204.txt");
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path());
    let imported = store.import(&path, None).unwrap();
    assert_eq!(imported.info.name, "en-2011-02-04");
    assert_eq!(imported.info.date, "2011-02-04");
    // awk '/^Glossary/{g++} g<2' FILE | grep -cE '^[0-9]{3}\.[0-9]+[a-z]?' (CRs stripped)
    assert_eq!(imported.rule_count, 1781);
    assert!(imported.warnings.is_none(), "{:?}", imported.warnings);

    let edition = store.load("en-2011-02-04").unwrap();
    assert_eq!(edition.rule_count(), 1781);
    assert_eq!(edition.parsed.sections.len(), 120);
    assert_eq!(edition.section_heading(id("614.14")), Some("614. Replacement Effects"));
    assert!(text_of(&edition, "614.14").contains("Such effects are called self-replacement effects."));
    assert!(text_of(&edition, "613.3e").starts_with("Layer 7e: Effects that switch a creature's power and toughness"));
    assert!(text_of(&edition, "613.3d").starts_with("Layer 7d: Power and/or toughness changes from counters"));
    // Slipped periods: `121.1c.` and `800.4a.` are subrules like the others.
    assert!(text_of(&edition, "121.1c").starts_with("If a player has ten or more poison counters"));
    assert!(text_of(&edition, "800.4a").starts_with("When a player leaves the game"));
    // An indented paragraph continues its rule.
    assert!(text_of(&edition, "204.3h")
        .contains("\nOf that list, Forest, Island, Mountain, Plains, and Swamp are the basic land types."));
    let max_examples = edition.rules().map(|r| r.examples.len()).max();
    assert_eq!(max_examples, Some(4));
    assert_eq!(edition.get(id("510.1c")).unwrap().examples.len(), 4);

    // Paragraphs between `Glossary` and `Credits` (tr -d '\r' | awk 'BEGIN{RS=""}'), less the heading.
    assert_eq!(edition.parsed.glossary.len(), 449);
    let trample = edition.parsed.glossary.iter().find(|e| e.term == "Trample").unwrap();
    assert_eq!(
        trample.definition,
        "A keyword ability that modifies how a creature assigns combat damage. See rule 702.17, \"Trample.\""
    );
    assert_eq!(defined(&edition, "apnap order"), ["APNAP Order", "Active Player, Nonactive Player Order"]);
    assert_eq!(defined(&edition, "active player"), ["Active Player"]);
    assert_eq!(defined(&edition, "controller"), ["Control, Controller"]);
    let mana_burn = edition.parsed.glossary.iter().find(|e| e.term == "Mana Burn").unwrap();
    assert!(mana_burn.obsolete);
    let ability = edition.parsed.glossary.iter().find(|e| e.term == "Ability").unwrap();
    assert_eq!(ability.definition.lines().count(), 3);
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn imports_the_2025_text() {
    let path = official_cr("MagicCompRules_20251114.txt");
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path());
    let imported = store.import(&path, None).unwrap();
    assert_eq!(imported.info.name, "en-2025-11-14");
    assert_eq!(imported.rule_count, 3109);
    assert!(imported.warnings.is_none(), "{:?}", imported.warnings);

    let edition = store.load("en-2025-11-14").unwrap();
    assert_eq!(edition.parsed.sections.len(), 146);
    assert!(text_of(&edition, "614.15").contains("Such effects are called self-replacement effects."));
    assert!(text_of(&edition, "613.4d").starts_with("Layer 7d: Effects that switch a creature’s power and toughness"));
    assert!(text_of(&edition, "613.4c").starts_with("Layer 7c: Effects and counters"));
    // Slipped periods both ways.
    assert!(text_of(&edition, "119.1d").starts_with("In a two-player Brawl game"));
    assert!(text_of(&edition, "606.5").starts_with("If the total cost to activate a loyalty ability"));
    // Letters skip `l` and `o`.
    assert!(edition.get(id("704.5l")).is_none());
    assert_eq!(edition.children(id("704.5")).iter().filter(|c| c.letter() == Some('m')).count(), 1);
    let rule = edition.get(id("509.1b")).unwrap();
    assert!(rule.text.contains("\nA restriction may be created by an evasion ability"));
    assert_eq!(rule.examples.len(), 1);
    assert_eq!(edition.get(id("119.1d")).unwrap().references, [id("903.12")]);

    assert_eq!(edition.parsed.glossary.len(), 725);
    let placed = edition.parsed.glossary.iter().find(|e| e.term == "Placed").unwrap();
    assert!(placed.obsolete, "marked at the start of its definition");
    let partner = edition.parsed.glossary.iter().find(|e| e.term.starts_with("Partner, ")).unwrap();
    assert_eq!(partner.aliases, ["Partner", "Partner—[text]", "Partner with [name]"]);
    assert_eq!(defined(&edition, "layer"), ["Layer"]);
    assert_eq!(defined(&edition, "Intervening \"if\" clause"), ["Intervening “If” Clause"]);
    // A misspelling closer than any other name is shown (`judge define trampel`).
    match define(&edition.parsed.glossary, "trampel") {
        Definition::Misspelled { shown, .. } => assert_eq!(shown[0].term, "Trample"),
        other => panic!("{other:?}"),
    }
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_rule_number_glued_to_its_text_is_read_as_the_rule() {
    // `901.4.All plane and phenomenon cards…`: no space after the number in this edition.
    let path = official_cr("MagicCompRules_20231117.txt");
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path());
    let imported = store.import(&path, None).unwrap();
    assert!(imported.warnings.is_none(), "{:?}", imported.warnings);
    let edition = store.load("en-2023-11-17").unwrap();
    assert!(text_of(&edition, "901.4").starts_with("All plane and phenomenon cards"));
    assert!(edition.get(id("901.3a")).is_some() && edition.get(id("901.5")).is_some());
}

/// Every official file imports, and the only warning left is a numbering slip of the text itself.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn every_official_text_imports_with_only_the_known_warnings() {
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path());
    let mut warnings = Vec::new();
    for file in [
        "MagicCompRules_20110204.txt",
        "MagicCompRules_20110501.txt",
        "MagicCompRules_20121001.txt",
        "MagicCompRules_20150123.txt",
        "MagicCompRules_20180713.txt",
        "MagicCompRules_20210924.txt",
        "MagicCompRules_20231117.txt",
        "MagicCompRules_20251114.txt",
        "MagicCompRules_20260227.txt",
    ] {
        let imported = store.import(&official_cr(file), None).unwrap_or_else(|e| panic!("{file}: {e:?}"));
        for problem in imported.warnings.iter().flat_map(|w| w.related().into_iter().flatten()) {
            warnings.push(format!("{file}: {problem}"));
        }
    }
    // The 2021 text numbers the first subrule of 724.2 as `724.3a` (later editions fix it).
    assert_eq!(warnings, ["MagicCompRules_20210924.txt: line 5234: rule `724.3a` is out of sequence after `724.2`"]);
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn both_editions_side_by_side() {
    let (old, new) = (official_cr("MagicCompRules_20110204.txt"), official_cr("MagicCompRules_20251114.txt"));
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path());
    store.import(&new, None).unwrap();
    store.import(&old, None).unwrap();
    let listed: Vec<(String, usize)> = store.list().unwrap().into_iter().map(|(info, n)| (info.name, n)).collect();
    assert_eq!(listed, [("en-2011-02-04".to_string(), 1781), ("en-2025-11-14".to_string(), 3109)]);
    // Self-replacement moved from 614.14 to 614.15 between the two.
    let old = store.load("en-2011-02-04").unwrap();
    let new = store.load("en-2025-11-14").unwrap();
    assert!(text_of(&old, "614.14").contains("self-replacement"));
    assert!(!text_of(&new, "614.14").contains("self-replacement"));
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_bad_official_text_after_a_good_import_changes_nothing() {
    let path = official_cr("MagicCompRules_20251114.txt");
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path());
    store.import(&path, None).unwrap();
    let before = snapshot(root.path());

    // The same text with rule 100.1a printed twice: the second copy lands on line 190.
    let text = decode(&fs::read(&path).unwrap()).unwrap();
    let line_of_100_1a = text.lines().position(|l| l.starts_with("100.1a ")).unwrap() + 1;
    let bad = text.replacen("100.1b ", "100.1a Again.\n\n100.1b ", 1);
    let bad_path = root.path().join("bad.txt");
    fs::write(&bad_path, bad).unwrap();
    let err = store.import(&bad_path, Some("en-2025-11-14")).unwrap_err();
    assert_eq!(problem_messages(&err), [format!("line {}: rule `100.1a` appears twice", line_of_100_1a + 2)]);
    assert_eq!(snapshot(root.path()), before);
    assert_eq!(store.load("en-2025-11-14").unwrap().rule_count(), 3109);
}

/// A small rules text of our own, with typographic quotes and dashes.
const OWN: &str = "Magic: The Gathering Comprehensive Rules

These rules are effective as of March 3, 2021.

Contents

1. Game Concepts
100. General
Glossary
Credits

1. Game Concepts

100. General

100.1. These rules apply to any game — “two-player” or not.

100.1a A two-player game is a game that begins with only two players.

100.1b A multiplayer game is a game that begins with more than two players. See rule 100.1a.

Glossary

Active Player
The player whose turn it is. See rule 100.1.

Control, Controller
The player who’s in charge.

Credits

Thanks.
";

fn windows_1252(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '—' => 0x97,
            c if c.is_ascii() => c as u8,
            c => panic!("`{c}` is not in this test's Windows-1252 table"),
        })
        .collect()
}

fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let mut bytes: Vec<u8> = if big_endian { vec![0xFE, 0xFF] } else { vec![0xFF, 0xFE] };
    for unit in text.encode_utf16() {
        bytes.extend(if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() });
    }
    bytes
}

#[test]
fn imports_every_encoding_and_line_ending() {
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path().join("data"));
    let crlf = OWN.replace('\n', "\r\n");
    let cr = OWN.replace('\n', "\r");
    let variants: [(&str, Vec<u8>); 6] = [
        ("utf8", OWN.as_bytes().to_vec()),
        ("utf8-bom-crlf", [b"\xEF\xBB\xBF".as_slice(), crlf.as_bytes()].concat()),
        ("utf16le-crlf", utf16(&crlf, false)),
        ("utf16be-cr", utf16(&cr, true)),
        ("cp1252-crlf", windows_1252(&crlf)),
        ("cp1252-cr", windows_1252(&cr)),
    ];
    for (name, bytes) in &variants {
        let path = root.path().join(format!("{name}.txt"));
        fs::write(&path, bytes).unwrap();
        let imported = store.import(&path, Some(name)).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(imported.info.date, "2021-03-03", "{name}");
        let edition = store.load(name).unwrap();
        assert_eq!(edition.rule_count(), 3, "{name}");
        assert_eq!(text_of(&edition, "100.1"), "These rules apply to any game — “two-player” or not.", "{name}");
        assert_eq!(edition.get(id("100.1b")).unwrap().references, [id("100.1a")], "{name}");
        assert_eq!(defined(&edition, "controller"), ["Control, Controller"], "{name}");
        assert_eq!(edition.parsed.glossary[1].definition, "The player who’s in charge.", "{name}");
    }
    assert_eq!(store.list().unwrap().len(), variants.len());
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn the_real_text_in_utf16_reads_the_same() {
    let path = official_cr("MagicCompRules_20251114.txt");
    let root = tempfile::tempdir().unwrap();
    let text = decode(&fs::read(&path).unwrap()).unwrap();
    let utf16_path = root.path().join("utf16.txt");
    fs::write(&utf16_path, utf16(&text.replace('\n', "\r\n"), false)).unwrap();
    let store = Store::new(root.path());
    assert_eq!(store.import(&utf16_path, None).unwrap().rule_count, 3109);
}

#[test]
fn a_bad_file_leaves_the_store_as_it_was_and_names_the_line() {
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path());
    let good = root.path().join("good.txt");
    fs::write(&good, OWN).unwrap();
    store.import(&good, None).unwrap();
    let before = snapshot(root.path());

    // Line 18 loses its text, and line 20 repeats a number.
    let bad_text = OWN
        .replace("100.1a A two-player game is a game that begins with only two players.", "100.1a")
        .replace("100.1b A multiplayer", "100.1. A multiplayer");
    let bad = root.path().join("bad.txt");
    fs::write(&bad, &bad_text).unwrap();
    for name in [None, Some("en-2021-03-03"), Some("other")] {
        let err = store.import(&bad, name).unwrap_err();
        assert_eq!(err.to_string(), format!("`{}` cannot be imported: 2 problems", bad.display()));
        assert_eq!(
            problem_messages(&err),
            ["line 18: rule `100.1a` has no text", "line 20: rule `100.1` appears twice"]
        );
        assert_eq!(snapshot(root.path()), before, "name {name:?}");
    }

    // Bytes that are not text at all fail the same way, before anything is written.
    fs::write(&bad, utf16("odd", false).into_iter().chain([0x41]).collect::<Vec<u8>>()).unwrap();
    let err = store.import(&bad, Some("other")).unwrap_err();
    assert!(matches!(err, ImportError::Decode { .. }), "{err:?}");
    assert_eq!(err.to_string(), format!("cannot decode `{}`", bad.display()));
    let cause = err.diagnostic_source().expect("the decoding error is the cause");
    assert_eq!(
        cause.to_string(),
        "the file is UTF-16 but has an odd number of bytes: the last one, at byte 8 (line 1), is left over"
    );
    assert!(cause.help().is_some());
    assert_eq!(snapshot(root.path()), before);
    assert!(matches!(store.import(&root.path().join("missing.txt"), None), Err(ImportError::Read { .. })));
}

/// What `judge rule` shows from the part of an edition it reads, for every section and for
/// ranges across sections, is what it would show from the whole edition.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_lookup_shows_what_the_whole_edition_shows() {
    let path = official_cr("MagicCompRules_20251114.txt");
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path());
    store.import(&path, None).unwrap();
    let whole = store.load("en-2025-11-14").unwrap();
    let shown = |edition: &Edition, reference: &str| {
        let rules = edition.resolve(RuleRef::parse(reference).unwrap());
        (render::rules_json(edition, &rules), render::rules_table(edition, &rules, Style::plain(100)))
    };
    let mut largest = 0;
    for &section in whole.parsed.sections.keys() {
        let part = store.load_for_lookup("en-2025-11-14", section..=section).unwrap();
        assert_eq!(shown(&part, &section.to_string()), shown(&whole, &section.to_string()), "section {section}");
        assert!(part.parsed.glossary.is_empty());
        largest = largest.max(part.rule_count());
    }
    for (range, sections) in [("613.1-614.2", 613..=614), ("100.1-101.4", 100..=101), ("702.2-702.19", 702..=702)] {
        let part = store.load_for_lookup("en-2025-11-14", sections).unwrap();
        assert_eq!(shown(&part, range), shown(&whole, range), "{range}");
    }
    // The point of the part: a few rules instead of thousands.
    let part = store.load_for_lookup("en-2025-11-14", 614..=614).unwrap();
    assert!(part.rule_count() < whole.rule_count() / 10, "{} rules", part.rule_count());
    assert!(largest < whole.rule_count() / 2, "the largest section's part has {largest} rules");
}

/// `judge rule` prints the same, as a table and as JSON, from an edition stored in format 4 and
/// from the same edition stored as the `judge` before the blocks stored it (format 3), which its
/// first read reads as it is, a lookup reading every rule, before the store writes it again in
/// format 4, as an import would have.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn judge_rule_shows_the_same_from_format_3_and_format_4() {
    for file in ["MagicCompRules_20110204.txt", "MagicCompRules_20260227.txt"] {
        let (new, old) = (crate::support::data_dir(), crate::support::data_dir());
        let name = Store::new(new.path()).import(&official_cr(file), None).unwrap().info.name;
        Store::new(old.path()).import(&official_cr(file), None).unwrap();
        let path = old.path().join("editions").join(format!("{name}.edition"));
        let format_4 = fs::read(&path).unwrap();
        let format_3 = crate::support::as_format_3(&format_4);
        let edition = Store::new(new.path()).load(&name).unwrap();
        let sections: Vec<u16> = edition.parsed.sections.keys().copied().collect();
        let mut samples: Vec<Vec<String>> = vec![vec!["100.1".into(), "702.19".into()], vec!["999.1".into()]];
        for pair in sections.windows(2).step_by(9) {
            let first_rule = |section: u16| edition.rules().find(|r| r.id.section() == section).map(|r| r.id);
            let (Some(this), Some(next)) = (first_rule(pair[0]), first_rule(pair[1])) else { continue };
            let subrule = edition.rules().find(|r| r.id.section() == pair[0] && r.id.letter().is_some());
            samples.push(vec![pair[0].to_string()]);
            samples.push(vec![this.to_string()]);
            samples.extend(subrule.map(|r| vec![r.id.to_string()]));
            samples.push(vec![format!("{this}-{next}")]);
            samples.push(vec![format!("{}.99", pair[0])]);
        }
        assert!(samples.len() > 20, "{} samples", samples.len());
        for refs in &samples {
            for json in [false, true] {
                let mut args: Vec<&str> = vec!["rule"];
                args.extend(refs.iter().map(String::as_str));
                args.extend(["--edition", &name]);
                if json {
                    args.push("--json");
                }
                fs::write(&path, &format_3).unwrap();
                let from_format_3 = crate::support::run(old.path(), &args);
                assert_eq!(from_format_3, crate::support::run(new.path(), &args), "{args:?}");
                assert_eq!(fs::read(&path).unwrap(), format_4, "written again by its first read, {args:?}");
            }
        }
    }
}
