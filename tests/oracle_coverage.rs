//! The Oracle-text compiler on a broad sample of real cards (`tests/fixtures/cards/sample-oracle.json`,
//! in Scryfall's Oracle Cards format; docs/CARDS.md says how it was chosen): how many static,
//! replacement, prevention, "can't" and characteristic-defining abilities compile, with a floor
//! at the measured figure; the model of every ability it compiles, snapshotted for review; every
//! compiled card read as a scenario's object; and the list of sentences left out, by family, in
//! docs/CARDS.md kept true.

use judge::cards::{compile, type_line, AbilityKind, Compiled, FaceText};
use judge::model::AbilitySpec;
use serde::Deserialize;
use std::collections::BTreeMap;

const SAMPLE: &str = include_str!("fixtures/cards/sample-oracle.json");
const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/CARDS.md");

/// The measured share of the sample's static, replacement, prevention, "can't" and defining
/// abilities that compile, in thousandths: it may rise, not fall.
const FLOOR_PERMILLE: usize = 895;

#[derive(Deserialize)]
struct Card {
    name: String,
    #[serde(default)]
    type_line: String,
    #[serde(default)]
    oracle_text: String,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    card_faces: Vec<CardFace>,
}

#[derive(Deserialize)]
struct CardFace {
    name: String,
    type_line: String,
    #[serde(default)]
    oracle_text: String,
}

/// Each face of the sample compiled: the face's name, types, subtypes and abilities.
struct Face {
    name: String,
    types: Vec<String>,
    subtypes: Vec<String>,
    abilities: Vec<Compiled>,
}

fn sample() -> Vec<Face> {
    let cards: Vec<Card> = serde_json::from_str(SAMPLE).expect("the sample reads");
    let mut faces = Vec::new();
    for card in &cards {
        let sides: Vec<(&str, &str, &str)> = if card.card_faces.is_empty() {
            vec![(&card.name, &card.type_line, &card.oracle_text)]
        } else {
            card.card_faces.iter().map(|f| (f.name.as_str(), f.type_line.as_str(), f.oracle_text.as_str())).collect()
        };
        for (name, line, text) in sides {
            let parsed = type_line(line);
            let face = FaceText {
                name,
                types: &parsed.types,
                subtypes: &parsed.subtypes,
                oracle_text: text,
                keywords: &card.keywords,
            };
            let abilities = compile(&face);
            faces.push(Face { name: name.to_string(), types: parsed.types, subtypes: parsed.subtypes, abilities });
        }
    }
    faces
}

/// The kinds counted: the static abilities whose effects the engine computes.
fn counted(kind: AbilityKind) -> bool {
    matches!(
        kind,
        AbilityKind::Static | AbilityKind::Replacement | AbilityKind::Prevention | AbilityKind::Cant | AbilityKind::Cda
    )
}

#[derive(Default)]
struct Tally {
    compiled: usize,
    total: usize,
}

fn tallies(faces: &[Face]) -> BTreeMap<String, Tally> {
    let mut by_kind: BTreeMap<String, Tally> = BTreeMap::new();
    for ability in faces.iter().flat_map(|f| &f.abilities) {
        let t = by_kind.entry(format!("{:?}", ability.kind)).or_default();
        t.total += 1;
        t.compiled += usize::from(ability.model.is_ok());
    }
    by_kind
}

#[test]
fn the_sample_compiles_at_least_the_measured_share() {
    let faces = sample();
    let by_kind = tallies(&faces);
    let kinds = ["Static", "Replacement", "Prevention", "Cant", "Cda"];
    let compiled: usize = kinds.iter().filter_map(|k| by_kind.get(*k)).map(|t| t.compiled).sum();
    let total: usize = kinds.iter().filter_map(|k| by_kind.get(*k)).map(|t| t.total).sum();
    for (kind, t) in &by_kind {
        println!("{kind}: {} of {} compiled", t.compiled, t.total);
    }
    println!(
        "static, replacement, prevention, can't and defining: {compiled} of {total} ({} per mille)",
        compiled * 1000 / total.max(1)
    );
    assert!(
        compiled * 1000 >= total * FLOOR_PERMILLE,
        "{compiled} of {total} compiled: below the floor of {FLOOR_PERMILLE} per mille"
    );
}

#[test]
fn every_ability_compiled_from_the_sample_is_the_reviewed_one() {
    let mut out = String::new();
    for face in sample() {
        let compiled: Vec<&Compiled> = face.abilities.iter().filter(|a| a.model.is_ok()).collect();
        if compiled.is_empty() {
            continue;
        }
        out.push_str(&format!("# {}\n", face.name));
        for ability in compiled {
            let Ok(model) = &ability.model else { continue };
            if model.is_empty() {
                continue;
            }
            let yaml = serde_yaml::to_string(model).expect("a model serializes");
            out.push_str(&format!("- {:?} {:?}\n", ability.kind, ability.text));
            for line in yaml.lines() {
                out.push_str(&format!("    {line}\n"));
            }
        }
    }
    insta::assert_snapshot!(out);
}

