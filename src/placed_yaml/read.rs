//! One reading of a scenario's YAML text: the value (as `serde_yaml::Value`, which the typed
//! checks then read) and the places of its nodes (`Spans`), in a single pass over yaml-rust2's
//! events.
//!
//! Reading the text once, without serde_yaml's list of every event of the document, keeps the
//! memory of a large board close to the size of what it holds. The same pass enforces the
//! limits on nesting and on the nodes an alias repeats (an alias bomb is refused at the alias
//! that passes the limit, before anything is copied), and places a tab in the indentation at the
//! tab itself rather than at the node before it.

use super::limits::{self, thousands};
use super::spans::{child, item, key_hash, Duplicate, Node, Span, Spans, SyntaxError};
use rustc_hash::FxHashSet;
use serde_yaml::value::{Tag, TaggedValue};
use serde_yaml::{Mapping, Number, Value};
use std::collections::HashMap;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// The document's value (null for an empty file) and the places of its nodes.
pub fn read(source: &str) -> Result<(Value, Spans), SyntaxError> {
    let mut reader = Reader::new(source);
    let mut parser = Parser::new_from_str(source);
    let mut documents = 0;
    loop {
        let (event, mark) = match parser.next_token() {
            Ok(next) => next,
            Err(e) => return Err(reader.scan_error(e.marker(), e.info())),
        };
        let at = reader.bytes.of(mark.index());
        match event {
            Event::StreamEnd => break,
            Event::DocumentStart => {
                documents += 1;
                if documents > 1 {
                    return Err(SyntaxError {
                        message: "a scenario file holds one YAML document; this is a second one".into(),
                        at: (at, at),
                        help: Some("write each scenario in a file of its own".into()),
                    });
                }
            }
            event => reader.on_event(event, at)?,
        }
    }
    Ok((reader.root.unwrap_or(Value::Null), reader.spans))
}

/// yaml-rust2's markers count characters; miette wants bytes. A byte offset is kept for every
/// 64th character (none for ASCII text, where they are the same), so that the conversion costs
/// little memory and at most 64 steps.
struct ByteIndex<'a> {
    source: &'a str,
    checkpoints: Option<Vec<usize>>,
}

const EVERY: usize = 64;

impl<'a> ByteIndex<'a> {
    fn new(source: &'a str) -> Self {
        let checkpoints =
            (!source.is_ascii()).then(|| source.char_indices().step_by(EVERY).map(|(b, _)| b).collect::<Vec<usize>>());
        ByteIndex { source, checkpoints }
    }

    fn of(&self, char_index: usize) -> usize {
        let Some(checkpoints) = &self.checkpoints else {
            return char_index.min(self.source.len());
        };
        let Some(&from) = checkpoints.get(char_index / EVERY) else {
            return self.source.len();
        };
        self.source[from..].char_indices().nth(char_index % EVERY).map_or(self.source.len(), |(b, _)| from + b)
    }
}

/// A collection being read. Its children, their values and its keys' hashes are on the
/// reader's shared stacks (`kids`, `values`, `hashes`) from the places it started at: one list
/// of each for the whole document, and each collection made at its end at its size, rather
/// than a list grown per collection (a large board has hundreds of thousands).
struct Frame {
    node: u32,
    kids_from: usize,
    values_from: usize,
    anchor: usize,
    tag: Option<yaml_rust2::parser::Tag>,
    /// Nodes counted when it started: what an alias to it repeats is the difference at its end.
    nodes_at_start: u64,
    /// The same for bytes (`Reader::weight`).
    weight_at_start: u64,
    body: Body,
}

enum Body {
    /// Its entries are key and value in turn on `values`, the hashes of the keys on `hashes`
    /// from `hashes_from`; `index`, those hashes once there are many, to find a key given twice
    /// without going over every key.
    Map {
        key: Option<Key>,
        hashes_from: usize,
        index: Option<FxHashSet<u64>>,
    },
    Seq,
}

