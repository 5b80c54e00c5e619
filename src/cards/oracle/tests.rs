//! The library as oracle: every card of `rules-corpus/cards/` compiled from its text, and each
//! card the compiler models whole compared with the hand-made model, effects and texts, ids
//! aside.

use super::{compile, Compiled, FaceText};
use crate::model::AbilitySpec;

/// An ability as the comparison sees it: a text (case aside), or a static ability's effect.
#[derive(Debug, PartialEq)]
enum Seen {
    Text(String),
    Static { cda: bool, effect: String },
}

fn seen(a: &AbilitySpec) -> Seen {
    match a {
        AbilitySpec::Text(t) => Seen::Text(t.as_str().to_lowercase()),
        AbilitySpec::Static(s) => Seen::Static { cda: s.cda, effect: format!("{:?}", s.effect.normalised()) },
    }
}

/// The faces of the library's cards compiled: name, what compiled, and the card.
fn compiled_library() -> Vec<(String, Vec<Compiled>, &'static crate::cards::Card)> {
    let library = crate::cards::library().expect("the library reads");
    library
        .entries
        .iter()
        .map(|e| {
            let c = &e.card;
            let face = FaceText { name: &c.name, types: &c.types, subtypes: &c.subtypes, oracle_text: &c.text, keywords: &[] };
            (c.name.clone(), compile(&face), c)
        })
        .collect()
}

/// The cards whose compiled model differs from the hand-made one, each reviewed: the hand-made
/// card writes it otherwise (see docs/CARDS.md, "The library as oracle").
const REVIEWED_DIFFERENCES: &[&str] = &[];

#[test]
fn the_library_cards_compiled_whole_match_their_hand_made_models() {
    let mut whole = 0;
    let mut differences = Vec::new();
    let mut report = Vec::new();
    let all = compiled_library();
    for (name, compiled, card) in &all {
        let Ok(abilities) = compiled.iter().map(|c| c.model.clone()).collect::<Result<Vec<_>, _>>() else {
            continue;
        };
        whole += 1;
        let mine: Vec<Seen> = abilities.iter().flatten().map(seen).collect();
        let theirs: Vec<Seen> = card.abilities.iter().map(seen).collect();
        if mine != theirs || !card.unmodelled.is_empty() {
            differences.push(name.as_str());
            report.push(format!("{name}:\n  compiled: {mine:?}\n  library:  {theirs:?}\n  library unmodelled: {:?}", card.unmodelled));
        }
    }
    println!("{whole} of {} library cards compile whole; {} differ:\n{}", all.len(), differences.len(), report.join("\n"));
    assert_eq!(differences, REVIEWED_DIFFERENCES, "{}", report.join("\n"));
}

#[test]
fn debug_print_unmodelled_library() {
    for (name, compiled, _) in compiled_library() {
        for c in compiled {
            if let Err(e) = &c.model {
                println!("{name} | {:?} | {} | {}", c.kind, c.text.replace('\n', " / "), e.why);
            }
        }
    }
}
