//! Which addresses `judge corpus fetch` may reach, and how a link of a page is made absolute.
//!
//! Only `https` is allowed, so that what is imported as the rules is what the publisher served;
//! plain `http` only to the loopback address, where a test server or a local mirror runs and
//! nothing crosses a network.

use super::FetchError;
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, CONTROLS};
use ureq::http::Uri;

/// An address that passed the rules above: its text as it will be requested.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub text: String,
    pub host: String,
    secure: bool,
}

impl Address {
    /// Checks `text` before anything is sent: a refused address opens no connection.
    pub fn parse(text: &str) -> Result<Address, FetchError> {
        let text = text.trim();
        let bad = |reason: &str| FetchError::BadAddress { url: text.to_string(), reason: reason.to_string() };
        let uri: Uri = text.parse().map_err(|_| bad("it is not a web address"))?;
        let host = uri.host().filter(|h| !h.is_empty()).ok_or_else(|| bad("it names no host"))?.to_string();
        let secure = match uri.scheme_str().map(str::to_ascii_lowercase).as_deref() {
            Some("https") => true,
            Some("http") if is_loopback(&host) => false,
            Some("http") => return Err(FetchError::Insecure { url: text.to_string() }),
            _ => return Err(bad("only https:// addresses are fetched")),
        };
        Ok(Address { text: text.to_string(), host, secure })
    }

    /// Where a link or a redirection from here may lead: anywhere over https, and from the
    /// loopback address to the loopback address; never from https down to plain http.
    pub fn follow(&self, location: &str) -> Result<Address, FetchError> {
        let target = Address::parse(&resolve(&self.text, location))?;
        if self.secure && !target.secure {
            return Err(FetchError::Insecure { url: target.text });
        }
        Ok(target)
    }

    /// The last segment of the path, percent-decoded: the file's own name.
    pub fn file_name(&self) -> Option<String> {
        let path = self.text.split(['?', '#']).next().unwrap_or_default();
        let after_scheme = path.split_once("://").map_or(path, |(_, rest)| rest);
        let (_, path) = after_scheme.split_once('/')?;
        let last = path.rsplit('/').next().filter(|s| !s.is_empty())?;
        Some(percent_decode(last))
    }
}

fn is_loopback(host: &str) -> bool {
    matches!(host.to_ascii_lowercase().as_str(), "127.0.0.1" | "[::1]" | "::1" | "localhost")
}

/// `href` made absolute against the page at `base` (RFC 3986, section 5.2, for the forms that
/// pages use), with the characters that cannot stand in an address (spaces) percent-encoded.
pub fn resolve(base: &str, href: &str) -> String {
    let href = encode(href.trim());
    let (scheme, rest) = base.split_once("://").unwrap_or(("https", base));
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, base_path) = rest.split_at(authority_end);
    if has_scheme(&href) {
        href
    } else if let Some(rest) = href.strip_prefix("//") {
        format!("{scheme}://{rest}")
    } else if href.starts_with('/') {
        format!("{scheme}://{authority}{}", remove_dot_segments(&href))
    } else {
        let base_path = base_path.split(['?', '#']).next().unwrap_or_default();
        let directory = base_path.rfind('/').map_or("/", |i| &base_path[..=i]);
        format!("{scheme}://{authority}{}", remove_dot_segments(&format!("{directory}{href}")))
    }
}

