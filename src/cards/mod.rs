//! The card library (`rules-corpus/cards/*.yaml`): real cards with their characteristics, their
//! rules text and their abilities written in the model's vocabulary, so that a scenario names
//! a card (`- card: Humility`) instead of writing its effects out again.
//!
//! An ability the model cannot express yet is listed under `unmodelled`, with its text: a
//! scenario that uses the card carries it, and the answer says that it was left out.

pub mod data;
pub mod faces;
pub mod import;
pub mod names;
pub mod oracle;
pub mod store;
pub mod synthetic;

use crate::corpus::problem::Problem;
use crate::model::AbilitySpec;
use crate::scenario::load::{load_list, problem};
use crate::scenario::spans::{self, Spans};
use serde::Deserialize;
use serde_yaml::{Mapping, Value};
use std::sync::{LazyLock, OnceLock};

/// The library's files, by path (`build.rs`).
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/cards.rs"));

/// How many names a wrong one suggests at most.
const SUGGESTIONS: usize = 5;

/// One card as the library writes it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub name: String,
    pub mana_value: i64,
    #[serde(default)]
    pub colors: Vec<String>,
    pub types: Vec<String>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default)]
    pub supertypes: Vec<String>,
    #[serde(default)]
    pub power: Option<i64>,
    #[serde(default)]
    pub toughness: Option<i64>,
    /// The card's rules text, as printed today (Oracle).
    pub text: String,
    #[serde(default)]
    pub abilities: Vec<AbilitySpec>,
    /// The texts of the abilities the model cannot express yet.
    #[serde(default)]
    pub unmodelled: Vec<String>,
    /// What the card does, checked by the tests in a small scenario made for it.
    #[serde(default)]
    pub check: Option<Check>,
}

/// A small scenario that shows a card at work: the card on Alice's battlefield, with other
/// cards of the library on Alice's side (`with`) and Bob's (`opponent`), and what the scenario
/// expects (`expect`, and for events `events` and `expect_outcomes`), written as in a scenario.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    #[serde(default)]
    pub with: Vec<String>,
    #[serde(default)]
    pub opponent: Vec<String>,
    #[serde(default)]
    pub expect: Option<Value>,
    #[serde(default)]
    pub events: Option<Value>,
    #[serde(default)]
    pub expect_outcomes: Option<Value>,
}

impl Check {
    /// The scenario of the check for the card `name`, as YAML.
    pub fn scenario(&self, name: &str) -> String {
        let object = |card: &str, owner: &str| {
            let mut m = Mapping::new();
            m.insert("card".into(), card.into());
            m.insert("owner".into(), owner.into());
            Value::Mapping(m)
        };
        let player = |name: &str, active: bool| {
            let mut m = Mapping::new();
            m.insert("name".into(), name.into());
            m.insert("active".into(), active.into());
            Value::Mapping(m)
        };
        let mut objects = vec![object(name, "Alice")];
        objects.extend(self.with.iter().map(|c| object(c, "Alice")));
        objects.extend(self.opponent.iter().map(|c| object(c, "Bob")));
        let mut scenario = Mapping::new();
        scenario.insert("title".into(), format!("{name} at work").into());
        scenario.insert("players".into(), Value::Sequence(vec![player("Alice", true), player("Bob", false)]));
        scenario.insert("objects".into(), Value::Sequence(objects));
        for (key, value) in
            [("expect", &self.expect), ("events", &self.events), ("expect_outcomes", &self.expect_outcomes)]
        {
            if let Some(value) = value {
                scenario.insert(key.into(), value.clone());
            }
        }
        serde_yaml::to_string(&Value::Mapping(scenario)).unwrap_or_default()
    }
}

/// A card of the library: as read, as written (for JSON and for scenarios), and its file.
#[derive(Debug)]
pub struct Entry {
    pub card: Card,
    pub yaml: Value,
    pub file: &'static str,
}

/// Every card of the library, or the problems of its files.
pub struct Library {
    pub entries: Vec<Entry>,
}

/// The problems of one file of the library.
#[derive(Debug)]
pub struct FileProblems {
    pub file: &'static str,
    pub source: &'static str,
    pub problems: Vec<Problem>,
}

static LIBRARY: LazyLock<Result<Library, Vec<FileProblems>>> = LazyLock::new(|| read(FILES));

/// The embedded library. Its files are checked by the tests: an error here is a bad build.
pub fn library() -> Result<&'static Library, &'static [FileProblems]> {
    LIBRARY.as_ref().map_err(Vec::as_slice)
}

