//! Finding the cards a question names, through the names of the imported card data.
//!
//! Each word of the question starts a look-up in the name index (sorted, so the names that begin
//! with the word are one run of it): a name whose words follow in the question is a mention of
//! its card, and so is a legendary's name before its comma (`Kalitas`, `Urborg`) and a
//! planeswalker's subtype (`Gideon` for Gideon Jura). The longest mentions are taken first, and
//! none overlaps another.
//!
//! Card names are often words of the game or of everyday English (`Shock`, `Fog`, `Turn`,
//! `Island`, `Conspiracy`), so a mention must look like a name: typed with the capitals of the
//! name, past the first word of a sentence; or holding a word that is neither the rules' nor a
//! judges' word nor a small one (`urborg`, `kalitas`, `blood moon`). A single word of the rules
//! after `a` or `an` is a type (`a Mountain`, `an Island`), never the card.
//!
//! Players also call cards by nicknames (`goyf`, `jace tms`, `bob`: `nicknames.rs`), which name
//! their card when the card data has it; and type a whole name of short or rules words in lower
//! case (`sol ring`, `wrath of god`), a name when one of its words is in few rules.
//!
//! A short name may stand for several cards (two Kalitases, a dozen Teferis): those whose text
//! shares the most words with the rest of the question are kept when they share two more than
//! any other, else all of them.

use super::nicknames;
use super::words::{loose, Word};
use crate::cards::data::CardData;
use crate::cards::Imported;
use std::ops::Range;

/// Names looked at per word of the question at most: a common first word (`the`) begins
/// hundreds of names in the whole card data, and none of them is long.
const MAX_NAMES_PER_WORD: usize = 1_000;
/// How many more of the question's words a card's text must have than another's for a short
/// name to be that card: one word in common (`can`, `card`) says little.
const CLEARLY_CLOSER: usize = 2;
/// The most cards a name's first word typed alone may be (`sakura` of the Sakura-Tribe cards);
/// past that it begins a family of names (`goblin`), and names none of them.
const MAX_FIRST_WORD_CARDS: usize = 3;
/// Cards read at most to find the planeswalkers a subtype names (Gideon, Jace).
const MAX_SUBTYPE_CARDS: usize = 32;
/// A single lower-case word counts as a name only from this length: `fog`, `opt`, `hit` and
/// `run` are card names too.
const MIN_SINGLE_WORD: usize = 5;
/// A word of a longer name makes it unusual from this length (`moon` of `blood moon`).
const MIN_NAME_WORD: usize = 4;
/// A plural or possessive is read off a word only when what is left has this many letters:
/// `is` and `as` are not plurals.
const MIN_BASE_CHARS: usize = 3;
/// The most rules a word of a whole name typed in lower case may be in for the name to be taken
/// (`ring` of `sol ring`, `god` of `wrath of god`): an everyday phrase that is a card's name
/// (`cast out`, `time stop`, `copy artifact`) is made of words many rules have.
const MAX_RARE_RULES: u64 = 15;
/// The most rules a planeswalker's type typed in lower case may be in (`jace`): the rules list
/// every planeswalker type in one rule (205.3j), and show a few in one example more.
const MAX_LISTED_TYPE_RULES: u64 = 2;
/// A planeswalker's type typed in lower case is taken from this length: `oko` and `ral` are
/// types, and a card of the type must be found for the word to name it.
const MIN_TYPE_CHARS: usize = 3;

/// What the finder asks of the edition and of judges' language, about a loose word.
pub(crate) trait Lexicon {
    /// How many rules of the edition have the word.
    fn rules_with(&self, word: &str) -> u64;
    /// A word of the rules: in two rules at least. The rules list every creature, planeswalker
    /// and land type and some card names in one rule each (205.3, 206.3), and a word found only
    /// there is a name.
    fn is_rules_word(&self, word: &str) -> bool {
        self.rules_with(word) >= 2
    }
    /// A word search leaves out (`the`, `of`, `what`).
    fn is_stop_word(&self, word: &str) -> bool;
    /// A word judges say for a rules term (`flicker`, `blink`, `ETB`).
    fn is_judges_word(&self, word: &str) -> bool;
    /// The stems of a text, to compare a card's text with the question.
    fn stems(&self, text: &str) -> Vec<String>;
}

/// Cards named in a question: the words that name them, and the card or cards they may be.
#[derive(Debug, Clone)]
pub(crate) struct Mention {
    pub(crate) words: Range<usize>,
    pub(crate) cards: Vec<CardData>,
}