/// A mapping's key, waiting for its value.
struct Key {
    value: Value,
    span: (u32, u32),
    /// The hash of its text (`key_text`), which equal keys share: a key given twice is looked
    /// for among the keys of the same hash only.
    text_hash: u64,
    /// Its hash in `Spans`: 0 for a list or mapping used as a key, legal YAML that names nothing
    /// we look up.
    hash: u64,
}

/// Past this many keys, a mapping's are found by a hash set instead of a scan.
const SCANNED_KEYS: usize = 16;

/// What an anchor stands for: its value, and the nodes and bytes it counts for.
struct Anchored {
    value: Value,
    nodes: u64,
    bytes: u64,
}

/// What one node takes in memory besides its text: an alias's copy of a node costs this much.
const NODE_BYTES: u64 = std::mem::size_of::<Value>() as u64;

struct Reader<'a> {
    source: &'a str,
    bytes: ByteIndex<'a>,
    spans: Spans,
    stack: Vec<Frame>,
    kids: Vec<u32>,
    values: Vec<Value>,
    hashes: Vec<u64>,
    anchors: HashMap<usize, Anchored>,
    /// Nodes so far, aliases counted as what they repeat.
    nodes: u64,
    /// The bytes of the values so far (their text, and `NODE_BYTES` a node), aliases counted as
    /// what they repeat; and of those, what aliases repeat.
    weight: u64,
    repeated: u64,
    root: Option<Value>,
}

fn narrow((start, end): Span) -> (u32, u32) {
    // The file is at most `limits::FILE_BYTES`: its offsets fit.
    (start as u32, end as u32)
}

impl<'a> Reader<'a> {
    fn new(source: &'a str) -> Self {
        Reader {
            source,
            bytes: ByteIndex::new(source),
            spans: Spans::default(),
            stack: Vec::new(),
            kids: Vec::new(),
            values: Vec::new(),
            hashes: Vec::new(),
            anchors: HashMap::new(),
            nodes: 0,
            weight: 0,
            repeated: 0,
            root: None,
        }
    }

