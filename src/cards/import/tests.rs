//! Each reader on the hand-written fixtures of `tests/fixtures/cards/`, and every refusal.

use super::*;
use crate::cards::data::Face;
use std::path::Path;

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cards").join(name);
    std::fs::read(path).unwrap()
}

fn read_bytes(bytes: &[u8]) -> Result<FileData, CardImportError> {
    read(bytes, "file.json", None, false)
}

fn card<'a>(data: &'a FileData, name: &str) -> &'a CardData {
    data.cards.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("{name} is read"))
}

fn face<'a>(data: &'a FileData, card_name: &str, at: usize) -> &'a Face {
    &card(data, card_name).faces[at]
}

#[test]
fn scryfall_oracle_cards() {
    let data = read_bytes(&fixture("oracle-cards-20260105100000.json")).unwrap();
    assert_eq!(data.kind, FileKind::ScryfallOracleCards);
    assert_eq!((data.cards.len(), data.skipped), (11, 2), "the token and the art card are passed over");
    assert!(data.cards.iter().all(|c| c.name != "Goblin"));

    let bears = card(&data, "Grizzly Bears");
    assert_eq!((bears.layout.as_str(), bears.mana_value, bears.faces.len()), ("normal", 2.0, 1));
    assert_eq!(bears.faces[0].type_line, "Creature — Bear");
    assert_eq!(
        (bears.faces[0].power.as_deref(), bears.faces[0].colors.as_slice()),
        (Some("2"), &["G".to_string()][..])
    );

    // A split card's halves: colours from their own costs, not the card's.
    let fire = face(&data, "Fire // Ice", 0);
    let ice = face(&data, "Fire // Ice", 1);
    assert_eq!((fire.name.as_str(), fire.colors.as_slice()), ("Fire", &["R".to_string()][..]));
    assert_eq!(
        (ice.name.as_str(), ice.colors.as_slice(), ice.oracle_text.as_str()),
        ("Ice", &["U".to_string()][..], "Tap target permanent.\nDraw a card.")
    );
    assert_eq!(card(&data, "Fire // Ice").mana_value, 4.0);

    // An adventurer card, a flip card (its flipped half has no cost: the card's colours), a
    // transforming card and a modal double-faced card.
    assert_eq!(face(&data, "Bonecrusher Giant // Stomp", 1).type_line, "Instant — Adventure");
    let tok_tok = face(&data, "Akki Lavarunner // Tok-Tok, Volcano Born", 1);
    assert_eq!((tok_tok.mana_cost.as_str(), tok_tok.colors.as_slice()), ("", &["R".to_string()][..]));
    let aberration = face(&data, "Delver of Secrets // Insectile Aberration", 1);
    assert_eq!((aberration.colors.as_slice(), aberration.power.as_deref()), (&["U".to_string()][..], Some("3")));
    let pass = face(&data, "Shatterskull Smashing // Shatterskull, the Hammer Pass", 1);
    assert_eq!((pass.type_line.as_str(), pass.colors.len()), ("Land", 0));
    assert_eq!(card(&data, "Shatterskull Smashing // Shatterskull, the Hammer Pass").layout, "modal_dfc");

    let goyf = face(&data, "Tarmogoyf", 0);
    assert_eq!((goyf.power.as_deref(), goyf.toughness.as_deref()), (Some("*"), Some("1+*")));
    assert_eq!(face(&data, "Teferi, Time Raveler", 0).loyalty.as_deref(), Some("4"));
    assert!(card(&data, "Lim-Dûl's Vault").faces[0].oracle_text.starts_with("Look at the top five"));
    assert_eq!(card(&data, "Jötun Grunt").keywords, ["Cumulative upkeep"]);
    assert_eq!(card(&data, "Æther Vial").oracle_id.as_deref(), Some("7f0e6a1c-0000-4000-8000-000000000010"));
}

