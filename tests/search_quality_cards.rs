//! How well search answers questions that name cards (`does Blood Moon turn off Urborg`), on the
//! whole English CR of 2025-11-14 (read from `../shared/cr`, not ours to ship; ignored where it
//! is absent), with the card data of `tests/fixtures/cards/search-cards.json` and its rulings
//! imported into a card store as `judge cards import` does.
//!
//! The questions are in `tests/data/search-questions-cards.txt`, in players' words, each with the
//! rule(s) that answer it. The `held-out` ones are only measured: no change to search is made by
//! looking at them; the `tuning` ones are those a change may be tried on. For each set the test
//! prints the mean reciprocal rank over the top 10 and recall at 5 of: plain BM25 over the rules'
//! text (tantivy's English stemming, the question's words OR'ed); search without card data; and
//! search with it. To see each tuning question's ranks and the cards found in it (held-out
//! questions are only counted):
//!
//! ```text
//! cargo test --test main search_quality_cards -- --nocapture
//! ```

use crate::quality::{answers_are_rules_of, questions, rank, Bm25, Score};
use crate::support::official_edition;
use judge::cards::{import_cards, StoreCards};
use judge::search::SearchIndex;
use std::path::Path;

const QUESTIONS: &str = include_str!("data/search-questions-cards.txt");
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards");
/// The goal on the held-out questions with card data (issue 28): met on this set (0.527), the
/// second (0.540), the third (0.527) and the fifth (0.706), not yet on the fourth (0.498).
const GOAL: f64 = 0.5;
/// What has been reached, asserted so that no change loses it: MRR@10 when these floors were
/// set (held-out: BM25 0.116, without card data 0.262, with 0.546; tuning: 0.081, 0.162, 0.537),
/// less a little. [held-out?][BM25, without card data, with]
const FLOORS: [[f64; 3]; 2] = [[0.07, 0.15, 0.52], [0.10, 0.26, 0.53]];

/// The card store of the fixtures, imported into `dir`.
fn imported_cards(dir: &Path) -> StoreCards {
    let files = ["search-cards.json", "search-rulings.json"].map(|f| Path::new(FIXTURES).join(f));
    import_cards(dir, &files, false).expect("the fixtures import");
    StoreCards::of(dir).expect("a store was written")
}

/// A store nearer a real one, imported into `dir`: the fixtures' cards, the 508 real cards of
/// `sample-oracle.json` (those of the same name as a fixture's left out, the fixture's kept) and
/// `word-names.json`, cards whose names are words of the rules or of everyday English (`Sacrifice`,
/// `Persist`, `Recall`, `Darkness`), as a store of all the cards has hundreds of.
fn bigger_store(dir: &Path) -> StoreCards {
    let read = |f: &str| -> Vec<serde_json::Value> {
        serde_json::from_str(&std::fs::read_to_string(Path::new(FIXTURES).join(f)).unwrap()).unwrap()
    };
    let name = |card: &serde_json::Value| card["name"].as_str().unwrap_or_default().to_string();
    let fixtures: std::collections::HashSet<String> = read("search-cards.json").iter().map(name).collect();
    let sample: Vec<serde_json::Value> =
        read("sample-oracle.json").into_iter().filter(|c| !fixtures.contains(&name(c))).collect();
    let sample_file = dir.join("sample-not-in-fixtures.json");
    std::fs::write(&sample_file, serde_json::to_string(&sample).unwrap()).unwrap();
    let mut files: Vec<_> =
        ["search-cards.json", "word-names.json", "search-rulings.json"].map(|f| Path::new(FIXTURES).join(f)).into();
    files.insert(1, sample_file);
    let store = dir.join("store");
    import_cards(&store, &files, false).expect("the fixtures import");
    StoreCards::of(&store).expect("a store was written")
}

/// The questions of a file, checked against the 2025 CR, the three searches, and the card data.
struct Setup {
    questions: Vec<crate::quality::Question>,
    index: SearchIndex,
    bm25: Bm25,
    cards: StoreCards,
    /// Where the cards are: kept for as long as they are read.
    _dir: tempfile::TempDir,
}

