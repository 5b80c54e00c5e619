//! From parsed arguments to what the commands need: the data directory and the edition.

use super::error::CliError;
use crate::corpus::{embedded, Edition};
use std::path::PathBuf;

pub struct Config {
    data_dir: Option<PathBuf>,
}

impl Config {
    pub fn new(data_dir: Option<PathBuf>) -> Self {
        Config { data_dir }
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

    /// The edition a command reads: the embedded French corpus unless another is named.
    pub fn edition(&self, name: Option<&str>) -> miette::Result<Edition> {
        match name {
            None => Ok(embedded_edition()),
            Some(name) if name == embedded::NAME || name == "fr" => Ok(embedded_edition()),
            Some(name) => {
                Err(CliError::UnknownEdition { name: name.to_string(), known: format!("known: {}", embedded::NAME) }
                    .into())
            }
        }
    }
}

/// The shipped text parses without problems (a unit test checks it), so none are reported here.
fn embedded_edition() -> Edition {
    embedded::load().0
}