    fn on_event(&mut self, event: Event, at: usize) -> Result<(), SyntaxError> {
        match event {
            Event::Scalar(text, style, anchor, tag) => {
                self.count(1, at, None)?;
                let weight_at_start = self.weight;
                self.weight += NODE_BYTES + text.len() as u64;
                let end = self.scalar_end(at, &text, style);
                let value = scalar(text, style, tag.as_ref());
                if self.expecting_key() {
                    // yaml-rust2 marks a block mapping's start after its first key: start there.
                    if let Some(frame) = self.stack.last() {
                        let node = self.spans.node_mut(frame.node);
                        node.value.0 = node.value.0.min(at as u32);
                    }
                    self.remember(anchor, &value, 1, self.weight - weight_at_start);
                    self.set_key(value, (at, end));
                } else {
                    let node = self.spans.push_node(Node { value: narrow((at, end)), ..Node::default() });
                    self.remember(anchor, &value, 1, self.weight - weight_at_start);
                    self.place(value, node);
                }
            }
            Event::SequenceStart(anchor, ref tag) | Event::MappingStart(anchor, ref tag) => {
                self.count(1, at, None)?;
                if self.stack.len() >= limits::DEPTH {
                    return Err(SyntaxError {
                        message: format!("lists and mappings nested more than {} levels deep", limits::DEPTH),
                        at: (at, at),
                        help: Some("a scenario nests about ten levels (docs/scenario/07-output.md, \"Limits\")".into()),
                    });
                }
                let body = match event {
                    Event::MappingStart(..) => Body::Map { key: None, hashes_from: self.hashes.len(), index: None },
                    _ => Body::Seq,
                };
                let tag = tag.clone();
                self.weight += NODE_BYTES;
                let node = self.spans.push_node(Node { value: narrow((at, at)), ..Node::default() });
                self.stack.push(Frame {
                    node,
                    kids_from: self.kids.len(),
                    values_from: self.values.len(),
                    anchor,
                    tag,
                    nodes_at_start: self.nodes - 1,
                    weight_at_start: self.weight - NODE_BYTES,
                    body,
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some(frame) = self.stack.pop() else { return Ok(()) };
                let start = self.spans.node(frame.node).value.0 as usize;
                // A block collection ends where the next node starts; trim trailing blanks.
                let end = start + self.source[start..at.max(start)].trim_end().len();
                self.spans.node_mut(frame.node).value = narrow((start, end.max(start)));
                self.spans.set_children(frame.node, &self.kids[frame.kids_from..]);
                self.kids.truncate(frame.kids_from);
                let value = self.collection(&frame);
                let value = tagged(value, frame.tag.as_ref());
                self.remember(
                    frame.anchor,
                    &value,
                    self.nodes - frame.nodes_at_start,
                    self.weight - frame.weight_at_start,
                );
                if self.expecting_key() {
                    self.set_key_complex(value, (start, end.max(start)));
                } else {
                    self.place(value, frame.node);
                }
            }
            Event::Alias(id) => {
                let Some((nodes, bytes)) = self.anchors.get(&id).map(|a| (a.nodes, a.bytes)) else {
                    // yaml-rust2 refuses an unknown anchor; one still open is a node inside itself.
                    return Err(SyntaxError {
                        message: format!("the alias `{}` is inside the node it names", self.alias_name(at)),
                        at: self.alias_span(at),
                        help: Some("an anchor's node cannot hold an alias to itself".into()),
                    });
                };
                self.count(nodes, at, Some(id))?;
                self.repeat(bytes, at)?;
                let value = self.anchors[&id].value.clone();
                if self.expecting_key() {
                    self.set_key(value, self.alias_span(at));
                } else {
                    let node = self.spans.push_node(Node { value: narrow((at, at)), ..Node::default() });
                    self.place(value, node);
                }
            }
            Event::DocumentEnd | Event::StreamStart | Event::DocumentStart | Event::StreamEnd | Event::Nothing => {}
        }
        Ok(())
    }

    /// Counts `n` more nodes, refusing the file past the limit: at the alias that passes it, if
    /// an alias does.
    fn count(&mut self, n: u64, at: usize, alias: Option<usize>) -> Result<(), SyntaxError> {
        self.nodes = self.nodes.saturating_add(n);
        if self.nodes <= limits::NODES {
            return Ok(());
        }
        let limit = thousands(limits::NODES);
        Err(match alias {
            Some(_) => SyntaxError {
                message: format!(
                    "this file repeats an anchor too many times (`{}`): with its aliases, it would hold more than {limit} nodes",
                    self.alias_name(at)
                ),
                at: self.alias_span(at),
                help: Some(format!(
                    "write the objects out or use fewer aliases; `{}` alone stands for {} nodes",
                    self.alias_name(at),
                    thousands(n)
                )),
            },
            None => SyntaxError {
                message: format!("this file holds more than {limit} nodes (values, lists and mappings)"),
                at: (at, at),
                help: Some("split the board, or leave out what the question does not need (docs/scenario/07-output.md, \"Limits\")".into()),
            },
        })
    }

    /// Counts `bytes` more repeated by the alias at `at`, refusing the file past the limit: an
    /// anchor of long texts repeated stands for gigabytes in a few nodes, before the node limit.
    fn repeat(&mut self, bytes: u64, at: usize) -> Result<(), SyntaxError> {
        self.weight = self.weight.saturating_add(bytes);
        self.repeated = self.repeated.saturating_add(bytes);
        if self.repeated <= limits::ALIAS_BYTES {
            return Ok(());
        }
        Err(SyntaxError {
            message: format!(
                "this file repeats an anchor too many times (`{}`): its aliases would stand for more than {} bytes",
                self.alias_name(at),
                thousands(limits::ALIAS_BYTES)
            ),
            at: self.alias_span(at),
            help: Some(format!(
                "write the objects out or use fewer aliases; `{}` alone stands for {} bytes",
                self.alias_name(at),
                thousands(bytes)
            )),
        })
    }

    /// `*name` at `at`.
    fn alias_name(&self, at: usize) -> &'a str {
        let text = &self.source[at..];
        let end = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_whitespace() || matches!(c, ',' | '[' | ']' | '{' | '}'))
            .map_or(text.len(), |(i, _)| i);
        &text[..end]
    }

