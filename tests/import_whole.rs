//! An import takes a rules text only whole, and replaces an edition only with one as big: the
//! miniature text cut at each kind of place, through `judge corpus import`; the 2011 text cut in
//! half, a three-line file; and the official texts cut at pseudo-random points, each either
//! refused or imported with exactly the rules and glossary of the whole file.

use crate::support::{self, data_dir, official_cr};
use judge::corpus::decode;
use judge::corpus::Edition;
use judge::corpus::{ImportError, ImportOptions, Store};
use judge::rng::Rng;
use miette::Diagnostic;
use std::fs;
use std::path::Path;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");

fn fixture_text() -> String {
    fs::read_to_string(FIXTURE).unwrap()
}

/// The fixture up to the last occurrence of `marker`: the real heading, not the contents' line.
fn cut_before(marker: &str) -> String {
    let text = fixture_text();
    text[..text.rfind(marker).unwrap_or_else(|| panic!("`{marker}` is in the fixture"))].to_string()
}

/// A working directory holding `file` with `text`, for `judge` to be run in.
fn work_with(file: &str, text: &str) -> tempfile::TempDir {
    let work = tempfile::tempdir().unwrap();
    fs::write(work.path().join(file), text).unwrap();
    work
}

/// A data directory with the whole fixture imported as `mini`.
fn with_mini() -> tempfile::TempDir {
    let dir = data_dir();
    let (code, _, stderr) = support::run(dir.path(), &["corpus", "import", FIXTURE, "--edition", "mini"]);
    assert_eq!(code, 0, "{stderr}");
    dir
}

/// Runs `judge` in `cwd`: (exit code, stdout, stderr with each message on one line, so that a
/// test can look for a clause however the terminal width wrapped it).
fn run_in(data: &Path, cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let (code, stdout, stderr) = support::run_in(data, cwd, args);
    (code, stdout, unwrapped(&stderr))
}

/// miette's wrapped lines joined again: a continuation starts with `|` or is the indented rest of
/// a help.
fn unwrapped(stderr: &str) -> String {
    let mut out = String::new();
    for line in stderr.lines() {
        let trimmed = line.trim_start();
        match trimmed.strip_prefix("| ") {
            Some(rest) => out.push_str(rest),
            None if line.starts_with("        ") && !trimmed.is_empty() => out.push_str(trimmed),
            None => {
                out.push('\n');
                out.push_str(line);
            }
        }
        if !out.ends_with(['\n', ' ']) {
            out.push(' ');
        }
    }
    out
}

/// The rules (number, text, examples), headings and glossary of an edition, to compare two
/// imports.
#[derive(Debug, PartialEq, Eq)]
struct Content {
    rules: Vec<(String, String, Vec<String>)>,
    sections: Vec<(u16, String)>,
    glossary: Vec<(String, String)>,
}

fn content(edition: &Edition) -> Content {
    Content {
        rules: edition.rules().map(|r| (r.id.to_string(), r.text.clone(), r.examples.clone())).collect(),
        sections: edition.parsed.sections.iter().map(|(s, h)| (*s, h.clone())).collect(),
        glossary: edition.parsed.glossary.iter().map(|e| (e.term.clone(), e.definition.clone())).collect(),
    }
}

