//! What players call cards (`rules-corpus/nicknames.tsv`): `goyf` for Tarmogoyf, `jace tms` for
//! Jace, the Mind Sculptor, `bob` for Dark Confidant. Data, not code: a nickname is one line of
//! the file. A nickname names its card only when the card data has the card (`find.rs` looks it
//! up as it does a name typed in full).

use super::words::{loose, Word};
use crate::cards::names::fold;
use crate::data_file::records;
use std::sync::LazyLock;

const TSV: &str = include_str!("../../../rules-corpus/nicknames.tsv");

/// One line of the file.
pub(crate) struct Nickname {
    /// The nickname's loose words (`o-ring` is `o ring`).
    pub(crate) words: Vec<String>,
    /// The card's name, folded as the card data is looked up by.
    pub(crate) card: String,
}

static NICKNAMES: LazyLock<Vec<Nickname>> = LazyLock::new(|| parse(TSV).0);

/// Every nickname of the file, and the lines that are not `nickname<TAB>card`.
fn parse(tsv: &str) -> (Vec<Nickname>, Vec<usize>) {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for record in records(tsv) {
        match record.fields[..] {
            [said, card] if !loose(said).is_empty() && !card.trim().is_empty() => {
                out.push(Nickname { words: loose(said), card: fold(card.trim()) });
            }
            _ => bad.push(record.number),
        }
    }
    (out, bad)
}

/// The nicknames said from the word `at` of the question on, the last word maybe in the plural
/// or the possessive (`goyfs`, `goyf's`), as `same_word` reads it.
pub(crate) fn said_at<'a>(
    words: &'a [Word],
    at: usize,
    same_word: impl Fn(&Word, &str, bool) -> bool + 'a,
) -> impl Iterator<Item = &'static Nickname> + 'a {
    NICKNAMES.iter().filter(move |nickname| {
        let len = nickname.words.len();
        words.len() >= at + len
            && words[at..at + len]
                .iter()
                .zip(&nickname.words)
                .enumerate()
                .all(|(i, (typed, word))| same_word(typed, word, i + 1 == len))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_has_no_bad_line_and_no_nickname_twice() {
        let (nicknames, bad) = parse(TSV);
        assert!(bad.is_empty(), "lines of nicknames.tsv that are not `nickname<TAB>card`: {bad:?}");
        let mut said: Vec<&[String]> = nicknames.iter().map(|n| n.words.as_slice()).collect();
        said.sort();
        let before = said.len();
        said.dedup();
        assert_eq!(said.len(), before, "a nickname stands for one card");
    }

    #[test]
    fn a_line_without_its_card_is_bad() {
        let (nicknames, bad) = parse("# header\n\ngoyf\tTarmogoyf\nbolt\nbob\t \n");
        assert_eq!(nicknames.len(), 1);
        assert_eq!(
            (nicknames[0].words.as_slice(), nicknames[0].card.as_str()),
            (&["goyf".to_string()][..], "tarmogoyf")
        );
        assert_eq!(bad, [4, 5]);
    }
}
