//! What changed in a reworded rule, word by word, short enough for one cell of a table: the
//! words removed and inserted, in the style of `git diff --word-diff` (`[-old-]{+new+}`).

use super::normalize::typography;
use similar::algorithms::{lcs, Capture};
use similar::DiffOp;

/// How many changed places are shown before `…`.
const PLACES: usize = 3;
/// How many words of one removal or insertion are shown before `…`.
const WORDS: usize = 8;
/// Past this many word pairs the middle is reported as one change instead of aligned.
const MAX_CELLS: usize = 250_000;

/// One place where the texts differ: the words removed and those inserted (either may be empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub removed: Vec<String>,
    pub inserted: Vec<String>,
}

/// A run of words of the two texts: the same in both, only in the old one, or only in the new one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Same(Vec<String>),
    Removed(Vec<String>),
    Inserted(Vec<String>),
}

/// The places where `old` and `new` differ, in order, their words with typography evened out.
pub fn edits(old: &str, new: &str) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut edit = Edit { removed: vec![], inserted: vec![] };
    for piece in runs(old, new, false) {
        match piece {
            Piece::Same(_) => {
                if !edit.removed.is_empty() || !edit.inserted.is_empty() {
                    out.push(std::mem::replace(&mut edit, Edit { removed: vec![], inserted: vec![] }));
                }
            }
            Piece::Removed(words) => edit.removed.extend(words),
            Piece::Inserted(words) => edit.inserted.extend(words),
        }
    }
    if !edit.removed.is_empty() || !edit.inserted.is_empty() {
        out.push(edit);
    }
    out
}

/// The whole of both texts as runs of words kept, removed and inserted, in reading order (a
/// removal before the insertion that replaces it), compared with their typography evened out
/// and shown as printed: the kept words as the new text prints them.
pub fn pieces(old: &str, new: &str) -> Vec<Piece> {
    runs(old, new, true)
}

fn runs(old: &str, new: &str, as_printed: bool) -> Vec<Piece> {
    let (old_even, new_even) = (typography(old), typography(new));
    let a: Vec<&str> = old_even.split(' ').filter(|w| !w.is_empty()).collect();
    let b: Vec<&str> = new_even.split(' ').filter(|w| !w.is_empty()).collect();
    // `typography` changes characters one for one and white space into single spaces: the words
    // as printed are the same words, in the same places.
    let (a_shown, b_shown): (Vec<&str>, Vec<&str>) = if as_printed {
        (old.split_whitespace().collect(), new.split_whitespace().collect())
    } else {
        (a.clone(), b.clone())
    };
    debug_assert!(a_shown.len() == a.len() && b_shown.len() == b.len());
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..].iter().rev().zip(b[prefix..].iter().rev()).take_while(|(x, y)| x == y).count();
    let mut out = Runs::default();
    out.push(Kind::Same, &b_shown[..prefix]);
    let (a_end, b_end) = (a.len() - suffix, b.len() - suffix);
    if (a_end - prefix) * (b_end - prefix) > MAX_CELLS {
        out.push(Kind::Removed, &a_shown[prefix..a_end]);
        out.push(Kind::Inserted, &b_shown[prefix..b_end]);
    } else {
        middle((&a[prefix..a_end], &a_shown[prefix..a_end]), (&b[prefix..b_end], &b_shown[prefix..b_end]), &mut out);
    }
    out.push(Kind::Same, &b_shown[b_end..]);
    out.0
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Same,
    Removed,
    Inserted,
}

/// Pieces being built: a word of the kind of the last run joins it.
#[derive(Default)]
struct Runs(Vec<Piece>);

impl Runs {
    fn push(&mut self, kind: Kind, words: &[&str]) {
        if words.is_empty() {
            return;
        }
        let words = words.iter().map(|w| w.to_string());
        match (self.0.last_mut(), kind) {
            (Some(Piece::Same(run)), Kind::Same)
            | (Some(Piece::Removed(run)), Kind::Removed)
            | (Some(Piece::Inserted(run)), Kind::Inserted) => run.extend(words),
            (_, Kind::Same) => self.0.push(Piece::Same(words.collect())),
            (_, Kind::Removed) => self.0.push(Piece::Removed(words.collect())),
            (_, Kind::Inserted) => self.0.push(Piece::Inserted(words.collect())),
        }
    }
}

