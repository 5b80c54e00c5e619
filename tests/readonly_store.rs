//! A data directory the user may only read (a system-wide install, a shared directory): search,
//! lookup and resolve work from it, write nothing, and delete nothing, whatever state the index
//! is in. Root ignores permissions, so when the tests run as root (CI, containers) `judge` runs
//! as `nobody`; otherwise as the test's own user on a directory made read-only.

use crate::support::{as_format_3, run};
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;

const NOBODY: u32 = 65534;
const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
const SCENARIO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/blood-moon-urborg.yaml");

fn is_root() -> bool {
    let out = Command::new("id").arg("-u").output().expect("`id -u` runs");
    String::from_utf8_lossy(&out.stdout).trim() == "0"
}

/// A temporary directory with `data/` in it, which the user `judge` runs as may read and, until
/// [`Store::lock`], the test may fill. Made writable again when dropped, so that it can be removed.
struct Store {
    root: tempfile::TempDir,
}

impl Store {
    fn new() -> Store {
        let root = tempfile::tempdir().unwrap();
        // Traversable by `nobody`: a temporary directory is its owner's only.
        fs::set_permissions(root.path(), fs::Permissions::from_mode(0o755)).unwrap();
        fs::create_dir(root.path().join("data")).unwrap();
        Store { root }
    }

    fn data(&self) -> PathBuf {
        self.root.path().join("data")
    }

    /// Nobody may write anything under `data/` any more: directories 0555, files 0444.
    fn lock(&self) {
        chmod_tree(&self.data(), 0o555, 0o444);
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        chmod_tree(&self.data(), 0o755, 0o644);
    }
}

fn chmod_tree(dir: &Path, dirs: u32, files: u32) {
    // Writable first on the way down (to list and change what is inside), then as asked.
    let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o755));
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            chmod_tree(&path, dirs, files);
        } else {
            fs::set_permissions(&path, fs::Permissions::from_mode(files)).unwrap();
        }
    }
    fs::set_permissions(dir, fs::Permissions::from_mode(dirs)).unwrap();
}

/// Every directory and file under `dir`: path, mode, size and modification time. Equal before
/// and after a command: it wrote, created, changed and deleted nothing.
fn listing(dir: &Path) -> Vec<(PathBuf, u32, u64, i64, i64)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let meta = fs::symlink_metadata(&dir).unwrap();
        out.push((dir.clone(), meta.mode(), 0, meta.mtime(), meta.mtime_nsec()));
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let meta = fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                stack.push(path);
            } else {
                out.push((path, meta.mode(), meta.len(), meta.mtime(), meta.mtime_nsec()));
            }
        }
    }
    out.sort();
    out
}

