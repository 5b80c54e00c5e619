//! Downloading the official rules text for `judge corpus fetch` (the publisher's rules page, the
//! link on it to the `.txt` file, then that file) and Scryfall's bulk card data for `judge cards
//! fetch` (`bulk.rs`). The caller imports what was downloaded; nothing here writes to the data
//! directory, so a failed or cut download cannot leave anything behind.

mod address;
pub(crate) mod bulk;
mod http;
mod link;

pub use address::Address;
pub use http::Timeouts;

use miette::Diagnostic;

/// The rules page of the game's publisher, which links the current rules text.
pub const RULES_PAGE: &str = "https://magic.wizards.com/en/rules";
/// A page bigger than this is not the rules page (it is about 0.3 MiB).
pub const PAGE_LIMIT: u64 = 4 * 1024 * 1024;
/// A rules text bigger than this is not a rules text (they are about 1 MiB, in UTF-16 2 MiB).
pub const RULES_LIMIT: u64 = 16 * 1024 * 1024;

/// How to download.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub timeouts: Timeouts,
    /// Show the bytes received on stderr (only when it is a terminal).
    pub progress: bool,
}

/// A downloaded rules text, not yet checked.
#[derive(Debug)]
pub struct Fetched {
    /// Where the text came from, after redirections.
    pub address: Address,
    /// The page that linked it, when `start` was a page.
    pub page: Option<Address>,
    pub bytes: Vec<u8>,
}

const FALLBACK: &str = "check the connection, or download the file yourself and run `judge corpus import FILE` (a rules text) or `judge cards import FILE…` (card data)";

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum FetchError {
    #[error("`{url}` cannot be fetched: {reason}")]
    #[diagnostic(help(
        "give the https:// address of the rules page or of the rules text, such as {RULES_PAGE}; a file on this machine is imported with `judge corpus import FILE`"
    ))]
    BadAddress { url: String, reason: String },

    #[error("refused to fetch `{url}`: only https:// is used, except on the loopback address")]
    #[diagnostic(help(
        "plain http could be altered on the way; use the https:// address (http:// is only for a mirror on 127.0.0.1, ::1 or localhost)"
    ))]
    Insecure { url: String },

    #[error("could not reach {host}: {reason}")]
    #[diagnostic(help("{FALLBACK}"))]
    Unreachable { host: String, reason: String },

    #[error("could not make a secure connection to {host}: {reason}")]
    #[diagnostic(help(
        "a wrong system clock or a proxy that intercepts the connection can cause this; or download the file yourself and run `judge corpus import FILE` (a rules text) or `judge cards import FILE…` (card data)"
    ))]
    Tls { host: String, reason: String },

    #[error("no answer from {host} in time ({what})")]
    #[diagnostic(help("{FALLBACK}"))]
    Timeout { host: String, what: &'static str },

    #[error("`{url}` answered {status}")]
    #[diagnostic(help(
        "the address may have moved; pass --url with the right one (for `judge corpus fetch`, the rules page or the rules text; for `judge cards fetch`, Scryfall's bulk-data listing)"
    ))]
    Status { url: String, status: String },

    #[error("`{url}` redirects too many times")]
    #[diagnostic(help("pass --url with the address of the rules text itself"))]
    TooManyRedirects { url: String },

    #[error("`{url}` is larger than {} MiB, more than any {what}", .limit / (1024 * 1024))]
    #[diagnostic(help("nothing was imported; check the address"))]
    TooLarge { url: String, limit: u64, what: &'static str },

    #[error("the connection to {host} was closed after {received} of {expected} bytes")]
    #[diagnostic(help("nothing was imported; try again"))]
    Truncated { host: String, received: u64, expected: String },

    #[error("could not download `{url}`: {message}")]
    #[diagnostic(help("{FALLBACK}"))]
    Http { url: String, message: String },

    #[error("the rules page changed: no link to the rules text (.txt) found at {url}")]
    #[diagnostic(help("pass --url with the file's address"))]
    PageChanged { url: String },

    #[error("`{url}` is not Scryfall's bulk-data listing: {reason}")]
    #[diagnostic(help(
        "pass --url with the address of the listing ({}), or download the bulk files yourself and run `judge cards import FILE…`",
        bulk::LISTING
    ))]
    NotListing { url: String, reason: String },

    #[error("Scryfall's bulk-data listing at `{url}` has no `{kind}` file")]
    #[diagnostic(help(
        "the listing may have changed; download the Oracle Cards and Rulings files from scryfall.com/docs/api/bulk-data yourself and run `judge cards import FILE…`"
    ))]
    NoBulkFile { url: String, kind: &'static str },

    #[error("cannot keep the downloaded file on this machine")]
    #[diagnostic(help("a temporary file is needed as large as the file downloaded; check the space left in the temporary directory (TMPDIR)"))]
    Save { source: std::io::Error },

    #[error("the file at `{url}` is not a Comprehensive Rules text")]
    #[diagnostic(help(
        "nothing was imported; pass --url with the address of the rules text (.txt) or of the page that links it"
    ))]
    NotRules {
        url: String,
        #[diagnostic_source]
        problems: Box<dyn Diagnostic + Send + Sync>,
    },
}

/// Downloads the rules text from `start`: a page that links it (the first `.txt` link whose
/// name holds `MagicCompRules`, made absolute against the page), or the text itself. A response
/// is a page when it begins with `<` (HTML), which no rules text does.
pub fn rules_text(start: &str, options: &Options) -> Result<Fetched, FetchError> {
    let start = Address::parse(start)?;
    let client = http::Client::new(options);
    let first = client.get(&start, http::Expect::PageOrRules)?;
    if !first.is_page {
        return Ok(Fetched { address: first.address, page: None, bytes: first.bytes });
    }
    let page = String::from_utf8_lossy(&first.bytes);
    let href = link::rules_link(&page).ok_or_else(|| FetchError::PageChanged { url: first.address.text.clone() })?;
    let target = first.address.follow(&href)?;
    let rules = client.get(&target, http::Expect::Rules)?;
    Ok(Fetched { address: rules.address, page: Some(first.address), bytes: rules.bytes })
}