/// One name found at a place of the question, before choosing.
struct Candidate {
    start: usize,
    len: usize,
    /// The folded key of the name index that finds the card.
    key: String,
    /// Whether the words are a short name (before a comma, or a planeswalker's subtype).
    short: bool,
    /// For each word of the name as printed, whether it is capitalised.
    capitals: Vec<bool>,
    /// Whether the words were found to be a name as they were read (a nickname, a planeswalker's
    /// type in lower case), so that [`plausible`] is not asked.
    vouched: bool,
}

/// The cards a question names, in the order of the question.
pub(crate) fn mentions(words: &[Word], cards: &dyn Imported, lexicon: &dyn Lexicon) -> Result<Vec<Mention>, String> {
    // A name is taken only with a word that looks like one (`plausible`): without any, the card
    // data is not even opened.
    let looks_like_a_name = |word: &Word| {
        (word.capital && !word.starts_sentence) || unusual(word, MIN_NAME_WORD, lexicon) || listed_type(word, lexicon)
    };
    let nicknamed = nicknamed(words, lexicon);
    // A whole name of short or rules words (`sol ring`) has a word in few rules ([`plausible`]).
    if nicknamed.is_empty() && !words.iter().any(|w| looks_like_a_name(w) || in_few_rules(w, lexicon)) {
        return Ok(Vec::new());
    }
    let mut candidates = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let before = candidates.len();
        let mut first_word_only: Vec<String> = Vec::new();
        for prefix in prefixes(word, looks_like_a_name(word)) {
            for name in cards.names_from(&prefix).take(MAX_NAMES_PER_WORD) {
                let (key, shown) = name?;
                if !begins_with_word(key, &prefix) {
                    break;
                }
                // Alchemy's rebalanced cards (`A-Teferi, Time Raveler`) are not the paper cards
                // a judge rules on; their `A` is never typed as part of the name.
                if key.starts_with("a-") {
                    continue;
                }
                let name = loose(key);
                let mut matched = false;
                if follows(words, i, &name) && !a_rules_word_inflected(word, &name, lexicon) {
                    candidates.push(Candidate::new(i, name.len(), key, false, shown));
                    matched = true;
                }
                if let (Some(comma), Some(shown_comma)) = (key.find(','), shown.find(',')) {
                    let short = loose(&key[..comma]);
                    if follows(words, i, &short) {
                        candidates.push(Candidate::new(i, short.len(), key, true, &shown[..shown_comma]));
                        matched = true;
                    }
                }
                if !matched && name.len() > 1 && same_word(word, &name[0], true) {
                    first_word_only.push(key.to_string());
                }
            }
        }
        let full_here = candidates[before..].iter().any(|c| !c.short);
        let typed_type = listed_type(word, lexicon) && !word.after_article;
        let as_a_name = typed_type || plausible(words, i..i + 1, &[true], false, lexicon);
        if typed_type {
            // A legendary's name before its comma (`Jace, the Mind Sculptor`) in lower case is
            // a name only as a planeswalker's type, as the other planeswalkers of that type are.
            let short = candidates[before..].iter().filter(|c| c.short).map(|c| c.key.clone());
            first_word_only.extend(short.collect::<Vec<_>>());
        }
        if !full_here && !first_word_only.is_empty() && as_a_name {
            candidates.extend(planeswalkers(word, &first_word_only, cards, i, typed_type)?);
        }
        if candidates.len() == before {
            candidates.extend(first_words(words, i, &first_word_only, lexicon));
        }
    }
    candidates.retain(|c| c.vouched || plausible(words, c.start..c.start + c.len, &c.capitals, !c.short, lexicon));
    candidates.extend(nicknamed);
    choose(words, candidates, cards, lexicon)
}

/// The nicknames the question says (`goyf`, `jace tms`), as candidates for their cards. A
/// nickname of one word of the rules after `a` or `an` is that word (`a bolt`).
fn nicknamed(words: &[Word], lexicon: &dyn Lexicon) -> Vec<Candidate> {
    let mut out = Vec::new();
    for at in 0..words.len() {
        for nickname in nicknames::said_at(words, at, same_word) {
            let len = nickname.words.len();
            if len == 1 && words[at].after_article && lexicon.is_rules_word(&words[at].loose) {
                continue;
            }
            out.push(Candidate {
                start: at,
                len,
                key: nickname.card.clone(),
                short: false,
                capitals: Vec::new(),
                vouched: true,
            });
        }
    }
    out
}

