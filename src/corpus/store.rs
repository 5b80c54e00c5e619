//! The edition store: English rules texts imported into the data directory, so that they can be
//! used by name (`en-2025-11-14`) from then on.
//!
//! Each edition is one file, `editions/<name>.edition`, in the layout of `edition_file/`.
//! An import reads, decodes and parses the whole text before it writes anything, and it writes to
//! a temporary file in the same directory that is then renamed over the old one: a bad text or a
//! crash leaves the store exactly as it was.

use super::completeness::{self, Incomplete};
use super::decode::{decode, DecodeError};
use super::edition::{Document, Edition, EditionInfo, Outline};
use super::edition_file::{self, Part, ReadError, Stored, FORMAT, XXH64_FORMAT};
use super::embedded;
use super::lang::Lang;
use super::parse_en;
use super::replacing::{self, Loss};
use crate::diagnostic::problem::{FileProblems, Problem};
use miette::Diagnostic;
use std::fs;
use std::io;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const DIRECTORY: &str = "editions";
const EXTENSION: &str = "edition";
const MAX_NAME_LENGTH: usize = 64;
/// What an import's temporary file is named after; one left by an import that was killed is
/// removed at the next import.
const TEMPORARY_PREFIX: &str = ".import-";

/// The editions a listing found readable, with their rule counts.
pub type Listed = Vec<(EditionInfo, usize)>;

#[derive(Clone, Debug)]
pub struct Store {
    root: PathBuf,
}

/// What an import stored.
#[derive(Debug)]
pub struct Imported {
    pub info: EditionInfo,
    pub rule_count: usize,
    /// What the parser found odd without stopping the import (see
    /// [`parse_en::EnglishCr::warnings`]), ready to show; none when the text was clean.
    pub warnings: Option<FileProblems>,
    /// What the text lacks of a whole one, when `--allow-partial` let it in.
    pub partial: Option<Incomplete>,
    /// What the edition it replaced had and it has not, when `--replace` let it in.
    pub replaced: Option<Loss>,
}

/// What an import may do beyond storing a whole text under a new name or over an edition no
/// bigger than it. The default allows neither.
#[derive(Clone, Copy, Debug, Default)]
pub struct ImportOptions {
    /// Store a text that is not whole (`completeness.rs`), with a warning.
    pub allow_partial: bool,
    /// Replace an edition that has more rules or sections (`replacing.rs`), with a warning.
    pub replace: bool,
}

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum ImportError {
    #[error("`{name}` is not a valid edition name")]
    #[diagnostic(help(
        "use lowercase letters, digits, `-` and `.`, starting with a letter or a digit, at most 64 characters"
    ))]
    BadName { name: String },

    #[error("`{name}` is the name of the embedded edition, which cannot be replaced")]
    #[diagnostic(help("import the text under another name"))]
    Reserved { name: String },

    #[error("cannot read `{}`", .path.display())]
    Read { path: PathBuf, source: io::Error },

    #[error("cannot decode `{}`", .path.display())]
    Decode {
        path: PathBuf,
        #[diagnostic_source]
        source: DecodeError,
    },

    #[error(transparent)]
    #[diagnostic(transparent)]
    Parse(FileProblems),

    #[error(transparent)]
    #[diagnostic(transparent)]
    Incomplete(Box<Incomplete>),

    #[error(transparent)]
    #[diagnostic(transparent)]
    WouldLose(Box<Loss>),

    #[error("cannot write the edition to `{}`", .path.display())]
    #[diagnostic(help("the store is left as it was"))]
    Write { path: PathBuf, source: io::Error },
}

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum StoreError {
    #[error("`{}` is not a valid edition name", crate::suggest::shown(.name))]
    #[diagnostic(help("edition names are made of lowercase letters, digits, `-` and `.`, such as `en-2025-11-14`"))]
    BadName { name: String },

    #[error("no edition named `{}`", crate::suggest::shown(.name))]
    #[diagnostic(help("{}", imported_help(.imported)))]
    NotFound { name: String, imported: Vec<String> },

    #[error("cannot read `{}`", .path.display())]
    Read { path: PathBuf, source: io::Error },

    #[error("stored edition `{}` is damaged", .path.display())]
    #[diagnostic(help(
        "{reason}; import its rules text again to replace it: `judge corpus import FILE --edition {name}`"
    ))]
    Damaged { path: PathBuf, name: String, reason: String },

    #[error("stored edition `{}` is a link to `{}`, which does not exist", .path.display(), .target.display())]
    #[diagnostic(help(
        "import the rules text again (`judge corpus import FILE --edition {name}`), or remove the link"
    ))]
    Dangling { path: PathBuf, name: String, target: PathBuf },

    #[error("stored edition `{}` is {kind}, not an edition file", .path.display())]
    #[diagnostic(help(
        "remove it, or import the rules text again in its place: `judge corpus import FILE --edition {name}`"
    ))]
    Foreign { path: PathBuf, name: String, kind: String },

    #[error("stored edition `{}` was written in format {found}, and this version of judge reads formats {XXH64_FORMAT} to {FORMAT}", .path.display())]
    #[diagnostic(help("import its rules text again to replace it: `judge corpus import FILE --edition {name}`"))]
    Outdated { path: PathBuf, name: String, found: u32 },
}

