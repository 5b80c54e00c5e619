//! Guards the exploration of replacement and prevention effects (616.1): `judge resolve` lists
//! every distinct outcome of every order a player may choose. Target: 8 effects applicable to one
//! event, fully explored with a trace per outcome, under 100 ms (issue 14: 10 effects under 50 ms,
//! 12 under 500 ms). `one_event_*` show the scaling with k = 1..12 effects on one damage event
//! (doublers, adders, static prevention, shields: `synthetic::one_event`); `pyroclasm_*`
//! many simultaneous events.
//!
//! Every timed loop checks the number of distinct outcomes and of choice sequences against
//! figures found without the engine: for every k, by `by_subsets`, the effects' arithmetic
//! written again here and explored over (effects applied, damage, shields left); that model is
//! itself checked against the engine's `run_fixed` over every one of the k! orders for k ≤ 7 (in
//! the setup), and against the figures below for k = 8..10, found once by running every order
//! (`REPLACEMENT_BRUTE_FORCE=10 cargo bench --bench replacement` finds them again: 12! orders
//! are too many).
//! Before the benches it prints the scaling tables: states expanded, outcomes, sequences, and for
//! Pyroclasm the time of one run up to `PYROCLASM_UP_TO` creatures (8 unless told).
//! Run: `cargo bench --bench replacement`. Results: docs/PERFORMANCE.md.

use judge::engine;
use judge::engine::Env;
use judge::engine::Left;
use judge::engine::Resolution;
use judge::engine::{Branch, Explorer, State};
use judge::model::Board;
use judge::model::Happened;
use judge::scenario;
use judge::synthetic;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Instant;

/// (k, distinct outcomes, choice sequences) of `one_event(k)`, found by brute force over the k!
/// orders (19 s for k = 10).
const KNOWN: [(usize, usize, u64); 3] = [(8, 86, 37_946), (9, 97, 345_642), (10, 103, 3_230_656)];

/// What one of `synthetic::DAMAGE_EFFECTS` does to the damage.
#[derive(Clone, Copy)]
enum Effect {
    Multiply(i64),
    Add(i64),
    /// A static "prevent N of that damage" (615.1).
    Prevent(i64),
    /// A shield: prevents the next N damage, used up as it does (615.7).
    Shield(i64),
}

fn effects(k: usize) -> Vec<Effect> {
    let effect = |action: &str| {
        let (what, n) = action.split_once(": ").expect("`what: n`");
        let n = n.parse().expect("a number");
        match what {
            "multiply" => Effect::Multiply(n),
            "add" => Effect::Add(n),
            "prevent" => Effect::Prevent(n),
            "shield" => Effect::Shield(n),
            other => panic!("an effect the model does not know: {other}"),
        }
    };
    synthetic::DAMAGE_EFFECTS.iter().take(k).map(|(_, action)| effect(action)).collect()
}

/// The damage dealt and what is left of each effect (a shield's damage, else 0).
type Modelled = (i64, Vec<i64>);
type Memo = HashMap<(u32, i64, Vec<i64>), BTreeMap<Modelled, u64>>;

