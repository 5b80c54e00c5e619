//! The edition store: English rules texts imported into the data directory, so that they can be
//! used by name (`en-2025-11-14`) from then on.
//!
//! Each edition is one file, `editions/<name>.json`, holding the parsed edition. An import reads,
//! decodes and parses the whole text before it writes anything, and it writes to a temporary file
//! in the same directory that is then renamed over the old one: a bad text or a crash leaves the
//! store exactly as it was.

use super::decode::{decode, DecodeError};
use super::edition::{Document, Edition, EditionInfo, Parsed};
use super::embedded;
use super::glossary::GlossaryEntry;
use super::lang::Lang;
use super::parse_en;
use super::problem::{FileProblems, Problem};
use super::rule::Rule;
use miette::Diagnostic;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Version of the stored files' layout; a file of another version is refused and must be
/// imported again.
const FORMAT: u32 = 1;
const DIRECTORY: &str = "editions";
const EXTENSION: &str = "json";
const MAX_NAME_LENGTH: usize = 64;

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

    #[error("cannot write the edition to `{}`", .path.display())]
    #[diagnostic(help("the store is left as it was"))]
    Write { path: PathBuf, source: io::Error },
}

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum StoreError {
    #[error("`{name}` is not a valid edition name")]
    #[diagnostic(help(
        "edition names are made of lowercase letters, digits, `-` and `.`, such as `en-2025-11-14`"
    ))]
    BadName { name: String },

    #[error("no edition named `{name}`")]
    #[diagnostic(help("{}", imported_help(.imported)))]
    NotFound { name: String, imported: Vec<String> },

    #[error("cannot read `{}`", .path.display())]
    Read { path: PathBuf, source: io::Error },

    #[error("stored edition `{}` is damaged", .path.display())]
    #[diagnostic(help("import its rules text again under the name `{name}` to replace it"))]
    Damaged {
        path: PathBuf,
        name: String,
        source: serde_json::Error,
    },

    #[error("stored edition `{}` was written in format {found}, and this version of judge reads format {FORMAT}", .path.display())]
    #[diagnostic(help("import its rules text again under the name `{name}` to replace it"))]
    Outdated {
        path: PathBuf,
        name: String,
        found: u32,
    },
}

fn imported_help(imported: &[String]) -> String {
    if imported.is_empty() {
        "no edition has been imported into this data directory".to_string()
    } else {
        format!("imported editions: {}", imported.join(", "))
    }
}

/// What is written: the parts of the edition, its rule count so that listing the store need not
/// build every edition, and a format number. The rules are a list rather than the map `Parsed`
/// serializes to: each number is read once instead of twice, and the map is built in one go from
/// the sorted list, which makes loading about a third faster.
#[derive(Serialize)]
struct StoredRef<'a> {
    format: u32,
    rule_count: usize,
    info: &'a EditionInfo,
    documents: &'a [Document],
    sections: &'a BTreeMap<u16, String>,
    rules: Vec<&'a Rule>,
    glossary: &'a [GlossaryEntry],
}

#[derive(Deserialize)]
struct Stored {
    format: u32,
    info: EditionInfo,
    documents: Vec<Document>,
    sections: BTreeMap<u16, String>,
    rules: Vec<Rule>,
    glossary: Vec<GlossaryEntry>,
}

impl Stored {
    fn into_edition(self) -> Edition {
        let rules = self.rules.into_iter().map(|r| (r.id, r)).collect();
        let parsed = Parsed {
            sections: self.sections,
            rules,
            glossary: self.glossary,
        };
        Edition::new(self.info, self.documents, parsed)
    }
}

/// The part of a stored file that listing needs; serde skips the rest without building it.
#[derive(Deserialize)]
struct Header {
    format: u32,
    rule_count: usize,
    info: EditionInfo,
}

#[derive(Deserialize)]
struct FormatOnly {
    format: u32,
}