/// A word typed in lower case that is a planeswalker's type as the rules list it (`jace`,
/// `teferi`): in few rules, of [`MIN_TYPE_CHARS`] letters at least, neither small nor a judges'
/// word. Whether a card of the data has that type is for [`planeswalkers`] to say.
fn listed_type(word: &Word, lexicon: &dyn Lexicon) -> bool {
    word.loose.chars().count() >= MIN_TYPE_CHARS
        && lexicon.rules_with(&word.loose) <= MAX_LISTED_TYPE_RULES
        && !lexicon.is_stop_word(&word.loose)
        && !lexicon.is_judges_word(&word.loose)
}

impl Candidate {
    /// `len` words from `start` name the card of `key`, printed `shown`.
    fn new(start: usize, len: usize, key: &str, short: bool, shown: &str) -> Candidate {
        let capitals = super::words::words(shown).iter().map(|w| w.capital).collect();
        Candidate { start, len, key: key.to_string(), short, capitals, vouched: false }
    }
}

/// How the name index may spell a typed word: as typed; a possessive typed without its
/// apostrophe (`painters` for `painter's`); and, when `inflected`, the word a plural or a
/// possessive is made of (`Tarmogoyfs`, `Tarmogoyf's`). A name found by that word is of that
/// one word ([`follows`] reads the plural on a name's last word only), and such a name must look
/// like one ([`plausible`]): the caller asks for it only of a word that does, and the name index
/// is not read for every `does` and `counters`.
fn prefixes(word: &Word, inflected: bool) -> Vec<String> {
    let mut out = vec![word.folded.clone()];
    if let Some(stem) = word.folded.strip_suffix('s').filter(|s| s.len() > 1 && !word.folded.contains('\'')) {
        out.push(format!("{stem}'s"));
    }
    let bases = if inflected { bases(&word.loose) } else { Vec::new() };
    for base in bases {
        if !out.iter().any(|o| *o == base) {
            out.push(base.to_string());
        }
    }
    out
}

/// The words a loose word may be the plural or the possessive of (`goyfs` of `goyf`, `moxes` of
/// `mox`): a player says `two Tarmogoyfs` and `Tarmogoyf's power`. Loose words have no
/// apostrophe, so the possessive is the plural's `s`.
fn bases(loose: &str) -> Vec<&str> {
    let mut out = Vec::new();
    if let Some(stem) = loose.strip_suffix('s').filter(|s| s.chars().count() >= MIN_BASE_CHARS) {
        out.push(stem);
        if let Some(stem) = stem.strip_suffix('e').filter(|s| s.ends_with(['s', 'x', 'z', 'h'])) {
            out.push(stem);
        }
    }
    out
}

/// Whether a typed word is a name's word: the same, or, for the name's last word, its plural or
/// possessive.
fn same_word(typed: &Word, word: &str, last: bool) -> bool {
    typed.loose == word || (last && bases(&typed.loose).contains(&word))
}

/// Whether a key of the index begins with the word `prefix` whole: followed by nothing, a space
/// or a punctuation mark, never by another letter. Keys are sorted, so those that go on with a
/// letter come after all the others: the first of them ends the run.
fn begins_with_word(key: &str, prefix: &str) -> bool {
    key.strip_prefix(prefix).is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_lowercase()))
}

/// Whether the question's words from `at` on are the name's words, the last of them maybe in
/// the plural or the possessive.
fn follows(words: &[Word], at: usize, name: &[String]) -> bool {
    !name.is_empty()
        && words.len() >= at + name.len()
        && words[at..at + name.len()]
            .iter()
            .zip(name)
            .enumerate()
            .all(|(i, (typed, word))| same_word(typed, word, i + 1 == name.len()))
}

/// Whether a name of one word that is a word of the rules is typed in the plural or the
/// possessive: `my Islands`, `Mountains` are the land type, as the rules' words they are.
fn a_rules_word_inflected(typed: &Word, name: &[String], lexicon: &dyn Lexicon) -> bool {
    matches!(name, [only] if typed.loose != *only && lexicon.is_rules_word(only))
}

