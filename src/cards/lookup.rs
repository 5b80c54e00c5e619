//! Finding a card by the name a judge gives: the library's hand-modelled cards first, then the
//! imported card data, each by its full name or one of its faces' names, case and accents aside
//! (`names::fold`). A name that is none of these finds nothing: the near names are offered, never
//! taken for the card.

use super::data::CardData;
use super::faces::{self, Side};
use super::library::{self, Indexed};
use super::names::fold;
use crate::model::CardObject;

/// How many names a wrong one suggests at most.
const SUGGESTIONS: usize = 5;

/// Cards imported from the official card data: the card store of the data directory, or cards
/// held in memory.
pub trait Imported {
    /// The card whose full name or face name folds to `folded`; an error says why the data
    /// cannot be read.
    fn find(&self, folded: &str) -> Result<Option<CardData>, String>;
    /// Every name a card is found by, folded and as printed, in the order of the folded names.
    fn names(&self) -> Box<dyn Iterator<Item = (&str, &str)> + '_>;
    /// The names of [`Imported::names`] from the first that is not less than the folded
    /// `prefix`: those that begin with it come first. An error says why the data cannot be read,
    /// and ends them.
    fn names_from(&self, prefix: &str) -> Box<dyn Iterator<Item = Result<(&str, &str), String>> + '_> {
        let prefix = prefix.to_string();
        Box::new(self.names().skip_while(move |(key, _)| *key < prefix.as_str()).map(Ok))
    }
}

/// Where names are looked up: the library, then the imported cards when there are some.
#[derive(Clone, Copy, Default)]
pub struct Cards<'a> {
    imported: Option<&'a dyn Imported>,
    /// The imported cards before the library: to compare a compiled card with the hand-modelled
    /// one (the tests).
    imported_first: bool,
}

/// A card found by its name.
pub enum Found {
    Library(&'static Indexed),
    /// An imported card, and the side of it the name gives.
    Imported(Box<CardData>, Side),
}

/// No card of that name: the names that come near it, as printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotFound {
    pub closest: Vec<String>,
}

impl<'a> Cards<'a> {
    /// The library only: what a scenario reads when no card data is imported.
    pub fn library() -> Self {
        Cards { imported: None, imported_first: false }
    }

    pub fn with_imported(imported: &'a dyn Imported) -> Self {
        Cards { imported: Some(imported), imported_first: false }
    }

    /// The imported cards first, then the library.
    #[cfg(test)]
    pub(crate) fn imported_first(imported: &'a dyn Imported) -> Self {
        Cards { imported: Some(imported), imported_first: true }
    }

    pub fn has_imported(&self) -> bool {
        self.imported.is_some()
    }

    /// The card of that name; `Err(Ok(_))` when there is none, `Err(Err(_))` when the imported
    /// data cannot be read.
    pub fn find(&self, name: &str) -> Result<Found, Result<NotFound, String>> {
        let folded = fold(name);
        let library = || library::lookup(&folded).map(Found::Library);
        if !self.imported_first {
            if let Some(found) = library() {
                return Ok(found);
            }
        }
        if let Some(imported) = self.imported {
            if let Some(card) = imported.find(&folded).map_err(Err)? {
                let side = faces::side_named(&card, &folded);
                return Ok(Found::Imported(Box::new(card), side));
            }
        }
        library().ok_or_else(|| Ok(NotFound { closest: self.closest(&folded) }))
    }

    /// The imported data of the card of that name, even where the library models it (its
    /// rulings, its mana cost and type line as printed).
    pub fn imported_data(&self, name: &str) -> Result<Option<CardData>, String> {
        self.imported.map_or(Ok(None), |imported| imported.find(&fold(name)))
    }

    /// The object the card of that name makes, as `find` finds it.
    pub fn object(&self, name: &str) -> Result<CardObject, Result<NotFound, String>> {
        match self.find(name)? {
            Found::Library(indexed) => indexed.object().cloned().ok_or_else(|| {
                Err(format!("the card `{}` of this build cannot be read: `cargo test cards` says why", indexed.name))
            }),
            Found::Imported(card, side) => Ok(super::object::object_of(&card, side)),
        }
    }

