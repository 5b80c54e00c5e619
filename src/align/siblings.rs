//! The children of two corresponding parents, aligned in order: the pairs already found are
//! anchors, and the free rules between two anchors are aligned by a sequence alignment on their
//! similarity. A rule inserted in the middle is then a gap, and its later siblings pair with
//! their old selves (renumbered) instead of each with the old rule of its new number.

use super::aligner::Aligner;

/// Below this similarity two rules are not taken for one reworded rule.
const MIN_SIMILARITY: f64 = 0.45;
/// Two free rules at the same distance from the anchor before them stand in the same place:
/// weaker likeness is enough, and shared words count as well as shared phrases.
const MIN_SIMILARITY_IN_PLACE: f64 = 0.3;
/// What shared words alone are worth less than shared phrases: unrelated rules share "the",
/// "a", "player".
const WORDS_DISCOUNT: f64 = 0.2;

impl Aligner<'_> {
    /// How alike an old and a new rule are, from 0 to 1: their texts, their examples when both
    /// have some, and the share of their subrules already paired with each other.
    pub(crate) fn similarity(&self, o: usize, n: usize) -> f64 {
        let mut score = self.old.profiles[o].dice(&self.new.profiles[n]);
        let (ex_old, ex_new) = (&self.old.examples[o], &self.new.examples[n]);
        if !ex_old.is_empty() && !ex_new.is_empty() {
            score = score.max(0.7 * score + 0.3 * ex_old.dice(ex_new));
        }
        if let Some(&votes) = self.parent_votes.get(&(o, n)) {
            let old_children = self.old.children_of(self.old.id(o)).len();
            let new_children = self.new.children_of(self.new.id(n)).len();
            let share = f64::from(votes) / old_children.max(new_children).max(1) as f64;
            score = score.max(share);
        }
        score
    }

    /// Pairs the free rules of `olds` and `news` (children of two corresponding parents, in
    /// order) between the anchors the two lists already share.
    pub(crate) fn align_siblings(&mut self, olds: &[usize], news: &[usize]) {
        let position: std::collections::HashMap<usize, usize> = news.iter().enumerate().map(|(j, &n)| (n, j)).collect();
        let anchors: Vec<(usize, usize)> = olds
            .iter()
            .enumerate()
            .filter_map(|(i, &o)| self.m.old_to_new[o].and_then(|n| position.get(&n)).map(|&j| (i, j)))
            .collect();
        let chain = increasing_chain(&anchors);
        let mut bounds: Vec<(isize, isize)> = vec![(-1, -1)];
        bounds.extend(chain.iter().map(|&(i, j)| (i as isize, j as isize)));
        bounds.push((olds.len() as isize, news.len() as isize));
        for w in bounds.windows(2) {
            let (start, end) = (w[0], w[1]);
            let free_olds: Vec<usize> =
                olds[(start.0 + 1) as usize..end.0 as usize].iter().copied().filter(|&o| self.m.old_free(o)).collect();
            let free_news: Vec<usize> =
                news[(start.1 + 1) as usize..end.1 as usize].iter().copied().filter(|&n| self.m.new_free(n)).collect();
            if free_olds.is_empty() || free_news.is_empty() {
                continue;
            }
            for (o, n) in self.best_pairs(&free_olds, &free_news) {
                self.m.pair(o, n);
            }
        }
    }

    /// Needleman-Wunsch with free gaps: the order-keeping pairs of most total likeness, each
    /// pair alike enough for where it stands.
    fn best_pairs(&self, olds: &[usize], news: &[usize]) -> Vec<(usize, usize)> {
        let (p, q) = (olds.len(), news.len());
        let width = q + 1;
        let mut score = vec![0.0f64; (p + 1) * width];
        let mut sims = vec![f64::NEG_INFINITY; p * q];
        for i in 0..p {
            for j in 0..q {
                let (mut s, mut min) = (self.similarity(olds[i], news[j]), MIN_SIMILARITY);
                if i == j {
                    min = MIN_SIMILARITY_IN_PLACE;
                    s = s.max(self.old.words[olds[i]].dice(&self.new.words[news[j]]) - WORDS_DISCOUNT);
                }
                if s >= min {
                    // A pair counts for more than its likeness alone, so that two fair pairs beat
                    // one good pair that crosses them.
                    sims[i * q + j] = s - min * 0.5;
                }
            }
        }
        for i in 1..=p {
            for j in 1..=q {
                let diagonal = score[(i - 1) * width + j - 1] + sims[(i - 1) * q + j - 1];
                let best = diagonal.max(score[(i - 1) * width + j]).max(score[i * width + j - 1]);
                score[i * width + j] = best;
            }
        }
        let mut pairs = Vec::new();
        let (mut i, mut j) = (p, q);
        while i > 0 && j > 0 {
            let here = score[i * width + j];
            let s = sims[(i - 1) * q + j - 1];
            if s.is_finite() && here == score[(i - 1) * width + j - 1] + s {
                pairs.push((olds[i - 1], news[j - 1]));
                i -= 1;
                j -= 1;
            } else if here == score[(i - 1) * width + j] {
                i -= 1;
            } else {
                j -= 1;
            }
        }
        pairs.reverse();
        pairs
    }
}

/// The longest chain of anchors increasing on both sides (anchors come sorted by old position);
/// an anchor that crosses the chain is a rule that moved, and bounds nothing. Ties go to the
/// earliest anchors, so the result is the same on every run.
fn increasing_chain(anchors: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let k = anchors.len();
    let mut length = vec![1usize; k];
    let mut previous = vec![usize::MAX; k];
    for b in 0..k {
        for a in 0..b {
            if anchors[a].1 < anchors[b].1 && length[a] + 1 > length[b] {
                length[b] = length[a] + 1;
                previous[b] = a;
            }
        }
    }
    let Some(mut last) = (0..k).max_by_key(|&b| (length[b], std::cmp::Reverse(b))) else {
        return Vec::new();
    };
    let mut chain = vec![anchors[last]];
    while previous[last] != usize::MAX {
        last = previous[last];
        chain.push(anchors[last]);
    }
    chain.reverse();
    chain
}

#[cfg(test)]
mod tests {
    use super::increasing_chain;

    #[test]
    fn a_moved_anchor_is_left_out_of_the_chain() {
        assert_eq!(increasing_chain(&[(0, 0), (1, 5), (2, 1), (3, 2)]), [(0, 0), (2, 1), (3, 2)]);
        assert!(increasing_chain(&[]).is_empty());
    }
}
