//! From YAML text to a `ScenarioSpec`, with every syntax, key and type problem of the file found
//! at once and placed by its span.

use super::spans::{self, Span, Spans};
use super::spec::{AskSpec, ExpectSpec, ObjectSpec, PlayerSpec, ResolvedEffectSpec, ScenarioSpec};
use crate::corpus::problem::Problem;
use crate::suggest;
use serde::de::DeserializeOwned;
use serde_yaml::Value;
use std::collections::BTreeMap;

const TOP_LEVEL: [&str; 9] =
    ["title", "question", "edition", "players", "objects", "effects", "timestamp_order", "ask", "expect"];
const REQUIRED: [&str; 2] = ["title", "players"];

/// A parsed scenario file with the places of its nodes.
#[derive(Debug)]
pub struct Loaded {
    pub spec: ScenarioSpec,
    pub spans: Spans,
}

pub fn load(source: &str) -> Result<Loaded, Vec<Problem>> {
    let spans = match Spans::parse(source) {
        Ok(spans) => spans,
        Err(e) => return Err(vec![problem(source, (e.at, e.at), format!("invalid YAML: {}", e.message), None)]),
    };
    let root: Value = match serde_yaml::from_str(source) {
        Ok(value) => value,
        Err(e) => {
            let at = e.location().map_or(0, |l| l.index());
            return Err(vec![problem(source, (at, at), format!("invalid YAML: {e}"), None)]);
        }
    };
    let Value::Mapping(top) = &root else {
        return Err(vec![problem(
            source,
            spans.value(""),
            "a scenario is a mapping of `title`, `players`, `objects`…".into(),
            None,
        )]);
    };
    let mut problems = Vec::new();
    let mut check =
        |path: &str, value: &Value, kind: Kind| check_node(source, &spans, path, value, kind, &mut problems);
    for (key, value) in top {
        let Some(key) = key.as_str() else {
            check("", value, Kind::NotAKey);
            continue;
        };
        match key {
            "title" | "question" | "edition" => check(key, value, Kind::Text),
            "players" => check(key, value, Kind::ListOf(|p, v, c| c.item::<PlayerSpec>(p, v))),
            "objects" => check(key, value, Kind::ListOf(|p, v, c| c.item::<ObjectSpec>(p, v))),
            "effects" => check(key, value, Kind::ListOf(|p, v, c| c.item::<ResolvedEffectSpec>(p, v))),
            "timestamp_order" => check(key, value, Kind::Whole(|p, v, c| c.item::<Vec<String>>(p, v))),
            "ask" => check(key, value, Kind::Whole(|p, v, c| c.item::<AskSpec>(p, v))),
            "expect" => check(key, value, Kind::Whole(|p, v, c| c.item::<BTreeMap<String, ExpectSpec>>(p, v))),
            other => check(other, value, Kind::Unknown),
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
    match serde_yaml::from_value::<ScenarioSpec>(root) {
        Ok(spec) => Ok(Loaded { spec, spans }),
        // Every part was checked above; this is only reached if the parts disagree with the whole.
        Err(e) => Err(vec![problem(source, (0, 0), e.to_string(), None)]),
    }
}

type ItemCheck = fn(&str, &Value, &mut Checker) -> ();

enum Kind {
    Text,
    ListOf(ItemCheck),
    Whole(ItemCheck),
    Unknown,
    NotAKey,
}

struct Checker<'a> {
    source: &'a str,
    spans: &'a Spans,
    problems: &'a mut Vec<Problem>,
}

fn check_node(source: &str, spans: &Spans, path: &str, value: &Value, kind: Kind, problems: &mut Vec<Problem>) {
    let mut checker = Checker { source, spans, problems };
    match kind {
        Kind::Text => checker.item::<String>(path, value),
        Kind::Whole(check) => check(path, value, &mut checker),
        Kind::ListOf(check) => match value {
            Value::Sequence(items) => {
                for (index, item) in items.iter().enumerate() {
                    check(&spans::item(path, index), item, &mut checker);
                }
            }
            _ => checker.push(spans.value(path), format!("`{path}` must be a list"), None),
        },
        Kind::Unknown => {
            let help = suggest::closest(path, TOP_LEVEL).map(|k| format!("did you mean `{k}`?"));
            let help = help.or_else(|| Some(format!("known keys: `{}`", TOP_LEVEL.join("`, `"))));
            checker.push(spans.key(path), format!("unknown key `{path}`"), help);
        }
        Kind::NotAKey => checker.push(spans.value(path), "keys must be plain words".into(), None),
    }
}

impl Checker<'_> {
    /// Deserializes one node on its own, so that one bad object does not hide the next one's
    /// problems, and places the error at the exact field serde names.
    fn item<T: DeserializeOwned>(&mut self, path: &str, value: &Value) {
        let Err(error) = serde_path_to_error::deserialize::<_, T>(value.clone()) else {
            return;
        };
        let mut inner = path.to_string();
        for segment in error.path().iter() {
            inner = match segment {
                serde_path_to_error::Segment::Seq { index } => spans::item(&inner, *index),
                serde_path_to_error::Segment::Map { key } => spans::child(&inner, key),
                serde_path_to_error::Segment::Enum { .. } | serde_path_to_error::Segment::Unknown => inner,
            };
        }
        let message = error.inner().to_string();
        if let Some((field, expected)) = unknown_field(&message) {
            // The path names the unknown key itself; the message says where it stands.
            let inner = inner.strip_suffix(&format!(".{field}")).unwrap_or(&inner).to_string();
            let at = self.spans.key(&spans::child(&inner, field));
            let help = match suggest::closest(field, expected.iter().map(String::as_str)) {
                Some(k) => format!("did you mean `{k}`?"),
                None => format!("known keys here: `{}`", expected.join("`, `")),
            };
            let location = if inner.is_empty() { String::new() } else { format!(" in `{inner}`") };
            self.push(at, format!("unknown key `{field}`{location}"), Some(help));
        } else {
            let location = if inner.is_empty() { path.to_string() } else { inner.clone() };
            self.push(self.spans.value(&inner), format!("`{location}`: {message}"), None);
        }
    }

    fn push(&mut self, span: Span, message: String, help: Option<String>) {
        self.problems.push(problem(self.source, span, message, help));
    }
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
    let mut p = Problem::new(line, span, message);
    p.help = help;
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(source: &str) -> Vec<(usize, String, Option<String>)> {
        load(source).unwrap_err().into_iter().map(|p| (p.line, p.message, p.help)).collect()
    }

    const GOOD: &str = "title: t\nplayers:\n  - name: Alice\n    active: true\nobjects:\n  - id: bear\n    name: Bear\n    owner: Alice\n    types: [creature]\n    power: 2\n    toughness: 2\n";

    #[test]
    fn a_good_file_loads() {
        let loaded = load(GOOD).unwrap();
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
        assert!(found[2].1.contains("unknown variant `battlefeld`"), "{}", found[2].1);
        assert_eq!(found[3].1, "unknown key `efects`");
        assert_eq!(found[3].2.as_deref(), Some("did you mean `effects`?"));
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
    fn not_a_mapping() {
        assert!(problems("- a\n- b\n")[0].1.starts_with("a scenario is a mapping"));
    }
}