    fn alias_span(&self, at: usize) -> Span {
        (at, at + self.alias_name(at).len())
    }

    fn remember(&mut self, anchor: usize, value: &Value, nodes: u64, bytes: u64) {
        if anchor != 0 {
            self.anchors.insert(anchor, Anchored { value: value.clone(), nodes, bytes });
        }
    }

    fn expecting_key(&self) -> bool {
        matches!(self.stack.last(), Some(Frame { body: Body::Map { key: None, .. }, .. }))
    }

    fn set_key(&mut self, value: Value, span: Span) {
        let text_hash = text_hash(&value);
        if let Some(Frame { body: Body::Map { key, .. }, .. }) = self.stack.last_mut() {
            *key = Some(Key { value, span: narrow(span), text_hash, hash: text_hash });
        }
    }

    fn set_key_complex(&mut self, value: Value, span: Span) {
        let text_hash = text_hash(&value);
        if let Some(Frame { body: Body::Map { key, .. }, .. }) = self.stack.last_mut() {
            *key = Some(Key { value, span: narrow(span), text_hash, hash: 0 });
        }
    }

    /// The list or mapping a frame read, its children taken off the shared stack.
    fn collection(&mut self, frame: &Frame) -> Value {
        let mut children = self.values.drain(frame.values_from..);
        match frame.body {
            Body::Seq => Value::Sequence(children.collect()),
            Body::Map { hashes_from, .. } => {
                self.hashes.truncate(hashes_from);
                let mut map = Mapping::with_capacity(children.len() / 2);
                while let (Some(key), Some(value)) = (children.next(), children.next()) {
                    map.insert(key, value);
                }
                Value::Mapping(map)
            }
        }
    }

    /// Puts a finished node in the collection it belongs to, or makes it the document.
    fn place(&mut self, value: Value, node: u32) {
        let Some(frame) = self.stack.last_mut() else {
            self.root = Some(value);
            return;
        };
        let Body::Map { key, hashes_from, index } = &mut frame.body else {
            self.values.push(value);
            self.kids.push(node);
            return;
        };
        let Some(key) = key.take() else { return };
        if key.hash != 0 {
            let n = self.spans.node_mut(node);
            n.key = Some(key.span);
            n.key_hash = key.hash;
        }
        let hashes = &self.hashes[*hashes_from..];
        let maybe_given = match index {
            Some(index) => index.contains(&key.text_hash),
            None => hashes.contains(&key.text_hash),
        };
        let keys = self.values[frame.values_from..].iter().step_by(2);
        if maybe_given && keys.zip(hashes).any(|(k, &h)| h == key.text_hash && *k == key.value) {
            self.given_twice(key);
            return;
        }
        if let Some(index) = index {
            index.insert(key.text_hash);
        } else if hashes.len() + 1 == SCANNED_KEYS {
            *index = Some(hashes.iter().copied().chain([key.text_hash]).collect());
        }
        self.hashes.push(key.text_hash);
        self.values.push(key.value);
        self.values.push(value);
        self.kids.push(node);
    }

