//! What a judge or a rule text points at: one rule number or a range of them
//! (`614.1a-d`, `614.10-614.11`, `509.1–3`, `601.2a–d`).

use super::rule_id::{BadRuleId, RuleId};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleRef {
    One(RuleId),
    /// Both ends inclusive; the end's subrules are part of the range.
    Range(RuleId, RuleId),
}

/// Ranges are written with a hyphen or an en dash (and, in some files, an em dash).
const DASHES: [char; 3] = ['-', '–', '—'];

/// How many numbers a range may expand to when listed; beyond that it is surely a typo.
const MAX_EXPANSION: usize = 100;

impl RuleRef {
    pub fn parse(text: &str) -> Result<RuleRef, BadRuleId> {
        let text = text.trim();
        let bad = || BadRuleId(text.to_string());
        let Some((start, end)) = text.split_once(DASHES) else {
            return RuleId::parse(text).map(RuleRef::One);
        };
        let start = RuleId::parse(start)?;
        let end = complete_range_end(start, end.trim()).ok_or_else(bad)?;
        if end < start || end.is_section() != start.is_section() {
            return Err(bad());
        }
        Ok(RuleRef::Range(start, end))
    }

    pub fn start(self) -> RuleId {
        match self {
            RuleRef::One(id) | RuleRef::Range(id, _) => id,
        }
    }

    pub fn end(self) -> RuleId {
        match self {
            RuleRef::One(id) | RuleRef::Range(_, id) => id,
        }
    }

    /// Expands the reference into the numbers it names, siblings only (`614.1c–e` is `614.1c`,
    /// `614.1d`, `614.1e`), without looking at any corpus. Used for the references a rule text makes.
    pub fn expand(self) -> Vec<RuleId> {
        match self {
            RuleRef::One(id) => vec![id],
            RuleRef::Range(start, end) => {
                let mut ids = vec![start];
                let mut current = start;
                while current < end && ids.len() < MAX_EXPANSION {
                    match current.next_sibling() {
                        Some(next) if next <= end => {
                            ids.push(next);
                            current = next;
                        }
                        _ => break,
                    }
                }
                ids
            }
        }
    }
}

/// The end of a range may be abbreviated: `614.1a-d` (a letter), `509.1–3` (a rule number),
/// `614.10-614.11` (in full).
fn complete_range_end(start: RuleId, end: &str) -> Option<RuleId> {
    if let Ok(full) = RuleId::parse(end) {
        return Some(full);
    }
    let end = end.strip_suffix('.').unwrap_or(end);
    let rule = start.rule()?;
    if end.len() == 1 && end.chars().all(|c| c.is_ascii_alphabetic()) && start.letter().is_some() {
        return Some(RuleId::subrule_id(start.section(), rule, end.chars().next()?));
    }
    if start.letter().is_none() && !end.is_empty() && end.len() <= 4 && end.bytes().all(|b| b.is_ascii_digit()) {
        return Some(RuleId::rule_id(start.section(), end.parse().ok()?));
    }
    if start.letter().is_some() {
        // `601.2a–602.1b` is handled above; `614.1a-2b` is `614.1a` to `614.2b`.
        let digits = end.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            return RuleId::parse(&format!("{}.{end}", start.section())).ok();
        }
    }
    None
}

impl fmt::Display for RuleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleRef::One(id) => write!(f, "{id}"),
            RuleRef::Range(a, b) => write!(f, "{a}-{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> RuleId {
        RuleId::parse(s).unwrap()
    }

    #[test]
    fn parses_every_range_form() {
        for (input, start, end) in [
            ("614.1a-d", "614.1a", "614.1d"),
            ("614.1c–d", "614.1c", "614.1d"),
            ("601.2a–d", "601.2a", "601.2d"),
            ("614.10-614.11", "614.10", "614.11"),
            ("509.1–3", "509.1", "509.3"),
            ("614.1a-614.2", "614.1a", "614.2"),
            ("614.1a-2b", "614.1a", "614.2b"),
            ("611-614", "611", "614"),
        ] {
            assert_eq!(RuleRef::parse(input), Ok(RuleRef::Range(id(start), id(end))), "input {input}");
        }
        assert_eq!(RuleRef::parse("614.14"), Ok(RuleRef::One(id("614.14"))));
    }

    #[test]
    fn rejects_backwards_and_malformed_ranges() {
        for input in ["614.1d-a", "614.11-614.10", "614.1-", "-614.1", "614.1a-zz", "614-614.1"] {
            assert!(RuleRef::parse(input).is_err(), "accepted {input}");
        }
    }

    #[test]
    fn expands_letters_skipping_l_and_o() {
        let ids: Vec<String> = RuleRef::parse("704.5j-p").unwrap().expand().iter().map(ToString::to_string).collect();
        assert_eq!(ids, ["704.5j", "704.5k", "704.5m", "704.5n", "704.5p"]);
        let ids: Vec<String> = RuleRef::parse("509.1–3").unwrap().expand().iter().map(ToString::to_string).collect();
        assert_eq!(ids, ["509.1", "509.2", "509.3"]);
    }
}