fn imported_help(imported: &[String]) -> String {
    if imported.is_empty() {
        "no edition has been imported into this data directory".to_string()
    } else {
        format!("imported editions: {}", imported.join(", "))
    }
}

/// An edition name is also a file name, so it is kept to characters that are safe everywhere and
/// cannot climb out of the store (`..`, `/`).
pub fn valid_name(name: &str) -> bool {
    name.len() <= MAX_NAME_LENGTH
        && name.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
}

impl Store {
    /// A store kept under `root` (the data directory). Nothing is created until an import.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Store { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    fn directory(&self) -> PathBuf {
        self.root.join(DIRECTORY)
    }

    fn path_of(&self, name: &str) -> PathBuf {
        self.directory().join(format!("{name}.{EXTENSION}"))
    }

    /// Reads an English rules text and stores it as an edition named `name`, or `en-YYYY-MM-DD`
    /// after its effective date. An edition of the same name is replaced; the embedded edition's
    /// name is refused. A text that is not whole, or that has fewer rules or sections than the
    /// edition it would replace, is refused unless `options` allow it.
    pub fn import(&self, path: &Path, name: Option<&str>) -> Result<Imported, ImportError> {
        self.import_with(path, name, ImportOptions::default())
    }

    /// [`Store::import`] with options.
    pub fn import_with(
        &self,
        path: &Path,
        name: Option<&str>,
        options: ImportOptions,
    ) -> Result<Imported, ImportError> {
        if let Some(name) = name {
            check_import_name(name)?;
        }
        let bytes = crate::bounded_read::read(path, crate::bounded_read::RULES_TEXT)
            .map_err(|source| ImportError::Read { path: path.to_path_buf(), source })?;
        let shown = path.display().to_string();
        let file = path.file_name().map_or_else(|| shown.clone(), |f| f.to_string_lossy().into_owned());
        self.import_bytes(&bytes, &shown, &file, name, options)
    }

    /// Stores the bytes of an English rules text, as [`Store::import`] does a file's: `shown`
    /// names the text in diagnostics (a path, or the address it was downloaded from) and `file`
    /// is the file name the edition records as its document.
    pub fn import_bytes(
        &self,
        bytes: &[u8],
        shown: &str,
        file: &str,
        name: Option<&str>,
        options: ImportOptions,
    ) -> Result<Imported, ImportError> {
        if let Some(name) = name {
            check_import_name(name)?;
        }
        let text = decode(bytes).map_err(|source| ImportError::Decode { path: PathBuf::from(shown), source })?;
        let text = Arc::new(text);
        let cr = parse_en::parse(&text).map_err(|problems| {
            let summary = format!("`{shown}` cannot be imported: {}", count(problems.len(), "problem"));
            let help = Some("the store is left as it was".to_string());
            ImportError::Parse(FileProblems::new(shown, Arc::clone(&text), summary, help, &problems))
        })?;
        let gaps = completeness::check(&cr);
        let partial = if gaps.is_whole() {
            None
        } else {
            let incomplete = Incomplete::new(shown, Arc::clone(&text), &cr, &gaps);
            if !options.allow_partial {
                return Err(ImportError::Incomplete(Box::new(incomplete)));
            }
            Some(incomplete)
        };
        // A name made of the date is always valid: the parser only gives `YYYY-MM-DD`.
        let name = name.map_or_else(|| format!("en-{}", cr.date), str::to_string);
        let partial = partial.map(|p| p.allowed(&name));
        let info = EditionInfo { name, lang: Lang::En, date: cr.date.clone() };
        let document =
            Document { file: file.to_string(), date: cr.date, sections: cr.parsed.sections.keys().copied().collect() };
        let edition = Edition::new(info.clone(), vec![document], cr.parsed);
        let rule_count = edition.rule_count();
        // What is replaced is what is there when the new file goes in: the check and the write
        // hold the store's lock together.
        let _lock = crate::atomic_file::lock_store(&self.root);
        let replaced = match replacing::loss(self, &edition, shown) {
            Some(loss) if !options.replace => return Err(ImportError::WouldLose(Box::new(loss))),
            loss => loss.map(Loss::replaced),
        };
        self.write(&edition)?;
        let warnings = warnings(shown, text, &cr.warnings);
        Ok(Imported { info, rule_count, warnings, partial, replaced })
    }

    /// Writes the whole edition beside its final place, then renames it there, which replaces an
    /// older file of the same name in one step (`atomic_file.rs`).
    fn write(&self, edition: &Edition) -> Result<(), ImportError> {
        let target = self.path_of(edition.name());
        let content = crate::corpus::fingerprint::content_fingerprint(edition);
        crate::atomic_file::write(&target, TEMPORARY_PREFIX, |out| edition_file::write_stamped(edition, &content, out))
            .map_err(|source| ImportError::Write { path: target.clone(), source })
    }

    /// The imported editions that can be read, by name, with their rule counts. The embedded
    /// edition is not stored here and is not listed. A stored file that cannot be read (damaged,
    /// outdated, a link to nothing, a pipe or another kind of file) is passed over:
    /// [`Store::list_skipping`] says which.
    pub fn list(&self) -> Result<Vec<(EditionInfo, usize)>, StoreError> {
        self.list_skipping().map(|(listed, _)| listed)
    }

    /// [`Store::list`], and why each stored file passed over cannot be read, for a warning: one
    /// damaged file does not hide the other editions. Only a directory that cannot be read is an
    /// error.
    pub fn list_skipping(&self) -> Result<(Listed, Vec<StoreError>), StoreError> {
        let mut listed = Vec::new();
        let mut skipped = Vec::new();
        for (name, _) in self.stored_files()? {
            match self.read(&name, edition_file::read_listing) {
                Ok(listing) => listed.push((listing.info, listing.rule_count)),
                Err(error) => skipped.push(error),
            }
        }
        Ok((listed, skipped))
    }

    /// What `judge search` needs of an imported edition once its index is built: its header.
    pub fn outline(&self, name: &str) -> Result<Outline, StoreError> {
        let header = self.read(name, edition_file::read_header)?;
        Ok(Outline {
            info: header.info,
            rule_count: header.rule_count,
            sections: header.sections,
            content: header.content,
        })
    }

    /// Loads an imported edition.
    pub fn load(&self, name: &str) -> Result<Edition, StoreError> {
        self.load_part(name, &Part::Whole)
    }

    /// Loads what showing the rules of a few sections needs, several times faster than a whole
    /// edition: those rules whole, and the rules that cite them or that they cite, so that
    /// everything shown with them reads as in the whole edition, but no other rule and no glossary
    /// (`Part::Lookup` in `edition_file/`): only the header and the blocks of those sections are
    /// read. The nearest numbers to a missing one must be asked of the whole edition
    /// ([`Store::load`]).
    pub fn load_for_lookup(&self, name: &str, sections: RangeInclusive<u16>) -> Result<Edition, StoreError> {
        self.load_part(name, &Part::Lookup(sections))
    }

    fn load_part(&self, name: &str, part: &Part) -> Result<Edition, StoreError> {
        self.read(name, |input, len| edition_file::read(input, len, part))
    }

    /// Reads the stored file of the edition `name` with `read`. A file of an older format is
    /// written again in this one, when the store can be written.
    fn read<T>(
        &self,
        name: &str,
        read: impl Fn(fs::File, u64) -> Result<Stored<T>, ReadError>,
    ) -> Result<T, StoreError> {
        if !valid_name(name) {
            return Err(StoreError::BadName { name: name.to_string() });
        }
        let path = self.path_of(name);
        match read_stored(&path, name, &read) {
            Ok(stored) => {
                // Format 3 or 2 was read and checked as it is (a lookup of either reads every
                // rule); in a store that cannot be written it stays so.
                if stored.format != FORMAT {
                    self.upgrade(name, &path);
                }
                Ok(stored.value)
            }
            Err(StoreError::Outdated { found: 1, .. }) if self.upgrade(name, &path) => {
                read_stored(&path, name, &read).map(|stored| stored.value)
            }
            // A link to a file that is gone is listed but cannot be read: say so, not that the
            // edition does not exist.
            Err(StoreError::Read { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                if let Ok(target) = fs::read_link(&path) {
                    return Err(StoreError::Dangling { path, name: name.to_string(), target });
                }
                let imported = self.stored_files().unwrap_or_default().into_iter().map(|(n, _)| n).collect();
                Err(StoreError::NotFound { name: name.to_string(), imported })
            }
            Err(e) => Err(e),
        }
    }

    /// Writes an edition stored by an earlier `judge` again in the format of this one: without
    /// checksums (format 1), with XXH64 ones (format 2), or without the blocks a lookup reads
    /// alone (format 3), so that an upgrade of `judge` loses no edition and reads it at the speed
    /// of today; whether it could (not in a store it cannot write). The temporary file is created before the edition is read, so that a store that
    /// cannot be written costs a failed creation, not a read of the whole edition, on every read.
    fn upgrade(&self, name: &str, path: &Path) -> bool {
        let _lock = crate::atomic_file::lock_store(&self.root);
        crate::atomic_file::write(path, TEMPORARY_PREFIX, |out| {
            let edition = read_stored(path, name, edition_file::read_outdated).map_err(io::Error::other)?;
            let content = crate::corpus::fingerprint::content_fingerprint(&edition);
            edition_file::write_stamped(&edition, &content, out)
        })
        .is_ok()
    }

    /// The stored edition files, sorted by name. Temporary files of imports that never finished
    /// do not end in `.edition` and are passed over.
    fn stored_files(&self) -> Result<Vec<(String, PathBuf)>, StoreError> {
        let directory = self.directory();
        let entries = match fs::read_dir(&directory) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(vec![]),
            Err(source) => return Err(StoreError::Read { path: directory, source }),
        };
        let mut files = Vec::new();
        for entry in entries {
            let path = entry.map_err(|source| StoreError::Read { path: directory.clone(), source })?.path();
            if path.extension().is_some_and(|e| e == EXTENSION) {
                if let Some(name) = path.file_stem().and_then(|s| s.to_str()) {
                    files.push((name.to_string(), path.clone()));
                }
            }
        }
        files.sort();
        Ok(files)
    }
}

