//! Hostile inputs and faults outside the engine: closed output streams, inputs without end,
//! damaged or foreign files in the store. Each ends with a clear message and the documented exit
//! code, never a panic, a hang or memory without bound.

use crate::support::{data_dir, judge_process as judge};
use std::path::Path;
use std::process::{Command, Stdio};

/// Scenarios that are all invalid, so that `judge check` writes a diagnostic for each on stderr.
fn invalid_scenarios(count: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..count {
        std::fs::write(dir.path().join(format!("bad{i:02}.yaml")), "x: [\n").unwrap();
    }
    dir
}

/// `judge check dir 2>&1 | head -1`: both streams go to a pipe whose reader has gone. The
/// process ends with the exit code of what it found (invalid files: 2), not a panic (101).
#[test]
fn closed_output_streams_end_quietly_with_the_exit_code() {
    let data = data_dir();
    let scenarios = invalid_scenarios(40);
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let status = judge(data.path())
        .arg("check")
        .arg(scenarios.path())
        .stdout(Stdio::from(writer.try_clone().unwrap()))
        .stderr(Stdio::from(writer))
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2), "{status:?}");
}

/// A full stdout and stderr (`/dev/full`): the output is lost, which is an error (2), said if
/// stderr can take it; never a panic.
#[cfg(target_os = "linux")]
#[test]
fn full_output_streams_end_with_an_error_code() {
    let data = data_dir();
    let scenarios = invalid_scenarios(3);
    let full = || Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap());
    let status = judge(data.path()).arg("check").arg(scenarios.path()).stdout(full()).stderr(full()).status().unwrap();
    assert_eq!(status.code(), Some(2), "{status:?}");
    let output = judge(data.path()).args(["rule", "100.1"]).stdout(full()).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot write the output"));
}

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");

/// The fixture without section 101: whole (its contents no longer announce it), and smaller.
fn smaller_fixture() -> String {
    std::fs::read_to_string(FIXTURE)
        .unwrap()
        .replace("101. The Golden Rules\n", "")
        .replace(
            "101.1. When a card says something that contradicts these rules, the card wins. See rule 614.1.\n\n",
            "",
        )
        .replace("101.2. When one effect says a thing can happen and another says it can’t, the “can’t” wins.\n\n", "")
}

fn stored_rules(data: &Path, name: &str) -> usize {
    judge::corpus::Store::new(data).load(name).unwrap().rule_count()
}