#[test]
fn a_cut_file_is_refused_with_what_it_lacks_and_changes_nothing() {
    let dir = with_mini();
    let before = support::files(dir.path());
    for (place, text, lacks) in [
        (
            "between sections",
            cut_before("613. Interaction of Continuous Effects\n\n613.1."),
            &[
                "sections 613–614 announced by the contents are not in the file",
                "the glossary is missing",
                "the file seems cut after line",
                ", after rule 101.2",
            ][..],
        ),
        (
            "inside a rule",
            cut_before("are applied in a series of layers"),
            &["section 614 announced by the contents is not in the file", "the glossary is missing"],
        ),
        ("after the rules", cut_before("Glossary\n\nActive Player\n"), &["the glossary is missing"]),
        ("inside the glossary", cut_before("Trample"), &["the credits heading", ", in the glossary"]),
        ("just before the credits", cut_before("Credits\n\nWritten"), &["the credits heading", ", in the glossary"]),
        ("inside the credits heading", cut_before("dits\n\nWritten"), &["the credits heading"]),
    ] {
        let work = work_with("cut.txt", &text);
        for name in [&["--edition", "mini"][..], &["--edition", "other"], &[]] {
            let args = [&["corpus", "import", "cut.txt"][..], name].concat();
            let (code, stdout, stderr) = run_in(dir.path(), work.path(), &args);
            assert_eq!((code, stdout.as_str()), (2, ""), "{place}: {stderr}");
            assert!(stderr.contains("`cut.txt` is not a whole rules text: "), "{place}: {stderr}");
            for clause in lacks {
                assert!(stderr.contains(clause), "{place}: `{clause}` in {stderr}");
            }
            assert!(stderr.contains("--allow-partial"), "{stderr}");
            assert_eq!(support::files(dir.path()), before, "{place} {name:?}: the store is left byte for byte");
        }
    }
}

/// A cut inside the front matter leaves no rule at all: the parser refuses the text before the
/// check of its parts is reached.
#[test]
fn a_cut_inside_the_front_matter_is_refused_by_the_parser() {
    let dir = with_mini();
    let before = support::files(dir.path());
    for (place, marker, problems) in [
        ("before the date", "rules are effective", &["no effective date", "no rules found"][..]),
        ("inside the contents list", "613. Interaction", &["no rules found"]),
    ] {
        let text = fixture_text();
        let work = work_with("cut.txt", &text[..text.find(marker).unwrap()]);
        let (code, _, stderr) = run_in(dir.path(), work.path(), &["corpus", "import", "cut.txt", "--edition", "mini"]);
        assert_eq!(code, 2, "{place}");
        assert!(stderr.contains(&format!("`cut.txt` cannot be imported: {} problem", problems.len())), "{stderr}");
        for problem in problems {
            assert!(stderr.contains(&format!("line 1: {problem}")), "{place}: {stderr}");
        }
        assert_eq!(support::files(dir.path()), before, "{place}");
    }
}

#[test]
fn the_refusal_points_at_where_the_file_ends() {
    let dir = data_dir();
    let work = work_with("cut.txt", &cut_before("are applied in a series of layers"));
    let (code, _, stderr) = support::run_in(dir.path(), work.path(), &["corpus", "import", "cut.txt"]);
    assert_eq!(code, 2);
    insta::assert_snapshot!(stderr);
    assert!(!dir.path().join("editions").exists());
}

#[test]
fn a_cut_inside_the_credits_loses_nothing_and_imports() {
    let dir = with_mini();
    let whole = Store::new(dir.path()).load("mini").unwrap();
    for (place, text) in [
        ("after the credits heading", cut_before("Written for the tests")),
        ("inside the credits", cut_before(" not the official rules.")),
        ("right after the heading's letters", cut_before("\n\nWritten for the tests")),
    ] {
        let work = work_with("cut.txt", &text);
        let (code, stdout, stderr) =
            run_in(dir.path(), work.path(), &["corpus", "import", "cut.txt", "--edition", "cut"]);
        assert_eq!(code, 0, "{place}: {stderr}");
        assert_eq!(stderr, "", "{place}");
        assert!(stdout.starts_with("imported cut: 13 rules"), "{stdout}");
        assert_eq!(content(&Store::new(dir.path()).load("cut").unwrap()), content(&whole), "{place}");
    }
}

#[test]
fn allow_partial_imports_a_part_with_a_warning_naming_what_is_missing() {
    let dir = data_dir();
    let work = work_with("cut.txt", &cut_before("614. Replacement Effects\n\n614.1."));
    let args = ["corpus", "import", "cut.txt", "--edition", "part", "--allow-partial"];
    let (code, stdout, stderr) = run_in(dir.path(), work.path(), &args);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("imported part: 9 rules"), "{stdout}");
    assert!(stderr.contains("`cut.txt` is not a whole rules text and was imported as `part` all the same"), "{stderr}");
    assert!(stderr.contains("section 614 announced by the contents is not in the file"), "{stderr}");
    assert!(!stderr.contains("Error"), "a warning, not an error: {stderr}");
    let part = Store::new(dir.path()).load("part").unwrap();
    assert_eq!(part.parsed.sections.keys().copied().collect::<Vec<_>>(), [100, 101, 613]);
    assert!(part.parsed.glossary.is_empty());
}