#[test]
fn scryfall_default_cards_keep_one_card_per_oracle_id() {
    let data = read_bytes(&fixture("default-cards-20260105100500.json")).unwrap();
    assert_eq!(data.kind, FileKind::ScryfallDefaultCards);
    let names: Vec<&str> = data.cards.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Grizzly Bears", "Fire // Ice"]);
}

#[test]
fn scryfall_rulings_official_ones_only() {
    let data = read_bytes(&fixture("rulings-20260105100200.json")).unwrap();
    assert_eq!(data.kind, FileKind::ScryfallRulings);
    assert_eq!((data.rulings.len(), data.unofficial, data.ruling_count()), (7, 1, 7));
    assert_eq!(data.rulings[0].oracle_id, "7f0e6a1c-0000-4000-8000-000000000002");
    assert_eq!(data.rulings[0].ruling.date, "2020-08-07");
}

#[test]
fn mtgjson_atomic_cards() {
    let data = read_bytes(&fixture("AtomicCards.json")).unwrap();
    assert_eq!(data.kind, FileKind::MtgjsonAtomicCards);
    assert_eq!(data.date.as_deref(), Some("2026-01-05"));
    assert_eq!((data.cards.len(), data.skipped, data.ruling_count()), (6, 1, 4));
    let fire = card(&data, "Fire // Ice");
    assert_eq!(fire.faces.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["Fire", "Ice"]);
    assert_eq!((fire.layout.as_str(), fire.mana_value), ("split", 4.0));
    assert_eq!(fire.oracle_id.as_deref(), Some("7f0e6a1c-0000-4000-8000-000000000002"));
    let flip = card(&data, "Akki Lavarunner // Tok-Tok, Volcano Born");
    assert_eq!(flip.keywords, ["Haste", "Protection"]);
    assert_eq!(flip.faces[1].mana_cost, "");
    let goyf = card(&data, "Tarmogoyf");
    assert_eq!(goyf.rulings.iter().map(|r| r.date.as_str()).collect::<Vec<_>>(), ["2008-04-01", "2021-03-19"]);
    assert_eq!(card(&data, "Teferi, Time Raveler").faces[0].loyalty.as_deref(), Some("4"));
}

/// What a refused file looks like, as the diagnostic says it.
fn looks_like(bytes: &[u8]) -> String {
    match read_bytes(bytes) {
        Err(CardImportError::NotCardData { looks_like, .. }) => looks_like,
        other => panic!("{:?}: {other:?}", String::from_utf8_lossy(bytes)),
    }
}

