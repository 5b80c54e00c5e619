//! Where each node of a YAML document stands, by path (`objects[2].zone`), so that problems found
//! after deserializing (an unknown id, a duplicate) point at their place.
//!
//! The places are a tree of small fixed-size nodes (offsets as `u32`, keys as hashes), built in
//! the same pass that reads the document (`super::read`): a path is looked up by walking it,
//! not stored as a string per node, so that a board of 100,000 objects keeps its places in a
//! few tens of bytes per node.

use std::hash::{Hash, Hasher};

/// Byte offsets into the source.
pub type Span = (usize, usize);

#[derive(Debug, Default)]
pub struct Spans {
    nodes: Vec<Node>,
    /// The children of each collection, contiguous per collection, in the order of the file.
    children: Vec<u32>,
    duplicates: Vec<Duplicate>,
}

/// One node: its value's place, its key's place in the mapping that holds it (if any), and
/// where its children are listed.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Node {
    pub(super) value: (u32, u32),
    pub(super) key: Option<(u32, u32)>,
    /// The hash of the key's text (`key_hash`); 0 for an item of a list or a complex key.
    pub(super) key_hash: u64,
    pub(super) first_child: u32,
    pub(super) child_count: u32,
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

/// A syntax error, or a limit passed, with its place.
#[derive(Debug)]
pub struct SyntaxError {
    pub message: String,
    pub at: Span,
    pub help: Option<String>,
}

impl Spans {
    /// The places of a document's nodes (the value read is dropped).
    pub fn parse(source: &str) -> Result<Spans, SyntaxError> {
        super::read::read(source).map(|(_, spans)| spans)
    }

    /// Every key given twice in the same mapping, in the order of the file.
    pub fn duplicates(&self) -> &[Duplicate] {
        &self.duplicates
    }

    /// The span of the value at `path`, or of the closest ancestor that has one.
    pub fn value(&self, path: &str) -> Span {
        match self.walk(path) {
            Some((node, _)) => widen(self.nodes[node].value),
            None => (0, 0),
        }
    }

    /// The span of the key naming `path` (`zone` in `zone: hand`), else of its value.
    pub fn key(&self, path: &str) -> Span {
        match self.walk(path) {
            Some((node, true)) => self.nodes[node].key.map_or(widen(self.nodes[node].value), widen),
            Some((node, false)) => widen(self.nodes[node].value),
            None => (0, 0),
        }
    }

    pub(super) fn push_node(&mut self, node: Node) -> u32 {
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    pub(super) fn node_mut(&mut self, index: u32) -> &mut Node {
        &mut self.nodes[index as usize]
    }

    pub(super) fn node(&self, index: u32) -> &Node {
        &self.nodes[index as usize]
    }

    /// Lists a collection's children, once they are all known.
    pub(super) fn set_children(&mut self, parent: u32, children: &[u32]) {
        let first = self.children.len() as u32;
        self.children.extend_from_slice(children);
        let node = self.node_mut(parent);
        node.first_child = first;
        node.child_count = children.len() as u32;
    }

    pub(super) fn push_duplicate(&mut self, duplicate: Duplicate) {
        self.duplicates.push(duplicate);
    }

    fn children_of(&self, node: usize) -> &[u32] {
        let n = &self.nodes[node];
        &self.children[n.first_child as usize..(n.first_child + n.child_count) as usize]
    }

    /// The deepest node along `path`, and whether it is the node `path` names. The root is
    /// node 0 (None for an empty document).
    fn walk(&self, path: &str) -> Option<(usize, bool)> {
        if self.nodes.is_empty() {
            return None;
        }
        Some(self.descend(0, path))
    }

    fn descend(&self, node: usize, rest: &str) -> (usize, bool) {
        if rest.is_empty() {
            return (node, true);
        }
        if let Some(after) = rest.strip_prefix('[') {
            let Some((index, rest)) = after.split_once(']') else { return (node, false) };
            let child = index.parse::<usize>().ok().and_then(|i| self.children_of(node).get(i));
            return match child {
                Some(&child) if self.nodes[child as usize].key.is_none() => self.descend(child as usize, rest),
                _ => (node, false),
            };
        }
        let rest = rest.strip_prefix('.').unwrap_or(rest);
        // A key may hold `.` or `[` itself (an id in `expect`): try each place the key could
        // end, shortest first, and keep the walk that goes furthest.
        let mut best = (node, false);
        let ends = rest.match_indices(['.', '[']).map(|(i, _)| i).chain(std::iter::once(rest.len()));
        for end in ends {
            let hash = key_hash(&rest[..end]);
            let found = self.children_of(node).iter().find(|&&c| {
                let child = &self.nodes[c as usize];
                child.key.is_some() && child.key_hash == hash
            });
            if let Some(&child) = found {
                let reached = self.descend(child as usize, &rest[end..]);
                if reached.1 {
                    return reached;
                }
                if best.0 == node {
                    best = reached;
                }
            }
        }
        best
    }
}

fn widen((start, end): (u32, u32)) -> Span {
    (start as usize, end as usize)
}

/// The hash a key is found by. Not 0, which marks items and complex keys.
pub(super) fn key_hash(key: &str) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    key.hash(&mut hasher);
    hasher.finish() | 1
}