/// Reads library files: every problem of every file, or the cards.
pub fn read(files: &[(&'static str, &'static str)]) -> Result<Library, Vec<FileProblems>> {
    let mut entries = Vec::new();
    let mut failed = Vec::new();
    for &(file, source) in files {
        match load_list::<Card>(source, "cards") {
            Ok(cards) => entries.extend(cards.into_iter().map(|(card, yaml)| Entry { card, yaml, file })),
            Err(problems) => failed.push(FileProblems { file, source, problems }),
        }
    }
    if failed.is_empty() {
        Ok(Library { entries })
    } else {
        Err(failed)
    }
}

impl Library {
    /// The card of that name, case aside; else the closest names.
    pub fn find(&self, name: &str) -> Result<&Entry, Vec<&str>> {
        let names: Vec<&str> = self.entries.iter().map(|e| e.card.name.as_str()).collect();
        named(&names, name).map(|at| &self.entries[at])
    }
}

/// Where `name` is among `names`, case aside; else the names that hold what was typed
/// (`furnace`), else those a typo away.
fn named<'n>(names: &[&'n str], name: &str) -> Result<usize, Vec<&'n str>> {
    // Names as typed, ASCII case aside, first: lowering every name of the library for each card a
    // scenario names would cost more than the rest of finding it.
    let typed = name.trim();
    let wanted = fold(name);
    let exact = names.iter().position(|n| n.eq_ignore_ascii_case(typed));
    if let Some(at) = exact.or_else(|| names.iter().position(|n| fold(n) == wanted)) {
        return Ok(at);
    }
    let containing: Vec<&str> =
        names.iter().copied().filter(|n| !wanted.is_empty() && fold(n).contains(&wanted)).take(SUGGESTIONS).collect();
    if !containing.is_empty() {
        return Err(containing);
    }
    Err(crate::suggest::closest_many(name, names.iter().copied(), SUGGESTIONS))
}

/// One card of the library found by its name line, read only when a scenario names it: reading
/// the whole library for a scenario of three cards would cost more than resolving it.
struct Indexed {
    name: String,
    /// The card's lines, from its `- name:` line to the next card's.
    source: &'static str,
    /// The card as written: a scenario takes its keys, and needs no typed `Card` (the
    /// library's tests check that every card reads as one).
    yaml: OnceLock<Option<Value>>,
}

/// Every card of the library by the `- name:` line that starts it at the left margin, as every
/// file of the library writes its cards (a test checks that this finds every card, in order).
static INDEX: LazyLock<Vec<Indexed>> = LazyLock::new(|| FILES.iter().flat_map(|&(_, source)| index(source)).collect());

fn index(source: &'static str) -> Vec<Indexed> {
    // Searched as one string, not line by line: a vector search over the 160 KB of the library,
    // run by every `judge resolve`.
    let first = source.starts_with("- name:").then_some(0);
    let starts: Vec<usize> = first.into_iter().chain(source.match_indices("\n- name:").map(|(at, _)| at + 1)).collect();
    let mut out = Vec::with_capacity(starts.len());
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(source.len());
        let line = source[start..].lines().next().unwrap_or_default();
        let plain = line.trim_start_matches("- name:").trim();
        // A plain name as it is; a quoted one, or one with a comment, as YAML reads it.
        let name = if plain.starts_with(['"', '\'']) || plain.contains(" #") {
            serde_yaml::from_str::<Vec<Mapping>>(line)
                .ok()
                .and_then(|items| items.first().and_then(|m| m.get("name")).and_then(Value::as_str).map(str::to_string))
                .unwrap_or_default()
        } else {
            plain.to_string()
        };
        out.push(Indexed { name, source: &source[start..end], yaml: OnceLock::new() });
    }
    out
}

/// The card a scenario names, its name and its keys, read from the library on first use; else
/// the closest names. `None` inside: the card's lines do not read as YAML (the library's tests
/// say why).
fn lookup(name: &str) -> Result<(&'static str, Option<&'static Value>), Vec<&'static str>> {
    static NAMES: LazyLock<Vec<&str>> = LazyLock::new(|| INDEX.iter().map(|i| i.name.as_str()).collect());
    let indexed = &INDEX[named(&NAMES, name)?];
    let yaml = indexed.yaml.get_or_init(|| {
        let items: Vec<Value> = serde_yaml::from_str(&without(indexed.source, &UNUSED)).ok()?;
        items.into_iter().next()
    });
    Ok((&indexed.name, yaml.as_ref()))
}

