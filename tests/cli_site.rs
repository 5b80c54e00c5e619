//! `judge corpus html`: the static site of an edition. The site of the miniature rules text
//! (`tests/fixtures/mini-cr.txt`), of an edition of it reworded, of the embedded French edition,
//! and of the official 2025-11-14 text when it is beside the repository, each checked by a link
//! checker: every address of every page names a file of the site and an anchor of that file, and
//! every cross-reference of every rule, both ways, and every rule a glossary entry points to, is
//! a link to that rule.

use crate::support::{data_dir, files, run};
use judge::corpus::glossary_targets;
use judge::corpus::reference_places as places;
use judge::corpus::{parse_english, Edition, EditionInfo, Lang, RuleId};
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");

/// A rules text in the English format parsed as an import parses it.
fn parsed(text: &str, name: &str) -> Edition {
    let cr = parse_english(text).expect("the text parses");
    let info = EditionInfo { name: name.to_string(), lang: Lang::En, date: cr.date.clone() };
    Edition::new(info, vec![], cr.parsed)
}

/// A data directory with `text` imported as each `name`.
fn imported(editions: &[(&str, &str)]) -> tempfile::TempDir {
    let data = data_dir();
    for (i, (name, text)) in editions.iter().enumerate() {
        let file = data.path().join(format!("cr-{i}.txt"));
        fs::write(&file, text).unwrap();
        let (code, _, stderr) = run(data.path(), &["corpus", "import", file.to_str().unwrap(), "--edition", name]);
        assert_eq!(code, 0, "{stderr}");
    }
    data
}

fn html(data: &Path, args: &[&str]) -> (i32, String, String) {
    run(data, &[&["corpus", "html"][..], args].concat())
}

/// Every page of a site: file name → content.
fn pages(site: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(site).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".html") {
            out.insert(name, fs::read_to_string(&path).unwrap());
        }
    }
    out
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
}