/// The path of a node, written out (`objects[2].zone`) only when a problem is placed there:
/// validation goes over every node of a board, and most have none.
#[derive(Clone, Copy, Debug)]
pub enum At<'a> {
    /// A path already written out; `""` is the document.
    Path(&'a str),
    Key(&'a At<'a>, &'a str),
    Item(&'a At<'a>, usize),
}

impl At<'_> {
    /// The node at `key` of this mapping.
    pub fn key<'b>(&'b self, key: &'b str) -> At<'b> {
        At::Key(self, key)
    }

    /// The item at `index` of this list.
    pub fn item(&self, index: usize) -> At<'_> {
        At::Item(self, index)
    }

    /// The path as text, as `child` and `item` join it.
    pub fn text(&self) -> String {
        match self {
            At::Path(path) => path.to_string(),
            At::Key(parent, key) => child(&parent.text(), key),
            At::Item(parent, index) => item(&parent.text(), *index),
        }
    }
}

// Validation makes a path for each node it checks (a large board, hundreds of thousands): they
// are written at their size, without the machinery of `format!`.

/// Joins a path and a map key: `objects[0]` + `zone` → `objects[0].zone`.
pub fn child(path: &str, key: &str) -> String {
    if path.is_empty() {
        return key.to_string();
    }
    let mut joined = String::with_capacity(path.len() + 1 + key.len());
    joined.push_str(path);
    joined.push('.');
    joined.push_str(key);
    joined
}

/// Joins a path and a sequence index: `objects` + 2 → `objects[2]`.
pub fn item(path: &str, index: usize) -> String {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = index;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let digits = &digits[start..];
    let mut joined = String::with_capacity(path.len() + digits.len() + 2);
    joined.push_str(path);
    joined.push('[');
    digits.iter().for_each(|&d| joined.push(char::from(d)));
    joined.push(']');
    joined
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
        assert_eq!(spans.key("objects[1].power"), spans.value("objects[1]"));
        assert_eq!(spans.value("objects[7].id"), spans.value("objects"));
        assert!(text(spans.value("objects[1]")).starts_with("id: moon"));
    }

    #[test]
    fn keys_holding_dots_and_brackets_are_found() {
        let doc = "expect:\n  p.1: {power: 2}\n  p: {power: 3}\n  \"a[0]\": {power: 4}\n";
        let spans = Spans::parse(doc).unwrap();
        let (s, e) = spans.value("expect.p.1.power");
        assert_eq!(&doc[s..e], "2");
        let (s, e) = spans.value("expect.p.power");
        assert_eq!(&doc[s..e], "3");
        let (s, e) = spans.value("expect.a[0].power");
        assert_eq!(&doc[s..e], "4");
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
    fn paths_are_joined() {
        assert_eq!(child("", "title"), "title");
        assert_eq!(child("objects[0]", "zone"), "objects[0].zone");
        assert_eq!(item("objects", 0), "objects[0]");
        assert_eq!(item("", 7), "[7]");
        assert_eq!(item("e", 1_234_567_890), "e[1234567890]");
        assert_eq!(item("e", usize::MAX), format!("e[{}]", usize::MAX));
    }

    #[test]
    fn a_lazy_path_is_written_as_the_joined_one() {
        let root = At::Path("");
        let objects = root.key("objects");
        assert_eq!(objects.item(2).key("zone").text(), child(&item("objects", 2), "zone"));
        assert_eq!(At::Path("events[0]").key("damage").key("to").text(), "events[0].damage.to");
        assert_eq!(root.text(), "");
        assert_eq!(root.item(1).text(), "[1]");
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let err = Spans::parse("title: x\nobjects: [a, b\n").unwrap_err();
        assert!(err.at.0 > 0);
    }
}