#[test]
fn the_three_line_file_is_refused() {
    let dir = with_mini();
    let before = support::files(dir.path());
    let work = work_with("three.txt", "These rules are effective as of April 1, 2024.\n\n100.1. One rule.\n");
    let (code, _, stderr) = run_in(dir.path(), work.path(), &["corpus", "import", "three.txt", "--edition", "mini"]);
    assert_eq!(code, 2);
    for clause in [
        "the file has no contents list, so the sections it should hold cannot be checked",
        "the glossary is missing",
        "the file seems cut after line 3, after rule 100.1",
    ] {
        assert!(stderr.contains(clause), "`{clause}` in {stderr}");
    }
    assert_eq!(support::files(dir.path()), before);
    // Allowed to be partial, it still may not take the place of the whole edition.
    let args = ["corpus", "import", "three.txt", "--edition", "mini", "--allow-partial"];
    let (code, _, stderr) = run_in(dir.path(), work.path(), &args);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("importing `three.txt` as `mini` would replace an edition with more rules, sections"),
        "{stderr}"
    );
    assert_eq!(support::files(dir.path()), before);
}

#[test]
fn a_smaller_edition_replaces_one_only_with_replace() {
    let dir = with_mini();
    let before = support::files(dir.path());
    // Whole, but without section 101: its contents no longer announce it.
    let smaller = fixture_text()
        .replace("101. The Golden Rules\n", "")
        .replace(
            "101.1. When a card says something that contradicts these rules, the card wins. See rule 614.1.\n\n",
            "",
        )
        .replace("101.2. When one effect says a thing can happen and another says it can’t, the “can’t” wins.\n\n", "");
    let work = work_with("smaller.txt", &smaller);
    let (code, stdout, stderr) =
        run_in(dir.path(), work.path(), &["corpus", "import", "smaller.txt", "--edition", "mini"]);
    assert_eq!((code, stdout.as_str()), (2, ""), "{stderr}");
    assert!(
        stderr.contains(
            "importing `smaller.txt` as `mini` would replace an edition with more rules and sections: \
             13 rules in 4 sections now, 11 rules in 3 sections after"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("it would lose section 101 and 2 rules (101.1, 101.2)"), "{stderr}");
    assert!(stderr.contains("`--replace`"), "{stderr}");
    assert_eq!(support::files(dir.path()), before, "the store is left byte for byte");

    // Under another name it is no replacement.
    let (code, _, stderr) = run_in(dir.path(), work.path(), &["corpus", "import", "smaller.txt", "--edition", "mini2"]);
    assert_eq!((code, stderr.as_str()), (0, ""));

    let args = ["corpus", "import", "smaller.txt", "--edition", "mini", "--replace"];
    let (code, stdout, stderr) = run_in(dir.path(), work.path(), &args);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("imported mini: 11 rules"), "{stdout}");
    assert!(stderr.contains("`mini` was replaced by `smaller.txt`, which has fewer rules and sections"), "{stderr}");
    assert!(stderr.contains("`mini` no longer has section 101 and 2 rules (101.1, 101.2)"), "{stderr}");
    assert!(!stderr.contains("Error"), "{stderr}");

    // The same or a bigger text over it needs nothing.
    for file in [&*work.path().join("smaller.txt").to_string_lossy(), FIXTURE] {
        let (code, _, stderr) = run_in(dir.path(), work.path(), &["corpus", "import", file, "--edition", "mini"]);
        assert_eq!((code, stderr.as_str()), (0, ""), "{file}");
    }
}

