//! From what a judge types to a tantivy query.
//!
//! The text is read as words and quoted phrases (`"…"`, `“…”`, `«…»`); tantivy's query syntax
//! is not used, because rules questions are full of characters it would read as operators
//! (`+1/+1`, `X:`, `-1/-1`, parentheses). Each word and phrase becomes a *unit*, searched in the
//! ranked fields with their boosts, and the units are summed (BM25, OR): a rule that has more
//! of the question's words ranks higher, rare words counting more than common ones. Then:
//!
//! - a hyphenated word (`auto-remplacement`) is searched as the phrase of its parts or the parts
//!   joined, whichever scores better;
//! - words of the other language that name a vocabulary entry add the entry's terms in the
//!   edition's language (phrases for multi-word terms), unless the edition already has those
//!   very words (`permanent`, `mana`);
//! - a word the index does not have at all, and that the vocabulary did not translate, is taken
//!   for a typo: it is replaced by the closest words of the rules within one edit (two for long
//!   words), found on the unstemmed `words` field, and these are searched like the others;
//! - a word is searched with its negation too, when the rules have it (`tapped`, `untapped`);
//! - two neighbouring words of the question found close together, in order, in a rule add a
//!   bonus, so that `champ bataille` favours `champ de bataille` over the two words far apart;
//! - when the question names cards (`named/`), their names are not searched, and what the cards
//!   say is, below the judge's words ([`Planner::card_units`]).

