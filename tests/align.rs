//! Aligning real editions (`../shared/cr`), and `judge diff` and `judge rule --in` on them.

use crate::support::{data_dir, official_cr, run};
use judge::align::{align, aligned, ChangeKind, Origin};
use judge::corpus::Store;
use judge::corpus::{Edition, RuleId};
use std::path::Path;

fn file_of(date: &str) -> String {
    format!("MagicCompRules_{}.txt", date.replace('-', ""))
}

/// The editions of these dates, imported into a store under `dir` and loaded.
fn editions(dir: &Path, dates: &[&str]) -> Vec<Edition> {
    let store = Store::new(dir);
    dates
        .iter()
        .map(|date| {
            store.import(&official_cr(&file_of(date)), None).unwrap();
            store.load(&format!("en-{date}")).unwrap()
        })
        .collect()
}

fn follows(alignment: &judge::align::Alignment, from: &str) -> (ChangeKind, Vec<String>) {
    let found = alignment.follow(RuleId::parse(from).unwrap()).unwrap_or_else(|| panic!("{from} is aligned"));
    (found.kind, found.ids.iter().map(ToString::to_string).collect())
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn self_replacement_moves_down_one_in_may_2011() {
    let dir = data_dir();
    let e = editions(dir.path(), &["2011-02-04", "2011-05-01"]);
    let a = align(&e[0], &e[1]);
    assert_eq!(follows(&a, "614.14"), (ChangeKind::Renumbered, vec!["614.15".to_string()]));
    assert_eq!(follows(&a, "614.13"), (ChangeKind::Renumbered, vec!["614.14".to_string()]));
    assert_eq!(follows(&a, "614.12"), (ChangeKind::Unchanged, vec!["614.12".to_string()]));
    assert_eq!(a.reverse(RuleId::parse("614.13").unwrap()).unwrap().kind, ChangeKind::Added);
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn from_2011_to_2025_across_sections() {
    let dir = data_dir();
    let e = editions(dir.path(), &["2011-02-04", "2025-11-14"]);
    let a = align(&e[0], &e[1]);
    for (old, new) in [
        ("613.3b", "613.4b"),
        ("613.6", "613.7"),
        ("613.7a", "613.8a"),
        ("614.14", "614.15"),
        ("121.5", "122.6"),
        ("701.11c", "701.19c"),
    ] {
        assert_eq!(follows(&a, old).1, [new], "{old}");
        assert!(follows(&a, old).0 != ChangeKind::Unchanged, "{old}");
    }
    assert_eq!(follows(&a, "613.6").0, ChangeKind::Renumbered);
    // Counters (7d) joined the modifying effects (7c) with two words, "and counters".
    for old in ["613.3c", "613.3d"] {
        assert_eq!(follows(&a, old), (ChangeKind::Merged, vec!["613.4c".to_string()]), "{old}");
    }
    // Every rule of both editions is in exactly one change.
    let olds: usize = a.changes().iter().map(|c| c.old.len()).sum();
    let news: usize = a.changes().iter().map(|c| c.new.len()).sum();
    assert_eq!((olds, news), (e[0].rule_count(), e[1].rule_count()));
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn the_cache_is_reused_and_a_corrupt_one_is_recomputed() {
    let dir = data_dir();
    let e = editions(dir.path(), &["2025-11-14", "2026-02-27"]);
    let (first, origin) = aligned(Some(dir.path()), &e[0], &e[1]);
    assert_eq!(origin, Origin::Computed);
    let (again, origin) = aligned(Some(dir.path()), &e[0], &e[1]);
    assert_eq!((origin, &again), (Origin::Cached, &first));
    let files: Vec<_> = std::fs::read_dir(dir.path().join("align")).unwrap().map(|f| f.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    // Cut, or whole but without its checksum (a file that a checksum does not vouch for may have
    // been changed anywhere): computed again.
    let sealed = std::fs::read_to_string(&files[0]).unwrap();
    let unsealed = &sealed[..sealed.rfind("\nxxh64 ").expect("a checksum at the end")];
    for damage in ["{\"version\": 1, \"changes\": [", unsealed] {
        std::fs::write(&files[0], damage).unwrap();
        let (recomputed, origin) = aligned(Some(dir.path()), &e[0], &e[1]);
        assert_eq!((origin, &recomputed), (Origin::Computed, &first));
    }
    // A data directory that cannot be written is no reason to fail.
    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, "a file where the directory would go").unwrap();
    let (in_memory, origin) = aligned(Some(&blocked), &e[0], &e[1]);
    assert_eq!((origin, &in_memory), (Origin::Computed, &first));
}

/// A data directory with these editions imported through the CLI.
fn imported(dates: &[&str]) -> tempfile::TempDir {
    let dir = data_dir();
    for date in dates {
        let path = official_cr(&file_of(date));
        let (code, _, stderr) = run(dir.path(), &["corpus", "import", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{stderr}");
    }
    dir
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn diff_of_section_614_in_may_2011() {
    let dir = imported(&["2011-02-04", "2011-05-01"]);
    let (code, stdout, stderr) = run(dir.path(), &["diff", "en-2011-02-04", "en-2011-05-01", "--section", "614"]);
    assert_eq!(code, 0, "{stderr}");
    insta::assert_snapshot!(stdout);
    let (code, json, _) =
        run(dir.path(), &["diff", "en-2011-02-04", "en-2011-05-01", "--section", "614", "--format", "json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["counts"]["renumbered"], 2);
    assert_eq!(
        json["changes"][2],
        serde_json::json!({"kind": "renumbered", "renumbered": true, "old": ["614.14"], "new": ["614.15"], "similarity": null, "edits": []})
    );
    let (code, markdown, _) =
        run(dir.path(), &["diff", "en-2011-02-04", "en-2011-05-01", "--section", "614", "--format", "markdown"]);
    assert_eq!(code, 0);
    assert!(markdown.contains("| renumbered | 614.14 | 614.15 |  |"), "{markdown}");
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn diff_of_the_2026_update() {
    let dir = imported(&["2025-11-14", "2026-02-27"]);
    let (code, stdout, stderr) = run(dir.path(), &["diff", "en-2025-11-14", "en-2026-02-27"]);
    assert_eq!(code, 0, "{stderr}");
    insta::assert_snapshot!(stdout);
    let again = run(dir.path(), &["diff", "en-2025-11-14", "en-2026-02-27"]).1;
    assert_eq!(again, stdout, "the cached alignment prints the same");
}

#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn following_a_rule_into_another_edition() {
    let dir = imported(&["2011-02-04", "2025-11-14"]);
    let args = ["rule", "614.14", "--edition", "en-2011-02-04", "--in", "en-2025-11-14"];
    let (code, stdout, stderr) = run(dir.path(), &args);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("614.14 in en-2011-02-04 is 614.15 in en-2025-11-14 (reworded, renumbered, 73 % alike)"),
        "{stdout}"
    );
    assert!(stdout.contains("Edition en-2025-11-14"), "{stdout}");
    let (_, json, _) = run(dir.path(), &[&args[..], &["--json"]].concat());
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["in"]["edition"], "en-2025-11-14");
    assert_eq!(json["in"]["follow"][0]["counterparts"], serde_json::json!(["614.15"]));
    assert_eq!(json["in"]["rules"][0]["id"], "614.15");
    let (_, merged, _) = run(dir.path(), &["rule", "613.3d", "--edition", "en-2011-02-04", "--in", "en-2025-11-14"]);
    assert!(merged.contains("613.3d in en-2011-02-04 is merged with 613.3c into 613.4c in en-2025-11-14"), "{merged}");
    // The Commander mulligan of 2011 is gone from the rules.
    let (_, removed, _) = run(dir.path(), &["rule", "103.4d", "--edition", "en-2011-02-04", "--in", "en-2025-11-14"]);
    assert!(
        removed.contains("103.4d in en-2011-02-04 was removed: it has no counterpart in en-2025-11-14"),
        "{removed}"
    );
}

#[test]
fn diff_errors_name_the_imported_editions_and_identical_editions_exit_1() {
    let dir = data_dir();
    let (code, _, stderr) = run(dir.path(), &["diff", "fr-2011-02-04", "en-2099-01-01"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no edition named `en-2099-01-01`"), "{stderr}");
    let (code, stdout, stderr) = run(dir.path(), &["diff", "fr-2011-02-04", "fr"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("0 renumbered"), "{stdout}");
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
    assert_eq!(run(dir.path(), &["corpus", "import", fixture]).0, 0);
    let (code, _, stderr) = run(dir.path(), &["diff", "fr", "en-2024-04-01"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("are in different languages"), "{stderr}");
}
