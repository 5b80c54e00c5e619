//! The text analysis of each language, and the one function that registers it on an index.
//!
//! Tantivy saves the names of a field's tokenizers with the index but not the tokenizers
//! themselves, so [`register`] must run after every create and every open, before the first
//! search or write.
//!
//! Each language has two analyzers over the same words ([`WordTokenizer`]), lower-cased,
//! accent-folded and without stop words:
//! - `stemmed`, for ranking: the words are stemmed, so `blessure` finds `blessures` (in English,
//!   irregular verbs first brought to their base form: `drew` finds `draw`);
//! - `plain`, unstemmed, whose term dictionary holds the real words of the rules, for typo
//!   tolerance.
//!
//! Accents are folded before stemming, not after: a judge types `regeneration` or `cimetiere`
//! as often as `régénération` or `cimetière`, and the French stemmer, given the unaccented form,
//! does not always cut where it cuts the accented one (`cimetière` → `cimeti` but `cimetiere` →
//! `cimetier`). Folding first gives the same term whatever the user typed.

use super::tokenizer::WordTokenizer;
use crate::corpus::Lang;
use std::sync::OnceLock;
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, Stemmer, StopWordFilter, TextAnalyzer, TextAnalyzerBuilder, Token,
    TokenFilter, TokenStream, Tokenizer, TokenizerManager,
};
use tantivy::Index;

/// Which of a language's two analyzers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Stemmed,
    Plain,
}

/// The name a field's analyzer is registered under.
pub(crate) fn name(lang: Lang, kind: Kind) -> &'static str {
    match (lang, kind) {
        (Lang::Fr, Kind::Stemmed) => "judge_fr",
        (Lang::Fr, Kind::Plain) => "judge_fr_plain",
        (Lang::En, Kind::Stemmed) => "judge_en",
        (Lang::En, Kind::Plain) => "judge_en_plain",
    }
}

/// Registers every analyzer of every language on the index. Run after each create and open.
pub(crate) fn register(index: &Index) {
    register_on(index.tokenizers());
}

fn register_on(manager: &TokenizerManager) {
    for lang in [Lang::Fr, Lang::En] {
        for kind in [Kind::Stemmed, Kind::Plain] {
            manager.register(name(lang, kind), analyzer(lang, kind));
        }
    }
}

fn language(lang: Lang) -> Language {
    match lang {
        Lang::Fr => Language::French,
        Lang::En => Language::English,
    }
}

/// The words of a text, lower-cased and folded, stop words out: what both analyzers share.
fn words(lang: Lang) -> TextAnalyzerBuilder<impl Tokenizer> {
    let (listed, extra) = stop_words(lang);
    TextAnalyzer::builder(WordTokenizer::new(lang))
        .filter(LowerCaser)
        .filter(listed.clone())
        .filter(AsciiFoldingFilter)
        .filter(extra.clone())
}

/// Tantivy's stop words of the language, matched before folding (its French list is accented),
/// and ours, matched after. Made once: every search makes several analyzers, and the sets are
/// shared by their clones.
fn stop_words(lang: Lang) -> &'static (StopWordFilter, StopWordFilter) {
    static FRENCH: OnceLock<(StopWordFilter, StopWordFilter)> = OnceLock::new();
    static ENGLISH: OnceLock<(StopWordFilter, StopWordFilter)> = OnceLock::new();
    let cell = match lang {
        Lang::Fr => &FRENCH,
        Lang::En => &ENGLISH,
    };
    cell.get_or_init(|| {
        let listed = StopWordFilter::new(language(lang)).unwrap_or_else(|| StopWordFilter::remove(Vec::new()));
        (listed, StopWordFilter::remove(extra_stop_words(lang).iter().map(|w| (*w).to_string())))
    })
}

pub(crate) fn analyzer(lang: Lang, kind: Kind) -> TextAnalyzer {
    let words = words(lang);
    match (lang, kind) {
        (_, Kind::Plain) => words.build(),
        (Lang::Fr, Kind::Stemmed) => words.filter(FOLDED_PARTICIPLES).filter(Stemmer::new(language(lang))).build(),
        (Lang::En, Kind::Stemmed) => words.filter(IRREGULAR_FORMS).filter(Stemmer::new(language(lang))).build(),
    }
}

