//! From parsed arguments to what the commands need: the data directory, the edition store, and
//! the edition a command reads (named, or the default of `edition_choice.rs`).

use super::edition_choice::{self, Choice, Origin, Requested, ENV_VAR, LATEST};
use super::error::CliError;
use super::settings::{self, Settings, SettingsError};
use crate::cards::store::StoreCards;
use crate::corpus::store::{Store, StoreError};
use crate::corpus::{embedded, embedded_lookup, Edition, Outline};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

pub struct Config {
    data_dir: Option<PathBuf>,
    /// `--config FILE`; else the file is looked for in the XDG config directory.
    config_file: Option<PathBuf>,
}

/// A short name for the embedded edition, for judges who do not want to type its date.
const EMBEDDED_ALIAS: &str = "fr";

impl Config {
    /// An empty `--data-dir` or `JUDGE_DATA_DIR` counts as unset.
    pub fn new(data_dir: Option<PathBuf>, config_file: Option<PathBuf>) -> Self {
        Config { data_dir: data_dir.filter(|dir| !dir.as_os_str().is_empty()), config_file }
    }

    /// `--data-dir`, then `JUDGE_DATA_DIR` (both through clap), then the XDG data home.
    pub fn data_dir(&self) -> Result<PathBuf, CliError> {
        if let Some(dir) = &self.data_dir {
            return Ok(dir.clone());
        }
        let non_empty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
        if let Some(xdg) = non_empty("XDG_DATA_HOME") {
            return Ok(xdg.join("judge"));
        }
        non_empty("HOME").map(|home| home.join(".local/share/judge")).ok_or(CliError::NoDataDir)
    }

    pub fn store(&self) -> Result<Store, CliError> {
        self.data_dir().map(Store::new)
    }

    /// The card data imported into the data directory, if any, opened on first use.
    pub(crate) fn imported_cards(&self) -> Option<StoreCards> {
        self.data_dir().ok().and_then(|dir| StoreCards::of(&dir))
    }

    /// The default edition's name and where it is set: `JUDGE_EDITION` (empty counts as unset),
    /// then the config file, then `latest` (the newest imported English edition), which
    /// [`Config::resolve`] turns into the embedded edition when no English edition is imported.
    pub(crate) fn default_request(&self) -> Result<Requested, SettingsError> {
        if let Some(name) = std::env::var_os(ENV_VAR).filter(|v| !v.is_empty()) {
            // A name that is not UTF-8 is no edition's name; it is reported as such, with its place.
            return Ok(Requested { name: name.to_string_lossy().into_owned(), origin: Origin::Env });
        }
        let file = match &self.config_file {
            Some(path) => Some((path.clone(), settings::read(path, true)?)),
            None => match settings::default_path() {
                Some(path) => Some((path.clone(), settings::read(&path, false)?)),
                None => None,
            },
        };
        if let Some((path, Settings { edition: Some(name) })) = file {
            return Ok(Requested { name, origin: Origin::ConfigFile(path) });
        }
        Ok(Requested { name: LATEST.to_string(), origin: Origin::Default })
    }

    /// The edition `--edition` names, else the default.
    pub(crate) fn choose(&self, flag: Option<&str>) -> miette::Result<Choice> {
        let requested = match flag {
            Some(name) => Requested { name: name.to_string(), origin: Origin::Flag },
            None => self.default_request()?,
        };
        Ok(self.resolve(requested)?)
    }

    /// For a scenario: `--edition`, then the scenario's own `edition:`, then the default.
    pub(crate) fn choose_for_scenario(
        &self,
        flag: Option<&str>,
        scenario: Option<&str>,
        file: &Path,
    ) -> miette::Result<Choice> {
        match (flag, scenario) {
            (None, Some(name)) => {
                Ok(self.resolve(Requested { name: name.to_string(), origin: Origin::Scenario(file.to_path_buf()) })?)
            }
            _ => self.choose(flag),
        }
    }

