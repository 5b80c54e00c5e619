//! Tells the tests whether the official CR files (not ours to ship: `JUDGE_CR_DIR`, else
//! `../shared/cr` beside the repository) are there: tests that read them are compiled as ignored
//! where they are absent, so that a fresh clone reports them as not run instead of passed.

use std::fmt::Write;
use std::path::Path;

fn main() {
    scenarios();
    cards();
    compiler_fingerprint();
    packed_relocations();
    official_cr();
}

/// Where the official CR files are: `JUDGE_CR_DIR` (a judge's own download), else `../shared/cr`.
/// The cfg `shared_cr` says they are there; the tests read the folder from `JUDGE_CR_DIR` as
/// set here (tests/support.rs).
fn official_cr() {
    println!("cargo::rustc-check-cfg=cfg(shared_cr)");
    println!("cargo::rerun-if-env-changed=JUDGE_CR_DIR");
    let dir = match std::env::var_os("JUDGE_CR_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => std::path::PathBuf::from(dir),
        None => Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("../shared/cr"),
    };
    // Rebuilt when the directory appears or goes away.
    println!("cargo::rerun-if-changed={}", dir.display());
    if dir.is_dir() {
        println!("cargo::rustc-cfg=shared_cr");
    }
    println!("cargo::rustc-env=JUDGE_CR_DIR={}", dir.display());
}

/// The scenarios' files, titles and object names, for search to name the scenarios about the
/// cards a question names (`src/search/hints.rs`). Read line by line: a title or name line is
/// `title: …`, `name: …` or `card: …`, as every scenario of the repository writes them.
fn scenarios() {
    println!("cargo::rerun-if-changed=scenarios");
    let mut out = String::from("&[\n");
    for path in yaml_files(Path::new("scenarios")) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let value = |line: &str, key: &str| {
            line.trim_start_matches([' ', '-']).strip_prefix(key).map(|v| v.trim().trim_matches('"').to_string())
        };
        let title = text.lines().find_map(|l| l.strip_prefix("title:").map(|v| v.trim().trim_matches('"').to_string()));
        // Objects written out (`name: Humility`) and cards of the library (`- card: Humility`).
        let names: Vec<String> = text.lines().filter_map(|l| value(l, "name:").or_else(|| value(l, "card:"))).collect();
        let file = format!("scenarios/{}", path.file_name().unwrap_or_default().to_string_lossy());
        let _ = writeln!(out, "    ({file:?}, {:?}, &{names:?}),", title.unwrap_or_default());
    }
    out.push(']');
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("scenarios.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// The files of the card library (`rules-corpus/cards/*.yaml`), embedded by name, and where each
/// card is in them: (name, file, start, end), each card from its `- name:` line at the left
/// margin to the next one, as every file of the library writes its cards (the library's tests
/// check that this finds every card, as read whole). Found here rather than at each start of
/// `judge`, which would search the 160 KB of the library.
fn cards() {
    println!("cargo::rerun-if-changed=rules-corpus/cards");
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("rules-corpus/cards");
    let mut files = String::from("&[\n");
    let mut index = String::from("&[\n");
    for (number, path) in yaml_files(&dir).iter().enumerate() {
        let name = format!("rules-corpus/cards/{}", path.file_name().unwrap_or_default().to_string_lossy());
        let _ = writeln!(files, "    ({name:?}, include_str!({:?})),", path.display().to_string());
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let starts: Vec<usize> = (0..text.len())
            .filter(|&at| {
                (at == 0 || text.as_bytes()[at - 1] == b'\n') && text.as_bytes()[at..].starts_with(b"- name:")
            })
            .collect();
        for (i, &start) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied().unwrap_or(text.len());
            let line = text[start..].lines().next().unwrap_or_default();
            let card = line.trim_start_matches("- name:").split(" #").next().unwrap_or_default().trim();
            let card = card.trim_matches('"').trim_matches('\'');
            let _ = writeln!(index, "    ({card:?}, {number}, {start}, {end}),");
        }
    }
    files.push(']');
    index.push(']');
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out_dir).join("cards.rs"), files).expect("OUT_DIR is writable");
    std::fs::write(Path::new(&out_dir).join("cards_index.rs"), index).expect("OUT_DIR is writable");
}

/// A fingerprint of the Oracle-text compiler: its code, the data it reads and the model it writes
/// (FNV-1a over the files, in order). The card store keeps each card's reading with the fingerprint
/// of the compiler that made it, and a build of another fingerprint reads the text again.
fn compiler_fingerprint() {
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).to_path_buf();
    let mut files = Vec::new();
    for dir in ["src/cards/oracle", "src/model"] {
        println!("cargo::rerun-if-changed={dir}");
        let mut listed: Vec<_> = std::fs::read_dir(root.join(dir))
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()).collect())
            .unwrap_or_default();
        listed.sort();
        files.extend(listed);
    }
    for data in ["rules-corpus/keywords.tsv", "rules-corpus/subtypes.tsv"] {
        println!("cargo::rerun-if-changed={data}");
        files.push(root.join(data));
    }
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in files {
        for byte in std::fs::read(&file).unwrap_or_default() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("compiler.rs");
    std::fs::write(dest, format!("{hash}")).expect("OUT_DIR is writable");
}

/// The binary stays position-independent (the platform's hardening: its addresses are random at
/// each start), and its relative relocations, which the loader applies at each start, are
/// packed (`DT_RELR`): the tables of static strings the binary holds then take a few words to
/// relocate instead of three words per pointer. Only where the linker and the C library know
/// the format (GNU ld 2.38 and glibc 2.36 or later): a probe links an empty program with it.
fn packed_relocations() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if !target.ends_with("linux-gnu") || std::env::var("HOST").ok().as_deref() != Some(target.as_str()) {
        return;
    }
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let program = Path::new(&out_dir).join("relr_probe.c");
    if std::fs::write(&program, "int main(void) { return 0; }\n").is_err() {
        return;
    }
    let linked = std::process::Command::new("cc")
        .arg(&program)
        .arg("-Wl,-z,pack-relative-relocs")
        .arg("-o")
        .arg(Path::new(&out_dir).join("relr_probe"))
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if linked {
        println!("cargo::rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}

/// The `.yaml` files of a directory, sorted by name (none when it cannot be read).
fn yaml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "yaml")).collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}
