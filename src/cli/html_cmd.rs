//! `judge corpus html EDITION --out DIR [--since OLD]`: an edition written as a static site.

use super::args::HtmlArgs;
use super::config::Config;
use super::diff_cmd;
use super::outcome::Outcome;
use crate::render::site::{self, Since, MARKER};
use miette::Diagnostic;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum SiteError {
    #[error("`{}` holds files that are not a site written by judge", dir.display())]
    #[diagnostic(
        code(judge::site_dir_not_empty),
        help("it holds {found}; name a new or empty directory, or pass `--force` to replace it and its files")
    )]
    NotASite { dir: PathBuf, found: String },

    #[error("`{}` is not a directory", dir.display())]
    #[diagnostic(code(judge::site_dir_not_a_directory), help("name a new or empty directory to write the site into"))]
    NotADirectory { dir: PathBuf },

    #[error("cannot write the site into `{}`: {source}", dir.display())]
    #[diagnostic(code(judge::site_write), help("nothing was changed in `{}`", dir.display()))]
    Write { dir: PathBuf, source: std::io::Error },
}

pub fn run(args: &HtmlArgs, config: &Config) -> miette::Result<Outcome> {
    check_out(&args.out, args.force)?;
    let edition = config.edition(&config.choose(Some(&args.edition))?)?;
    let old = match &args.since {
        Some(name) => Some(config.edition(&config.choose(Some(name))?)?),
        None => None,
    };
    let alignment = match &old {
        Some(old) => Some(diff_cmd::aligned(config, old, &edition)?),
        None => None,
    };
    let since = old.as_ref().zip(alignment.as_ref()).map(|(old, alignment)| Since { old, alignment });
    let files = site::site(&edition, since);
    let bytes: Vec<(&str, &[u8])> = files.iter().map(|f| (f.name.as_str(), f.content.as_bytes())).collect();
    crate::atomic_dir::replace(&args.out, &bytes)
        .map_err(|source| SiteError::Write { dir: args.out.clone(), source })?;
    let pages = files.iter().filter(|f| f.name.ends_with(".html")).count();
    let size: usize = files.iter().map(|f| f.content.len()).sum();
    let stdout = format!(
        "wrote {pages} pages of edition {} ({} rules, {} KB) into {}; open {}\n",
        edition.name(),
        edition.rule_count(),
        size.div_ceil(1024),
        args.out.display(),
        args.out.join("index.html").display()
    );
    Ok(Outcome::found(stdout))
}

/// A site goes into a new or empty directory, or over a site written before; another directory
/// only with `--force`.
fn check_out(dir: &Path, force: bool) -> Result<(), SiteError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(_) if dir.exists() && !dir.is_dir() => return Err(SiteError::NotADirectory { dir: dir.to_path_buf() }),
        Err(source) => return Err(SiteError::Write { dir: dir.to_path_buf(), source }),
    };
    let mut names: Vec<String> =
        entries.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    if names.is_empty() || force || dir.join(MARKER).is_file() {
        return Ok(());
    }
    names.sort();
    let shown: Vec<String> = names.iter().take(3).map(|n| format!("`{n}`")).collect();
    let more = if names.len() > 3 { format!(" and {} more", names.len() - 3) } else { String::new() };
    Err(SiteError::NotASite { dir: dir.to_path_buf(), found: format!("{}{more}", shown.join(", ")) })
}
