//! Questions that name cards (`does Blood Moon turn off Urborg`): the cards are found through the
//! imported card data (`find.rs`), their names leave the question, since their words are names
//! and not rules words (`Oblivion Ring` is not about the Ring that tempts), and what the cards
//! say is searched in their place, below the judge's own words (`terms.rs`). The answer shows
//! each card's Oracle text and its rulings that speak of the question (`rulings.rs`).

mod find;
mod nicknames;
mod rulings;
mod terms;
mod words;

pub(crate) use terms::{Source, Term};

use super::analyzer::{self, analyze, Kind};
use super::SearchIndex;
use crate::cards::data::{CardData, Ruling};
use crate::cards::Imported;
use crate::corpus::Lang;
use std::cell::RefCell;
use std::ops::Range;
use tantivy::tokenizer::TextAnalyzer;

/// The most cards one name is shown as: past that (`Teferi`, `Chandra` among all the cards), the
/// judge is told which cards it may be, and what they share is searched.
const MAX_SHOWN: usize = 3;

/// The cards a question names, as search uses them. Empty without card data, and then search is
/// what it is without.
#[derive(Clone, Debug, Default)]
pub struct Named {
    /// Each card named, once, in the order of the question.
    pub cards: Vec<NamedCard>,
    /// Names typed that may be more cards than are shown.
    pub ambiguous: Vec<Ambiguous>,
    /// The parts of the question that name cards, in bytes, in order.
    spans: Vec<Range<usize>>,
}

/// A card a question names.
#[derive(Clone, Debug)]
pub struct NamedCard {
    pub card: CardData,
    /// Its rulings that share words with the question, best first.
    pub rulings: Vec<Ruling>,
    /// Whether the answer shows it: not when its name may be one of many cards.
    pub shown: bool,
    /// 1 over the number of cards its name may be: what it says counts that much.
    pub(crate) share: f32,
    /// What it says, to search.
    pub(crate) terms: Vec<Term>,
}

/// A name typed that may be any of several cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ambiguous {
    pub typed: String,
    pub names: Vec<String>,
}

impl Named {
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The question without the names of the cards, each replaced by a space.
    pub(crate) fn rest(&self, question: &str) -> String {
        let mut out = String::with_capacity(question.len());
        let mut from = 0;
        for span in &self.spans {
            out.push_str(&question[from..span.start]);
            out.push(' ');
            from = span.end;
        }
        out.push_str(&question[from..]);
        out
    }

    /// The stems of what the cards say, sorted, each once.
    pub(crate) fn stems_said(&self, analyzer: &mut TextAnalyzer) -> Vec<String> {
        let mut out: Vec<String> = self
            .cards
            .iter()
            .flat_map(|c| c.card.faces.iter().map(|f| f.oracle_text.as_str()))
            .flat_map(|text| analyze(analyzer, text).into_iter().map(|a| a.text))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// What each card says, with its share.
    pub(crate) fn terms(&self) -> Vec<(&[Term], f32)> {
        self.cards.iter().map(|named| (named.terms.as_slice(), named.share)).collect()
    }
}

impl SearchIndex {
    /// The cards of `cards` that the question names. An error says why the card data cannot
    /// be read.
    pub fn named(&self, question: &str, cards: &dyn Imported) -> Result<Named, String> {
        let lexicon = EditionLexicon {
            index: self,
            english: RefCell::new(analyzer::analyzer(Lang::En, Kind::Stemmed)),
            edition: RefCell::new(analyzer::analyzer(self.lang(), Kind::Stemmed)),
        };
        let words = words::words(question);
        let mentions = find::mentions(&words, cards, &lexicon)?;
        let mut named = Named::default();
        for mention in &mentions {
            let span = words[mention.words.start].span.start..words[mention.words.end - 1].span.end;
            named.spans.push(span.start..presence(&words, mention.words.end).unwrap_or(span.end));
            let shown = mention.cards.len() <= MAX_SHOWN;
            if !shown {
                let names = mention.cards.iter().map(|c| c.name.clone()).collect();
                named.ambiguous.push(Ambiguous { typed: question[span].to_string(), names });
            }
            let share = 1.0 / mention.cards.len() as f32;
            for card in &mention.cards {
                match named.cards.iter_mut().find(|n| n.card.name == card.name) {
                    Some(known) => {
                        known.share = known.share.max(share);
                        known.shown |= shown;
                    }
                    None => named.cards.push(NamedCard {
                        card: card.clone(),
                        rulings: Vec::new(),
                        shown,
                        share,
                        terms: Vec::new(),
                    }),
                }
            }
        }
        let mut asked = lexicon.english_stems(&named.rest(question));
        asked.sort();
        asked.dedup();
        let stems = |text: &str| lexicon.english_stems(text);
        for card in &mut named.cards {
            if card.shown {
                card.terms = terms::terms(&card.card, &asked, &stems);
                card.rulings = rulings::matching(&card.card.rulings, &asked, stems);
            } else {
                // One of many cards a name may be: the words of its text count a fraction of
                // their little each, and weighing them for a dozen cards would cost more than
                // the search; what its type line, wording and keywords imply is kept, all its
                // abilities alike.
                card.terms = terms::terms(&card.card, &[], &stems);
                card.terms.retain(|t| t.source != Source::Text);
            }
        }
        add_interacting_replacements(&mut named.cards);
        Ok(named)
    }
}

/// When two of the cards named have replacement or prevention effects (`Furnace of Rath and
/// Gisela`, `Parallel Lives and Anointed Procession`), the question is likely how they apply to
/// one event together: the rules' words for that are added to the first of those cards. A
/// player names both cards and rarely says "replacement effect".
fn add_interacting_replacements(cards: &mut [NamedCard]) {
    let replaces = |card: &NamedCard| {
        card.terms.iter().any(|t| {
            t.source == Source::Implied
                && (t.text.contains("\"replacement effect\"") || t.text.contains("\"prevention effect\""))
        })
    };
    if cards.iter().filter(|c| c.shown && replaces(c)).count() < 2 {
        return;
    }
    if let Some(first) = cards.iter_mut().find(|c| c.shown && replaces(c)) {
        first.terms.push(Term {
            text: "\"two or more replacement and/or prevention effects\"".into(),
            source: Source::Implied,
            focus: 1.0,
        });
    }
}

/// Where the words after a card's name that say it is on the battlefield end, if they do: a
/// player's `Stasis is out`, `with Melira out`, `are both out`. They say nothing of what is
/// asked, and `out` would find the rules of phasing out.
fn presence(words: &[words::Word], after: usize) -> Option<usize> {
    let mut at = after;
    while words.get(at).is_some_and(|w| matches!(w.loose.as_str(), "is" | "are" | "both" | "still" | "all")) {
        at += 1;
    }
    words.get(at).filter(|w| w.loose == "out").map(|w| w.span.end)
}

/// The edition's words and judges' words, for telling a card's name from the words of a question.
struct EditionLexicon<'a> {
    index: &'a SearchIndex,
    /// Card data is in English whatever the edition's language.
    english: RefCell<TextAnalyzer>,
    edition: RefCell<TextAnalyzer>,
}