/// The analysis that wordings are compared with outside search (`cite`: the fingerprints of
/// `rules-corpus/citations.yaml`): the words as [`analyzer`] gives them, without the base forms
/// of [`LEMMAS`], so that a rewording from `dealt` to `deals` is still seen as one.
pub(crate) fn wording_analyzer(lang: Lang, kind: Kind) -> TextAnalyzer {
    let words = words(lang);
    match (lang, kind) {
        (_, Kind::Plain) => words.build(),
        (Lang::Fr, Kind::Stemmed) => words.filter(FOLDED_PARTICIPLES).filter(Stemmer::new(language(lang))).build(),
        (Lang::En, Kind::Stemmed) => words.filter(Stemmer::new(language(lang))).build(),
    }
}

/// The stemmed analyzer of `lang` for finding the given terms in a text to highlight them: a
/// word whose first letter starts none of the terms cannot stem to one (stemming keeps a word's
/// first letter), so it is left out of stemming, which is most of the cost of analysing a text,
/// and keeps its place with an empty text, which no term is.
pub(crate) fn highlighter(lang: Lang, terms: &[&str]) -> TextAnalyzer {
    let initials: Vec<char> = terms.iter().filter_map(|t| t.chars().next()).collect();
    let words = words(lang).filter(Initials(initials));
    match lang {
        Lang::Fr => words.filter(FOLDED_PARTICIPLES).filter(Stemmer::new(language(lang))).build(),
        Lang::En => words.filter(IRREGULAR_FORMS).filter(Stemmer::new(language(lang))).build(),
    }
}

/// Empties the text of the tokens whose first letter is not one of its own.
#[derive(Clone)]
struct Initials(Vec<char>);

impl TokenFilter for Initials {
    type Tokenizer<T: Tokenizer> = InitialsFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> InitialsFilter<T> {
        InitialsFilter(self.0, tokenizer)
    }
}

#[derive(Clone)]
pub(crate) struct InitialsFilter<T>(Vec<char>, T);

impl<T: Tokenizer> Tokenizer for InitialsFilter<T> {
    type TokenStream<'a> = InitialsStream<'a, T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        InitialsStream(&self.0, self.1.token_stream(text))
    }
}

pub(crate) struct InitialsStream<'a, S>(&'a [char], S);

impl<S: TokenStream> TokenStream for InitialsStream<'_, S> {
    fn advance(&mut self) -> bool {
        if !self.1.advance() {
            return false;
        }
        let text = &mut self.1.token_mut().text;
        if !text.chars().next().is_some_and(|c| self.0.contains(&c)) {
            text.clear();
        }
        true
    }

    fn token(&self) -> &Token {
        self.1.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.1.token_mut()
    }
}

/// Words of a judge's question that say nothing about the rule it is after, beyond tantivy's
/// lists: forms those lack (`a`, `est`), unaccented spellings of the accented ones, and question
/// words. Written folded, as they are matched after accent folding.
fn extra_stop_words(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::Fr => &[
            "a", "as", "est", "ete", "etre", "avoir", "meme", "etant", "etait", "etaient", "etes", "etais", "dont",
            "ou", "si", "lors", "lorsque", "puis", "comment", "pourquoi", "quoi", "combien", "quand", "quel", "quelle",
        ],
        Lang::En => {
            &["what", "which", "who", "whom", "how", "why", "when", "does", "do", "did", "i", "my", "me", "you", "your"]
        }
    }
}

