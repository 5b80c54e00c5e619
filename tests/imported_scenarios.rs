//! Scenarios that name cards of the imported card data: `tests/fixtures/cards/sample-oracle.json`
//! imported into a data directory of the test's own (`judge cards import`), then
//! `tests/fixtures/scenarios-imported/` checked with it (`judge check`), each card's abilities
//! compiled from its Oracle text. One scenario or more per family of templates (lords, Auras,
//! Equipment, prevention, entering tapped, counters, characteristic-defining, faces, rules of the
//! game, choices made as a card enters, entering as a copy), each expected answer derived from the
//! rules; and the abilities the compiler leaves out are said in the answer.

use crate::support::{data_dir, run, run_in};
use std::path::Path;

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards/sample-oracle.json");
const SCENARIOS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/scenarios-imported");

/// A data directory holding the sample's cards.
fn imported() -> tempfile::TempDir {
    let dir = data_dir();
    let (code, _, stderr) = run(dir.path(), &["cards", "import", SAMPLE]);
    assert_eq!(code, 0, "{stderr}");
    dir
}

fn scenario(name: &str) -> String {
    Path::new(SCENARIOS).join(name).display().to_string()
}

/// The answer of `judge resolve --format json`.
fn resolved(data: &Path, name: &str) -> serde_json::Value {
    let (code, stdout, stderr) = run(data, &["resolve", "--format", "json", &scenario(name)]);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

#[test]
fn every_scenario_of_imported_cards_gets_its_expected_answer() {
    let dir = imported();
    let (code, stdout, stderr) = run(dir.path(), &["check", SCENARIOS]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let files = std::fs::read_dir(SCENARIOS).expect("the directory reads").count();
    assert!(stdout.contains(&format!("{files} files: {files} ok, 0 no expectation, 0 differ, 0 invalid")), "{stdout}");
}

/// `expect` does not check the rules of the game: the answer lists them. Humility takes Phantom
/// Warrior's ability and the rule it makes; Whispersilk Cloak's and Ghostly Prison's stay.
#[test]
fn the_rules_of_the_game_listed_are_those_of_abilities_that_still_exist() {
    let dir = imported();
    let json = resolved(dir.path(), "game-rules-whispersilk-cloak-and-humility.yaml");
    assert_eq!(
        json["answer"]["game_rules"],
        serde_json::json!([
            "Whispersilk Cloak: Equipped creature can't be blocked.",
            "Ghostly Prison: Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you."
        ])
    );
}

/// A card whose choice the scenario does not give: the abilities that need it are left out of
/// the answer and said so; the rest work.
#[test]
fn an_ability_whose_choice_is_not_given_is_left_out_and_said() {
    let dir = imported();
    let scenario = dir.path().join("automaton.yaml");
    let text = "title: no choice given\nplayers:\n  - name: Alice\n    active: true\n  - name: Bob\nobjects:\n  - card: Adaptive Automaton\n  - card: Llanowar Elves\nask:\n  objects: [adaptive-automaton, llanowar-elves]\nexpect:\n  adaptive-automaton: {subtypes: [construct], power: 2, toughness: 2}\n  llanowar-elves: {power: 1, toughness: 1}\n";
    std::fs::write(&scenario, text).expect("the scenario is written");
    let (code, stdout, stderr) = run(dir.path(), &["resolve", "--format", "json", &scenario.display().to_string()]);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["expectations"], serde_json::json!({"checked": true, "mismatches": []}), "{stdout}");
    let unmodelled = json["unmodelled"].to_string();
    assert!(
        unmodelled.contains("Adaptive Automaton is the chosen type in addition to its other types."),
        "{unmodelled}"
    );
    assert!(unmodelled.contains("Other creatures you control of the chosen type get +1/+1."), "{unmodelled}");
    assert!(!unmodelled.contains("choose a creature type"), "the choice's own text is there: {unmodelled}");
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
    let store = judge::cards::StoreCards::of(data.path()).expect("imported");
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
    let (named, by_hand) = judge::synthetic::imported_board(&objects);
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
