//! Properties of the exploration of replacement effects (616.1) on generated boards
//! (`judge::scenario::synthetic_events::random`): every fixed way of choosing gives one of the
//! outcomes found, every outcome found is reached by replaying its own choices, exploring ends
//! within a bound, and the same file always gives the same answer, in process and from the CLI.

use crate::support;
use judge::engine::board::Board;
use judge::engine::events::event::Event;
use judge::engine::events::explore::{self, Branch, Explorer, State};
use judge::engine::events::replacer::Env;
use judge::engine::resolve::{self, Resolution};
use judge::scenario::{self, synthetic::Rng, synthetic_events};
use proptest::prelude::*;

/// At most 7 effects on at most 3 events, each multiplied at most a few times: the states are
/// the events waiting with the effects already applied to each (subsets of 7) and what is left of
/// the limited effects. Far below this cap in practice (see `expanded_is_small_in_practice`); an
/// exploration that enumerated orders rather than states, or looped, would cross it.
const EXPANDED_CAP: usize = 100_000;

type Outcome = (Vec<(usize, Event)>, Vec<i64>);

fn board(text: &str) -> Board {
    match scenario::read("generated.yaml", text) {
        Ok(board) => board,
        Err(e) => panic!("the generator wrote an invalid scenario: {:?}\n{text}", miette::Report::new(e)),
    }
}

fn outcomes(branches: &[Branch]) -> Vec<Outcome> {
    branches.iter().map(|b| (b.happened.clone(), b.left.clone())).collect()
}

/// One way of choosing, as the property test draws it.
#[derive(Clone, Copy, Debug)]
enum Picker {
    First,
    Last,
    Random(u64),
}

fn fixed(env: &Env, picker: Picker) -> Outcome {
    let mut rng = Rng::new(match picker {
        Picker::Random(seed) => seed,
        _ => 0,
    });
    explore::run_fixed(env, |options| match picker {
        Picker::First => options[0],
        Picker::Last => options[options.len() - 1],
        Picker::Random(_) => *rng.pick(options),
    })
}

fn picker() -> impl Strategy<Value = Picker> {
    prop_oneof![Just(Picker::First), Just(Picker::Last), any::<u64>().prop_map(Picker::Random)]
}

/// Replays a branch's own decisions: `run_fixed` asks only where there is a choice left after the
/// scenario's `choose` list, so only those decisions are answers to give.
fn replay(env: &Env, branch: &Branch) -> Result<Outcome, String> {
    let mut answers = branch
        .decisions
        .iter()
        .filter(|d| explore::takes(env, &d.among, d.fixed).len() > 1)
        .map(|d| d.effect)
        .collect::<Vec<_>>()
        .into_iter();
    let mut problem = None;
    let outcome = explore::run_fixed(env, |options| match answers.next() {
        Some(effect) if options.contains(&effect) => effect,
        other => {
            problem.get_or_insert(format!("asked among {options:?}, the branch's next decision is {other:?}"));
            options[0]
        }
    });
    match (problem, answers.next()) {
        (Some(p), _) => Err(p),
        (None, Some(left)) => Err(format!("decision {left} left over")),
        (None, None) => Ok(outcome),
    }
}

/// Every way of choosing, one after another, without memory: each choice point's options are
/// tried in turn, depth first, by replaying the prefix before it. The distinct outcomes, and how
/// many choice sequences there are; `None` beyond `budget` sequences.
fn every_way(env: &Env, budget: u64) -> Option<(Vec<Outcome>, u64)> {
    let mut found: Vec<Outcome> = Vec::new();
    let mut script: Vec<usize> = Vec::new();
    for sequences in 1..=budget {
        let mut widths = Vec::new();
        let outcome = explore::run_fixed(env, |options| {
            let i = script.get(widths.len()).copied().unwrap_or(0);
            widths.push(options.len());
            options[i]
        });
        if !found.contains(&outcome) {
            found.push(outcome);
        }
        script.resize(widths.len(), 0);
        // The next sequence: the last choice point with an option left takes it, and every
        // point after it starts again from its first option.
        match (0..widths.len()).rev().find(|p| script[*p] + 1 < widths[*p]) {
            Some(p) => {
                script.truncate(p + 1);
                script[p] += 1;
            }
            None => return Some((found, sequences)),
        }
    }
    None
}

