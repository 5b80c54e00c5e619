//! The user's config file, `$XDG_CONFIG_HOME/judge/config.yaml` (else
//! `~/.config/judge/config.yaml`), or the file `--config` names. For now it holds one key, the
//! default edition: `edition: en-2025-11-14` or `edition: latest`.

use miette::{Diagnostic, NamedSource, SourceSpan};
use serde::Deserialize;
use std::io;
use std::path::{Path, PathBuf};

#[derive(Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub(crate) struct Settings {
    /// The edition commands read when none is named.
    pub edition: Option<String>,
}

#[derive(Debug, thiserror::Error, Diagnostic)]
pub(crate) enum SettingsError {
    #[error("cannot read the config file `{}`", .path.display())]
    #[diagnostic(code(judge::config_unreadable))]
    Read { path: PathBuf, source: io::Error },

    #[error(transparent)]
    #[diagnostic(transparent)]
    Invalid(Box<InvalidSettings>),
}

#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("the config file `{path}` is not valid: {message}")]
#[diagnostic(
    code(judge::bad_config),
    help("the config file holds one key, the default edition: `edition: en-2025-11-14` or `edition: latest`")
)]
pub(crate) struct InvalidSettings {
    path: String,
    message: String,
    #[source_code]
    source_code: NamedSource<String>,
    #[label("here")]
    span: Option<SourceSpan>,
}

/// Where the config file is looked for when `--config` is not given. An empty `XDG_CONFIG_HOME`
/// counts as unset, as the XDG specification says.
pub(crate) fn default_path() -> Option<PathBuf> {
    let non_empty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(xdg) = non_empty("XDG_CONFIG_HOME") {
        return Some(xdg.join("judge/config.yaml"));
    }
    non_empty("HOME").map(|home| home.join(".config/judge/config.yaml"))
}

/// Reads the config file at `path`. A file that is not there holds no settings, unless it was
/// named on the command line (`required`): then it is an error.
pub(crate) fn read(path: &Path, required: bool) -> Result<Settings, SettingsError> {
    // Bounded whatever the file is: `--config /dev/zero` is refused at the bound.
    let text = match crate::bounded_read::read_to_string(path, crate::bounded_read::CONFIG) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound && !required => return Ok(Settings::default()),
        Err(source) => return Err(SettingsError::Read { path: path.to_path_buf(), source }),
    };
    parse(&path.display().to_string(), text)
}

fn parse(shown: &str, text: String) -> Result<Settings, SettingsError> {
    // Read first by the scenario reader, which bounds nesting, nodes and aliases and stops at
    // the first place past them, in time linear in the text: a config nested 100,000 lists deep
    // is refused at once.
    if let Err(e) = crate::placed_yaml::spans::Spans::parse(&text) {
        let span = Some(SourceSpan::from((e.at.0.min(text.len()), e.at.1.saturating_sub(e.at.0))));
        return Err(SettingsError::Invalid(Box::new(InvalidSettings {
            path: shown.to_string(),
            message: e.message.strip_prefix("invalid YAML: ").map_or_else(|| e.message.clone(), str::to_string),
            source_code: NamedSource::new(shown, text),
            span,
        })));
    }
    // A file of comments only, or an empty one, is an empty document: no settings yet.
    match serde_yaml::from_str::<Option<Settings>>(&text) {
        Ok(settings) => Ok(settings.unwrap_or_default()),
        Err(e) => {
            let span = e.location().map(|l| SourceSpan::from((l.index().min(text.len()), 0)));
            let message = e.to_string();
            // The place is shown by the label; the message need not say it again.
            let message = match (e.location(), message.rsplit_once(" at line ")) {
                (Some(_), Some((message, _))) => message.to_string(),
                _ => message,
            };
            Err(SettingsError::Invalid(Box::new(InvalidSettings {
                path: shown.to_string(),
                message,
                source_code: NamedSource::new(shown, text),
                span,
            })))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_files() {
        for (text, edition) in [
            ("edition: en-2025-11-14\n", Some("en-2025-11-14")),
            ("edition: latest", Some("latest")),
            ("# nothing yet\n", None),
            ("", None),
            ("edition:\n", None),
        ] {
            let settings = parse("config.yaml", text.to_string()).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
            assert_eq!(settings.edition.as_deref(), edition, "{text:?}");
        }
    }

    /// Nesting far past any config is refused where it passes the bound, at once.
    #[test]
    fn deep_nesting_is_refused_at_its_place() {
        let depth = 100_000;
        let text = format!("edition: {}{}\n", "[".repeat(depth), "]".repeat(depth));
        let err = parse("config.yaml", text).unwrap_err();
        let SettingsError::Invalid(invalid) = &err else { panic!("{err:?}") };
        assert!(invalid.message.contains("recursion limit exceeded"), "{}", invalid.message);
        assert!(invalid.span.is_some_and(|s| (9..9 + 1000).contains(&s.offset())), "{:?}", invalid.span);
    }

    #[test]
    fn bad_files_are_placed() {
        for (text, message, offset) in [
            ("edition: latest\neditio: en\n", "unknown field `editio`, expected `edition`", 16),
            ("edition: [a, b]\n", "edition: invalid type: sequence, expected a string", 9),
            ("edition: latest\n  - x: [\n", "mapping values are not allowed in this context", 21),
            ("- latest\n", "invalid type: sequence, expected struct Settings", 0),
        ] {
            let err = parse("config.yaml", text.to_string()).unwrap_err();
            let SettingsError::Invalid(invalid) = &err else { panic!("{err:?}") };
            let (found, span) = (&invalid.message, invalid.span);
            assert!(found.starts_with(message), "{text:?}: {found}");
            assert_eq!(span.map(|s| s.offset()), Some(offset), "{text:?}");
        }
    }

    #[test]
    fn a_missing_file_is_no_settings_unless_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.yaml");
        assert_eq!(read(&path, false).unwrap(), Settings::default());
        assert!(matches!(read(&path, true), Err(SettingsError::Read { .. })));
    }
}
