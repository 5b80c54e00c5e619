//! Every YAML example of docs/SCENARIO.md is what it says it is: a ```yaml block is a complete,
//! valid scenario whose expected answer (if it has one) is the engine's; a ```yaml fragment block
//! is YAML, not a scenario; a ```yaml invalid block is refused. A failure names the block's line.

const DOC: &str = include_str!("../docs/SCENARIO.md");

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

/// The fenced blocks whose info string starts with `yaml`. Any other word after `yaml` is an
/// error, so that a typo cannot exempt an example from the checks.
fn yaml_blocks(doc: &str) -> Vec<Block> {
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
                    ["yaml", ..] => panic!("docs/SCENARIO.md:{line_number}: unknown fence `{info}`"),
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
    assert!(open.is_none(), "docs/SCENARIO.md: a fence is never closed");
    blocks
}

fn rendered(error: judge::scenario::ScenarioProblems) -> String {
    format!("{:?}", miette::Report::new(error))
}

#[test]
fn every_yaml_example_of_the_scenario_doc_is_valid_and_meets_its_expectation() {
    let blocks = yaml_blocks(DOC);
    let scenarios = blocks.iter().filter(|b| b.kind == Kind::Scenario).count();
    assert!(scenarios >= 20, "only {scenarios} complete examples found: is the fence syntax right?");
    let mut failures = Vec::new();
    for block in &blocks {
        let name = format!("docs/SCENARIO.md:{}", block.line);
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
fn the_block_reader_finds_blocks_kinds_and_lines() {
    let doc = "# T\n\n```yaml\na: 1\n```\n\n```sh\nls\n```\n```yaml fragment\nb: 2\n```\n```yaml invalid\nc\n```\n";
    let blocks = yaml_blocks(doc);
    let found: Vec<(usize, &Kind, &str)> = blocks.iter().map(|b| (b.line, &b.kind, b.text.as_str())).collect();
    assert_eq!(found, [(3, &Kind::Scenario, "a: 1\n"), (10, &Kind::Fragment, "b: 2\n"), (13, &Kind::Invalid, "c\n")]);
}
