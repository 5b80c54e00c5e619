//! Finding the rules text on the publisher's rules page.
//!
//! The page links the current text as a `.txt` file whose name holds `MagicCompRules` and the
//! date (`MagicCompRules%2020260227.txt`); looking for that shape rather than for one address is
//! what lets the next release be found too. The first such link is taken: the page lists the
//! current rules before any older document.

use regex::Regex;
use std::sync::OnceLock;

/// The `href` of the first link to the rules text, as written in the page (entities decoded).
pub fn rules_link(page: &str) -> Option<String> {
    static HREF: OnceLock<Regex> = OnceLock::new();
    let href = HREF.get_or_init(|| {
        Regex::new(r#"(?i)\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>]+))"#).expect("a valid pattern")
    });
    href.captures_iter(page)
        .filter_map(|c| c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3)))
        .map(|m| decode_entities(m.as_str()))
        .find(|link| is_rules_text(link))
}

/// A `.txt` file (before any query) whose name holds `MagicCompRules`, in any case.
fn is_rules_text(link: &str) -> bool {
    let path = link.split(['?', '#']).next().unwrap_or_default();
    let name = path.rsplit('/').next().unwrap_or_default().to_ascii_lowercase();
    name.ends_with(".txt") && name.contains("magiccomprules")
}

/// The entities an address in an attribute may hold (`&amp;` in a query string).
fn decode_entities(text: &str) -> String {
    text.replace("&#38;", "&").replace("&#x26;", "&").replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_rules_text_link_is_taken() {
        let page = r#"<html><a href="/en/news">News</a>
            <a class="btn" href="https://media.wizards.com/2026/downloads/MagicCompRules.pdf">PDF</a>
            <a HREF = 'https://media.wizards.com/2026/downloads/MagicCompRules%2020260227.txt'>TXT</a>
            <a href="https://media.wizards.com/2025/downloads/MagicCompRules%2020251114.txt">older</a>"#;
        assert_eq!(
            rules_link(page).as_deref(),
            Some("https://media.wizards.com/2026/downloads/MagicCompRules%2020260227.txt")
        );
    }

    proptest::proptest! {
        #[test]
        fn no_page_panics(page in "(<a href=[\"']?[a-zA-Z0-9 /.%?&;#]{0,20}[\"']?>|\\PC{0,10})*") {
            let _ = rules_link(&page);
        }
    }

    #[test]
    fn other_text_files_and_pages_are_passed_over() {
        assert_eq!(rules_link(r#"<a href="/robots.txt">x</a><a href="/MagicCompRules">y</a>"#), None);
        assert_eq!(rules_link("no links at all"), None);
        assert_eq!(
            rules_link(r#"<a href=magiccomprules.TXT?v=1&amp;x=2>"#).as_deref(),
            Some("magiccomprules.TXT?v=1&x=2")
        );
        assert_eq!(rules_link(r#"<a href="MagicCompRules.txt.html">"#), None);
    }
}
