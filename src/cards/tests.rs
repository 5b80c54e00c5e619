//! The hand-modelled cards as the compiler's test oracle, at the level of answers: each card of
//! the library whose Oracle text the compiler models whole is compiled into an imported card of
//! the same characteristics, and its check and the repository's scenarios that name it are
//! resolved with the hand-made card and with the compiled one. The answers (the objects'
//! characteristics, the outcomes of the events and what the state-based actions do) must be the
//! same, except for the cards listed with the reason they differ.

use super::data::{CardData, Face};
use super::{library, object_of, Card, Cards, MemoryCards};
use crate::cards::faces::Side;
use crate::cards::names::fold;
use crate::engine::{self, answer};
use crate::model::AbilitySpec;
use serde_yaml::Value;

/// The cards whose compiled answers differ from the hand-made ones, each reviewed: the compiled
/// card models what the library leaves out or writes as a text (docs/CARDS.md, "The library as
/// oracle").
const REVIEWED: &[&str] = &[];

/// The library card as imported card data: its characteristics and its Oracle text.
fn as_data(card: &Card) -> CardData {
    let type_line = super::view::type_line(&card.object());
    let letters = [("white", "W"), ("blue", "U"), ("black", "B"), ("red", "R"), ("green", "G")];
    let colors =
        letters.iter().filter(|(word, _)| card.colors.iter().any(|c| c == word)).map(|(_, l)| l.to_string()).collect();
    CardData {
        name: card.name.clone(),
        layout: "normal".into(),
        oracle_id: None,
        mana_value: card.mana_value as f64,
        faces: vec![Face {
            name: card.name.clone(),
            mana_cost: String::new(),
            type_line,
            oracle_text: card.text.clone(),
            colors,
            power: card.power.map(|p| p.to_string()),
            toughness: card.toughness.map(|t| t.to_string()),
            loyalty: None,
            defense: None,
        }],
        keywords: Vec::new(),
        rulings: Vec::new(),
        reading: None,
    }
}

/// What two answers are compared on: the objects asked (their abilities counted, since a
/// hand-made text may add reminder words), what players have, the game rules, and each outcome's
/// events and state-based actions, as sets.
fn answers(source: &str, cards: &Cards) -> Result<String, String> {
    let board = crate::scenario::read_with("check.yaml", source, cards).map_err(|e| format!("{e:?}"))?;
    let judgement = engine::judge(&board).map_err(|e| format!("{e:?}"))?;
    let mut answer = answer::answer(&board, &judgement.resolution);
    for object in &mut answer.objects {
        object.abilities = vec![object.abilities.len().to_string()];
    }
    let mut outcomes: Vec<(Vec<String>, Vec<String>)> =
        judgement.outcomes.unwrap_or_default().into_iter().map(|o| (o.result, o.then)).collect();
    outcomes.sort();
    Ok(format!("{answer:?}\n{outcomes:?}"))
}

/// A scenario without the choices it fixes in advance, which name effects by their ids (the
/// compiled card numbers its own): every choice is explored on both sides.
fn without_fixed_choices(source: &str) -> String {
    let mut value: Value = serde_yaml::from_str(source).expect("a scenario of the repository reads");
    if let Value::Mapping(top) = &mut value {
        top.remove("choose");
    }
    serde_yaml::to_string(&value).expect("it writes")
}

/// The repository's scenarios that name the card with `card:`.
fn scenarios_naming(name: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut found = Vec::new();
    for (file, _, _) in crate::shipped_scenarios::SCENARIOS {
        let text = std::fs::read_to_string(dir.join(file.trim_start_matches("scenarios/"))).unwrap_or_default();
        let names = text.lines().filter_map(|l| l.trim_start_matches([' ', '-']).strip_prefix("card:"));
        if names.map(|n| n.trim().trim_matches('"')).any(|n| n.eq_ignore_ascii_case(name)) {
            found.push(text);
        }
    }
    found
}

