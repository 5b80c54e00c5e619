//! Scenarios that name imported cards (`tests/fixtures/scenarios-imported/`): the sample of real
//! cards (`tests/fixtures/cards/sample-oracle.json`) is imported, then every scenario is checked,
//! one or more for each family of templates the compiler reads, each expected answer derived
//! from the rules; and the abilities the compiler leaves out are said in the answer.

use crate::support::{data_dir, run, run_in};
use std::path::Path;

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards/sample-oracle.json");
const SCENARIOS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/scenarios-imported");

fn imported() -> tempfile::TempDir {
    let data = data_dir();
    let (code, _, stderr) = run(data.path(), &["cards", "import", SAMPLE]);
    assert_eq!(code, 0, "{stderr}");
    data
}

#[test]
fn every_scenario_of_imported_cards_meets_its_expected_answer() {
    let data = imported();
    let (code, stdout, stderr) = run(data.path(), &["check", SCENARIOS]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let files = std::fs::read_dir(SCENARIOS).unwrap().count();
    assert!(stdout.ends_with(&format!("{files} files: {files} ok, 0 differ, 0 invalid\n")), "{stdout}");
}

#[test]
fn without_the_card_data_the_cards_are_not_found_and_the_help_says_how_to_get_them() {
    let data = data_dir();
    let (code, _, stderr) = run_in(data.path(), Path::new(SCENARIOS), &["resolve", "lord-elvish-clancaller.yaml"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no card named `Elvish Clancaller`"), "{stderr}");
    assert!(stderr.contains("`judge cards fetch`"), "{stderr}");
}

#[test]
fn what_the_compiler_leaves_out_is_said_in_the_answer() {
    let data = imported();
    let (code, stdout, stderr) = run_in(data.path(), Path::new(SCENARIOS), &["resolve", "lord-elvish-clancaller.yaml"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("elvish-clancaller: {4}{G}{G}, {T}: Search your library for a card named Elvish Clancaller"),
        "{stdout}"
    );
    let (code, _, stderr) =
        run_in(data.path(), Path::new(SCENARIOS), &["resolve", "--strict", "lord-elvish-clancaller.yaml"]);
    assert_eq!(code, 2, "--strict fails on what is left out: {stderr}");
}

/// Ten imported permanents of every kind of the sample, named or written out as the cards make
/// them: the same answer, byte for byte.
#[test]
fn naming_imported_cards_or_writing_them_out_gives_the_same_json() {
    let data = imported();
    let store = judge::cards::store::StoreCards::of(data.path()).expect("imported");
    let cards = judge::cards::Cards::with_imported(&store);
    let names = [
        "Master of Etherium",
        "Elvish Clancaller",
        "Guardian Seraph",
        "Kinjalli's Sunwing",
        "Rancor",
        "Kalitas, Traitor of Ghet",
        "Teferi, Time Raveler",
        "Tarmogoyf",
        "Deserted Beach",
        "Kalonian Hydra",
    ];
    let objects: Vec<_> = names.iter().map(|n| cards.object(n).unwrap_or_else(|_| panic!("{n}"))).collect();
    let (named, by_hand) = judge::scenario::synthetic_cards::imported_board(&objects);
    let dir = data_dir();
    std::fs::write(dir.path().join("named.yaml"), &named).unwrap();
    std::fs::write(dir.path().join("by-hand.yaml"), &by_hand).unwrap();
    let resolve = |file: &str| run_in(data.path(), dir.path(), &["resolve", file, "--format", "json"]);
    let (code, json, stderr) = resolve("named.yaml");
    assert_eq!(code, 0, "{stderr}\n{named}");
    let (code, written, stderr) = resolve("by-hand.yaml");
    assert_eq!(code, 0, "{stderr}\n{by_hand}");
    assert_eq!(json.replace("by-hand.yaml", "named.yaml"), written.replace("by-hand.yaml", "named.yaml"));
}
