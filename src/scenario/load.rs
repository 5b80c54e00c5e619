//! From YAML text to a `ScenarioSpec`, with every syntax, key and type problem of the file found
//! at once and placed by its span.

use super::spec::{
    AskSpec, EventSpec, ExpectSpec, ExpectedOutcomeSpec, ObjectEntry, ObjectSpec, OlderRulesSpec, PlayerSpec,
    ResolvedEffectSpec, ScenarioSpec,
};
use crate::cards::Cards;
use crate::diagnostic::problem::Problem;
use crate::placed_yaml::{parse, problem, Checker, Spans};
use serde_yaml::Value;
use std::collections::BTreeMap;

const TOP_LEVEL: [&str; 14] = [
    "title",
    "question",
    "edition",
    "step",
    "players",
    "objects",
    "effects",
    "timestamp_order",
    "ask",
    "expect",
    "events",
    "choose",
    "expect_outcomes",
    "older_rules",
];
/// The event keys that only describe what happened, in `expect_outcomes` (validate_events.rs).
const OUTCOME_ONLY: [&str; 2] = ["regenerate", "action"];

/// `regenerate` and `action` say what happened, in `expect_outcomes`: a pending event is never
/// one of them, so they are not offered for one.
fn outcome_only(inner: &str, key: &str) -> bool {
    (inner.starts_with("events[") || inner.starts_with("events.")) && OUTCOME_ONLY.contains(&key)
}

const REQUIRED: [&str; 2] = ["title", "players"];

/// A parsed scenario file with the places of its nodes.
#[derive(Debug)]
pub struct Loaded {
    pub spec: ScenarioSpec,
    pub spans: Spans,
}

