//! The placement of the concepts in an edition, computed once and kept with it:
//! `<data_dir>/citations/<edition>-<key>.json`, where the key changes with the edition's content,
//! the citation table and the placing code, so that a stale placement is never read.
//!
//! The file is written to a temporary name and renamed in, so it is either absent or whole, and it
//! is sealed with its checksum, so that a damaged file is never read as a placement. What is read
//! back is derived data and is checked as such (`place::holds`): every rule it names is in the
//! edition and still states the concept, or the placement is computed again. A store that
//! cannot be written, or a file that cannot be read, costs only the time to place the concepts
//! again: nothing here fails a command.

use super::place::{holds, place, Hints};
use super::placement::Placement;
use super::table::{table, TABLE};
use crate::atomic_file;
use crate::corpus::seal::{seal, unseal};
use crate::corpus::Edition;
use std::fs;
use std::path::{Path, PathBuf};

/// Bump when `place` changes what it finds, so that kept placements are computed again.
const PLACE_VERSION: u32 = 4;
const DIRECTORY: &str = "citations";

/// The edition's placement: read from the data directory when it is there and current, else
/// computed (and kept there when the directory can be written).
pub fn placement(data_dir: Option<&Path>, edition: &Edition) -> Placement {
    let Some(dir) = data_dir.map(|d| d.join(DIRECTORY)) else {
        return place(edition, table(), Hints::Use);
    };
    let file = dir.join(format!("{}-{}.json", edition.name(), key(edition)));
    let read = crate::bounded_read::read_regular(&file, crate::bounded_read::CACHE).ok();
    let kept = read.as_deref().and_then(unseal).and_then(|json| serde_json::from_slice::<Placement>(json).ok());
    // Sealed is not proof: a file edited and sealed again must still hold for this edition.
    if let Some(kept) = kept.filter(|kept| holds(kept, edition, table())) {
        return kept;
    }
    let placement = place(edition, table(), Hints::Use);
    // Best effort: a read-only store keeps nothing, and the placement is still right.
    let _lock = data_dir.map(atomic_file::lock_store);
    let _ = keep(&dir, &file, edition.name(), &placement);
    placement
}

fn key(edition: &Edition) -> String {
    let mut hash = crate::corpus::fingerprint::Xxh64::new(0);
    hash.update(&PLACE_VERSION.to_le_bytes());
    hash.update(TABLE.as_bytes());
    hash.update(&[0]);
    hash.update(crate::search::fingerprint(edition).as_bytes());
    format!("{:016x}", hash.digest())
}

fn keep(dir: &Path, file: &Path, edition: &str, placement: &Placement) -> std::io::Result<()> {
    let sealed = seal(serde_json::to_vec(placement).map_err(std::io::Error::other)?);
    atomic_file::write(file, ".citations-", |out| out.write_all(&sealed))?;
    // Placements of an earlier content or table of this edition will not be read again.
    for old in others(dir, edition, file) {
        let _ = fs::remove_file(old);
    }
    Ok(())
}