/// The cards a name's first word typed alone names (`lurrus` for Lurrus of the Dream-Den,
/// `blightsteel` for Blightsteel Colossus, and in the plural or the possessive, `lurrus's
/// ability`): only when the word is unusual ([`unusual`], never a word of the rules or of
/// everyday) and begins the names of few cards; a word that begins many names (`goblin`,
/// `elvish`) is a creature's kind, not a card's name.
fn first_words(words: &[Word], at: usize, keys: &[String], lexicon: &dyn Lexicon) -> Vec<Candidate> {
    let word = &words[at];
    // A plural or a possessive is of the first word alone: followed by the name's next word, it
    // is not the name (`Walkings Ballista`).
    let names_it = |name: &[String]| match name {
        [first, ..] if *first == word.loose => true,
        [first, next, ..] => {
            bases(&word.loose).contains(&first.as_str()) && words.get(at + 1).is_none_or(|w| w.loose != *next)
        }
        _ => false,
    };
    let mut keys: Vec<String> = keys.iter().filter(|k| names_it(&loose(k))).cloned().collect();
    keys.sort();
    keys.dedup();
    if keys.len() > MAX_FIRST_WORD_CARDS || !unusual(word, MIN_SINGLE_WORD, lexicon) {
        return Vec::new();
    }
    keys.into_iter()
        .map(|key| Candidate { start: at, len: 1, key, short: true, capitals: vec![true], vouched: false })
        .collect()
}

/// The planeswalkers among the cards of these keys whose subtype is the word (`Gideon` for
/// Gideon Jura and Gideon of the Trials). `vouched`: the word was typed as a planeswalker's type
/// ([`listed_type`]), and a card of that type makes it a name.
fn planeswalkers(
    word: &Word,
    keys: &[String],
    cards: &dyn Imported,
    at: usize,
    vouched: bool,
) -> Result<Vec<Candidate>, String> {
    let mut out = Vec::new();
    for key in keys.iter().take(MAX_SUBTYPE_CARDS) {
        let Some(card) = cards.find(key)? else { continue };
        let named = card.faces.iter().any(|face| {
            let (types, subtypes) = face.type_line.split_once('—').unwrap_or((&face.type_line, ""));
            types.contains("Planeswalker") && loose(subtypes).iter().any(|subtype| same_word(word, subtype, true))
        });
        if named {
            out.push(Candidate { start: at, len: 1, key: key.clone(), short: true, capitals: vec![true], vouched });
        }
    }
    Ok(out)
}

/// Whether the words typed look like a card's name rather than words of the question.
/// `capitals`: which words of the name are printed with a capital; `whole`: the words are the
/// card's whole name.
fn plausible(words: &[Word], span: Range<usize>, capitals: &[bool], whole: bool, lexicon: &dyn Lexicon) -> bool {
    let typed = &words[span];
    if let [only] = typed {
        if only.after_article && lexicon.is_rules_word(&only.loose) {
            return false;
        }
    }
    let as_printed = typed.iter().zip(capitals).all(|(word, capital)| !capital || word.capital);
    let capitalised = as_printed && typed.iter().any(|w| w.capital && !w.starts_sentence);
    let shortest = if typed.len() == 1 { MIN_SINGLE_WORD } else { MIN_NAME_WORD };
    // A whole name of several short or rules words (`sol ring`, `force of will`): one of them in
    // few rules, as no everyday phrase's words are.
    let whole_and_rare = whole && typed.len() > 1 && typed.iter().any(|w| in_few_rules(w, lexicon));
    capitalised || whole_and_rare || typed.iter().any(|w| unusual(w, shortest, lexicon))
}

/// A word that search keeps and at most [`MAX_RARE_RULES`] rules have (`ring` of `sol ring`).
fn in_few_rules(word: &Word, lexicon: &dyn Lexicon) -> bool {
    !lexicon.is_stop_word(&word.loose) && lexicon.rules_with(&word.loose) <= MAX_RARE_RULES
}

/// A word of at least `shortest` letters that is neither the rules' nor a judges' nor a small
/// one: a name's (`urborg`, `kalitas`, `moon`).
fn unusual(word: &Word, shortest: usize, lexicon: &dyn Lexicon) -> bool {
    word.loose.chars().count() >= shortest
        && !lexicon.is_rules_word(&word.loose)
        && !lexicon.is_stop_word(&word.loose)
        && !lexicon.is_judges_word(&word.loose)
}

