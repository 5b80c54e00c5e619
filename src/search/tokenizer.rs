//! Splitting rules text into words, with the two things tantivy's `SimpleTokenizer` gets wrong
//! for Magic rules: apostrophes and hyphens.
//!
//! - French elisions: `l'effet`, `d’une`, `qu'il` give `effet`, `une`, `il`: the elided article is
//!   dropped instead of becoming a word of its own. English contractions and possessives
//!   (`player's`, `can't`) lose their tail the same way.
//! - Hyphenated compounds (`auto-remplacement`, `multi-joueurs`, `non-actif`) give each part, so
//!   that `remplacement` finds them, and also the parts joined (`autoremplacement`) at the
//!   position of the first part, so that a judge who types the compound as one word finds it too.
//!
//! A word is a run of alphanumeric characters, so matching is by whole word: `layer` is never
//! found inside `player`.

use crate::corpus::Lang;
use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

/// Characters typed or printed as an apostrophe: ASCII, the typographic one of the French
/// translation, and the modifier letter some keyboards produce.
const APOSTROPHES: [char; 3] = ['\'', '’', 'ʼ'];

const HYPHENS: [char; 3] = ['-', '‐', '‑'];

/// French words that lose their vowel before another word, written with an apostrophe.
const FRENCH_ELISIONS: [&str; 13] =
    ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"];

/// Words that follow a hyphen without making a compound: the pronouns of a French question
/// (`peut-on`, `a-t-il`, `puis-je`) and `-ci`, `-là`, `-même`. Joined, they would make words
/// no rule has (`peuton`), which typo tolerance would then try to correct.
const FRENCH_CLITICS: [&str; 22] = [
    "je", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles", "t", "ce", "ci", "là", "la", "le", "les", "lui",
    "leur", "y", "en", "même", "mêmes",
];

/// What follows the apostrophe of an English contraction or possessive.
const ENGLISH_TAILS: [&str; 7] = ["s", "t", "d", "m", "ll", "re", "ve"];

#[derive(Clone)]
pub(crate) struct WordTokenizer {
    lang: Lang,
    token: Token,
}

impl WordTokenizer {
    pub(crate) fn new(lang: Lang) -> Self {
        WordTokenizer { lang, token: Token::default() }
    }
}

/// The words of one text, made into tokens one at a time in the same `Token`: a rule's text is
/// analysed for every hit to highlight it, and a `String` a word was most of that cost.
pub(crate) struct WordTokenStream<'a> {
    text: &'a str,
    spans: std::vec::IntoIter<Span>,
    token: Token,
}

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = WordTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> WordTokenStream<'a> {
        self.token.reset();
        WordTokenStream { text, spans: words(self.lang, text).into_iter(), token: Token::default() }
    }
}

impl TokenStream for WordTokenStream<'_> {
    fn advance(&mut self) -> bool {
        let Some(span) = self.spans.next() else {
            return false;
        };
        let token = &mut self.token;
        token.offset_from = span.from;
        token.offset_to = span.to;
        token.position = span.position;
        token.position_length = 1;
        token.text.clear();
        match &span.joined {
            Some(joined) => token.text.push_str(joined),
            None => token.text.push_str(&self.text[span.from..span.to]),
        }
        true
    }

    fn token(&self) -> &Token {
        &self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.token
    }
}

/// A word of the text: its byte range, its position, and, for a compound's joined form, the
/// parts joined (any other word is its range of the text).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Span {
    from: usize,
    to: usize,
    position: usize,
    joined: Option<String>,
}

impl Span {
    fn text<'t>(&'t self, text: &'t str) -> &'t str {
        self.joined.as_deref().unwrap_or(&text[self.from..self.to])
    }
}

/// A run of alphanumeric characters and the character right after it, if any.
struct Run {
    start: usize,
    end: usize,
    next: Option<char>,
}

fn runs(text: &str) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    let mut start = None;
    for (offset, c) in text.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(offset),
            (false, Some(s)) => {
                runs.push(Run { start: s, end: offset, next: Some(c) });
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        runs.push(Run { start: s, end: text.len(), next: None });
    }
    runs
}

