//! Glossary lookup for `judge define TERM`: the entries named by the term, or else a short ranked
//! list of the entries it was probably meant to name.

use super::glossary::GlossaryEntry;

/// How many suggestions a failed lookup offers at most.
pub const SUGGESTIONS: usize = 5;

#[derive(Debug, PartialEq, Eq)]
pub enum Definition<'a> {
    /// The entries whose headword or one of whose aliases is the term (ignoring case, spacing and
    /// the style of quotes and dashes), in glossary order. An entry that only sends elsewhere
    /// (`APNAP Order`: `See Active Player, Nonactive Player Order.`) comes with the entry it names.
    Found(Vec<&'a GlossaryEntry>),
    /// No entry has that name, but one is that name misspelled, closer than any other
    /// ("replacment effect"): it is shown, with the other close ones.
    Misspelled { shown: Vec<&'a GlossaryEntry>, others: Vec<&'a GlossaryEntry> },
    /// No entry has that name: the closest ones, best first, at most [`SUGGESTIONS`]; possibly none.
    Suggestions(Vec<&'a GlossaryEntry>),
}

pub fn define<'a>(glossary: &'a [GlossaryEntry], term: &str) -> Definition<'a> {
    let query = normalise(term);
    let found: Vec<&GlossaryEntry> = glossary.iter().filter(|e| names(e).any(|n| n == query)).collect();
    if found.is_empty() {
        let ranked = suggest(glossary, &query);
        // A misspelling closer than any other name is what the judge meant.
        let best_alone = match ranked.as_slice() {
            [_] => true,
            [(best, _), (second, _), ..] => best.kind == 3 && best.distance < second.distance,
            [] => false,
        };
        let mut entries = ranked.into_iter().map(|(_, e)| e);
        if best_alone {
            let shown = with_redirects(glossary, vec![entries.next().expect("a best entry")]);
            return Definition::Misspelled { shown, others: entries.collect() };
        }
        return Definition::Suggestions(entries.collect());
    }
    Definition::Found(with_redirects(glossary, found))
}

/// The entries, each followed by the entry it only sends to (`See X.`).
fn with_redirects<'a>(glossary: &'a [GlossaryEntry], mut found: Vec<&'a GlossaryEntry>) -> Vec<&'a GlossaryEntry> {
    for entry in found.clone() {
        let Some(target) = redirect(entry) else {
            continue;
        };
        let target = normalise(target);
        for other in glossary.iter().filter(|e| names(e).any(|n| n == target)) {
            if !found.iter().any(|f| std::ptr::eq(*f, other)) {
                found.push(other);
            }
        }
    }
    found
}

/// Every name of an entry, normalised: its headword and its aliases.
fn names(entry: &GlossaryEntry) -> impl Iterator<Item = String> + '_ {
    std::iter::once(&entry.term).chain(&entry.aliases).map(|n| normalise(n))
}

/// The entry a definition of the form `See X.` sends to.
fn redirect(entry: &GlossaryEntry) -> Option<&str> {
    let target = entry.definition.strip_prefix("See ")?.strip_suffix('.')?;
    (!target.contains('\n')).then_some(target)
}

/// Lower case, straight quotes, and hyphens and dashes as spaces, single spaces: what a judge
/// types on any keyboard should find what the rules print with typographic quotes, and
/// `double faced card` should find `Double-Faced Card`.
fn normalise(text: &str) -> String {
    let plain: String = text
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            '“' | '”' | '„' => '"',
            '‘' | '’' => '\'',
            '-' | '‐' | '–' | '—' => ' ',
            c => c,
        })
        .collect();
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How well a name matches a query that names no entry; smaller is better.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Closeness {
    /// 0: the name starts with the query; 1: a word of the name does; 2: the name holds it;
    /// 3: the name is within a few typing mistakes of the query.
    kind: u8,
    /// Typing mistakes, for kind 3.
    distance: usize,
    /// Obsolete entries after current ones.
    obsolete: bool,
    /// Shorter names are closer to a query found inside them.
    length: usize,
}

fn suggest<'a>(glossary: &'a [GlossaryEntry], query: &str) -> Vec<(Closeness, &'a GlossaryEntry)> {
    if query.is_empty() {
        return vec![];
    }
    let query_chars: Vec<char> = query.chars().collect();
    let mut ranked: Vec<(Closeness, usize)> = glossary
        .iter()
        .enumerate()
        .filter_map(|(index, entry)| {
            let best = names(entry).filter_map(|name| closeness(&query_chars, query, &name, entry.obsolete)).min()?;
            Some((best, index))
        })
        .collect();
    // The index breaks ties, in glossary order, so the list is always the same.
    ranked.sort();
    ranked.into_iter().take(SUGGESTIONS).map(|(closeness, index)| (closeness, &glossary[index])).collect()
}

fn closeness(query_chars: &[char], query: &str, name: &str, obsolete: bool) -> Option<Closeness> {
    let length = name.chars().count();
    let close = |kind, distance| Some(Closeness { kind, distance, obsolete, length });
    if name.starts_with(query) {
        return close(0, 0);
    }
    if name.match_indices(query).any(|(at, _)| name[..at].ends_with([' ', '-', '"'])) {
        return close(1, 0);
    }
    if name.contains(query) {
        return close(2, 0);
    }
    let name_chars: Vec<char> = name.chars().collect();
    let distance = crate::suggest::distance_chars(query_chars, &name_chars);
    (distance <= allowed_mistakes(query_chars.len())).then_some(Closeness { kind: 3, distance, obsolete, length })
}

