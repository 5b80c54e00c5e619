//! Glossary entries of an English CR file.

use serde::{Deserialize, Serialize};
use std::collections::HashSet;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlossaryEntry {
    /// The headword as printed, e.g. `Active Player, Nonactive Player Order`, without the
    /// `(Obsolete)` that ends some headwords (see `obsolete`).
    pub term: String,
    /// Other names for the same entry (the comma-joined parts of some headwords).
    pub aliases: Vec<String>,
    pub definition: String,
    /// The entry is marked `(Obsolete)`, at the end of its headword or, in a few files, at the
    /// start of its definition.
    pub obsolete: bool,
}

/// Splits comma-joined headwords into aliases: `Control, Controller` is both `Control` and
/// `Controller`, `Banding, “Bands with Other”` is `Banding` and `Bands with Other`. But a comma can
/// also be part of one name: `Active Player, Nonactive Player Order` is the order of active and
/// nonactive players, not the active player. What tells them apart is that `Active Player` is an
/// entry of its own: a headword is split only when none of its parts is another entry's headword,
/// so that every alias names one entry. In the files of 2011 and 2025 that keeps exactly that one
/// headword whole and splits the dozen others.
pub(crate) fn set_aliases(glossary: &mut [GlossaryEntry]) {
    let terms: HashSet<String> = glossary.iter().map(|e| e.term.to_lowercase()).collect();
    for entry in glossary.iter_mut() {
        let parts = headword_parts(&entry.term);
        if parts.len() > 1 && parts.iter().all(|p| !terms.contains(&p.to_lowercase())) {
            entry.aliases = parts;
        }
    }
}

/// The comma-separated parts of a headword, without their quotes. A comma inside quotes belongs
/// to the quoted part (`Partner, “Partner—[text],” “Partner with [name]”` has three parts), and a
/// closing quote ends a part.
fn headword_parts(headword: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut part = String::new();
    let mut quoted = false;
    let mut end_part = |part: &mut String| {
        let text = part.trim().trim_end_matches(',').trim();
        if !text.is_empty() {
            parts.push(text.to_string());
        }
        part.clear();
    };
    for c in headword.chars() {
        match c {
            '"' | '“' | '”' => {
                end_part(&mut part);
                quoted = !quoted;
            }
            ',' if !quoted => end_part(&mut part),
            _ => part.push(c),
        }
    }
    end_part(&mut part);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(term: &str) -> GlossaryEntry {
        GlossaryEntry { term: term.to_string(), aliases: vec![], definition: String::new(), obsolete: false }
    }

    #[test]
    fn headword_parts_respect_quotes() {
        assert_eq!(headword_parts("Control, Controller"), ["Control", "Controller"]);
        assert_eq!(headword_parts("Banding, \"Bands with Other\""), ["Banding", "Bands with Other"]);
        assert_eq!(
            headword_parts("Partner, “Partner—[text],” “Partner with [name]”"),
            ["Partner", "Partner—[text]", "Partner with [name]"]
        );
        assert_eq!(headword_parts("Trample"), ["Trample"]);
    }

    #[test]
    fn a_part_that_is_another_headword_keeps_the_headword_whole() {
        let mut glossary = [entry("Active Player"), entry("Active Player, Nonactive Player Order"), entry("You, Your")];
        set_aliases(&mut glossary);
        assert!(glossary[0].aliases.is_empty());
        assert!(glossary[1].aliases.is_empty());
        assert_eq!(glossary[2].aliases, ["You", "Your"]);
    }
}