fn check_import_name(name: &str) -> Result<(), ImportError> {
    if name == embedded::NAME {
        return Err(ImportError::Reserved { name: name.to_string() });
    }
    if !valid_name(name) {
        return Err(ImportError::BadName { name: name.to_string() });
    }
    Ok(())
}

/// Opens a stored file and reads it with `read`: the whole edition, or its header.
fn read_stored<T>(
    path: &Path,
    name: &str,
    read: impl FnOnce(fs::File, u64) -> Result<T, ReadError>,
) -> Result<T, StoreError> {
    let read_error = |source| StoreError::Read { path: path.to_path_buf(), source };
    // Looked at before it is opened: opening a pipe would wait for a writer that never comes.
    let metadata = fs::metadata(path).map_err(read_error)?;
    if let Some(kind) = foreign(path, &metadata) {
        return Err(StoreError::Foreign { path: path.to_path_buf(), name: name.to_string(), kind });
    }
    if metadata.len() > crate::bounded_read::EDITION {
        let reason = crate::bounded_read::too_large(crate::bounded_read::EDITION).to_string();
        return Err(StoreError::Damaged { path: path.to_path_buf(), name: name.to_string(), reason });
    }
    let file = fs::File::open(path).map_err(read_error)?;
    let len = file.metadata().map_err(read_error)?.len();
    read(file, len).map_err(|e| match e {
        ReadError::Io(source) => read_error(source),
        ReadError::Outdated(found) => StoreError::Outdated { path: path.to_path_buf(), name: name.to_string(), found },
        ReadError::Damaged(reason) => StoreError::Damaged { path: path.to_path_buf(), name: name.to_string(), reason },
    })
}