/// The words of `text` with their byte offsets and positions, compounds joined.
fn words(lang: Lang, text: &str) -> Vec<Span> {
    let runs = runs(text);
    let joined_to_next = |i: usize, chars: &[char]| {
        let run: &Run = &runs[i];
        // The separator is a single character and the next run starts right after it.
        run.next
            .is_some_and(|c| chars.contains(&c) && runs.get(i + 1).is_some_and(|n| n.start == run.end + c.len_utf8()))
    };
    let mut tokens = Vec::new();
    let mut position = 0;
    let mut i = 0;
    while i < runs.len() {
        let word = &text[runs[i].start..runs[i].end];
        if joined_to_next(i, &APOSTROPHES) {
            if lang == Lang::Fr && FRENCH_ELISIONS.iter().any(|e| word.eq_ignore_ascii_case(e)) {
                i += 1; // `l'effet`: the article goes, the next run is the word
                continue;
            }
            let tail = &runs[i + 1];
            let tail_text = &text[tail.start..tail.end];
            let tail_ends_word = !joined_to_next(i + 1, &APOSTROPHES) && !joined_to_next(i + 1, &HYPHENS);
            if lang == Lang::En && tail_ends_word && ENGLISH_TAILS.iter().any(|t| tail_text.eq_ignore_ascii_case(t)) {
                tokens.push(Span { from: runs[i].start, to: runs[i].end, position, joined: None });
                position += 1;
                i += 2; // `player's`: the possessive goes with the apostrophe
                continue;
            }
        }
        // A compound: runs joined by single hyphens.
        let mut last = i;
        while joined_to_next(last, &HYPHENS) {
            last += 1;
        }
        let clitic = |run: &Run| {
            lang == Lang::Fr && FRENCH_CLITICS.iter().any(|c| text[run.start..run.end].eq_ignore_ascii_case(c))
        };
        if last > i && !runs[i + 1..=last].iter().any(clitic) {
            let joined: String = runs[i..=last].iter().map(|r| &text[r.start..r.end]).collect();
            tokens.push(Span { from: runs[i].start, to: runs[last].end, position, joined: Some(joined) });
        }
        for run in &runs[i..=last] {
            tokens.push(Span { from: run.start, to: run.end, position, joined: None });
            position += 1;
        }
        i = last + 1;
    }
    with_sublayer_numbers(text, tokens)
}

/// A number with a letter that stands alone (`Layer 7c`): its number too, at the same place and
/// just before it like a compound's joined form, so that `layer 7 counters` finds `Layer 7c: …
/// counters`. Not the end of a rule number (`603.7d`), whose `7` would match any `7`.
fn with_sublayer_numbers(text: &str, spans: Vec<Span>) -> Vec<Span> {
    let mut out = Vec::with_capacity(spans.len());
    for span in spans {
        let word = span.text(text);
        let digits = word.chars().take_while(char::is_ascii_digit).count();
        let lettered = digits > 0
            && word.len() == digits + 1
            && word.ends_with(|c: char| c.is_ascii_alphabetic())
            && !text[..span.from].ends_with('.');
        if lettered {
            out.push(Span { to: span.from + digits, ..span.clone() });
        }
        out.push(span);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(lang: Lang, text: &str) -> Vec<Token> {
        let mut tokenizer = WordTokenizer::new(lang);
        let mut stream = tokenizer.token_stream(text);
        let mut out = Vec::new();
        while stream.advance() {
            out.push(stream.token().clone());
        }
        out
    }

    fn texts(lang: Lang, text: &str) -> Vec<(String, usize)> {
        tokens(lang, text).into_iter().map(|t| (t.text, t.position)).collect()
    }

    fn plain(lang: Lang, text: &str) -> Vec<String> {
        tokens(lang, text).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn french_elisions_drop_the_article_with_either_apostrophe() {
        assert_eq!(
            plain(Lang::Fr, "l'effet d’une capacité qu'il contrôle"),
            ["effet", "une", "capacité", "il", "contrôle"]
        );
        assert_eq!(plain(Lang::Fr, "L’Endosquelette jusqu'à lorsqu’elle"), ["Endosquelette", "à", "elle"]);
    }

    #[test]
    fn an_apostrophe_that_is_not_an_elision_separates_words() {
        assert_eq!(plain(Lang::Fr, "aujourd'hui « l' »"), ["aujourd", "hui", "l"]);
    }

    #[test]
    fn english_possessives_and_contractions_lose_their_tail() {
        assert_eq!(plain(Lang::En, "the player's creature can't block"), ["the", "player", "creature", "can", "block"]);
        assert_eq!(plain(Lang::En, "l'effet"), ["l", "effet"]);
    }

    #[test]
    fn compounds_give_the_joined_word_and_each_part() {
        assert_eq!(
            texts(Lang::Fr, "effets d'auto-remplacement appliqués"),
            [
                ("effets".into(), 0),
                ("autoremplacement".into(), 1),
                ("auto".into(), 1),
                ("remplacement".into(), 2),
                ("appliqués".into(), 3)
            ]
        );
        assert_eq!(plain(Lang::Fr, "- tiret seul -"), ["tiret", "seul"]);
        assert_eq!(
            plain(Lang::Fr, "peut-on le jouer ce tour-ci, a-t-il"),
            ["peut", "on", "le", "jouer", "ce", "tour", "ci", "a", "t", "il"]
        );
    }

    #[test]
    fn offsets_point_into_the_original_text() {
        let text = "d’une « régénération »";
        for t in tokens(Lang::Fr, text) {
            assert_eq!(&text[t.offset_from..t.offset_to], t.text);
        }
    }

    #[test]
    fn a_lettered_number_gives_its_number_too() {
        assert_eq!(
            texts(Lang::En, "Layer 7c: counters"),
            [("Layer".into(), 0), ("7".into(), 1), ("7c".into(), 1), ("counters".into(), 2)]
        );
        assert_eq!(plain(Lang::En, "rule 613.4c and 77 abc 1a"), ["rule", "613", "4c", "and", "77", "abc", "1", "1a"]);
    }

    #[test]
    fn words_are_whole_runs_of_letters_and_digits() {
        assert_eq!(plain(Lang::En, "+1/+1 player,layer"), ["1", "1", "player", "layer"]);
    }
}