/// The keys of a card that the object it makes does not take: not read for a scenario (a
/// card's `check` is a scenario of its own, longer than the card).
const UNUSED: [&str; 2] = ["text", "check"];

/// A card's lines without those of the given top-level keys: each key's line at the card's
/// indentation (two spaces) and the lines under it, more indented or blank.
fn without(source: &str, keys: &[&str]) -> String {
    let mut out = String::with_capacity(source.len());
    let mut skipping = false;
    for line in source.split_inclusive('\n') {
        let key_line = line.starts_with("  ") && !line.starts_with("   ");
        if key_line {
            let key = line.trim_start().split(':').next().unwrap_or_default();
            skipping = keys.contains(&key);
        } else if !line.starts_with("   ") && !line.trim().is_empty() {
            skipping = false;
        }
        if !skipping {
            out.push_str(line);
        }
    }
    out
}

fn fold(name: &str) -> String {
    name.trim().to_lowercase()
}

/// The id a card's object gets when the scenario gives none: its name in lower case, words
/// joined by `-` (`Furnace of Rath` → `furnace-of-rath`).
pub fn default_id(name: &str) -> String {
    let words: Vec<String> =
        name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    words.join("-")
}

/// The characteristics a card gives the object that names it, in the order a scenario writes
/// them.
const CHARACTERISTICS: [&str; 7] = ["types", "subtypes", "supertypes", "colors", "mana_value", "power", "toughness"];