/// The distinct outcomes of `one_event(k)` and its choice sequences, without the engine: the
/// player applies any effect not applied yet (614.5, 616.1) whose shield is not used up, until
/// none is left or the damage is all prevented (614.7a: no event is left to modify); a choice
/// among one effect is no choice. Memoised over (effects applied, damage, shields left), each
/// with its outcomes and how many sequences lead to each.
fn by_subsets(k: usize) -> (usize, u64) {
    fn go(effects: &[Effect], applied: u32, damage: i64, left: Vec<i64>, memo: &mut Memo) -> BTreeMap<Modelled, u64> {
        let key = (applied, damage, left.clone());
        if let Some(found) = memo.get(&key) {
            return found.clone();
        }
        let open = (0..effects.len())
            .filter(|i| applied & (1 << i) == 0 && !matches!(effects[*i], Effect::Shield(_) if left[*i] == 0));
        let options: Vec<usize> = if damage > 0 { open.collect() } else { Vec::new() };
        let mut found = BTreeMap::new();
        if options.is_empty() {
            found.insert((damage, left.clone()), 1);
        }
        for i in options {
            let mut left = left.clone();
            let damage = match effects[i] {
                Effect::Multiply(n) => damage * n,
                Effect::Add(n) => damage + n,
                Effect::Prevent(n) => damage - n.min(damage),
                Effect::Shield(_) => {
                    let prevented = left[i].min(damage);
                    left[i] -= prevented;
                    damage - prevented
                }
            };
            for (outcome, sequences) in go(effects, applied | 1 << i, damage, left, memo) {
                *found.entry(outcome).or_default() += sequences;
            }
        }
        memo.insert(key, found.clone());
        found
    }
    let effects = effects(k);
    let left = effects.iter().map(|e| if let Effect::Shield(n) = e { *n } else { 0 }).collect();
    let found = go(&effects, 0, 5, left, &mut HashMap::new());
    (found.len(), found.values().sum())
}

fn main() {
    let brute_force_up_to = std::env::var("REPLACEMENT_BRUTE_FORCE").ok().and_then(|v| v.parse().ok()).unwrap_or(7);
    scaling_table(brute_force_up_to);
    pyroclasm_table(std::env::var("PYROCLASM_UP_TO").ok().and_then(|v| v.parse().ok()).unwrap_or(8));
    divan::main();
}

struct Case {
    board: Board,
    resolution: Resolution,
    outcomes: usize,
    sequences: u64,
}

fn read(text: &str) -> (Board, Resolution) {
    let board = scenario::read("synthetic.yaml", text).expect("synthetic scenarios are valid");
    let resolution = engine::resolve(&board);
    (board, resolution)
}

/// `one_event(k)` with its expected figures, from the model (`scaling_table` checks the model).
fn one_event(k: usize) -> Case {
    let (board, resolution) = read(&synthetic::one_event(k));
    let (outcomes, sequences) = by_subsets(k);
    Case { board, resolution, outcomes, sequences }
}

/// What happened, and what is left of the limited effects used, by id.
type Outcome = (Vec<Happened>, Vec<(String, i64)>);

fn outcome((happened, left): (Vec<Happened>, Left)) -> Outcome {
    (happened, left.used().map(|(k, n)| (k.to_string(), n)).collect())
}

/// Every one of the k! orders of the k effects, run with `run_fixed` (the player takes the first
/// effect of the order among those that apply): the distinct outcomes, and the distinct choice
/// sequences (orders that differ only after the event is gone are one sequence).
fn brute_force(env: &Env, k: usize) -> (BTreeSet<Outcome>, u64) {
    let mut order: Vec<u16> = (0..k as u16).collect();
    let mut outcomes = BTreeSet::new();
    let mut sequences = BTreeSet::new();
    permutations(&mut order, 0, &mut |order| {
        let mut picks = Vec::new();
        let found = engine::run_fixed(env, |options| {
            let pick = *order.iter().find(|e| options.contains(e)).expect("the effects are the order's");
            picks.push(pick);
            pick
        });
        outcomes.insert(outcome(found.expect("numbers in range")));
        sequences.insert(picks);
    });
    (outcomes, sequences.len() as u64)
}

fn permutations(items: &mut [u16], from: usize, f: &mut impl FnMut(&[u16])) {
    if from == items.len() {
        return f(items);
    }
    for i in from..items.len() {
        items.swap(from, i);
        permutations(items, from + 1, f);
        items.swap(from, i);
    }
}

fn sequences(branches: &[Branch]) -> u64 {
    branches.iter().map(|b| b.sequences).sum()
}

