//! The citation table against the real rules: in each numbering, every concept's rule exists in
//! the English CR file of that date and its text is about that concept. Skipped when the CR files
//! (not ours to ship) are absent.

use judge::cite::table::table;
use judge::corpus::{decode, parse_en};
use std::path::Path;

fn english(file: &str) -> judge::corpus::edition::Parsed {
    let bytes = std::fs::read(crate::support::official_cr(file)).unwrap();
    let text = decode::decode(&bytes).expect("the real CR decodes");
    parse_en::parse(&text).expect("the real CR parses").parsed
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn every_concept_is_cited_by_a_rule_about_it_in_both_real_files() {
    let table = table();
    for (numbering, file) in
        [("cr-2011-02-04", "MagicCompRules_20110204.txt"), ("cr-2025-11-14", "MagicCompRules_20251114.txt")]
    {
        let parsed = english(file);
        let numbering = table.numberings.iter().find(|n| n.name == numbering).expect("numbering in the table");
        let mut wrong = Vec::new();
        for (concept, info) in &table.concepts {
            let id = numbering.rule(concept).expect("every concept is mapped");
            match parsed.rules.get(&id) {
                None => wrong.push(format!("{concept}: {id} does not exist")),
                Some(rule) => {
                    let text = rule.text.to_lowercase();
                    if !info.about.iter().any(|word| text.contains(&word.to_lowercase())) {
                        wrong.push(format!("{concept}: {id} is not about {:?}: {}", info.about, rule.text));
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{}:\n{}", numbering.name, wrong.join("\n"));
    }
}

#[test]
fn the_french_corpus_has_the_rules_it_can_have() {
    // The French pages hold sections 100, 101, 112, 305, 611 and 614: every concept numbered
    // there must be found in them, in the 2011 numbering they translate.
    let (edition, _) = judge::corpus::embedded::load();
    let numbering = table().numbering_for(&edition.info.date);
    assert_eq!(numbering.name, "cr-2011-02-04");
    for concept in table().concepts.keys() {
        let id = numbering.rule(concept).unwrap();
        if [100, 101, 112, 305, 611, 614].contains(&id.section()) {
            assert!(edition.get(id).is_some(), "{concept}: {id} missing from the French corpus");
        }
    }
}

/// A concept the table does not know would be dropped from the trace without a word: every
/// concept any scenario's trace names must be in every numbering.
#[test]
fn every_concept_a_scenario_trace_names_is_in_every_numbering() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut seen = 0;
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "yaml")) {
        let text = std::fs::read_to_string(file).unwrap();
        let board = judge::scenario::read("scenario.yaml", &text).expect("scenarios are valid");
        let judgement = judge::engine::judge(&board).expect("scenarios explore within the limits");
        let mut concepts: Vec<&str> = judgement.resolution.steps.iter().flat_map(|s| s.concepts.clone()).collect();
        for outcome in judgement.outcomes.iter().flatten() {
            concepts.extend(outcome.steps.iter().flat_map(|s| s.concepts.clone()));
            concepts.extend(outcome.choices.iter().map(|c| c.concept));
        }
        for concept in concepts {
            seen += 1;
            for numbering in &table().numberings {
                assert!(numbering.rule(concept).is_some(), "{}: `{concept}` not in {}", file.display(), numbering.name);
            }
        }
    }
    assert!(seen > 100, "only {seen} concepts seen: are the scenarios there?");
}