    /// Turns `latest` and the embedded edition's names into what to load. Other names are checked
    /// when the edition is loaded.
    pub(crate) fn resolve(&self, requested: Requested) -> Result<Choice, CliError> {
        if names_embedded(&requested.name) {
            return Ok(Choice { imported: None, requested });
        }
        if requested.name != LATEST {
            return Ok(Choice { imported: Some(requested.name.clone()), requested });
        }
        let store = match self.store() {
            // With no data directory, nothing is imported: the default is the embedded edition.
            Err(CliError::NoDataDir) if requested.origin == Origin::Default => {
                return Ok(Choice { imported: None, requested });
            }
            store => store?,
        };
        // A stored file that cannot be read is not the newest edition: it is passed over, said.
        let (editions, skipped) = store.list_skipping().map_err(|e| CliError::Store(Box::new(e)))?;
        for error in skipped {
            crate::cli::outcome::to_stderr(format_args!(
                "{:?}",
                miette::Report::new(error).wrap_err("a stored edition was passed over in choosing the newest")
            ));
        }
        match edition_choice::latest(&editions) {
            Some(info) => Ok(Choice { imported: Some(info.name.clone()), requested }),
            None if requested.origin == Origin::Default => Ok(Choice { imported: None, requested }),
            None => Err(CliError::NoLatest { origin: requested.origin.to_string() }),
        }
    }

    /// The edition a command reads.
    pub(crate) fn edition(&self, choice: &Choice) -> miette::Result<Edition> {
        match &choice.imported {
            None => Ok(embedded_edition()),
            Some(name) => self.store()?.load(name).map_err(|e| named(e, choice)),
        }
    }

    /// What `judge search` reads of the edition when its index is built: the edition's header
    /// ([`Store::outline`]).
    pub(crate) fn outline(&self, choice: &Choice) -> miette::Result<Outline> {
        match &choice.imported {
            None => Ok(Outline::of(&embedded_edition())),
            Some(name) => self.store()?.outline(name).map_err(|e| named(e, choice)),
        }
    }

    /// What `judge rule` reads of the edition to show the rules of these sections: the part of
    /// the edition that shows them as the whole edition would, read several times faster
    /// ([`embedded_lookup::load`], [`Store::load_for_lookup`]).
    pub(crate) fn edition_for_lookup(&self, choice: &Choice, sections: RangeInclusive<u16>) -> miette::Result<Edition> {
        match &choice.imported {
            None => Ok(embedded_lookup::load(sections)),
            Some(name) => self.store()?.load_for_lookup(name, sections).map_err(|e| named(e, choice)),
        }
    }
}

impl Config {
    /// The error for a choice that names no imported edition, `imported` being those there are.
    pub(crate) fn not_imported(&self, choice: &Choice, imported: Vec<String>) -> miette::Report {
        let name = choice.imported.clone().unwrap_or_else(|| choice.requested.name.clone());
        named(StoreError::NotFound { name, imported }, choice)
    }
}

/// A name that names no imported edition is reported with the place it was written, unless the
/// judge just typed it: then the place is obvious.
fn named(error: StoreError, choice: &Choice) -> miette::Report {
    let origin = &choice.requested.origin;
    match error {
        StoreError::NotFound { name, imported } if *origin != Origin::Flag => {
            let listed = if imported.is_empty() {
                "no edition has been imported into this data directory".to_string()
            } else {
                format!("imported editions: {}", imported.join(", "))
            };
            let help =
                format!("{listed}; import it with `judge corpus import FILE --edition {name}`, or change {origin}");
            CliError::NotImported { name, origin: origin.to_string(), help }.into()
        }
        StoreError::BadName { name } if *origin != Origin::Flag => {
            let help = format!("edition names are made of lowercase letters, digits, `-` and `.`; change {origin}");
            CliError::NotImported { name, origin: origin.to_string(), help }.into()
        }
        other => other.into(),
    }
}

/// True when `--edition NAME` means the embedded edition: its name or its short name. An
/// imported edition of either name could never be read.
pub fn names_embedded(name: &str) -> bool {
    name == embedded::NAME || name == EMBEDDED_ALIAS
}

/// The shipped text parses without problems (a unit test checks it), so none are reported here.
pub fn embedded_edition() -> Edition {
    embedded::load().0
}