#[test]
fn the_flags_are_in_the_help() {
    let dir = data_dir();
    let (code, help, _) = support::run(dir.path(), &["corpus", "import", "--help"]);
    assert_eq!(code, 0);
    for text in ["--allow-partial", "--replace", "judge corpus import cut.txt --edition en-2011-cut --allow-partial"] {
        assert!(help.contains(text), "`{text}` in {help}");
    }
    let (_, help, _) = support::run(dir.path(), &["corpus", "fetch", "--help"]);
    assert!(help.contains("--allow-partial") && help.contains("--replace"), "{help}");
}

/// The store as a whole: every file with its bytes.
fn store_files(root: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    if root.exists() {
        support::files(root)
    } else {
        vec![]
    }
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn the_2011_text_cut_in_half_is_refused() {
    let bytes = fs::read(official_cr("MagicCompRules_20110204.txt")).unwrap();
    let root = tempfile::tempdir().unwrap();
    let store = Store::new(root.path().join("data"));
    store.import(&official_cr("MagicCompRules_20110204.txt"), None).unwrap();
    let before = store_files(store.root());
    let half = root.path().join("half.txt");
    fs::write(&half, &bytes[..bytes.len() / 2]).unwrap();

    let err = store.import(&half, None).unwrap_err();
    assert!(matches!(err, ImportError::Incomplete(_)), "{err:?}");
    let message = err.to_string();
    // Counted on the first half of the file (CRs stripped): 923 rule lines, the last one 615.3 on
    // line 2304, and 86 of the 120 section headings, the last one 615.
    assert!(message.contains("sections 616–904 announced by the contents are not in the file"), "{message}");
    assert!(message.contains("the glossary is missing"), "{message}");
    assert!(message.contains("the file seems cut after line 2304, after rule 615.3"), "{message}");
    assert!(err.help().unwrap().to_string().contains("--allow-partial"));
    assert_eq!(store_files(store.root()), before);

    // Allowed to be partial, it may still not take the whole edition's place.
    let partial = ImportOptions { allow_partial: true, ..ImportOptions::default() };
    let err = store.import_with(&half, None, partial).unwrap_err();
    assert!(matches!(err, ImportError::WouldLose(_)), "{err:?}");
    assert_eq!(
        err.to_string(),
        "importing `{}` as `en-2011-02-04` would replace an edition with more rules, sections, glossary entries \
         and examples: 1781 rules in 120 sections now, 923 rules in 86 sections after; 449 glossary entries and \
         207 examples now, 0 glossary entries and 102 examples after"
            .replace("{}", &half.display().to_string())
    );
    let help = err.help().unwrap().to_string();
    assert!(
        help.starts_with("it would lose sections 616–904, 858 rules (615.4, 615.5, 615.6, 615.7, 615.8, …)"),
        "{help}"
    );
    assert_eq!(store_files(store.root()), before);
    assert_eq!(store.load("en-2011-02-04").unwrap().rule_count(), 1781);

    let both = ImportOptions { allow_partial: true, replace: true };
    let imported = store.import_with(&half, None, both).unwrap();
    assert_eq!(imported.rule_count, 923);
    assert!(imported.partial.is_some() && imported.replaced.is_some());
}

/// The nine official texts each announce as many sections in their contents as they have, so
/// none of them is taken for a part.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn every_official_text_is_whole_by_its_own_contents() {
    use judge::corpus::check_completeness;
    use judge::corpus::parse_english;
    for (file, sections) in [
        ("MagicCompRules_20110204.txt", 120),
        ("MagicCompRules_20110501.txt", 121),
        ("MagicCompRules_20121001.txt", 124),
        ("MagicCompRules_20150123.txt", 126),
        ("MagicCompRules_20180713.txt", 130),
        ("MagicCompRules_20210924.txt", 137),
        ("MagicCompRules_20231117.txt", 142),
        ("MagicCompRules_20251114.txt", 146),
        ("MagicCompRules_20260227.txt", 146),
    ] {
        let text = decode(&fs::read(official_cr(file)).unwrap()).unwrap();
        let cr = parse_english(&text).unwrap();
        let contents = cr.structure.contents.as_ref().unwrap_or_else(|| panic!("{file}: a contents list"));
        // grep -cE '^[0-9]{3}\. ' between `Contents` and the first rule (CRs stripped).
        assert_eq!((contents.sections.len(), contents.chapters.len()), (sections, 9), "{file}");
        assert!(contents.glossary && contents.credits, "{file}");
        assert_eq!(cr.parsed.sections.len(), sections, "{file}");
        assert!(check_completeness(&cr).is_whole(), "{file}: {:?}", check_completeness(&cr));
    }
}