/// The mentions kept: the longest first, none overlapping another; at one place, full names
/// before short ones; a short name's cards narrowed to those whose text has most of the
/// question's other words.
fn choose(
    words: &[Word],
    mut candidates: Vec<Candidate>,
    cards: &dyn Imported,
    lexicon: &dyn Lexicon,
) -> Result<Vec<Mention>, String> {
    candidates.sort_by(|a, b| (b.len, a.start, a.short).cmp(&(a.len, b.start, b.short)));
    let mut taken: Vec<(Range<usize>, Vec<CardData>)> = Vec::new();
    let mut at = 0;
    while at < candidates.len() {
        let first = &candidates[at];
        let span = first.start..first.start + first.len;
        let same_place = candidates[at..].iter().take_while(|c| c.start == span.start && c.len == first.len).count();
        let group = &candidates[at..at + same_place];
        at += same_place;
        if taken.iter().any(|(other, _)| other.start < span.end && span.start < other.end) {
            continue;
        }
        let full = group.iter().any(|c| !c.short);
        let mut found: Vec<CardData> = Vec::new();
        for candidate in group.iter().filter(|c| !full || !c.short) {
            if let Some(card) = cards.find(&candidate.key)? {
                if !found.iter().any(|f| f.name == card.name) {
                    found.push(card);
                }
            }
        }
        if !found.is_empty() {
            taken.push((span, found));
        }
    }
    let named: Vec<Range<usize>> = taken.iter().map(|(span, _)| span.clone()).collect();
    let rest: Vec<&str> = words
        .iter()
        .enumerate()
        .filter(|(i, _)| !named.iter().any(|span| span.contains(i)))
        .map(|(_, w)| w.loose.as_str())
        .collect();
    let mut asked = lexicon.stems(&rest.join(" "));
    asked.sort();
    asked.dedup();
    taken.sort_by_key(|(span, _)| span.start);
    Ok(taken.into_iter().map(|(words, cards)| Mention { words, cards: closest(cards, &asked, lexicon) }).collect())
}