/// What makes the stored file at `path` no edition file whatever it holds, if anything: it is not
/// a regular file (a pipe, a directory, a device), or it is a link to a file outside the store.
fn foreign(path: &Path, metadata: &fs::Metadata) -> Option<String> {
    let file_type = metadata.file_type();
    if !file_type.is_file() {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if file_type.is_fifo() {
                return Some("a named pipe (FIFO)".into());
            }
            if file_type.is_socket() {
                return Some("a socket".into());
            }
            if file_type.is_char_device() || file_type.is_block_device() {
                return Some("a device".into());
            }
        }
        if file_type.is_dir() {
            return Some("a directory".into());
        }
        return Some("not a regular file".into());
    }
    let linked = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if linked {
        let directory = path.parent().and_then(|d| fs::canonicalize(d).ok());
        let target = fs::canonicalize(path).ok();
        let inside = matches!((&directory, &target), (Some(d), Some(t)) if t.parent() == Some(d.as_path()));
        if !inside {
            let shown = target.map_or_else(|| "?".to_string(), |t| t.display().to_string());
            return Some(format!("a link to `{shown}`, outside the store"));
        }
    }
    None
}

fn warnings(shown: &str, text: Arc<String>, warnings: &[Problem]) -> Option<FileProblems> {
    if warnings.is_empty() {
        return None;
    }
    let summary = format!("`{shown}` was imported, with {}", count(warnings.len(), "warning"));
    let help = Some("these lines may have been read wrongly; check the rules they belong to".to_string());
    Some(FileProblems::new(shown, text, summary, help, warnings).warnings())
}

