//! What every CLI test needs: the `judge` binary with a fixed, colourless, 100-column
//! environment and a data directory of its own.

use assert_cmd::Command;
use std::path::Path;

pub fn judge(data_dir: &Path) -> Command {
    Command::from_std(judge_process(data_dir))
}

/// The same `judge`, as a `std` command, whose streams can be set (closed or full ones).
pub fn judge_process(data_dir: &Path) -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"));
    cmd.env_clear()
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .env("JUDGE_DATA_DIR", data_dir)
        .env("PATH", std::env::var_os("PATH").unwrap_or_default());
    cmd
}

/// Runs `judge` and returns (exit code, stdout, stderr).
pub fn run(data_dir: &Path, args: &[&str]) -> (i32, String, String) {
    outputs(judge(data_dir).args(args))
}

/// Runs `judge` with these environment variables, wide enough (250 columns) that no message is
/// wrapped: (exit code, stdout, stderr).
pub fn run_wide(data_dir: &Path, env: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
    let mut cmd = judge(data_dir);
    cmd.env("COLUMNS", "250").envs(env.iter().copied());
    outputs(cmd.args(args))
}

/// Runs `judge` in the directory `cwd`, so that the files it names are short relative paths
/// and its diagnostics read the same on every machine.
pub fn run_in(data_dir: &Path, cwd: &Path, args: &[&str]) -> (i32, String, String) {
    outputs(judge(data_dir).current_dir(cwd).args(args))
}

fn outputs(cmd: &mut Command) -> (i32, String, String) {
    let output = cmd.output().expect("judge runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    )
}

pub fn data_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// The official CR file of this date (`20251114`), parsed into an edition named `en-<date>`,
/// as an import would store it.
pub fn official_edition(date: &str) -> judge::corpus::Edition {
    use judge::corpus::{decode, parse_english, Edition, Lang};
    use judge::corpus::{Document, EditionInfo};
    let file = format!("MagicCompRules_{date}.txt");
    let bytes = std::fs::read(official_cr(&file)).unwrap();
    let cr = parse_english(&decode(&bytes).expect("the real CR decodes")).expect("the real CR parses");
    let info = EditionInfo { name: format!("en-{}", cr.date), lang: Lang::En, date: cr.date.clone() };
    let document = Document { file, date: cr.date, sections: cr.parsed.sections.keys().copied().collect() };
    Edition::new(info, vec![document], cr.parsed)
}

/// The folder of the official CR files (not ours to ship): `JUDGE_CR_DIR` when the tests were
/// built, else `../shared/cr` beside the repository (`build.rs`).
pub fn official_cr_dir() -> &'static Path {
    Path::new(env!("JUDGE_CR_DIR"))
}

/// One of the official CR files of [`official_cr_dir`]. Tests that read them are marked
/// `#[cfg_attr(not(shared_cr), ignore = …)]` (see `build.rs`), so they show as not run where the
/// folder is absent; where it is there, a missing file is a failure, not a skip.
pub fn official_cr(file: &str) -> std::path::PathBuf {
    let path = official_cr_dir().join(file);
    assert!(path.is_file(), "`{}` is missing from the CR folder (JUDGE_CR_DIR)", path.display());
    path
}

/// The synthetic generators write one object or effect per line, each with its timestamp, so
/// shuffling those lines within their list only changes the order of the file.
pub fn shuffled(text: &str, seed: u64) -> String {
    let mut rng = judge::rng::Rng::new(seed);
    let mut out = Vec::new();
    let mut block: Vec<&str> = Vec::new();
    let mut flush = |block: &mut Vec<&str>, out: &mut Vec<String>| {
        for i in (1..block.len()).rev() {
            block.swap(i, rng.below(i + 1));
        }
        out.extend(block.drain(..).map(str::to_string));
    };
    for line in text.lines() {
        if line.starts_with("  - {id:") {
            block.push(line);
        } else {
            flush(&mut block, &mut out);
            out.push(line.to_string());
        }
    }
    flush(&mut block, &mut out);
    out.join("\n") + "\n"
}

/// Every file under a directory with its bytes, sorted: equal before and after a command that
/// failed shows it wrote nothing.
pub fn files(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.push((path, bytes));
            }
        }
    }
    out.sort();
    out
}

/// A stored edition of format 4 written again as the `judge` before the blocks wrote it (format
/// 3): the same header's JSON, its checksum, the rules blocks end to end, the glossary's block,
/// and the checksum of all that, XXH3-64. Read here from the layout described in
/// `src/corpus/edition_file/mod.rs`, not by `judge`'s own reader.
pub fn as_format_3(bytes: &[u8]) -> Vec<u8> {
    use xxhash_rust::xxh3::xxh3_64;
    const MAGIC_LEN: usize = b"judge edition\n".len();
    const ENTRY_LEN: usize = 2 + 4 + (4 + 8) * 2;
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    assert_eq!(u32_at(MAGIC_LEN), 4, "written in format 4");
    let json_end = MAGIC_LEN + 8 + u32_at(MAGIC_LEN + 4);
    let sections = u32_at(json_end);
    let entries = json_end + 4;
    let glossary = entries + sections * ENTRY_LEN;
    let mut out = bytes[..json_end].to_vec();
    out[MAGIC_LEN..MAGIC_LEN + 4].copy_from_slice(&3u32.to_le_bytes());
    out.extend(xxh3_64(&out).to_le_bytes());
    // The blocks start after the glossary's entry in the index and the header's checksum.
    let mut at = glossary + 4 + 8 + 8;
    for entry in (entries..glossary).step_by(ENTRY_LEN) {
        let (rules, citations) = (u32_at(entry + 6), u32_at(entry + 18));
        out.extend(&bytes[at..at + rules]);
        at += rules + citations;
    }
    let glossary = u32_at(glossary);
    out.extend(&bytes[at..at + glossary]);
    assert_eq!(at + glossary, bytes.len(), "the blocks fill the file");
    out.extend(xxh3_64(&out).to_le_bytes());
    out
}
