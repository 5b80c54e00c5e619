//! `judge rule REF… [--edition NAME]`, the lookup a judge types most, read without clap: clap
//! builds its whole tree of commands and options first, which was about a quarter of the
//! instructions of a lookup (issue 14: `judge rule` within 1.2× of `grep -i`). Anything else,
//! and anything unusual in these (another option, `--edition=NAME`, an argument that is not
//! UTF-8, an empty `JUDGE_DATA_DIR`), is left to clap; the tests check that both read the
//! command lines this accepts alike.

use super::args::{Cli, ColorChoice, Command, EditionArg, RuleArgs};
use std::ffi::OsString;
use std::path::PathBuf;

/// The command line as clap would read it, when it is a plain lookup; `args` as the process got
/// them, the program's name first. `data_dir` is the value of `JUDGE_DATA_DIR`, if set.
pub fn plain_lookup(args: &[OsString], data_dir: Option<OsString>) -> Option<Cli> {
    let mut words = args.iter().skip(1).map(|a| a.to_str());
    if words.next()? != Some("rule") {
        return None;
    }
    let (mut refs, mut edition) = (Vec::new(), None);
    while let Some(word) = words.next() {
        match word? {
            "--edition" if edition.is_none() => edition = Some(words.next()??.to_string()),
            w if w.starts_with('-') => return None,
            w => refs.push(w.to_string()),
        }
    }
    // clap would take an edition that starts with '-' as an option, and wants one reference.
    if refs.is_empty() || edition.as_ref().is_some_and(|e: &String| e.starts_with('-') || e.is_empty()) {
        return None;
    }
    // An empty `JUDGE_DATA_DIR` is clap's to read (it means unset, and clap knows how it said so).
    let data_dir = match data_dir {
        Some(dir) if dir.is_empty() => return None,
        dir => dir.map(PathBuf::from),
    };
    Some(Cli {
        data_dir,
        config: None,
        color: ColorChoice::Auto,
        quiet: false,
        no_pager: false,
        command: Command::Rule(RuleArgs {
            refs,
            edition: EditionArg { edition },
            in_edition: None,
            output: Default::default(),
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn argv(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    /// The fast path reads `line` as clap does, or leaves it to clap.
    fn alike(line: &str, data_dir: Option<&str>) -> bool {
        let args = argv(line);
        let Some(quick) = plain_lookup(&args, data_dir.map(OsString::from)) else { return false };
        let mut cli = Cli::try_parse_from(&args).expect("clap reads a line the fast path reads");
        // The environment of the test process is not the one given to the fast path.
        cli.data_dir = data_dir.map(PathBuf::from);
        assert_eq!(format!("{quick:?}"), format!("{cli:?}"), "{line}");
        true
    }

    #[test]
    fn plain_lookups_are_read_as_clap_reads_them() {
        for line in [
            "judge rule 614.14",
            "judge rule 614.1a-d 101",
            "judge rule 614.1 --edition en-2026-02-27",
            "judge rule --edition latest 614.1 615",
            "judge rule 614.1 --edition fr-2011-02-04 702.19b",
            "judge rule 100.1-100.3",
        ] {
            assert!(alike(line, None), "{line} left to clap");
            assert!(alike(line, Some("/tmp/judge data")), "{line} left to clap");
        }
    }

    #[test]
    fn anything_else_is_left_to_clap() {
        for line in [
            "judge",
            "judge rule",
            "judge rule --edition en-2026-02-27",
            "judge rule 614.1 --edition",
            "judge rule 614.1 --edition --json",
            "judge rule 614.1 --edition=en-2026-02-27",
            "judge rule 614.1 --edition a --edition b",
            "judge rule 614.1 --json",
            "judge rule 614.1 --in en-2026-02-27",
            "judge rule 614.1 -q",
            "judge rule 614.1 --help",
            "judge rule -- 614.1",
            "judge --quiet rule 614.1",
            "judge search rule",
            "judge rules 614.1",
        ] {
            assert!(plain_lookup(&argv(line), None).is_none(), "{line}");
        }
        assert!(plain_lookup(&argv("judge rule 614.1"), Some(OsString::new())).is_none());
    }

    #[cfg(unix)]
    #[test]
    fn an_argument_that_is_not_utf8_is_left_to_clap() {
        use std::os::unix::ffi::OsStringExt;
        let args = vec![OsString::from("judge"), OsString::from("rule"), OsString::from_vec(vec![0x36, 0xff])];
        assert!(plain_lookup(&args, None).is_none());
    }
}