pub(crate) fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::rule_id::RuleId;

    /// `judge edition\n`: the format comes after it.
    const MAGIC_LEN: usize = 14;

    const TEXT: &str = "Comprehensive Rules\n\nThese rules are effective as of June 9, 2023.\n\n\
        Contents\n\n100. General\nGlossary\nCredits\n\n100. General\n\n100.1. These Magic rules apply to any Magic game.\n\n100.1a A two-player game.\n\n\
        Glossary\n\nActive Player\nThe player whose turn it is. See rule 100.1.\n\nCredits\n";

    fn fixture(dir: &Path, file: &str, text: &str) -> PathBuf {
        let path = dir.join(file);
        fs::write(&path, text).unwrap();
        path
    }

    /// A store in a fresh directory, with `TEXT` imported.
    fn imported() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        store.import(&fixture(dir.path(), "cr.txt", TEXT), None).unwrap();
        (dir, store)
    }

    fn store_files(store: &Store) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(store.directory())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn import_list_and_load() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().join("data"));
        assert!(store.list().unwrap().is_empty(), "no directory yet is an empty store");
        let path = fixture(dir.path(), "cr.txt", TEXT);
        let imported = store.import(&path, None).unwrap();
        assert_eq!(imported.info.name, "en-2023-06-09");
        assert_eq!(imported.rule_count, 2);
        assert!(imported.warnings.is_none());
        assert_eq!(store.list().unwrap(), [(imported.info.clone(), 2)]);
        let edition = store.load("en-2023-06-09").unwrap();
        assert_eq!(edition.info, imported.info);
        assert_eq!(edition.info.lang, Lang::En);
        assert_eq!(edition.parsed.glossary[0].term, "Active Player");
        assert_eq!(edition.documents[0].file, "cr.txt");
        assert_eq!(edition.date_of(RuleId::parse("100.1a").unwrap()), "2023-06-09");
        assert_eq!(store_files(&store), ["en-2023-06-09.edition"]);
    }

    /// The header of an imported edition holds the fingerprint of its content, so that its
    /// outline is the whole edition's without reading the rules.
    #[test]
    fn the_outline_is_the_whole_editions() {
        let (_dir, store) = imported();
        let edition = store.load("en-2023-06-09").unwrap();
        assert_eq!(store.outline("en-2023-06-09").unwrap(), Outline::of(&edition));
        assert!(matches!(store.outline("absent"), Err(StoreError::NotFound { .. })));
    }

    #[cfg(unix)]
    #[test]
    fn an_edition_file_has_the_permissions_of_any_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let path = fixture(dir.path(), "cr.txt", TEXT);
        store.import(&path, None).unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&store.path_of("en-2023-06-09")), mode(&path));
    }

    #[test]
    fn a_given_name_and_reimporting_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let first = fixture(dir.path(), "a.txt", TEXT);
        store.import(&first, Some("mine")).unwrap();
        let second = fixture(dir.path(), "b.txt", &TEXT.replace("100.1a A two-player game.", "100.1a Changed."));
        store.import(&second, Some("mine")).unwrap();
        let edition = store.load("mine").unwrap();
        assert_eq!(edition.get(RuleId::parse("100.1a").unwrap()).unwrap().text, "Changed.");
        assert_eq!(store_files(&store), ["mine.edition"]);
    }

    #[test]
    fn names_are_checked_before_anything_is_read() {
        let store = Store::new("/nonexistent");
        let missing = Path::new("/nonexistent/cr.txt");
        for name in ["", "EN", "../x", "a/b", ".hidden", "-x", "a b", &"x".repeat(65)] {
            assert!(matches!(store.import(missing, Some(name)), Err(ImportError::BadName { .. })), "{name:?}");
        }
        assert!(matches!(store.import(missing, Some(embedded::NAME)), Err(ImportError::Reserved { .. })));
        for name in ["en-2025-11-14", "fr.2", "9th"] {
            assert!(valid_name(name), "{name}");
        }
        assert!(matches!(store.load("../etc"), Err(StoreError::BadName { .. })));
    }

    #[test]
    fn warnings_come_back_with_the_import() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let path = fixture(dir.path(), "cr.txt", &TEXT.replace("100.1a A", "100.1c A"));
        let imported = store.import(&path, None).unwrap();
        let warnings = imported.warnings.expect("a warning");
        assert_eq!(warnings.to_string(), format!("`{}` was imported, with 1 warning", path.display()));
    }

    #[test]
    fn a_missing_edition_lists_the_others() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let err = store.load("en-2030-01-01").unwrap_err();
        assert_eq!(err.to_string(), "no edition named `en-2030-01-01`");
        let help = err.help().unwrap().to_string();
        assert_eq!(help, "no edition has been imported into this data directory");
        store.import(&fixture(dir.path(), "cr.txt", TEXT), None).unwrap();
        let help = store.load("en-2030-01-01").unwrap_err().help().unwrap().to_string();
        assert_eq!(help, "imported editions: en-2023-06-09");
    }

    #[test]
    fn damaged_and_outdated_files_are_named_and_never_panic() {
        let (_dir, store) = imported();
        let path = store.path_of("en-2023-06-09");
        let good = fs::read(&path).unwrap();
        let cases: [(&[u8], &str, bool); 4] = [
            (&good[..good.len() - 3], "the file ends too soon", false),
            (b"", "not an edition file", true),
            (b"{\"format\": 1}", "not an edition file", true),
            (b"\xFF\xFE garbage", "not an edition file", true),
        ];
        for (damage, reason, header_too) in cases {
            fs::write(&path, damage).unwrap();
            let err = store.load("en-2023-06-09").unwrap_err();
            assert!(matches!(err, StoreError::Damaged { .. }), "{err:?}");
            assert_eq!(err.to_string(), format!("stored edition `{}` is damaged", path.display()));
            let help = err.help().unwrap().to_string();
            assert_eq!(
                help,
                format!(
                    "{reason}; import its rules text again to replace it: `judge corpus import FILE --edition en-2023-06-09`"
                )
            );
            // Listing reads the header only, which a cut file may still hold whole; a file whose
            // header is damaged is passed over, and said to be.
            let (listed, skipped) = store.list_skipping().unwrap();
            assert_eq!(listed.is_empty(), header_too, "{reason}");
            assert_eq!(matches!(skipped[..], [StoreError::Damaged { .. }]), header_too, "{reason}");
        }
        let mut outdated = good.clone();
        let format_at = good.iter().position(|&b| b == b'\n').unwrap() + 1;
        outdated[format_at..format_at + 4].copy_from_slice(&99u32.to_le_bytes());
        fs::write(&path, outdated).unwrap();
        assert!(matches!(store.load("en-2023-06-09"), Err(StoreError::Outdated { found: 99, .. })));
        assert!(matches!(store.list_skipping().unwrap().1[..], [StoreError::Outdated { found: 99, .. }]));
    }

    /// Every byte of a stored edition that a read uses is checked: whichever byte is changed, the
    /// edition is refused (damaged, or of another format when the format's bytes changed) by a
    /// whole read, and by a lookup unless the byte is in a block it does not read; never read
    /// with other rules or another name.
    #[test]
    fn a_changed_byte_anywhere_is_refused() {
        let (_dir, store) = imported();
        let path = store.path_of("en-2023-06-09");
        let good = fs::read(&path).unwrap();
        let original = store.list().unwrap();
        // A lookup of section 100 reads all but the glossary, which it has no use for.
        let blocks = edition_file::block_ranges(&good);
        let (name, glossary) = blocks.last().unwrap();
        assert_eq!(name, "the glossary's entries");
        for at in 0..good.len() {
            for bit in [0x01, 0x20, 0x80] {
                let mut flipped = good.clone();
                flipped[at] ^= bit;
                fs::write(&path, &flipped).unwrap();
                let refused = |result: Result<(), StoreError>| {
                    matches!(result, Err(StoreError::Damaged { .. } | StoreError::Outdated { .. }))
                };
                assert!(refused(store.load("en-2023-06-09").map(drop)), "byte {at} ^ {bit:#x}: load");
                let lookup = store.load_for_lookup("en-2023-06-09", 100..=100).map(drop);
                assert_eq!(refused(lookup), !glossary.contains(&at), "byte {at}: lookup");
                // Listing reads the header only, which has its own checksum: a byte changed after
                // it is seen by the reads above, not here.
                let listed = store.list().unwrap();
                if !listed.is_empty() {
                    assert_eq!(listed, original, "byte {at} ^ {bit:#x}: list");
                }
            }
        }
    }

    /// An edition stored by an earlier `judge`, without checksums, is still read, and written
    /// again with them the first time it is.
    #[test]
    fn an_edition_stored_before_the_checksums_is_upgraded() {
        let (_dir, store) = imported();
        let edition = store.load("en-2023-06-09").unwrap();
        let path = store.path_of("en-2023-06-09");
        let mut old = Vec::new();
        edition_file::write(&edition, &mut old).unwrap();
        let format_at = MAGIC_LEN;
        old[format_at..format_at + 4].copy_from_slice(&1u32.to_le_bytes());
        fs::write(&path, &old).unwrap();
        assert_eq!(store.outline("en-2023-06-09").unwrap(), Outline::of(&edition));
        let upgraded = fs::read(&path).unwrap();
        assert_eq!(upgraded[format_at..format_at + 4], FORMAT.to_le_bytes());
        assert_eq!(
            store.load("en-2023-06-09").unwrap().rules().collect::<Vec<_>>(),
            edition.rules().collect::<Vec<_>>()
        );
    }

    /// An edition stored by the `judge` before XXH3, with XXH64 checksums (format 2), or by the
    /// one before the blocks (format 3), is read as it is, checked, and written again in format 4
    /// the first time it is, whatever reads it: a lookup, a listing or a whole load.
    #[test]
    fn an_edition_of_format_2_or_3_is_read_then_upgraded() {
        let (_dir, store) = imported();
        let edition = store.load("en-2023-06-09").unwrap();
        let content = store.outline("en-2023-06-09").unwrap().content;
        let mut old = Vec::new();
        edition_file::write_xxh64(&edition, &content, &mut old).unwrap();
        read_then_upgraded(&store, &edition, &old, 2);
        let mut old = Vec::new();
        edition_file::write_format_3(&edition, &content, &mut old).unwrap();
        read_then_upgraded(&store, &edition, &old, 3);
    }

    /// Importing over an edition of an older format reads (and so upgrades) the old one under
    /// the lock the import already holds: the upgrade does not wait for a lock its own process
    /// holds.
    #[test]
    fn an_import_over_an_outdated_edition_upgrades_it_without_waiting_for_itself() {
        let (dir, store) = imported();
        let edition = store.load("en-2023-06-09").unwrap();
        let content = store.outline("en-2023-06-09").unwrap().content;
        let mut old = Vec::new();
        edition_file::write_format_3(&edition, &content, &mut old).unwrap();
        fs::write(store.path_of("en-2023-06-09"), &old).unwrap();
        let bigger = TEXT
            .replace("100.1a A two-player game.\n\n", "100.1a A two-player game.\n\n100.1b A multiplayer game.\n\n");
        let file = fixture(dir.path(), "bigger.txt", &bigger);
        let (done, finished) = std::sync::mpsc::channel();
        let root = dir.path().to_path_buf();
        std::thread::spawn(move || done.send(Store::new(&root).import(&file, None).map(|i| i.rule_count)));
        let imported = finished.recv_timeout(std::time::Duration::from_secs(20)).expect("the import waited for itself");
        assert_eq!(imported.unwrap(), 3);
    }

    fn read_then_upgraded(store: &Store, edition: &Edition, old: &[u8], old_format: u32) {
        let path = store.path_of("en-2023-06-09");
        let stamped = fs::read(&path).unwrap();
        let format = |bytes: &[u8]| u32::from_le_bytes(bytes[MAGIC_LEN..MAGIC_LEN + 4].try_into().unwrap());
        assert_eq!((format(old), format(&stamped)), (old_format, FORMAT));
        let reads: [&dyn Fn() -> Vec<String>; 3] = [
            &|| store.load_for_lookup("en-2023-06-09", 100..=100).unwrap().rules().map(|r| r.text.clone()).collect(),
            &|| store.list().unwrap().into_iter().map(|(info, count)| format!("{} {count}", info.name)).collect(),
            &|| store.load("en-2023-06-09").unwrap().rules().map(|r| r.text.clone()).collect(),
        ];
        for read in reads {
            fs::write(&path, old).unwrap();
            let first = read();
            assert_eq!(fs::read(&path).unwrap(), stamped, "written again as import writes it");
            assert_eq!(read(), first);
        }
        assert_eq!(store.load("en-2023-06-09").unwrap().parsed, edition.parsed);
        // Damaged, it is refused, and left as it is.
        let mut damaged = old.to_vec();
        *damaged.last_mut().unwrap() ^= 1;
        fs::write(&path, &damaged).unwrap();
        assert!(matches!(store.load("en-2023-06-09"), Err(StoreError::Damaged { .. })));
        assert_eq!(fs::read(&path).unwrap(), damaged);
        assert_eq!(store_files(store), ["en-2023-06-09.edition"], "no temporary file left");
        fs::write(&path, &stamped).unwrap();
    }

    #[test]
    fn leftovers_of_an_interrupted_import_are_ignored_then_removed() {
        let (dir, store) = imported();
        fs::write(store.directory().join(".import-abc123.tmp"), "judge edition\n half").unwrap();
        assert_eq!(store.list().unwrap().len(), 1);
        store.import(&fixture(dir.path(), "cr.txt", TEXT), Some("again")).unwrap();
        assert_eq!(store_files(&store), ["again.edition", "en-2023-06-09.edition"]);
    }

    /// A link left pointing nowhere is named as such, not as an edition that does not exist while
    /// the list of editions names it.
    #[cfg(unix)]
    #[test]
    fn a_dangling_link_is_named() {
        let (dir, store) = imported();
        let link = store.path_of("en-2025-11-14");
        std::os::unix::fs::symlink(dir.path().join("gone.edition"), &link).unwrap();
        let err = store.load("en-2025-11-14").unwrap_err();
        assert!(matches!(err, StoreError::Dangling { .. }), "{err:?}");
        let gone = dir.path().join("gone.edition");
        assert_eq!(
            err.to_string(),
            format!("stored edition `{}` is a link to `{}`, which does not exist", link.display(), gone.display())
        );
        assert!(matches!(store.outline("en-2025-11-14"), Err(StoreError::Dangling { .. })));
        let (listed, skipped) = store.list_skipping().unwrap();
        assert_eq!(listed.len(), 1, "the other edition is still listed");
        assert!(matches!(skipped[..], [StoreError::Dangling { .. }]));
    }

    /// Foreign files named like editions: a pipe (which an open would wait on for ever), a
    /// directory, a link to a file outside the store. Each is passed over by the listing, which
    /// still lists the good edition, and refused when asked for by name, with what it is.
    #[cfg(unix)]
    #[test]
    fn foreign_files_are_passed_over_and_refused_by_name() {
        let (dir, store) = imported();
        let good = store.path_of("en-2023-06-09");
        let fifo = store.path_of("pipe");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        fs::create_dir(store.path_of("folder")).unwrap();
        let outside = dir.path().join("elsewhere.edition");
        fs::copy(&good, &outside).unwrap();
        std::os::unix::fs::symlink(&outside, store.path_of("out")).unwrap();
        let (listed, skipped) = store.list_skipping().unwrap();
        assert_eq!(listed.iter().map(|(info, _)| info.name.as_str()).collect::<Vec<_>>(), ["en-2023-06-09"]);
        assert_eq!(skipped.len(), 3, "{skipped:?}");
        for (name, kind) in [
            ("pipe", "a named pipe (FIFO)".to_string()),
            ("folder", "a directory".to_string()),
            ("out", format!("a link to `{}`, outside the store", fs::canonicalize(&outside).unwrap().display())),
        ] {
            let err = store.load(name).unwrap_err();
            let StoreError::Foreign { kind: found, .. } = &err else { panic!("{name}: {err:?}") };
            assert_eq!(found, &kind);
            assert!(err.help().unwrap().to_string().contains(&format!("--edition {name}`")));
            assert!(matches!(store.outline(name), Err(StoreError::Foreign { .. })));
        }
        // A link inside the store is an edition under two names.
        std::os::unix::fs::symlink(&good, store.path_of("alias")).unwrap();
        assert_eq!(store.load("alias").unwrap().rule_count(), 2);
    }

    /// A text that has every rule and section but fewer glossary entries or examples replaces
    /// the edition only with `--replace`; the refusal names what would go.
    #[test]
    fn a_replacement_that_loses_glossary_entries_or_examples_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let fuller = TEXT
            .replace("100.1a A two-player game.\n\n", "100.1a A two-player game.\n\nExample: Two players.\n\n")
            .replace(
                "See rule 100.1.\n\nCredits\n",
                "See rule 100.1.\n\nTurn\nA part of the game. See rule 100.1.\n\nCredits\n",
            );
        store.import(&fixture(dir.path(), "full.txt", &fuller), Some("mine")).unwrap();
        let held = replacing::Holds::of(&store.load("mine").unwrap());
        assert_eq!((held.glossary, held.examples), (2, 1));
        let before = fs::read(store.path_of("mine")).unwrap();
        let err = store.import(&fixture(dir.path(), "less.txt", TEXT), Some("mine")).unwrap_err();
        let ImportError::WouldLose(loss) = &err else { panic!("{err:?}") };
        assert_eq!(
            loss.to_string(),
            "importing `".to_string() + &dir.path().join("less.txt").display().to_string()
                + "` as `mine` would replace an edition with more glossary entries and examples: 2 rules in 1 sections now, \
                   2 rules in 1 sections after; 2 glossary entries and 1 examples now, 1 glossary entries and 0 examples after"
        );
        let help = loss.help().unwrap().to_string();
        assert!(help.starts_with("it would lose 1 glossary entry (`Turn`) and 1 example;"), "{help}");
        assert_eq!(fs::read(store.path_of("mine")).unwrap(), before, "left as it was");
        let options = ImportOptions { replace: true, ..ImportOptions::default() };
        let replaced = store.import_with(&fixture(dir.path(), "less.txt", TEXT), Some("mine"), options).unwrap();
        assert!(replaced.replaced.is_some());
        assert_eq!(store.load("mine").unwrap().parsed.glossary.len(), 1);
    }
}