pub fn load(source: &str, cards: &Cards) -> Result<Loaded, Vec<Problem>> {
    let (spans, root) = parse(source)?;
    if let Value::Mapping(top) = &root {
        let too_long = super::limits::too_long(source, &spans, top);
        if !too_long.is_empty() {
            return Err(too_long);
        }
    }
    let out_of_range = super::limits::out_of_range(source, &spans, &root);
    if !out_of_range.is_empty() {
        return Err(out_of_range);
    }
    let Value::Mapping(top) = &root else {
        return Err(vec![problem(
            source,
            spans.value(""),
            "a scenario is a mapping of `title`, `players`, `objects`…".into(),
            None,
        )]);
    };
    let mut problems = Vec::new();
    let mut parts = Parts::default();
    let mut checker = Checker::new(source, &spans, &mut problems).not_offering(outcome_only);
    for (key, value) in top {
        let Some(key) = key.as_str() else {
            checker.push(spans.value(""), "keys must be plain words".into(), None);
            continue;
        };
        let at = || key.to_string();
        match key {
            "title" => parts.title = checker.item(value, at),
            "question" => parts.question = checker.item(value, at),
            "edition" => parts.edition = checker.item(value, at),
            "step" => parts.step = checker.item(value, at),
            "players" => parts.players = checker.list(key, value),
            "objects" => parts.objects = checker.list(key, value),
            "effects" => parts.effects = checker.list(key, value),
            "timestamp_order" => parts.timestamp_order = checker.item(value, at),
            "ask" => parts.ask = checker.item(value, at),
            "expect" => parts.expect = checker.item(value, at),
            "events" => parts.events = checker.list(key, value),
            "choose" => parts.choose = checker.item(value, at),
            "expect_outcomes" => parts.expect_outcomes = checker.list(key, value),
            "older_rules" => parts.older_rules = checker.list(key, value),
            other => checker.unknown(other, &TOP_LEVEL),
        }
    }
    for required in REQUIRED {
        if !top.contains_key(required) {
            problems.push(problem(
                source,
                (0, 0),
                format!("missing `{required}`"),
                Some(format!("every scenario has `{}`", REQUIRED.join("` and `"))),
            ));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let first_player = parts.players.as_ref().and_then(|p| p.first()).map(|p| p.name.clone());
    let entries = parts.objects.take().unwrap_or_default();
    let objects = super::card::objects(source, &spans, entries, first_player.as_deref(), cards)?;
    // Both required keys were found above.
    let spec = parts
        .spec(objects)
        .ok_or_else(|| vec![problem(source, (0, 0), "missing `title` or `players`".into(), None)])?;
    Ok(Loaded { spec, spans })
}

/// The top-level entries of a scenario, each read on its own as it is checked: the spec is
/// made of them, rather than read a second time from the whole document.
#[derive(Default)]
struct Parts {
    title: Option<String>,
    question: Option<String>,
    edition: Option<String>,
    step: Option<crate::model::Step>,
    players: Option<Vec<PlayerSpec>>,
    objects: Option<Vec<ObjectEntry>>,
    effects: Option<Vec<ResolvedEffectSpec>>,
    timestamp_order: Option<Vec<String>>,
    ask: Option<AskSpec>,
    expect: Option<BTreeMap<String, ExpectSpec>>,
    events: Option<Vec<EventSpec>>,
    choose: Option<Vec<String>>,
    expect_outcomes: Option<Vec<ExpectedOutcomeSpec>>,
    older_rules: Option<Vec<OlderRulesSpec>>,
}

impl Parts {
    /// The spec, with serde's defaults for what the file leaves out (those of `ScenarioSpec`);
    /// None without the required keys.
    fn spec(self, objects: Vec<ObjectSpec>) -> Option<ScenarioSpec> {
        Some(ScenarioSpec {
            title: self.title?,
            question: self.question,
            edition: self.edition,
            step: self.step,
            players: self.players?,
            objects,
            effects: self.effects.unwrap_or_default(),
            timestamp_order: self.timestamp_order.unwrap_or_default(),
            ask: self.ask.unwrap_or_default(),
            expect: self.expect.unwrap_or_default(),
            events: self.events.unwrap_or_default(),
            choose: self.choose.unwrap_or_default(),
            expect_outcomes: self.expect_outcomes,
            older_rules: self.older_rules.unwrap_or_default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(source: &str) -> Vec<(usize, String, Option<String>)> {
        load(source, &Cards::library()).unwrap_err().into_iter().map(|p| (p.line, p.message, p.help)).collect()
    }

    const GOOD: &str = "title: t\nplayers:\n  - name: Alice\n    active: true\nobjects:\n  - id: bear\n    name: Bear\n    owner: Alice\n    types: [creature]\n    power: 2\n    toughness: 2\n";

    #[test]
    fn a_good_file_loads() {
        let loaded = load(GOOD, &Cards::library()).unwrap();
        assert_eq!(loaded.spec.objects[0].power, Some(2));
    }

    #[test]
    fn every_problem_of_the_file_is_found_at_once_with_its_line() {
        let source = "title: t\nplayers:\n  - name: Alice\n    activ: true\nobjects:\n  - id: bear\n    name: Bear\n    owner: Alice\n    power: two\n  - id: elf\n    name: Elf\n    owner: Alice\n    zone: battlefeld\nefects: []\n";
        let found = problems(source);
        assert_eq!(found.len(), 4, "{found:?}");
        assert_eq!(found[0].0, 4);
        assert_eq!(found[0].1, "unknown key `activ` in `players[0]`");
        assert_eq!(found[0].2.as_deref(), Some("did you mean `active`?"));
        assert_eq!(found[1].0, 9);
        assert!(found[1].1.starts_with("`objects[0].power`: invalid type"), "{}", found[1].1);
        assert_eq!(found[2].0, 13);
        assert!(found[2].1.contains("`battlefeld` is not a value this key takes"), "{}", found[2].1);
        assert_eq!(found[2].2.as_deref(), Some("did you mean `battlefield`?"));
        assert_eq!(found[3].1, "unknown key `efects`");
        assert_eq!(found[3].2.as_deref(), Some("did you mean `effects`?"));
    }

    #[test]
    fn a_problem_inside_a_static_ability_or_a_count_is_placed_at_its_key() {
        let source = "title: t\nplayers: [{name: Alice, active: true}]\nobjects:\n  - id: anthem\n    name: Anthem\n    owner: Alice\n    abilities:\n      - id: pump\n        text: Creatures get +1/+1.\n        effect:\n          affects: {types: [creature]}\n          pt: {modfy: [1, {count: {typs: [creature]}}]}\n";
        let problems = load(source, &Cards::library()).unwrap_err();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].message, "unknown key `modfy` in `objects[0].abilities[0].effect.pt`");
        assert_eq!(&source[problems[0].span.0..problems[0].span.1], "modfy");
        let source = source.replace("modfy", "modify");
        let problems = load(&source, &Cards::library()).unwrap_err();
        assert_eq!(problems[0].message, "unknown key `typs` in `objects[0].abilities[0].effect.pt.modify[1].count`");
        assert_eq!(&source[problems[0].span.0..problems[0].span.1], "typs");
    }

    #[test]
    fn every_problem_of_one_object_is_found_at_once() {
        let source = "title: t\nplayers: [{name: Alice, active: true}]\nobjects:\n  - id: bear\n    name: Bear\n    owner: [Alice]\n    zonee: battlefield\n    tpyes: [creature]\n    power: two\n";
        let found = problems(source);
        let lines: Vec<usize> = found.iter().map(|p| p.0).collect();
        assert_eq!(lines, [6, 7, 8, 9], "{found:?}");
        assert_eq!(found[0].1, "`objects[0].owner`: invalid type: sequence, expected a string");
        assert_eq!(found[1].1, "unknown key `zonee` in `objects[0]`");
        assert_eq!(found[2].1, "unknown key `tpyes` in `objects[0]`");
        assert!(found[3].1.starts_with("`objects[0].power`: invalid type"), "{}", found[3].1);
        // `owner` was taken out after its problem: it is not reported missing as well.
        assert!(!found.iter().any(|p| p.1.contains("missing")), "{found:?}");
    }

    #[test]
    fn syntax_errors_and_missing_keys() {
        let found = problems("title: [unclosed\n");
        assert_eq!(found.len(), 1);
        assert!(found[0].1.starts_with("invalid YAML"), "{}", found[0].1);
        let found = problems("title: t\n");
        assert_eq!(found[0].1, "missing `players`");
    }

    #[test]
    fn a_key_given_twice_is_placed_at_its_second_place() {
        let found = problems("title: t\nplayers:\n  - name: Alice\n    active: true\n    name: Bob\n");
        assert_eq!(
            found,
            [(5, "the key `name` is given twice in `players[0]`".into(), Some("first given on line 3".into()))]
        );
    }

    #[test]
    fn not_a_mapping() {
        assert!(problems("- a\n- b\n")[0].1.starts_with("a scenario is a mapping"));
    }
}
