//! A YAML document read into typed values with every problem found at once and placed: a
//! syntax error, a key given twice, an unknown key (with a near one offered), a wrong type.
//! Each node is deserialized on its own, so that one bad node does not hide the next one's.

use super::spans::{self, Span, Spans};
use crate::diagnostic::problem::Problem;
use crate::suggest;
use serde::de::DeserializeOwned;
use serde_path_to_error::Segment;
use serde_yaml::Value;

/// The YAML of a file and the places of its nodes; a syntax error, a limit passed or a key given
/// twice is a problem placed where it is.
pub(crate) fn parse(source: &str) -> Result<(Spans, Value), Vec<Problem>> {
    let (value, spans) = match super::read::read(source) {
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
    let mut checker = Checker::new(source, &spans, &mut problems);
    let parsed: Vec<Option<T>> =
        items.iter().enumerate().map(|(index, item)| checker.item(item, || spans::item("", index))).collect();
    if !problems.is_empty() {
        return Err(problems);
    }
    // Every item was read without a problem above.
    Ok(parsed.into_iter().zip(items).filter_map(|(parsed, item)| Some((parsed?, item))).collect())
}

/// Reads the nodes of one document, gathering the problems of all of them.
pub(crate) struct Checker<'a> {
    source: &'a str,
    spans: &'a Spans,
    problems: &'a mut Vec<Problem>,
    /// Keys not offered for an unknown one at a path (`inner`, `key`): the format's own rule.
    not_offered: fn(&str, &str) -> bool,
}

impl<'a> Checker<'a> {
    pub(crate) fn new(source: &'a str, spans: &'a Spans, problems: &'a mut Vec<Problem>) -> Self {
        Checker { source, spans, problems, not_offered: |_, _| false }
    }

    /// The checker, never offering the keys `not_offered` names at a path for an unknown key.
    pub(crate) fn not_offering(self, not_offered: fn(&str, &str) -> bool) -> Self {
        Checker { not_offered, ..self }
    }

    /// Deserializes one node on its own, so that one bad object does not hide the next one's
    /// problems; None when it has any, each reported (`problems`). `path` names the node, and is
    /// only made when there is a problem to place.
    pub(crate) fn item<T: DeserializeOwned>(&mut self, value: &Value, path: impl FnOnce() -> String) -> Option<T> {
        // Most nodes have no problem: read from the tree itself, without a copy of the node or
        // the bookkeeping of where serde is, which only a problem needs.
        if let Ok(parsed) = T::deserialize(value) {
            return Some(parsed);
        }
        self.problems_of::<T>(&path(), value)
    }

    /// Each item of the list at `path`, all of them when none has a problem.
    pub(crate) fn list<T: DeserializeOwned>(&mut self, path: &str, value: &Value) -> Option<Vec<T>> {
        let Value::Sequence(items) = value else {
            self.push(self.spans.value(path), format!("`{path}` must be a list"), None);
            return None;
        };
        let parsed: Vec<Option<T>> =
            items.iter().enumerate().map(|(index, item)| self.item(item, || spans::item(path, index))).collect();
        parsed.into_iter().collect()
    }

    /// A top-level key the format does not have; `known`: those it has.
    pub(crate) fn unknown(&mut self, key: &str, known: &[&str]) {
        let help = suggest::closest(key, known.iter().copied()).map(|k| format!("did you mean `{k}`?"));
        let help = help.or_else(|| Some(format!("known keys: `{}`", known.join("`, `"))));
        self.push(self.spans.key(key), format!("unknown key `{key}`"), help);
    }

    /// Every problem of a node that does not deserialize, placed at the exact field serde names.
    /// serde stops at the first problem of a node: the entry it names is taken out and the node
    /// read again, so that every problem of one object is found at once too. Always None, but
    /// for a node that reads with serde's bookkeeping of where it is and not without (not seen:
    /// the node then).
    fn problems_of<T: DeserializeOwned>(&mut self, path: &str, value: &Value) -> Option<T> {
        let mut value = value.clone();
        let mut removed: Vec<String> = Vec::new();
        loop {
            let error = match serde_path_to_error::deserialize::<_, T>(&value) {
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
            let expected: Vec<String> = expected.into_iter().filter(|k| !(self.not_offered)(&inner, k)).collect();
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

    pub(crate) fn push(&mut self, span: Span, message: String, help: Option<String>) {
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
