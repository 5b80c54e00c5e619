//! Which edition a command reads, and where its name came from: `--edition`, a scenario's
//! `edition:` key, `JUDGE_EDITION`, the config file, or the default: the newest imported English
//! edition, else the embedded one. The place is kept so that an error about the name can say
//! where to change it.

use crate::corpus::{EditionInfo, Lang};
use std::fmt;
use std::path::PathBuf;

/// The alias for the newest imported English edition.
pub(crate) const LATEST: &str = "latest";
pub(crate) const ENV_VAR: &str = "JUDGE_EDITION";

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    Flag,
    /// The `edition:` key of this scenario file.
    Scenario(PathBuf),
    Env,
    ConfigFile(PathBuf),
    /// Nothing names one: the newest imported English edition, as a judge rules by the rules in
    /// force, else the embedded edition.
    Default,
}

impl Origin {
    /// A short, stable word for JSON output.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Origin::Flag => "flag",
            Origin::Scenario(_) => "scenario",
            Origin::Env => "env",
            Origin::ConfigFile(_) => "config",
            Origin::Default => "default",
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Flag => write!(f, "`--edition`"),
            Origin::Scenario(path) => write!(f, "the `edition:` key of `{}`", path.display()),
            Origin::Env => write!(f, "`{ENV_VAR}`"),
            Origin::ConfigFile(path) => write!(f, "the config file `{}`", path.display()),
            Origin::Default => write!(f, "the default (the newest imported English edition, else the embedded one)"),
        }
    }
}

/// An edition name as written (`latest`, `fr`, `en-2025-11-14`), with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Requested {
    pub name: String,
    pub origin: Origin,
}

/// What a request resolved to: an imported edition's name, or `None` for the embedded edition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    pub imported: Option<String>,
    pub requested: Requested,
}

/// The newest English edition among those listed: by effective date, then by name, so that the
/// choice between two imports of the same date does not depend on the order of the directory.
pub(crate) fn latest(editions: &[(EditionInfo, usize)]) -> Option<&EditionInfo> {
    editions
        .iter()
        .map(|(info, _)| info)
        .filter(|info| info.lang == Lang::En)
        .max_by(|a, b| (&a.date, &a.name).cmp(&(&b.date, &b.name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(name: &str, lang: Lang, date: &str) -> (EditionInfo, usize) {
        (EditionInfo { name: name.to_string(), lang, date: date.to_string() }, 1)
    }

    #[test]
    fn latest_is_the_newest_english_edition() {
        let editions = [
            info("en-2025-11-14", Lang::En, "2025-11-14"),
            info("zz-old", Lang::En, "2011-02-04"),
            info("fr-2030-01-01", Lang::Fr, "2030-01-01"),
            info("b-copy", Lang::En, "2025-11-14"),
        ];
        assert_eq!(latest(&editions).map(|i| i.name.as_str()), Some("en-2025-11-14"), "same date: the greater name");
        assert_eq!(latest(&editions[2..3]), None, "French editions do not count");
        assert_eq!(latest(&[]), None);
    }

    #[test]
    fn origins_read_as_places() {
        assert_eq!(Origin::Env.to_string(), "`JUDGE_EDITION`");
        assert_eq!(
            Origin::ConfigFile("/c/judge/config.yaml".into()).to_string(),
            "the config file `/c/judge/config.yaml`"
        );
        assert_eq!(Origin::Scenario("s.yaml".into()).to_string(), "the `edition:` key of `s.yaml`");
    }
}
