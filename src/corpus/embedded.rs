//! The default corpus, compiled into the binary so that `judge` works from any directory.

use super::edition::{Document, Edition, EditionInfo, Parsed};
use super::lang::Lang;
use super::parse_fr;
use crate::diagnostic::problem::Problem;

/// Every document file of `rules-corpus/`, by name. A test checks this list against the manifest.
pub const FILES: [(&str, &str); 5] = [
    ("000_f0419d52f431d8bf.txt", include_str!("../../rules-corpus/000_f0419d52f431d8bf.txt")),
    ("001_2f00e2726516810f.txt", include_str!("../../rules-corpus/001_2f00e2726516810f.txt")),
    ("002_81535edcb87916b0.txt", include_str!("../../rules-corpus/002_81535edcb87916b0.txt")),
    ("003_a3ab05981b6acdd1.txt", include_str!("../../rules-corpus/003_a3ab05981b6acdd1.txt")),
    ("004_d82bd53a271837e2.txt", include_str!("../../rules-corpus/004_d82bd53a271837e2.txt")),
];

/// The name of the embedded edition, which is also the default.
pub const NAME: &str = "fr-2011-02-04";

/// What [`load`] needs of the manifest, written out so that no process parses YAML to start. The
/// manifest stays the description to edit; a test checks these against it.
const LANG: Lang = Lang::Fr;
const DATE: &str = "2011-02-04";
/// Each document's file, date and sections, in the manifest's order.
pub(super) const DOCUMENTS: [(&str, &str, &[u16]); 5] = [
    ("000_f0419d52f431d8bf.txt", "2011-02-04", &[611]),
    ("001_2f00e2726516810f.txt", "2011-02-04", &[112]),
    ("002_81535edcb87916b0.txt", "2011-02-04", &[614]),
    ("003_a3ab05981b6acdd1.txt", "2015-01-23", &[100, 101]),
    ("004_d82bd53a271837e2.txt", "2011-02-04", &[305]),
];

/// Parses the embedded documents. The problems are the parser's; the shipped text has none (a
/// test checks it), so they only show after someone edits `rules-corpus/`.
pub fn load() -> (Edition, Vec<(String, Problem)>) {
    let (parsed, problems) = parse(|_| true, parse_fr::parse);
    (Edition::new(info(), documents(), parsed), problems)
}

/// The documents `wanted` picks (by their sections), parsed with `parse`, in the manifest's order.
pub(super) fn parse(
    wanted: impl Fn(&[u16]) -> bool,
    parse: fn(&str) -> (Parsed, Vec<Problem>),
) -> (Parsed, Vec<(String, Problem)>) {
    let mut parsed = Parsed::default();
    let mut problems = Vec::new();
    for (file, _, _) in DOCUMENTS.iter().filter(|(_, _, sections)| wanted(sections)) {
        let text = FILES.iter().find(|(name, _)| name == file).map_or("", |(_, text)| text);
        let (part, found) = parse(text);
        parsed.sections.extend(part.sections);
        parsed.rules.extend(part.rules);
        problems.extend(found.into_iter().map(|p| (file.to_string(), p)));
    }
    (parsed, problems)
}

/// Every document of the edition, whatever part of it is parsed: a rule's date is its document's.
pub(super) fn documents() -> Vec<Document> {
    DOCUMENTS
        .iter()
        .map(|(file, date, sections)| Document {
            file: file.to_string(),
            date: date.to_string(),
            sections: sections.to_vec(),
        })
        .collect()
}

pub(super) fn info() -> EditionInfo {
    EditionInfo { name: NAME.to_string(), lang: LANG, date: DATE.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::rule_id::RuleId;
    use serde::Deserialize;

    const MANIFEST: &str = include_str!("../../rules-corpus/manifest.yaml");

    /// The manifest as the tests read it, to check the constants below against it.
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Manifest {
        edition: String,
        lang: Lang,
        date: String,
        documents: Vec<ManifestDocument>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct ManifestDocument {
        file: String,
        title: String,
        date: String,
        sections: Vec<u16>,
    }

    fn manifest() -> Manifest {
        serde_yaml::from_str(MANIFEST).expect("the embedded manifest parses")
    }

    #[test]
    fn manifest_and_embedded_files_agree() {
        let manifest = manifest();
        assert_eq!(manifest.edition, NAME);
        let listed: Vec<&str> = manifest.documents.iter().map(|d| d.file.as_str()).collect();
        let embedded: Vec<&str> = FILES.iter().map(|(name, _)| *name).collect();
        assert_eq!(listed, embedded);
        assert!(manifest.documents.iter().all(|d| !d.title.trim().is_empty()), "every document has a title");
    }

    /// What `load` takes from its constants is what the manifest says.
    #[test]
    fn the_documents_loaded_are_the_manifests() {
        let manifest = manifest();
        assert_eq!((manifest.edition.as_str(), manifest.lang, manifest.date.as_str()), (NAME, LANG, DATE));
        let listed: Vec<(&str, &str, &[u16])> =
            manifest.documents.iter().map(|d| (d.file.as_str(), d.date.as_str(), d.sections.as_slice())).collect();
        assert_eq!(listed, DOCUMENTS, "rules-corpus/manifest.yaml changed: change DOCUMENTS with it");
    }

    #[test]
    fn every_document_holds_exactly_the_sections_its_manifest_lists() {
        for doc in manifest().documents {
            let text = FILES.iter().find(|(name, _)| *name == doc.file).unwrap().1;
            let (parsed, _) = parse_fr::parse(text);
            let found: Vec<u16> = parsed.sections.keys().copied().collect();
            let mut listed = doc.sections.clone();
            listed.sort();
            assert_eq!(found, listed, "{}", doc.file);
        }
    }

    #[test]
    fn the_shipped_corpus_parses_without_problems() {
        let (edition, problems) = load();
        assert!(problems.is_empty(), "{problems:?}");
        // Every rule number line of the five pages (`grep -cE` on each file), less the broken reference `204.3h`.
        let per_section: Vec<(u16, usize)> = [100, 101, 112, 305, 611, 614]
            .iter()
            .map(|s| (*s, edition.rules().filter(|r| r.id.section() == *s).count()))
            .collect();
        assert_eq!(per_section, [(100, 16), (101, 9), (112, 34), (305, 9), (611, 10), (614, 24)]);
        assert_eq!(edition.date_of(RuleId::parse("100.1").unwrap()), "2015-01-23");
        assert_eq!(edition.date_of(RuleId::parse("614.14").unwrap()), "2011-02-04");
    }
}
