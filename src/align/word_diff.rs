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

/// The places where `old` and `new` differ, in order.
pub fn edits(old: &str, new: &str) -> Vec<Edit> {
    let (old, new) = (typography(old), typography(new));
    let a: Vec<&str> = old.split(' ').filter(|w| !w.is_empty()).collect();
    let b: Vec<&str> = new.split(' ').filter(|w| !w.is_empty()).collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..].iter().rev().zip(b[prefix..].iter().rev()).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut out = Vec::new();
    let mut edit = Edit { removed: vec![], inserted: vec![] };
    let flush = |edit: &mut Edit, out: &mut Vec<Edit>| {
        if !edit.removed.is_empty() || !edit.inserted.is_empty() {
            out.push(std::mem::replace(edit, Edit { removed: vec![], inserted: vec![] }));
        }
    };
    if a.len() * b.len() > MAX_CELLS {
        edit.removed = a.iter().map(|w| w.to_string()).collect();
        edit.inserted = b.iter().map(|w| w.to_string()).collect();
        flush(&mut edit, &mut out);
        return out;
    }
    // Longest common subsequence, filled from the end so that it is read from the start.
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
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            flush(&mut edit, &mut out);
            i += 1;
            j += 1;
        } else if j == b.len() || (i < a.len() && lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
            edit.removed.push(a[i].to_string());
            i += 1;
        } else {
            edit.inserted.push(b[j].to_string());
            j += 1;
        }
    }
    flush(&mut edit, &mut out);
    out
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
}
