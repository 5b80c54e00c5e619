//! Every YAML example of the scenario book (docs/scenario/) is what it says it is: a ```yaml
//! block is a complete, valid scenario whose expected answer (if it has one) is the engine's; a
//! ```yaml fragment block is YAML, not a scenario; a ```yaml invalid block is refused. A failure
//! names the block's file and line. Every relative link of the book lands on a file and a heading.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const BOOK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/scenario");

/// The chapters of the book, `(file name, text)`, in the order of their names: the start
/// (README.md) and every numbered chapter. A chapter added to the directory is read too.
fn chapters() -> Vec<(String, String)> {
    let mut chapters: Vec<(String, String)> = std::fs::read_dir(BOOK)
        .expect("docs/scenario reads")
        .map(|entry| entry.expect("a directory entry reads").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("a chapter reads");
            (name, text)
        })
        .collect();
    chapters.sort();
    let names: Vec<&str> = chapters.iter().map(|(name, _)| name.as_str()).collect();
    assert!(names.contains(&"README.md") && names.len() >= 2, "the book is its start and its chapters: {names:?}");
    chapters
}

#[derive(Debug, PartialEq)]
enum Kind {
    Scenario,
    Fragment,
    Invalid,
}

struct Block {
    /// The line of the opening fence, 1-based.
    line: usize,
    kind: Kind,
    text: String,
}

/// The fenced blocks of `doc` (the file `file` of the book) whose info string starts with `yaml`.
/// Any other word after `yaml` is an error, so that a typo cannot exempt an example from the checks.
fn yaml_blocks(file: &str, doc: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, Option<Kind>, String)> = None;
    for (index, line) in doc.lines().enumerate() {
        let line_number = index + 1;
        match &mut open {
            None => {
                let Some(info) = line.strip_prefix("```") else { continue };
                let info = info.trim();
                let kind = match info.split_whitespace().collect::<Vec<_>>()[..] {
                    ["yaml"] => Some(Kind::Scenario),
                    ["yaml", "fragment"] => Some(Kind::Fragment),
                    ["yaml", "invalid"] => Some(Kind::Invalid),
                    ["yaml", ..] => panic!("docs/scenario/{file}:{line_number}: unknown fence `{info}`"),
                    _ => None,
                };
                open = Some((line_number, kind, String::new()));
            }
            Some((start, kind, text)) => {
                if line.trim_end() == "```" {
                    if let Some(kind) = kind.take() {
                        blocks.push(Block { line: *start, kind, text: std::mem::take(text) });
                    }
                    open = None;
                } else {
                    text.push_str(line);
                    text.push('\n');
                }
            }
        }
    }
    assert!(open.is_none(), "docs/scenario/{file}: a fence is never closed");
    blocks
}

/// The lines of `doc` outside fenced blocks, with their 1-based numbers: a `#` in a YAML comment
/// is not a heading, and a `](` in an example is not a link.
fn prose(doc: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (index, line) in doc.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// The anchor a heading gets on GitHub: lower case, every character but letters, digits, spaces,
/// `-` and `_` dropped, spaces turned into `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of the headings of `doc`; a heading whose anchor is taken gets `-1`, `-2`, … as on
/// GitHub.
fn anchors(doc: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut found = BTreeSet::new();
    for (_, line) in prose(doc) {
        let level = line.chars().take_while(|&c| c == '#').count();
        let Some(text) = line[level..].strip_prefix(' ') else { continue };
        if !(1..=6).contains(&level) {
            continue;
        }
        let base = anchor(text.trim_end_matches('#'));
        let count = seen.entry(base.clone()).or_insert(0);
        found.insert(if *count == 0 { base } else { format!("{base}-{count}") });
        *count += 1;
    }
    found
}

/// The targets of the inline links of `doc` (`[text](target)`) that stay in the repository, with
/// the line of each: links to a site are left out.
fn relative_links(doc: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    for (line_number, line) in prose(doc) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if !target.contains("://") && !target.starts_with("mailto:") {
                links.push((line_number, target.to_string()));
            }
            rest = &rest[end..];
        }
    }
    links
}

fn rendered(error: judge::scenario::ScenarioProblems) -> String {
    format!("{:?}", miette::Report::new(error))
}

