//! Where each node of a YAML document stands, by path (`objects[2].zone`), so that problems found
//! after deserializing (an unknown id, a duplicate) point at their place. serde_yaml gives a place
//! for the first syntax or type error only.

use std::collections::HashMap;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// Byte offsets into the source.
pub type Span = (usize, usize);

#[derive(Debug, Default)]
pub struct Spans {
    values: HashMap<String, Span>,
    keys: HashMap<String, Span>,
    duplicates: Vec<Duplicate>,
}

/// A key given twice in one mapping: serde_yaml refuses it but places it at the mapping.
#[derive(Debug, Clone)]
pub struct Duplicate {
    /// The path the key names (`players[0].name`).
    pub path: String,
    pub key: String,
    /// The second occurrence, and the first.
    pub at: Span,
    pub first: Span,
}

/// A syntax error, with its place.
#[derive(Debug)]
pub struct SyntaxError {
    pub message: String,
    pub at: usize,
}

impl Spans {
    pub fn parse(source: &str) -> Result<Spans, SyntaxError> {
        let mut builder = Builder { byte_of_char: byte_offsets(source), source, ..Builder::default() };
        let mut parser = Parser::new_from_str(source);
        if let Err(e) = parser.load(&mut builder, false) {
            let at = builder.byte(e.marker().index());
            return Err(SyntaxError { message: e.info().to_string(), at });
        }
        Ok(builder.spans)
    }

    /// Every key given twice in the same mapping, in the order of the file.
    pub fn duplicates(&self) -> &[Duplicate] {
        &self.duplicates
    }

    /// The span of the value at `path`, or of the closest ancestor that has one.
    pub fn value(&self, path: &str) -> Span {
        self.lookup(&self.values, path)
    }

    /// The span of the key naming `path` (`zone` in `zone: hand`), else of its value.
    pub fn key(&self, path: &str) -> Span {
        match self.keys.get(path) {
            Some(span) => *span,
            None => self.value(path),
        }
    }

    fn lookup(&self, map: &HashMap<String, Span>, path: &str) -> Span {
        let mut path = path;
        loop {
            if let Some(span) = map.get(path) {
                return *span;
            }
            match path.rfind(['.', '[']) {
                Some(cut) => path = &path[..cut],
                None => return self.values.get("").copied().unwrap_or((0, 0)),
            }
        }
    }
}

/// Joins a path and a map key: `objects[0]` + `zone` → `objects[0].zone`.
pub fn child(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// Joins a path and a sequence index: `objects` + 2 → `objects[2]`.
pub fn item(path: &str, index: usize) -> String {
    format!("{path}[{index}]")
}

enum Frame {
    /// `seen`: the keys of this mapping so far, with their places, to find one given twice.
    Map {
        path: String,
        key: Option<(String, Span)>,
        seen: HashMap<String, Span>,
    },
    Seq {
        path: String,
        next: usize,
    },
    Root,
}

#[derive(Default)]
struct Builder<'a> {
    source: &'a str,
    byte_of_char: Vec<usize>,
    spans: Spans,
    stack: Vec<Frame>,
    /// Start of each open collection, to close its span at its end event.
    open: Vec<(String, usize)>,
}

/// yaml-rust2's markers count characters; miette wants bytes.
fn byte_offsets(source: &str) -> Vec<usize> {
    source.char_indices().map(|(b, _)| b).chain(std::iter::once(source.len())).collect()
}

impl Builder<'_> {
    fn byte(&self, char_index: usize) -> usize {
        self.byte_of_char.get(char_index).copied().unwrap_or(self.source.len())
    }

    /// The path of the node that starts now, and whether it is a map key rather than a value.
    fn next_path(&mut self) -> (Option<String>, bool) {
        match self.stack.last_mut() {
            Some(Frame::Map { path, key, .. }) => match key.take() {
                Some((name, key_span)) => {
                    let p = child(path, &name);
                    self.spans.keys.insert(p.clone(), key_span);
                    (Some(p), false)
                }
                None => (None, true),
            },
            Some(Frame::Seq { path, next }) => {
                let p = item(path, *next);
                *next += 1;
                (Some(p), false)
            }
            Some(Frame::Root) | None => (Some(String::new()), false),
        }
    }

    fn scalar_end(&self, start: usize, value: &str, style: TScalarStyle) -> usize {
        let quoted = matches!(style, TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted);
        let line_end = self.source[start..].find('\n').map_or(self.source.len(), |i| start + i);
        let wanted = start + value.len() + if quoted { 2 } else { 0 };
        let mut end = wanted.min(line_end).max(start);
        while !self.source.is_char_boundary(end) {
            end -= 1;
        }
        end
    }
}

