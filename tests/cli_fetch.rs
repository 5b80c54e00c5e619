//! `judge corpus fetch` against a small HTTP server of our own on the loopback address: a page
//! that links the miniature rules text, and servers that misbehave (a cut body, no answer, an
//! endless body, something that is not the rules). Nothing here leaves the machine.

use crate::loopback::{serve, Reply};
use crate::support::{self, data_dir, judge};
use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
/// Every wait of `judge` in these tests, so that a silent server fails them in a moment.
const TIMEOUT_MS: &str = "300";

fn rules_text() -> Vec<u8> {
    fs::read(FIXTURE).unwrap()
}

/// The rules page, linking the text as the publisher's does.
fn page(href: &str) -> Reply {
    let html = format!(
        "<!DOCTYPE html><html><body><a href=\"/en/news\">News</a>\n\
         <a href=\"/files/MagicCompRules.pdf\">PDF</a> <a href=\"{href}\">TXT</a></body></html>"
    );
    Reply::Serve("text/html; charset=utf-8", html.into_bytes())
}

/// Runs `judge corpus fetch ARGS` with short timeouts: (exit code, stdout, stderr, time taken).
fn fetch(data: &Path, args: &[&str]) -> (i32, String, String, Duration) {
    let start = Instant::now();
    let output = judge(data)
        .env("JUDGE_FETCH_TIMEOUT_MS", TIMEOUT_MS)
        // Wide enough that no message is wrapped.
        .env("COLUMNS", "250")
        .args(["corpus", "fetch"])
        .args(args)
        .output()
        .expect("judge runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (output.status.code().unwrap_or(-1), text(output.stdout), text(output.stderr), start.elapsed())
}

/// A data directory holding the fixture imported as `en-2024-04-01`, the state a failed fetch
/// must leave as it is.
fn with_an_edition() -> tempfile::TempDir {
    let dir = data_dir();
    let output = judge(dir.path()).args(["corpus", "import", FIXTURE]).output().unwrap();
    assert!(output.status.success());
    dir
}

/// A failed fetch: exit 2, the data directory as it was, and the error on stderr.
fn refused(routes: Vec<(&'static str, Reply)>, path: &str) -> (String, Duration) {
    let base = serve(routes);
    let dir = with_an_edition();
    let before = support::files(dir.path());
    let (code, stdout, stderr, took) = fetch(dir.path(), &["--url", &format!("{base}{path}")]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert_eq!(stdout, "");
    assert_eq!(support::files(dir.path()), before, "nothing is written: {stderr}");
    (stderr.replace(&base, "http://SERVER"), took)
}

#[test]
fn the_rules_text_linked_from_the_page_is_imported() {
    // The page links the text by a relative address that redirects, as media links do.
    let base = serve(vec![
        ("/en/rules", page("/dl/MagicCompRules%2020240401.txt")),
        ("/dl/MagicCompRules%2020240401.txt", Reply::Redirect("/files/MagicCompRules%2020240401.txt")),
        ("/files/MagicCompRules%2020240401.txt", Reply::Serve("text/plain", rules_text())),
    ]);
    let dir = data_dir();
    let (code, stdout, stderr, _) = fetch(dir.path(), &["--url", &format!("{base}/en/rules")]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stderr, "", "no progress on a pipe, and the fixture imports without warnings");
    assert_eq!(
        stdout,
        format!(
            "downloaded {base}/files/MagicCompRules%2020240401.txt\n\
             imported en-2024-04-01: 13 rules, language en, rules text of 2024-04-01, into {}\n",
            dir.path().display()
        )
    );
    let list = judge(dir.path()).args(["corpus", "list", "--json"]).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    let names: Vec<&str> = json["editions"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["fr-2011-02-04", "en-2024-04-01"]);
    let rule = judge(dir.path()).args(["rule", "100.1", "--edition", "en-2024-04-01"]).output().unwrap();
    assert!(String::from_utf8_lossy(&rule.stdout).contains("These rules cover every game played with the miniature"));
}

#[test]
fn the_url_may_be_the_rules_text_itself() {
    // The body tells a page from the text, whatever type the server gives it.
    let base = serve(vec![
        ("/cr.txt", Reply::Serve("application/octet-stream", rules_text())),
        ("/cr.html", Reply::Serve("text/html", rules_text())),
    ]);
    for (path, name) in [("/cr.txt", "en-mirror"), ("/cr.html", "en-mislabelled")] {
        let dir = data_dir();
        let (code, stdout, stderr, _) = fetch(dir.path(), &["--url", &format!("{base}{path}"), "--edition", name]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.starts_with(&format!("downloaded {base}{path}\nimported {name}: 13 rules")), "{stdout}");
    }
}

#[test]
fn a_connection_closed_halfway_imports_nothing() {
    let text = rules_text();
    let (stderr, _) = refused(vec![("/cr.txt", Reply::Cut(text.clone()))], "/cr.txt");
    let expected = format!("the connection to 127.0.0.1 was closed after {} of {} bytes", text.len() / 2, text.len());
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(stderr.contains("nothing was imported; try again"), "{stderr}");
}

#[test]
fn a_server_that_never_answers_times_out() {
    let (stderr, took) = refused(vec![("/en/rules", Reply::Silent)], "/en/rules");
    assert!(stderr.contains("no answer from 127.0.0.1 in time (waiting for the answer)"), "{stderr}");
    assert!(stderr.contains("run `judge corpus import"), "{stderr}");
    assert!(took < Duration::from_secs(10), "given up after the test timeout, not the default: {took:?}");
}

#[test]
fn an_endless_body_is_cut_at_the_size_cap() {
    let (stderr, _) = refused(vec![("/cr.txt", Reply::Endless)], "/cr.txt");
    assert!(stderr.contains("`http://SERVER/cr.txt` is larger than 16 MiB, more than any rules text"), "{stderr}");
}

#[test]
fn a_text_that_is_not_the_rules_is_refused() {
    let routes = vec![
        ("/en/rules", page("MagicCompRules.txt")),
        ("/en/MagicCompRules.txt", Reply::Serve("text/plain", b"Sorry, this page is under maintenance.\n".to_vec())),
    ];
    let (stderr, _) = refused(routes, "/en/rules");
    assert!(
        stderr.contains("the file at `http://SERVER/en/MagicCompRules.txt` is not a Comprehensive Rules text"),
        "{stderr}"
    );
    assert!(stderr.contains("no effective date"), "the parser says why: {stderr}");
}

/// A server that sends all it has of a text that is itself cut short: the download is whole, the
/// text is not, and the import says so, unless told to take it.
#[test]
fn a_text_that_is_not_whole_is_refused_unless_allowed() {
    let text = rules_text();
    let cut = text[..text.windows(8).rposition(|w| w == b"Glossary").unwrap()].to_vec();
    let (stderr, _) = refused(vec![("/cr.txt", Reply::Serve("text/plain", cut.clone()))], "/cr.txt");
    assert!(stderr.contains("`http://SERVER/cr.txt` is not a whole rules text: the glossary is missing"), "{stderr}");
    assert!(stderr.contains("--allow-partial"), "{stderr}");

    let base = serve(vec![("/cr.txt", Reply::Serve("text/plain", cut))]);
    let dir = data_dir();
    let url = format!("{base}/cr.txt");
    let (code, stdout, stderr, _) = fetch(dir.path(), &["--url", &url, "--edition", "part", "--allow-partial"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("imported part: 13 rules"), "{stdout}");
    assert!(stderr.contains("is not a whole rules text and was imported as `part` all the same"), "{stderr}");
}

/// A smaller text fetched under the name of a bigger edition replaces it only with `--replace`.
#[test]
fn a_smaller_text_replaces_an_edition_only_with_replace() {
    let text = String::from_utf8(rules_text()).unwrap();
    // Whole, without rule 614.2 (the last one before the glossary).
    let smaller = format!("{}{}", &text[..text.find("614.2. ").unwrap()], &text[text.rfind("Glossary\n").unwrap()..]);
    let base = serve(vec![("/cr.txt", Reply::Serve("text/plain", smaller.into_bytes()))]);
    let dir = with_an_edition();
    let before = support::files(dir.path());
    let url = format!("{base}/cr.txt");
    let (code, stdout, stderr, _) = fetch(dir.path(), &["--url", &url]);
    assert_eq!((code, stdout.as_str()), (2, ""), "{stderr}");
    assert!(
        stderr.contains("would replace an edition with more rules and examples: 13 rules in 4 sections now, 12 rules"),
        "{stderr}"
    );
    assert!(stderr.contains("it would lose 1 rule (614.2) and 1 example"), "{stderr}");
    assert_eq!(support::files(dir.path()), before);

    let (code, stdout, stderr, _) = fetch(dir.path(), &["--url", &url, "--replace"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("imported en-2024-04-01: 12 rules"), "{stdout}");
    assert!(stderr.contains("`en-2024-04-01` no longer has 1 rule (614.2) and 1 example"), "{stderr}");
}

#[test]
fn a_page_without_the_link_says_the_page_changed() {
    let (stderr, _) = refused(vec![("/en/rules", page("/en/MagicCompRules.pdf"))], "/en/rules");
    assert!(
        stderr.contains("the rules page changed: no link to the rules text (.txt) found at http://SERVER/en/rules"),
        "{stderr}"
    );
    assert!(stderr.contains("pass --url with the file's address"), "{stderr}");
}

#[test]
fn plain_http_is_refused_off_the_loopback_address_before_connecting() {
    let dir = data_dir();
    // An address reserved for documentation: a connection attempt would hang until the default
    // timeout, and no timeout override is given here.
    let start = Instant::now();
    let output = judge(dir.path())
        .env("COLUMNS", "250")
        .args(["corpus", "fetch", "--url", "http://192.0.2.1/en/rules"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr.contains(
            "refused to fetch `http://192.0.2.1/en/rules`: only https:// is used, except on the loopback address"
        ),
        "{stderr}"
    );
    assert!(start.elapsed() < Duration::from_secs(5), "no connection was tried");
    assert!(!dir.path().join("editions").exists());
}

#[test]
fn a_redirection_to_plain_http_elsewhere_is_refused() {
    let routes = vec![("/en/rules", Reply::Redirect("http://192.0.2.1/MagicCompRules.txt"))];
    let (stderr, took) = refused(routes, "/en/rules");
    assert!(stderr.contains("refused to fetch `http://192.0.2.1/MagicCompRules.txt`"), "{stderr}");
    assert!(took < Duration::from_secs(10));
}
