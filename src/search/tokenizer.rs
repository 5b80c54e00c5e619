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

pub(crate) struct WordTokenStream {
    tokens: std::vec::IntoIter<Token>,
    token: Token,
}

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = WordTokenStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> WordTokenStream {
        self.token.reset();
        WordTokenStream { tokens: words(self.lang, text).into_iter(), token: Token::default() }
    }
}

impl TokenStream for WordTokenStream {
    fn advance(&mut self) -> bool {
        match self.tokens.next() {
            Some(token) => {
                self.token = token;
                true
            }
            None => false,
        }
    }

    fn token(&self) -> &Token {
        &self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.token
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

/// The tokens of `text`: words with their byte offsets and positions, compounds joined.
fn words(lang: Lang, text: &str) -> Vec<Token> {
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
                tokens.push(token(text, runs[i].start, runs[i].end, position));
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
            tokens.push(Token {
                offset_from: runs[i].start,
                offset_to: runs[last].end,
                position,
                text: joined,
                position_length: 1,
            });
        }
        for run in &runs[i..=last] {
            tokens.push(token(text, run.start, run.end, position));
            position += 1;
        }
        i = last + 1;
    }
    with_sublayer_numbers(text, tokens)
}

/// A number with a letter that stands alone (`Layer 7c`): its number too, at the same place and
/// just before it like a compound's joined form, so that `layer 7 counters` finds `Layer 7c: …
/// counters`. Not the end of a rule number (`603.7d`), whose `7` would match any `7`.
fn with_sublayer_numbers(text: &str, tokens: Vec<Token>) -> Vec<Token> {
    let mut out = Vec::with_capacity(tokens.len());
    for token in tokens {
        let digits = token.text.chars().take_while(char::is_ascii_digit).count();
        let lettered = digits > 0
            && token.text.len() == digits + 1
            && token.text.ends_with(|c: char| c.is_ascii_alphabetic())
            && !text[..token.offset_from].ends_with('.');
        if lettered {
            out.push(Token {
                offset_to: token.offset_from + digits,
                text: token.text[..digits].to_string(),
                ..token.clone()
            });
        }
        out.push(token);
    }
    out
}

fn token(text: &str, start: usize, end: usize, position: usize) -> Token {
    Token { offset_from: start, offset_to: end, position, text: text[start..end].to_string(), position_length: 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lang: Lang, text: &str) -> Vec<(String, usize)> {
        words(lang, text).into_iter().map(|t| (t.text, t.position)).collect()
    }

    fn plain(lang: Lang, text: &str) -> Vec<String> {
        words(lang, text).into_iter().map(|t| t.text).collect()
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
        for t in words(Lang::Fr, text) {
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