/// An edition name is also a file name, so it is kept to characters that are safe everywhere and
/// cannot climb out of the store (`..`, `/`).
pub fn valid_name(name: &str) -> bool {
    name.len() <= MAX_NAME_LENGTH
        && name.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
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
    /// name is refused.
    pub fn import(&self, path: &Path, name: Option<&str>) -> Result<Imported, ImportError> {
        if let Some(name) = name {
            check_import_name(name)?;
        }
        let bytes = fs::read(path).map_err(|source| ImportError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let text = decode(&bytes).map_err(|source| ImportError::Decode {
            path: path.to_path_buf(),
            source,
        })?;
        let text = Arc::new(text);
        let shown = path.display().to_string();
        let cr = parse_en::parse(&text).map_err(|problems| {
            let summary = format!(
                "`{shown}` cannot be imported: {}",
                count(problems.len(), "problem")
            );
            let help = Some("the store is left as it was".to_string());
            ImportError::Parse(FileProblems::new(
                &shown,
                Arc::clone(&text),
                summary,
                help,
                &problems,
            ))
        })?;
        // A name made of the date is always valid: the parser only gives `YYYY-MM-DD`.
        let name = name.map_or_else(|| format!("en-{}", cr.date), str::to_string);
        let info = EditionInfo {
            name,
            lang: Lang::En,
            date: cr.date.clone(),
        };
        let file = path
            .file_name()
            .map_or_else(|| shown.clone(), |f| f.to_string_lossy().into_owned());
        let document = Document {
            file,
            date: cr.date,
            sections: cr.parsed.sections.keys().copied().collect(),
        };
        let edition = Edition::new(info.clone(), vec![document], cr.parsed);
        let rule_count = edition.rule_count();
        self.write(&edition)?;
        let warnings = warnings(&shown, text, &cr.warnings);
        Ok(Imported {
            info,
            rule_count,
            warnings,
        })
    }

    /// Writes the whole edition to a temporary file beside its final place, then renames it there,
    /// which replaces an older file of the same name in one step.
    fn write(&self, edition: &Edition) -> Result<(), ImportError> {
        let directory = self.directory();
        let failed = |path: &Path| {
            let path = path.to_path_buf();
            move |source: io::Error| ImportError::Write { path, source }
        };
        fs::create_dir_all(&directory).map_err(failed(&directory))?;
        let target = self.path_of(edition.name());
        let mut builder = tempfile::Builder::new();
        builder.prefix(".import-").suffix(".tmp");
        // Temporary files are private by default; an edition is an ordinary file, as readable as
        // the umask lets any new file be.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let mut temporary = builder
            .tempfile_in(&directory)
            .map_err(failed(&directory))?;
        let temporary_path = temporary.path().to_path_buf();
        let stored = StoredRef {
            format: FORMAT,
            rule_count: edition.rule_count(),
            info: &edition.info,
            documents: &edition.documents,
            sections: &edition.parsed.sections,
            rules: edition.rules().collect(),
            glossary: &edition.parsed.glossary,
        };
        let mut writer = BufWriter::new(temporary.as_file_mut());
        serde_json::to_writer(&mut writer, &stored)
            .map_err(io::Error::from)
            .map_err(failed(&temporary_path))?;
        writer.flush().map_err(failed(&temporary_path))?;
        drop(writer);
        // On disk before the rename, so that a crash cannot leave a renamed but empty file.
        temporary
            .as_file()
            .sync_all()
            .map_err(failed(&temporary_path))?;
        temporary.persist(&target).map_err(|e| ImportError::Write {
            path: target.clone(),
            source: e.error,
        })?;
        sync_directory(&directory);
        Ok(())
    }

    /// The imported editions, by name, with their rule counts. The embedded edition is not stored
    /// here and is not listed.
    pub fn list(&self) -> Result<Vec<(EditionInfo, usize)>, StoreError> {
        let mut listed = Vec::new();
        for (name, path) in self.stored_files()? {
            let text = read(&path)?;
            let header: Header =
                serde_json::from_str(&text).map_err(|e| damaged(&path, &name, &text, e))?;
            if header.format != FORMAT {
                return Err(StoreError::Outdated {
                    path,
                    name,
                    found: header.format,
                });
            }
            listed.push((header.info, header.rule_count));
        }
        Ok(listed)
    }

    /// Loads an imported edition.
    pub fn load(&self, name: &str) -> Result<Edition, StoreError> {
        if !valid_name(name) {
            return Err(StoreError::BadName {
                name: name.to_string(),
            });
        }
        let path = self.path_of(name);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let imported = self
                    .stored_files()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(n, _)| n)
                    .collect();
                return Err(StoreError::NotFound {
                    name: name.to_string(),
                    imported,
                });
            }
            Err(e) => return Err(read_error(&path, name, e)),
        };
        let stored: Stored =
            serde_json::from_str(&text).map_err(|e| damaged(&path, name, &text, e))?;
        if stored.format != FORMAT {
            return Err(StoreError::Outdated {
                path,
                name: name.to_string(),
                found: stored.format,
            });
        }
        Ok(stored.into_edition())
    }

    /// The stored edition files, sorted by name. Temporary files of imports that never finished
    /// do not end in `.json` and are passed over.
    fn stored_files(&self) -> Result<Vec<(String, PathBuf)>, StoreError> {
        let directory = self.directory();
        let entries = match fs::read_dir(&directory) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(vec![]),
            Err(source) => {
                return Err(StoreError::Read {
                    path: directory,
                    source,
                })
            }
        };
        let mut files = Vec::new();
        for entry in entries {
            let path = entry
                .map_err(|source| StoreError::Read {
                    path: directory.clone(),
                    source,
                })?
                .path();
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
        return Err(ImportError::Reserved {
            name: name.to_string(),
        });
    }
    if !valid_name(name) {
        return Err(ImportError::BadName {
            name: name.to_string(),
        });
    }
    Ok(())
}

