//! Rules by name: a keyword, a keyword action or another titled rule (`702.2` is "Deathtouch"),
//! or a glossary headword that points to a rule ("Dies … See rule 700.4."), so that a judge can
//! type `judge rule deathtouch` and search can bring the named rule first.

use super::{references, Edition, RuleId};

/// A rule whose text is a name, not a sentence: at most this many words and no final period.
const TITLE_WORDS: usize = 6;

/// Whether a rule's text is a name, such as a keyword's: a few words, no sentence.
pub fn is_title(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty() && !text.ends_with('.') && text.split_whitespace().count() <= TITLE_WORDS
}

/// A name as it is compared: lower case, words of letters and digits joined by single spaces
/// (`Deathtouch`, `deathtouch?` and `  DEATHTOUCH ` are one name).
pub fn name_key(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A section's heading without its number, and without the chapter that French headings put
/// first (`614. Sorts, capacités et effets : Effets de remplacement` is `Effets de remplacement`).
pub fn heading_title(heading: &str) -> &str {
    let title = heading.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.').trim();
    title.rsplit_once(':').map_or(title, |(_, last)| last.trim())
}

/// The rule a glossary reference points to: itself, or a section's first rule, which defines it.
pub fn pointed(edition: &Edition, target: RuleId) -> Option<RuleId> {
    if !target.is_section() {
        return edition.get(target).map(|r| r.id);
    }
    edition.subtree(target).find(|r| !r.id.is_section()).map(|r| r.id)
}

/// The rules a glossary entry points to, in the order it names them.
pub fn glossary_targets(edition: &Edition, definition: &str) -> Vec<RuleId> {
    references::extract(definition, None).into_iter().filter_map(|t| pointed(edition, t)).collect()
}

/// The rules that a name names, for `judge rule NAME`: the titled rule of that name, else every
/// rule the glossary entry of that name (or alias) points to, in its order ("Lethal Damage" names
/// four).
pub fn named_all(edition: &Edition, name: &str) -> Vec<RuleId> {
    let key = name_key(name);
    if key.is_empty() {
        return Vec::new();
    }
    if let Some(rule) = edition.rules().find(|r| is_title(&r.text) && name_key(&r.text) == key) {
        return vec![rule.id];
    }
    let mut targets = glossary_entry(edition, &key).map_or_else(Vec::new, |e| glossary_targets(edition, &e.definition));
    let mut seen = Vec::with_capacity(targets.len());
    targets.retain(|id| {
        let new = !seen.contains(id);
        seen.push(*id);
        new
    });
    targets
}

/// The glossary entry (not obsolete) whose headword or alias is the name of this key.
fn glossary_entry<'e>(edition: &'e Edition, key: &str) -> Option<&'e super::glossary::GlossaryEntry> {
    edition
        .parsed
        .glossary
        .iter()
        .filter(|e| !e.obsolete)
        .find(|e| std::iter::once(&e.term).chain(&e.aliases).any(|n| name_key(n) == key))
}