fn setup(seed: u64) -> (String, Board, Resolution) {
    let text = synthetic_events::random(seed);
    let board = board(&text);
    let resolution = resolve::resolve(&board);
    (text, board, resolution)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// (a) Whatever a player picks, the result is one the exploration lists.
    #[test]
    fn every_fixed_choice_gives_an_explored_outcome(seed in any::<u64>(), pickers in prop::collection::vec(picker(), 1..4)) {
        let (text, board, resolution) = setup(seed);
        let env = Env::new(&board, &resolution);
        let explored = outcomes(&explore::explore(&env));
        for picker in pickers {
            let outcome = fixed(&env, picker);
            prop_assert!(explored.contains(&outcome), "{picker:?} gives {outcome:?}, not among {explored:?}\n{text}");
        }
    }

    /// (b) Exploring ends, and expands a bounded number of states; (d) every outcome listed is
    /// reached by replaying its own decisions, and the sequences counted are at least one each.
    #[test]
    fn every_explored_outcome_is_reached_by_its_decisions(seed in any::<u64>()) {
        let (text, board, resolution) = setup(seed);
        let env = Env::new(&board, &resolution);
        let mut explorer = Explorer::new(&env);
        let branches = explorer.explore(&State::start(&env)).to_vec();
        prop_assert!(explorer.expanded > 0 && explorer.expanded <= EXPANDED_CAP, "{} states\n{text}", explorer.expanded);
        prop_assert!(!branches.is_empty());
        for branch in &branches {
            prop_assert!(branch.sequences >= 1);
            let replayed = replay(&env, branch);
            prop_assert_eq!(replayed, Ok((branch.happened.clone(), branch.left.clone())), "{}", text);
        }
        let distinct = outcomes(&branches);
        for (i, o) in distinct.iter().enumerate() {
            prop_assert!(!distinct[..i].contains(o), "outcome listed twice: {o:?}\n{text}");
        }
    }

    /// Exploring finds exactly the outcomes that trying every choice sequence one by one finds,
    /// and counts those sequences right: memoising states loses nothing and adds nothing.
    #[test]
    fn exploring_finds_what_every_way_of_choosing_finds(seed in any::<u64>()) {
        let (text, board, resolution) = setup(seed);
        let env = Env::new(&board, &resolution);
        let branches = explore::explore(&env);
        let Some((mut every, sequences)) = every_way(&env, 20_000) else {
            return Ok(());
        };
        let mut explored = outcomes(&branches);
        explored.sort();
        every.sort();
        prop_assert_eq!(explored, every, "{}", text);
        prop_assert_eq!(branches.iter().map(|b| b.sequences).sum::<u64>(), sequences, "{}", text);
    }

    /// (c) The same board explored twice gives the same branches, in the same order.
    #[test]
    fn exploring_twice_gives_the_same_branches(seed in any::<u64>()) {
        let (_, board, resolution) = setup(seed);
        let first = explore::explore(&Env::new(&board, &resolution));
        let second = explore::explore(&Env::new(&board, &resolution));
        prop_assert_eq!(first, second);
    }
}

proptest! {
    // Each case runs the binary twice.
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// (c) `judge resolve --format json` writes the same bytes for the same file, run after run.
    #[test]
    fn resolve_json_is_the_same_run_after_run(seed in any::<u64>()) {
        let text = synthetic_events::random(seed);
        board(&text);
        let dir = support::data_dir();
        let file = dir.path().join("generated.yaml");
        std::fs::write(&file, &text).expect("the file is written");
        let args = ["resolve", "generated.yaml", "--format", "json"];
        let first = support::run_in(dir.path(), dir.path(), &args);
        let second = support::run_in(dir.path(), dir.path(), &args);
        prop_assert_eq!(first.0, 0, "{}\n{}", first.2, text);
        prop_assert!(first.1.contains("\"outcomes\""), "{}", first.1);
        prop_assert_eq!(first, second);
    }
}

/// The cap of property (b) is generous: on the generator's boards, exploring expands at most a
/// few thousand states.
#[test]
fn expanded_is_small_in_practice() {
    let most = (0..300)
        .map(|seed| {
            let (_, board, resolution) = setup(seed);
            let env = Env::new(&board, &resolution);
            let mut explorer = Explorer::new(&env);
            explorer.explore(&State::start(&env));
            explorer.expanded
        })
        .max()
        .unwrap_or(0);
    assert!(most > 1, "the generator makes choices to explore");
    assert!(most <= EXPANDED_CAP / 10, "{most} states");
}
