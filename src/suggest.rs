//! "Did you mean": the closest of some known words to a mistyped one.

/// Edit distance with adjacent transpositions (optimal string alignment), on characters.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1).min(rows[i][j - 1] + 1).min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// The known word closest to `word`, if it is close enough to be a typo of it (a third of its
/// length, at least one edit). Ties go to the first in `known`, so the answer is deterministic.
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word_lower = word.to_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    known
        .into_iter()
        .map(|k| (distance(&word_lower, &k.to_lowercase()), k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("zone", "zone"), 0);
        assert_eq!(distance("zonee", "zone"), 1);
        assert_eq!(distance("tpyes", "types"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("régénération", "regeneration"), 3);
    }

    #[test]
    fn closest_word_or_none() {
        let known = ["id", "zone", "types", "subtypes", "timestamp"];
        assert_eq!(closest("zonee", known), Some("zone"));
        assert_eq!(closest("subtype", known), Some("subtypes"));
        assert_eq!(closest("timestmap", known), Some("timestamp"));
        assert_eq!(closest("colour", known), None);
    }
}