use super::analyzer::{analyze, Analyzed};
use super::named::{Source, Term as CardTerm};
use super::schema::Fields;
use super::vocabulary::LazyVocabulary;
use std::collections::BTreeSet;
use tantivy::query::EnableScoring;
use tantivy::query::{
    BooleanQuery, BoostQuery, DisjunctionMaxQuery, FuzzyTermQuery, Occur, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::tokenizer::TextAnalyzer;
use tantivy::{DocAddress, DocSet, Searcher, Term, TERMINATED};

const QUOTES: [char; 6] = ['"', '“', '”', '«', '»', '„'];

/// A translated term counts as much as one the judge typed in the edition's language.
const TRANSLATION_WEIGHT: f32 = 1.0;
/// A word found by typo tolerance counts less than one typed right: it may not be what was meant.
const TYPO_WEIGHT: f32 = 0.7;
/// A rule that has every word typed gets their scores again, times this: BM25 alone lets one
/// rare word repeated outweigh all the others. Chosen on the tuning questions of
/// `tests/search_quality_en.rs` and the French questions, which both rank better with it.
const ALL_WORDS_WEIGHT: f32 = 0.5;
/// What a card the question names says counts less than the judge's own words, which say what
/// about the card is asked. Chosen on the tuning questions of `tests/search_quality_cards.rs`:
/// - what its wording implies in the rules' words (`named/terms.rs`: "would … instead" is a
///   replacement effect) and the names of rules its text holds (`deathtouch`, `mana value`) say
///   most;
/// - then its keywords;
/// - what its type line and layout imply counts little, since every land, Aura or planeswalker
///   brings the same rules whatever is asked;
/// - and so do the words of its text, many of them the rules' common words. They get no bonus
///   for neighbouring words, as the question's do: that ranked worse.
const CARD_IMPLIED_WEIGHT: f32 = 0.9;
const CARD_KEYWORD_WEIGHT: f32 = 0.5;
const CARD_TYPE_WEIGHT: f32 = 0.2;
const CARD_TEXT_WEIGHT: f32 = 0.2;
/// A unit that several cards give counts for each, up to this: two replacement effects make
/// the question one about both, and a lower cap ranked worse.
const CARD_TERM_MAX: f32 = 1.5;
/// What a name that may be many cards (`Teferi`, `Gideon`: more than [`MANY_CARDS`]) brings
/// counts this much of what one card named for sure would: the judge's own words say what is
/// asked of those cards, and what they all share (every Gideon prevents the damage dealt to him)
/// is not it. A name of two or three cards (`Kalitas`) is likely about what they share.
const SHARED_BY_MANY: f32 = 0.25;
const MANY_CARDS: f32 = 3.0;
/// A judge's word that the named cards' text has too (`draw step` about Necropotence) says
/// which card the question is about more than what it asks: it counts this much.
pub(crate) const ECHO_WEIGHT: f32 = 0.8;
/// The most words of a rule's name looked for in a card's text (`enters the battlefield tapped`).
const MAX_NAME_WORDS: usize = 4;
/// A single word of a card's text that names a rule counts as such when at most this many rules
/// have it: keywords (`deathtouch`, `flash` and `lifelink` are in 9 to 11 rules of the 2025 CR)
/// do, the glossary's common words (`damage` in 156, `creature` in 456) do not.
const KEYWORD_RULES: u64 = 30;
/// The rule the whole question names (a keyword, a glossary headword) comes before any other.
const NAME_WEIGHT: f32 = 20.0;
/// Two neighbouring words of the question found together in a rule add this much again.
const NEAR_WEIGHT: f32 = 0.3;
/// How far from their place in the question two neighbouring words may be: `champ bataille`
/// finds `champ de bataille`, whose stop word leaves a gap.
const NEAR_SLOP: u32 = 2;
/// At most this many corrections per misspelt word, the closest and most common first.
const MAX_CORRECTIONS: usize = 3;
/// Words shorter than this are never corrected: at one edit, `sot` could be `sort`, `mot` or `tot`.
const MIN_FUZZY_CHARS: usize = 4;
/// Words this long or longer may be two edits away from what was meant.
const LONG_WORD_CHARS: usize = 8;
/// Longer words are never corrected. No word of the rules is within two edits of one: the
/// longest, joined compounds included, has 22 characters in every edition of 2011–2026 (a test
/// checks each edition's index), so this changes no answer; and the automaton that finds the
/// corrections grows with the word (one of 120,000 characters took 1.2 GB).
pub const MAX_FUZZY_CHARS: usize = 32;

/// The most characters a question may have: any rule of the CR pasted whole fits (the longest,
/// of the 2026 CR, has 2,818). At this size a search takes a fraction of a second and a few
/// tens of MB; unbounded, 95,000 words took 51 s and 3.5 GB (every word is scored, compared with
/// every other for the coverage, and paired with its neighbour).
pub const MAX_QUESTION_CHARS: usize = 3_000;
/// The most words a question may have: the longest rule has 348. Typo correction is part of
/// the bound: each word is corrected at most once, into [`MAX_CORRECTIONS`] words.
pub const MAX_QUESTION_WORDS: usize = 400;

/// Refuses a question too long to be one: the judge is told the limit rather than given the
/// answer to a part of the question.
pub fn check_size(question: &str) -> Result<(), super::SearchError> {
    let chars = question.chars().count();
    if chars > MAX_QUESTION_CHARS {
        return Err(super::SearchError::QuestionTooLong { chars, max: MAX_QUESTION_CHARS });
    }
    let words = question.split_whitespace().count();
    if words > MAX_QUESTION_WORDS {
        return Err(super::SearchError::TooManyWords { words, max: MAX_QUESTION_WORDS });
    }
    Ok(())
}

/// Words of a judge's question that ask rather than say what about: `what happens`, `does it
/// still work`. Dropped from the question (not from a quoted phrase).
const FILLER: &[&str] = &[
    // `how much`, `how many`: the rules say `that much`, `that many`, or a number.
    "much",
    "many",
    "happens",
    "happen",
    "happened",
    "work",
    "works",
    "still",
    "ever",
    "exactly",
    "actually",
    "possible",
    "way",
    "anything",
    "something",
    "thing",
    "things",
    "get",
    "gets",
    "go",
    "goes",
];

fn is_filler(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    FILLER.contains(&word.as_str())
}

/// A piece of the question as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Clause<'q> {
    Word(&'q str),
    Phrase(&'q str),
}

/// Splits a question into words and quoted phrases. An unclosed quote runs to the end.
pub(crate) fn clauses(query: &str) -> Vec<Clause<'_>> {
    let mut out = Vec::new();
    let mut rest = query;
    loop {
        let Some(open) = rest.find(QUOTES) else {
            out.extend(rest.split_whitespace().map(Clause::Word));
            return out;
        };
        out.extend(rest[..open].split_whitespace().map(Clause::Word));
        let after = &rest[open..];
        let after = &after[after.chars().next().map_or(0, char::len_utf8)..];
        let close = after.find(QUOTES).unwrap_or(after.len());
        let phrase = after[..close].trim();
        if !phrase.is_empty() {
            out.push(Clause::Phrase(phrase));
        }
        rest = &after[close..];
        rest = &rest[rest.chars().next().map_or(0, char::len_utf8)..];
    }
}

/// What one part of the question searches for.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Unit {
    Term(String),
    /// Terms with their positions relative to each other (stop words leave gaps).
    Phrase(Vec<(usize, String)>),
    /// Alternatives: the best scoring one counts.
    Any(Vec<Unit>),
    /// Terms near each other: at their relative positions give or take `slop` moves.
    Near(Vec<(usize, String)>, u32),
}

/// A unit of a plan, with its weight and, when it stands for words the judge typed (not for a
/// bonus), those words as typed.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Weighted {
    pub(crate) unit: Unit,
    pub(crate) weight: f32,
    pub(crate) typed: Option<String>,
}

/// How much of a question a rule answers: `found` of the `asked` words, and the `missing` ones
/// as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    pub found: usize,
    pub asked: usize,
    pub missing: Vec<String>,
}

impl Coverage {
    /// Whether the rule has less than two thirds of the words searched: the rules may not say
    /// what the judge asks in those words, or at all. (On the tuning questions of
    /// `tests/search_quality_en.rs`: said of 6 of the 16 whose answer is not in the first ten,
    /// of 2 of the 76 answered first; at one half, of 3 and 0.)
    pub fn is_weak(&self) -> bool {
        self.asked > 0 && self.found * 3 < self.asked * 2
    }
}