/// Each face whose abilities compiled is an object a scenario reads without a problem: its
/// effects name card types, colours and basic land types that exist, and no selector is empty.
#[test]
fn every_compiled_face_reads_as_a_scenario_object() {
    let mut problems = Vec::new();
    for face in sample() {
        let abilities: Vec<AbilitySpec> =
            face.abilities.iter().filter_map(|a| a.model.as_ref().ok()).flatten().cloned().collect();
        if abilities.iter().all(|a| matches!(a, AbilitySpec::Text(_))) {
            continue;
        }
        let object = serde_yaml::to_value(serde_json::json!({
            "id": "face",
            "name": face.name,
            "owner": "Alice",
            "types": face.types,
            "subtypes": face.subtypes,
        }))
        .expect("an object");
        let mut object = object.as_mapping().cloned().expect("a mapping");
        // The choices made as it entered, put in as a scenario's `chosen:` puts them.
        let written = serde_yaml::to_string(&abilities).expect("abilities");
        let written = CHOSEN.iter().fold(written, |w, (placeholder, value)| w.replace(placeholder, value));
        object.insert("abilities".into(), serde_yaml::from_str(&written).expect("abilities"));
        let copied = serde_yaml::to_value(serde_json::json!({
            "id": "copied", "name": "Grizzly Bears", "owner": "Bob", "types": ["creature"], "power": 2, "toughness": 2,
        }))
        .expect("an object");
        let mut scenario = serde_yaml::Mapping::new();
        scenario.insert("title".into(), face.name.clone().into());
        let players = serde_yaml::to_value(serde_json::json!([{"name": "Alice", "active": true}, {"name": "Bob"}]));
        scenario.insert("players".into(), players.expect("players"));
        scenario
            .insert("objects".into(), serde_yaml::Value::Sequence(vec![serde_yaml::Value::Mapping(object), copied]));
        let source = serde_yaml::to_string(&scenario).expect("a scenario");
        if let Err(e) = judge::scenario::read(&face.name, &source) {
            problems.push(format!("{}: {e:?}\n{source}", face.name));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A value for each choice a card makes as it enters (`CHOICES` in `src/scenario/card.rs`).
const CHOSEN: [(&str, &str); 7] = [
    ("$chosen_color", "blue"),
    ("$chosen_creature_type", "elf"),
    ("$chosen_basic_land_type", "island"),
    ("$chosen_card_type", "artifact"),
    ("$chosen_player", "Bob"),
    ("$chosen_card_name", "Grizzly Bears"),
    ("$chosen_copy", "copied"),
];

const BEGIN: &str = "<!-- unmodelled: generated by tests/oracle_coverage.rs -->";
const END: &str = "<!-- end of unmodelled -->";

/// The sentences of the sample left out, grouped by the family of their reason (the reason with
/// its quoted words taken out), as docs/CARDS.md lists them.
fn unmodelled_list(faces: &[Face]) -> String {
    let mut families: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for face in faces {
        for ability in &face.abilities {
            if !counted(ability.kind) {
                continue;
            }
            let Err(e) = &ability.model else { continue };
            let family: String = e.why.split('`').step_by(2).collect::<Vec<_>>().join("…");
            let text = ability.text.replace('\n', " ");
            families.entry(family).or_default().push(format!("{} — {text}", face.name));
        }
    }
    let mut groups: Vec<(String, Vec<String>)> = families.into_iter().collect();
    groups.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(&b.0)));
    let mut out = String::new();
    for (family, lines) in groups {
        out.push_str(&format!("\n#### {family} ({})\n\n", lines.len()));
        for line in lines {
            out.push_str(&format!("- {line}\n"));
        }
    }
    out
}

/// docs/CARDS.md lists exactly the sentences the sample leaves out. `JUDGE_UPDATE_DOCS=1`
/// writes the list there instead of comparing.
#[test]
fn the_documented_list_of_sentences_left_out_is_the_true_one() {
    let list = unmodelled_list(&sample());
    let doc = std::fs::read_to_string(DOC).expect("docs/CARDS.md reads");
    let (Some(begin), Some(end)) = (doc.find(BEGIN), doc.find(END)) else {
        panic!("docs/CARDS.md has no `{BEGIN}` … `{END}` section");
    };
    let current = &doc[begin + BEGIN.len()..end];
    let wanted = format!("\n{}\n", list.trim());
    if current == wanted {
        return;
    }
    if std::env::var_os("JUDGE_UPDATE_DOCS").is_some() {
        let updated = format!("{}{BEGIN}{wanted}{}", &doc[..begin], &doc[end..]);
        std::fs::write(DOC, updated).expect("docs/CARDS.md is written");
        return;
    }
    panic!("docs/CARDS.md's list of sentences left out is out of date: run the test with JUDGE_UPDATE_DOCS=1");
}