/// The irregular forms of English verbs that the rules and players use, and their base form:
/// the stemmer cuts endings (`draws`, `drawing` → `draw`) but cannot know that `drew` and
/// `drawn` are `draw`, or `dealt` `deal`. Each keeps its first letter, as [`highlighter`] needs.
/// Not `left` (also a direction: "the player to their left"), `lay` or `found` (words of their
/// own), `won` (what is left of `won't`: the tokenizer drops a contraction's tail), nor the
/// forms of `go` and `get`, which say nothing ([`super::query`]'s filler words). Some regular
/// forms are here too, those the stemmer cuts further than their base form: `sacrificed` and
/// `sacrificing` lose the `ic` that `sacrifice` keeps.
const IRREGULAR: &[(&str, &str)] = &[
    ("became", "become"),
    ("began", "begin"),
    ("begun", "begin"),
    ("bought", "buy"),
    ("brought", "bring"),
    ("came", "come"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("dealt", "deal"),
    ("drawn", "draw"),
    ("drew", "draw"),
    ("dug", "dig"),
    ("fallen", "fall"),
    ("fell", "fall"),
    ("fought", "fight"),
    ("gave", "give"),
    ("given", "give"),
    ("held", "hold"),
    ("kept", "keep"),
    ("lost", "lose"),
    ("made", "make"),
    ("met", "meet"),
    ("paid", "pay"),
    ("ran", "run"),
    ("sacrificed", "sacrifice"),
    ("sacrifices", "sacrifice"),
    ("sacrificing", "sacrifice"),
    ("saw", "see"),
    ("seen", "see"),
    ("sought", "seek"),
    ("spent", "spend"),
    ("stole", "steal"),
    ("stolen", "steal"),
    ("struck", "strike"),
    ("taken", "take"),
    ("told", "tell"),
    ("took", "take"),
    ("written", "write"),
    ("wrote", "write"),
];

/// A token filter that rewrites each token's text in place: the word forms a stemmer leaves
/// apart ([`base_form`], [`masculine_singular`]), brought together before stemming.
#[derive(Clone, Copy)]
struct Rewrite(fn(&mut String));

/// Brings the irregular forms of [`IRREGULAR`] to their base form, before stemming.
const IRREGULAR_FORMS: Rewrite = Rewrite(base_form);

/// Endings the French stemmer leaves apart, brought back to the masculine singular.
const FOLDED_PARTICIPLES: Rewrite = Rewrite(masculine_singular);

fn base_form(text: &mut String) {
    if let Ok(at) = IRREGULAR.binary_search_by(|(form, _)| (*form).cmp(text.as_str())) {
        text.clear();
        text.push_str(IRREGULAR[at].1);
    }
}

/// After folding, feminine past participles end in `ee`/`ees` (`engagée` → `engagee`), which the
/// stemmer no longer recognises as a participle; and it never takes the plural `s` off a word in
/// `-u` (`continus`, `résolus`). So that `engagée` finds `engagé`, and `continus` `continu`.
fn masculine_singular(text: &mut String) {
    if text.len() > 4 && text.ends_with("ees") {
        text.truncate(text.len() - 2);
    } else if (text.len() > 3 && text.ends_with("ee")) || (text.len() > 4 && text.ends_with("us")) {
        text.truncate(text.len() - 1);
    }
}

impl TokenFilter for Rewrite {
    type Tokenizer<T: Tokenizer> = RewriteFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> RewriteFilter<T> {
        RewriteFilter(tokenizer, self.0)
    }
}

#[derive(Clone)]
pub(crate) struct RewriteFilter<T>(T, fn(&mut String));

impl<T: Tokenizer> Tokenizer for RewriteFilter<T> {
    type TokenStream<'a> = RewriteStream<T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        RewriteStream(self.0.token_stream(text), self.1)
    }
}

pub(crate) struct RewriteStream<S>(S, fn(&mut String));

impl<S: TokenStream> TokenStream for RewriteStream<S> {
    fn advance(&mut self) -> bool {
        if !self.0.advance() {
            return false;
        }
        (self.1)(&mut self.0.token_mut().text);
        true
    }

    fn token(&self) -> &Token {
        self.0.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.0.token_mut()
    }
}

/// One analysed token: its term and its position. A compound's joined form shares its position
/// with the compound's first part, and comes just before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Analyzed {
    pub(crate) text: String,
    pub(crate) position: usize,
}

