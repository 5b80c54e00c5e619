//! `judge card NAME` on imported card data (the hand-written fixtures of `tests/fixtures/cards/`):
//! what a judge looks up for cards of every layout, as text and JSON, and the rules of names: the
//! exact name, then case and accents aside, a face by its own name or the card's full name; a
//! name that is none of these is never taken for another card, in `judge card` as in a scenario.

use crate::support::{data_dir, run, run_in};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards");

fn imported() -> tempfile::TempDir {
    let data = data_dir();
    let files = ["oracle-cards-20260105100000.json", "rulings-20260105100200.json"].map(|f| format!("{FIXTURES}/{f}"));
    let (code, _, stderr) = run(data.path(), &["cards", "import", &files[0], &files[1]]);
    assert_eq!(code, 0, "{stderr}");
    data
}

/// A dozen cards of every layout, each shown as a judge reads it.
#[test]
fn cards_of_every_layout_as_a_judge_reads_them() {
    let data = imported();
    for name in [
        "Grizzly Bears",
        "Fire // Ice",
        "Ice",
        "Bonecrusher Giant",
        "Stomp",
        "Akki Lavarunner",
        "Tok-Tok, Volcano Born",
        "Delver of Secrets",
        "Insectile Aberration",
        "Shatterskull Smashing",
        "Tarmogoyf",
        "Teferi, Time Raveler",
        "Lim-Dûl's Vault",
        "Humility",
    ] {
        let (code, stdout, stderr) = run(data.path(), &["card", name]);
        assert_eq!(code, 0, "{name}: {stderr}");
        insta::assert_snapshot!(format!("card_{}", judge::cards::default_id(name)), stdout);
    }
}

#[test]
fn the_json_of_cards_of_several_faces() {
    let data = imported();
    for name in ["Fire // Ice", "Delver of Secrets", "Tarmogoyf", "Teferi, Time Raveler"] {
        let (code, stdout, stderr) = run(data.path(), &["card", name, "--json"]);
        assert_eq!(code, 0, "{name}: {stderr}");
        let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
        insta::assert_json_snapshot!(format!("card_{}_json", judge::cards::default_id(name)), json);
    }
}

/// Each rule of names: (what is typed, the card found or None, what a near miss offers).
#[test]
fn names_are_found_exactly_then_case_and_accents_aside_and_faces_by_either_name() {
    let data = imported();
    let found = |typed: &str| {
        let (code, stdout, _) = run(data.path(), &["card", typed, "--json"]);
        let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
        (code, json)
    };
    for (typed, card, named) in [
        ("Tarmogoyf", "Tarmogoyf", "Tarmogoyf"),
        ("tarmogoyf", "Tarmogoyf", "Tarmogoyf"),
        ("TARMOGOYF", "Tarmogoyf", "Tarmogoyf"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault", "Lim-Dûl's Vault"),
        ("lim-dûl’s vault", "Lim-Dûl's Vault", "Lim-Dûl's Vault"),
        ("Aether Vial", "Æther Vial", "Æther Vial"),
        ("Jotun Grunt", "Jötun Grunt", "Jötun Grunt"),
        ("Fire // Ice", "Fire // Ice", "Fire // Ice"),
        ("fire", "Fire // Ice", "Fire"),
        ("ICE", "Fire // Ice", "Ice"),
        ("Stomp", "Bonecrusher Giant // Stomp", "Stomp"),
        ("Bonecrusher Giant // Stomp", "Bonecrusher Giant // Stomp", "Bonecrusher Giant"),
        ("tok-tok, volcano born", "Akki Lavarunner // Tok-Tok, Volcano Born", "Tok-Tok, Volcano Born"),
        ("Insectile Aberration", "Delver of Secrets // Insectile Aberration", "Insectile Aberration"),
        (
            "Shatterskull, the Hammer Pass",
            "Shatterskull Smashing // Shatterskull, the Hammer Pass",
            "Shatterskull, the Hammer Pass",
        ),
    ] {
        let (code, json) = found(typed);
        assert_eq!((code, json["name"].as_str(), json["named"].as_str()), (0, Some(card), Some(named)), "{typed}");
    }
    // A near spelling, a part of a name, another card of a similar name: offered, never taken.
    for (typed, offered) in [
        ("Tarmogyf", "Tarmogoyf"),
        ("Delver", "Delver of Secrets // Insectile Aberration"),
        ("Grizly Bears", "Grizzly Bears"),
        ("Chalice of the Void", ""),
    ] {
        let (code, json) = found(typed);
        assert_eq!((code, json["found"].as_bool()), (1, Some(false)), "{typed}: {json}");
        let closest: Vec<&str> = json["closest"].as_array().unwrap().iter().filter_map(|n| n.as_str()).collect();
        if offered.is_empty() {
            assert!(!closest.iter().any(|n| n.contains("Void")), "{typed}: {closest:?}");
        } else {
            assert!(closest.contains(&offered), "{typed}: {closest:?}");
        }
    }
}

#[test]
fn a_scenario_names_imported_cards_and_a_near_miss_is_not_taken() {
    let data = imported();
    let dir = data_dir();
    let scenario =
        "title: t\nplayers:\n  - {name: Alice, active: true}\nobjects:\n  - card: Tarmogyf\n  - card: jotun grunt\n";
    std::fs::write(dir.path().join("call.yaml"), scenario).unwrap();
    let (code, _, stderr) = run_in(data.path(), dir.path(), &["resolve", "call.yaml"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no card named `Tarmogyf`"), "{stderr}");
    assert!(stderr.contains("did you mean `Tarmogoyf`?"), "{stderr}");
    assert!(!stderr.contains("no card named `jotun grunt`"), "the accents aside, Jötun Grunt is found: {stderr}");
    std::fs::write(dir.path().join("call.yaml"), scenario.replace("Tarmogyf", "Tarmogoyf")).unwrap();
    let (code, stdout, stderr) = run_in(data.path(), dir.path(), &["resolve", "call.yaml", "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let ids: Vec<&str> =
        json["answer"]["objects"].as_array().unwrap().iter().filter_map(|o| o["id"].as_str()).collect();
    assert_eq!(ids, ["tarmogoyf", "jötun-grunt"]);
}
