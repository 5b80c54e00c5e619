//! The hand-modelled cards (`rules-corpus/cards/*.yaml`): real cards with their characteristics,
//! their rules text and their abilities written in the model's vocabulary by hand and reviewed.
//! They come first when a scenario names a card; any other card comes from the imported card
//! data (`lookup.rs`).
//!
//! An ability the model cannot express yet is listed under `unmodelled`, with its text: a
//! scenario that uses the card carries it, and the answer says that it was left out.

use crate::diagnostic::problem::Problem;
use crate::model::{AbilitySpec, CardObject};
use crate::placed_yaml::load_list;
use serde::Deserialize;
use serde_yaml::Value;
use std::sync::{LazyLock, OnceLock};

pub use super::check::Check;

/// The library's files, by path (`build.rs`).
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/cards.rs"));

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

impl Card {
    /// The object the card makes in a scenario.
    pub fn object(&self) -> CardObject {
        CardObject {
            name: self.name.clone(),
            mana_value: Some(self.mana_value),
            colors: self.colors.clone(),
            types: self.types.clone(),
            subtypes: self.subtypes.clone(),
            supertypes: self.supertypes.clone(),
            power: self.power,
            toughness: self.toughness,
            loyalty: None,
            defense: None,
            abilities: self.abilities.clone(),
            unmodelled: self.unmodelled.clone(),
        }
    }
}

/// A card of the library: as read, as written (for JSON), and its file.
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
    /// The card of that name, case and accents aside.
    pub fn find(&self, name: &str) -> Option<&Entry> {
        let wanted = super::names::fold(name);
        self.entries.iter().find(|e| super::names::fold(&e.card.name) == wanted)
    }
}

/// One card of the library found by its name line, read only when a scenario names it: reading
/// the whole library for a scenario of three cards would cost more than resolving it.
pub struct Indexed {
    pub name: String,
    /// The name as compared (`names::fold`).
    folded: String,
    /// The library file it is written in.
    pub file: &'static str,
    /// The card's lines, from its `- name:` line to the next card's.
    source: &'static str,
    /// The card, its `check` left unread; `None`: the card's lines do not read as a card (the
    /// library's tests say why).
    card: OnceLock<Option<(Card, CardObject)>>,
}

impl Indexed {
    /// The card as the library writes it, but its check; read on first use.
    pub fn card(&self) -> Option<&Card> {
        self.read().map(|(card, _)| card)
    }

    /// The object the card makes.
    pub fn object(&self) -> Option<&CardObject> {
        self.read().map(|(_, object)| object)
    }

    fn read(&self) -> Option<&(Card, CardObject)> {
        self.card
            .get_or_init(|| {
                // Through the tree, as a scenario's nodes are read (`placed_yaml`): one
                // deserializer of the model's types in the binary, not one more for the library.
                let tree: Value = serde_yaml::from_str(&without(self.source, &UNUSED)).ok()?;
                let mut cards = Vec::<Card>::deserialize(&tree).ok()?;
                let card = cards.pop()?;
                let object = card.object();
                Some((card, object))
            })
            .as_ref()
    }
}

/// Where each card is in the library's files: (name, file, start, end), found when building
/// (`build.rs`).
const CARDS: &[(&str, usize, usize, usize)] = include!(concat!(env!("OUT_DIR"), "/cards_index.rs"));

/// Every card of the library, read only as far as its name until a scenario names it.
static INDEX: LazyLock<Vec<Indexed>> = LazyLock::new(|| {
    CARDS
        .iter()
        .map(|&(name, file, start, end)| Indexed {
            name: name.to_string(),
            folded: super::names::fold(name),
            file: FILES[file].0,
            source: &FILES[file].1[start..end],
            card: OnceLock::new(),
        })
        .collect()
});

/// The card of the library whose name folds to `folded` (`names::fold`).
pub fn lookup(folded: &str) -> Option<&'static Indexed> {
    INDEX.iter().find(|i| i.folded == folded)
}

/// The names of the library's cards, in the order of its files.
pub fn names() -> impl Iterator<Item = &'static str> {
    INDEX.iter().map(|i| i.name.as_str())
}

/// The key of a card that the object it makes does not use: not read for a scenario (a card's
/// `check` is a scenario of its own, longer than the card).
const UNUSED: [&str; 1] = ["check"];

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

/// The id a card's object gets when the scenario gives none: its name in lower case, words
/// joined by `-` (`Furnace of Rath` → `furnace-of-rath`).
pub fn default_id(name: &str) -> String {
    let words: Vec<String> =
        name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    words.join("-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::names::fold;

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

    /// What a scenario reads of the library, card by card, is what the whole library holds.
    #[test]
    fn the_index_finds_every_card_as_read_whole() {
        let library = library().expect("the library reads");
        let indexed: Vec<&str> = INDEX.iter().map(|i| i.name.as_str()).collect();
        let whole: Vec<&str> = library.entries.iter().map(|e| e.card.name.as_str()).collect();
        assert_eq!(indexed, whole);
        for entry in &library.entries {
            let indexed = lookup(&fold(&entry.card.name)).unwrap();
            assert_eq!(indexed.name, entry.card.name);
            assert_eq!(indexed.object(), Some(&entry.card.object()));
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
