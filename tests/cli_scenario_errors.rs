//! `judge resolve` and `judge check` on scenario files that are wrong: every problem reported at
//! its place (stderr snapshotted), all of a file's problems at once, and the exit codes.

use crate::support::{data_dir, run, run_in};
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenarios")
}

/// `judge resolve FILE` on a fixture, run in the fixtures directory so that the diagnostic names
/// the file as it is written here. Returns stderr, after checking that the command failed with 2
/// and printed nothing on stdout.
fn resolve_fails(file: &str) -> String {
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), &fixtures(), &["resolve", file]);
    assert_eq!(code, 2, "{file}: {stderr}");
    assert!(stdout.is_empty(), "{file}: {stdout}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// The problems a diagnostic lists, one per `x line N:` heading.
fn problem_lines(stderr: &str) -> Vec<usize> {
    stderr
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("x line "))
        .map(|rest| rest.split(':').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn a_yaml_syntax_error() {
    let stderr = resolve_fails("yaml-syntax.yaml");
    assert!(stderr.contains("invalid YAML"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn unknown_keys_with_did_you_mean_both_in_one_object() {
    let stderr = resolve_fails("unknown-keys.yaml");
    assert!(stderr.contains("is not a valid scenario: 2 problems"), "{stderr}");
    assert_eq!(problem_lines(&stderr), [9, 10]);
    assert!(stderr.contains("help: did you mean `zone`?"), "{stderr}");
    assert!(stderr.contains("help: did you mean `types`?"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn a_word_where_a_number_goes() {
    let stderr = resolve_fails("wrong-type.yaml");
    assert_eq!(problem_lines(&stderr), [10]);
    assert!(stderr.contains("`objects[0].power`: invalid type: string \"two\""), "{stderr}");
    insta::assert_snapshot!(stderr);
}

/// `expect` takes a number or `none` for power and toughness: anything else is refused at its place,
/// saying so; `none` beside it is accepted.
#[test]
fn a_word_other_than_none_where_an_expected_power_goes() {
    let stderr = resolve_fails("expect-pt-word.yaml");
    assert_eq!(problem_lines(&stderr), [8]);
    assert!(stderr.contains("`expect.bears.power`: invalid value: string \"lots\""), "{stderr}");
    assert!(stderr.contains("expected a whole number, or `none`"), "{stderr}");
    assert!(stderr.contains("[expect-pt-word.yaml:8:18]"), "{stderr}");
}

/// `none` where there is a number, and a number where there is none (a Vehicle not crewed has no
/// power or toughness, 208.3): both differences say `none`.
#[test]
fn expected_none_against_a_number_and_a_number_against_none() {
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), &fixtures(), &["check", "expect-none-fails.yaml"]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        stdout,
        "DIFFERS  expect-none-fails.yaml\n         bears power: expected none, got 2\n         vehicle power: expected 3, got none\n1 file: 0 ok, 0 no expectation, 1 differ, 0 invalid\n"
    );
}

#[test]
fn an_unknown_zone() {
    let stderr = resolve_fails("unknown-variant.yaml");
    assert_eq!(problem_lines(&stderr), [9]);
    assert!(stderr.contains("`battlefeld` is not a value this key takes"), "{stderr}");
    assert!(stderr.contains("did you mean `battlefield`?"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn ids_that_name_no_object_in_attached_to_objects_copy_ask_and_expect() {
    let stderr = resolve_fails("unknown-ids.yaml");
    assert!(stderr.contains("is not a valid scenario: 5 problems"), "{stderr}");
    // attached_to, a selector's objects, copy, ask, expect: each at its own line.
    assert_eq!(problem_lines(&stderr), [12, 21, 26, 28, 30]);
    for id in ["baers", "bear", "hill-giant", "elves", "grizzly"] {
        assert!(stderr.contains(&format!("no object has the id `{id}`")), "{id}: {stderr}");
    }
    insta::assert_snapshot!(stderr);
}

#[test]
fn exchanges_of_control_of_other_than_two_distinct_known_objects() {
    let stderr = resolve_fails("exchange-problems.yaml");
    assert!(stderr.contains("is not a valid scenario: 5 problems"), "{stderr}");
    // In a static ability; three objects, one of them twice; an unknown id; with `affects`.
    assert_eq!(problem_lines(&stderr), [15, 21, 21, 26, 32]);
    for message in [
        "an exchange of control in a static ability",
        "an exchange of control names 3 objects",
        "`bears` is named twice",
        "no object has the id `gaint`",
        "`affects` with an exchange of control",
    ] {
        assert!(stderr.contains(message), "{message}: {stderr}");
    }
    insta::assert_snapshot!(stderr);
}

/// The form that says who controlled each object as the exchange resolved: each key an object,
/// each value a player, two of them.
#[test]
fn exchanges_of_control_that_state_unknown_objects_or_players() {
    let stderr = resolve_fails("exchange-controllers-problems.yaml");
    assert!(stderr.contains("is not a valid scenario: 3 problems"), "{stderr}");
    assert_eq!(problem_lines(&stderr), [14, 19, 24]);
    for message in
        ["no object has the id `gaint`", "no player is named `Bobb`", "an exchange of control names 1 object"]
    {
        assert!(stderr.contains(message), "{message}: {stderr}");
    }
    insta::assert_snapshot!(stderr);
}

#[test]
fn ids_used_twice_by_two_objects_and_by_an_object_and_its_ability() {
    let stderr = resolve_fails("duplicate-ids.yaml");
    assert_eq!(problem_lines(&stderr), [10, 19]);
    assert!(stderr.contains("help: first used on line 6"), "{stderr}");
    assert!(stderr.contains("help: first used on line 14"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn a_key_given_twice() {
    let stderr = resolve_fails("duplicate-keys.yaml");
    assert_eq!(problem_lines(&stderr), [10]);
    assert!(stderr.contains("help: first given on line 7"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn an_effect_in_no_layer() {
    let stderr = resolve_fails("no-layer.yaml");
    assert!(stderr.contains("this effect is in no layer: it changes nothing"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn an_effect_without_affects() {
    let stderr = resolve_fails("no-affects.yaml");
    assert_eq!(problem_lines(&stderr), [14]);
    assert!(stderr.contains("this effect changes objects but says none: add `affects`"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn two_timestamps_colliding_without_timestamp_order() {
    let stderr = resolve_fails("timestamps.yaml");
    assert_eq!(problem_lines(&stderr), [12]);
    assert!(stderr.contains("`giant-growth` and `elves` have the same timestamp t2"), "{stderr}");
    assert!(stderr.contains("timestamp_order"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn the_same_timestamps_in_timestamp_order_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixtures().join("timestamps.yaml")).unwrap();
    let ordered = format!("{text}timestamp_order: [elves, giant-growth]\n");
    std::fs::write(dir.path().join("ordered.yaml"), ordered).unwrap();
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), dir.path(), &["resolve", "ordered.yaml"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("timestamp t2.2"), "{stdout}");
}

#[test]
fn a_player_who_is_not_playing() {
    let stderr = resolve_fails("unknown-player.yaml");
    assert_eq!(problem_lines(&stderr), [7]);
    assert!(stderr.contains("help: did you mean `Alice`?"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn every_problem_of_a_file_is_reported_at_once() {
    let stderr = resolve_fails("several-problems.yaml");
    assert!(stderr.contains("is not a valid scenario: 6 problems"), "{stderr}");
    // A colour, a player, a card type, an attached_at colliding with an effect, `self` without a
    // source, an id in expect.
    assert_eq!(problem_lines(&stderr), [6, 7, 7, 21, 22, 24]);
    insta::assert_snapshot!(stderr);
}

#[test]
fn a_file_that_is_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("latin1.yaml"), b"title: R\xe8gles\nplayers: [{name: Alice, active: true}]\n")
        .unwrap();
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), dir.path(), &["resolve", "latin1.yaml"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    insta::assert_snapshot!(stderr);
}

#[test]
fn a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), dir.path(), &["resolve", "nowhere.yaml"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("cannot read `nowhere.yaml`"), "{stderr}");
    // The OS's wording of "not found" is not ours to snapshot.
    assert!(!stderr.contains("did you mean"), "no file is near: {stderr}");
}

#[test]
fn check_reports_an_invalid_file_among_valid_ones_and_exits_2() {
    let data = data_dir();
    let (code, stdout, stderr) =
        run_in(data.path(), &fixtures(), &["check", "valid.yaml", "unknown-keys.yaml", "unknown-player.yaml"]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert_eq!(
        stdout,
        "invalid  unknown-keys.yaml\ninvalid  unknown-player.yaml\nok       valid.yaml\n3 files: 1 ok, 0 no expectation, 0 differ, 2 invalid\n"
    );
    // Both invalid files' problems are reported, each at its place.
    assert!(stderr.contains("`unknown-keys.yaml` is not a valid scenario: 2 problems"), "{stderr}");
    assert!(stderr.contains("`unknown-player.yaml` is not a valid scenario"), "{stderr}");
    assert!(stderr.contains("[unknown-keys.yaml:9:5]"), "{stderr}");
    assert!(stderr.contains("[unknown-player.yaml:7:45]"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn check_with_an_expectation_that_fails_exits_1() {
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), &fixtures(), &["check", "valid.yaml", "expectation-fails.yaml"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(
        stdout,
        "DIFFERS  expectation-fails.yaml\n         bears power: expected 4, got 5\nok       valid.yaml\n2 files: 1 ok, 0 no expectation, 1 differ, 0 invalid\n"
    );
    // `judge resolve` prints the answer and says it differs, and exits 1 as `judge check` does.
    let (code, stdout, _) = run_in(data.path(), &fixtures(), &["resolve", "expectation-fails.yaml"]);
    assert_eq!(code, 1);
    assert!(stdout.contains("Expected answer: DIFFERS:\n  bears power: expected 4, got 5"), "{stdout}");
}

#[test]
fn check_of_the_shipped_scenarios_exits_0() {
    let data = data_dir();
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let (code, stdout, stderr) = run(data.path(), &["check", scenarios.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    let count = std::fs::read_dir(&scenarios).unwrap().count();
    assert!(count >= 20, "{count}");
    // Every shipped scenario states its expected answer.
    assert!(
        stdout.ends_with(&format!("{count} files: {count} ok, 0 no expectation, 0 differ, 0 invalid\n")),
        "{stdout}"
    );
}

#[test]
fn event_problems_found_after_reading_all_at_once() {
    let stderr = resolve_fails("event-problems.yaml");
    assert_eq!(problem_lines(&stderr), [15, 22, 29, 31, 31, 32, 33, 34]);
    assert!(stderr.contains("onto the battlefield instead is not supported"), "{stderr}");
    assert!(stderr.contains("a move onto the battlefield is an `enter` event"), "{stderr}");
    assert!(stderr.contains("`regenerate` cannot change a `gain_life` event"), "{stderr}");
    assert!(stderr.contains("help: did you mean `furnace-doubles`?"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn a_misspelt_event_and_two_events_in_one_item() {
    let stderr = resolve_fails("event-syntax.yaml");
    assert_eq!(problem_lines(&stderr), [11, 12]);
    assert!(stderr.contains("help: did you mean `damage`?"), "{stderr}");
    assert!(stderr.contains("one event per item"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

/// 2^11 distinct outcomes: the judge is told to fix choices rather than given a partial answer.
#[test]
fn too_many_outcomes_is_refused_with_a_way_out() {
    let stderr = resolve_fails("too-many-outcomes.yaml");
    assert!(stderr.contains("more than 1000 distinct outcomes"), "{stderr}");
    assert!(stderr.contains("choose: [effect ids]"), "{stderr}");
    let data = data_dir();
    let (code, stdout, _) = run_in(data.path(), &fixtures(), &["check", "too-many-outcomes.yaml"]);
    assert_eq!(code, 2);
    assert!(stdout.contains("invalid  too-many-outcomes.yaml"), "{stdout}");
}

/// A hand smaller than the cards the file puts in it, a condition that checks two things, a
/// number of cards on an event that draws none, a life total nobody gave, and an unknown player:
/// each at its place.
#[test]
fn conditions_hands_and_draws_written_wrong() {
    let stderr = resolve_fails("conditions-and-hands.yaml");
    for expected in [
        "0 cards in hand, but the scenario puts 1 objects there",
        "a condition checks exactly one of `controls`, `attached`, `cards_in_hand`, `life`",
        "`cards` is the number of cards drawn: only for `event: draw`",
        "the condition checks a life total the scenario does not give: Alice, Bob",
        "no player is named `Dan`",
    ] {
        assert!(stderr.contains(expected), "{expected}:\n{stderr}");
    }
    assert_eq!(problem_lines(&stderr), [21, 32, 30, 31, 5]);
}

/// An expected outcome that is not found is shown beside the outcome found instead, one line
/// per difference.
#[test]
fn outcomes_that_differ_are_listed_one_per_line() {
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), &fixtures(), &["check", "outcomes-differ.yaml"]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        stdout,
        "DIFFERS  outcomes-differ.yaml\n         events outcome: expected Shock deals 3 damage to Grizzly Bears, got Shock deals 4 damage to Grizzly Bears\n1 file: 0 ok, 0 no expectation, 1 differ, 0 invalid\n"
    );
}

/// A negative timestamp, on an object and on an effect, and an Aura attached before it got its
/// own timestamp: each refused at its value.
#[test]
fn timestamps_no_game_gives() {
    let stderr = resolve_fails("impossible-timestamps.yaml");
    assert!(stderr.contains("is not a valid scenario: 3 problems"), "{stderr}");
    assert_eq!(problem_lines(&stderr), [6, 14, 19]);
    assert!(stderr.contains("[impossible-timestamps.yaml:6:106]"), "{stderr}");
    assert!(stderr.contains("`-5`: a timestamp is 0 or more"), "{stderr}");
    assert!(stderr.contains("`-1`: a timestamp is 0 or more"), "{stderr}");
    assert!(stderr.contains("`rancor` became attached at 3, before its own timestamp 4"), "{stderr}");
    assert!(!stderr.contains("t-5"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

/// Two objects attached to each other, three in a circle, and one attached to itself: each
/// circle once, at the `attached_to` of its first object, named whole; an object attached to a
/// circle without being in it is not reported.
#[test]
fn attachments_that_go_round_in_a_circle() {
    let stderr = resolve_fails("attachment-cycles.yaml");
    assert!(stderr.contains("is not a valid scenario: 3 problems"), "{stderr}");
    assert_eq!(problem_lines(&stderr), [12, 7, 9]);
    assert!(stderr.contains("`mask` cannot be attached to itself"), "{stderr}");
    assert!(stderr.contains("attachments go round in a circle: `rancor` → `spikes` → `rancor`"), "{stderr}");
    assert!(stderr.contains("attachments go round in a circle: `web` → `shield` → `chain` → `web`"), "{stderr}");
    assert!(!stderr.contains("`boots`"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

/// yaml-rust2 reports a tab in the indentation at the node before it: it is placed at the tab.
#[test]
fn a_tab_in_the_indentation_is_placed_at_the_tab() {
    let stderr = resolve_fails("tab-indentation.yaml");
    assert_eq!(problem_lines(&stderr), [4]);
    assert!(stderr.contains("[tab-indentation.yaml:4:1]"), "{stderr}");
    assert!(stderr.contains("help: indent with spaces"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

/// Eight anchors of ten aliases each would stand for 11 million nodes: refused at the alias
/// that passes the bytes aliases may repeat (before the node limit), naming it, before anything
/// is copied.
#[test]
fn an_alias_bomb_is_refused_at_its_alias_with_a_way_out() {
    let stderr = resolve_fails("alias-bomb.yaml");
    assert_eq!(problem_lines(&stderr), [8]);
    assert!(stderr.contains("this file repeats an anchor too many times (`*e`)"), "{stderr}");
    assert!(stderr.contains("[alias-bomb.yaml:8:36]"), "{stderr}");
    assert!(stderr.contains("help: write the objects out or use fewer aliases"), "{stderr}");
    assert!(!stderr.contains("repetition limit"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

#[test]
fn lists_nested_past_the_limit() {
    let stderr = resolve_fails("too-deep.yaml");
    assert_eq!(problem_lines(&stderr), [3]);
    assert!(stderr.contains("nested more than 64 levels deep"), "{stderr}");
    assert!(stderr.contains("[too-deep.yaml:3:74]"), "{stderr}");
    insta::assert_snapshot!(stderr);
}

/// A board written on one line of 2 MB: the diagnostic shows a window around the place, at its
/// true line and column, not the line whole.
#[test]
fn a_problem_on_a_very_long_line_shows_a_window_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let objects: Vec<String> = (0..50_000).map(|i| format!("{{id: o{i}, name: O, owner: Alice}}")).collect();
    let text = format!(
        "title: t\nplayers: [{{name: Alice, active: true}}]\nobjects: [{}, {{id: bad, name: B, owner: Bob}}]\n",
        objects.join(", ")
    );
    assert!(text.len() > 1_500_000);
    std::fs::write(dir.path().join("long.yaml"), &text).unwrap();
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), dir.path(), &["resolve", "long.yaml"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains("no player is named `Bob`"), "{stderr}");
    let column = text.lines().nth(2).unwrap().rfind("Bob").unwrap() + 1;
    assert!(stderr.contains(&format!("[long.yaml:3:{column}]")), "{stderr}");
    assert!(stderr.contains("{id: bad, name: B, owner: Bob}]"), "{stderr}");
    assert!(stderr.len() < 2_000, "{} bytes: {stderr}", stderr.len());
    assert!(stderr.lines().all(|l| l.chars().count() < 400), "{stderr}");
}

/// More objects than the limit: refused at the first one past it, before any is checked.
#[test]
fn more_objects_than_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let limit = judge::scenario::MAX_OBJECTS;
    let text = format!("title: t\nplayers: [{{name: Alice, active: true}}]\nobjects:\n{}", "- {}\n".repeat(limit + 1));
    std::fs::write(dir.path().join("many.yaml"), &text).unwrap();
    let data = data_dir();
    let (code, _, stderr) = run_in(data.path(), dir.path(), &["check", "many.yaml"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("more than 100,000 objects: this file has 100,001"), "{stderr}");
    assert!(stderr.contains(&format!("[many.yaml:{}:3]", limit + 4)), "{stderr}");
    assert_eq!(problem_lines(&stderr), [limit + 4]);
}

/// A file over the size limit is refused from its size, without being read: a sparse file of
/// 65 MiB costs nothing to make or to refuse.
#[test]
fn a_file_larger_than_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let file = std::fs::File::create(dir.path().join("huge.yaml")).unwrap();
    file.set_len(judge::placed_yaml::FILE_BYTES + 1).unwrap();
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), dir.path(), &["resolve", "huge.yaml"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains("cannot read `huge.yaml`: a scenario file is at most 67,108,864 bytes"), "{stderr}");
}

/// `judge check` on a directory with no scenario file in it is an error (exit 2), not "0 files":
/// most likely the path is wrong, as for a file that cannot be read.
#[test]
fn check_of_a_directory_without_scenarios_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    std::fs::write(dir.path().join("empty/notes.txt"), "not a scenario").unwrap();
    std::fs::create_dir(dir.path().join("x.yaml")).unwrap();
    let data = data_dir();
    let (code, stdout, stderr) = run_in(data.path(), dir.path(), &["check", "empty"]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("no scenario file (`*.yaml`, `*.yml`) in the directory `empty`"), "{stderr}");
    let (code, stdout, stderr) = run_in(data.path(), dir.path(), &["check", "x.yaml"]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("in the directory `x.yaml`"), "{stderr}");
    assert!(stderr.contains("it is a directory named like a scenario file"), "{stderr}");
}

/// `judge resolve` and `judge ruling` take one file: a directory is named as such, with the
/// command that takes directories.
#[test]
fn resolve_and_ruling_of_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("x.yaml")).unwrap();
    let data = data_dir();
    for command in ["resolve", "ruling"] {
        let (code, stdout, stderr) = run_in(data.path(), dir.path(), &[command, "x.yaml"]);
        assert_eq!(code, 2, "{command}: {stderr}");
        assert!(stdout.is_empty(), "{command}: {stdout}");
        assert!(stderr.contains("cannot read `x.yaml`: it is a directory, not a scenario file"), "{stderr}");
        assert!(stderr.contains("`judge check x.yaml` checks every scenario file in a directory"), "{stderr}");
    }
}

/// The board after the events is stated only in an outcome, of objects and players the scenario
/// has; damage an effect deals needs its source; `to` goes with `damage`.
#[test]
fn what_the_board_after_states_and_an_additional_effects_damage() {
    let stderr = resolve_fails("board-after-problems.yaml");
    assert!(stderr.contains("is not a valid scenario: 6 problems"), "{stderr}");
    for message in [
        "the effect deals damage, but has no `source` to deal it",
        "`to` is who is dealt the `damage`: with `damage`",
        "`zone` is what the board after the events has, not what the layers give",
        "no object has the id `bearz`",
        "no object has the id `token-0`",
        "no player is named `Bobb`",
    ] {
        assert!(stderr.contains(message), "{message}: {stderr}");
    }
}

/// A payment keeps an entering permanent from entering tapped or with counters, and is of some
/// life: anything else is refused at its place.
#[test]
fn a_payment_where_none_fits_and_a_payment_of_no_life() {
    let stderr = resolve_fails("unless-paid-misplaced.yaml");
    assert_eq!(problem_lines(&stderr), [10, 15], "{stderr}");
    assert!(stderr.contains("`unless_paid` is what a player may pay"), "{stderr}");
    assert!(stderr.contains("`0`: a payment of life is above 0"), "{stderr}");
}

/// A condition is a static ability's, and of the state of the game: on a resolved effect, or of
/// the events, it is refused at its place.
#[test]
fn a_condition_on_a_resolved_effect_and_one_of_events() {
    let stderr = resolve_fails("condition-misplaced.yaml");
    assert!(stderr.contains("a continuous effect's condition checks `controls`, `attached`"), "{stderr}");
    assert!(stderr.contains("a condition is a static ability's \"as long as\""), "{stderr}");
    assert_eq!(problem_lines(&stderr), [15, 24], "{stderr}");
}
