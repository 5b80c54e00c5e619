//! One GET, with everything that keeps a bad server from hanging or flooding `judge`: timeouts,
//! a size cap read as the bytes come, a body that must be as long as it said, and redirections
//! followed by hand so that each one is checked like the first address.

use super::address::Address;
use super::{FetchError, Options, PAGE_LIMIT, RULES_LIMIT};
use crate::progress::Progress;
use std::io::{self, IsTerminal, Read, Write};
use std::time::Duration;
use ureq::http::header::{ACCEPT, CONTENT_TYPE, LOCATION};
use ureq::{Agent, Body};

/// The publisher's media links redirect once or twice; more is a loop.
const MAX_REDIRECTS: usize = 5;
const CHUNK: usize = 64 * 1024;
/// What Scryfall's API asks clients to accept (with a `User-Agent` of their own, which the
/// agent sends).
const JSON: &str = "application/json";
/// The slowest download the whole-download timeout allows for: a bulk file of 160 MB at this
/// rate takes about 11 minutes. A stalled connection is given up on long before, by `stall`.
const SLOWEST: u64 = 256 * 1024;

/// How long to wait. A stalled server is given up on after `stall`, whatever the whole allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    pub connect: Duration,
    /// Waiting for the answer, and then for each read of the body.
    pub stall: Duration,
    /// One request, from connecting to the last byte: a rules text of 1 MiB in two minutes is
    /// 9 KiB/s, slower than any connection that can browse the page.
    pub whole: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts { connect: Duration::from_secs(10), stall: Duration::from_secs(30), whole: Duration::from_secs(120) }
    }
}

impl Timeouts {
    /// Every wait set to `wait` and the whole to twenty of them (for the tests' servers that never
    /// answer, so that they fail in a moment).
    pub fn all(wait: Duration) -> Self {
        Timeouts { connect: wait, stall: wait, whole: wait.saturating_mul(20) }
    }

    /// The time a download of `size` bytes may take: `whole`, and as long again as the bytes take
    /// at 256 KiB/s. A fixed time fit for a rules text of 1 MiB would cut a card data file of a
    /// few hundred megabytes on any ordinary connection; a dead one is caught by `stall` anyway.
    pub fn whole_for(&self, size: u64) -> Duration {
        self.whole.saturating_add(Duration::from_secs(size / SLOWEST))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// The first address, which `--url` lets be either.
    PageOrRules,
    /// The link found on the page.
    Rules,
}

pub struct Response {
    pub address: Address,
    pub is_page: bool,
    pub bytes: Vec<u8>,
}

pub struct Client {
    agent: Agent,
    timeouts: Timeouts,
    progress: bool,
}

impl Client {
    pub fn new(options: &Options) -> Self {
        let t = options.timeouts;
        let agent = Agent::config_builder()
            .timeout_resolve(Some(t.connect))
            .timeout_connect(Some(t.connect))
            .timeout_recv_response(Some(t.stall))
            .timeout_per_read(Some(t.stall))
            .timeout_global(Some(t.whole))
            // Redirections and statuses are handled in `get`, so that each is checked and said.
            .max_redirects(0)
            .http_status_as_error(false)
            .user_agent(concat!("judge/", env!("CARGO_PKG_VERSION")))
            .build()
            .new_agent();
        Client { agent, timeouts: t, progress: options.progress && io::stderr().is_terminal() }
    }

    pub fn get(&self, address: &Address, expect: Expect) -> Result<Response, FetchError> {
        let (address, response) = self.answer(address, None, None)?;
        let content_type =
            response.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_ascii_lowercase();
        let html = content_type.starts_with("text/html") || content_type.starts_with("application/xhtml");
        // The declared type only sets the cap, before a byte is read.
        let (limit, what) = match expect {
            Expect::PageOrRules if html => (PAGE_LIMIT, "rules page"),
            _ => (RULES_LIMIT, "rules text"),
        };
        let mut bytes = Vec::new();
        self.copy(&address, response.into_body(), limit, what, &mut bytes)?;
        // The body decides, not its declared type: a mirror may serve the text as HTML.
        let is_page = expect == Expect::PageOrRules && begins_with_markup(&bytes);
        Ok(Response { address, is_page, bytes })
    }

    /// A small JSON document (Scryfall's bulk-data listing), whole: where it came from, and its
    /// bytes.
    pub fn get_json(&self, address: &Address) -> Result<(Address, Vec<u8>), FetchError> {
        let (address, response) = self.answer(address, Some(JSON), None)?;
        let mut bytes = Vec::new();
        self.copy(&address, response.into_body(), PAGE_LIMIT, "bulk-data listing", &mut bytes)?;
        Ok((address, bytes))
    }

    /// A large file, written to `sink` as it comes, refused past `limit`: where it came from,
    /// and how many bytes were written. `size` is what the listing said it weighs, which sets
    /// the time the whole download is given ([`Timeouts::whole_for`]).
    pub fn download(
        &self,
        address: &Address,
        size: Option<u64>,
        limit: u64,
        what: &'static str,
        sink: &mut dyn Write,
    ) -> Result<(Address, u64), FetchError> {
        let whole = self.timeouts.whole_for(size.unwrap_or(limit));
        let (address, response) = self.answer(address, Some(JSON), Some(whole))?;
        let written = self.copy(&address, response.into_body(), limit, what, sink)?;
        Ok((address, written))
    }