/// The words between the common prefix and suffix, by their longest common subsequence
/// (similar's LCS, which prefers a removal to an insertion where both keep as many words); each
/// side compared on its first slice and shown from its second.
fn middle((a, a_shown): (&[&str], &[&str]), (b, b_shown): (&[&str], &[&str]), out: &mut Runs) {
    let mut capture = Capture::new();
    let Ok(()) = lcs::diff(&mut capture, a, 0..a.len(), b, 0..b.len());
    // Removed and inserted words between two kept ones: all the removed first.
    let (mut removed, mut inserted): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
    let flush = |removed: &mut Vec<&str>, inserted: &mut Vec<&str>, out: &mut Runs| {
        out.push(Kind::Removed, removed);
        out.push(Kind::Inserted, inserted);
        removed.clear();
        inserted.clear();
    };
    for op in capture.into_ops() {
        match op {
            DiffOp::Equal { new_index, len, .. } => {
                flush(&mut removed, &mut inserted, out);
                out.push(Kind::Same, &b_shown[new_index..new_index + len]);
            }
            DiffOp::Delete { old_index, old_len, .. } => removed.extend(&a_shown[old_index..old_index + old_len]),
            DiffOp::Insert { new_index, new_len, .. } => inserted.extend(&b_shown[new_index..new_index + new_len]),
            DiffOp::Replace { old_index, old_len, new_index, new_len } => {
                removed.extend(&a_shown[old_index..old_index + old_len]);
                inserted.extend(&b_shown[new_index..new_index + new_len]);
            }
        }
    }
    flush(&mut removed, &mut inserted, out);
}

/// The edits on one line: `[-removed-]{+inserted+}` for each place, the first few only.
pub fn summary(edits: &[Edit]) -> String {
    let mut parts: Vec<String> = edits
        .iter()
        .take(PLACES)
        .map(|e| {
            let mut part = String::new();
            if !e.removed.is_empty() {
                part.push_str(&format!("[-{}-]", shorten(&e.removed)));
            }
            if !e.inserted.is_empty() {
                part.push_str(&format!("{{+{}+}}", shorten(&e.inserted)));
            }
            part
        })
        .collect();
    if edits.len() > PLACES {
        parts.push(format!("… ({} more)", edits.len() - PLACES));
    }
    parts.join(" ")
}

fn shorten(words: &[String]) -> String {
    if words.len() <= WORDS {
        words.join(" ")
    } else {
        format!("{} …", words[..WORDS].join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserted_and_removed_words() {
        let e = edits(
            "If a card would be put into a graveyard, exile it instead.",
            "If a card would be put into a graveyard from anywhere, exile it instead.",
        );
        assert_eq!(summary(&e), "[-graveyard,-]{+graveyard from anywhere,+}");
        let e = edits("a b c d e", "a x c d f");
        assert_eq!(summary(&e), "[-b-]{+x+} [-e-]{+f+}");
        assert!(edits("same \u{2014} text", "same - text").is_empty());
    }

    #[test]
    fn pieces_hold_both_texts_whole() {
        let words = |w: &str| w.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(
            pieces("a b c d e", "a x c d f"),
            [
                Piece::Same(words("a")),
                Piece::Removed(words("b")),
                Piece::Inserted(words("x")),
                Piece::Same(words("c d")),
                Piece::Removed(words("e")),
                Piece::Inserted(words("f")),
            ]
        );
        assert_eq!(pieces("same text", "same text"), [Piece::Same(words("same text"))]);
        assert_eq!(pieces("", "new"), [Piece::Inserted(words("new"))]);
        // Compared with the typography evened out, shown as printed.
        assert_eq!(
            pieces("the \"can't\" wins", "the “can’t” always  wins"),
            [Piece::Same(words("the “can’t”")), Piece::Inserted(words("always")), Piece::Same(words("wins"))]
        );
    }
}
