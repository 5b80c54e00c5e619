//! The rules of the edition in use: a scenario that states what an older meaning of a rule gives
//! (`older_rules`) is answered by each meaning, and every scenario of the repository meets its
//! expectations by the rules of every official edition.

use crate::support::official_edition;
use judge::cite::{place, table, Hints};
use judge::model::Meanings;
use judge::model::MEANING_CHANGES;
use std::path::{Path, PathBuf};

fn scenarios() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
}

/// The scenario's mismatches when answered by these meanings.
fn mismatches(path: &Path, meanings: &Meanings) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut board = judge::scenario::read(&path.display().to_string(), &text).unwrap();
    board.answer_by(meanings.clone());
    let judgement = judge::engine::judge(&board).unwrap();
    judgement
        .mismatches
        .iter()
        .map(|m| {
            format!("{}: {} {} expected {}, got {}", path.display(), m.object, m.characteristic, m.expected, m.actual)
        })
        .collect()
}

/// Every rule at its newest meaning, as in the rules in force.
fn newest() -> Meanings {
    MEANING_CHANGES.iter().fold(Meanings::of_2011(), |m, c| m.with(c.concept, c.since))
}

/// Each change of meaning has a scenario whose answer differs between the two meanings, and
/// each such scenario is right by both: its `older_rules` under 2011's, its own under today's.
#[test]
fn each_change_of_meaning_has_a_scenario_answered_by_both_meanings() {
    for change in MEANING_CHANGES {
        let with: Vec<PathBuf> = scenarios()
            .into_iter()
            .filter(|p| std::fs::read_to_string(p).unwrap().contains(&format!("{}: 2011", change.concept)))
            .collect();
        assert!(!with.is_empty(), "no scenario states the 2011 meaning of {}", change.concept);
        for path in with {
            let older = Meanings::of_2011();
            let now = newest();
            assert_eq!(mismatches(&path, &older), Vec::<String>::new(), "by the rules of 2011");
            assert_eq!(mismatches(&path, &now), Vec::<String>::new(), "by the rules in force");
            // The two expectations differ: each answer fails the other's.
            let mut swapped = judge::scenario::read("s", &std::fs::read_to_string(&path).unwrap()).unwrap();
            let older_expect = swapped.older[0].clone();
            swapped.answer_by(now.clone());
            if let Some(o) = older_expect.expect_outcomes {
                swapped.expect_outcomes = Some(o);
            }
            if let Some(e) = older_expect.expect {
                swapped.expect = e;
            }
            let judgement = judge::engine::judge(&swapped).unwrap();
            assert!(!judgement.mismatches.is_empty(), "{}: the two meanings give the same answer", path.display());
        }
    }
}

/// Every scenario of the repository meets its expectations by the meanings of each official
/// edition, as `judge check --edition` reads them.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn every_scenario_is_right_by_the_rules_of_every_official_edition() {
    let mut wrong = Vec::new();
    for date in
        ["20110204", "20110501", "20121001", "20150123", "20180713", "20210924", "20231117", "20251114", "20260227"]
    {
        let placement = place(&official_edition(date), table(), Hints::Use);
        let meanings = Meanings::from_years(&placement.meanings);
        for path in scenarios() {
            wrong.extend(mismatches(&path, &meanings).into_iter().map(|m| format!("{date} {m}")));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// 614.12 since 2017: the trace of an entering permanent says which existing effect took the
/// ability of its own that would have modified how it enters (Blood Moon takes a Guildgate's
/// "enters tapped"); by the rules of 2011 no other effect applies to it, and there is nothing to say.
#[test]
fn the_trace_names_the_effect_that_took_an_entering_permanents_own_ability() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/cr-614-12-blood-moon-and-a-guildgate-entering.yaml");
    let notes = |meanings: Meanings| {
        let mut board = judge::scenario::read("s", &std::fs::read_to_string(&path).unwrap()).unwrap();
        board.answer_by(meanings);
        let judgement = judge::engine::judge(&board).unwrap();
        let steps: Vec<_> = judgement.outcomes.iter().flatten().flat_map(|o| o.steps.clone()).collect();
        steps.iter().filter_map(|s| s.note.as_ref().map(|n| format!("{n:?}"))).collect::<Vec<String>>()
    };
    let today = notes(newest());
    assert_eq!(today.len(), 1, "{today:?}");
    assert!(today[0].contains("LostOnEntering") && today[0].contains("blood-moon-effect"), "{today:?}");
    assert!(today[0].contains("enters tapped"), "{today:?}");
    assert_eq!(notes(Meanings::of_2011()), Vec::<String>::new());
}
