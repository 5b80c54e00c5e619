//! The text analysis of each language, and the one function that registers it on an index.
//!
//! Tantivy saves the names of a field's tokenizers with the index but not the tokenizers
//! themselves, so [`register`] must run after every create and every open, before the first
//! search or write.
//!
//! Each language has two analyzers over the same words ([`WordTokenizer`]), lower-cased,
//! accent-folded and without stop words:
//! - `stemmed`, for ranking: the words are stemmed, so `blessure` finds `blessures`;
//! - `plain`, unstemmed, whose term dictionary holds the real words of the rules, for typo
//!   tolerance.
//!
//! Accents are folded before stemming, not after: a judge types `regeneration` or `cimetiere`
//! as often as `régénération` or `cimetière`, and the French stemmer, given the unaccented form,
//! does not always cut where it cuts the accented one (`cimetière` → `cimeti` but `cimetiere` →
//! `cimetier`). Folding first gives the same term whatever the user typed.

use super::tokenizer::WordTokenizer;
use crate::corpus::Lang;
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, Stemmer, StopWordFilter, TextAnalyzer, Token, TokenFilter, TokenStream,
    Tokenizer, TokenizerManager,
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

pub(crate) fn analyzer(lang: Lang, kind: Kind) -> TextAnalyzer {
    let language = match lang {
        Lang::Fr => Language::French,
        Lang::En => Language::English,
    };
    // Tantivy's stop words are matched before folding (its French list is accented), ours after.
    let listed = StopWordFilter::new(language).unwrap_or_else(|| StopWordFilter::remove(Vec::new()));
    let words = TextAnalyzer::builder(WordTokenizer::new(lang))
        .filter(LowerCaser)
        .filter(listed)
        .filter(AsciiFoldingFilter)
        .filter(StopWordFilter::remove(extra_stop_words(lang).iter().map(|w| (*w).to_string())));
    match (lang, kind) {
        (_, Kind::Plain) => words.build(),
        (Lang::Fr, Kind::Stemmed) => words.filter(FoldedParticiples).filter(Stemmer::new(language)).build(),
        (Lang::En, Kind::Stemmed) => words.filter(Stemmer::new(language)).build(),
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

/// Endings the French stemmer leaves apart, brought back to the masculine singular. After
/// folding, feminine past participles end in `ee`/`ees` (`engagée` → `engagee`), which the
/// stemmer no longer recognises as a participle; and it never takes the plural `s` off a word in
/// `-u` (`continus`, `résolus`). So that `engagée` finds `engagé`, and `continus` `continu`.
#[derive(Clone)]
struct FoldedParticiples;

impl TokenFilter for FoldedParticiples {
    type Tokenizer<T: Tokenizer> = FoldedParticiplesFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> FoldedParticiplesFilter<T> {
        FoldedParticiplesFilter(tokenizer)
    }
}

#[derive(Clone)]
pub(crate) struct FoldedParticiplesFilter<T>(T);

impl<T: Tokenizer> Tokenizer for FoldedParticiplesFilter<T> {
    type TokenStream<'a> = FoldedParticiplesStream<T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        FoldedParticiplesStream(self.0.token_stream(text))
    }
}

pub(crate) struct FoldedParticiplesStream<S>(S);

impl<S: TokenStream> TokenStream for FoldedParticiplesStream<S> {
    fn advance(&mut self) -> bool {
        if !self.0.advance() {
            return false;
        }
        let text = &mut self.0.token_mut().text;
        if text.len() > 4 && text.ends_with("ees") {
            text.truncate(text.len() - 2);
        } else if (text.len() > 3 && text.ends_with("ee")) || (text.len() > 4 && text.ends_with("us")) {
            text.truncate(text.len() - 1);
        }
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
    fn french_stop_words_go_even_unaccented() {
        assert_eq!(fr("la pile est vide"), fr("pile vide"));
        assert_eq!(fr("même"), Vec::<String>::new());
        assert_eq!(fr("meme"), Vec::<String>::new());
        assert_eq!(fr("à"), Vec::<String>::new());
    }

    #[test]
    fn whole_words_only() {
        let en = |text| terms(Lang::En, Kind::Stemmed, text);
        assert!(!en("player").contains(&en("layer")[0]));
        assert_eq!(en("player,layer"), ["player", "layer"]);
        assert_eq!(fr("sous-type"), ["soustyp", "sous", "typ"]);
    }
}