/// `point`, moved back to the start of the UTF-8 character it falls in; a Windows-1252 text may
/// be cut at any byte.
fn char_boundary(bytes: &[u8], utf8: bool, mut point: usize) -> usize {
    while utf8 && point > 0 && point < bytes.len() && bytes[point] & 0xC0 == 0x80 {
        point -= 1;
    }
    point
}

/// The byte offset of the credits heading (the last line that is `Credits`), whatever the line
/// endings.
fn credits_heading(bytes: &[u8]) -> usize {
    let end = |b: Option<&u8>| matches!(b, Some(b'\n' | b'\r'));
    (1..bytes.len())
        .rev()
        .find(|&i| end(bytes.get(i - 1)) && bytes[i..].starts_with(b"Credits") && end(bytes.get(i + 7)))
        .expect("a credits heading")
}

/// The property of the issue: an official text cut anywhere is refused, or imported with exactly
/// the rules, headings and glossary of the whole text. Half the cuts fall anywhere, half in the
/// last tenth (the glossary and the credits, where a cut is hardest to see), plus the points
/// around the credits heading; a fixed seed keeps the run the same every time.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn an_official_text_cut_anywhere_is_refused_or_whole() {
    let mut rng = Rng::new(613);
    let mut outcomes = (0, 0);
    for file in ["MagicCompRules_20110204.txt", "MagicCompRules_20210924.txt", "MagicCompRules_20260227.txt"] {
        let bytes = fs::read(official_cr(file)).unwrap();
        let utf8 = bytes.starts_with(b"\xEF\xBB\xBF");
        let root = tempfile::tempdir().unwrap();
        let whole_store = Store::new(root.path().join("whole"));
        let name = whole_store.import(&official_cr(file), None).unwrap().info.name;
        let whole = content(&whole_store.load(&name).unwrap());

        let heading = credits_heading(&bytes);
        let mut points = vec![heading - 1, heading, heading + 3, heading + 7, heading + 8, heading + 200];
        for _ in 0..5 {
            points.push(rng.below(bytes.len()));
            points.push(bytes.len() - bytes.len() / 10 + rng.below(bytes.len() / 10));
        }
        for point in points {
            let point = char_boundary(&bytes, utf8, point);
            let cut = root.path().join(format!("cut-{point}.txt"));
            fs::write(&cut, &bytes[..point]).unwrap();
            let store = Store::new(root.path().join(format!("store-{point}")));
            match store.import(&cut, None) {
                Err(e) => {
                    let refused = matches!(e, ImportError::Incomplete(_) | ImportError::Parse(_));
                    assert!(refused, "{file} cut at {point}: {e:?}");
                    assert!(store_files(store.root()).is_empty(), "{file} cut at {point}: nothing written");
                    outcomes.0 += 1;
                }
                Ok(imported) => {
                    assert_eq!(imported.info.name, name, "{file} cut at {point}");
                    let edition = store.load(&name).unwrap();
                    assert!(content(&edition) == whole, "{file} cut at {point}: imported, so whole");
                    assert!(
                        point >= heading + "Credits".len(),
                        "{file} cut at {point}: only a cut after the credits heading passes"
                    );
                    outcomes.1 += 1;
                }
            }
        }
    }
    // Both outcomes were seen: the property was not met by refusing everything.
    assert!(outcomes.0 > 0 && outcomes.1 > 0, "{outcomes:?}");
}
