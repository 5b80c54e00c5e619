//! What changed in a reworded rule, word by word, short enough for one cell of a table: the
//! words removed and inserted, in the style of `git diff --word-diff` (`[-old-]{+new+}`).

use super::normalize::typography;

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

/// The places where `old` and `new` differ, in order.
pub fn edits(old: &str, new: &str) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut edit = Edit { removed: vec![], inserted: vec![] };
    for piece in pieces(old, new) {
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

/// The whole of both texts, word by word with their typography evened out, as runs of words
/// kept, removed and inserted, in reading order: a removal before the insertion that replaces it.
pub fn pieces(old: &str, new: &str) -> Vec<Piece> {
    let (old, new) = (typography(old), typography(new));
    let a: Vec<&str> = old.split(' ').filter(|w| !w.is_empty()).collect();
    let b: Vec<&str> = new.split(' ').filter(|w| !w.is_empty()).collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..].iter().rev().zip(b[prefix..].iter().rev()).take_while(|(x, y)| x == y).count();
    let mut out = Runs::default();
    out.push(Kind::Same, &a[..prefix]);
    let (mid_a, mid_b) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    if mid_a.len() * mid_b.len() > MAX_CELLS {
        out.push(Kind::Removed, mid_a);
        out.push(Kind::Inserted, mid_b);
    } else {
        middle(mid_a, mid_b, &mut out);
    }
    out.push(Kind::Same, &a[a.len() - suffix..]);
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

/// The words between the common prefix and suffix, by their longest common subsequence, filled
/// from the end so that it is read from the start.
fn middle(a: &[&str], b: &[&str], out: &mut Runs) {
    let width = b.len() + 1;
    let mut lcs = vec![0u32; (a.len() + 1) * width];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i * width + j] = if a[i] == b[j] {
                lcs[(i + 1) * width + j + 1] + 1
            } else {
                lcs[(i + 1) * width + j].max(lcs[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    // Removed and inserted words between two kept ones: all the removed first.
    let (mut removed, mut inserted): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
    let flush = |removed: &mut Vec<&str>, inserted: &mut Vec<&str>, out: &mut Runs| {
        out.push(Kind::Removed, removed);
        out.push(Kind::Inserted, inserted);
        removed.clear();
        inserted.clear();
    };
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            flush(&mut removed, &mut inserted, out);
            out.push(Kind::Same, &a[i..=i]);
            i += 1;
            j += 1;
        } else if j == b.len() || (i < a.len() && lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
            removed.push(a[i]);
            i += 1;
        } else {
            inserted.push(b[j]);
            j += 1;
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
    }
}
