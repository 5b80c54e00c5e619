//! From YAML text to a `ScenarioSpec`, with every syntax, key and type problem of the file found
//! at once and placed by its span.

use super::spans::{self, Span, Spans};
use super::spec::{
    AskSpec, EventSpec, ExpectSpec, ExpectedOutcomeSpec, ObjectEntry, ObjectSpec, OlderRulesSpec, PlayerSpec,
    ResolvedEffectSpec, ScenarioSpec,
};
use crate::cards::Cards;
use crate::corpus::problem::Problem;
use crate::suggest;
use serde::de::DeserializeOwned;
use serde_path_to_error::Segment;
use serde_yaml::Value;
use std::collections::BTreeMap;

const TOP_LEVEL: [&str; 13] = [
    "title",
    "question",
    "edition",
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
    let mut checker = Checker { source, spans: &spans, problems: &mut problems };
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
            other => checker.unknown(other),
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

/// The YAML of a file and the places of its nodes; a syntax error, a limit passed or a key given
/// twice is a problem placed where it is.
fn parse(source: &str) -> Result<(Spans, Value), Vec<Problem>> {
    let (value, spans) = match super::yaml::read(source) {
        Ok(read) => read,
        Err(e) => return Err(vec![problem(source, e.at, e.message, e.help)]),
    };
    if !spans.duplicates().is_empty() {
        return Err(spans
            .duplicates()
            .iter()
            .map(|d| {
                let parent = d.path.strip_suffix(&d.key).unwrap_or("").trim_end_matches('.');
                let location = if parent.is_empty() { String::new() } else { format!(" in `{parent}`") };
                let first_line = source[..d.first.0].matches('\n').count() + 1;
                problem(
                    source,
                    d.at,
                    format!("the key `{}` is given twice{location}", d.key),
                    Some(format!("first given on line {first_line}")),
                )
            })
            .collect());
    }
    Ok((spans, value))
}

/// A file that is a list of `T` (the card library's files): each item read on its own, every
/// problem found at once and placed, as in a scenario. The items, and their YAML.
pub(crate) fn load_list<T: DeserializeOwned>(source: &str, what: &str) -> Result<Vec<(T, Value)>, Vec<Problem>> {
    let (spans, root) = parse(source)?;
    let Value::Sequence(items) = root else {
        return Err(vec![problem(source, spans.value(""), format!("a file of {what} is a list"), None)]);
    };
    let mut problems = Vec::new();
    let mut checker = Checker { source, spans: &spans, problems: &mut problems };
    let parsed: Vec<Option<T>> =
        items.iter().enumerate().map(|(index, item)| checker.item(item, || spans::item("", index))).collect();
    if !problems.is_empty() {
        return Err(problems);
    }
    // Every item was read without a problem above.
    Ok(parsed.into_iter().zip(items).filter_map(|(parsed, item)| Some((parsed?, item))).collect())
}

struct Checker<'a> {
    source: &'a str,
    spans: &'a Spans,
    problems: &'a mut Vec<Problem>,
}

