//! Properties of the layer engine on generated boards: the answer never depends on the order in
//! which objects and effects are listed in the file (only on timestamps and dependencies), an
//! exchange of control never on what came after it, and no generated scenario makes it panic.

use crate::support;
use judge::engine;
use judge::engine::Exchange;
use judge::engine::{AppliesTo, Changes};
use judge::model::Board;
use judge::scenario;
use judge::synthetic;
use proptest::prelude::*;

/// Every object's answer, by id, and the trace: each step whole (what it applied, to which
/// objects, what changed, why and which rules decide it). A step lists its objects in the
/// file's order, which is the judge's: they are compared as sets.
fn outcome(text: &str) -> (Vec<(String, String)>, Vec<String>) {
    let board = scenario::read("generated", text).expect("generated scenarios are valid");
    let resolution = engine::resolve(&board);
    let mut objects: Vec<(String, String)> = (0..board.objects.len())
        .map(|i| (board.objects[i].id.clone(), format!("{:?}", resolution.characteristics[i])))
        .collect();
    objects.sort();
    let answer = engine::answer(&board, &resolution);
    let mut steps: Vec<String> = resolution
        .steps
        .iter()
        .map(|s| {
            // By id: the objects' indexes differ between two orders of the same file.
            let mut applies_to = s.applies_to.names(&board);
            applies_to.sort_unstable();
            let mut changes: Vec<String> = s.changes.records(&board).map(|c| format!("{c:?}")).collect();
            changes.sort_unstable();
            let mut s = s.clone();
            s.applies_to = AppliesTo::Objects(Default::default());
            s.changes = Changes::default();
            format!("{applies_to:?} {changes:?} {s:?}")
        })
        .collect();
    steps.push(format!("{:?}", answer.players));
    (objects, steps)
}

