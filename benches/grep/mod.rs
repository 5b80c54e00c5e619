//! `grep -i` over an official rules text, what the whole-process benches measure `judge` against.

use super::official_cr::CR;
use std::path::PathBuf;
use std::process::Command;
use std::sync::LazyLock;

/// grep's full path, looked up once in `PATH`: std starts a program named without its path and
/// with a cleared environment by forking the whole bench process, which costs more than the
/// `posix_spawn` that `judge`, named by its full path, gets.
static GREP: LazyLock<PathBuf> = LazyLock::new(|| {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).map(|dir| dir.join("grep")).find(|grep| grep.is_file()).expect("grep is on the PATH")
});

/// `grep -i PATTERN` over the 2025 rules text, with nothing from the environment but the locale,
/// which decides how grep folds case: the C locale is the faster.
#[allow(dead_code, reason = "not every bench binary that has this module greps the 2025 text")]
pub fn grep(locale: &str, pattern: &str) -> Command {
    grep_in(CR, locale, pattern)
}

/// `grep -i PATTERN FILE`, as [`grep`] runs it.
pub fn grep_in(file: &str, locale: &str, pattern: &str) -> Command {
    let mut command = Command::new(&*GREP);
    command.env_clear().env("LC_ALL", locale).args(["-i", pattern, file]);
    command
}
