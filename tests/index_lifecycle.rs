//! The search index on disk: built on first use, reused after, rebuilt when the edition changes or
//! the index is damaged, and never left half-built by a crash or by two `judge` processes at once.

use judge::corpus::{embedded_edition, Edition, RuleId};
use judge::search::{self, BuildReason, Origin, SearchIndex};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::{Duration, SystemTime};
use tempfile::TempDir;

fn edition() -> Edition {
    embedded_edition().0
}

/// The directories under `<data_dir>/index/`, by name, sorted.
fn listing(data_dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(data_dir.join("index"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn dir_name(data_dir: &Path, edition: &Edition) -> String {
    search::index_dir(data_dir, edition).file_name().unwrap().to_string_lossy().into_owned()
}

/// The index answers a question about regeneration with 614.8, as the in-memory one does.
fn assert_works(index: &SearchIndex) {
    let hits = index.search("régénération", 3).unwrap();
    assert_eq!(hits.first().map(|h| h.id.to_string()).as_deref(), Some("614.8"), "{hits:?}");
}

#[test]
fn first_use_builds_and_the_next_reuses() {
    let data = TempDir::new().unwrap();
    let edition = edition();
    let first = search::open_or_build(data.path(), &edition).unwrap();
    assert_eq!(first.origin(), Origin::Built(BuildReason::FirstUse));
    let expected = data.path().join("index").join(format!("fr-2011-02-04-{}", search::fingerprint(&edition)));
    assert_eq!(first.path(), Some(expected.as_path()));
    assert_eq!(first.rule_count(), edition.rule_count() as u64);
    assert_works(&first);

    let second = search::open_or_build(data.path(), &edition).unwrap();
    assert_eq!(second.origin(), Origin::Reused);
    assert_works(&second);
    assert_eq!(first.search("blessures redirigées", 10).unwrap(), second.search("blessures redirigées", 10).unwrap());
    assert_eq!(listing(data.path()), [dir_name(data.path(), &edition)]);
}

/// `judge search` finds a built index from the edition's outline alone, and finds none before
/// it is built: it then reads the whole edition to build it.
#[test]
fn a_built_index_is_found_from_the_outline() {
    let data = TempDir::new().unwrap();
    let edition = edition();
    let key = search::IndexKey::of_outline(&judge::corpus::Outline::of(&edition));
    assert_eq!(key, search::IndexKey::of(&edition));
    assert!(search::open_built(data.path(), &key).is_none());
    assert!(!data.path().join("index").exists(), "looking writes nothing");
    let built = search::open_or_build(data.path(), &edition).unwrap();
    let found = search::open_built(data.path(), &key).expect("found once built");
    assert_eq!((found.origin(), found.path()), (Origin::Reused, built.path()));
    assert_works(&found);
}

#[test]
fn a_changed_edition_gets_a_new_index_and_the_old_one_goes() {
    let data = TempDir::new().unwrap();
    let edition = edition();
    search::open_or_build(data.path(), &edition).unwrap();
    let old_dir = search::index_dir(data.path(), &edition);

    let mut changed = edition.clone();
    let id = RuleId::parse("614.8").unwrap();
    changed.parsed.rules.get_mut(&id).unwrap().text.push_str(" Zorglub.");
    assert_ne!(search::fingerprint(&changed), search::fingerprint(&edition));

    let index = search::open_or_build(data.path(), &changed).unwrap();
    assert_eq!(index.origin(), Origin::Built(BuildReason::Outdated));
    assert!(!old_dir.exists());
    assert_eq!(listing(data.path()), [dir_name(data.path(), &changed)]);
    let hits = index.search("zorglub", 5).unwrap();
    assert_eq!(hits.iter().map(|h| h.id).collect::<Vec<_>>(), [id]);
}

#[test]
fn other_editions_indexes_are_left_alone() {
    let data = TempDir::new().unwrap();
    let french = edition();
    let mut other = french.clone();
    other.info.name = "fr-2011".into(); // a prefix of the other's name
    search::open_or_build(data.path(), &french).unwrap();
    search::open_or_build(data.path(), &other).unwrap();
    let mut expected = vec![dir_name(data.path(), &french), dir_name(data.path(), &other)];
    expected.sort();
    assert_eq!(listing(data.path()), expected);
}

#[test]
fn garbage_in_meta_json_means_a_rebuild_not_a_crash() {
    let data = TempDir::new().unwrap();
    let edition = edition();
    let dir = search::index_dir(data.path(), &edition);
    search::open_or_build(data.path(), &edition).unwrap();
    fs::write(dir.join("meta.json"), "{ this is not an index").unwrap();

    let index = search::open_or_build(data.path(), &edition).unwrap();
    assert_eq!(index.origin(), Origin::Built(BuildReason::Corrupt));
    assert_works(&index);
    assert_eq!(search::open_or_build(data.path(), &edition).unwrap().origin(), Origin::Reused);
}

#[test]
fn a_damaged_segment_file_means_a_rebuild() {
    let data = TempDir::new().unwrap();
    let edition = edition();
    let dir = search::index_dir(data.path(), &edition);
    search::open_or_build(data.path(), &edition).unwrap();
    // Flip bytes in the middle of the document store: the file's checksum no longer matches.
    let store: PathBuf = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "store"))
        .expect("a segment has a document store");
    let mut bytes = fs::read(&store).unwrap();
    let middle = bytes.len() / 2;
    for b in &mut bytes[middle..middle + 16] {
        *b = !*b;
    }
    fs::write(&store, bytes).unwrap();

    let index = search::open_or_build(data.path(), &edition).unwrap();
    assert_eq!(index.origin(), Origin::Built(BuildReason::Corrupt));
    assert_works(&index);
}

#[test]
fn an_empty_index_directory_means_a_rebuild() {
    let data = TempDir::new().unwrap();
    let edition = edition();
    fs::create_dir_all(search::index_dir(data.path(), &edition)).unwrap();
    let index = search::open_or_build(data.path(), &edition).unwrap();
    assert_eq!(index.origin(), Origin::Built(BuildReason::Corrupt));
    assert_works(&index);
}

#[test]
fn a_file_in_place_of_the_index_directory_means_a_rebuild() {
    let data = TempDir::new().unwrap();
    let edition = edition();
    let dir = search::index_dir(data.path(), &edition);
    fs::create_dir_all(dir.parent().unwrap()).unwrap();
    fs::write(&dir, "not a directory").unwrap();
    let index = search::open_or_build(data.path(), &edition).unwrap();
    assert_eq!(index.origin(), Origin::Built(BuildReason::Corrupt));
    assert_works(&index);
    assert!(dir.is_dir());

    fs::remove_dir_all(&dir).unwrap();
    fs::write(&dir, "not a directory").unwrap();
    let index = search::rebuild(data.path(), &edition).unwrap();
    assert_eq!(index.origin(), Origin::Built(BuildReason::Forced));
    assert_works(&index);
    assert_eq!(listing(data.path()), [dir_name(data.path(), &edition)]);
}

/// Sets a directory's modification time, as if it had been left there long ago.
fn age(dir: &Path, by: Duration) {
    let handle = fs::File::open(dir).unwrap();
    handle.set_modified(SystemTime::now() - by).unwrap();
}

#[test]
fn leftover_temporary_directories_do_not_get_in_the_way() {
    let data = TempDir::new().unwrap();
    let edition = edition();
    let name = dir_name(data.path(), &edition);
    let index_root = data.path().join("index");
    // A build that died an hour ago, half-written, and one that may still be running.
    let dead = index_root.join(format!(".tmp-{name}-4242-0-0"));
    let running = index_root.join(format!(".tmp-{name}-4243-0-0"));
    for dir in [&dead, &running] {
        fs::create_dir_all(dir).unwrap();
        fs::write(dir.join("meta.json"), "{ half").unwrap();
    }
    age(&dead, Duration::from_secs(3600));

    let index = search::open_or_build(data.path(), &edition).unwrap();
    assert_eq!(index.origin(), Origin::Built(BuildReason::FirstUse));
    assert_works(&index);
    assert!(!dead.exists(), "a stale temporary directory is removed");
    assert!(running.exists(), "a recent one may belong to a build in progress");
    assert_eq!(listing(data.path()), [format!(".tmp-{name}-4243-0-0"), name]);
}

#[test]
fn rebuild_replaces_the_index_in_place() {
    let data = TempDir::new().unwrap();
    let edition = edition();
    let before = search::open_or_build(data.path(), &edition).unwrap();
    let index = search::rebuild(data.path(), &edition).unwrap();
    assert_eq!(index.origin(), Origin::Built(BuildReason::Forced));
    assert_eq!(index.path(), before.path());
    assert_works(&index);
    // The index opened before the rebuild still reads its (now removed) files.
    assert_works(&before);
    assert_eq!(listing(data.path()), [dir_name(data.path(), &edition)]);
    // Without an index, rebuild builds one.
    let empty = TempDir::new().unwrap();
    assert_eq!(search::rebuild(empty.path(), &edition).unwrap().origin(), Origin::Built(BuildReason::Forced));
}

#[test]
fn threads_opening_at_once_all_get_a_complete_index() {
    let data = TempDir::new().unwrap();
    let edition = Arc::new(edition());
    let threads = 6;
    let barrier = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (data, edition, barrier) = (data.path().to_path_buf(), Arc::clone(&edition), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                let index = search::open_or_build(&data, &edition).unwrap();
                assert_works(&index);
                index.origin()
            })
        })
        .collect();
    let origins: Vec<Origin> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    // One builds, under the store's lock; the others wait for it and use its index.
    let built = origins.iter().filter(|o| **o == Origin::Built(BuildReason::FirstUse)).count();
    assert_eq!((built, origins.len() - built), (1, threads - 1), "{origins:?}");
    assert!(origins.iter().all(|o| matches!(o, Origin::Built(BuildReason::FirstUse) | Origin::Reused)));
    assert_eq!(listing(data.path()), [dir_name(data.path(), &edition)]);
    assert_eq!(search::open_or_build(data.path(), &edition).unwrap().origin(), Origin::Reused);
}