/// Short words allow fewer mistakes, or every four-letter query would match every other one.
fn allowed_mistakes(query_length: usize) -> usize {
    match query_length {
        0..=3 => 0,
        4..=5 => 1,
        6..=9 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(term: &str, aliases: &[&str], definition: &str, obsolete: bool) -> GlossaryEntry {
        GlossaryEntry {
            term: term.to_string(),
            aliases: aliases.iter().map(ToString::to_string).collect(),
            definition: definition.to_string(),
            obsolete,
        }
    }

    fn glossary() -> Vec<GlossaryEntry> {
        vec![
            entry("Active Player", &[], "The player whose turn it is.", false),
            entry("Active Player, Nonactive Player Order", &[], "A system.", false),
            entry("APNAP Order", &[], "See Active Player, Nonactive Player Order.", false),
            entry("Banding, “Bands with Other”", &["Banding", "Bands with Other"], "A keyword.", false),
            entry("Bury", &[], "Put into the graveyard.", true),
            entry("Control, Controller", &["Control", "Controller"], "Who uses it.", false),
            entry("Double-Faced Card", &[], "A card with two faces.", false),
            entry("Flanking", &[], "A keyword.", false),
            entry("Flash", &[], "A keyword.", false),
            entry("Flying", &[], "A keyword.", false),
            entry("Trample", &[], "A keyword.", false),
        ]
    }

    fn terms(found: &[&GlossaryEntry]) -> Vec<String> {
        found.iter().map(|e| e.term.clone()).collect()
    }

    fn found(term: &str) -> Vec<String> {
        let glossary = glossary();
        match define(&glossary, term) {
            Definition::Found(entries) => terms(&entries),
            other => panic!("`{term}` not found: {:?}", shown_and_close(&other)),
        }
    }

    /// The entries shown for a name no entry has, and the other close ones.
    fn shown_and_close(definition: &Definition) -> (Vec<String>, Vec<String>) {
        match definition {
            Definition::Misspelled { shown, others } => (terms(shown), terms(others)),
            Definition::Suggestions(entries) => (Vec::new(), terms(entries)),
            Definition::Found(f) => panic!("found {:?}", terms(f)),
        }
    }

    fn suggested(term: &str) -> Vec<String> {
        let glossary = glossary();
        let (shown, close) = shown_and_close(&define(&glossary, term));
        [shown, close].concat()
    }

    fn shown(term: &str) -> Vec<String> {
        shown_and_close(&define(&glossary(), term)).0
    }

    #[test]
    fn exact_names_ignore_case_spacing_and_quote_style() {
        assert_eq!(found("trample"), ["Trample"]);
        assert_eq!(found("  ACTIVE   player "), ["Active Player"]);
        assert_eq!(found("controller"), ["Control, Controller"]);
        assert_eq!(found("bands with other"), ["Banding, “Bands with Other”"]);
        assert_eq!(found("Banding, \"Bands with Other\""), ["Banding, “Bands with Other”"]);
        assert_eq!(found("bury"), ["Bury"]);
        assert_eq!(found("double faced card"), ["Double-Faced Card"]);
        assert_eq!(found("Double—faced   CARD"), ["Double-Faced Card"]);
    }

    #[test]
    fn a_pointer_entry_comes_with_its_target() {
        assert_eq!(found("APNAP order"), ["APNAP Order", "Active Player, Nonactive Player Order"]);
    }

    #[test]
    fn prefixes_then_words_then_substrings() {
        assert_eq!(suggested("fla"), ["Flash", "Flanking"]);
        assert_eq!(suggested("player"), ["Active Player", "Active Player, Nonactive Player Order"]);
        assert_eq!(suggested("ntrol"), ["Control, Controller"]);
    }

    /// A misspelling closer than any other name, or the only close name, is shown; several
    /// names as close are only listed.
    #[test]
    fn a_misspelling_closer_than_any_other_is_shown() {
        assert_eq!(shown("tramlpe"), ["Trample"]);
        assert_eq!(shown("bruy"), ["Bury"]);
        assert_eq!(shown("ntrol"), ["Control, Controller"]);
        assert!(shown("fla").is_empty(), "Flash and Flanking are as close");
        assert!(shown("xyzzy").is_empty());
    }

    #[test]
    fn typing_mistakes() {
        assert_eq!(suggested("tramlpe"), ["Trample"], "a swap is one mistake");
        assert_eq!(suggested("flyng"), ["Flying"]);
        assert_eq!(suggested("bruy"), ["Bury"]);
        assert!(suggested("xyzzy").is_empty());
        assert!(suggested("").is_empty());
    }

    #[test]
    fn suggestions_are_few_and_always_in_the_same_order() {
        let many: Vec<GlossaryEntry> = (0..20).map(|i| entry(&format!("Word {i:02}"), &[], "x", false)).collect();
        let first = match define(&many, "word") {
            Definition::Suggestions(s) => terms(&s),
            _ => panic!("no entry is named `word`, and none is closer than the others"),
        };
        assert_eq!(first, ["Word 00", "Word 01", "Word 02", "Word 03", "Word 04"]);
    }
}
