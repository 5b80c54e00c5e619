//! `judge cards import` and `judge cards info` on the hand-written fixtures of
//! `tests/fixtures/cards/`: each kind of file, the store they make (the same bytes for the same
//! files), what an import keeps of the store, refusals that leave the store as it was, and two
//! imports at once.

use crate::support::{self, data_dir, judge, run, run_in, run_wide};
use std::fs;
use std::path::{Path, PathBuf};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards");
const ORACLE: &str = "oracle-cards-20260105100000.json";
const DEFAULT: &str = "default-cards-20260105100500.json";
const RULINGS: &str = "rulings-20260105100200.json";
const ATOMIC: &str = "AtomicCards.json";

fn fixture(name: &str) -> String {
    Path::new(FIXTURES).join(name).display().to_string()
}

fn store_of(data: &Path) -> PathBuf {
    data.join("cards").join("cards.store")
}

/// Imports the fixtures named into `data`; its stdout, with the data directory as `DATA`.
fn import(data: &Path, files: &[&str]) -> String {
    let mut args = vec!["cards".to_string(), "import".to_string()];
    args.extend(files.iter().map(|f| fixture(f)));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, stdout, stderr) = run(data, &args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stderr, "", "no warning");
    stdout.replace(&data.display().to_string(), "DATA")
}

/// `judge cards info --json`, without the path of the temporary directory.
fn info_json(data: &Path) -> (i32, serde_json::Value) {
    let (code, stdout, stderr) = run(data, &["cards", "info", "--json"]);
    let mut json: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    json["path"] = serde_json::Value::from("DATA/cards/cards.store");
    (code, json)
}