/// The setup of a file on the CR of 2025-11-14.
fn setup(file: &'static str) -> Setup {
    setup_on(file, "20251114")
}

/// The setup of a file on the CR of `date`.
fn setup_on(file: &'static str, date: &str) -> Setup {
    let questions = questions(file);
    let edition = official_edition(date);
    answers_are_rules_of(&questions, &edition);
    let dir = tempfile::tempdir().unwrap();
    let cards = imported_cards(dir.path());
    Setup { questions, index: SearchIndex::in_memory(&edition).unwrap(), bm25: Bm25::new(&edition), cards, _dir: dir }
}

/// What one question ranks: plain BM25, without card data, with it; and the cards found.
struct Ranked {
    ranks: [Option<usize>; 3],
    top: Vec<String>,
    cards: Vec<String>,
}

fn ranked(q: &crate::quality::Question, index: &SearchIndex, bm25: &Bm25, cards: &StoreCards) -> Ranked {
    let ids = |hits: Vec<judge::search::Hit>| crate::quality::ranking(&hits);
    let plain = bm25.search(q.text);
    let without = ids(index.search(q.text, 10).unwrap());
    let named = index.named(q.text, cards).unwrap();
    let with = ids(index.answer_about(q.text, 10, &named).unwrap().hits);
    Ranked {
        ranks: [rank(&plain, &q.answers), rank(&without, &q.answers), rank(&with, &q.answers)],
        top: with.into_iter().take(3).collect(),
        cards: named.cards.iter().map(|c| c.card.name.clone()).collect(),
    }
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn questions_that_name_cards_find_their_rule_with_the_cards_text() {
    let Setup { questions, index, bm25, cards, _dir } = setup(QUESTIONS);
    assert_eq!(questions.len(), 80);
    // [held-out?][plain BM25, without card data, with card data]
    let mut scores: [[Score; 3]; 2] = Default::default();
    let mut unnamed = Vec::new();
    let mut lines = String::new();
    for q in &questions {
        let Ranked { ranks, top, cards: found } = ranked(q, &index, &bm25, &cards);
        for (score, rank) in scores[usize::from(q.held_out)].iter_mut().zip(ranks) {
            score.add(rank);
        }
        if found.is_empty() {
            unnamed.push(if q.held_out { "(a held-out question)" } else { q.text });
        }
        // A held-out question is only counted: no change is made by looking at one of them.
        if q.held_out {
            continue;
        }
        lines.push_str(&ranked_line(q, ranks, &top, &found));
    }
    let [tuning, held_out] = &scores;
    let report = format!(
        "Questions that name cards, on the 2025 CR ({} held-out, {} tuning)\n\
         \x20 held-out: BM25 {}   without cards {}   with cards {}\n\
         \x20 tuning:   BM25 {}   without cards {}   with cards {}\n\
         \x20 tuning questions, ranks (BM25, without, with), question → answers (top 3 with cards) [cards found]\n{lines}",
        held_out[0].questions,
        tuning[0].questions,
        held_out[0].show(),
        held_out[1].show(),
        held_out[2].show(),
        tuning[0].show(),
        tuning[1].show(),
        tuning[2].show(),
    );
    println!("{report}");
    let met = held_out[2].mrr() >= GOAL;
    println!("goal on the held-out questions with card data: MRR@10 {GOAL} ({})", if met { "met" } else { "not met" });
    assert!(unnamed.is_empty(), "questions where no card was found: {unnamed:?}\n{report}");
    for (set, floors) in scores.iter().zip(FLOORS) {
        for (score, floor) in set.iter().zip(floors) {
            assert!(score.mrr() >= floor, "an MRR@10 fell below its floor {floor}\n{report}");
        }
    }
}

/// The second set, written before any further change: every question held out, and only the
/// totals printed, so that no change is made by looking at one of them.
const FRESH: &str = include_str!("data/search-questions-cards-fresh.txt");
/// Its MRR@10 when the floors were set (0.193, 0.381, 0.540, every question's card found), less
/// a little: [plain BM25, without, with card data].
const FRESH_FLOORS: [f64; 3] = [0.18, 0.37, 0.52];
/// The third set, written before the players'-words work (issue 31) changed search, measured
/// the same way.
const THIRD: &str = include_str!("data/search-questions-cards-third.txt");
/// Its MRR@10 when the floors were set (0.199, 0.228, 0.597), less a little: [plain BM25,
/// without, with card data].
const THIRD_FLOORS: [f64; 3] = [0.18, 0.21, 0.58];

/// The fourth set, in players' words, half of its questions naming cards and half none, written
/// before the search changes that followed the third (answers in the 2026-02-27 CR's numbering).
const FOURTH: &str = include_str!("data/search-questions-fourth.txt");
/// Its MRR@10 when the floors were set (BM25 0.276, without 0.384, with 0.498), less a little:
/// [plain BM25, without, with card data].
const FOURTH_FLOORS: [f64; 3] = [0.26, 0.37, 0.48];

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_second_held_out_set_measured_only() {
    measured_only("Second", setup(FRESH), FRESH_FLOORS);
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_third_held_out_set_measured_only() {
    measured_only("Third", setup(THIRD), THIRD_FLOORS);
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_fourth_held_out_set_on_the_2026_rules_measured_only() {
    measured_only("Fourth", setup_on(FOURTH, "20260227"), FOURTH_FLOORS);
}

/// A set of held-out questions: only the totals printed, so that no change is made by looking at
/// one of them.
fn measured_only(name: &str, setup: Setup, floors: [f64; 3]) {
    assert!(setup.questions.iter().all(|q| q.held_out) && setup.questions.len() >= 30);
    let mut unnamed = 0;
    // With card data, on the questions where a card was found: what issue 28's goal is about.
    let mut named = Score::default();
    let scores = scored(&setup, |_, ranked| {
        unnamed += usize::from(ranked.cards.is_empty());
        if !ranked.cards.is_empty() {
            named.add(ranked.ranks[2]);
        }
    });
    println!(
        "{name} held-out set ({} questions): BM25 {}   without cards {}   with cards {}   ({unnamed} with no card found; \
         with cards, on the {} that name one: {})",
        setup.questions.len(),
        scores[0].show(),
        scores[1].show(),
        scores[2].show(),
        named.questions,
        named.show()
    );
    above_floors(&scores, floors);
}

/// The three searches' scores over the questions of `setup`, each question's ranks given to
/// `each` as they come.
fn scored(setup: &Setup, mut each: impl FnMut(&crate::quality::Question, &Ranked)) -> [Score; 3] {
    let mut scores: [Score; 3] = Default::default();
    for q in &setup.questions {
        let ranked = ranked(q, &setup.index, &setup.bm25, &setup.cards);
        for (score, rank) in scores.iter_mut().zip(ranked.ranks) {
            score.add(rank);
        }
        each(q, &ranked);
    }
    scores
}

fn above_floors(scores: &[Score; 3], floors: [f64; 3]) {
    for (score, floor) in scores.iter().zip(floors) {
        assert!(score.mrr() >= floor, "an MRR@10 fell below its floor {floor}");
    }
}

/// The fifth set, in players' words, every question naming cards across formats and kinds of
/// card, written before the search changes that followed the fourth set.
const FIFTH: &str = include_str!("data/search-questions-cards-fifth.txt");
/// Its MRR@10 when the floors were set (BM25 0.251, without card data 0.451, with 0.738), less a
/// little: [plain BM25, without, with card data].
const FIFTH_FLOORS: [f64; 3] = [0.23, 0.43, 0.72];

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_fifth_held_out_set_across_formats_measured_only() {
    measured_only("Fifth", setup(FIFTH), FIFTH_FLOORS);
}

/// The tuning questions written with the fifth set: the ones a change may be tried on, each
/// question's ranks printed.
const TUNING: &str = include_str!("data/search-questions-cards-tuning.txt");
/// Its MRR@10 when the floors were set (BM25 0.214, without card data 0.483, with 0.612), less a
/// little: [plain BM25, without, with card data].
const TUNING_FLOORS: [f64; 3] = [0.20, 0.46, 0.59];

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_tuning_set_across_formats_ranked_question_by_question() {
    ranked_question_by_question("Tuning set across formats", TUNING, 40, TUNING_FLOORS);
}

/// A tuning set's figures and each of its questions' ranks, printed; its figures above their
/// floors. Every question of the file is a tuning one, and it has at least `at_least`.
fn ranked_question_by_question(title: &str, file: &'static str, at_least: usize, floors: [f64; 3]) {
    ranked_question_by_question_on(title, file, "20251114", at_least, floors);
}

/// [`ranked_question_by_question`] on the CR of `date`.
fn ranked_question_by_question_on(title: &str, file: &'static str, date: &str, at_least: usize, floors: [f64; 3]) {
    let setup = setup_on(file, date);
    assert!(setup.questions.iter().all(|q| !q.held_out) && setup.questions.len() >= at_least);
    let mut lines = String::new();
    let scores = scored(&setup, |q, r| lines.push_str(&ranked_line(q, r.ranks, &r.top, &r.cards)));
    println!(
        "{title} ({} questions): BM25 {}   without cards {}   with cards {}\n\
         \x20 ranks (BM25, without, with), question → answers (top 3 with cards) [cards found]\n{lines}",
        setup.questions.len(),
        scores[0].show(),
        scores[1].show(),
        scores[2].show()
    );
    above_floors(&scores, floors);
}

/// One question's line: its ranks, its answers, the top hits with card data, the cards found.
fn ranked_line(q: &crate::quality::Question, ranks: [Option<usize>; 3], top: &[String], found: &[String]) -> String {
    let shown = |r: Option<usize>| r.map_or("-".into(), |r| r.to_string());
    format!(
        "  {:>2} {:>2} {:>2}  {} → {}   (top: {}) [{}]\n",
        shown(ranks[0]),
        shown(ranks[1]),
        shown(ranks[2]),
        q.text,
        q.answers.join("|"),
        top.join(", "),
        found.join("; ")
    )
}

/// The sixth set, in players' words (lower case, short names, typos, several cards a question),
/// written before the search changes that followed the fifth set.
const SIXTH: &str = include_str!("data/search-questions-cards-sixth.txt");
/// Its MRR@10 when the set was written (BM25 0.212, without card data 0.368, with 0.507; 0.530 on
/// the 46 questions whose card is found), and after a name's first word alone and the
/// wordings that followed (with 0.519; 0.543 on 47), and after nicknames and lower-case names
/// (with 0.558, every question's card found), less a little: [plain BM25, without, with].
const SIXTH_FLOORS: [f64; 3] = [0.19, 0.35, 0.54];

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_sixth_held_out_set_in_players_words_measured_only() {
    measured_only("Sixth", setup(SIXTH), SIXTH_FLOORS);
}

/// The tuning questions written with the sixth set, each question's ranks printed.
const TUNING_SIXTH: &str = include_str!("data/search-questions-cards-tuning-sixth.txt");
/// Its MRR@10 when the set was written (BM25 0.144, without card data 0.278, with 0.435), and
/// after the changes tried on it (0.144, 0.303, 0.585), less a little: [plain BM25, without,
/// with card data].
const TUNING_SIXTH_FLOORS: [f64; 3] = [0.13, 0.29, 0.58];

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_second_tuning_set_ranked_question_by_question() {
    ranked_question_by_question("Second tuning set", TUNING_SIXTH, 20, TUNING_SIXTH_FLOORS);
}

/// Tuning questions in the words players use for cards at a table: nicknames, lower-case names of
/// short or rules words, plurals and possessives, short names of many cards, protection (answers
/// in the 2026-02-27 CR's numbering).
const TUNING_NICKNAMES: &str = include_str!("data/search-questions-cards-tuning-nicknames.txt");
/// Its MRR@10 when the set was written, less a little: [plain BM25, without, with card data].
const TUNING_NICKNAMES_FLOORS: [f64; 3] = [0.29, 0.49, 0.52];

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn a_tuning_set_of_nicknames_and_table_talk_ranked_question_by_question() {
    ranked_question_by_question_on("Nicknames tuning set", TUNING_NICKNAMES, "20260227", 30, TUNING_NICKNAMES_FLOORS);
}

/// The question files measured with the bigger store: the card sets, and the English and
/// players' sets, most of whose questions name no card and must not be hurt by names found in
/// their words.
const WITH_THE_BIGGER_STORE: [(&str, &str); 8] = [
    ("first", QUESTIONS),
    ("second", FRESH),
    ("third", THIRD),
    ("fifth", FIFTH),
    ("sixth", SIXTH),
    ("tuning", TUNING),
    ("sixth's tuning", TUNING_SIXTH),
    ("English", include_str!("data/search-questions-en.txt")),
];
const PLAYERS: &str = include_str!("data/search-questions-players.txt");

/// Each set's figures with the bigger store, its held-out and tuning questions apart and only
/// their totals printed: without card data, with it, and on how many questions a card was found.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn every_set_measured_with_a_bigger_store() {
    let dir = tempfile::tempdir().unwrap();
    let cards = bigger_store(dir.path());
    let edition = official_edition("20251114");
    let index = SearchIndex::in_memory(&edition).unwrap();
    let files = WITH_THE_BIGGER_STORE.iter().copied().chain([("players'", PLAYERS)]);
    for (name, file) in files {
        bigger_store_line(name, &questions(file), &index, &cards);
    }
    let fourth = official_edition("20260227");
    bigger_store_line("fourth", &questions(FOURTH), &SearchIndex::in_memory(&fourth).unwrap(), &cards);
}

/// One set's line with the bigger store: for its held-out and its tuning questions, MRR@10
/// without and with card data and how many found a card.
fn bigger_store_line(name: &str, questions: &[crate::quality::Question], index: &SearchIndex, cards: &StoreCards) {
    let ids = |hits: Vec<judge::search::Hit>| crate::quality::ranking(&hits);
    // [held-out?] ([without, with], questions that found a card)
    let mut scores: [([Score; 2], usize); 2] = Default::default();
    for q in questions {
        let named = index.named(q.text, cards).unwrap();
        let without = ids(index.search(q.text, 10).unwrap());
        let with = ids(index.answer_about(q.text, 10, &named).unwrap().hits);
        let (set, found) = &mut scores[usize::from(q.held_out)];
        set[0].add(rank(&without, &q.answers));
        set[1].add(rank(&with, &q.answers));
        *found += usize::from(!named.is_empty());
    }
    for (held_out, (set, found)) in scores.iter().enumerate().filter(|(_, (set, _))| set[0].questions > 0) {
        println!(
            "bigger store, {name} set, {} ({} questions, {found} found a card): without cards {}   with cards {}",
            if held_out == 1 { "held-out" } else { "tuning" },
            set[0].questions,
            set[0].show(),
            set[1].show()
        );
    }
}

/// The cards the finder names in a few questions in table talk, on the rules' own words (how
/// many rules have each word is what tells a lower-case name from an everyday phrase), with the
/// bigger store, whose cards include names that are everyday phrases (`Time Stop`, `Copy
/// Artifact`).
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn nicknames_and_lower_case_names_name_their_cards_and_everyday_phrases_none() {
    let dir = tempfile::tempdir().unwrap();
    let cards = bigger_store(dir.path());
    let index = SearchIndex::in_memory(&official_edition("20260227")).unwrap();
    let named = |question: &str| -> Vec<String> {
        let mut names: Vec<String> =
            index.named(question, &cards).unwrap().cards.into_iter().map(|c| c.card.name).collect();
        names.sort();
        names
    };
    assert_eq!(named("what is my goyf's power"), ["Tarmogoyf"]);
    assert_eq!(named("bob reveals a land"), ["Dark Confidant"]);
    assert_eq!(named("can i use jace tms on my opponent's turn"), ["Jace, the Mind Sculptor"]);
    assert_eq!(named("can i respond to sol ring"), ["Sol Ring"]);
    assert_eq!(named("wrath of god and regeneration"), ["Wrath of God"]);
    assert_eq!(named("force of will cast for free"), ["Force of Will"]);
    let jaces = named("jace bounces my token");
    assert!(jaces.len() > 1 && jaces.iter().all(|name| name.starts_with("Jace")), "{jaces:?}");
    for everyday in
        ["can i copy artifact tokens", "does time stop when i pass priority", "does it copy enchantment auras"]
    {
        assert!(named(everyday).is_empty(), "`{everyday}`: {:?}", named(everyday));
    }
}