    /// Notes a key given a second time in the innermost mapping (its value is left out).
    fn given_twice(&mut self, key: Key) {
        let Some(frame) = self.stack.last() else { return };
        let first = self.kids[frame.kids_from..]
            .iter()
            .map(|&k| self.spans.node(k))
            .find(|n| n.key_hash == key.hash && key.hash != 0)
            .and_then(|n| n.key)
            .map_or((0, 0), |(s, e)| (s as usize, e as usize));
        let text = key_text(&key.value);
        self.spans.push_duplicate(Duplicate {
            path: child(&self.path_of_innermost(), &text),
            key: text,
            at: (key.span.0 as usize, key.span.1 as usize),
            first,
        });
    }

    /// The path of the innermost open collection.
    fn path_of_innermost(&self) -> String {
        let mut path = String::new();
        for (depth, frame) in self.stack.iter().enumerate() {
            // Every open collection but the innermost holds the one inside it at its pending key,
            // or as its next item: after the items it holds so far, which are the children it
            // listed before the next collection started.
            path = match &frame.body {
                Body::Map { key: Some(key), .. } => child(&path, &key_text(&key.value)),
                Body::Map { key: None, .. } => path,
                Body::Seq => {
                    let end = self.stack.get(depth + 1).map_or(self.kids.len(), |next| next.kids_from);
                    item(&path, end - frame.kids_from)
                }
            };
        }
        path
    }

    fn scalar_end(&self, start: usize, value: &str, style: TScalarStyle) -> usize {
        let quoted = matches!(style, TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted);
        let wanted = (start + value.len() + if quoted { 2 } else { 0 }).min(self.source.len());
        // Up to the end of the line, looked for only as far as the scalar goes: a line of
        // megabytes is not scanned again for each of its scalars.
        let mut end = wanted.max(start);
        while !self.source.is_char_boundary(end) {
            end -= 1;
        }
        let end = self.source[start..end].find('\n').map_or(end, |i| start + i);
        let mut end = end.max(start);
        while !self.source.is_char_boundary(end) {
            end -= 1;
        }
        end
    }

    /// A syntax error at its place; a tab in the indentation at the tab, which yaml-rust2 reports
    /// at the node before it.
    fn scan_error(&self, mark: &Marker, info: &str) -> SyntaxError {
        let at = self.bytes.of(mark.index());
        if let Some(tab) = tab_in_indentation(self.source, at) {
            return SyntaxError {
                message: "a tab in the indentation".into(),
                at: (tab, tab + 1),
                help: Some("indent with spaces: YAML does not allow tabs there".into()),
            };
        }
        SyntaxError { message: format!("invalid YAML: {info}"), at: (at, at), help: None }
    }
}

/// The first tab in the indentation of the line of `at` or of the next one.
fn tab_in_indentation(source: &str, at: usize) -> Option<usize> {
    let line_start = source[..at.min(source.len())].rfind('\n').map_or(0, |i| i + 1);
    let mut start = line_start;
    for _ in 0..2 {
        let line = &source[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let indentation = line.len() - line.trim_start_matches([' ', '\t']).len();
        if let Some(tab) = line[..indentation].find('\t') {
            return Some(start + tab);
        }
        start += line.len() + 1;
        if start >= source.len() {
            break;
        }
    }
    None
}

/// The hash of the text a key is named by: equal keys have equal texts.
fn text_hash(value: &Value) -> u64 {
    match value {
        Value::String(s) => key_hash(s),
        other => key_hash(&key_text(other)),
    }
}

/// The text a key is named by in paths and messages.
fn key_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".into(),
        _ => "<complex key>".into(),
    }
}

/// A collection's tag, kept as serde_yaml keeps it (`!Name` for an enum variant).
fn tagged(value: Value, tag: Option<&yaml_rust2::parser::Tag>) -> Value {
    match tag {
        Some(t) if !is_core(t) => {
            Value::Tagged(Box::new(TaggedValue { tag: Tag::new(format!("{}{}", t.handle, t.suffix)), value }))
        }
        _ => value,
    }
}

fn is_core(tag: &yaml_rust2::parser::Tag) -> bool {
    tag.handle == "!!" || tag.handle == "tag:yaml.org,2002:"
}