    /// The names of which the words typed begin words, in the order typed (`rest` for Rest in
    /// Peace, `leyl void` for Leyline of the Void, never `rest` for Forest), library first; at
    /// most [`SUGGESTIONS`]. One name is the card a judge meant; several are the candidates.
    pub fn partial(&self, name: &str) -> Vec<String> {
        let typed: Vec<String> = words(&fold(name)).map(str::to_string).collect();
        let mut out: Vec<String> = Vec::new();
        if typed.is_empty() {
            return out;
        }
        let fits = |key: &str| {
            let mut name_words = words(key);
            typed.iter().all(|t| name_words.any(|w| w.starts_with(t.as_str())))
        };
        for shown in library::names() {
            if out.len() < SUGGESTIONS && fits(&fold(shown)) && !out.iter().any(|n| n == shown) {
                out.push(shown.to_string());
            }
        }
        if let Some(imported) = self.imported {
            for (key, shown) in imported.names() {
                if out.len() >= SUGGESTIONS {
                    break;
                }
                if fits(key) && !out.iter().any(|n| n == shown) {
                    out.push(shown.to_string());
                }
            }
        }
        out
    }

    /// The names that hold what was typed (`furnace`), else those a typo or two away, library
    /// first; at most [`SUGGESTIONS`].
    fn closest(&self, folded: &str) -> Vec<String> {
        let mut names: Vec<(String, &str)> = library::names().map(|n| (fold(n), n)).collect();
        if let Some(imported) = self.imported {
            names.extend(imported.names().map(|(key, shown)| (key.to_string(), shown)));
        }
        let mut out: Vec<String> = Vec::new();
        let offer = |out: &mut Vec<String>, name: &str| {
            if !out.iter().any(|n| n == name) && out.len() < SUGGESTIONS {
                out.push(name.to_string());
            }
        };
        if !folded.is_empty() {
            for (key, shown) in &names {
                if key.contains(folded) {
                    offer(&mut out, shown);
                }
            }
        }
        if out.is_empty() {
            // A typo: at most a quarter of the name's letters, and never more than three, so that
            // another card of a similar shape (`Leyline of the Void` for `Chalice of the Void`) is
            // not offered for it.
            let wanted: Vec<char> = folded.chars().collect();
            let limit = (wanted.len() / 4).clamp(1, 3);
            let mut near: Vec<(usize, &str)> = names
                .iter()
                .filter(|(key, _)| key.chars().count().abs_diff(wanted.len()) <= limit)
                .map(|(key, shown)| (crate::suggest::distance_chars(&wanted, &key.chars().collect::<Vec<_>>()), *shown))
                .filter(|(d, _)| *d <= limit)
                .collect();
            near.sort_by_key(|(d, _)| *d);
            for (_, shown) in near {
                offer(&mut out, shown);
            }
        }
        out
    }
}

/// The words of a folded name, as a judge would begin typing them: split at spaces, hyphens and
/// commas (`lim-dul`, `ach! hans`).
fn words(folded: &str) -> impl Iterator<Item = &str> {
    folded.split([' ', '-', ',']).filter(|w| !w.is_empty())
}

/// Imported cards held in memory, for tests and for the cards of a fixture file.
#[derive(Debug, Default)]
pub struct MemoryCards {
    cards: Vec<CardData>,
    /// (folded name, name as printed, card), sorted by folded name.
    names: Vec<(String, String, usize)>,
}

impl MemoryCards {
    pub fn new(cards: Vec<CardData>) -> Self {
        let mut names = Vec::new();
        for (i, card) in cards.iter().enumerate() {
            names.push((fold(&card.name), card.name.clone(), i));
            if card.faces.len() > 1 {
                names.extend(card.faces.iter().map(|f| (fold(&f.name), f.name.clone(), i)));
            }
        }
        names.sort();
        names.dedup_by(|a, b| a.0 == b.0);
        MemoryCards { cards, names }
    }
}

impl Imported for MemoryCards {
    fn find(&self, folded: &str) -> Result<Option<CardData>, String> {
        let at = self.names.binary_search_by(|(key, _, _)| key.as_str().cmp(folded));
        Ok(at.ok().map(|at| self.cards[self.names[at].2].clone()))
    }