/// Replaces each object of a scenario that names a card (`card: Humility`) by the object the
/// card makes, the keys the scenario gives overriding the card's: `id` defaults to the card's
/// name (`default_id`), `owner` to the first player, and each static ability's id is prefixed
/// by the object's (`humility-effect`), so that two objects of the same card stay apart.
pub(crate) fn expand(source: &str, spans: &Spans, root: &mut Value) -> Result<(), Vec<Problem>> {
    let first_player =
        root.get("players").and_then(Value::as_sequence).and_then(|p| p.first()).and_then(|p| p.get("name")).cloned();
    let Some(Value::Sequence(objects)) = root.get_mut("objects") else {
        return Ok(());
    };
    let mut problems = Vec::new();
    for (index, object) in objects.iter_mut().enumerate() {
        let Value::Mapping(given) = object else { continue };
        let Some(named) = given.get("card") else { continue };
        let path = spans::child(&spans::item("objects", index), "card");
        let Some(name) = named.as_str() else {
            problems.push(problem(source, spans.value(&path), format!("`{path}` is a card's name"), None));
            continue;
        };
        match lookup(name) {
            Ok((name, Some(yaml))) => *object = Value::Mapping(object_of(name, yaml, given, first_player.as_ref())),
            Ok((_, None)) => {
                let message = format!("the card `{name}` of this build cannot be read: `cargo test cards` says why");
                problems.push(problem(source, spans.value(&path), message, None));
            }
            Err(closest) => {
                let help = match closest.as_slice() {
                    [] => "`judge card --list` shows the cards of the library".to_string(),
                    names => format!("did you mean `{}`?", names.join("`, `")),
                };
                problems.push(problem(
                    source,
                    spans.value(&path),
                    format!("no card named `{name}` in the library"),
                    Some(help),
                ));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// The object a card makes, with the keys the scenario gave.
fn object_of(name: &str, card: &Value, given: &Mapping, first_player: Option<&Value>) -> Mapping {
    let id = given.get("id").cloned().unwrap_or_else(|| Value::from(default_id(name)));
    let mut object = Mapping::new();
    object.insert("id".into(), id.clone());
    object.insert("name".into(), Value::from(name));
    if let Some(owner) = given.get("owner").or(first_player) {
        object.insert("owner".into(), owner.clone());
    }
    for key in CHARACTERISTICS {
        if let Some(value) = card.get(key) {
            object.insert(key.into(), value.clone());
        }
    }
    if let Some(Value::Sequence(abilities)) = card.get("abilities") {
        let prefix = id.as_str().unwrap_or_default();
        let abilities = abilities.iter().map(|a| prefixed(a, prefix)).collect();
        object.insert("abilities".into(), Value::Sequence(abilities));
    }
    if let Some(unmodelled) = card.get("unmodelled") {
        object.insert("unmodelled".into(), unmodelled.clone());
    }
    for (key, value) in given {
        if key.as_str() != Some("card") {
            object.insert(key.clone(), value.clone());
        }
    }
    object
}

/// A static ability with its id prefixed by the object's; a text ability as it is.
fn prefixed(ability: &Value, prefix: &str) -> Value {
    let mut ability = ability.clone();
    if let Value::Mapping(mapping) = &mut ability {
        if let Some(Value::String(id)) = mapping.get("id") {
            let id = format!("{prefix}-{id}");
            mapping.insert("id".into(), Value::from(id));
        }
    }
    ability
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_library_reads_whole_with_unique_names() {
        let library = match library() {
            Ok(library) => library,
            Err(failed) => {
                let shown: Vec<String> = failed
                    .iter()
                    .flat_map(|f| f.problems.iter().map(move |p| format!("{}:{}: {}", f.file, p.line, p.message)))
                    .collect();
                panic!("the card library has problems:\n{}", shown.join("\n"));
            }
        };
        let mut names: Vec<String> = library.entries.iter().map(|e| fold(&e.card.name)).collect();
        names.sort();
        let count = names.len();
        names.dedup();
        assert_eq!(names.len(), count, "a card is in the library twice");
    }

    /// Every card with abilities shows them at work in its own small scenario, whose expected
    /// answer is met; every card is used by a check, its own or another's.
    #[test]
    fn every_card_does_what_its_check_expects() {
        let library = library().expect("the library reads");
        let mut failures = Vec::new();
        let mut used: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
        for entry in &library.entries {
            let card = &entry.card;
            let Some(check) = &card.check else {
                if !card.abilities.iter().all(|a| matches!(a, AbilitySpec::Text(_))) {
                    failures.push(format!("{}: static abilities and no check", card.name));
                }
                continue;
            };
            used.extend(std::iter::once(&card.name).chain(&check.with).chain(&check.opponent).map(|n| fold(n)));
            let scenario = check.scenario(&card.name);
            let board = match crate::scenario::read(&card.name, &scenario) {
                Ok(board) => board,
                Err(problems) => {
                    failures.push(format!("{}: {problems:?}\n{scenario}", card.name));
                    continue;
                }
            };
            if board.expect.is_empty() && board.expect_outcomes.is_none() {
                failures.push(format!("{}: the check expects nothing", card.name));
            }
            match crate::engine::judge(&board) {
                Ok(judgement) if judgement.mismatches.is_empty() => {}
                Ok(judgement) => failures.push(format!("{}: {:?}", card.name, judgement.mismatches)),
                Err(e) => failures.push(format!("{}: {e:?}", card.name)),
            }
        }
        let unused: Vec<&str> =
            library.entries.iter().map(|e| e.card.name.as_str()).filter(|n| !used.contains(&fold(n))).collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert!(unused.is_empty(), "cards no check uses: {unused:?}");
    }

    /// What a scenario reads of the library, card by card, is what the whole library holds.
    #[test]
    fn the_index_finds_every_card_as_read_whole() {
        let library = library().expect("the library reads");
        let indexed: Vec<&str> = INDEX.iter().map(|i| i.name.as_str()).collect();
        let whole: Vec<&str> = library.entries.iter().map(|e| e.card.name.as_str()).collect();
        assert_eq!(indexed, whole);
        for entry in &library.entries {
            let (name, found) = lookup(&entry.card.name).unwrap();
            let mut used = entry.yaml.clone();
            for key in UNUSED {
                used.as_mapping_mut().unwrap().remove(key);
            }
            assert_eq!((name, found), (entry.card.name.as_str(), Some(&used)));
        }
    }

    #[test]
    fn a_bad_card_is_placed_in_its_file() {
        let source = "- name: Bad\n  mana_value: 1\n  types: [creature]\n  text: x\n  powr: 2\n";
        let failed = read(&[("bad.yaml", source)]).err().expect("refused");
        assert_eq!(failed[0].problems.len(), 1);
        assert_eq!(failed[0].problems[0].line, 5);
        assert_eq!(failed[0].problems[0].message, "unknown key `powr` in `[0]`");
    }

    #[test]
    fn ids_from_names() {
        assert_eq!(default_id("Furnace of Rath"), "furnace-of-rath");
        assert_eq!(default_id("Urza's Saga"), "urza-s-saga");
        assert_eq!(default_id("Jötun Grunt"), "jötun-grunt");
    }
}