/// Runs `judge` as a user who may not write the locked store: `nobody` when the tests run as
/// root, else the test's own user. Returns (exit code, stdout, stderr).
fn run_locked_out(store: &Store, args: &[&str]) -> (i32, String, String) {
    let root = is_root();
    let binary = if root { store.binary_for_nobody() } else { PathBuf::from(env!("CARGO_BIN_EXE_judge")) };
    let mut cmd = Command::new(binary);
    cmd.env_clear().env("NO_COLOR", "1").env("COLUMNS", "100").env("JUDGE_DATA_DIR", store.data());
    cmd.current_dir("/").args(args);
    if root {
        cmd.uid(NOBODY).gid(NOBODY);
    }
    let out = cmd.output().expect("judge runs");
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

impl Store {
    /// The binary cargo built when `nobody` may run it there, else a copy beside the store (a
    /// clone under a private home directory).
    fn binary_for_nobody(&self) -> PathBuf {
        let binary = Path::new(env!("CARGO_BIN_EXE_judge"));
        let others_may = |path: &Path, bits: u32| fs::metadata(path).is_ok_and(|m| m.mode() & bits == bits);
        if binary.ancestors().skip(1).all(|dir| others_may(dir, 0o001)) && others_may(binary, 0o005) {
            return binary.to_path_buf();
        }
        let copy = self.root.path().join("judge");
        if !copy.exists() {
            fs::copy(binary, &copy).unwrap();
            fs::set_permissions(&copy, fs::Permissions::from_mode(0o755)).unwrap();
        }
        copy
    }

    /// A scenario file `nobody` may read.
    fn scenario(&self) -> String {
        let copy = self.root.path().join("scenario.yaml");
        fs::copy(SCENARIO, &copy).unwrap();
        fs::set_permissions(&copy, fs::Permissions::from_mode(0o644)).unwrap();
        copy.display().to_string()
    }
}

fn the_index_dir(data: &Path) -> PathBuf {
    let mut dirs: Vec<PathBuf> = fs::read_dir(data.join("index")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(dirs.len(), 1, "{dirs:?}");
    dirs.remove(0)
}

/// What a search prints from a store it may write, built for the occasion.
fn expected_search(args: &[&str]) -> (i32, String) {
    let fresh = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = run(fresh.path(), args);
    assert!(code <= 1, "{stderr}");
    (code, stdout)
}

const QUESTION: &[&str] = &["search", "régénération", "--json"];

#[test]
fn a_whole_index_is_searched_and_nothing_changes() {
    let store = Store::new();
    assert_eq!(run(&store.data(), &["index"]).0, 0);
    store.lock();
    let before = listing(&store.data());
    let (code, stdout, stderr) = run_locked_out(&store, QUESTION);
    assert_eq!((code, stdout), expected_search(QUESTION));
    assert_eq!(stderr, "", "an index on disk needs no note");
    assert_eq!(listing(&store.data()), before);
}

#[test]
fn with_no_index_the_embedded_corpus_is_searched_from_memory_and_nothing_written() {
    let store = Store::new();
    store.lock();
    let before = listing(&store.data());
    let (code, stdout, stderr) = run_locked_out(&store, QUESTION);
    assert_eq!((code, stdout), expected_search(QUESTION));
    let data = store.data().display().to_string();
    assert_eq!(
        stderr,
        format!(
            "note: cannot write the search index in `{data}` (Permission denied (os error 13)); searching with an \
             index built in memory\n"
        )
    );
    // Lookup and resolve read the store too, and keep nothing either.
    let (code, stdout, stderr) = run_locked_out(&store, &["rule", "614.8"]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert!(stdout.contains("614.8"), "{stdout}");
    let scenario = store.scenario();
    let (code, stdout, stderr) = run_locked_out(&store, &["resolve", &scenario]);
    let fresh = tempfile::tempdir().unwrap();
    assert_eq!((code, stdout, stderr), run(fresh.path(), &["resolve", &scenario]));
    assert_eq!(listing(&store.data()), before);
}

#[test]
fn an_imported_edition_is_searched_and_looked_up() {
    let store = Store::new();
    assert_eq!(run(&store.data(), &["corpus", "import", FIXTURE]).0, 0);
    store.lock();
    let before = listing(&store.data());
    let question = ["search", "instead", "--edition", "en-2024-04-01", "--json"];
    let imported = tempfile::tempdir().unwrap();
    assert_eq!(run(imported.path(), &["corpus", "import", FIXTURE]).0, 0);
    let (code, expected, _) = run(imported.path(), &question);
    assert_eq!(code, 0);
    let (code, stdout, stderr) = run_locked_out(&store, &question);
    assert_eq!((code, stdout), (0, expected));
    assert!(stderr.starts_with("note: cannot write the search index in `"), "{stderr}");
    let (code, stdout, stderr) = run_locked_out(&store, &["rule", "614.1a", "--edition", "en-2024-04-01"]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert!(stdout.contains("instead"), "{stdout}");
    assert_eq!(listing(&store.data()), before);
}

#[test]
fn an_explicit_build_on_a_read_only_store_is_an_error_naming_it() {
    let store = Store::new();
    store.lock();
    let before = listing(&store.data());
    for args in [&["index"][..], &["index", "--rebuild"]] {
        let (code, stdout, stderr) = run_locked_out(&store, args);
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}");
        assert!(stderr.contains(&format!("cannot write the search index in `{}`", store.data().display())), "{stderr}");
        assert!(stderr.contains("Permission denied"), "{stderr}");
    }
    assert_eq!(listing(&store.data()), before);
}

#[test]
fn a_rebuild_on_a_read_only_store_keeps_the_index_there() {
    let store = Store::new();
    assert_eq!(run(&store.data(), &["index"]).0, 0);
    store.lock();
    let before = listing(&store.data());
    let (code, stdout, _) = run_locked_out(&store, &["index"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("index of fr-2011-02-04: up to date, 102 rules"), "{stdout}");
    let (code, _, stderr) = run_locked_out(&store, &["index", "--rebuild"]);
    assert_eq!(code, 2);
    let index = store.data().join("index").display().to_string();
    assert!(stderr.contains(&format!("cannot write the search index in `{index}`")), "{stderr}");
    assert_eq!(listing(&store.data()), before);
}

/// The case: the index folders writable, the rest not. Opening the index took a lock
/// file there, failed on the one left read-only, took the index for damaged and deleted it.
#[test]
fn a_valid_index_in_writable_folders_is_not_deleted() {
    let store = Store::new();
    assert_eq!(run(&store.data(), &["index"]).0, 0);
    store.lock();
    let index = the_index_dir(&store.data());
    for dir in [store.data().join("index"), index] {
        fs::set_permissions(dir, fs::Permissions::from_mode(0o777)).unwrap();
    }
    let before = listing(&store.data());
    let (code, stdout, stderr) = run_locked_out(&store, QUESTION);
    assert_eq!((code, stdout), expected_search(QUESTION));
    assert_eq!(stderr, "");
    assert_eq!(listing(&store.data()), before);
}

/// An index this user may not read (another user's, private) may well be whole: it is left as
/// it is, even where it could be deleted, and the search is answered from memory.
#[test]
fn an_index_this_user_may_not_read_is_left_alone() {
    let store = Store::new();
    assert_eq!(run(&store.data(), &["index"]).0, 0);
    store.lock();
    let index = the_index_dir(&store.data());
    for dir in [store.data().join("index"), index.clone()] {
        fs::set_permissions(dir, fs::Permissions::from_mode(0o777)).unwrap();
    }
    fs::set_permissions(index.join("meta.json"), fs::Permissions::from_mode(0o000)).unwrap();
    let before = listing(&store.data());
    let (code, stdout, stderr) = run_locked_out(&store, QUESTION);
    assert_eq!((code, stdout), expected_search(QUESTION));
    assert!(stderr.starts_with(&format!("note: cannot read the search index at `{}`", index.display())), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let (code, _, stderr) = run_locked_out(&store, &["index"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("it was left as it is"), "{stderr}");
    assert_eq!(listing(&store.data()), before);
}

/// Built by one user, readable by all who may read the store: tantivy writes some files private
/// to their owner.
#[test]
fn an_index_is_readable_by_whoever_may_read_its_directory() {
    let store = Store::new();
    assert_eq!(run(&store.data(), &["index"]).0, 0);
    let index = the_index_dir(&store.data());
    let dir_mode = fs::metadata(&index).unwrap().permissions().mode() & 0o666;
    for entry in fs::read_dir(&index).unwrap() {
        let path = entry.unwrap().path();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, dir_mode, "{}", path.display());
    }
}

/// An imported edition rewritten as the `judge` before XXH3 stored it (format 2): the layout
/// of format 3, with the format 2 and XXH64 checksums (seed 0) of the same bytes.
fn as_format_2(format_4: &[u8]) -> Vec<u8> {
    const MAGIC_LEN: usize = b"judge edition\n".len();
    let mut bytes = as_format_3(format_4);
    bytes[MAGIC_LEN..MAGIC_LEN + 4].copy_from_slice(&2u32.to_le_bytes());
    let json_len = u32::from_le_bytes(bytes[MAGIC_LEN + 4..MAGIC_LEN + 8].try_into().unwrap()) as usize;
    let header_end = MAGIC_LEN + 8 + json_len;
    let sum = xxhash_rust::xxh64::xxh64(&bytes[..header_end], 0);
    bytes[header_end..header_end + 8].copy_from_slice(&sum.to_le_bytes());
    let end = bytes.len() - 8;
    let sum = xxhash_rust::xxh64::xxh64(&bytes[..end], 0);
    bytes[end..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

/// The imported edition's file written again by `rewrite`; returns its path.
fn rewritten(data: &Path, name: &str, rewrite: fn(&[u8]) -> Vec<u8>) -> PathBuf {
    let path = data.join("editions").join(format!("{name}.edition"));
    fs::write(&path, rewrite(&fs::read(&path).unwrap())).unwrap();
    path
}

/// An edition stored with XXH64 checksums by the `judge` before XXH3 is read as it is, checked,
/// from a store that cannot be written; one that can is written again in format 4.
#[test]
fn an_edition_of_format_2_is_read_as_it_is() {
    an_older_format_is_read_as_it_is(as_format_2);
}

/// An edition stored without blocks by the `judge` before format 4 is read as it is, checked,
/// from a store that cannot be written, a lookup reading every rule; one that can is written
/// again in format 4.
#[test]
fn an_edition_of_format_3_is_read_as_it_is() {
    an_older_format_is_read_as_it_is(as_format_3);
}

fn an_older_format_is_read_as_it_is(rewrite: fn(&[u8]) -> Vec<u8>) {
    let rule = ["rule", "614.1a", "--edition", "en-2024-04-01"];
    let imported = tempfile::tempdir().unwrap();
    assert_eq!(run(imported.path(), &["corpus", "import", FIXTURE]).0, 0);
    let (code, expected, _) = run(imported.path(), &rule);
    assert_eq!(code, 0);
    let (_, expected_list, _) = run(imported.path(), &["corpus", "list"]);
    let format4 = fs::read(imported.path().join("editions/en-2024-04-01.edition")).unwrap();

    let store = Store::new();
    assert_eq!(run(&store.data(), &["corpus", "import", FIXTURE]).0, 0);
    let path = rewritten(&store.data(), "en-2024-04-01", rewrite);
    store.lock();
    let before = listing(&store.data());
    assert_eq!(run_locked_out(&store, &rule), (0, expected.clone(), String::new()));
    assert_eq!(run_locked_out(&store, &["corpus", "list"]), (0, expected_list, String::new()));
    assert_eq!(listing(&store.data()), before);
    // Damaged, it is refused, not read: a lookup of an older format reads every byte.
    chmod_tree(&store.data(), 0o755, 0o644);
    let mut damaged = fs::read(&path).unwrap();
    let near_the_end = damaged.len() - 20;
    damaged[near_the_end] ^= 0x20;
    fs::write(&path, &damaged).unwrap();
    store.lock();
    let (code, _, stderr) = run_locked_out(&store, &rule);
    assert_eq!(code, 2);
    assert!(stderr.contains("is damaged"), "{stderr}");

    // Writable, the first read writes it again as an import would.
    let writable = tempfile::tempdir().unwrap();
    assert_eq!(run(writable.path(), &["corpus", "import", FIXTURE]).0, 0);
    let path = rewritten(writable.path(), "en-2024-04-01", rewrite);
    assert_ne!(fs::read(&path).unwrap(), format4);
    assert_eq!(run(writable.path(), &rule), (0, expected, String::new()));
    assert_eq!(fs::read(&path).unwrap(), format4);
}
