//! From parsed arguments to what the commands need: the data directory, the edition store, and
//! the edition a command reads.

use super::error::CliError;
use crate::corpus::store::Store;
use crate::corpus::{embedded, Edition};
use std::ops::RangeInclusive;
use std::path::PathBuf;

pub struct Config {
    data_dir: Option<PathBuf>,
}

/// A short name for the embedded edition, for judges who do not want to type its date.
const EMBEDDED_ALIAS: &str = "fr";

impl Config {
    /// An empty `--data-dir` or `JUDGE_DATA_DIR` counts as unset.
    pub fn new(data_dir: Option<PathBuf>) -> Self {
        Config { data_dir: data_dir.filter(|dir| !dir.as_os_str().is_empty()) }
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

    /// The edition a command reads: the embedded French corpus unless another is named.
    pub fn edition(&self, name: Option<&str>) -> miette::Result<Edition> {
        match imported_name(name) {
            None => Ok(embedded_edition()),
            Some(name) => Ok(self.store()?.load(name)?),
        }
    }

    /// What `judge rule` reads of the edition to show the rules of these sections: the embedded
    /// edition whole, or the part of an imported one that shows them as the whole edition would
    /// ([`Store::load_for_lookup`]), read several times faster.
    pub fn edition_for_lookup(&self, name: Option<&str>, sections: RangeInclusive<u16>) -> miette::Result<Edition> {
        match imported_name(name) {
            None => Ok(embedded_edition()),
            Some(name) => Ok(self.store()?.load_for_lookup(name, sections)?),
        }
    }

    /// Whether `name` is the embedded edition, which is always loaded whole.
    pub fn is_embedded(&self, name: Option<&str>) -> bool {
        imported_name(name).is_none()
    }
}

fn imported_name(name: Option<&str>) -> Option<&str> {
    name.filter(|n| !names_embedded(n))
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