fn has_scheme(href: &str) -> bool {
    match href.find(':') {
        Some(colon) => {
            let scheme = &href[..colon];
            scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}

/// Removes `.` and `..` segments from the path part (the query is left alone).
fn remove_dot_segments(path_and_query: &str) -> String {
    let split = path_and_query.find(['?', '#']).unwrap_or(path_and_query.len());
    let (path, query) = path_and_query.split_at(split);
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    for (i, segment) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        match *segment {
            "." if last => out.push(""),
            "." => {}
            ".." => {
                out.pop();
                if last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    format!("/{}{query}", out.join("/"))
}

/// What cannot stand in an address as it is: controls, the space, the characters RFC 3986 does
/// not allow anywhere in one; non-ASCII bytes are always encoded.
const NOT_IN_ADDRESS: &AsciiSet =
    &CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'\\').add(b'^').add(b'`').add(b'{').add(b'|').add(b'}');

/// `href` with what cannot stand in an address percent-encoded.
fn encode(href: &str) -> String {
    utf8_percent_encode(href, NOT_IN_ADDRESS).to_string()
}

/// `text` percent-decoded; an escape cut short or not of two hex digits is kept as it is.
fn percent_decode(text: &str) -> String {
    percent_decode_str(text).decode_utf8_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "https://magic.wizards.com/en/rules";

    #[test]
    fn links_are_made_absolute_against_the_page() {
        let media = "https://media.wizards.com/2026/downloads/MagicCompRules%2020260227.txt";
        assert_eq!(resolve(PAGE, media), media);
        assert_eq!(resolve(PAGE, "//media.wizards.com/a.txt"), "https://media.wizards.com/a.txt");
        assert_eq!(resolve(PAGE, "/files/CR 2026.txt"), "https://magic.wizards.com/files/CR%202026.txt");
        assert_eq!(resolve(PAGE, "cr.txt"), "https://magic.wizards.com/en/cr.txt");
        assert_eq!(resolve("https://h/a/b/page?x=1", "../c/cr.txt"), "https://h/a/c/cr.txt");
        assert_eq!(resolve("http://127.0.0.1:8080", "cr.txt"), "http://127.0.0.1:8080/cr.txt");
        assert_eq!(resolve("http://127.0.0.1:8080/", "./x/../cr.txt?v=2"), "http://127.0.0.1:8080/cr.txt?v=2");
    }

    #[test]
    fn only_https_except_on_the_loopback_address() {
        assert!(Address::parse(PAGE).is_ok());
        assert!(Address::parse("http://127.0.0.1:9/rules").is_ok());
        assert!(Address::parse("http://[::1]:9/rules").is_ok());
        assert!(Address::parse("http://localhost/rules").is_ok());
        assert!(matches!(Address::parse("http://magic.wizards.com/en/rules"), Err(FetchError::Insecure { .. })));
        assert!(matches!(Address::parse("http://127.0.0.2/"), Err(FetchError::Insecure { .. })));
        assert!(matches!(Address::parse("ftp://example.org/cr.txt"), Err(FetchError::BadAddress { .. })));
        assert!(matches!(Address::parse("MagicCompRules.txt"), Err(FetchError::BadAddress { .. })));
        assert!(matches!(Address::parse("not an address"), Err(FetchError::BadAddress { .. })));
    }

    #[test]
    fn a_redirection_never_goes_down_to_http() {
        let secure = Address::parse(PAGE).unwrap();
        assert_eq!(secure.follow("/en/rules/").unwrap().text, "https://magic.wizards.com/en/rules/");
        assert!(matches!(secure.follow("http://127.0.0.1/cr.txt"), Err(FetchError::Insecure { .. })));
        let local = Address::parse("http://127.0.0.1:1/page").unwrap();
        assert_eq!(local.follow("/cr.txt").unwrap().text, "http://127.0.0.1:1/cr.txt");
        assert!(local.follow("https://media.wizards.com/cr.txt").is_ok());
    }

    proptest::proptest! {
        /// Addresses and links come from the command line and from a page: none may panic.
        #[test]
        fn no_address_or_link_panics(
            base in "(https?://)?[a-zA-Z0-9:/.%?#\\[\\]@ é-]{0,30}",
            href in "[a-zA-Z0-9:/.%?#\\[\\]@ é-]{0,30}|\\PC{0,20}",
        ) {
            if let Ok(address) = Address::parse(&base) {
                let _ = address.follow(&href);
                let _ = address.file_name();
            }
            let _ = resolve("https://h/a/b", &href);
            let _ = percent_decode(&href);
        }
    }

    #[test]
    fn the_file_name_is_decoded() {
        let address = Address::parse("https://media.wizards.com/2026/MagicCompRules%2020260227.txt?x#y").unwrap();
        assert_eq!(address.file_name().as_deref(), Some("MagicCompRules 20260227.txt"));
        assert_eq!(Address::parse(PAGE).unwrap().file_name().as_deref(), Some("rules"));
        assert_eq!(Address::parse("https://h/").unwrap().file_name(), None);
        assert_eq!(Address::parse("https://h").unwrap().file_name(), None);
        assert_eq!(percent_decode("a%2"), "a%2", "a cut escape is kept as it is");
        assert_eq!(percent_decode("a%zz%41"), "a%zzA");
        assert_eq!(percent_decode("%C3%A9t%C3%A9"), "été");
    }

    /// Every byte is kept or encoded by the rule of RFC 3986 for what may stand in an address:
    /// printable ASCII except the space and `"<>\\^`{|}`, each other byte as `%XX` in capitals.
    #[test]
    fn what_cannot_stand_in_an_address_is_encoded() {
        let refused = |b: u8| !b.is_ascii_graphic() || b"\"<>\\^`{|}".contains(&b);
        for byte in 0..0x80u8 {
            let text = char::from(byte).to_string();
            let expected = if refused(byte) { format!("%{byte:02X}") } else { text.clone() };
            assert_eq!(encode(&text), expected, "{byte:#x}");
        }
        assert_eq!(encode("CR 2026 é.txt"), "CR%202026%20%C3%A9.txt");
    }
}