/// A scalar's value, resolved as serde_yaml 0.9 resolves it: quoted and block scalars are
/// strings; a plain one is null, a boolean, a number, or else a string (YAML 1.2 core schema).
fn scalar(text: String, style: TScalarStyle, tag: Option<&yaml_rust2::parser::Tag>) -> Value {
    match tag {
        Some(t) if is_core(t) && t.suffix == "str" => Value::String(text),
        Some(t) if is_core(t) => plain(text),
        Some(_) => tagged(scalar(text, style, None), tag),
        None if style == TScalarStyle::Plain => plain(text),
        None => Value::String(text),
    }
}

fn plain(text: String) -> Value {
    match text.as_str() {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
        "true" | "True" | "TRUE" => return Value::Bool(true),
        "false" | "False" | "FALSE" => return Value::Bool(false),
        _ => {}
    }
    // Whole numbers in decimal, the common case, without a second parser.
    let digits = text.strip_prefix('-').unwrap_or(&text);
    let decimal = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits.len() == 1 || !digits.starts_with('0'));
    if decimal {
        if let Ok(n) = text.parse::<u64>() {
            return Value::Number(Number::from(n));
        }
        if let Ok(n) = text.parse::<i64>() {
            return Value::Number(Number::from(n));
        }
    }
    // Other numbers (`0x1F`, `1e3`, `.inf`, `+5`…): serde_yaml itself reads the word alone, so
    // that they resolve exactly as before. Only words that can start a number get here.
    if text.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '+' | '-' | '.')) {
        if let Ok(value @ Value::Number(_)) = serde_yaml::from_str::<Value>(&text) {
            return value;
        }
    }
    Value::String(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(source: &str) -> Value {
        read(source).unwrap().0
    }

    /// The value read is the one serde_yaml reads, on scalars of every kind.
    #[test]
    fn values_are_the_ones_serde_yaml_reads() {
        let doc = "a: [1, -2, 0, -0, 007, 0x1F, 1e3, .inf, -.inf, +5, 1.5, ~, null, '', true, False, yes, 'x', \"3\"]\nz: |\n  block\nb: {c: 18446744073709551615, d: !!str 12, e: -9223372036854775808}\nf: !Thing {g: h}\ni: !!int 3\n";
        let ours = value(doc);
        let theirs: Value = serde_yaml::from_str(doc).unwrap();
        assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));
    }

    #[test]
    fn aliases_repeat_their_anchor() {
        let doc = "a: &x {b: 1}\nc: *x\n";
        assert_eq!(value(doc)["c"]["b"], Value::Number(1.into()));
    }

    #[test]
    fn an_alias_bomb_is_refused_at_the_alias_that_passes_the_limit() {
        let mut doc = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        let mut previous = 'a';
        for name in 'b'..='h' {
            let aliases = vec![format!("*{previous}"); 10].join(", ");
            doc.push_str(&format!("{name}: &{name} [{aliases}]\n"));
            previous = name;
        }
        let err = read(&doc).unwrap_err();
        assert!(err.message.starts_with("this file repeats an anchor too many times (`*"), "{}", err.message);
        // The aliases of `f` are `*e`s: the bytes they repeat pass the limit within `f`, before
        // the nodes do (within `g`).
        assert!(err.message.ends_with("its aliases would stand for more than 67,108,864 bytes"), "{}", err.message);
        assert_eq!(&doc[err.at.0..err.at.1], "*e");
        assert!(doc[..err.at.0].rsplit('\n').next().unwrap().starts_with("f: &f ["), "{doc}");
        assert!(err.help.unwrap().starts_with("write the objects out or use fewer aliases"));
    }

    /// A long text repeated by aliases of aliases: few nodes, far from the node limit, but
    /// gigabytes of values; refused at the alias that passes the bytes its aliases may repeat.
    #[test]
    fn aliases_of_long_texts_are_bounded_by_their_bytes() {
        let mut doc = format!("a: &a \"{}\"\n", "x".repeat(1 << 20));
        let mut previous = "a".to_string();
        for name in ["b", "c", "d", "e"] {
            let aliases = vec![format!("*{previous}"); 10].join(", ");
            doc.push_str(&format!("{name}: &{name} [{aliases}]\n"));
            previous = name.to_string();
        }
        let err = read(&doc).unwrap_err();
        assert!(err.message.contains("its aliases would stand for more than 67,108,864 bytes"), "{}", err.message);
        // The sixth `*b` of `c`: each stands for ten megabytes.
        assert_eq!(&doc[err.at.0..err.at.1], "*b");
        // A few aliases of it are fine.
        let few = format!("a: &a \"{}\"\nb: [*a, *a, *a]\n", "x".repeat(1 << 20));
        assert!(read(&few).is_ok());
    }

    #[test]
    fn nesting_past_the_limit_is_refused_where_it_passes() {
        let deep = format!("a: {}{}\n", "[".repeat(limits::DEPTH + 5), "]".repeat(limits::DEPTH + 5));
        let err = read(&deep).unwrap_err();
        assert!(err.message.contains("nested more than 64 levels"), "{}", err.message);
        assert_eq!(err.at.0, 3 + limits::DEPTH - 1);
    }

    #[test]
    fn a_tab_in_the_indentation_is_placed_at_the_tab() {
        let doc = "title: t\nplayers:\n  - name: Alice\n\tactive: true\n";
        let err = read(doc).unwrap_err();
        assert_eq!(err.message, "a tab in the indentation");
        assert_eq!(err.at, (doc.find('\t').unwrap(), doc.find('\t').unwrap() + 1));
    }

    /// A key given twice is found past the keys scanned one by one, and keys of the same text
    /// but different values (`1` and `'1'`) are two keys, as serde_yaml reads them.
    #[test]
    fn keys_given_twice_in_a_large_mapping() {
        let keys: String = (0..SCANNED_KEYS * 2).map(|i| format!("  k{i}: {i}\n")).collect();
        let doc = format!("m:\n{keys}  k3: x\n  1: a\n  '1': b\n  1: c\n");
        let (value, spans) = read(&doc).unwrap();
        let found: Vec<(&str, &str)> =
            spans.duplicates().iter().map(|d| (d.path.as_str(), &doc[d.first.0..d.first.1])).collect();
        assert_eq!(found, [("m.k3", "k3"), ("m.1", "1")]);
        assert_eq!(value["m"]["k3"], Value::Number(3.into()));
        assert_eq!(value["m"].as_mapping().unwrap().len(), SCANNED_KEYS * 2 + 2);
    }

    #[test]
    fn an_alias_used_as_a_key_is_the_same_key_as_its_mapping() {
        let doc = "x: &x {a: 1}\n*x : 3\n? {a: 1}\n: 4\n";
        let (_, spans) = read(doc).unwrap();
        assert_eq!(spans.duplicates().len(), 1);
        assert_eq!(spans.duplicates()[0].key, "<complex key>");
    }

    #[test]
    fn a_second_document_is_refused() {
        let err = read("a: 1\n---\nb: 2\n").unwrap_err();
        assert!(err.message.contains("one YAML document"), "{}", err.message);
    }

    #[test]
    fn an_empty_file_is_null() {
        assert_eq!(value(""), Value::Null);
        assert_eq!(value("# only a comment\n"), Value::Null);
    }

    #[test]
    fn byte_offsets_after_many_accents() {
        let source = format!("{}x", "é".repeat(200));
        let index = ByteIndex::new(&source);
        assert_eq!(index.of(0), 0);
        assert_eq!(index.of(130), 260);
        assert_eq!(index.of(200), 400);
        assert_eq!(index.of(5000), source.len());
    }
}
