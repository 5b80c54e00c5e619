//! How well ranked search answers judges' questions on the whole English CR of 2025-11-14 (read
//! from `../shared/cr`, not ours to ship; ignored where it is absent).
//!
//! The questions are in `tests/data/search-questions-en.txt`, written as judges ask them (short
//! keyword queries and whole questions, every chapter of the rules), each with the rule(s) that
//! answer it, checked against the rule text. The `held-out` ones were written first and are only
//! measured: no change to the search is ever made by looking at them; the `tuning` ones are
//! those a change may be tried on. The test prints, for each set, the mean reciprocal rank over
//! the top 10, recall at 5, and the same figures for a baseline that ranks rules by the number of
//! distinct words they share with the question. To see every question's rank:
//!
//! ```text
//! cargo test --test main search_quality_en -- --nocapture
//! ```

use crate::quality::{answers_are_rules_of, questions, rank, ranking, Bm25, Score};
use crate::support::official_edition;
use judge::corpus::RuleId;
use judge::search::SearchIndex;
use std::collections::BTreeSet;

const QUESTIONS: &str = include_str!("data/search-questions-en.txt");
/// The goal on questions never used for tuning (issue 9), printed beside the figures: not met
/// yet.
const GOAL: f64 = 0.85;
/// What has been reached, asserted so that no change loses it: the held-out and whole-set
/// MRR@10 when these floors were set (held-out 0.713, all 0.726; after the irregular verbs and
/// negations, 0.713 and 0.723; after more players' words and the word forms the stemmer parts,
/// 0.737 and 0.761), less a little.
const FLOOR_HELD_OUT: f64 = 0.725;
const FLOOR_ALL: f64 = 0.75;

/// Words of a text for the baseline: lower case, letters and digits, no short words.
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() > 2).map(str::to_lowercase).collect()
}

/// The baseline: rules by the number of distinct words shared with the question, rule order on
/// ties. `rules`: each rule's words, in rule order.
fn overlap_ranking(rules: &[(RuleId, BTreeSet<String>)], question: &str) -> Vec<String> {
    let asked = words(question);
    let mut scored: Vec<(usize, RuleId)> =
        rules.iter().map(|(id, w)| (w.intersection(&asked).count(), *id)).filter(|(n, _)| *n > 0).collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(10).map(|(_, id)| id.to_string()).collect()
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn english_questions_find_their_rule_in_the_whole_cr() {
    let questions = questions(QUESTIONS);
    assert!(questions.len() >= 120, "{} questions", questions.len());
    let held_out = questions.iter().filter(|q| q.held_out).count();
    assert!(held_out * 3 >= questions.len(), "{held_out} held-out of {}", questions.len());
    let edition = official_edition("20251114");
    answers_are_rules_of(&questions, &edition);
    let index = SearchIndex::in_memory(&edition).unwrap();
    let rule_words: Vec<(RuleId, BTreeSet<String>)> = edition.rules().map(|r| (r.id, words(&r.text))).collect();
    let (mut ours, mut baseline) = ([Score::default(), Score::default()], [Score::default(), Score::default()]);
    let bm25 = Bm25::new(&edition);
    let mut bm25_scores = [Score::default(), Score::default()];
    let mut lines = String::new();
    for q in &questions {
        let hits = ranking(&index.search(q.text, 10).unwrap());
        bm25_scores[usize::from(q.held_out)].add(self::rank(&bm25.search(q.text), &q.answers));
        let rank = rank(&hits, &q.answers);
        ours[usize::from(q.held_out)].add(rank);
        baseline[usize::from(q.held_out)].add(self::rank(&overlap_ranking(&rule_words, q.text), &q.answers));
        let shown = rank.map_or("-".into(), |r| r.to_string());
        let set = if q.held_out { "H" } else { "T" };
        lines.push_str(&format!(
            "  {set} {shown:>2}  {} → {}   (top: {})\n",
            q.text,
            q.answers.join("|"),
            hits.iter().take(3).cloned().collect::<Vec<_>>().join(", ")
        ));
    }
    let mut all = Score::default();
    for s in &ours {
        all.questions += s.questions;
        all.reciprocal += s.reciprocal;
        all.within_5 += s.within_5;
    }
    let report = format!(
        "English questions on the 2025 CR ({} held-out, {} tuning)\n  held-out: {}   word overlap: {}   BM25: {}\n  tuning:   {}   word overlap: {}   BM25: {}\n  all:      {}\n{lines}",
        ours[1].questions,
        ours[0].questions,
        ours[1].show(),
        baseline[1].show(),
        bm25_scores[1].show(),
        ours[0].show(),
        baseline[0].show(),
        bm25_scores[0].show(),
        all.show(),
    );
    println!("{report}");
    println!(
        "goal on the held-out questions: MRR@10 {GOAL} ({})",
        if ours[1].mrr() >= GOAL { "met" } else { "not met" }
    );
    assert!(ours[1].mrr() >= FLOOR_HELD_OUT, "held-out MRR fell below {FLOOR_HELD_OUT}\n{report}");
    assert!(all.mrr() >= FLOOR_ALL, "MRR fell below {FLOOR_ALL}\n{report}");
}

/// Words longer than `MAX_FUZZY_CHARS` are not corrected: that must change no answer, so no word
/// of any edition may be within two edits of one (the embedded edition: `src/search/index.rs`).
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn no_word_of_the_rules_is_too_long_to_be_found_from_a_typo() {
    let dates =
        ["20110204", "20110501", "20121001", "20150123", "20180713", "20210924", "20231117", "20251114", "20260227"];
    for date in dates {
        let longest = SearchIndex::in_memory(&official_edition(date)).unwrap().longest_word().unwrap();
        assert!((10..judge::search::MAX_FUZZY_CHARS - 2).contains(&longest), "{date}: a word of {longest} characters");
    }
}
