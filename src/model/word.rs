//! A word of a characteristic (a card type, subtype, supertype or colour, an ability's id or
//! text), kept once per process.
//!
//! The layers copy and compare these words millions of times on a large board: snapshots before
//! each application, trials, each object's shape, what each application changed. As owned strings,
//! each copy was an allocation and each comparison a `memcmp`, and together they were about half
//! the time of the layers at 2,000 effects. Interned, a word is a pointer: copied for nothing and
//! compared by address. Words are never freed: a process holds one copy of each distinct word and
//! ability text it has read (a few hundred on a board, however large: objects repeat them).
//!
//! Hashing and ordering go by the text, not the address, so that anything built from words is
//! the same from one run to the next.

use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::sync::{Mutex, OnceLock, PoisonError};

#[derive(Clone, Copy)]
pub struct Word(&'static str);

/// Every word made so far. A lock rather than a table per thread: a word made in one thread must
/// equal the same word made in another.
fn table() -> &'static Mutex<HashSet<&'static str>> {
    static TABLE: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

impl Word {
    pub fn new(text: &str) -> Word {
        // A panic elsewhere while the lock was held cannot leave the set half-changed.
        let mut table = table().lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&kept) = table.get(text) {
            return Word(kept);
        }
        let kept: &'static str = Box::leak(text.into());
        table.insert(kept);
        Word(kept)
    }

    pub fn as_str(&self) -> &'static str {
        self.0
    }

    /// The same word in lower case, as the engine compares words.
    pub fn to_lowercase(self) -> Word {
        if self.0.chars().any(char::is_uppercase) {
            Word::new(&self.0.to_lowercase())
        } else {
            self
        }
    }
}

/// Words from a list of texts.
pub fn words<S: AsRef<str>>(texts: &[S]) -> Vec<Word> {
    texts.iter().map(|t| Word::new(t.as_ref())).collect()
}

impl PartialEq for Word {
    fn eq(&self, other: &Word) -> bool {
        // One copy of each text: the same text is the same address.
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Word {}

impl std::hash::Hash for Word {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl PartialOrd for Word {
    fn partial_cmp(&self, other: &Word) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Word {
    fn cmp(&self, other: &Word) -> std::cmp::Ordering {
        self.0.cmp(other.0)
    }
}

impl std::ops::Deref for Word {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl std::borrow::Borrow<str> for Word {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl PartialEq<str> for Word {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Word {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<Word> for &str {
    fn eq(&self, other: &Word) -> bool {
        *self == other.0
    }
}

impl PartialEq<Word> for str {
    fn eq(&self, other: &Word) -> bool {
        self == other.0
    }
}

impl PartialEq<String> for Word {
    fn eq(&self, other: &String) -> bool {
        self.0 == other
    }
}

impl PartialEq<Word> for String {
    fn eq(&self, other: &Word) -> bool {
        self == other.0
    }
}

impl From<&str> for Word {
    fn from(text: &str) -> Word {
        Word::new(text)
    }
}

impl fmt::Debug for Word {
    /// As a string's: an effect's description keys the classes of alike effects.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Word {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Word {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Word, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Word;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a word")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Word, E> {
                Ok(Word::new(s))
            }
        }
        d.deserialize_str(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_text_is_the_same_word_from_any_thread() {
        let here = Word::new("Saproling");
        let there = std::thread::spawn(|| Word::new(&String::from("Saproling"))).join().unwrap();
        assert_eq!(here, there);
        assert!(std::ptr::eq(here.as_str(), there.as_str()));
        assert_ne!(here, Word::new("saproling"));
        assert_eq!(here.to_lowercase(), Word::new("saproling"));
    }

    #[test]
    fn words_order_hash_and_print_as_their_text() {
        use std::hash::{BuildHasher, BuildHasherDefault};
        let hasher = BuildHasherDefault::<rustc_hash::FxHasher>::default();
        let (blue, red) = (Word::new("blue"), Word::new("red"));
        assert!(blue < red);
        assert_eq!(hasher.hash_one(blue), hasher.hash_one("blue"));
        assert_eq!(format!("{blue:?} {blue}"), format!("{:?} {}", "blue", "blue"));
        assert_eq!(serde_json::to_string(&blue).unwrap(), "\"blue\"");
        let read: Vec<Word> = serde_yaml::from_str("[blue, red]").unwrap();
        assert_eq!(read, [blue, red]);
        assert!(blue == "blue" && "red" == red);
    }
}