impl Checker<'_> {
    /// Deserializes one node on its own, so that one bad object does not hide the next one's
    /// problems; None when it has any, each reported (`problems`). `path` names the node, and is
    /// only made when there is a problem to place.
    fn item<T: DeserializeOwned>(&mut self, value: &Value, path: impl FnOnce() -> String) -> Option<T> {
        // Most nodes have no problem: read from the tree itself, without a copy of the node or
        // the bookkeeping of where serde is, which only a problem needs.
        if let Ok(parsed) = T::deserialize(value) {
            return Some(parsed);
        }
        self.problems_of::<T>(&path(), value)
    }

    /// Each item of the list at `path`, all of them when none has a problem.
    fn list<T: DeserializeOwned>(&mut self, path: &str, value: &Value) -> Option<Vec<T>> {
        let Value::Sequence(items) = value else {
            self.push(self.spans.value(path), format!("`{path}` must be a list"), None);
            return None;
        };
        let parsed: Vec<Option<T>> =
            items.iter().enumerate().map(|(index, item)| self.item(item, || spans::item(path, index))).collect();
        parsed.into_iter().collect()
    }

    /// A top-level key the format does not have.
    fn unknown(&mut self, key: &str) {
        let help = suggest::closest(key, TOP_LEVEL).map(|k| format!("did you mean `{k}`?"));
        let help = help.or_else(|| Some(format!("known keys: `{}`", TOP_LEVEL.join("`, `"))));
        self.push(self.spans.key(key), format!("unknown key `{key}`"), help);
    }

    /// Every problem of a node that does not deserialize, placed at the exact field serde names.
    /// serde stops at the first problem of a node: the entry it names is taken out and the node
    /// read again, so that every problem of one object is found at once too. Always None, but
    /// for a node read from the tree and as an owned value differently (not seen: the node then).
    fn problems_of<T: DeserializeOwned>(&mut self, path: &str, value: &Value) -> Option<T> {
        let mut value = value.clone();
        let mut removed: Vec<String> = Vec::new();
        loop {
            let error = match serde_path_to_error::deserialize::<_, T>(value.clone()) {
                Ok(parsed) if removed.is_empty() => return Some(parsed),
                Ok(_) => return None,
                Err(error) => error,
            };
            let segments: Vec<Segment> = error.path().iter().cloned().collect();
            let inner = joined(path, &segments);
            let message = error.inner().to_string();
            if let Some(field) = missing_field(&message) {
                // A field taken out after a problem of its own is not missing as well.
                if !removed.contains(&spans::child(&inner, field)) {
                    self.report(path, &inner, &message);
                }
                return None;
            }
            self.report(path, &inner, &message);
            // Take out the innermost map entry the problem is in; a list is taken out whole,
            // so that the places of the other entries stay the same.
            let cut = segments.iter().rposition(|s| matches!(s, Segment::Map { .. }))?;
            if !remove(&mut value, &segments[..=cut]) {
                return None;
            }
            removed.push(joined(path, &segments[..=cut]));
        }
    }

    fn report(&mut self, path: &str, inner: &str, message: &str) {
        if let Some((field, expected)) = unknown_field(message) {
            // The path names the unknown key itself; the message says where it stands.
            let inner = inner.strip_suffix(&format!(".{field}")).unwrap_or(inner).to_string();
            let at = self.spans.key(&spans::child(&inner, field));
            // `regenerate` and `action` say what happened, in `expect_outcomes`: a pending event
            // is never one of them, so they are not offered for one.
            let pending = inner.starts_with("events[") || inner.starts_with("events.");
            let expected: Vec<String> =
                expected.into_iter().filter(|k| !(pending && OUTCOME_ONLY.contains(&k.as_str()))).collect();
            let help = match suggest::closest(field, expected.iter().map(String::as_str)) {
                Some(k) => format!("did you mean `{k}`?"),
                None => format!("known keys here: `{}`", expected.join("`, `")),
            };
            let location = if inner.is_empty() { String::new() } else { format!(" in `{inner}`") };
            self.push(at, format!("unknown key `{field}`{location}"), Some(help));
        } else {
            let location = if inner.is_empty() { path } else { inner };
            let (message, help) = super::serde_words::in_user_words(message);
            self.push(self.spans.value(inner), format!("`{location}`: {message}"), help);
        }
    }

    fn push(&mut self, span: Span, message: String, help: Option<String>) {
        self.problems.push(problem(self.source, span, message, help));
    }
}

/// The path of a node `segments` below `path`.
fn joined(path: &str, segments: &[Segment]) -> String {
    let mut inner = path.to_string();
    for segment in segments {
        inner = match segment {
            Segment::Seq { index } => spans::item(&inner, *index),
            Segment::Map { key } => spans::child(&inner, key),
            Segment::Enum { .. } | Segment::Unknown => inner,
        };
    }
    inner
}

/// Removes the map entry at the end of `segments`, keeping the order of the others (the next
/// problem found is then the next in the file); false when there is none.
fn remove(value: &mut Value, segments: &[Segment]) -> bool {
    let Some((last, parents)) = segments.split_last() else {
        return false;
    };
    let mut node = value;
    for segment in parents {
        node = match segment {
            Segment::Seq { index } => match node.as_sequence_mut().and_then(|s| s.get_mut(*index)) {
                Some(next) => next,
                None => return false,
            },
            Segment::Map { key } => match node.as_mapping_mut().and_then(|m| m.get_mut(key.as_str())) {
                Some(next) => next,
                None => return false,
            },
            Segment::Enum { .. } | Segment::Unknown => node,
        };
    }
    match (last, node.as_mapping_mut()) {
        (Segment::Map { key }, Some(mapping)) => mapping.shift_remove(key.as_str()).is_some(),
        _ => false,
    }
}

/// serde's `missing field `x``.
fn missing_field(message: &str) -> Option<&str> {
    message.strip_prefix("missing field `")?.split_once('`').map(|(field, _)| field)
}

/// serde's `unknown field `x`, expected one of `a`, `b``, taken apart.
fn unknown_field(message: &str) -> Option<(&str, Vec<String>)> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let expected = rest.split('`').skip(1).step_by(2).map(str::to_string).collect();
    Some((field, expected))
}

pub(crate) fn problem(source: &str, span: Span, message: String, help: Option<String>) -> Problem {
    let line = source[..span.0.min(source.len())].matches('\n').count() + 1;
    // The input it quotes, as a short prefix: a pasted megabyte is not echoed back whole.
    let mut p = Problem::new(line, span, crate::suggest::shorten_quoted(message));
    p.help = help.map(crate::suggest::shorten_quoted);
    p
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