    fn names(&self) -> Box<dyn Iterator<Item = (&str, &str)> + '_> {
        Box::new(self.names.iter().map(|(key, shown, _)| (key.as_str(), shown.as_str())))
    }

    fn names_from(&self, prefix: &str) -> Box<dyn Iterator<Item = Result<(&str, &str), String>> + '_> {
        let start = self.names.partition_point(|(key, _, _)| key.as_str() < prefix);
        Box::new(self.names[start..].iter().map(|(key, shown, _)| Ok((key.as_str(), shown.as_str()))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::data::Face;

    fn face(name: &str, type_line: &str) -> Face {
        Face {
            name: name.into(),
            mana_cost: String::new(),
            type_line: type_line.into(),
            oracle_text: String::new(),
            colors: Vec::new(),
            power: None,
            toughness: None,
            loyalty: None,
            defense: None,
        }
    }

    fn card(name: &str, layout: &str, faces: Vec<Face>) -> CardData {
        CardData {
            name: name.into(),
            layout: layout.into(),
            oracle_id: None,
            mana_value: 0.0,
            faces,
            keywords: Vec::new(),
            rulings: Vec::new(),
            reading: None,
        }
    }

    fn imported() -> MemoryCards {
        MemoryCards::new(vec![
            card("Chalice of the Void", "normal", vec![face("Chalice of the Void", "Artifact")]),
            card("Lim-Dûl's Vault", "normal", vec![face("Lim-Dûl's Vault", "Instant")]),
            card("Fire // Ice", "split", vec![face("Fire", "Instant"), face("Ice", "Instant")]),
        ])
    }

    #[test]
    fn the_library_comes_first_then_the_imported_cards() {
        let imported = imported();
        let cards = Cards::with_imported(&imported);
        assert!(matches!(cards.find("Humility"), Ok(Found::Library(_))));
        assert!(matches!(cards.find("chalice of the void"), Ok(Found::Imported(..))));
        assert!(matches!(cards.find("LIM-DUL'S VAULT"), Ok(Found::Imported(..))));
    }

    #[test]
    fn faces_are_found_by_their_names_and_the_full_name() {
        let imported = imported();
        let cards = Cards::with_imported(&imported);
        for (name, side) in [("Fire", Side::Face(0)), ("ice", Side::Face(1)), ("Fire // Ice", Side::Halves)] {
            match cards.find(name) {
                Ok(Found::Imported(card, found)) => assert_eq!((card.name.as_str(), found), ("Fire // Ice", side)),
                _ => panic!("{name} not found"),
            }
        }
    }

    #[test]
    fn names_from_a_prefix_come_in_order_in_memory_as_by_default() {
        struct Listed(MemoryCards);
        impl Imported for Listed {
            fn find(&self, folded: &str) -> Result<Option<CardData>, String> {
                self.0.find(folded)
            }
            fn names(&self) -> Box<dyn Iterator<Item = (&str, &str)> + '_> {
                self.0.names()
            }
        }
        let memory = imported();
        let listed = Listed(imported());
        for prefix in ["", "fire", "ice", "l", "z"] {
            let names: Vec<(&str, &str)> = memory.names_from(prefix).map(Result::unwrap).collect();
            assert_eq!(names, listed.names_from(prefix).map(Result::unwrap).collect::<Vec<_>>(), "{prefix}");
            assert_eq!(names.len(), memory.names().filter(|(key, _)| *key >= prefix).count(), "{prefix}");
        }
        assert_eq!(memory.names_from("fire").next(), Some(Ok(("fire", "Fire"))));
    }

    #[test]
    fn a_near_name_is_offered_never_taken() {
        let imported = imported();
        let cards = Cards::with_imported(&imported);
        let Err(Ok(not_found)) = cards.find("Chalice of the Voi") else { panic!("found a card") };
        assert_eq!(not_found.closest, ["Chalice of the Void"]);
        let Err(Ok(not_found)) = cards.find("Leyline of the Vod") else { panic!("found a card") };
        assert_eq!(not_found.closest, ["Leyline of the Void"]);
        let Err(Ok(not_found)) = Cards::library().find("Chalice of the Void") else { panic!("found a card") };
        assert!(!not_found.closest.iter().any(|n| n == "Leyline of the Void"), "{not_found:?}");
    }
}