/// A question made ready to search: its units with their weights.
pub(crate) struct Plan {
    pub(crate) units: Vec<Weighted>,
    /// Whether every word of the question is one of the edition's: then the question is in the
    /// edition's language, and the vocabulary of the other language has nothing to add.
    pub(crate) all_known: bool,
}

/// What a plan needs from the index and the language.
pub(crate) struct Planner<'a> {
    pub(crate) searcher: &'a Searcher,
    pub(crate) fields: Fields,
    /// The edition's analyzers.
    pub(crate) stemmed: TextAnalyzer,
    pub(crate) plain: TextAnalyzer,
    /// The stemmed analyzer of the other language, to look its words up in the vocabulary.
    pub(crate) foreign: TextAnalyzer,
    pub(crate) vocabulary: &'a LazyVocabulary,
}

impl Planner<'_> {
    pub(crate) fn plan(&mut self, query: &str) -> tantivy::Result<Plan> {
        let clauses = clauses(query);
        let mut typed_units = Vec::new();
        let mut analyzed = Vec::new();
        for clause in &clauses {
            let (text, is_phrase) = match clause {
                Clause::Word(w) => (*w, false),
                Clause::Phrase(p) => (*p, true),
            };
            let tokens = analyze(&mut self.stemmed, text);
            if !is_phrase && is_filler(text) {
                analyzed.push(Vec::new());
                typed_units.push(None);
                continue;
            }
            // `the`, `of`, `is` in an English question about French rules: not French words,
            // but `The` is in `Magic: The Gathering`. A stop word of the other language is
            // dropped like one of the edition's.
            let foreign_stop_word = !is_phrase && analyze(&mut self.foreign, text).is_empty();
            let unit = unit_of(&tokens, !is_phrase).filter(|_| !foreign_stop_word);
            typed_units.push(unit.map(|unit| Weighted { unit, weight: 1.0, typed: Some(text.to_string()) }));
            analyzed.push(if foreign_stop_word { Vec::new() } else { tokens });
        }
        // Whether each clause's words are all the edition's own (a stop word's clause has none).
        let mut known = Vec::with_capacity(analyzed.len());
        for tokens in &analyzed {
            let mut all = true;
            for token in tokens {
                all &= self.known(&token.text)?;
            }
            known.push(all);
        }
        // Names (`Thought Reflection`, `Wrath of God`) are not searched: their words are not
        // about the rules (`thought` is not a misspelt `though`).
        let names = card_like(&clauses, &analyzed, &known);
        let mut units = Vec::new();
        for (i, unit) in typed_units.into_iter().enumerate() {
            if names.contains(&i) {
                analyzed[i].clear();
                known[i] = true;
            } else if let Some(unit) = unit {
                units.push(unit);
            }
        }
        for unit in &mut units {
            self.with_negation(unit)?;
        }
        let all_known = known.iter().all(|k| *k);
        // A match of the vocabulary is only used when some of its words are not the edition's
        // (see `translate`): with every word known, none would be.
        let mut translated =
            if all_known { BTreeSet::new() } else { self.translate(&clauses, &known, &names, &mut units)? };
        translated.extend(self.joined(&clauses, &analyzed, &mut units)?);
        for (i, clause) in clauses.iter().enumerate() {
            let Clause::Word(word) = clause else { continue };
            if translated.contains(&i) || analyzed[i].len() != 1 || known[i] || is_capitalised(word) && i > 0 {
                continue;
            }
            let corrections = self.corrections(word)?;
            if !corrections.is_empty() {
                let typed = Some((*word).to_string());
                units.push(Weighted { unit: Unit::Any(corrections), weight: TYPO_WEIGHT, typed });
            }
        }
        self.add_neighbours(&clauses, &analyzed, &translated, &mut units);
        Ok(Plan { units, all_known })
    }

    /// A judge's word also searched with the prefix that negates it, when the rules have that
    /// word (`tapped` is `untapped` too, `attached` `unattached`): a player asks whether a
    /// tapped creature can block, the rule says the blockers must be untapped. Either counts as
    /// the word (the better of the two). Not the words that only look made with it (`unless`,
    /// `until`).
    fn with_negation(&mut self, weighted: &mut Weighted) -> tantivy::Result<()> {
        let Unit::Term(term) = &weighted.unit else { return Ok(()) };
        let negated = format!("un{term}");
        if term.chars().count() < 3 || ["unless", "until"].contains(&negated.as_str()) || !self.known(&negated)? {
            return Ok(());
        }
        weighted.unit = Unit::Any(vec![Unit::Term(term.clone()), Unit::Term(negated)]);
        Ok(())
    }

    /// The units of what the cards a question names say (`named::Named::terms`), each term with the
    /// share of its card, below the judge's words, standing for no word typed. `english`: whether
    /// the edition is in the cards' language; otherwise their words are searched through the
    /// vocabulary.
    pub(crate) fn card_units(&mut self, cards: &[(&[CardTerm], f32)], english: bool) -> tantivy::Result<Vec<Weighted>> {
        let mut units: Vec<Weighted> = Vec::new();
        for (terms, share) in cards {
            // What one card says twice (a wording of the file and a rule's name) counts once.
            let mut card: Vec<(Unit, f32)> = Vec::new();
            for term in terms.iter() {
                let weight = term.focus
                    * match term.source {
                        Source::Keyword => CARD_KEYWORD_WEIGHT,
                        Source::Implied => CARD_IMPLIED_WEIGHT,
                        Source::Type => CARD_TYPE_WEIGHT,
                        Source::Text => CARD_TEXT_WEIGHT,
                    };
                let mut found: Vec<(Unit, f32)> = match term.source {
                    Source::Text => self.card_term_units(&super::synonyms::expand(&term.text), english)?,
                    _ => self.card_term_units(&term.text, english)?,
                }
                .into_iter()
                .map(|u| (u, weight))
                .collect();
                if term.source == Source::Text && english {
                    let implied = term.focus * CARD_IMPLIED_WEIGHT;
                    found.extend(self.card_rule_names(&term.text)?.into_iter().map(|u| (u, implied)));
                }
                for (unit, weight) in found {
                    match card.iter_mut().find(|(u, _)| *u == unit) {
                        Some((_, known)) => *known = known.max(weight),
                        None => card.push((unit, weight)),
                    }
                }
            }
            // What several cards say counts for each: the question is likely about what they share.
            let share = if *share * MANY_CARDS < 1.0 { share * SHARED_BY_MANY } else { *share };
            for (unit, weight) in card {
                let weight = weight * share;
                match units.iter_mut().find(|u| u.unit == unit) {
                    Some(known) => known.weight = (known.weight + weight).min(CARD_TERM_MAX),
                    None => units.push(Weighted { unit, weight: weight.min(CARD_TERM_MAX), typed: None }),
                }
            }
        }
        Ok(units)
    }

    /// The runs of words of a card's text that name a rule (`topics.rs`: a keyword, a keyword
    /// action, a glossary headword), longest first: `has deathtouch`, `mana value`. A single word
    /// only when few rules have it: `damage` and `creature` are glossary headwords too.
    fn card_rule_names(&mut self, text: &str) -> tantivy::Result<Vec<Unit>> {
        let mut out = Vec::new();
        for sentence in text.split(['.', ',', ';', ':', '(', ')', '\n', '"']) {
            let tokens = analyze(&mut self.stemmed, sentence);
            let mut start = 0;
            while start < tokens.len() {
                let mut taken = 1;
                for len in (1..=MAX_NAME_WORDS.min(tokens.len() - start)).rev() {
                    let run = &tokens[start..start + len];
                    let key = run.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
                    let named = self.searcher.doc_freq(&Term::from_field_text(self.fields.name, &key))? > 0;
                    let rare = len > 1
                        || self.searcher.doc_freq(&Term::from_field_text(self.fields.text, &key))? <= KEYWORD_RULES;
                    if named && rare {
                        if let Some(unit) = unit_of(run, false).filter(|u| !out.contains(u)) {
                            out.push(unit);
                        }
                        taken = len;
                        break;
                    }
                }
                start += taken;
            }
        }
        Ok(out)
    }

    /// The distinct units of a card's words: each word the edition has, each phrase whose words
    /// it all has; numbers left out (a cost, a loyalty ability's, a token's size).
    fn card_term_units(&mut self, text: &str, english: bool) -> tantivy::Result<Vec<Unit>> {
        let mut out: Vec<Unit> = Vec::new();
        if !english {
            let terms: Vec<String> = analyze(&mut self.foreign, text).into_iter().map(|a| a.text).collect();
            for found in self.vocabulary.get().matches(&terms) {
                let renderings: Vec<Unit> =
                    found.targets.iter().filter_map(|t| unit_of(&analyze(&mut self.stemmed, t), false)).collect();
                if !renderings.is_empty() && !out.contains(&Unit::Any(renderings.clone())) {
                    out.push(Unit::Any(renderings));
                }
            }
            return Ok(out);
        }
        for clause in clauses(text) {
            let units = match clause {
                Clause::Phrase(phrase) => {
                    let tokens = analyze(&mut self.stemmed, phrase);
                    let mut all = true;
                    for token in &tokens {
                        all &= self.known(&token.text)?;
                    }
                    if all {
                        unit_of(&tokens, false).into_iter().collect()
                    } else {
                        Vec::new()
                    }
                }
                Clause::Word(word) => {
                    let mut units = Vec::new();
                    for token in analyze(&mut self.stemmed, word) {
                        if !token.text.chars().all(|c| c.is_ascii_digit()) && self.known(&token.text)? {
                            units.push(Unit::Term(token.text));
                        }
                    }
                    units
                }
            };
            for unit in units {
                if !out.contains(&unit) {
                    out.push(unit);
                }
            }
        }
        Ok(out)
    }

    /// Adds a bonus for each two neighbouring words of the question found close together in a
    /// rule, in the same order. Words translated or corrected are left out: their units already
    /// say what they stand for.
    fn add_neighbours(
        &self,
        clauses: &[Clause<'_>],
        analyzed: &[Vec<Analyzed>],
        translated: &BTreeSet<usize>,
        units: &mut Vec<Weighted>,
    ) {
        let mut previous: Option<&str> = None;
        for (i, clause) in clauses.iter().enumerate() {
            if matches!(clause, Clause::Phrase(_)) {
                previous = None;
                continue;
            }
            match &analyzed[i][..] {
                [] => {} // a stop word: the words on each side of it are still neighbours
                [word] if !translated.contains(&i) => {
                    if let Some(before) = previous.filter(|p| *p != word.text) {
                        let pair = vec![(0, before.to_string()), (1, word.text.clone())];
                        units.push(Weighted { unit: Unit::Near(pair, NEAR_SLOP), weight: NEAR_WEIGHT, typed: None });
                    }
                    previous = Some(&word.text);
                }
                _ => previous = None,
            }
        }
    }

    /// Two neighbouring words of the question that the rules write as one (`time stamp` is
    /// `timestamp`): the word searched too, standing for both. Returns the clauses joined.
    fn joined(
        &mut self,
        clauses: &[Clause<'_>],
        analyzed: &[Vec<Analyzed>],
        units: &mut Vec<Weighted>,
    ) -> tantivy::Result<BTreeSet<usize>> {
        let mut joined = BTreeSet::new();
        for i in 1..clauses.len() {
            let (Clause::Word(first), Clause::Word(second)) = (&clauses[i - 1], &clauses[i]) else { continue };
            if analyzed[i - 1].len() != 1 || analyzed[i].len() != 1 {
                continue;
            }
            let whole = format!("{first}{second}");
            let plain = analyze(&mut self.plain, &whole);
            let [word] = &plain[..] else { continue };
            if self.searcher.doc_freq(&Term::from_field_text(self.fields.words, &word.text))? == 0 {
                continue;
            }
            if let Some(unit) = unit_of(&analyze(&mut self.stemmed, &whole), false) {
                units.push(Weighted { unit, weight: 1.0, typed: Some(format!("{first} {second}")) });
                joined.extend([i - 1, i]);
            }
        }
        Ok(joined)
    }

    /// Adds the vocabulary's renderings of the question's other-language terms; returns the
    /// clauses it translated. The clauses of `names` are not translated.
    fn translate(
        &mut self,
        clauses: &[Clause<'_>],
        known: &[bool],
        names: &BTreeSet<usize>,
        units: &mut Vec<Weighted>,
    ) -> tantivy::Result<BTreeSet<usize>> {
        // The question's terms in the other language, each with the clause it comes from.
        let mut terms = Vec::new();
        let mut origin = Vec::new();
        for (i, clause) in clauses.iter().enumerate() {
            if names.contains(&i) {
                continue;
            }
            let text = match clause {
                Clause::Word(w) | Clause::Phrase(w) => w,
            };
            for token in analyze(&mut self.foreign, text) {
                terms.push(token.text);
                origin.push(i);
            }
        }
        let mut translated = BTreeSet::new();
        for found in self.vocabulary.get().matches(&terms) {
            let covered: BTreeSet<usize> = origin[found.start..found.start + found.len].iter().copied().collect();
            // The same word in both languages (`permanent`, `mana`, `deck`): the question already
            // searches it, and translating it would count it twice.
            if covered.iter().all(|&i| known[i]) {
                continue;
            }
            let renderings: Vec<Unit> =
                found.targets.iter().filter_map(|target| unit_of(&analyze(&mut self.stemmed, target), false)).collect();
            if renderings.is_empty() {
                continue;
            }
            let typed: Vec<&str> = covered
                .iter()
                .map(|&i| match clauses[i] {
                    Clause::Word(w) | Clause::Phrase(w) => w,
                })
                .collect();
            units.push(Weighted {
                unit: Unit::Any(renderings),
                weight: TRANSLATION_WEIGHT,
                typed: Some(typed.join(" ")),
            });
            translated.extend(covered);
        }
        Ok(translated)
    }

    /// The names the whole question may be ([`super::topics::name_key`]): as typed, and, when one
    /// vocabulary entry of the other language is the whole question (`what is a replacement
    /// effect` against the French rules) and not all of it is the edition's words, each of its
    /// renderings.
    pub(crate) fn names(&mut self, question: &str, plan: &Plan) -> Vec<String> {
        let asked: Vec<&str> = question.split_whitespace().filter(|w| !is_filler(w)).collect();
        let question = asked.join(" ");
        let question = question.as_str();
        let mut names = vec![super::topics::name_key(&mut self.stemmed, question)];
        if plan.all_known {
            return names;
        }
        let terms: Vec<String> = analyze(&mut self.foreign, question).into_iter().map(|a| a.text).collect();
        if let [only] = &self.vocabulary.get().matches(&terms)[..] {
            if only.start == 0 && only.len == terms.len() {
                for target in only.targets {
                    names.push(super::topics::name_key(&mut self.stemmed, target));
                }
            }
        }
        names
    }

    /// Whether any ranked field has the term.
    fn known(&self, term: &str) -> tantivy::Result<bool> {
        for (field, _) in self.fields.ranked() {
            if self.searcher.doc_freq(&Term::from_field_text(field, term))? > 0 {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The words of the rules closest to a misspelt one, as units of the stemmed fields.
    fn corrections(&mut self, word: &str) -> tantivy::Result<Vec<Unit>> {
        let plain = analyze(&mut self.plain, word);
        let [Analyzed { text: typed, .. }] = &plain[..] else {
            return Ok(Vec::new());
        };
        let chars = typed.chars().count();
        if !(MIN_FUZZY_CHARS..=MAX_FUZZY_CHARS).contains(&chars) {
            return Ok(Vec::new());
        }
        let distance: u8 = if chars >= LONG_WORD_CHARS { 2 } else { 1 };
        let fuzzy = FuzzyTermQuery::new(Term::from_field_text(self.fields.words, typed), distance, true);
        let automaton = fuzzy.automaton()?;
        let first = typed.chars().next();
        let mut candidates: Vec<(usize, std::cmp::Reverse<u64>, String)> = Vec::new();
        for segment in self.searcher.segment_readers() {
            let inverted = segment.inverted_index(self.fields.words)?;
            let mut stream = inverted.terms().search(&automaton).into_stream()?;
            while stream.advance() {
                let Ok(word) = std::str::from_utf8(stream.key()) else {
                    continue;
                };
                // A typo seldom hits the first letter, and allowing it would find `player` for
                // `layer`: whole words only.
                if word.chars().next() != first || candidates.iter().any(|(_, _, w)| w == word) {
                    continue;
                }
                let doc_freq = self.searcher.doc_freq(&Term::from_field_text(self.fields.words, word))?;
                candidates.push((crate::suggest::distance(typed, word), std::cmp::Reverse(doc_freq), word.to_string()));
            }
        }
        candidates.sort();
        let mut units = Vec::new();
        for (_, _, word) in candidates.into_iter().take(MAX_CORRECTIONS) {
            if let Some(unit) = unit_of(&analyze(&mut self.stemmed, &word), true) {
                if !units.contains(&unit) {
                    units.push(unit);
                }
            }
        }
        Ok(units)
    }
}

/// Whether a word is written with a capital and then small letters (`Thought`, not `I` or `SBA`).
fn is_capitalised(word: &str) -> bool {
    let mut letters = word.chars().filter(|c| c.is_alphabetic());
    letters.next().is_some_and(char::is_uppercase) && letters.any(char::is_lowercase)
}

/// The clauses of the question that make card-like names: runs of two or more capitalised words
/// (small words between them, as in `Wrath of God`, belong to the run), one of which at least is
/// not a word of the rules. A run of rules words (`Two-Headed Giant`) stays searched.
fn card_like(clauses: &[Clause<'_>], analyzed: &[Vec<Analyzed>], known: &[bool]) -> BTreeSet<usize> {
    let mut names = BTreeSet::new();
    let mut i = 0;
    while i < clauses.len() {
        let capital = |j: usize| matches!(clauses[j], Clause::Word(w) if is_capitalised(w));
        if !capital(i) {
            i += 1;
            continue;
        }
        // The run: capitalised words, and small words (stop words) followed by another one.
        let mut end = i + 1;
        let mut last = i;
        while end < clauses.len() {
            if capital(end) {
                last = end;
            } else if !(matches!(clauses[end], Clause::Word(_)) && analyzed[end].is_empty()) {
                break;
            }
            end += 1;
        }
        let run = i..=last;
        let capitals = run.clone().filter(|&j| capital(j)).count();
        if capitals >= 2 && run.clone().any(|j| !known[j]) {
            names.extend(run);
        }
        i = last + 1;
    }
    names
}

/// The unit of one clause's tokens. A typed word that gives several tokens is a compound or a
/// run of letters and digits (`+1/+1`): its parts as a phrase, or, when `joined_too`, the
/// compound's joined form as well.
fn unit_of(tokens: &[Analyzed], joined_too: bool) -> Option<Unit> {
    // The tokenizer puts a compound's joined form at its first part's position, just before it.
    let mut parts: Vec<(usize, String)> = Vec::new();
    let mut joined: Vec<String> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if tokens.get(i + 1).is_some_and(|next| next.position == token.position) {
            joined.push(token.text.clone());
        } else {
            parts.push((token.position, token.text.clone()));
        }
    }
    let base = parts.first().map_or(0, |(p, _)| *p);
    let phrase = match parts.len() {
        0 => return None,
        1 => Unit::Term(parts.remove(0).1),
        _ => Unit::Phrase(parts.into_iter().map(|(p, t)| (p - base, t)).collect()),
    };
    if !joined_too || joined.is_empty() {
        return Some(phrase);
    }
    let mut alternatives = vec![phrase];
    alternatives.extend(joined.into_iter().map(Unit::Term));
    Some(Unit::Any(alternatives))
}

impl Plan {
    pub(crate) fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// Which of the judge's words a rule has: of the units that stand for typed words, those the
    /// rule matches, and the words of the others. A word no rule has counts as missing, unless
    /// another unit stands for it (its translation, its correction).
    pub(crate) fn coverage(&self, searcher: &Searcher, fields: &Fields, rule: DocAddress) -> tantivy::Result<Coverage> {
        let mut coverage = Coverage { found: 0, asked: 0, missing: Vec::new() };
        for (i, part) in self.units.iter().enumerate() {
            let Some(typed) = &part.typed else { continue };
            // Another unit stands for these words when it was made of them all (a phrase translated).
            let stood_for = |other: &Weighted| {
                other
                    .typed
                    .as_ref()
                    .is_some_and(|t| typed.split_whitespace().all(|w| t.split_whitespace().any(|x| x == w)))
            };
            if !matches(&part.unit, fields, searcher, None)?
                && self.units.iter().enumerate().any(|(j, other)| j != i && stood_for(other))
            {
                continue;
            }
            coverage.asked += 1;
            if matches(&part.unit, fields, searcher, Some(rule))? {
                coverage.found += 1;
            } else {
                coverage.missing.push(typed.clone());
            }
        }
        Ok(coverage)
    }

    /// How much of the question each of these rules has: the weights of the units it matches,
    /// bonuses for neighbouring words aside, in hundredths.
    pub(crate) fn matched(
        &self,
        searcher: &Searcher,
        fields: &Fields,
        rules: &[DocAddress],
    ) -> tantivy::Result<Vec<u32>> {
        let mut totals = vec![0.0; rules.len()];
        for part in self.units.iter().filter(|u| !matches!(u.unit, Unit::Near(..))) {
            for (total, found) in totals.iter_mut().zip(matching(&part.unit, fields, searcher, rules)?) {
                if found {
                    *total += part.weight;
                }
            }
        }
        Ok(totals.into_iter().map(|total: f32| (total * 100.0).round() as u32).collect())
    }

    /// The units summed, and the rule named by the whole question, if one is, far ahead.
    pub(crate) fn query(&self, fields: &Fields, names: &[String]) -> Box<dyn Query> {
        // A word or a phrase is a clause of its own on each field, not a query of its fields
        // within the whole: the same sum, and one union of them all (each union of tantivy
        // keeps a buffer of scores for thousands of rules).
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for u in &self.units {
            match &u.unit {
                Unit::Any(_) => clauses.push((Occur::Should, boosted(unit_query(&u.unit, fields), u.weight))),
                unit => clauses.extend(
                    fields
                        .ranked()
                        .into_iter()
                        .map(|(field, boost)| (Occur::Should, boosted(field_query(unit, field), u.weight * boost))),
                ),
            }
        }
        // A rule that has every word of the question says more than one that repeats a few.
        let words: Vec<&Unit> = self
            .units
            .iter()
            .filter(|u| u.weight == 1.0 && u.typed.is_some() && !matches!(u.unit, Unit::Near(..)))
            .map(|u| &u.unit)
            .collect();
        if words.len() >= 2 {
            let all = words.iter().map(|u| (Occur::Must, unit_query(u, fields))).collect();
            clauses.push((Occur::Should, boosted(Box::new(BooleanQuery::new(all)), ALL_WORDS_WEIGHT)));
        }
        for name in names.iter().filter(|n| !n.is_empty()) {
            let named = TermQuery::new(Term::from_field_text(fields.name, name), IndexRecordOption::Basic);
            clauses.push((Occur::Should, boosted(Box::new(named), NAME_WEIGHT)));
        }
        Box::new(BooleanQuery::new(clauses))
    }
}

/// Whether a unit matches the rule, or, without one, any rule.
fn matches(unit: &Unit, fields: &Fields, searcher: &Searcher, rule: Option<DocAddress>) -> tantivy::Result<bool> {
    match rule {
        Some(rule) => Ok(matching(unit, fields, searcher, &[rule])?[0]),
        None => matches_any(unit, fields, searcher),
    }
}

/// Whether a unit matches some rule. Field by field and alternative by alternative, each
/// stopping at the first match: the scorer of the unit's whole query would score every rule it
/// matches first, as much work as the search itself.
fn matches_any(unit: &Unit, fields: &Fields, searcher: &Searcher) -> tantivy::Result<bool> {
    if let Unit::Any(units) = unit {
        for unit in units {
            if matches_any(unit, fields, searcher)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    for (field, _) in fields.ranked() {
        let weight = field_query(unit, field).weight(EnableScoring::disabled_from_searcher(searcher))?;
        for segment in searcher.segment_readers() {
            // A new scorer stands on its first rule.
            if weight.scorer(segment, 1.0)?.doc() != TERMINATED {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Whether a unit matches each of these rules: one pass per field and segment (a word's postings,
/// a phrase's scorer) through the rules in the order of the segment, rather than one per rule.
fn matching(unit: &Unit, fields: &Fields, searcher: &Searcher, rules: &[DocAddress]) -> tantivy::Result<Vec<bool>> {
    let mut found = vec![false; rules.len()];
    if let Unit::Any(units) = unit {
        for unit in units {
            for (found, this) in found.iter_mut().zip(matching(unit, fields, searcher, rules)?) {
                *found |= this;
            }
        }
        return Ok(found);
    }
    if rules.is_empty() {
        return Ok(found);
    }
    let mut order: Vec<usize> = (0..rules.len()).collect();
    order.sort_by_key(|&i| (rules[i].segment_ord, rules[i].doc_id));
    let segments: Vec<&[usize]> = order.chunk_by(|a, b| rules[*a].segment_ord == rules[*b].segment_ord).collect();
    for (field, _) in fields.ranked() {
        if let Unit::Term(text) = unit {
            // A word's postings alone: no weight to build, no score to compute.
            let term = Term::from_field_text(field, text);
            for segment in &segments {
                let inverted = searcher.segment_reader(rules[segment[0]].segment_ord).inverted_index(field)?;
                if let Some(mut postings) = inverted.read_postings(&term, IndexRecordOption::Basic)? {
                    seek_each(&mut postings, segment, rules, &mut found);
                }
            }
            continue;
        }
        let weight = field_query(unit, field).weight(EnableScoring::disabled_from_searcher(searcher))?;
        for segment in &segments {
            let mut scorer = weight.scorer(searcher.segment_reader(rules[segment[0]].segment_ord), 1.0)?;
            seek_each(&mut *scorer, segment, rules, &mut found);
        }
    }
    Ok(found)
}

/// Marks the rules of one segment (`segment`: their indexes in `rules`, in the segment's order)
/// that `docs` has: `seek` goes forward only.
fn seek_each(docs: &mut dyn DocSet, segment: &[usize], rules: &[DocAddress], found: &mut [bool]) {
    for &i in segment {
        let doc = rules[i].doc_id;
        if docs.doc() < doc {
            docs.seek(doc);
        }
        found[i] |= docs.doc() == doc;
    }
}

fn boosted(query: Box<dyn Query>, boost: f32) -> Box<dyn Query> {
    if boost == 1.0 {
        query
    } else {
        Box::new(BoostQuery::new(query, boost))
    }
}

fn unit_query(unit: &Unit, fields: &Fields) -> Box<dyn Query> {
    match unit {
        Unit::Any(units) => Box::new(DisjunctionMaxQuery::new(units.iter().map(|u| unit_query(u, fields)).collect())),
        _ => per_field(fields, |field| field_query(unit, field)),
    }
}

/// A word, a phrase or two neighbouring words, on one field. Alternatives (`Unit::Any`) are
/// queried one by one by the callers.
fn field_query(unit: &Unit, field: Field) -> Box<dyn Query> {
    let phrase = |terms: &[(usize, String)], slop: u32| -> Box<dyn Query> {
        let terms = terms.iter().map(|(p, t)| (*p, Term::from_field_text(field, t))).collect();
        Box::new(PhraseQuery::new_with_offset_and_slop(terms, slop))
    };
    match unit {
        Unit::Term(text) => Box::new(TermQuery::new(Term::from_field_text(field, text), IndexRecordOption::WithFreqs)),
        Unit::Phrase(terms) => phrase(terms, 0),
        Unit::Near(terms, slop) => phrase(terms, *slop),
        Unit::Any(_) => unreachable!("alternatives are queried one by one"),
    }
}

/// The same query on each ranked field, with the field's boost, summed.
fn per_field(fields: &Fields, query: impl Fn(tantivy::schema::Field) -> Box<dyn Query>) -> Box<dyn Query> {
    let clauses =
        fields.ranked().into_iter().map(|(field, boost)| (Occur::Should, boosted(query(field), boost))).collect();
    Box::new(BooleanQuery::new(clauses))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_quoted_phrases() {
        use Clause::*;
        assert_eq!(
            clauses(r#"qui choisit "effet de remplacement" l'ordre «champ de bataille» fin"#),
            [
                Word("qui"),
                Word("choisit"),
                Phrase("effet de remplacement"),
                Word("l'ordre"),
                Phrase("champ de bataille"),
                Word("fin")
            ]
        );
        assert_eq!(clauses("“tant que” et \"non fermé"), [Phrase("tant que"), Word("et"), Phrase("non fermé")]);
        assert_eq!(clauses(r#""" "  " +1/+1"#), [Word("+1/+1")]);
    }

    #[test]
    fn compounds_search_their_parts_or_their_joined_form() {
        let a = |text: &str, position| Analyzed { text: text.into(), position };
        let tokens = [a("autoremplac", 0), a("auto", 0), a("remplac", 1)];
        assert_eq!(
            unit_of(&tokens, true),
            Some(Unit::Any(vec![
                Unit::Phrase(vec![(0, "auto".into()), (1, "remplac".into())]),
                Unit::Term("autoremplac".into())
            ]))
        );
        assert_eq!(unit_of(&tokens, false), Some(Unit::Phrase(vec![(0, "auto".into()), (1, "remplac".into())])));
        assert_eq!(
            unit_of(&[a("effet", 3), a("remplac", 5)], false),
            Some(Unit::Phrase(vec![(0, "effet".into()), (2, "remplac".into())]))
        );
        assert_eq!(unit_of(&[], true), None);
    }
}
