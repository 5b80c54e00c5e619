//! The rulings of a named card that speak of what the question asks: those sharing the most
//! words with it (stemmed, the card names left out), best first.

use crate::cards::data::Ruling;

/// The most rulings shown per card.
pub(crate) const MAX_RULINGS: usize = 3;

/// At most [`MAX_RULINGS`] of `rulings`, those with most of the `asked` stems (sorted, without
/// repeats) first, the card's order between equals; a ruling that has none of them is left out.
pub(crate) fn matching(rulings: &[Ruling], asked: &[String], stems: impl Fn(&str) -> Vec<String>) -> Vec<Ruling> {
    let mut scored: Vec<(usize, usize)> = rulings
        .iter()
        .enumerate()
        .map(|(i, ruling)| {
            let mut words = stems(&ruling.text);
            words.sort();
            words.dedup();
            (words.iter().filter(|w| asked.binary_search(w).is_ok()).count(), i)
        })
        .filter(|(shared, _)| *shared > 0)
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(MAX_RULINGS).map(|(_, i)| rulings[i].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rulings_with_most_of_the_words_come_first_and_none_without() {
        let ruling = |text: &str| Ruling { date: "2020-01-01".into(), text: text.into() };
        let rulings =
            [ruling("a b"), ruling("c"), ruling("a b c"), ruling("x"), ruling("a"), ruling("b"), ruling("a c")];
        let words = |text: &str| text.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let asked = words("a b c");
        let chosen: Vec<String> = matching(&rulings, &asked, words).into_iter().map(|r| r.text).collect();
        assert_eq!(chosen, ["a b c", "a b", "a c"]);
        assert!(matching(&rulings, &words("z"), words).is_empty());
    }
}
