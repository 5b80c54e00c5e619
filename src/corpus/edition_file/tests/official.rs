//! Every official rules text beside the repository (`../shared/cr`), stored in format 4 and in
//! format 3: a lookup of each section, and of ranges, reads the same part from both, and the
//! content fingerprint, which names indexes and caches, is the one stored editions have.

use super::*;
use crate::corpus::decode::decode;
use crate::corpus::parse_en;
use std::path::Path;

/// The content fingerprints of the editions as `judge` stored them in format 3 (their headers'
/// `content`), before format 4.
const FINGERPRINTS: [(&str, &str); 9] = [
    ("2011-02-04", "6f00e9a9aee3f820"),
    ("2011-05-01", "66d84e784aebf4ae"),
    ("2012-10-01", "eaa6eed5a539337a"),
    ("2015-01-23", "24a8009b8f9eb673"),
    ("2018-07-13", "a8fea2fad8c5bc6d"),
    ("2021-09-24", "b369f50b29cca9dc"),
    ("2023-11-17", "bce0fd466048dbe9"),
    ("2025-11-14", "b2fd83f6823c2eb1"),
    ("2026-02-27", "87f5bdde8fc85ad3"),
];

/// The editions of the official texts, as an import makes them.
fn official_editions() -> Vec<Edition> {
    let dir = Path::new(env!("JUDGE_CR_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .iter()
        .map(|path| {
            let cr = parse_en::parse(&decode(&std::fs::read(path).unwrap()).unwrap()).unwrap();
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            let info = EditionInfo { name: format!("en-{}", cr.date), lang: Lang::En, date: cr.date.clone() };
            let document = Document { file, date: cr.date, sections: cr.parsed.sections.keys().copied().collect() };
            Edition::new(info, vec![document], cr.parsed)
        })
        .collect()
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn every_section_of_every_edition_reads_as_from_format_3() {
    let editions = official_editions();
    assert!(editions.len() >= FINGERPRINTS.len(), "{} texts", editions.len());
    for edition in &editions {
        let content = crate::corpus::fingerprint::content_fingerprint(edition);
        if let Some((_, pinned)) = FINGERPRINTS.iter().find(|(date, _)| *date == edition.info.date) {
            assert_eq!(content, *pinned, "{}", edition.name());
        }
        let (mut new, mut old) = (Vec::new(), Vec::new());
        write_stamped(edition, &content, &mut new).unwrap();
        write_format_3(edition, &content, &mut old).unwrap();
        let whole = read_part(&new, &Part::Whole).unwrap();
        assert_eq!((&whole.parsed, &whole.documents), (&edition.parsed, &edition.documents), "{}", edition.name());
        assert_eq!(read_header(new.as_slice(), new.len() as u64).unwrap().value.content, content);
        // Every section holding rules or cited, whatever this edition numbers them, and a few that
        // are neither.
        let mut sections: BTreeSet<u16> = edition.rules().map(|r| r.id.section()).collect();
        sections.extend(edition.rules().flat_map(|r| r.references.iter().map(|id| id.section())));
        sections.extend(edition.parsed.sections.keys());
        let held = sections.clone();
        sections.extend([100, 199, 999]);
        for &section in &sections {
            let part = read_part(&new, &Part::Lookup(section..=section)).unwrap();
            let scanned = read_part(&old, &Part::Lookup(section..=section)).unwrap();
            assert_eq!(part.parsed, scanned.parsed, "{} section {section}", edition.name());
            for rule in edition.rules().filter(|r| r.id.section() == section) {
                assert_eq!(part.get(rule.id), Some(rule));
                assert_eq!(part.cited_by(rule.id), edition.cited_by(rule.id), "{}", rule.id);
                for &cited in &rule.references {
                    assert_eq!(part.contains(cited), edition.contains(cited), "{} cites {cited}", rule.id);
                }
            }
        }
        // Ranges across sections, as `judge rule 613.1-614.2` reads them.
        let held: Vec<u16> = held.into_iter().collect();
        let ranges = held.windows(2).map(|pair| pair[0]..=pair[1]).chain(held.windows(4).map(|w| w[0]..=w[3]));
        for range in ranges.chain([100..=999]) {
            let part = read_part(&new, &Part::Lookup(range.clone())).unwrap();
            let scanned = read_part(&old, &Part::Lookup(range.clone())).unwrap();
            assert_eq!(part.parsed, scanned.parsed, "{} sections {range:?}", edition.name());
        }
    }
}