/// Two imports of different texts under one name at the same moment: the check of what would be
/// replaced and the write are under one lock, so the smaller text never ends up stored while
/// both imports say they succeeded. Either the bigger went in last, or the smaller was refused.
#[test]
fn concurrent_imports_under_one_name_never_keep_the_smaller_text_silently() {
    let work = tempfile::tempdir().unwrap();
    let small = work.path().join("small.txt");
    std::fs::write(&small, smaller_fixture()).unwrap();
    for round in 0..12 {
        let data = data_dir();
        let spawn = |file: &Path| {
            judge(data.path())
                .args(["corpus", "import"])
                .arg(file)
                .args(["--edition", "mini"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        };
        // In both orders of start.
        let (mut first, mut second) = if round % 2 == 0 {
            (spawn(Path::new(FIXTURE)), spawn(&small))
        } else {
            (spawn(&small), spawn(Path::new(FIXTURE)))
        };
        let codes = (first.wait().unwrap().code(), second.wait().unwrap().code());
        let rules = stored_rules(data.path(), "mini");
        if codes == (Some(0), Some(0)) {
            assert_eq!(rules, 13, "round {round}: both succeeded and the smaller text is stored");
        } else {
            assert!(matches!(codes, (Some(0), Some(2)) | (Some(2), Some(0))), "round {round}: {codes:?}");
            assert_eq!(rules, 13, "round {round}: the bigger text is stored, the smaller refused");
        }
    }
}

/// Inputs without end (`/dev/zero`) are refused at their bound with a clear message, for every
/// file judge reads: a config, a scenario, a rules text.
#[cfg(target_os = "linux")]
#[test]
fn endless_inputs_are_refused_at_their_bound() {
    let data = data_dir();
    let cases: [(&[&str], &str); 3] = [
        (&["--config", "/dev/zero", "rule", "100.1"], "it holds more than 1 MB, the most judge reads of it"),
        (&["check", "/dev/zero"], "a scenario file is at most 67,108,864 bytes"),
        (&["corpus", "import", "/dev/zero"], "it holds more than 64 MB, the most judge reads of it"),
    ];
    for (args, message) in cases {
        let output = judge(data.path()).args(args).env("COLUMNS", "250").output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

/// A rules text whose glossary lost the blank lines between its entries reads as one entry
/// holding all the others: refused with the reason, and the stored edition is kept whole.
#[test]
fn a_glossary_without_blank_lines_is_refused() {
    let data = data_dir();
    let (code, _, err) = crate::support::run(data.path(), &["corpus", "import", FIXTURE, "--edition", "mini"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(FIXTURE).unwrap();
    let at = text.rfind("\nGlossary\n").unwrap();
    let credits = text.rfind("\nCredits\n").unwrap();
    let squeezed = format!(
        "{}\nGlossary\n\n{}\n{}",
        &text[..at],
        text[at + "\nGlossary\n".len()..credits].trim().replace("\n\n", "\n"),
        &text[credits..]
    );
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("squeezed.txt");
    std::fs::write(&file, squeezed).unwrap();
    let before = crate::support::files(data.path());
    let (code, _, err) =
        crate::support::run_wide(data.path(), &[], &["corpus", "import", file.to_str().unwrap(), "--edition", "mini"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the blank lines between the glossary's entries seem to be missing"), "{err}");
    assert!(err.contains("the glossary entry `Active Player` runs over 12 lines"), "{err}");
    assert_eq!(crate::support::files(data.path()), before, "the store is left as it was");
}

/// `judge check` on a tree with links to directories (to itself, to its parent, out of the tree)
/// checks each file of the tree once, and ends.
#[cfg(unix)]
#[test]
fn check_follows_no_directory_link() {
    use std::os::unix::fs::symlink;
    let data = data_dir();
    let root = tempfile::tempdir().unwrap();
    let tree = root.path().join("tree");
    let outside = root.path().join("outside");
    std::fs::create_dir_all(tree.join("sub")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    let bad = "x: [\n";
    std::fs::write(tree.join("a.yaml"), bad).unwrap();
    std::fs::write(tree.join("sub/b.yaml"), bad).unwrap();
    std::fs::write(outside.join("c.yaml"), bad).unwrap();
    symlink(&tree, tree.join("self")).unwrap();
    symlink(&tree, tree.join("sub/up")).unwrap();
    symlink(&tree, tree.join("sub/up2")).unwrap();
    symlink(&outside, tree.join("out")).unwrap();
    let (code, stdout, stderr) = crate::support::run(data.path(), &["check", tree.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.contains("2 files: 0 ok, 0 no expectation, 0 differ, 2 invalid"), "{stdout}");
}

/// A pipe, a directory and a link out of the store named like editions: `corpus list` and the
/// choice of the newest edition pass over them with a warning, and still list and use the good
/// edition; asked for by name, each is refused with what it is, at once (a pipe is never opened).
#[cfg(unix)]
#[test]
fn foreign_files_in_the_store_are_passed_over() {
    let data = data_dir();
    let (code, _, err) = crate::support::run(data.path(), &["corpus", "import", FIXTURE]);
    assert_eq!(code, 0, "{err}");
    let editions = data.path().join("editions");
    assert!(Command::new("mkfifo").arg(editions.join("x.edition")).status().unwrap().success());
    std::fs::create_dir(editions.join("folder.edition")).unwrap();
    let (code, stdout, stderr) = crate::support::run_wide(data.path(), &[], &["corpus", "list"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("en-2024-04-01"), "{stdout}");
    assert!(stderr.contains("x.edition` is a named pipe (FIFO), not an edition file"), "{stderr}");
    assert!(stderr.contains("folder.edition` is a directory, not an edition file"), "{stderr}");
    let config = data.path().join("config.yaml");
    std::fs::write(&config, "edition: latest\n").unwrap();
    let args = ["--config", config.to_str().unwrap(), "rule", "100.1"];
    let (code, stdout, stderr) = crate::support::run_wide(data.path(), &[], &args);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("100.1"), "{stdout}");
    assert!(stderr.contains("a stored edition was passed over in choosing the newest"), "{stderr}");
    let (code, _, stderr) = crate::support::run_wide(data.path(), &[], &["rule", "100.1", "--edition", "x"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is a named pipe (FIFO), not an edition file"), "{stderr}");
}

/// Every piece of advice a stored edition's error gives is a command that runs: the fix it names
/// (`judge corpus import FILE --edition NAME`) is taken as written, with FILE the rules text, and
/// mends the store.
#[cfg(unix)]
#[test]
fn the_advice_of_every_store_error_runs() {
    let data = data_dir();
    let name = "en-2024-04-01";
    let path = data.path().join("editions").join(format!("{name}.edition"));
    let damages: [(&str, &dyn Fn()); 4] = [
        ("damaged", &|| std::fs::write(&path, b"judge edition\n garbage").unwrap()),
        ("outdated", &|| {
            let mut bytes = std::fs::read(&path).unwrap();
            bytes[14..18].copy_from_slice(&99u32.to_le_bytes());
            std::fs::write(&path, bytes).unwrap();
        }),
        ("dangling", &|| {
            std::fs::remove_file(&path).unwrap();
            std::os::unix::fs::symlink(data.path().join("gone"), &path).unwrap();
        }),
        ("pipe", &|| {
            std::fs::remove_file(&path).unwrap();
            assert!(Command::new("mkfifo").arg(&path).status().unwrap().success());
        }),
    ];
    for (what, damage) in damages {
        let (code, _, err) = crate::support::run(data.path(), &["corpus", "import", FIXTURE]);
        assert_eq!(code, 0, "{what}: {err}");
        damage();
        let (code, _, stderr) = crate::support::run_wide(data.path(), &[], &["rule", "100.1", "--edition", name]);
        assert_eq!(code, 2, "{what}: {stderr}");
        let advice =
            stderr.split('`').find(|part| part.starts_with("judge ")).unwrap_or_else(|| panic!("{what}: {stderr}"));
        let args: Vec<&str> =
            advice.split_whitespace().skip(1).map(|w| if w == "FILE" { FIXTURE } else { w }).collect();
        let (code, _, err) = crate::support::run(data.path(), &args);
        assert_eq!(code, 0, "{what}: `{advice}` fails: {err}");
        let (code, _, err) = crate::support::run(data.path(), &["rule", "100.1", "--edition", name]);
        assert_eq!(code, 0, "{what}: mended by `{advice}`: {err}");
    }
}

/// A scenario of `reflections` Thought Reflections ("If you would draw a card, draw two cards
/// instead") and one draw of `cards`, written to a temporary file.
fn thought_reflections(reflections: usize, cards: usize) -> tempfile::NamedTempFile {
    let mut yaml = String::from("title: t\nquestion: q\nplayers:\n  - name: Alice\n    active: true\nobjects:\n");
    for i in 0..reflections {
        yaml.push_str(&format!("  - card: Thought Reflection\n    id: reflection-{i}\n"));
    }
    yaml.push_str(&format!("events:\n  - draw: {{player: Alice, cards: {cards}}}\n"));
    let file = tempfile::Builder::new().suffix(".yaml").tempfile().unwrap();
    std::fs::write(file.path(), yaml).unwrap();
    file
}

/// `judge resolve` of the scenario, its address space bounded by `prlimit` where there is one:
/// an exploration that outgrows its budget ends with the diagnostic rather than an allocation
/// failure (abort, 134).
fn resolve_bounded(data: &Path, scenario: &Path) -> std::process::Output {
    let bin = assert_cmd::cargo::cargo_bin("judge");
    let mut cmd = match Command::new("prlimit").arg("--version").output() {
        Ok(o) if o.status.success() => {
            let mut cmd = Command::new("prlimit");
            cmd.arg("--as=1500000000").arg(bin);
            cmd
        }
        _ => Command::new(bin),
    };
    cmd.env_clear()
        .env("NO_COLOR", "1")
        .env("COLUMNS", "200")
        .env("JUDGE_DATA_DIR", data)
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .arg("resolve")
        .arg(scenario)
        .output()
        .unwrap()
}

/// Five Reflections make a draw of 100 into 3,200 draws one after another: explored by
/// recursion, they overflowed the stack (abort, 134). The depth is bounded, and said.
#[test]
fn a_long_chain_of_draws_is_refused_not_a_stack_overflow() {
    let data = data_dir();
    let scenario = thought_reflections(5, 100);
    let output = resolve_bounded(data.path(), scenario.path());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{:?}\n{stderr}", output.status);
    assert!(stderr.contains("more than 1000 steps one after another"), "{stderr}");
    assert!(stderr.contains("in the scenario's event 1"), "{stderr}");
    assert!(stderr.contains("split the events"), "{stderr}");
}

/// The deepest exploration the limits allow, on a thread of 2 MiB of stack (the default of a
/// spawned thread, a quarter of the main thread's): five Reflections and a draw of 100, then two
/// draws of 100 more. Exploring goes down its steps with a stack of its own, not by recursion, so
/// it reaches its depth limit and says so whatever the thread's stack.
#[test]
fn the_deepest_exploration_fits_a_small_thread_stack() {
    for events in [1, 3] {
        let mut yaml = String::from("title: t\nquestion: q\nplayers:\n  - name: Alice\n    active: true\nobjects:\n");
        for i in 0..5 {
            yaml.push_str(&format!("  - card: Thought Reflection\n    id: reflection-{i}\n"));
        }
        yaml.push_str("events:\n");
        yaml.push_str(&"  - draw: {player: Alice, cards: 100}\n".repeat(events));
        let refused = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let board = judge::scenario::read("reflections.yaml", &yaml).expect("a valid scenario");
                judge::engine::judge(&board).err().map(|e| e.to_string())
            })
            .unwrap()
            .join()
            .expect("no stack overflow, no panic");
        let refused = refused.expect("the depth limit is reached");
        assert!(refused.contains("more than 1000 steps one after another"), "{refused}");
    }
}

/// Seven or eight Reflections and a draw of one or two: states that each hold up to hundreds of
/// cards drawn; the state limit alone let such explorations take gigabytes. The events the states hold are
/// budgeted, and the budget is said when it runs out, within the address space given.
#[test]
fn an_exploration_is_bounded_by_what_its_states_hold() {
    let data = data_dir();
    for (reflections, cards) in [(7, 1), (8, 1), (7, 2)] {
        let scenario = thought_reflections(reflections, cards);
        let output = resolve_bounded(data.path(), scenario.path());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{reflections}, {cards}: {:?}\n{stderr}", output.status);
        assert!(stderr.contains("more than 10000000 events held by the states explored"), "{stderr}");
    }
    // Seven and a draw of five (the 2.9 GB case) stops at one limit or the other, said.
    let scenario = thought_reflections(7, 5);
    let output = resolve_bounded(data.path(), scenario.path());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{:?}\n{stderr}", output.status);
    assert!(stderr.contains("the events cannot be explored"), "{stderr}");
}

/// `judge resolve` on a scenario written to a temporary directory: (exit code, stdout, stderr).
fn resolve_text(yaml: &str) -> (i32, String, String) {
    let data = data_dir();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("overflow.yaml"), yaml).unwrap();
    crate::support::run_in(data.path(), dir.path(), &["resolve", "overflow.yaml"])
}

/// A number beyond what the engine holds is an error that says so (exit 2), never a clamped
/// value; a result in range is the exact one.
fn assert_overflow_refused_or_exact(yaml: &str, exact: &str, wrong: &str) {
    let (code, stdout, stderr) = resolve_text(yaml);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stdout.contains(wrong), "a clamped value is shown: {stdout}");
    match code {
        2 => assert!(stderr.contains("overflow"), "{stderr}"),
        0 => assert!(stdout.contains(exact), "{stdout}"),
        _ => panic!("exit {code}: {stdout}{stderr}"),
    }
}

const PLAYERS: &str = "players:\n  - name: Alice\n    active: true\n  - name: Bob\n";

/// 2^63−1 under Glorious Anthem (+1/+1) with a −1/−1 counter: the true value is 2^63−1, which
/// saturating arithmetic turns into 2^63−2 when the anthem applies first.
#[test]
fn power_past_the_range_under_an_anthem_is_not_clamped() {
    let yaml = format!(
        "title: big numbers\nquestion: power\n{PLAYERS}objects:\n  - card: Glorious Anthem\n  - id: big\n    name: Big\n    owner: Alice\n    types: [creature]\n    power: 9223372036854775807\n    toughness: 9223372036854775807\n    counters: {{\"-1/-1\": 1}}\n"
    );
    assert_overflow_refused_or_exact(&yaml, "9223372036854775807", "9223372036854775806");
}

/// Damage multiplied past the range: 2 damage under four replacements that each multiply it by
/// 1,000,000 (each within what a scenario may state; together 2·10^24, as 64 doublers would give
/// 2^65). Multiplications compound (614.5), so no bound on stated numbers can keep them in range.
/// The error is placed at the event.
#[test]
fn damage_multiplied_past_the_range_is_refused_not_clamped() {
    let doublers: String = (0..4)
        .map(|i| format!("  - id: doubler-{i}\n    name: Doubler\n    owner: Alice\n    types: [enchantment]\n    abilities:\n      - id: doubler-{i}-multiplies\n        text: If a creature you control would deal damage, it deals a million times that damage instead.\n        effect:\n          replacement:\n            event: damage\n            source: {{types: [creature], controller: you}}\n            multiply: 1000000\n"))
        .collect();
    let yaml = format!(
        "title: big numbers\nquestion: damage\n{PLAYERS}objects:\n{doublers}  - card: Grizzly Bears\nevents:\n  - damage: {{from: grizzly-bears, to: Bob, amount: 2}}\n"
    );
    let (code, stdout, stderr) = resolve_text(&yaml);
    assert!(!stdout.contains("9223372036854775807"), "a clamped value is shown: {stdout}");
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("overflow"), "{stderr}");
    let line = yaml.lines().position(|l| l.starts_with("  - damage:")).unwrap() + 1;
    assert!(stderr.contains(&format!("x line {line}: applying `doubler-3-multiplies` to event 1")), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// Results in range each, past it together: three events of 4·10^18 damage each to one player
/// (three multiplications by 1,000,000 of 4) take the life total past −2^63 on the board after.
#[test]
fn life_lost_past_the_range_over_several_events_is_refused_not_clamped() {
    let multipliers: String = (0..3)
        .map(|i| format!("  - id: m-{i}\n    name: Multiplier\n    owner: Alice\n    types: [enchantment]\n    abilities:\n      - id: m-{i}-multiplies\n        text: If a creature you control would deal damage, it deals a million times that damage instead.\n        effect:\n          replacement:\n            event: damage\n            source: {{types: [creature], controller: you}}\n            multiply: 1000000\n"))
        .collect();
    let damage = "  - damage: {from: grizzly-bears, to: Bob, amount: 4}\n".repeat(3);
    let yaml = format!(
        "title: big numbers\nquestion: life\nplayers:\n  - name: Alice\n    active: true\n  - name: Bob\n    life: 20\nobjects:\n{multipliers}  - card: Grizzly Bears\nevents:\n{damage}"
    );
    let (code, stdout, stderr) = resolve_text(&yaml);
    assert!(!stdout.contains("9223372036854775808"), "a clamped value is shown: {stdout}");
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("the life total of `Bob` would overflow"), "{stderr}");
}

/// A number a scenario states beyond the bound is refused at its place, and so is the N of a
/// counter kind: a `+N/+N` counter's N times its count must stay in range too.
#[test]
fn numbers_beyond_the_bound_are_refused_at_their_place() {
    let yaml = format!(
        "title: big numbers\nquestion: bound\n{PLAYERS}objects:\n  - id: big\n    name: Big\n    owner: Alice\n    types: [creature]\n    power: 1000001\n    toughness: 1000000\n    counters: {{\"+99999999/+0\": 1, \"+1/+1\": -1000000}}\n"
    );
    let (code, stdout, stderr) = resolve_text(&yaml);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("x line 12: the number 1000001 is beyond"), "{stderr}");
    assert!(stderr.contains("x line 14: the number +99999999/+0 is beyond"), "{stderr}");
    assert!(!stderr.contains("line 13") && !stderr.contains("-1000000 is"), "{stderr}");
    assert!(stderr.contains("overflow") && stderr.contains("at most 1,000,000"), "{stderr}");
    let lowest = PLAYERS.replace("  - name: Bob\n", "  - name: Bob\n    life: -9223372036854775808\n");
    let (code, _, stderr) = resolve_text(&format!("title: big numbers\nquestion: bound\n{lowest}"));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("x line 7: the number -9223372036854775808 is beyond"), "{stderr}");
}

/// The engine makes tokens one by one and draws card by card: more at once than it follows is
/// refused, at the event, never cut short. 600 tokens under Anointed Procession would be 1,200;
/// a stated count past the bound is refused at its place.
#[test]
fn tokens_past_the_engines_bound_are_refused_not_cut_short() {
    let tokens = |count: u32| {
        format!("title: many tokens\nquestion: tokens\n{PLAYERS}objects:\n  - card: Anointed Procession\nevents:\n  - tokens: {{player: Alice, count: {count}, token: 1/1 white Soldier creature}}\n")
    };
    let (code, stdout, stderr) = resolve_text(&tokens(600));
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("x line 10: applying `anointed-procession-effect` to event 1"), "{stderr}");
    assert!(stderr.contains("would create more tokens at once than the engine follows (at most 1000)"), "{stderr}");
    let (code, stdout, _) = resolve_text(&tokens(500));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("token-1000"), "every token is on the board after: {stdout}");
    let (code, _, stderr) = resolve_text(&tokens(1001));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("x line 10: `1001` tokens: at most 1000 at once"), "{stderr}");
}

/// A replacement that draws 5,000 cards instead of one: more draws from one instruction than the
/// engine follows, refused at the event that asks for it.
#[test]
fn draws_past_the_engines_bound_are_refused_not_cut_short() {
    let font = "  - id: font\n    name: Font\n    owner: Alice\n    types: [enchantment]\n    abilities:\n      - id: font-draws\n        text: If you would draw a card, draw five thousand cards instead.\n        effect:\n          replacement:\n            event: draw\n            player: [you]\n            instead:\n              draw: 5000\n";
    let yaml = format!(
        "title: big draw\nquestion: draws\n{PLAYERS}objects:\n{font}events:\n  - draw: {{player: Alice, cards: 1}}\n"
    );
    let (code, stdout, stderr) = resolve_text(&yaml);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("x line 22: applying `font-draws` to event 1 (Alice draws a card)"), "{stderr}");
    assert!(stderr.contains("would draw more cards at once") && stderr.contains("(at most 1000)"), "{stderr}");
}

/// A life total past the range: 2^63−1 life and a gain of 1.
#[test]
fn life_past_the_range_is_refused_not_clamped() {
    let yaml = "title: big numbers\nquestion: life\nplayers:\n  - name: Alice\n    active: true\n    life: 9223372036854775807\n  - name: Bob\nobjects:\n  - card: Grizzly Bears\nevents:\n  - gain_life: {player: Alice, amount: 1, by: grizzly-bears}\n";
    let (code, stdout, stderr) = resolve_text(yaml);
    assert!(!stdout.contains("9223372036854775807"), "a clamped value is shown: {stdout}");
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("overflow"), "{stderr}");
}

/// A name or id pasted by mistake (300,000 characters) is echoed back as a short prefix: by
/// every problem of a scenario, by a rule lookup, an edition name and a card lookup. They echoed
/// it whole (a scenario's error was 300 KB).
#[test]
fn messages_echo_a_short_prefix_of_the_input() {
    let long = "x".repeat(300_000);
    let yaml = format!(
        "title: t\nquestion: q\n{PLAYERS}objects:\n  - card: {long}\n  - {{id: a, name: A, owner: {long}, types: [creature], power: 1, toughness: 1}}\nask:\n  objects: [{long}]\n"
    );
    let (code, stdout, stderr) = resolve_text(&yaml);
    assert_eq!(code, 2, "{stdout}");
    assert!(stderr.contains("no card named"), "{}", &stderr[..stderr.len().min(2000)]);
    assert!(stderr.contains(&format!("`{}…", "x".repeat(80))), "{}", &stderr[..stderr.len().min(2000)]);
    assert!(stderr.len() < 5_000, "{} bytes of errors", stderr.len());
    let data = data_dir();
    let short = "1".repeat(30_000);
    for args in
        [vec!["rule", short.as_str()], vec!["rule", "614.1", "--edition", short.as_str()], vec!["card", short.as_str()]]
    {
        let (code, stdout, stderr) = crate::support::run(data.path(), &args);
        assert_ne!(code, 0, "{args:?}");
        assert!(stdout.len() + stderr.len() < 2_000, "{args:?}: {} bytes", stdout.len() + stderr.len());
        let said = format!("{stdout}{stderr}");
        assert!(said.contains(&"1".repeat(80)) && !said.contains(&"1".repeat(81)), "{args:?}: {said}");
    }
}
