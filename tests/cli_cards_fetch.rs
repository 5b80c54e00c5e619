//! `judge cards fetch` against a small HTTP server of our own on the loopback address
//! (`loopback.rs`): Scryfall's bulk-data listing and the two files it points to, then what goes
//! wrong (a cut body, a listing without the files, a file that is not card data, a file larger
//! than the cap). Each failure leaves the store as it was.

use crate::loopback::{serve, serve_recording, Reply};
use crate::support::{self, data_dir, judge};
use std::fs;
use std::path::Path;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards");
const ORACLE_PATH: &str = "/file/oracle-cards-20260105100000.json";
const RULINGS_PATH: &str = "/file/rulings-20260105100200.json";
/// Every wait of `judge` in these tests, so that a silent server fails them in a moment.
const TIMEOUT_MS: &str = "300";

fn fixture(name: &str) -> Vec<u8> {
    fs::read(Path::new(FIXTURES).join(name)).unwrap()
}

/// The listing as Scryfall's API gives it, with relative addresses to this server's files.
fn listing(kinds: &[&str]) -> Reply {
    let entries: Vec<String> = kinds
        .iter()
        .map(|kind| {
            let (path, size) = match *kind {
                "oracle_cards" => (ORACLE_PATH, fixture("oracle-cards-20260105100000.json").len()),
                "rulings" => (RULINGS_PATH, fixture("rulings-20260105100200.json").len()),
                _ => ("/file/other.json", 10),
            };
            format!(
                r#"{{"object":"bulk_data","id":"0000","type":"{kind}","updated_at":"2026-01-05T10:00:00.000+00:00","name":"{kind}","size":{size},"download_uri":"{path}","content_type":"application/json","content_encoding":"gzip"}}"#
            )
        })
        .collect();
    let body = format!(r#"{{"object":"list","has_more":false,"data":[{}]}}"#, entries.join(","));
    Reply::Serve("application/json; charset=utf-8", body.into_bytes())
}

fn files() -> Vec<(&'static str, Reply)> {
    vec![
        ("/bulk-data", listing(&["default_cards", "oracle_cards", "unique_artwork", "rulings"])),
        (ORACLE_PATH, Reply::Serve("application/json", fixture("oracle-cards-20260105100000.json"))),
        (RULINGS_PATH, Reply::Serve("application/json", fixture("rulings-20260105100200.json"))),
    ]
}

/// Runs `judge cards fetch ARGS` with short timeouts, wide enough that no message wraps: (exit
/// code, stdout, stderr).
fn fetch(data: &Path, args: &[&str]) -> (i32, String, String) {
    let all: Vec<&str> = ["cards", "fetch"].iter().chain(args).copied().collect();
    support::run_wide(data, &[("JUDGE_FETCH_TIMEOUT_MS", TIMEOUT_MS)], &all)
}

#[test]
fn the_listed_oracle_cards_and_rulings_are_downloaded_and_imported() {
    let (base, heads) = serve_recording(files());
    let dir = data_dir();
    let (code, stdout, stderr) = fetch(dir.path(), &["--url", &format!("{base}/bulk-data")]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stderr, "", "no progress on a pipe");
    let shown = stdout.replace(&base, "http://SERVER").replace(&dir.path().display().to_string(), "DATA");
    insta::assert_snapshot!(shown, @r"
    downloaded http://SERVER/file/oracle-cards-20260105100000.json
    downloaded http://SERVER/file/rulings-20260105100200.json
    imported oracle-cards-20260105100000.json: Scryfall Oracle Cards of 2026-01-05 10:00:00, 11 cards
    imported rulings-20260105100200.json: Scryfall Rulings of 2026-01-05 10:02:00, 7 rulings
    passed over: 2 objects that are not game cards, 1 note of Scryfall's own, 1 ruling of a card not in the store
    the card store holds 11 cards and 6 rulings: DATA/cards/cards.store
    ");
    // What Scryfall asks of its clients: a User-Agent of their own, and an Accept header.
    let heads = heads.lock().unwrap().clone();
    assert_eq!(heads.len(), 3, "{heads:?}");
    for head in &heads {
        let lower = head.to_ascii_lowercase();
        assert!(lower.contains("\r\nuser-agent: judge/"), "{head}");
        assert!(lower.contains("\r\naccept: application/json\r\n"), "{head}");
    }
    // The same as importing the two files.
    let imported = data_dir();
    let paths = ["oracle-cards-20260105100000.json", "rulings-20260105100200.json"].map(|f| format!("{FIXTURES}/{f}"));
    let output = judge(imported.path()).args(["cards", "import"]).args(&paths).output().unwrap();
    assert!(output.status.success());
    let store = |dir: &Path| fs::read(dir.join("cards/cards.store")).unwrap();
    assert_eq!(store(dir.path()), store(imported.path()));
}

/// A data directory with the fixtures imported: the state a failed fetch must leave as it is.
fn with_a_store() -> tempfile::TempDir {
    let dir = data_dir();
    let output = judge(dir.path()).args(["cards", "import", &format!("{FIXTURES}/AtomicCards.json")]).output().unwrap();
    assert!(output.status.success());
    dir
}

/// A failed fetch: exit 2, the data directory as it was; the error on stderr.
fn refused(routes: Vec<(&'static str, Reply)>) -> String {
    let base = serve(routes);
    let dir = with_a_store();
    let before = support::files(dir.path());
    let (code, stdout, stderr) = fetch(dir.path(), &["--url", &format!("{base}/bulk-data")]);
    assert_eq!((code, stdout.as_str()), (2, ""), "{stderr}");
    assert_eq!(support::files(dir.path()), before, "nothing is written: {stderr}");
    stderr.replace(&base, "http://SERVER")
}

fn replaced(path: &'static str, reply: Reply) -> Vec<(&'static str, Reply)> {
    let mut routes: Vec<(&'static str, Reply)> = files().into_iter().filter(|(p, _)| *p != path).collect();
    routes.push((path, reply));
    routes
}

#[test]
fn a_file_cut_short_imports_nothing() {
    let stderr = refused(replaced(RULINGS_PATH, Reply::Cut(fixture("rulings-20260105100200.json"))));
    let whole = fixture("rulings-20260105100200.json").len();
    assert!(
        stderr.contains(&format!("the connection to 127.0.0.1 was closed after {} of {whole} bytes", whole / 2)),
        "{stderr}"
    );
}

#[test]
fn a_listing_without_the_files_says_which_is_missing() {
    let stderr = refused(replaced("/bulk-data", listing(&["oracle_cards", "default_cards"])));
    assert!(
        stderr.contains("Scryfall's bulk-data listing at `http://SERVER/bulk-data` has no `rulings` file"),
        "{stderr}"
    );
    let stderr = refused(replaced("/bulk-data", Reply::Serve("text/html", b"<html>Maintenance</html>".to_vec())));
    assert!(
        stderr.contains("`http://SERVER/bulk-data` is not Scryfall's bulk-data listing: expected value"),
        "{stderr}"
    );
}

#[test]
fn a_file_that_is_not_card_data_imports_nothing() {
    let stderr = refused(replaced(ORACLE_PATH, Reply::Serve("application/json", fixture("sets.json"))));
    assert!(
        stderr.contains(
            "`http://SERVER/file/oracle-cards-20260105100000.json` is not card data: it looks like a JSON array of Scryfall `set` objects"
        ),
        "{stderr}"
    );
    let stderr = refused(replaced(RULINGS_PATH, Reply::Serve("text/html", b"<!DOCTYPE html><p>Busy</p>".to_vec())));
    assert!(stderr.contains("is not card data: it looks like an HTML or XML page"), "{stderr}");
}

#[test]
fn a_file_larger_than_the_cap_is_refused_before_it_comes() {
    let stderr = refused(replaced(ORACLE_PATH, Reply::Announce(2 * 1024 * 1024 * 1024)));
    assert!(
        stderr.contains("`http://SERVER/file/oracle-cards-20260105100000.json` is larger than 1024 MiB, more than any card data file"),
        "{stderr}"
    );
}

#[test]
fn plain_http_off_the_loopback_address_is_refused() {
    let dir = data_dir();
    let (code, _, stderr) = fetch(dir.path(), &["--url", "http://192.0.2.1/bulk-data"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("refused to fetch `http://192.0.2.1/bulk-data`: only https:// is used"), "{stderr}");
    assert!(!dir.path().join("cards").exists());
}