/// The engine's shortcuts give the answer and the trace of the long way (`resolve_plainly`).
fn same_as_plainly(text: &str) -> Result<(), TestCaseError> {
    let board = scenario::read("generated", text).expect("generated scenarios are valid");
    let fast = engine::resolve(&board);
    let plain = engine::resolve_plainly(&board);
    prop_assert_eq!(fast.characteristics, plain.characteristics);
    prop_assert_eq!(fast.steps, plain.steps);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_shortcuts_never_change_the_answer(seed in any::<u64>(), permanents in 1usize..40, effects in 0usize..25, extra in 0usize..6) {
        let text = synthetic::scenario_with_copies_and_text(seed, permanents, effects, extra);
        same_as_plainly(&text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The dependency graph kept between choices (incremental.rs), the effects collected again
    /// only where an application changed something (pool.rs) and the sets kept and patched: on
    /// boards where nearly every application makes kept dependencies stale (colour setters that
    /// feed each other, type changers in loops, animation against ability removal, locked-in
    /// sets read off an earlier board), the answer and the trace are those of the long way.
    #[test]
    fn the_kept_dependency_graph_never_changes_the_answer(seed in any::<u64>(), permanents in 1usize..60, effects in 0usize..40, resolved in 0usize..6) {
        let text = synthetic::dense_scenario(seed, permanents, effects, resolved);
        same_as_plainly(&text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The kept dependency graph (incremental.rs) on boards where the objects that show a
    /// dependency change (colour setters moving objects out of each other's sets, objects of two
    /// colours that a pair tried on them meets without depending, sources losing their
    /// abilities), where a global read changes (a count, a controller, an exchange of control),
    /// with dependency loops (613.8b) and locked-in sets (611.2c): the answer and the trace are
    /// those of the long way.
    #[test]
    fn the_kept_graph_follows_changing_objects_and_global_reads(seed in any::<u64>(), permanents in 1usize..60, effects in 0usize..40, resolved in 0usize..8) {
        let text = synthetic::shifting_scenario(seed, permanents, effects, resolved);
        same_as_plainly(&text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The kept dependency graph in layer 1 (incremental.rs), where a copy effect with a fixed
    /// set is tried and made stale only through its original, its source and its set's objects:
    /// on webs of copy effects (chains, rings, copies of copies, several copies onto one object,
    /// copies with a source or exceptions, static copy abilities copied along, effects of layers
    /// 2 to 7 on the copied objects), the answer and the trace are those of the long way.
    #[test]
    fn the_kept_graph_of_copy_effects_never_changes_the_answer(seed in any::<u64>(), permanents in 1usize..14, copies in 0usize..24) {
        let text = synthetic::copy_web(seed, permanents, copies);
        same_as_plainly(&text)?;
    }
}

/// Rings of copy effects (one dependency loop, 613.8b, broken by its first effect, 613.8c), each
/// copy effect stale again as the one before it applies: the answer and the trace are those of
/// the long way.
#[test]
fn rings_of_copy_effects_resolve_as_the_long_way_does() {
    for n in 1..=12 {
        same_as_plainly(&synthetic::copy_ring(n)).expect("same as the long way");
    }
}

/// Boards on which the kept sets once went wrong, found by the properties above: an object
/// moved into a shape its holder had not been asked about yet; a source alone of its shape, held
/// by its own effect's set.
#[test]
fn kept_sets_follow_their_objects_on_boards_that_once_broke_them() {
    for (seed, permanents, effects) in [(15629335552237246316, 1, 16), (1608792501189906129, 1, 18)] {
        same_as_plainly(&synthetic::shifting_scenario(seed, permanents, effects, 0)).expect("same as the long way");
    }
}

/// Each exchange of control of the board, by id: what it does, and who it says controlled its
/// objects as it resolved.
fn exchanges(board: &Board) -> Vec<(String, Exchange, Option<Vec<String>>)> {
    board
        .resolved
        .iter()
        .filter_map(|r| {
            let spec = r.body.control.as_ref()?.exchange()?;
            Some((r.id.clone(), engine::exchange_outcome(board, r.timestamp, spec), spec.controlled.clone()))
        })
        .collect()
}

/// The generated scenario with more resolved effects, each stamped after everything in it: a
/// control change, a copy effect (layer 1, before layer 2), a colour change or another exchange,
/// each on an object `later` picks among `objects` (`p0`, `p1`…) or among the objects the
/// board's exchanges name.
fn with_later_effects(text: &str, board: &Board, later: &[(u8, usize, usize)]) -> String {
    let mut exchanged: Vec<String> =
        board.resolved.iter().filter_map(|r| r.body.control.as_ref()?.exchanged()).flatten().cloned().collect();
    let all: Vec<String> = board.objects.iter().map(|o| o.id.clone()).collect();
    if exchanged.is_empty() {
        exchanged.clone_from(&all);
    }
    let mut out = text.to_string();
    if !out.contains("\neffects:\n") {
        out.push_str("effects:\n");
    }
    for (k, (kind, x, y)) in later.iter().enumerate() {
        // Half of them on an exchanged object: those are the ones that could change an answer.
        let x = if kind & 4 == 0 { &exchanged[x % exchanged.len()] } else { &all[x % all.len()] };
        let mut other = &all[y % all.len()];
        if other == x {
            other = &all[(y + 1) % all.len()];
        }
        let body = match kind % 4 {
            0 => format!("{{affects: {{objects: [{x}]}}, control: you}}"),
            1 => format!("{{affects: {{objects: [{x}]}}, copy: {other}}}"),
            2 => format!("{{affects: {{objects: [{x}]}}, colors: {{set: [red]}}}}"),
            _ => format!("{{control: {{exchange: [{x}, {other}]}}}}"),
        };
        let controller = if k % 2 == 0 { "Bob" } else { "Alice" };
        let stamp = 100_000 + k;
        out.push_str(&format!(
            "  - {{id: later{k}, text: later {k}, controller: {controller}, timestamp: {stamp}, effect: {body}}}\n"
        ));
    }
    out
}

/// The generated scenario with every exchange of control written with the controllers the engine
/// found for it, as a file states them (`exchange: {a: Alice, b: Bob}`).
fn stated_as_found(text: &str, board: &Board) -> String {
    let mut out = text.to_string();
    for (id, _, controlled) in exchanges(board) {
        let Some(players) = controlled else { continue };
        let line_start = out.find(&format!("- {{id: {id}, ")).expect("each effect is on its own line");
        let line_end = line_start + out[line_start..].find('\n').expect("a line ends");
        let line = &out[line_start..line_end];
        let (before, rest) = line.split_once("{exchange: [").expect("an exchange written as a list");
        let (ids, after) = rest.split_once(']').expect("the list closes");
        let pairs: Vec<String> = ids.split(", ").zip(&players).map(|(o, p)| format!("{o}: {p}")).collect();
        let stated = format!("{before}{{exchange: {{{}}}{after}", pairs.join(", "));
        out.replace_range(line_start..line_end, &stated);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// 701.12a–b: an exchange of control happens as it resolves. What it does (who it finds
    /// controlled its two objects, whether it swaps them) never depends on effects that began
    /// after it: control changes, copy effects that apply in an earlier layer, colour changes,
    /// further exchanges.
    #[test]
    fn effects_after_an_exchange_never_change_what_it_does(seed in any::<u64>(), permanents in 2usize..40, effects in 0usize..20, resolved in 1usize..8, later in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 1..6)) {
        let text = synthetic::shifting_scenario(seed, permanents, effects, resolved);
        let board = scenario::read("generated", &text).expect("generated scenarios are valid");
        let more = with_later_effects(&text, &board, &later);
        let after = scenario::read("generated", &more).unwrap_or_else(|e| panic!("{e:?}\n{more}"));
        let before = exchanges(&board);
        let mut kept = exchanges(&after);
        kept.retain(|(id, _, _)| !id.starts_with("later"));
        prop_assert_eq!(before, kept);
    }

    /// An exchange written with the controllers the engine found for it gives the same answer and
    /// the same trace as written as a list: what a file states is what the engine would find.
    #[test]
    fn an_exchange_stated_as_found_gives_the_same_answer(seed in any::<u64>(), permanents in 2usize..40, effects in 0usize..20, resolved in 1usize..8) {
        let text = synthetic::shifting_scenario(seed, permanents, effects, resolved);
        let board = scenario::read("generated", &text).expect("generated scenarios are valid");
        let stated = stated_as_found(&text, &board);
        prop_assert_eq!(outcome(&text), outcome(&stated));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_order_of_the_file_never_changes_the_answer(seed in any::<u64>(), order in any::<u64>(), permanents in 1usize..40, effects in 0usize..25) {
        let text = synthetic::scenario(seed, permanents, effects);
        let (objects, steps) = outcome(&text);
        let (objects_shuffled, steps_shuffled) = outcome(&support::shuffled(&text, order));
        prop_assert_eq!(objects, objects_shuffled);
        prop_assert_eq!(steps, steps_shuffled);
    }

    #[test]
    fn with_copies_and_text_changes_the_order_of_the_file_never_changes_the_answer(seed in any::<u64>(), order in any::<u64>(), permanents in 2usize..30, effects in 0usize..20, extra in 1usize..8) {
        let text = synthetic::scenario_with_copies_and_text(seed, permanents, effects, extra);
        let (objects, steps) = outcome(&text);
        let (objects_shuffled, steps_shuffled) = outcome(&support::shuffled(&text, order));
        prop_assert_eq!(objects, objects_shuffled);
        prop_assert_eq!(steps, steps_shuffled);
    }
}

/// Numbers the engine could not add or multiply exactly (issue 32) are refused when the file is
/// read, each at its place, instead of being clamped into a wrong answer.
#[test]
fn extreme_numbers_are_refused_instead_of_clamped() {
    let text = "title: huge numbers\nplayers: [{name: A, active: true}]\nobjects:\n  - {id: x, name: X, owner: A, types: [creature], power: 9223372036854775807, toughness: -9223372036854775808, counters: {\"+1/+1\": 9223372036854775807, \"-9/-9\": 9223372036854775807}}\neffects:\n  - {id: e, text: pump, controller: A, timestamp: 9, effect: {affects: {objects: [x]}, pt: {modify: [9223372036854775807, -9223372036854775808]}}}\n";
    let Err(problems) = scenario::read("huge", text) else { panic!("numbers past the bound are accepted") };
    let said = format!("{problems:?}");
    assert_eq!(said.matches("is beyond what a scenario may state").count(), 6, "{said}");
}

/// Objects that differ only in being tokens, or in their counters, look alike to the fast path's
/// shapes unless it tells them apart: colour and control effects whose selectors ask for tokens
/// or for a counter of a kind, on boards mixing them, give the long way's answer and trace.
#[test]
fn tokens_and_counters_are_told_apart_by_the_shortcuts() {
    for seed in 0..24u64 {
        let mut rng = judge::rng::Rng::new(seed);
        let mut text = String::from(
            "title: t\nquestion: q\nplayers:\n  - name: Alice\n    active: true\n  - name: Bob\nobjects:\n",
        );
        for i in 0..30 {
            let token = rng.below(2) == 0;
            let counters = ["{}", "{\"+1/+1\": 1}", "{\"-1/-1\": 1}", "{\"+1/+1\": 2}"][rng.below(4)];
            let owner = ["Alice", "Bob"][rng.below(2)];
            text.push_str(&format!(
                "  - {{id: c{i}, name: C, owner: {owner}, types: [creature], colors: [green], power: 3, toughness: 3, token: {token}, counters: {counters}}}\n"
            ));
        }
        for e in 0..6 {
            let selector = ["token: true", "token: false", "counter: \"+1/+1\"", "counter: \"-1/-1\""][rng.below(4)];
            let body = match rng.below(3) {
                0 => "colors: {set: [blue]}".to_string(),
                1 => "colors: {add: [red]}".to_string(),
                _ => "control: you".to_string(),
            };
            let owner = ["Alice", "Bob"][rng.below(2)];
            text.push_str(&format!(
                "  - {{id: e{e}, name: E, owner: {owner}, types: [enchantment], abilities: [{{id: e{e}-a, text: t, effect: {{affects: {{types: [creature], {selector}}}, {body}}}}}]}}\n"
            ));
        }
        same_as_plainly(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
    }
}