/// Set for the copies of this test binary that `processes_opening_at_once…` starts.
const CHILD_DATA_DIR: &str = "JUDGE_TEST_INDEX_CHILD_DATA_DIR";

/// In a copy of the test binary started by the test below, opens the index in the given data
/// directory; run normally, does nothing.
#[test]
fn child_process_opens_the_index() {
    let Some(data) = std::env::var_os(CHILD_DATA_DIR) else { return };
    let index = search::open_or_build(Path::new(&data), &edition()).unwrap();
    assert_works(&index);
    println!("origin: {:?}", index.origin());
}

#[test]
fn processes_opening_at_once_all_get_a_complete_index() {
    let data = TempDir::new().unwrap();
    let me = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..4)
        .map(|_| {
            Command::new(&me)
                .args([
                    "--exact",
                    "index_lifecycle::child_process_opens_the_index",
                    "--test-threads",
                    "1",
                    "--nocapture",
                ])
                .env(CHILD_DATA_DIR, data.path())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut origins = Vec::new();
    for child in children {
        let output = child.wait_with_output().unwrap();
        let says = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        assert!(output.status.success(), "{}{}", says(&output.stdout), says(&output.stderr));
        let stdout = says(&output.stdout);
        origins.extend(stdout.lines().filter_map(|l| l.split_once("origin: ")).map(|(_, o)| o.to_string()));
    }
    // One builds, under the store's lock; the others wait for it and use its index.
    origins.sort();
    assert_eq!(origins, ["Built(FirstUse)", "Reused", "Reused", "Reused"]);
    let edition = edition();
    assert_eq!(listing(data.path()), [dir_name(data.path(), &edition)]);
    let index = search::open_or_build(data.path(), &edition).unwrap();
    assert_eq!(index.origin(), Origin::Reused);
    assert_works(&index);
}