impl EditionLexicon<'_> {
    fn english_stems(&self, text: &str) -> Vec<String> {
        analyze(&mut self.english.borrow_mut(), text).into_iter().map(|a| a.text).collect()
    }
}

impl find::Lexicon for EditionLexicon<'_> {
    fn rules_with(&self, word: &str) -> u64 {
        self.index.rules_with(word)
    }

    fn is_stop_word(&self, word: &str) -> bool {
        self.english_stems(word).is_empty() || analyze(&mut self.edition.borrow_mut(), word).is_empty()
    }

    fn is_judges_word(&self, word: &str) -> bool {
        super::synonyms::is_said(word)
    }

    fn stems(&self, text: &str) -> Vec<String> {
        self.english_stems(text)
    }
}

/// A card of these faces (name, type line, Oracle text) and keywords, for the tests.
#[cfg(test)]
pub(crate) fn card_of(name: &str, layout: &str, faces: &[(&str, &str, &str)], keywords: &[&str]) -> CardData {
    use crate::cards::data::Face;
    CardData {
        name: name.into(),
        layout: layout.into(),
        oracle_id: None,
        mana_value: 0.0,
        faces: faces
            .iter()
            .map(|(name, type_line, text)| Face {
                name: (*name).into(),
                mana_cost: String::new(),
                type_line: (*type_line).into(),
                oracle_text: (*text).into(),
                colors: vec![],
                power: None,
                toughness: None,
                loyalty: None,
                defense: None,
            })
            .collect(),
        keywords: keywords.iter().map(|k| (*k).to_string()).collect(),
        rulings: vec![],
        reading: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOGETHER: &str = "\"two or more replacement and/or prevention effects\"";

    /// A named card of one face, its terms found as search finds them.
    fn named(name: &str, text: &str) -> NamedCard {
        let card = card_of(name, "normal", &[(name, "Enchantment", text)], &[]);
        let stems = |t: &str| t.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>();
        let terms = terms::terms(&card, &[], &stems);
        NamedCard { card, rulings: vec![], shown: true, share: 1.0, terms }
    }

    fn together(cards: &[NamedCard]) -> bool {
        cards.iter().any(|c| c.terms.iter().any(|t| t.text == TOGETHER))
    }

    #[test]
    fn two_cards_with_replacement_or_prevention_effects_search_how_they_apply_together() {
        let furnace = named("Furnace of Rath", "If a source would deal damage, it deals double that damage instead.");
        let gisela = named("Gisela", "If a source would deal damage to you, prevent half that damage, rounded up.");
        let anthem = named("Glorious Anthem", "Creatures you control get +1/+1.");
        let mut both = vec![furnace.clone(), gisela];
        add_interacting_replacements(&mut both);
        assert!(together(&both[..1]), "added to the first of them");
        let mut one = vec![furnace, anthem];
        add_interacting_replacements(&mut one);
        assert!(!together(&one), "one card's effects apply in the order its text says");
    }
}