#[test]
fn files_that_are_not_card_data_say_what_they_look_like() {
    assert_eq!(looks_like(&fixture("sets.json")), "a JSON array of Scryfall `set` objects");
    assert_eq!(looks_like(&fixture("empty.json")), "an empty JSON array");
    assert_eq!(looks_like(b""), "an empty file");
    assert_eq!(looks_like(b" \n\t "), "an empty file");
    assert_eq!(looks_like(b"<!DOCTYPE html><html>"), "an HTML or XML page");
    assert_eq!(
        looks_like("\u{FEFF}Magic: The Gathering Comprehensive Rules\r\n\r\nThese rules".as_bytes()),
        "a text beginning `Magic: The Gathering Comprehensive Rules`"
    );
    assert_eq!(
        looks_like(b"[{\"name\": \"x\"}]"),
        "a JSON array of objects that are neither Scryfall cards nor rulings"
    );
    assert_eq!(looks_like(b"[1, 2]"), "JSON of another kind (invalid type: integer `1`, expected a JSON object)");
    assert_eq!(looks_like(b"{}"), "an empty JSON object");
    assert_eq!(
        looks_like(b"{\"a\": 1, \"b\": [2]}"),
        "a JSON object with the keys `a`, `b`, not MTGJSON's `meta` and `data`"
    );
    assert_eq!(
        looks_like(br#"{"object":"list","has_more":false,"data":[{"object":"bulk_data"}]}"#),
        "a Scryfall `list` object, not one of the bulk files"
    );
    assert_eq!(
        looks_like(br#"{"object":"card","name":"Tarmogoyf"}"#),
        "a Scryfall `card` object, not one of the bulk files"
    );
    assert_eq!(looks_like(br#"{"meta":{},"data":{}}"#), "an MTGJSON file with no cards in its `data`");
}

#[test]
fn a_file_cut_short_is_said_to_be() {
    let whole = fixture("oracle-cards-20260105100000.json");
    // Cut anywhere after the opening bracket, and before the last one.
    let end = whole.iter().rposition(|&b| b == b']').unwrap();
    for at in (1..end).step_by(97).chain([end]) {
        match read_bytes(&whole[..at]) {
            Err(CardImportError::CutShort { .. }) => {}
            other => panic!("cut at {at}: {other:?}"),
        }
    }
    match read_bytes(&fixture("cut-short.json")) {
        Err(CardImportError::CutShort { line, .. }) => assert_eq!(line, 5),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bytes_that_are_not_utf8_are_placed() {
    let mut bytes = fixture("oracle-cards-20260105100000.json");
    let at = bytes.len() / 2;
    bytes[at] = 0xFF;
    match read_bytes(&bytes) {
        Err(CardImportError::NotUtf8 { offset, .. }) => assert_eq!(offset, at as u64),
        other => panic!("{other:?}"),
    }
    // UTF-16, as a text editor may save it.
    match read_bytes(b"\xFF\xFE[\x00]\x00") {
        Err(CardImportError::NotUtf8 { offset: 0, .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_items_are_placed_by_line_and_column() {
    let invalid = |bytes: &[u8]| match read_bytes(bytes) {
        Err(CardImportError::Invalid { line, column, message, .. }) => (line, column, message),
        other => panic!("{other:?}"),
    };
    let card = r#"{"object":"card","name":"A","layout":"normal","type_line":"Instant"}"#;
    let ruling = r#"{"object":"ruling","oracle_id":"x","source":"wotc","published_at":"2020-01-01","comment":"c"}"#;
    assert_eq!(invalid(format!("[{card},\n{ruling}]").as_bytes()).2, "item 2 is a ruling, in a file of cards");
    assert_eq!(
        invalid(format!("[{card},\n{{\"object\":\"set\"}}]").as_bytes()).2,
        "item 2 is a `set` object, neither a card nor a ruling"
    );
    let (line, _, message) = invalid(format!("[{card},\n{{\"object\":\"card\",\"name\":5}}]").as_bytes());
    assert_eq!((line, message.as_str()), (2, "invalid type: integer `5`, expected a string"));
    assert_eq!(
        invalid(format!("[{card},\n{{\"object\":\"card\"}}]").as_bytes()).2,
        "item 2: a card object without a `name`"
    );
    assert_eq!(invalid(format!("[{card}] trailing").as_bytes()).2, "trailing characters");
}

#[test]
fn dates_in_scryfall_file_names() {
    assert_eq!(date_in_name("oracle-cards-20260105100000.json").as_deref(), Some("2026-01-05 10:00:00"));
    assert_eq!(date_in_name("rulings-20260105100200.json").as_deref(), Some("2026-01-05 10:02:00"));
    assert_eq!(date_in_name("AtomicCards.json"), None);
    assert_eq!(date_in_name("oracle-cards.json"), None);
    assert_eq!(date_in_name("x-2026010510000.json"), None);
}

proptest::proptest! {
    /// Whatever the bytes, a read gives cards or a refusal, never a panic.
    #[test]
    fn no_bytes_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
        let _ = read_bytes(&bytes);
    }

    #[test]
    fn no_json_shaped_text_panics(text in r#"[\[\]{}",:0-9a-z_ ]{0,80}|\[\{"object":"(card|ruling)"[\[\]{}",:0-9a-z_ ]{0,60}"#) {
        let _ = read_bytes(text.as_bytes());
    }
}
