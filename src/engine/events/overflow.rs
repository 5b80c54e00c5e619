//! A number the events make past what the engine holds (64-bit integers), or more draws or tokens
//! from one event than it follows: the answer is refused, never shown with a clamped number.
//! Stated numbers are bounded so that the layers' sums stay in range (`scenario::limits::NUMBER`);
//! what no such bound can cover is what replacement effects make of them, since multiplications
//! compound (614.5) and the events' results add up.

/// The engine's arithmetic on an event's number or on the board it leaves went past the range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("{what} would {past}")]
#[diagnostic(
    code(judge::overflow),
    help("no answer with a clamped number is given: use smaller numbers, or fewer effects that multiply")
)]
pub struct Overflow {
    /// The scenario's event it happened in, counted from 0 as events are (each of an `at_once`
    /// group counting as one); `None` for a state-based action or the board the events leave.
    pub origin: Option<usize>,
    /// The id of the effect whose application went past the range, when one did.
    pub effect: Option<String>,
    /// What went past the range, in words.
    pub what: String,
    pub past: Past,
}

/// Past this many draws from one instruction, or tokens from one event, the engine gives no
/// answer: it makes each draw and each token one by one (121.2, 111.1), and a count that large
/// comes from compounding replacements (614.5) or a typo.
pub const MAX_DRAWS: i64 = 1000;
pub const MAX_TOKENS: i64 = 1000;

/// Which of the engine's bounds a result went past.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Past {
    /// 64-bit integers.
    Numbers,
    Draws,
    Tokens,
}

impl std::fmt::Display for Past {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::placed_yaml::limits::thousands;
        match self {
            Past::Numbers => {
                write!(f, "overflow the engine's numbers (64-bit integers, at most {})", thousands(i64::MAX as u64))
            }
            Past::Draws => write!(f, "draw more cards at once than the engine follows (at most {MAX_DRAWS})"),
            Past::Tokens => write!(f, "create more tokens at once than the engine follows (at most {MAX_TOKENS})"),
        }
    }
}

/// The bound an event made by a replacement goes past, if any.
pub fn past_bounds(event: &crate::model::pending::Event) -> Option<Past> {
    use crate::model::pending::Event;
    match event {
        Event::Draws { cards, .. } if *cards > MAX_DRAWS => Some(Past::Draws),
        Event::Tokens { count, .. } if *count > MAX_TOKENS => Some(Past::Tokens),
        _ => None,
    }
}

/// A result past the range of `i64`; the caller says where it happened (`Overflow`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge;

/// `a × b`, or `TooLarge`.
pub fn mul(a: i64, b: i64) -> Result<i64, TooLarge> {
    a.checked_mul(b).ok_or(TooLarge)
}

/// `a + b`, or `TooLarge`.
pub fn add(a: i64, b: i64) -> Result<i64, TooLarge> {
    a.checked_add(b).ok_or(TooLarge)
}

/// `a − b`, or `TooLarge`.
pub fn sub(a: i64, b: i64) -> Result<i64, TooLarge> {
    a.checked_sub(b).ok_or(TooLarge)
}

/// The overflow of applying `effect` to the event `pending`, named as the trace names them.
pub fn applying(env: &super::replacer::Env, pending: &super::event::Pending, effect: u16, past: Past) -> Overflow {
    let key = env.replacers[effect as usize].key().to_string();
    let what = format!("applying `{key}` to {}", super::event_name(env, pending));
    Overflow { origin: pending.cause.is_none().then_some(pending.origin), effect: Some(key), what, past }
}