fn others(dir: &Path, edition: &str, keep: &Path) -> Vec<PathBuf> {
    let prefix = format!("{edition}-");
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p != keep)
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.strip_prefix(&prefix)
                    .and_then(|rest| rest.strip_suffix(".json"))
                    .is_some_and(|k| k.len() == 16 && k.bytes().all(|b| b.is_ascii_hexdigit()))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cite::placement::Placed;
    use crate::corpus::embedded;
    use crate::corpus::RuleId;

    fn kept_files(dir: &Path) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = fs::read_dir(dir.join(DIRECTORY)).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        files
    }

    #[test]
    fn a_placement_is_kept_read_back_and_computed_again_when_damaged() {
        let (edition, _) = embedded::load();
        let fresh = place(&edition, table(), Hints::Use);
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(placement(Some(dir.path()), &edition), fresh);
        let files = kept_files(dir.path());
        assert_eq!(files.len(), 1, "{files:?}");
        // What is read back is the kept file: a placement written there is what comes out.
        let mut doctored = fresh.clone();
        doctored.concepts.insert("apnap".into(), Placed::Unsure { id: None, why: "kept".into() });
        doctored.wording.remove("apnap");
        fs::write(&files[0], seal(serde_json::to_vec(&doctored).unwrap())).unwrap();
        assert_eq!(placement(Some(dir.path()), &edition), doctored);
        // A damaged file is not an error: the placement is computed again and kept anew. A
        // changed placement that still reads, without its checksum, is damage too.
        for damage in [b"{ not json".to_vec(), serde_json::to_vec(&doctored).unwrap()] {
            fs::write(&files[0], damage).unwrap();
            assert_eq!(placement(Some(dir.path()), &edition), fresh);
            assert_eq!(fs::read(&files[0]).unwrap(), seal(serde_json::to_vec(&fresh).unwrap()));
        }
    }

    #[test]
    fn another_content_gets_another_file_and_the_old_one_goes() {
        let (edition, _) = embedded::load();
        let dir = tempfile::tempdir().unwrap();
        placement(Some(dir.path()), &edition);
        let before = kept_files(dir.path());
        let mut changed = edition.clone();
        changed.parsed.rules.values_mut().next().unwrap().text.push('!');
        placement(Some(dir.path()), &changed);
        let after = kept_files(dir.path());
        assert_eq!(after.len(), 1);
        assert_ne!(before, after);
    }

    #[test]
    fn a_store_that_cannot_be_written_still_cites() {
        let (edition, _) = embedded::load();
        let dir = tempfile::tempdir().unwrap();
        // The data directory is a file: nothing can be created under it.
        let blocked = dir.path().join("file");
        fs::write(&blocked, b"").unwrap();
        assert_eq!(placement(Some(&blocked), &edition), place(&edition, table(), Hints::Use));
    }

    /// A placement edited and sealed again, which reads as a good file, is still checked against
    /// the edition: one that cites a rule the edition lacks, another rule than the concept's, or
    /// a label its rule does not give, is computed again and kept anew.
    #[test]
    fn a_placement_sealed_again_after_an_edit_is_checked_against_the_edition() {
        let (edition, _) = embedded::load();
        let fresh = place(&edition, table(), Hints::Use);
        let dir = tempfile::tempdir().unwrap();
        placement(Some(dir.path()), &edition);
        let file = kept_files(dir.path()).remove(0);
        let id = |text: &str| RuleId::parse(text).unwrap();
        let edits: [&dyn Fn(&mut Placement); 4] = [
            &|p| {
                p.concepts.insert("replacement".into(), Placed::Found { id: id("999.99z") });
            },
            &|p| {
                p.concepts.insert("replacement".into(), Placed::Found { id: id("101.2") });
            },
            &|p| {
                p.concepts.insert("replacement".into(), Placed::Confirmed { id: id("614.9"), matched: 9, anchors: 9 });
            },
            &|p| {
                p.labels.insert("layer-7-switch".into(), "7z".into());
            },
        ];
        for (n, edit) in edits.iter().enumerate() {
            let mut doctored = fresh.clone();
            edit(&mut doctored);
            assert_ne!(doctored, fresh);
            fs::write(&file, seal(serde_json::to_vec(&doctored).unwrap())).unwrap();
            assert_eq!(placement(Some(dir.path()), &edition), fresh, "edit {n}");
            assert_eq!(fs::read(&file).unwrap(), seal(serde_json::to_vec(&fresh).unwrap()), "edit {n}");
        }
    }

    /// A cache file that is a pipe is not opened (which would wait for ever) nor read.
    #[cfg(unix)]
    #[test]
    fn a_pipe_in_place_of_a_cache_file_is_passed_over() {
        let (edition, _) = embedded::load();
        let dir = tempfile::tempdir().unwrap();
        placement(Some(dir.path()), &edition);
        let file = kept_files(dir.path()).remove(0);
        fs::remove_file(&file).unwrap();
        assert!(std::process::Command::new("mkfifo").arg(&file).status().unwrap().success());
        assert_eq!(placement(Some(dir.path()), &edition), place(&edition, table(), Hints::Use));
    }
}