#[test]
fn oracle_cards_and_rulings_are_imported_and_described() {
    let dir = data_dir();
    let (code, stdout, _) = run(dir.path(), &["cards", "info"]);
    assert_eq!(code, 1, "no store yet");
    assert!(stdout.starts_with("no card data is imported into "), "{stdout}");
    assert_eq!(info_json(dir.path()).1["imported"], false);

    let stdout = import(dir.path(), &[ORACLE, RULINGS]);
    insta::assert_snapshot!(stdout, @r"
    imported oracle-cards-20260105100000.json: Scryfall Oracle Cards of 2026-01-05 10:00:00, 11 cards
    imported rulings-20260105100200.json: Scryfall Rulings of 2026-01-05 10:02:00, 7 rulings
    passed over: 2 objects that are not game cards, 1 note of Scryfall's own, 1 ruling of a card not in the store
    the card store holds 11 cards and 6 rulings: DATA/cards/cards.store
    ");
    let (code, stdout, _) = run(dir.path(), &["cards", "info"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(stdout.replace(&dir.path().display().to_string(), "DATA"), @r"
    the card store holds 11 cards and 6 rulings: DATA/cards/cards.store
    imported from:
      oracle-cards-20260105100000.json: Scryfall Oracle Cards of 2026-01-05 10:00:00, 11 cards
      rulings-20260105100200.json: Scryfall Rulings of 2026-01-05 10:02:00, 7 rulings
    ");
    let (code, json) = info_json(dir.path());
    assert_eq!(code, 0);
    insta::assert_json_snapshot!(json, @r#"
    {
      "cards": 11,
      "files": [
        {
          "cards": 11,
          "date": "2026-01-05 10:00:00",
          "file": "oracle-cards-20260105100000.json",
          "kind": "scryfall-oracle-cards",
          "rulings": 0
        },
        {
          "cards": 0,
          "date": "2026-01-05 10:02:00",
          "file": "rulings-20260105100200.json",
          "kind": "scryfall-rulings",
          "rulings": 7
        }
      ],
      "imported": true,
      "path": "DATA/cards/cards.store",
      "rulings": 6
    }
    "#);
    let store = judge::cards::CardStore::open(dir.path()).unwrap().unwrap();
    let goyf = store.find("tarmogoyf").unwrap().unwrap();
    let dates: Vec<&str> = goyf.rulings.iter().map(|r| r.date.as_str()).collect();
    assert_eq!(dates, ["2008-04-01", "2021-03-19"], "oldest first");
    let stomp = store.find("stomp").unwrap().unwrap();
    assert_eq!((stomp.name.as_str(), stomp.rulings.len()), ("Bonecrusher Giant // Stomp", 2));
    for name in ["fire", "ice", "fire // ice", "lim-dul's vault", "aether vial", "jotun grunt", "tok-tok, volcano born"]
    {
        assert!(store.find(name).unwrap().is_some(), "{name}");
    }
    assert!(store.find("goblin").unwrap().is_none(), "tokens are not cards");
}

#[test]
fn default_cards_and_mtgjson_are_imported() {
    let dir = data_dir();
    insta::assert_snapshot!(import(dir.path(), &[DEFAULT]), @r"
    imported default-cards-20260105100500.json: Scryfall Default Cards of 2026-01-05 10:05:00, 2 cards
    passed over: 1 object that is not a game card
    the card store holds 2 cards and 0 rulings: DATA/cards/cards.store
    ");
    insta::assert_snapshot!(import(dir.path(), &[ATOMIC]), @r"
    imported AtomicCards.json: MTGJSON AtomicCards of 2026-01-05, 6 cards, 4 rulings
    passed over: 1 object that is not a game card
    the card store holds 6 cards and 4 rulings: DATA/cards/cards.store
    ");
    let store = judge::cards::CardStore::open(dir.path()).unwrap().unwrap();
    let delver = store.find("insectile aberration").unwrap().unwrap();
    assert_eq!(delver.rulings.len(), 1, "MTGJSON gives one card's rulings once, not once per face");
}

/// Cards imported alone keep the store's rulings; rulings imported alone go on the store's cards.
#[test]
fn cards_alone_keep_the_rulings_and_rulings_alone_go_on_the_cards() {
    let dir = data_dir();
    let (code, _, stderr) = run_wide(dir.path(), &[], &["cards", "import", &fixture(RULINGS)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("have no cards to go with: no card data has been imported"), "{stderr}");
    assert!(!store_of(dir.path()).exists());

    import(dir.path(), &[ORACLE]);
    assert_eq!(info_json(dir.path()).1["rulings"], 0);
    let stdout = import(dir.path(), &[RULINGS]);
    assert!(stdout.ends_with("the card store holds 11 cards and 6 rulings: DATA/cards/cards.store\n"), "{stdout}");
    let together = data_dir();
    import(together.path(), &[ORACLE, RULINGS]);
    assert_eq!(fs::read(store_of(dir.path())).unwrap(), fs::read(store_of(together.path())).unwrap());

    // The Default Cards file replaces the cards; the rulings stay on those still there.
    let stdout = import(dir.path(), &[DEFAULT]);
    assert!(stdout.ends_with("the card store holds 2 cards and 1 ruling: DATA/cards/cards.store\n"), "{stdout}");
    let (_, json) = info_json(dir.path());
    let files: Vec<&str> = json["files"].as_array().unwrap().iter().map(|f| f["file"].as_str().unwrap()).collect();
    assert_eq!(files, [DEFAULT, RULINGS]);
}

#[test]
fn the_same_files_make_the_same_store_byte_for_byte() {
    let one = data_dir();
    let two = data_dir();
    import(one.path(), &[ORACLE, RULINGS]);
    let first = fs::read(store_of(one.path())).unwrap();
    import(one.path(), &[ORACLE, RULINGS]);
    // From another directory, under another path: the store records file names only.
    let elsewhere = tempfile::tempdir().unwrap();
    for file in [ORACLE, RULINGS] {
        fs::copy(fixture(file), elsewhere.path().join(file)).unwrap();
    }
    let (code, _, stderr) = run_in(two.path(), elsewhere.path(), &["cards", "import", RULINGS, ORACLE]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(fs::read(store_of(one.path())).unwrap(), first);
    assert_eq!(fs::read(store_of(two.path())).unwrap(), first, "the order of the files does not matter");
    let names: Vec<String> = fs::read_dir(one.path().join("cards"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    let mut names = names;
    names.sort();
    assert_eq!(names, ["cards.store"], "no temporary file left");
}

#[test]
fn quiet_prints_nothing() {
    let dir = data_dir();
    let (code, stdout, stderr) = run(dir.path(), &["cards", "import", "--quiet", &fixture(ORACLE)]);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, "", ""));
}

/// Every refusal: exit 2, the store as it was, and the diagnostic.
#[test]
fn refused_files_leave_the_store_as_it_was() {
    let dir = data_dir();
    import(dir.path(), &[ORACLE, RULINGS]);
    let before = support::files(dir.path());
    let work = tempfile::tempdir().unwrap();
    for name in ["cut-short.json", "sets.json", "empty.json", ORACLE] {
        fs::copy(fixture(name), work.path().join(name)).unwrap();
    }
    let mut not_utf8 = fs::read(fixture(ORACLE)).unwrap();
    not_utf8[1000] = 0xFF;
    fs::write(work.path().join("latin1.json"), not_utf8).unwrap();
    fs::write(work.path().join("MagicCompRules.txt"), "Magic: The Gathering Comprehensive Rules\n\nThese rules")
        .unwrap();
    fs::write(work.path().join("bulk-data.html"), "<!DOCTYPE html>\n<html><body>Not found</body></html>").unwrap();
    let mut stderrs = String::new();
    for file in [
        "cut-short.json",
        "sets.json",
        "empty.json",
        "latin1.json",
        "MagicCompRules.txt",
        "bulk-data.html",
        "missing.json",
    ] {
        // A good file beside the bad one: nothing of either is imported.
        let (code, stdout, stderr) = run_in(dir.path(), work.path(), &["cards", "import", ORACLE, file]);
        assert_eq!((code, stdout.as_str()), (2, ""), "{file}: {stderr}");
        assert_eq!(support::files(dir.path()), before, "{file}");
        stderrs.push_str(&format!("$ judge cards import {ORACLE} {file}\n{stderr}\n"));
    }
    insta::assert_snapshot!(stderrs);
}

/// A damaged store is named, with what to do; importing cards and rulings replaces it, rulings
/// alone cannot go on it, and cards alone are imported without its rulings, with a warning.
#[test]
fn a_damaged_store_is_named_and_replaced_by_an_import() {
    let dir = data_dir();
    import(dir.path(), &[ORACLE, RULINGS]);
    let store = store_of(dir.path());
    let mut bytes = fs::read(&store).unwrap();
    let last = bytes.len() - 2;
    bytes[last] ^= 0x01;
    fs::write(&store, &bytes).unwrap();
    let (code, _, _) = run(dir.path(), &["cards", "info"]);
    assert_eq!(code, 0, "info reads the directory, which is whole");
    let opened = judge::cards::CardStore::open(dir.path()).unwrap().unwrap();
    let err = opened.cards().unwrap_err();
    assert!(err.to_string().ends_with("is damaged"), "{err}");

    bytes.truncate(100);
    fs::write(&store, &bytes).unwrap();
    let (code, _, stderr) = run(dir.path(), &["cards", "info"]);
    assert_eq!(code, 2);
    insta::assert_snapshot!(stderr.replace(&dir.path().display().to_string(), "DATA"), @r"
      x the card store `DATA/cards/cards.store` is damaged
      help: the file ends too soon; import the card data again to replace it: `judge cards fetch`, or
            `judge cards import FILE…`
    ");
    let (code, _, stderr) = run_wide(dir.path(), &[], &["cards", "import", &fixture(RULINGS)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("have no cards to go with: the card store cannot be read"), "{stderr}");
    assert_eq!(fs::read(&store).unwrap(), bytes);

    let (code, stdout, stderr) = run_wide(dir.path(), &[], &["cards", "import", &fixture(ORACLE)]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("the card store holds 11 cards and 0 rulings"), "{stdout}");
    assert!(stderr.contains("the rulings of the old card store were not kept: it cannot be read"), "{stderr}");
    import(dir.path(), &[ORACLE, RULINGS]);
    assert_eq!(info_json(dir.path()).1["rulings"], 6);
}

/// Two imports at once, of different files, again and again: each time the store is whole, and
/// it is one of the two, never a mix nor a half.
#[test]
fn two_imports_at_once_end_with_one_whole_store() {
    let (oracle, atomic) = (data_dir(), data_dir());
    import(oracle.path(), &[ORACLE, RULINGS]);
    import(atomic.path(), &[ATOMIC]);
    let expected = [fs::read(store_of(oracle.path())).unwrap(), fs::read(store_of(atomic.path())).unwrap()];
    let dir = data_dir();
    for round in 0..10 {
        let imports: Vec<_> = [vec![fixture(ORACLE), fixture(RULINGS)], vec![fixture(ATOMIC)]]
            .into_iter()
            .map(|files| {
                let data = dir.path().to_path_buf();
                std::thread::spawn(move || judge(&data).args(["cards", "import"]).args(files).output().unwrap())
            })
            .collect();
        for import in imports {
            let output = import.join().unwrap();
            assert!(output.status.success(), "round {round}: {output:?}");
        }
        let stored = fs::read(store_of(dir.path())).unwrap();
        assert!(expected.contains(&stored), "round {round}: the store is one of the two");
        assert!(judge::cards::CardStore::open(dir.path()).unwrap().unwrap().cards().is_ok());
    }
}