impl MarkedEventReceiver for Builder<'_> {
    fn on_event(&mut self, event: Event, mark: Marker) {
        let at = self.byte(mark.index());
        match event {
            Event::DocumentStart => self.stack.push(Frame::Root),
            Event::Scalar(value, style, ..) => {
                let end = self.scalar_end(at, &value, style);
                let (path, is_key) = self.next_path();
                if is_key {
                    // yaml-rust2 marks a block mapping's start after its first key: start there.
                    if let Some((_, start)) = self.open.last_mut() {
                        *start = (*start).min(at);
                    }
                    if let Some(Frame::Map { path, key, seen }) = self.stack.last_mut() {
                        if let Some(first) = seen.get(&value) {
                            self.spans.duplicates.push(Duplicate {
                                path: child(path, &value),
                                key: value.clone(),
                                at: (at, end),
                                first: *first,
                            });
                        } else {
                            seen.insert(value.clone(), (at, end));
                        }
                        *key = Some((value, (at, end)));
                    }
                } else if let Some(path) = path {
                    self.spans.values.insert(path, (at, end));
                }
            }
            Event::MappingStart(..) | Event::SequenceStart(..) => {
                let (path, is_key) = self.next_path();
                // A collection used as a key is legal YAML but names nothing we look up.
                let path = if is_key { String::from("<complex key>") } else { path.unwrap_or_default() };
                self.open.push((path.clone(), at));
                if matches!(event, Event::MappingStart(..)) {
                    self.stack.push(Frame::Map { path, key: None, seen: HashMap::new() });
                } else {
                    self.stack.push(Frame::Seq { path, next: 0 });
                }
            }
            Event::MappingEnd | Event::SequenceEnd => {
                self.stack.pop();
                if let Some((path, start)) = self.open.pop() {
                    // A block collection ends where the next node starts; trim trailing blanks.
                    let end = start + self.source[start..at.max(start)].trim_end().len();
                    self.spans.values.insert(path, (start, end.max(start)));
                }
            }
            Event::Alias(_) => {
                let (path, _) = self.next_path();
                if let Some(path) = path {
                    self.spans.values.insert(path, (at, at));
                }
            }
            Event::DocumentEnd => {
                self.stack.pop();
            }
            Event::StreamStart | Event::StreamEnd | Event::Nothing => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str =
        "title: Blood Moon\nobjects:\n  - id: urborg\n    zone: battlefield\n  - id: moon\n    types: [enchantment]\n";

    fn text(span: Span) -> &'static str {
        &DOC[span.0..span.1]
    }

    #[test]
    fn finds_values_and_keys_by_path() {
        let spans = Spans::parse(DOC).unwrap();
        assert_eq!(text(spans.value("title")), "Blood Moon");
        assert_eq!(text(spans.value("objects[1].id")), "moon");
        assert_eq!(text(spans.key("objects[0].zone")), "zone");
        assert_eq!(text(spans.value("objects[1].types[0]")), "enchantment");
    }

    #[test]
    fn a_missing_path_falls_back_to_its_closest_ancestor() {
        let spans = Spans::parse(DOC).unwrap();
        assert_eq!(spans.value("objects[1].power"), spans.value("objects[1]"));
        assert!(text(spans.value("objects[1]")).starts_with("id: moon"));
    }

    #[test]
    fn offsets_are_bytes_even_after_accents() {
        let doc = "title: Règles\nname: « Orbe »\n";
        let spans = Spans::parse(doc).unwrap();
        let (s, e) = spans.value("name");
        assert_eq!(&doc[s..e], "« Orbe »");
    }

    #[test]
    fn keys_given_twice_are_found_with_both_places() {
        let doc = "title: a\nplayers:\n  - {name: A, active: true, name: B}\ntitle: b\n";
        let spans = Spans::parse(doc).unwrap();
        let found: Vec<(&str, &str, usize, usize)> =
            spans.duplicates().iter().map(|d| (d.path.as_str(), d.key.as_str(), d.at.0, d.first.0)).collect();
        let second_name = doc.rfind("name: B").unwrap();
        let second_title = doc.rfind("title").unwrap();
        assert_eq!(found, [("players[0].name", "name", second_name, 23), ("title", "title", second_title, 0)]);
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let err = Spans::parse("title: x\nobjects: [a, b\n").unwrap_err();
        assert!(err.at > 0);
    }
}