fn read(path: &Path) -> Result<String, StoreError> {
    fs::read_to_string(path).map_err(|e| {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        read_error(path, &name, e)
    })
}

/// A stored file that is not UTF-8 was damaged after it was written; anything else is a plain
/// read error (permissions, a disk problem).
fn read_error(path: &Path, name: &str, e: io::Error) -> StoreError {
    if e.kind() == io::ErrorKind::InvalidData {
        let source = serde_json::Error::io(e);
        return StoreError::Damaged {
            path: path.to_path_buf(),
            name: name.to_string(),
            source,
        };
    }
    StoreError::Read {
        path: path.to_path_buf(),
        source: e,
    }
}

/// A file that does not read as an edition: outdated when it says another format, else damaged.
fn damaged(path: &Path, name: &str, text: &str, source: serde_json::Error) -> StoreError {
    match serde_json::from_str::<FormatOnly>(text) {
        Ok(FormatOnly { format }) if format != FORMAT => StoreError::Outdated {
            path: path.to_path_buf(),
            name: name.to_string(),
            found: format,
        },
        _ => StoreError::Damaged {
            path: path.to_path_buf(),
            name: name.to_string(),
            source,
        },
    }
}

fn warnings(shown: &str, text: Arc<String>, warnings: &[Problem]) -> Option<FileProblems> {
    if warnings.is_empty() {
        return None;
    }
    let summary = format!(
        "`{shown}` was imported, with {}",
        count(warnings.len(), "warning")
    );
    let help =
        Some("these lines may have been read wrongly; check the rules they belong to".to_string());
    Some(FileProblems::new(shown, text, summary, help, warnings))
}

fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Makes the rename itself durable. Only Unix can open a directory to sync it; elsewhere the
/// rename is still atomic, just not yet flushed.
fn sync_directory(directory: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = fs::File::open(directory) {
        // Best effort: the edition is already in place, and a failed sync is no reason to say
        // the import failed.
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = directory;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::rule_id::RuleId;

    const TEXT: &str = "Comprehensive Rules\n\nThese rules are effective as of June 9, 2023.\n\n\
        100. General\n\n100.1. These Magic rules apply to any Magic game.\n\n100.1a A two-player game.\n\n\
        Glossary\n\nActive Player\nThe player whose turn it is. See rule 100.1.\n\nCredits\n";

    fn fixture(dir: &Path, file: &str, text: &str) -> PathBuf {
        let path = dir.join(file);
        fs::write(&path, text).unwrap();
        path
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
        assert!(
            store.list().unwrap().is_empty(),
            "no directory yet is an empty store"
        );
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
        assert_eq!(
            edition.date_of(RuleId::parse("100.1a").unwrap()),
            "2023-06-09"
        );
        assert_eq!(store_files(&store), ["en-2023-06-09.json"]);
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
        let second = fixture(
            dir.path(),
            "b.txt",
            &TEXT.replace("100.1a A two-player game.", "100.1a Changed."),
        );
        store.import(&second, Some("mine")).unwrap();
        let edition = store.load("mine").unwrap();
        assert_eq!(
            edition.get(RuleId::parse("100.1a").unwrap()).unwrap().text,
            "Changed."
        );
        assert_eq!(store_files(&store), ["mine.json"]);
    }

    #[test]
    fn names_are_checked_before_anything_is_read() {
        let store = Store::new("/nonexistent");
        let missing = Path::new("/nonexistent/cr.txt");
        for name in [
            "",
            "EN",
            "../x",
            "a/b",
            ".hidden",
            "-x",
            "a b",
            &"x".repeat(65),
        ] {
            assert!(
                matches!(
                    store.import(missing, Some(name)),
                    Err(ImportError::BadName { .. })
                ),
                "{name:?}"
            );
        }
        assert!(matches!(
            store.import(missing, Some(embedded::NAME)),
            Err(ImportError::Reserved { .. })
        ));
        for name in ["en-2025-11-14", "fr.2", "9th"] {
            assert!(valid_name(name), "{name}");
        }
        assert!(matches!(
            store.load("../etc"),
            Err(StoreError::BadName { .. })
        ));
    }

    #[test]
    fn warnings_come_back_with_the_import() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let path = fixture(dir.path(), "cr.txt", &TEXT.replace("100.1a A", "100.1c A"));
        let imported = store.import(&path, None).unwrap();
        let warnings = imported.warnings.expect("a warning");
        assert_eq!(
            warnings.to_string(),
            format!("`{}` was imported, with 1 warning", path.display())
        );
    }

    #[test]
    fn a_missing_edition_lists_the_others() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let err = store.load("en-2030-01-01").unwrap_err();
        assert_eq!(err.to_string(), "no edition named `en-2030-01-01`");
        let help = err.help().unwrap().to_string();
        assert_eq!(
            help,
            "no edition has been imported into this data directory"
        );
        store
            .import(&fixture(dir.path(), "cr.txt", TEXT), None)
            .unwrap();
        let help = store
            .load("en-2030-01-01")
            .unwrap_err()
            .help()
            .unwrap()
            .to_string();
        assert_eq!(help, "imported editions: en-2023-06-09");
    }

    #[test]
    fn damaged_and_outdated_files_are_named_and_never_panic() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        store
            .import(&fixture(dir.path(), "cr.txt", TEXT), None)
            .unwrap();
        let path = store.path_of("en-2023-06-09");
        let good = fs::read(&path).unwrap();
        for damage in [
            &good[..good.len() / 2],
            b"",
            b"{\"format\": 1}",
            b"\xFF\xFE garbage",
        ] {
            fs::write(&path, damage).unwrap();
            let err = store.load("en-2023-06-09").unwrap_err();
            assert!(matches!(err, StoreError::Damaged { .. }), "{err:?}");
            assert_eq!(
                err.to_string(),
                format!("stored edition `{}` is damaged", path.display())
            );
            let help = err.help().unwrap().to_string();
            assert_eq!(
                help,
                "import its rules text again under the name `en-2023-06-09` to replace it"
            );
            assert!(matches!(store.list(), Err(StoreError::Damaged { .. })));
        }
        let outdated =
            String::from_utf8(good)
                .unwrap()
                .replacen("\"format\":1", "\"format\":99", 1);
        fs::write(&path, outdated).unwrap();
        assert!(matches!(
            store.load("en-2023-06-09"),
            Err(StoreError::Outdated { found: 99, .. })
        ));
        assert!(matches!(
            store.list(),
            Err(StoreError::Outdated { found: 99, .. })
        ));
    }

    #[test]
    fn leftovers_of_an_interrupted_import_are_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        store
            .import(&fixture(dir.path(), "cr.txt", TEXT), None)
            .unwrap();
        fs::write(
            store.directory().join(".import-abc123.tmp"),
            "{\"format\": 1, \"edit",
        )
        .unwrap();
        assert_eq!(store.list().unwrap().len(), 1);
    }
}
