//! The official 2025 English CR, shared by the benches. It is not ours to commit: the benches read
//! it from `../shared/cr/` beside the crate and measure nothing (with a note) when it is absent.

use judge::corpus::Store;
use std::path::{Path, PathBuf};

pub const CR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/cr/MagicCompRules_20251114.txt");
pub const NAME: &str = "en-2025-11-14";
pub const RULES: usize = 3109;

/// A store under the target's temporary directory (`dir` names it, one per bench binary) with
/// the 2025 edition imported into it; none, after a note, without the official text.
pub fn imported(dir: &str) -> Option<Store> {
    if !Path::new(CR).exists() {
        eprintln!("note: `{CR}` is absent; the benches that need it measure nothing");
        return None;
    }
    let store = Store::new(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(dir));
    let imported = store.import(Path::new(CR), None).expect("the official text imports");
    assert_eq!((imported.info.name.as_str(), imported.rule_count), (NAME, RULES));
    Some(store)
}