#[test]
fn every_card_the_compiler_models_whole_answers_as_the_hand_made_one() {
    let library = library().expect("the library reads");
    let (mut whole, mut scenarios) = (0, 0);
    let mut differ: Vec<String> = Vec::new();
    let mut report = Vec::new();
    for entry in &library.entries {
        let card = &entry.card;
        let data = as_data(card);
        if !object_of(&data, Side::Face(0)).unmodelled.is_empty() {
            continue;
        }
        whole += 1;
        let compiled = MemoryCards::new(vec![data]);
        let mut sources: Vec<String> = card.check.iter().map(|c| c.scenario(&card.name)).collect();
        sources.extend(scenarios_naming(&card.name));
        for source in sources {
            scenarios += 1;
            let source = without_fixed_choices(&source);
            let hand = answers(&source, &Cards::library());
            assert!(hand.is_ok(), "{}: the hand-made card's scenario resolves: {hand:?}", card.name);
            let mine = answers(&source, &Cards::imported_first(&compiled));
            if hand != mine {
                if !differ.contains(&card.name) {
                    differ.push(card.name.clone());
                }
                report.push(format!("{}:\n  hand:     {hand:?}\n  compiled: {mine:?}", card.name));
            }
        }
    }
    println!(
        "{whole} of {} library cards compile whole; {scenarios} scenarios resolved both ways; {} cards answer otherwise:\n{}",
        library.entries.len(),
        differ.len(),
        report.join("\n")
    );
    assert_eq!(differ, REVIEWED, "{}", report.join("\n"));
}

/// The comparison sees a difference: a card whose text says another bonus answers otherwise.
#[test]
fn a_card_compiled_from_another_text_answers_otherwise() {
    let library = library().expect("the library reads");
    let anthem = &library.find("Glorious Anthem").expect("in the library").card;
    let mut data = as_data(anthem);
    data.faces[0].oracle_text = "Creatures you control get +2/+2.".into();
    let compiled = MemoryCards::new(vec![data]);
    let source = anthem.check.as_ref().expect("a check").scenario(&anthem.name);
    let hand = answers(&source, &Cards::library());
    assert!(hand.is_ok());
    assert_ne!(hand, answers(&source, &Cards::imported_first(&compiled)));
}

/// Every card with abilities shows them at work in its own small scenario, whose expected
/// answer is met; every card is used by a check, its own or another's.
#[test]
fn every_card_does_what_its_check_expects() {
    let library = library::library().expect("the library reads");
    let mut failures = Vec::new();
    let mut used: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    for entry in &library.entries {
        let card = &entry.card;
        let Some(check) = &card.check else {
            if !card.abilities.iter().all(|a| matches!(a, AbilitySpec::Text(_))) {
                failures.push(format!("{}: static abilities and no check", card.name));
            }
            continue;
        };
        used.extend(std::iter::once(&card.name).chain(&check.with).chain(&check.opponent).map(|n| fold(n)));
        let scenario = check.scenario(&card.name);
        let board = match crate::scenario::read(&card.name, &scenario) {
            Ok(board) => board,
            Err(problems) => {
                failures.push(format!("{}: {problems:?}\n{scenario}", card.name));
                continue;
            }
        };
        if !board.expects_an_answer() {
            failures.push(format!("{}: the check expects nothing", card.name));
        }
        match crate::engine::judge(&board) {
            Ok(judgement) if judgement.mismatches.is_empty() => {}
            Ok(judgement) => failures.push(format!("{}: {:?}", card.name, judgement.mismatches)),
            Err(e) => failures.push(format!("{}: {e:?}", card.name)),
        }
    }
    let unused: Vec<&str> =
        library.entries.iter().map(|e| e.card.name.as_str()).filter(|n| !used.contains(&fold(n))).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(unused.is_empty(), "cards no check uses: {unused:?}");
}