fn ids(page: &str) -> BTreeSet<String> {
    let id = Regex::new(r#" id="([^"]*)""#).unwrap();
    let mut seen = BTreeSet::new();
    for caps in id.captures_iter(page) {
        assert!(seen.insert(unescape(&caps[1])), "the id `{}` is there twice", &caps[1]);
    }
    seen
}

/// Every address a page names (`href` and `src`), as (file, anchor), the page's own file for an
/// anchor alone; each checked to name a file of the site and an anchor of that file. Nothing is
/// fetched from elsewhere.
fn check_links(site: &Path) -> BTreeMap<String, Vec<(String, String)>> {
    let pages = pages(site);
    assert!(pages.contains_key("index.html"), "{:?}", pages.keys());
    let anchors: BTreeMap<&String, BTreeSet<String>> = pages.iter().map(|(name, page)| (name, ids(page))).collect();
    let address = Regex::new(r#" (?:href|src)="([^"]*)""#).unwrap();
    let mut all = BTreeMap::new();
    for (name, page) in &pages {
        let mut links = Vec::new();
        for caps in address.captures_iter(page) {
            let href = unescape(&caps[1]);
            assert!(!href.contains(':') && !href.starts_with("//"), "{name} links outside the site: {href}");
            let (file, anchor) = href.split_once('#').unwrap_or((&href, ""));
            let file = if file.is_empty() { name.clone() } else { file.to_string() };
            assert!(site.join(&file).is_file(), "{name} links to `{href}`, and there is no `{file}`");
            if !anchor.is_empty() {
                let there = anchors.get(&file).unwrap_or_else(|| panic!("{name}: `{href}` has an anchor in a page"));
                assert!(there.contains(anchor), "{name} links to `{href}`, and `{file}` has no id `{anchor}`");
            }
            links.push((file, anchor.to_string()));
        }
        all.insert(name.clone(), links);
    }
    all
}

/// Where a rule is: its section's page, and its number as anchor (a section: its page, or its
/// heading's anchor).
fn is_link_to(link: &(String, String), id: RuleId) -> bool {
    link.0 == format!("{}.html", id.section()) && (link.1 == id.to_string() || (id.is_section() && link.1.is_empty()))
}

/// Every rule of the edition is an article of its section's page, whose links go to every rule it
/// cites and every rule that cites it (those the edition has), and every number printed in its
/// text is a link; every glossary entry links to the rules it points to.
fn check_cross_references(site: &Path, edition: &Edition) {
    let article = Regex::new(r#"(?s)<article class="[^"]*" id="([^"]+)">(.*?)</article>"#).unwrap();
    let address = Regex::new(r#" href="([^"]*)""#).unwrap();
    let pages = pages(site);
    let mut articles: BTreeMap<RuleId, (String, String)> = BTreeMap::new();
    for (name, page) in &pages {
        for caps in article.captures_iter(page) {
            articles.insert(RuleId::parse(&caps[1]).unwrap(), (name.clone(), caps[2].to_string()));
        }
    }
    assert_eq!(articles.len(), edition.rule_count(), "one article per rule");
    for rule in edition.rules() {
        let (page, body) = &articles[&rule.id];
        assert_eq!(*page, format!("{}.html", rule.id.section()), "{}", rule.id);
        let links: Vec<(String, String)> = address
            .captures_iter(body)
            .map(|caps| {
                let href = unescape(&caps[1]);
                let (file, anchor) = href.split_once('#').unwrap_or((&href, ""));
                (if file.is_empty() { page.clone() } else { file.to_string() }, anchor.to_string())
            })
            .collect();
        for &cited in rule.references.iter().chain(edition.cited_by(rule.id)) {
            if edition.contains(cited) {
                assert!(links.iter().any(|l| is_link_to(l, cited)), "{} does not link to {cited}: {links:?}", rule.id);
            } else {
                assert!(body.contains(&format!("{cited}*")), "{} does not mark {cited} as absent", rule.id);
            }
        }
        for text in std::iter::once(&rule.text).chain(&rule.examples) {
            for (place, id) in places(text) {
                if edition.contains(id) {
                    let printed = &text[place];
                    assert!(
                        body.contains(&format!(">{printed}</a>")),
                        "{}: `{printed}` in its text is no link",
                        rule.id
                    );
                }
            }
        }
    }
    if edition.parsed.glossary.is_empty() {
        assert!(!site.join("glossary.html").exists());
        return;
    }
    let glossary = &pages["glossary.html"];
    let links: Vec<(String, String)> = address
        .captures_iter(glossary)
        .map(|caps| {
            let href = unescape(&caps[1]);
            let (file, anchor) = href.split_once('#').unwrap_or((&href, ""));
            (file.to_string(), anchor.to_string())
        })
        .collect();
    for entry in &edition.parsed.glossary {
        for target in glossary_targets(edition, &entry.definition) {
            assert!(
                links.iter().any(|l| is_link_to(l, target)),
                "the glossary's `{}` does not link to {target}",
                entry.term
            );
        }
    }
}

/// A site's files by their names, to compare two sites.
fn contents(site: &Path) -> Vec<(String, Vec<u8>)> {
    files(site)
        .into_iter()
        .map(|(path, bytes)| (path.strip_prefix(site).unwrap().display().to_string(), bytes))
        .collect()
}

#[test]
fn the_site_of_an_edition_has_every_link_resolved_and_every_cross_reference_linked() {
    let text = fs::read_to_string(FIXTURE).unwrap();
    let data = imported(&[("en-mini", &text)]);
    let site = data.path().join("site");
    let (code, stdout, stderr) = html(data.path(), &["en-mini", "--out", site.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("wrote 6 pages of edition en-mini (13 rules, "), "{stdout}");
    let names: Vec<String> = contents(&site).into_iter().map(|(name, _)| name).collect();
    assert_eq!(
        names,
        [
            ".judge-site",
            "100.html",
            "101.html",
            "613.html",
            "614.html",
            "glossary.html",
            "index.html",
            "search-index.js",
            "search.js",
            "site.css"
        ]
    );
    check_links(&site);
    check_cross_references(&site, &parsed(&text, "en-mini"));
    let page = fs::read_to_string(site.join("101.html")).unwrap();
    insta::assert_snapshot!("site_section_page", page);
    // The glossary: an entry that only sends to another links to it; an entry links to its rules.
    let glossary = fs::read_to_string(site.join("glossary.html")).unwrap();
    assert!(glossary.contains(r##"<p>See <a class="term" href="#g-active-player-nonactive-player-order">Active Player, Nonactive Player Order</a>.</p>"##), "{glossary}");
    assert!(
        page.contains(r#"Glossary: <a class="term" href="glossary.html#g-active-player-nonactive-player-order">"#),
        "{page}"
    );
    // The search index holds every rule, and the words of each.
    let index = fs::read_to_string(site.join("search-index.js")).unwrap();
    let json = index.split_once(" = ").unwrap().1.trim_end().trim_end_matches(';');
    let index: serde_json::Value = serde_json::from_str(json).unwrap();
    let docs = index["docs"].as_array().unwrap();
    assert_eq!(docs.len(), 13 + 4 + 6, "the rules, the sections, the glossary entries");
    let at = docs.iter().position(|d| d[0] == "614.1a").unwrap();
    assert_eq!(docs[at][1], "An effect that uses the word “instead” is a replacement effect.");
    let trample = docs.iter().position(|d| d[0] == "Trample").unwrap();
    assert_eq!(docs[trample][2], "glossary.html#g-trample");
    // Postings are written as distances from the one before.
    let mut last = 0;
    let instead: Vec<u64> = index["terms"]["instead"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            last += d.as_u64().unwrap();
            last
        })
        .collect();
    assert_eq!(instead, [at as u64, docs.iter().position(|d| d[0] == "614.2").unwrap() as u64], "{}", index["terms"]);
}

#[test]
fn the_site_is_the_same_bytes_on_every_run_and_replaces_a_site_whole() {
    let text = fs::read_to_string(FIXTURE).unwrap();
    let data = imported(&[("en-mini", &text)]);
    let (one, two) = (data.path().join("one"), data.path().join("two"));
    assert_eq!(html(data.path(), &["en-mini", "--out", one.to_str().unwrap()]).0, 0);
    assert_eq!(html(data.path(), &["en-mini", "--out", two.to_str().unwrap()]).0, 0);
    assert_eq!(contents(&one), contents(&two));
    // Over a site written before: replaced whole, a page of the old one gone.
    fs::write(one.join("999.html"), "a page of an older site").unwrap();
    let (code, _, stderr) = html(data.path(), &["fr", "--out", one.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!one.join("999.html").exists() && one.join("614.html").is_file());
    let beside: Vec<String> =
        fs::read_dir(data.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(!beside.iter().any(|n| n.ends_with(".tmp")), "nothing left beside: {beside:?}");
}

#[test]
fn a_directory_that_is_not_a_site_is_refused_unless_forced() {
    let data = data_dir();
    let out = data.path().join("notes");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("mine.txt"), "my notes").unwrap();
    let before = files(&out);
    let (code, stdout, stderr) = html(data.path(), &["fr", "--out", out.to_str().unwrap()]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("holds files that are not a site written by judge"), "{stderr}");
    assert!(stderr.contains("`mine.txt`") && stderr.contains("--force"), "{stderr}");
    assert_eq!(files(&out), before, "nothing was changed");
    let (code, _, stderr) = html(data.path(), &["fr", "--out", out.to_str().unwrap(), "--force"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!out.join("mine.txt").exists() && out.join("index.html").is_file());
    // An empty directory is fine; a file is not a directory; an unknown edition writes nothing.
    let empty = data.path().join("empty");
    fs::create_dir(&empty).unwrap();
    assert_eq!(html(data.path(), &["fr", "--out", empty.to_str().unwrap()]).0, 0);
    let (code, _, stderr) = html(data.path(), &["fr", "--out", out.join("index.html").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is not a directory"), "{stderr}");
    let nowhere = data.path().join("nowhere");
    let (code, _, stderr) = html(data.path(), &["en-none", "--out", nowhere.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(!nowhere.exists());
}

#[test]
fn every_text_is_escaped() {
    let text = fs::read_to_string(FIXTURE)
        .unwrap()
        .replace("101.2. When one effect says", "101.2. When <script>alert(\"x\")</script> & one effect says");
    let data = imported(&[("en-markup", &text)]);
    let site = data.path().join("site");
    assert_eq!(html(data.path(), &["en-markup", "--out", site.to_str().unwrap()]).0, 0);
    let page = fs::read_to_string(site.join("101.html")).unwrap();
    assert!(page.contains("When &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; one effect says"), "{page}");
    assert!(!page.contains("<script>alert"));
    let index = fs::read_to_string(site.join("search-index.js")).unwrap();
    assert!(!index.contains('<') && index.contains(r#"When \u003cscript>alert(\"x\")\u003c/script> & one"#), "{index}");
    check_links(&site);
}

#[test]
fn the_rules_changed_since_an_older_edition_are_marked_with_their_words() {
    let old = fs::read_to_string(FIXTURE).unwrap();
    let new = old
        .replace(
            "614.1a An effect that uses the word “instead” is a replacement effect.",
            "614.1a An effect that uses the word “instead” is a replacement effect, whatever else it says.",
        )
        .replace(
            "100.2. Each player brings a deck of their own.\nExample: A deck of sixty cards is a fine deck.\n\n",
            "",
        )
        .replace(
            "\nGlossary\n\nActive",
            "\n614.3. A prevention effect is not a replacement effect, though it looks like one.\n\nGlossary\n\nActive",
        );
    let data = imported(&[("en-old", &old), ("en-new", &new)]);
    let site = data.path().join("site");
    let (code, _, stderr) = html(data.path(), &["en-new", "--out", site.to_str().unwrap(), "--since", "en-old"]);
    assert_eq!(code, 0, "{stderr}");
    check_links(&site);
    check_cross_references(&site, &parsed(&new, "en-new"));
    let page = fs::read_to_string(site.join("614.html")).unwrap();
    assert!(page.contains(r#"<article class="rule depth-2 changed" id="614.1a">"#), "{page}");
    assert!(page.contains("Reworded since en-old ("), "{page}");
    assert!(page.contains("<del>effect.</del> <ins>effect, whatever else it says.</ins>"), "{page}");
    assert!(page.contains(r#"<article class="rule depth-1 added" id="614.3">"#), "{page}");
    assert!(page.contains("2 rules of this section changed since edition en-old"), "{page}");
    let unchanged = page.split(r#"id="614.1b""#).nth(1).unwrap().split("</article>").next().unwrap();
    assert!(!unchanged.contains("class=\"change\""), "{unchanged}");
    let changes = fs::read_to_string(site.join("changes.html")).unwrap();
    assert!(
        changes.contains(
            "removed</span> 100.2 of en-old<blockquote><p>Each player brings a deck of their own.</p></blockquote>"
        ),
        "{changes}"
    );
    assert!(
        changes.contains(r##"<span class="kind">added</span> <a class="ref" href="614.html#614.3">614.3</a>"##),
        "{changes}"
    );
    // Editions of two languages are not aligned.
    let (code, _, stderr) = html(data.path(), &["en-new", "--out", site.to_str().unwrap(), "--since", "fr"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("are in different languages"), "{stderr}");
}

#[test]
fn the_embedded_french_edition_as_a_site() {
    let data = data_dir();
    let site = data.path().join("regles");
    let (code, stdout, stderr) = html(data.path(), &["fr", "--out", site.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("wrote 7 pages of edition fr-2011-02-04"), "{stdout}");
    check_links(&site);
    let (edition, _) = judge::corpus::embedded_edition();
    check_cross_references(&site, &edition);
    let page = fs::read_to_string(site.join("614.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"fr\">"), "{page}");
    assert!(page.contains("Exemple :"), "examples are labelled in the edition's language");
}

/// The site the issue asks for: the official text of 2025-11-14, and the changes to it in
/// 2026-02-27.
#[test]
#[cfg_attr(not(shared_cr), ignore = "needs the official CR files in ../shared/cr")]
fn the_site_of_the_official_rules_of_2025_11_14() {
    let data = data_dir();
    for date in ["20251114", "20260227"] {
        let file = crate::support::official_cr(&format!("MagicCompRules_{date}.txt"));
        let (code, _, stderr) = run(data.path(), &["corpus", "import", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{stderr}");
    }
    let site = data.path().join("site");
    let (code, _, stderr) = html(data.path(), &["en-2025-11-14", "--out", site.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    check_links(&site);
    check_cross_references(&site, &crate::support::official_edition("20251114"));
    let site = data.path().join("changes");
    let (code, _, stderr) =
        html(data.path(), &["en-2026-02-27", "--out", site.to_str().unwrap(), "--since", "en-2025-11-14"]);
    assert_eq!(code, 0, "{stderr}");
    check_links(&site);
    let changes = fs::read_to_string(site.join("changes.html")).unwrap();
    assert!(changes.contains("<span class=\"kind\">reworded</span>"), "the update of 2026 rewords rules");
    let marked = pages(&site).values().map(|p| p.matches("<p class=\"diff\">").count()).sum::<usize>();
    assert!(marked > 0);
}