#[test]
fn every_yaml_example_of_the_scenario_book_is_valid_and_meets_its_expectation() {
    let chapters = chapters();
    let blocks: Vec<(&str, Block)> = chapters
        .iter()
        .flat_map(|(file, doc)| yaml_blocks(file, doc).into_iter().map(move |b| (file.as_str(), b)))
        .collect();
    let scenarios = blocks.iter().filter(|(_, b)| b.kind == Kind::Scenario).count();
    assert!(scenarios >= 20, "only {scenarios} complete examples found: is the fence syntax right?");
    let mut failures = Vec::new();
    for (file, block) in &blocks {
        let name = format!("docs/scenario/{file}:{}", block.line);
        match block.kind {
            Kind::Scenario => {
                let board = match judge::scenario::read(&name, &block.text) {
                    Ok(board) => board,
                    Err(error) => {
                        failures.push(format!("{name}: not a valid scenario\n{}", rendered(error)));
                        continue;
                    }
                };
                if board.expect.is_empty() && board.expect_outcomes.is_none() {
                    continue;
                }
                for m in judge::engine::judge(&board).expect("doc examples explore within the limits").mismatches {
                    failures.push(format!(
                        "{name}: {} {}: expected {}, got {}",
                        m.object, m.characteristic, m.expected, m.actual
                    ));
                }
            }
            Kind::Fragment => {
                if let Err(e) = serde_yaml::from_str::<serde_yaml::Value>(&block.text) {
                    failures.push(format!("{name}: a fragment that is not YAML: {e}"));
                }
            }
            Kind::Invalid => {
                if judge::scenario::read(&name, &block.text).is_ok() {
                    failures.push(format!("{name}: marked invalid, but it is a valid scenario"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_start_of_the_book_holds_a_complete_example_on_one_screen() {
    let chapters = chapters();
    let start = &chapters.iter().find(|(file, _)| file == "README.md").unwrap().1;
    assert!(start.lines().count() <= 64, "the start is {} lines long", start.lines().count());
    assert!(
        yaml_blocks("README.md", start).iter().any(|b| b.kind == Kind::Scenario),
        "the start has no complete example"
    );
}

#[test]
fn every_relative_link_of_the_scenario_book_lands_on_a_file_and_a_heading() {
    let chapters = chapters();
    let anchors_of: BTreeMap<&str, BTreeSet<String>> =
        chapters.iter().map(|(file, doc)| (file.as_str(), anchors(doc))).collect();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (file, doc) in &chapters {
        for (line, target) in relative_links(doc) {
            checked += 1;
            let place = format!("docs/scenario/{file}:{line}: ({target})");
            let (path, fragment) = match target.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (target.as_str(), None),
            };
            let linked = if path.is_empty() { file.as_str() } else { path };
            match anchors_of.get(linked) {
                Some(anchors) => {
                    if let Some(fragment) = fragment {
                        if !anchors.contains(fragment) {
                            failures.push(format!("{place}: no heading of {linked} has the anchor `{fragment}`"));
                        }
                    }
                }
                None => {
                    let outside: PathBuf = Path::new(BOOK).join(linked);
                    if !outside.exists() {
                        failures.push(format!("{place}: no such file"));
                    }
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} links found: is the link syntax right?");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn anchors_follow_the_headings_of_the_book_as_github_makes_them() {
    assert_eq!(anchor("Layer 4: `land_types` (305.7)"), "layer-4-land_types-3057");
    assert_eq!(anchor("Exceptions: `except` (706.8; 707.9 today)"), "exceptions-except-7068-7079-today");
    assert_eq!(anchor("Skips, \"can't\", and \"instead\""), "skips-cant-and-instead");
    assert_eq!(anchor("What `judge` prints"), "what-judge-prints");
    assert_eq!(anchor("Locked-in and live sets"), "locked-in-and-live-sets");
    assert_eq!(anchor("Exchanging control: `control: {exchange: [a, b]}`"), "exchanging-control-control-exchange-a-b");
    let doc = "# Title\n\n```yaml\n# a comment, not a heading\n```\n\n## Limits\n\n### Limits\n";
    let found: Vec<String> = anchors(doc).into_iter().collect();
    assert_eq!(found, ["limits", "limits-1", "title"]);
}

#[test]
fn the_link_reader_finds_relative_links_outside_fences() {
    let doc = "See [a](#a) and [b](02-b.md#c), [site](https://example.org).\n```text\n[x](#inside)\n```\n[d](d.md)\n";
    assert_eq!(relative_links(doc), [(1, "#a".to_string()), (1, "02-b.md#c".to_string()), (5, "d.md".to_string())]);
}

#[test]
fn the_block_reader_finds_blocks_kinds_and_lines() {
    let doc = "# T\n\n```yaml\na: 1\n```\n\n```sh\nls\n```\n```yaml fragment\nb: 2\n```\n```yaml invalid\nc\n```\n";
    let blocks = yaml_blocks("test.md", doc);
    let found: Vec<(usize, &Kind, &str)> = blocks.iter().map(|b| (b.line, &b.kind, b.text.as_str())).collect();
    assert_eq!(found, [(3, &Kind::Scenario, "a: 1\n"), (10, &Kind::Fragment, "b: 2\n"), (13, &Kind::Invalid, "c\n")]);
}