/// Of several cards a name may be, those whose text shares the most stems with the question,
/// when they share at least [`CLEARLY_CLOSER`] more than any other; else all of them.
fn closest(cards: Vec<CardData>, asked: &[String], lexicon: &dyn Lexicon) -> Vec<CardData> {
    if cards.len() < 2 {
        return cards;
    }
    let shared = |card: &CardData| {
        let text: Vec<&str> = card.faces.iter().flat_map(|f| [f.type_line.as_str(), f.oracle_text.as_str()]).collect();
        let mut stems = lexicon.stems(&text.join("\n"));
        stems.sort();
        stems.dedup();
        asked.iter().filter(|a| stems.binary_search(a).is_ok()).count()
    };
    let scores: Vec<usize> = cards.iter().map(shared).collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let next = scores.iter().copied().filter(|s| *s < best).max().unwrap_or(0);
    if best < next + CLEARLY_CLOSER {
        return cards;
    }
    cards.into_iter().zip(scores).filter(|(_, s)| *s == best).map(|(c, _)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::MemoryCards;

    struct Words;

    impl Lexicon for Words {
        /// Words of many rules; `ring` and `god` of few; `jace` of the list of planeswalker
        /// types and an example.
        fn rules_with(&self, word: &str) -> u64 {
            match word {
                "turn" | "mountain" | "island" | "order" | "frog" | "fire" | "burn" | "land" | "cast" | "out"
                | "time" | "stop" | "bolt" | "force" => 40,
                "ring" => 13,
                "god" | "jace" | "jaces" => 2,
                _ => 0,
            }
        }
        fn is_stop_word(&self, word: &str) -> bool {
            ["the", "of", "a", "an", "in", "to", "my", "do", "does", "what", "is", "on", "i", "it"].contains(&word)
        }
        fn is_judges_word(&self, word: &str) -> bool {
            word == "flicker"
        }
        /// Lower case, a final `s` off, small words out.
        fn stems(&self, text: &str) -> Vec<String> {
            text.split(|c: char| !c.is_alphanumeric())
                .map(str::to_lowercase)
                .filter(|w| !w.is_empty() && !self.is_stop_word(w))
                .map(|w| w.strip_suffix('s').map_or(w.clone(), str::to_string))
                .collect()
        }
    }

    /// A card of one face, or of two halves for a name with ` // `.
    fn card(name: &str, type_line: &str, text: &str) -> CardData {
        let faces: Vec<(&str, &str, &str)> = name.split(" // ").map(|face| (face, type_line, text)).collect();
        super::super::card_of(name, if faces.len() > 1 { "split" } else { "normal" }, &faces, &[])
    }

    fn cards() -> MemoryCards {
        MemoryCards::new(vec![
            card("Blood Moon", "Enchantment", "Nonbasic lands are Mountains."),
            card(
                "Urborg, Tomb of Yawgmoth",
                "Legendary Land",
                "Each land is a Swamp in addition to its other land types.",
            ),
            card("Urborg Volcano", "Land", "This land enters tapped."),
            card(
                "Kalitas, Traitor of Ghet",
                "Legendary Creature — Vampire Warrior",
                "If a nontoken creature an opponent controls would die, instead exile that card.",
            ),
            card("Kalitas, Bloodchief of Ghet", "Legendary Creature — Vampire Warlock", "Destroy target creature."),
            card(
                "Teferi, Time Raveler",
                "Legendary Planeswalker — Teferi",
                "Each opponent can cast spells only any time they could cast a sorcery.",
            ),
            card("Teferi, Hero of Dominaria", "Legendary Planeswalker — Teferi", "Draw a card."),
            card("Teferi's Protection", "Instant", "Your life total can't change."),
            card("Gideon Jura", "Legendary Planeswalker — Gideon", "Destroy target tapped creature."),
            card(
                "Gideon, Ally of Zendikar",
                "Legendary Planeswalker — Gideon",
                "Create a 2/2 white Knight Ally creature token.",
            ),
            card("Painter's Servant", "Artifact Creature — Scarecrow", "Choose a color."),
            card("Turn // Burn", "Instant", "Burn deals 2 damage to any target."),
            card("Turn to Frog", "Instant", "Target creature loses all abilities."),
            card("Fire // Ice", "Instant", "Fire deals 2 damage."),
            card("Mountain", "Basic Land — Mountain", "({T}: Add {R}.)"),
            card("Island", "Basic Land — Island", "({T}: Add {U}.)"),
            card("Fog", "Instant", "Prevent all combat damage that would be dealt this turn."),
            card("Flicker", "Sorcery", "Exile target nontoken permanent, then return it to the battlefield."),
            card("Shock", "Instant", "Shock deals 2 damage to any target."),
            card("Tarmogoyf", "Creature — Lhurgoyf", "Tarmogoyf's power is equal to the number of card types."),
            card("Walking Ballista", "Artifact Creature — Construct", "Remove a +1/+1 counter: It deals 1 damage."),
            card("Lurrus of the Dream-Den", "Legendary Creature — Cat Nightmare", "Lifelink"),
            card("Goblin Guide", "Creature — Goblin Scout", "Haste"),
            card("Goblin Bombardment", "Enchantment", "Sacrifice a creature: 1 damage."),
            card("Goblin Welder", "Creature — Goblin Artificer", "Swap two artifacts."),
            card("Goblin Lackey", "Creature — Goblin", "Put a Goblin onto the battlefield."),
            card("Lightning Bolt", "Instant", "Lightning Bolt deals 3 damage to any target."),
            card("Dark Confidant", "Creature — Human Wizard", "You lose life equal to its mana value."),
            card("Jace, the Mind Sculptor", "Legendary Planeswalker — Jace", "Draw three cards."),
            card("Jace Beleren", "Legendary Planeswalker — Jace", "Each player draws a card."),
            card("Oko, Thief of Crowns", "Legendary Planeswalker — Oko", "Create a Food token."),
            card("Sol Ring", "Artifact", "{T}: Add {C}{C}."),
            card("Wrath of God", "Sorcery", "Destroy all creatures. They can't be regenerated."),
            card("Cast Out", "Enchantment", "Exile target nonland permanent an opponent controls."),
            card("Time Stop", "Instant", "End the turn."),
            card("Thalia, Guardian of Thraben", "Legendary Creature — Human Soldier", "First strike"),
            card("Thalia, Heretic Cathar", "Legendary Creature — Human Soldier", "First strike"),
        ])
    }

    /// The words of each mention as typed, and the names of its cards.
    fn found(question: &str) -> Vec<(String, Vec<String>)> {
        let words = super::super::words::words(question);
        let mentions = mentions(&words, &cards(), &Words).unwrap();
        mentions
            .into_iter()
            .map(|m| {
                let span = words[m.words.start].span.start..words[m.words.end - 1].span.end;
                (question[span].to_string(), m.cards.into_iter().map(|c| c.name).collect())
            })
            .collect()
    }

    fn one(typed: &str, names: &[&str]) -> (String, Vec<String>) {
        (typed.to_string(), names.iter().map(|n| n.to_string()).collect())
    }

    #[test]
    fn full_names_and_a_legendarys_name_before_its_comma() {
        assert_eq!(
            found("does Blood Moon turn off Urborg"),
            [one("Blood Moon", &["Blood Moon"]), one("Urborg", &["Urborg, Tomb of Yawgmoth"])]
        );
        let cards_of = |question| found(question).into_iter().map(|(_, cards)| cards).collect::<Vec<_>>();
        assert_eq!(cards_of("blood moon and urborg"), cards_of("Blood Moon and Urborg"), "lower case too");
        assert_eq!(found("Urborg Volcano enters tapped"), [one("Urborg Volcano", &["Urborg Volcano"])]);
    }

    #[test]
    fn punctuation_and_apostrophes_are_not_needed() {
        for typed in ["Teferi, Time Raveler", "teferi time raveler", "Teferi Time Raveler"] {
            assert_eq!(found(&format!("under {typed} can I")), [one(typed, &["Teferi, Time Raveler"])], "{typed}");
        }
        assert_eq!(found("Painters Servant naming blue"), [one("Painters Servant", &["Painter's Servant"])]);
        assert_eq!(found("Fire // Ice in my graveyard"), [one("Fire // Ice", &["Fire // Ice"])]);
    }

    #[test]
    fn a_short_name_is_the_cards_whose_text_speaks_of_the_question_or_all() {
        let traitor = [one("Kalitas", &["Kalitas, Traitor of Ghet"])];
        assert_eq!(found("Kalitas exiles my opponent's creature instead"), traitor);
        assert_eq!(found("Kalitas exiles my creature")[0].1.len(), 2, "one word more is not enough");
        let both = found("kalitas and me");
        assert_eq!(both[0].1.len(), 2, "{both:?}");
        let teferis = found("my Teferi");
        assert_eq!(teferis, [one("Teferi", &["Teferi, Hero of Dominaria", "Teferi, Time Raveler"])]);
    }

    #[test]
    fn a_name_in_the_plural_or_the_possessive() {
        assert_eq!(found("how big are two Tarmogoyfs"), [one("Tarmogoyfs", &["Tarmogoyf"])]);
        assert_eq!(found("what is Tarmogoyf's power"), [one("Tarmogoyf's", &["Tarmogoyf"])]);
        assert_eq!(found("tarmogoyfs in play"), [one("tarmogoyfs", &["Tarmogoyf"])], "lower case");
        assert_eq!(found("my Walking Ballista's counters"), [one("Walking Ballista's", &["Walking Ballista"])]);
        assert_eq!(found("Urborg's land types"), [one("Urborg's", &["Urborg, Tomb of Yawgmoth"])]);
        assert_eq!(found("Gideon's loyalty").len(), 1, "a planeswalker's subtype too");
        assert!(found("Walkings Ballista").is_empty(), "only the last word of a name");
        assert!(found("can I tap my Islands").is_empty(), "a word of the rules in the plural is that word");
        assert_eq!(found("can I tap my Island")[0].1, ["Island"]);
    }

    #[test]
    fn an_unusual_first_word_alone_names_its_few_cards() {
        assert_eq!(found("lurrus as my companion"), [one("lurrus", &["Lurrus of the Dream-Den"])]);
        assert_eq!(found("lurrus's companion ability"), [one("lurrus's", &["Lurrus of the Dream-Den"])], "possessive");
        assert_eq!(found("two lurruses"), [one("lurruses", &["Lurrus of the Dream-Den"])], "plural");
        assert!(found("my goblin token").is_empty(), "a word that begins many names is a kind");
        assert!(found("a spell of the dream").is_empty(), "a name's other words alone are not it");
    }

    #[test]
    fn a_planeswalkers_subtype_names_it() {
        let gideons = found("my Gideon is a creature");
        assert_eq!(gideons.len(), 1);
        let mut names = gideons[0].1.clone();
        names.sort();
        assert_eq!(names, ["Gideon Jura", "Gideon, Ally of Zendikar"]);
    }

    #[test]
    fn a_nickname_names_its_card_when_the_data_has_it() {
        assert_eq!(found("what is my goyf's power"), [one("goyf's", &["Tarmogoyf"])]);
        assert_eq!(found("two goyfs"), [one("goyfs", &["Tarmogoyf"])], "in the plural");
        assert_eq!(
            found("i bolt my opponent's goyf"),
            [one("bolt", &["Lightning Bolt"]), one("goyf", &["Tarmogoyf"])],
            "a nickname made a verb"
        );
        assert_eq!(found("Bob reveals a land"), [one("Bob", &["Dark Confidant"])], "any case");
        assert_eq!(
            found("can i use jace tms on my turn"),
            [one("jace tms", &["Jace, the Mind Sculptor"])],
            "the nickname's words before the planeswalker's type alone"
        );
        assert!(found("my o-ring leaves").is_empty(), "Oblivion Ring is not in the data");
        assert!(found("is it a bolt from the blue").is_empty(), "a word of the rules after an article");
    }

    #[test]
    fn a_whole_name_of_short_or_rules_words_in_lower_case_names_its_card() {
        assert_eq!(found("can i respond to sol ring"), [one("sol ring", &["Sol Ring"])]);
        assert_eq!(found("wrath of god and regeneration"), [one("wrath of god", &["Wrath of God"])]);
        assert!(found("can i cast out of my graveyard").is_empty(), "an everyday phrase of common words");
        assert!(found("does time stop for the trigger").is_empty(), "an everyday phrase of common words");
        assert!(found("my sol is tapped").is_empty(), "a short first word alone, not a planeswalker's type");
        assert_eq!(found("Cast Out my creature"), [one("Cast Out", &["Cast Out"])], "with the capitals");
    }

    #[test]
    fn a_planeswalkers_type_in_lower_case_or_the_plural_of_a_short_name() {
        let jaces = |question: &str| {
            let mut found = found(question);
            found.iter_mut().for_each(|(_, names)| names.sort());
            found
        };
        let both = ["Jace Beleren", "Jace, the Mind Sculptor"];
        assert_eq!(jaces("jace bounces my token"), [one("jace", &both)]);
        assert_eq!(jaces("two jaces with different names"), [one("jaces", &both)]);
        assert_eq!(found("oko makes my creature a 3/3 elk"), [one("oko", &["Oko, Thief of Crowns"])], "three letters");
        let thalias = jaces("my opponent has two thalias");
        assert_eq!(thalias, [one("thalias", &["Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"])]);
        assert_eq!(jaces("thalia's tax")[0].1.len(), 2, "the possessive");
    }

    /// Card data that cannot be read: an error as soon as it is asked for.
    struct Unreadable;

    impl Imported for Unreadable {
        fn find(&self, _: &str) -> Result<Option<CardData>, String> {
            Err("damaged".into())
        }
        fn names(&self) -> Box<dyn Iterator<Item = (&str, &str)> + '_> {
            Box::new(std::iter::empty())
        }
        fn names_from(&self, _: &str) -> Box<dyn Iterator<Item = Result<(&str, &str), String>> + '_> {
            Box::new(std::iter::once(Err("damaged".into())))
        }
    }

    #[test]
    fn without_a_word_that_looks_like_a_name_the_card_data_is_not_read() {
        let asked =
            |question: &str| mentions(&super::super::words::words(question), &Unreadable, &Words).map(|m| m.len());
        assert_eq!(asked("what to do on my turn"), Ok(0));
        assert_eq!(asked("Turn it. Fire it."), Ok(0), "capitals that start sentences");
        assert_eq!(asked("what about my Fog"), Err("damaged".into()));
        assert_eq!(asked("what about kalitas"), Err("damaged".into()));
    }

    #[test]
    fn names_that_are_words_of_the_rules_or_of_everyday_need_capitals() {
        assert!(found("can I do it on my opponent's turn").is_empty());
        assert!(found("Turn it sideways").is_empty(), "capitalised only to start a sentence");
        assert_eq!(
            found("Turn to Frog then Shock"),
            [one("Turn to Frog", &["Turn to Frog"]), one("Shock", &["Shock"])]
        );
        assert!(found("what about a fog effect").is_empty(), "a short lower-case word");
        assert_eq!(found("what about my Fog"), [one("Fog", &["Fog"])]);
        assert!(found("when I flicker my creature").is_empty(), "a judges' word");
        assert!(found("Blood Moon makes it a Mountain")[1..].is_empty(), "a land type after an article");
        assert_eq!(found("can I tap my Island")[0].1, ["Island"]);
        assert_eq!(found("Shock deals 2 damage"), [one("Shock", &["Shock"])], "a name no rule has");
    }
}