/// The figures of the scaling table of benches/runs/2026-11-27-notebook.md, each checked against the model, and the
/// model against the brute force where it runs and the figures it once found.
fn scaling_table(brute_force_up_to: usize) {
    eprintln!("| k | states expanded | distinct outcomes | choice sequences | checked against |");
    eprintln!("|---|---|---|---|---|");
    for k in 1..=synthetic::MAX_DAMAGE_EFFECTS {
        let (board, resolution) = read(&synthetic::one_event(k));
        let env = Env::new(&board, &resolution);
        let mut explorer = Explorer::new(&env);
        let branches = explorer.explore(&State::start(&env)).to_vec();
        let found = (branches.len(), self::sequences(&branches));
        let start = Instant::now();
        let model = by_subsets(k);
        let mut checked = format!("the model ({:.2?})", start.elapsed());
        assert_eq!(found, model, "k = {k}: against the model");
        if k <= brute_force_up_to {
            let start = Instant::now();
            let (outcomes, sequences) = brute_force(&env, k);
            let found: BTreeSet<Outcome> =
                branches.iter().map(|b| outcome((b.happened.clone(), b.left.clone()))).collect();
            assert_eq!(found, outcomes, "k = {k}: the outcomes of every order");
            assert_eq!(self::sequences(&branches), sequences, "k = {k}: the choice sequences");
            assert_eq!(model, (outcomes.len(), sequences), "k = {k}: the model against every order");
            checked.push_str(&format!(", all {k}! orders ({:.2?})", start.elapsed()));
        } else if let Some(known) = KNOWN.iter().find(|(n, ..)| *n == k) {
            assert_eq!(model, (known.1, known.2), "k = {k}: the model against the orders run once");
            checked.push_str(", the figures once found over every order");
        }
        eprintln!("| {k} | {} | {} | {} | {checked} |", explorer.expanded, branches.len(), self::sequences(&branches));
    }
    eprintln!();
}

/// Pyroclasm on n creatures whose orders matter: the outcomes of the whole are the products of
/// each event's, 3^n of them, until the engine refuses past `engine::MAX_OUTCOMES`.
fn pyroclasm_table(up_to: u32) {
    eprintln!("| creatures | states expanded | distinct outcomes | choice sequences | explore, one run | resolve_events, one run |");
    eprintln!("|---|---|---|---|---|---|");
    for creatures in 1..=up_to {
        let (board, resolution) = read(&synthetic::pyroclasm(creatures as usize, false));
        let env = Env::new(&board, &resolution);
        let mut explorer = Explorer::new(&env);
        let start = Instant::now();
        let branches = explorer.explore(&State::start(&env)).to_vec();
        let explored = start.elapsed();
        let start = Instant::now();
        let resolved = engine::resolve_events(&board, &resolution);
        let took = start.elapsed();
        let (outcomes, sequences) = match (explorer.exhausted, resolved) {
            (None, Ok(Some(outcomes))) => {
                assert_eq!((branches.len(), self::sequences(&branches)), (3usize.pow(creatures), 6u64.pow(creatures)));
                assert_eq!(outcomes.len(), branches.len());
                (outcomes.len().to_string(), self::sequences(&branches).to_string())
            }
            (Some(limit), Err(refused)) => {
                assert!(3usize.pow(creatures) > engine::MAX_OUTCOMES, "{creatures} creatures: {limit}");
                assert_eq!(refused, engine::TooManyChoices { limit }.into());
                (format!("refused: {limit}"), "".to_string())
            }
            (exhausted, resolved) => panic!("{creatures} creatures: {exhausted:?} against {:?}", resolved.map(|_| ())),
        };
        eprintln!("| {creatures} | {} | {outcomes} | {sequences} | {explored:.2?} | {took:.2?} |", explorer.expanded);
    }
    eprintln!();
}

/// (a) Exploration alone: every distinct outcome and the choices leading to it.
#[divan::bench(args = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], sample_count = 20)]
fn one_event_explore(bencher: divan::Bencher, k: usize) {
    let case = one_event(k);
    let env = Env::new(&case.board, &case.resolution);
    bencher.bench(|| {
        let branches = engine::explore(&env).expect("within the limits");
        assert_eq!((branches.len(), sequences(&branches)), (case.outcomes, case.sequences));
        branches
    });
}