/// Runs an analyzer over a text.
pub(crate) fn analyze(analyzer: &mut TextAnalyzer, text: &str) -> Vec<Analyzed> {
    let mut out = Vec::new();
    let mut stream = analyzer.token_stream(text);
    while let Some(token) = stream.next() {
        out.push(Analyzed { text: token.text.clone(), position: token.position });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(lang: Lang, kind: Kind, text: &str) -> Vec<String> {
        analyze(&mut analyzer(lang, kind), text).into_iter().map(|a| a.text).collect()
    }

    fn fr(text: &str) -> Vec<String> {
        terms(Lang::Fr, Kind::Stemmed, text)
    }

    #[test]
    fn french_elisions_go_with_their_apostrophe() {
        assert_eq!(fr("l'effet"), fr("effet"));
        assert_eq!(fr("d’une capacité qu'il contrôle"), fr("une capacité il contrôle"));
        assert_eq!(fr("L’Endosquelette"), fr("endosquelette"));
    }

    #[test]
    fn accents_and_case_do_not_matter() {
        assert_eq!(fr("regeneration"), fr("Régénération"));
        assert_eq!(fr("cimetiere"), fr("cimetière"));
        assert_eq!(fr("CAPACITES"), fr("capacités"));
        assert_eq!(fr("regeneration"), ["regener"]);
        assert_eq!(terms(Lang::Fr, Kind::Plain, "Régénération"), ["regeneration"]);
    }

    #[test]
    fn french_stemming_joins_the_forms_of_a_word() {
        for forms in [
            &["blessure", "blessures"][..],
            &["engagé", "engagée", "engagés", "engagées", "engager"],
            &["remplacement", "remplacer", "remplacé", "remplacée"],
            &["régénérer", "régénère", "régénération"],
            &["exilé", "exilées", "exil"],
            &["capacité", "capacités"],
            &["continu", "continus", "continue", "continues"],
            &["résolu", "résolus", "résolue"],
        ] {
            let stems: Vec<Vec<String>> = forms.iter().map(|f| fr(f)).collect();
            assert!(stems.windows(2).all(|w| w[0] == w[1]), "{forms:?} → {stems:?}");
        }
        // The plain analyzer keeps the words as written, for typo tolerance.
        assert_eq!(terms(Lang::Fr, Kind::Plain, "blessures engagées"), ["blessures", "engagees"]);
    }

    #[test]
    fn english_stemming_and_stop_words() {
        let en = |text| terms(Lang::En, Kind::Stemmed, text);
        assert_eq!(en("the player's tapped creatures"), ["player", "tap", "creatur"]);
        assert_eq!(en("Layers"), en("layer"));
        assert_eq!(en("what is a replacement effect"), en("replacement effects"));
    }

    #[test]
    fn irregular_verbs_are_their_base_form() {
        let en = |text| terms(Lang::En, Kind::Stemmed, text);
        assert!(IRREGULAR.windows(2).all(|w| w[0].0 < w[1].0), "sorted, for the binary search");
        assert!(IRREGULAR.iter().all(|(form, base)| form.chars().next() == base.chars().next()));
        assert_eq!(en("drew drawn draws drawing"), en("draw draw draw draw"));
        assert_eq!(en("dealt chosen paid"), en("deals chooses pays"));
        assert_eq!(en("the player to their left"), ["player", "left"]);
        assert_ne!(en("won't"), en("win"));
        assert_eq!(en("sacrificed sacrificing sacrifices"), en("sacrifice sacrifice sacrifice"));
    }

    #[test]
    fn french_stop_words_go_even_unaccented() {
        assert_eq!(fr("la pile est vide"), fr("pile vide"));
        assert_eq!(fr("même"), Vec::<String>::new());
        assert_eq!(fr("meme"), Vec::<String>::new());
        assert_eq!(fr("à"), Vec::<String>::new());
    }

    /// What [`highlighter`] relies on: over every word of the embedded French corpus and of its
    /// English vocabulary, a stem starts with the letter its folded word starts with.
    #[test]
    fn stemming_keeps_the_first_letter() {
        let (edition, _) = crate::corpus::embedded::load();
        let french: Vec<&str> = edition.rules().map(|r| r.text.as_str()).collect();
        let english: Vec<&str> = super::super::vocabulary::parse(include_str!("../../rules-corpus/vocabulary.tsv"))
            .0
            .iter()
            .map(|p| p.en)
            .collect();
        for (lang, texts) in [(Lang::Fr, french), (Lang::En, english)] {
            let (mut plain, mut stemmed) = (analyzer(lang, Kind::Plain), analyzer(lang, Kind::Stemmed));
            for text in texts {
                let (words, stems) = (analyze(&mut plain, text), analyze(&mut stemmed, text));
                assert_eq!(words.len(), stems.len(), "{text}");
                for (word, stem) in words.iter().zip(&stems) {
                    assert_eq!(word.text.chars().next(), stem.text.chars().next(), "{} → {}", word.text, stem.text);
                }
            }
        }
        // The words of the English rules the tests meet most: stemming's own exceptions included.
        let en = |text| terms(Lang::En, Kind::Stemmed, text);
        assert_eq!(en("dying skies lying"), ["die", "sky", "lie"]);
    }

    #[test]
    fn the_highlighter_stems_only_what_may_be_a_term() {
        let text = "Regeneration replaces destruction; the regenerated creature taps.";
        let found = analyze(&mut highlighter(Lang::En, &["regener", "tap"]), text);
        let all = analyze(&mut analyzer(Lang::En, Kind::Stemmed), text);
        assert_eq!(found.len(), all.len(), "every word keeps its place");
        let kept: Vec<&str> = found.iter().map(|a| a.text.as_str()).filter(|t| !t.is_empty()).collect();
        assert_eq!(kept, ["regener", "replac", "regener", "tap"], "an initial of a term is stemmed, whatever the word");
    }

    #[test]
    fn whole_words_only() {
        let en = |text| terms(Lang::En, Kind::Stemmed, text);
        assert!(!en("player").contains(&en("layer")[0]));
        assert_eq!(en("player,layer"), ["player", "layer"]);
        assert_eq!(fr("sous-type"), ["soustyp", "sous", "typ"]);
    }
}