    /// The answer at `address`, redirections followed, with a success status; `accept` is the
    /// `Accept` header, `whole` the time this request may take when not the agent's.
    fn answer(
        &self,
        address: &Address,
        accept: Option<&str>,
        whole: Option<Duration>,
    ) -> Result<(Address, ureq::http::Response<Body>), FetchError> {
        let mut address = address.clone();
        for _ in 0..=MAX_REDIRECTS {
            let mut request = self.agent.get(&address.text);
            if let Some(accept) = accept {
                request = request.header(ACCEPT, accept);
            }
            if let Some(whole) = whole {
                request = request.config().timeout_global(Some(whole)).build();
            }
            let response = request.call().map_err(|e| failure(&address, e, None))?;
            let status = response.status();
            if status.is_redirection() {
                if let Some(location) = response.headers().get(LOCATION).and_then(|v| v.to_str().ok()) {
                    address = address.follow(location)?;
                    continue;
                }
            }
            if !status.is_success() {
                return Err(FetchError::Status { url: address.text, status: status.to_string() });
            }
            return Ok((address, response));
        }
        Err(FetchError::TooManyRedirects { url: address.text })
    }

    /// Copies the whole body into `sink`, refused as soon as it passes `limit` or if it ends
    /// before its length; how many bytes it had.
    fn copy(
        &self,
        address: &Address,
        body: Body,
        limit: u64,
        what: &'static str,
        sink: &mut dyn Write,
    ) -> Result<u64, FetchError> {
        let too_large = || FetchError::TooLarge { url: address.text.clone(), limit, what };
        let expected = body.content_length();
        if expected.is_some_and(|n| n > limit) {
            return Err(too_large());
        }
        let label = address.file_name().unwrap_or_else(|| address.host.clone());
        let mut progress = Progress::new(self.progress, label, expected);
        let mut reader = body.into_with_config().reader();
        let mut received = 0u64;
        let mut chunk = vec![0; CHUNK];
        loop {
            let read = match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    progress.clear();
                    return Err(failure(address, ureq::Error::from(e), Some((received, expected))));
                }
            };
            received += read as u64;
            if received > limit {
                progress.clear();
                return Err(too_large());
            }
            sink.write_all(&chunk[..read]).map_err(|source| FetchError::Save { source })?;
            progress.show(received);
        }
        progress.clear();
        // ureq refuses a body shorter than its Content-Length; checked again here because a
        // half file must never be imported.
        if let Some(expected) = expected.filter(|&n| n != received) {
            return Err(truncated(address, received, Some(expected)));
        }
        Ok(received)
    }
}

/// HTML begins with `<` (after any byte order mark and blank); a rules text with its title.
fn begins_with_markup(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
}

fn truncated(address: &Address, received: u64, expected: Option<u64>) -> FetchError {
    FetchError::Truncated {
        host: address.host.clone(),
        received,
        expected: expected.map_or_else(|| "the announced".to_string(), |n| n.to_string()),
    }
}

/// What went wrong, said for a judge. `body` is set once the answer has begun: (bytes received,
/// bytes announced); a connection closed then is a cut file, not an unreachable host.
fn failure(address: &Address, error: ureq::Error, body: Option<(u64, Option<u64>)>) -> FetchError {
    let host = address.host.clone();
    let unreachable = |reason: String| FetchError::Unreachable { host: host.clone(), reason };
    match error {
        ureq::Error::HostNotFound => unreachable("the host name was not found".to_string()),
        ureq::Error::ConnectionFailed => unreachable("the connection failed".to_string()),
        ureq::Error::Timeout(timeout) => FetchError::Timeout { host, what: waited_for(timeout) },
        ureq::Error::Io(e) if matches!(e.kind(), io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock) => {
            FetchError::Timeout { host, what: "the connection stalled" }
        }
        ureq::Error::Io(e) if body.is_some() && cut(e.kind()) => {
            let (received, expected) = body.unwrap_or_default();
            truncated(address, received, expected)
        }
        ureq::Error::Io(e) if cut(e.kind()) => unreachable("the connection was closed before any answer".to_string()),
        ureq::Error::Io(e) => unreachable(e.to_string()),
        ureq::Error::Rustls(e) => FetchError::Tls { host, reason: e.to_string() },
        ureq::Error::Tls(reason) => FetchError::Tls { host, reason: reason.to_string() },
        other => FetchError::Http { url: address.text.clone(), message: other.to_string() },
    }
}

fn cut(kind: io::ErrorKind) -> bool {
    matches!(
        kind,
        io::ErrorKind::UnexpectedEof
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe
    )
}

fn waited_for(timeout: ureq::Timeout) -> &'static str {
    match timeout {
        ureq::Timeout::Resolve => "looking up the host name",
        ureq::Timeout::Connect => "connecting",
        ureq::Timeout::RecvResponse | ureq::Timeout::SendRequest => "waiting for the answer",
        ureq::Timeout::PerRead | ureq::Timeout::RecvBody => "the download stalled",
        ureq::Timeout::Global | ureq::Timeout::PerCall => "the download took too long",
        _ => "waiting",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_told_from_a_rules_text() {
        assert!(begins_with_markup(b"\xEF\xBB\xBF\r\n  <!DOCTYPE html>"));
        assert!(!begins_with_markup(b"\xEF\xBB\xBFMagic: The Gathering Comprehensive Rules"));
        assert!(!begins_with_markup(b""));
    }
}
