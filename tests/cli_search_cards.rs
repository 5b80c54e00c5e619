//! `judge search` with card data imported (`tests/fixtures/cards/search-cards.json` and its
//! rulings): the cards a question names are searched by what they say and shown after the hits,
//! in the table and in JSON; a question that names none is answered as without card data; a
//! card store that cannot be read is said and passed over.

use crate::support::{data_dir, run};
use serde_json::Value;
use std::path::Path;

const MINI_CR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
const CARDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards/search-cards.json");
const RULINGS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards/search-rulings.json");

/// A data directory with the miniature rules imported as `mini`, and the card data if `cards`.
fn data(cards: bool) -> tempfile::TempDir {
    let dir = data_dir();
    assert_eq!(run(dir.path(), &["corpus", "import", MINI_CR, "--edition", "mini"]).0, 0);
    if cards {
        let (code, _, stderr) = run(dir.path(), &["cards", "import", CARDS, RULINGS]);
        assert_eq!(code, 0, "{stderr}");
    }
    dir
}

fn search(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["search"];
    all.extend_from_slice(args);
    run(dir, &all)
}

fn json(dir: &Path, args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, stdout, stderr) = search(dir, &all);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

#[test]
fn the_cards_named_are_searched_by_what_they_say_and_shown_after_the_hits() {
    let dir = data(true);
    let (code, stdout, stderr) = search(
        dir.path(),
        &["does Necropotence mean I don't draw in my draw step", "--edition", "mini", "--limit", "2"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stderr, "");
    insta::assert_snapshot!(stdout, @r"
    Edition mini · en · search: does Necropotence mean I don't draw in my draw step
    ┌─────────┬────────────────────────────────────────────────────────────────────────────────────────┐
    │ Rule    ┆ Match                                                                                  │
    ╞═════════╪════════════════════════════════════════════════════════════════════════════════════════╡
    │         ┆ 614. Replacement Effects                                                               │
    │ 614.1   ┆ Some continuous ‹effects› are ‹replacement› ‹effects›: they watch for an event and     │
    │         ┆ change it as it happens.                                                               │
    │ ↳614.1b ┆ An ‹effect› that uses the word “‹skip›” is a ‹replacement› ‹effect›. See rule 613.1.   │
    │ ↳614.1a ┆ An ‹effect› that uses the word “instead” is a ‹replacement› ‹effect›.                  │
    │ 614.2   ┆ A self-‹replacement› ‹effect› is a ‹replacement› ‹effect› that changes what its own    │
    │         ┆ spell or ability does. It is applied before any other ‹replacement› ‹effect›. See rule │
    │         ┆ 101.1.                                                                                 │
    └─────────┴────────────────────────────────────────────────────────────────────────────────────────┘
    Necropotence · Enchantment
      Skip your draw step.
      Whenever you discard a card, exile that card from your graveyard.
      Pay 1 life: Exile the top card of your library face down. Put that card into your hand at the
        beginning of your next end step.
    note: scenarios that name `Necropotence`:
      scenarios/unmodelled-necropotence-and-thought-reflection.yaml; `judge resolve` answers a question
      about cards on a board.
    note: the best match has only 0 of the 5 words searched (not `mean`, `don't`, `draw`, `draw`,
      `step`): the rules may say it in other words; `judge define` looks a term up in the glossary, and
      a question about cards on a board is answered by a scenario (`judge resolve`).
    ");
    // Without card data the name is a word the rules do not have, and the skip is not found.
    let (_, without, _) =
        search(data(false).path(), &["does Necropotence mean I don't draw in my draw step", "--edition", "mini"]);
    assert!(!without.contains("614.1b"), "{without}");
}

#[test]
fn json_gains_the_cards_with_their_rulings_that_speak_of_the_question() {
    let dir = data(true);
    let found =
        json(dir.path(), &["Rest in Peace is out, do my creatures dying trigger Blood Artist", "--edition", "mini"]);
    let keys: Vec<&String> = found.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["cards", "edition", "hints", "hits", "query"]);
    insta::assert_json_snapshot!(found["cards"], @r#"
    [
      {
        "name": "Rest in Peace",
        "oracle_text": "When this enchantment enters, exile all graveyards.\nIf a card or token would be put into a graveyard from anywhere, exile it instead.",
        "rulings": [
          {
            "date": "2020-08-07",
            "text": "While Rest in Peace is on the battlefield, abilities that trigger whenever a creature dies won't trigger because cards and tokens are never put into a player's graveyard."
          }
        ],
        "type_line": "Enchantment"
      },
      {
        "name": "Blood Artist",
        "oracle_text": "Whenever this creature or another creature dies, target player loses 1 life and you gain 1 life.",
        "rulings": [],
        "type_line": "Creature — Vampire"
      }
    ]
    "#);
    let faces = json(dir.path(), &["what is the mana value of Fire // Ice", "--edition", "mini"]);
    assert_eq!(faces["cards"][0]["type_line"], "Instant // Instant");
    assert_eq!(
        faces["cards"][0]["oracle_text"],
        "Fire deals 2 damage divided as you choose among one or two targets.\n//\nTap target permanent.\nDraw a card."
    );
}

#[test]
fn a_question_that_names_no_card_is_answered_as_without_card_data() {
    let (with, without) = (data(true), data(false));
    for args in [
        &["who chooses the order of replacement effects", "--edition", "mini"][..],
        &["can a turn be skipped", "--edition", "mini", "--json"],
        &["effet d'auto-remplacement", "--limit", "3"],
        &["layer 7", "--limit", "1", "--json"],
        &["who is the active player in a two-player game", "--edition", "mini"],
    ] {
        assert_eq!(search(with.path(), args), search(without.path(), args), "{args:?}");
    }
    let plain = json(with.path(), &["who chooses the order of replacement effects", "--edition", "mini"]);
    assert!(plain.get("cards").is_none(), "no `cards` without a card named: {plain}");
}

#[test]
fn a_name_of_many_cards_is_searched_by_what_they_share_and_said_to_be_ambiguous() {
    let dir = data(true);
    let found = json(dir.path(), &["can my Teferi be attacked", "--edition", "mini"]);
    assert!(found.get("cards").is_none(), "five Teferis are not shown: {found}");
    let hints = found["hints"].as_array().unwrap();
    let said = hints.iter().filter_map(Value::as_str).find(|h| h.starts_with("`Teferi` may be any of 5 cards"));
    assert!(said.is_some(), "{hints:?}");
    // The whole name shows the card.
    let one = json(dir.path(), &["can my Teferi, Time Raveler be attacked", "--edition", "mini"]);
    assert_eq!(one["cards"][0]["name"], "Teferi, Time Raveler");
    assert_eq!(one["cards"].as_array().unwrap().len(), 1);
}

#[test]
fn the_french_edition_shows_the_cards_and_still_says_what_it_lacks() {
    let dir = data(true);
    let found = json(dir.path(), &["Humility and Opalescence: which layer first", "--limit", "2", "--edition", "fr"]);
    assert_eq!(found["edition"], "fr-2011-02-04");
    let names: Vec<&str> = found["cards"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Humility", "Opalescence"]);
    let hints: Vec<&str> = found["hints"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(hints.iter().any(|h| h.contains("section 613")), "{hints:?}");
    assert!(hints.iter().any(|h| h.contains("scenarios/humility-then-opalescence.yaml")), "{hints:?}");
}

#[test]
fn card_data_that_cannot_be_read_is_said_and_the_rules_are_searched_all_the_same() {
    let dir = data(true);
    let store = dir.path().join("cards").join("cards.store");
    std::fs::write(&store, b"judge cards\nnot a store at all, this").unwrap();
    let (code, stdout, stderr) = search(dir.path(), &["does Necropotence skip a draw", "--edition", "mini"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.starts_with("warning: the card data was not read"), "{stderr}");
    assert!(stderr.contains("cards.store"), "{stderr}");
    assert!(stdout.contains("614.1b") && !stdout.contains("Necropotence ·"), "{stdout}");
}