/// (b) What `judge resolve` does for the events: the effects collected, the exploration, and a
/// trace of each outcome.
#[divan::bench(args = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], sample_count = 20)]
fn one_event_resolve_events(bencher: divan::Bencher, k: usize) {
    resolve_events_checked(bencher, &one_event(k));
}

/// Times `resolve_events` on the case, checking its outcomes and sequences every time.
fn resolve_events_checked(bencher: divan::Bencher, case: &Case) {
    bencher.bench(|| {
        let outcomes = engine::resolve_events(&case.board, &case.resolution)
            .expect("within the limits")
            .expect("an event is pending");
        assert_eq!(outcomes.len(), case.outcomes);
        assert_eq!(outcomes.iter().map(|o| o.sequences).sum::<u64>(), case.sequences);
        outcomes
    });
}

/// The target: 8 effects applicable to one event, fully explored with a trace per outcome,
/// under 100 ms.
#[divan::bench(sample_count = 50)]
fn target_eight_effects_on_one_event(bencher: divan::Bencher) {
    let case = one_event(8);
    bencher.bench(|| {
        let outcomes = engine::resolve_events(&case.board, &case.resolution)
            .expect("within the limits")
            .expect("an event is pending");
        assert_eq!(outcomes.len(), case.outcomes);
        outcomes
    });
}

/// Issue 14's targets: 10 effects on one event under 50 ms, 12 under 500 ms, fully explored with a
/// trace per outcome.
#[divan::bench(args = [10, 12], sample_count = 20)]
fn target_ten_and_twelve_effects_on_one_event(bencher: divan::Bencher, k: usize) {
    resolve_events_checked(bencher, &one_event(k));
}

/// Pyroclasm on 20 creatures, each damage event under the same three multiplying effects: six
/// orders for each event and one outcome, 6^20 choice sequences.
#[divan::bench(sample_count = 20)]
fn pyroclasm_twenty_creatures_commuting(bencher: divan::Bencher) {
    let (board, resolution) = read(&synthetic::pyroclasm(20, true));
    bencher.bench(|| {
        let outcomes =
            engine::resolve_events(&board, &resolution).expect("within the limits").expect("events are pending");
        assert_eq!(outcomes.len(), 1);
        assert_eq!(outcomes[0].sequences, 6u64.pow(20));
        assert_eq!(outcomes[0].events.len(), 20);
        outcomes
    });
}

/// Pyroclasm on n creatures under ×2, +1 and "prevent 1": each creature's damage is 3, 4 or 5
/// depending on the order its controller chooses, so there are 3^n outcomes of the whole to list.
#[divan::bench(args = [1, 2, 4, 6], sample_count = 10)]
fn pyroclasm_orders_matter(bencher: divan::Bencher, creatures: usize) {
    let (board, resolution) = read(&synthetic::pyroclasm(creatures, false));
    bencher.bench(|| {
        let outcomes =
            engine::resolve_events(&board, &resolution).expect("within the limits").expect("events are pending");
        assert_eq!(outcomes.len(), 3usize.pow(creatures as u32));
        assert_eq!(outcomes.iter().map(|o| o.sequences).sum::<u64>(), 6u64.pow(creatures as u32));
        outcomes
    });
}

/// The same on 20 creatures: 3^20 outcomes cannot be listed, and the engine says so instead of
/// running out of memory. Guards how soon it gives up.
#[divan::bench(sample_count = 10)]
fn pyroclasm_twenty_creatures_orders_matter_refused(bencher: divan::Bencher) {
    let (board, resolution) = read(&synthetic::pyroclasm(20, false));
    bencher.bench(|| {
        let refused = engine::resolve_events(&board, &resolution).expect_err("too many outcomes to list");
        assert_eq!(refused, engine::TooManyChoices { limit: engine::Exhausted::Outcomes }.into());
        refused
    });
}
