//! Card names as a judge types them: case, accents and typographic quotes aside. `Lim-Dûl`,
//! `Æther` and `Jötun` are found as `lim-dul`, `aether` and `jotun`; `Urza’s` as `Urza's`.
//! Nothing else is loosened: a name that does not fold to a card's name, or to one of its faces',
//! names no card (`lookup.rs` offers the near ones as suggestions, never as the card).

use tantivy::tokenizer::{AsciiFoldingFilter, LowerCaser, RawTokenizer, TextAnalyzer};

/// The form names are compared in: lower case, accents and ligatures folded to ASCII by tantivy's
/// folding filter (the one the search index uses), typographic apostrophes and dashes made plain,
/// runs of spaces made one.
pub fn fold(name: &str) -> String {
    thread_local! {
        static FOLDER: std::cell::RefCell<TextAnalyzer> = std::cell::RefCell::new(
            TextAnalyzer::builder(RawTokenizer::default()).filter(LowerCaser).filter(AsciiFoldingFilter).build(),
        );
    }
    // Most names: plain ASCII with single spaces, lower-cased as they are.
    let plain_spaces = !name.contains("  ") && !name.bytes().any(|b| b.is_ascii_whitespace() && b != b' ');
    if name.is_ascii() && plain_spaces && name.trim().len() == name.len() {
        return name.to_ascii_lowercase();
    }
    let plain: String = name
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' | '\u{02BC}' => '\'',
            '\u{2010}' | '\u{2011}' | '\u{2013}' => '-',
            other => other,
        })
        .collect();
    if plain.is_ascii() {
        return plain.to_ascii_lowercase();
    }
    FOLDER.with(|folder| {
        let mut folder = folder.borrow_mut();
        let mut stream = folder.token_stream(&plain);
        let mut out = String::with_capacity(plain.len());
        while stream.advance() {
            out.push_str(&stream.token().text);
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::fold;

    #[test]
    fn case_accents_ligatures_and_quotes_fold() {
        assert_eq!(fold("Lim-Dûl the Necromancer"), "lim-dul the necromancer");
        assert_eq!(fold("Æther Vial"), "aether vial");
        assert_eq!(fold("Jötun Grunt"), "jotun grunt");
        assert_eq!(fold("Urza’s  Saga"), "urza's saga");
        assert_eq!(fold("Fire // Ice"), "fire // ice");
        assert_eq!(fold("  Séance "), "seance");
    }

    #[test]
    fn other_names_stay_apart() {
        assert_ne!(fold("Chalice of the Void"), fold("Leyline of the Void"));
        assert_ne!(fold("Ice"), fold("Fire // Ice"));
    }
}
