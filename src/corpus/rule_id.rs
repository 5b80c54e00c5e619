//! Rule numbers: `614` (a section), `614.14` (a rule), `614.1a` (a lettered subrule).

use std::fmt;
use std::str::FromStr;

/// A rule number. Ordering is the rules' own: `614` < `614.1` < `614.1a` < `614.1b` < `614.2` <
/// `614.10`, so a parent always sorts just before its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RuleId {
    section: u16,
    rule: Option<u16>,
    letter: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a rule number")]
pub struct BadRuleId(pub String);

impl RuleId {
    pub fn section_id(section: u16) -> Self {
        RuleId { section, rule: None, letter: None }
    }

    // Named like its siblings `section_id` and `subrule_id`; the clash with the type name is harmless.
    #[allow(clippy::self_named_constructors)]
    pub fn rule_id(section: u16, rule: u16) -> Self {
        RuleId { section, rule: Some(rule), letter: None }
    }

    pub fn subrule_id(section: u16, rule: u16, letter: char) -> Self {
        RuleId { section, rule: Some(rule), letter: Some(letter.to_ascii_lowercase() as u8) }
    }

    pub fn section(self) -> u16 {
        self.section
    }

    pub fn rule(self) -> Option<u16> {
        self.rule
    }

    pub fn letter(self) -> Option<char> {
        self.letter.map(char::from)
    }

    pub fn is_section(self) -> bool {
        self.rule.is_none()
    }

    /// The chapter digit: `6` for `614.1a`.
    pub fn chapter(self) -> u16 {
        self.section / 100
    }

    /// `614.1a` → `614.1` → `614` → none.
    pub fn parent(self) -> Option<RuleId> {
        match (self.rule, self.letter) {
            (Some(_), Some(_)) => Some(RuleId { letter: None, ..self }),
            (Some(_), None) => Some(RuleId::section_id(self.section)),
            _ => None,
        }
    }

    /// True when `self` is `other` or lies below it in the tree.
    pub fn is_within(self, other: RuleId) -> bool {
        self.section == other.section
            && (other.rule.is_none() || self.rule == other.rule)
            && (other.letter.is_none() || self.letter == other.letter)
    }

    /// The next sibling number, used to expand ranges. Subrule letters skip `l` and `o`, which the
    /// rules never use because they look like `1` and `0`.
    pub fn next_sibling(self) -> Option<RuleId> {
        match (self.rule, self.letter) {
            (Some(_), Some(l)) => {
                let mut next = l + 1;
                while next == b'l' || next == b'o' {
                    next += 1;
                }
                (next <= b'z').then_some(RuleId { letter: Some(next), ..self })
            }
            (Some(r), None) => Some(RuleId { rule: Some(r + 1), ..self }),
            (None, _) => (self.section < 999).then(|| RuleId::section_id(self.section + 1)),
        }
    }

    /// Parses the text of a rule number; a trailing period and an upper-case letter are accepted
    /// (`614.1.`, `100.1A`), as both occur in real rules files.
    pub fn parse(text: &str) -> Result<RuleId, BadRuleId> {
        let bad = || BadRuleId(text.to_string());
        let s = text.trim();
        let s = s.strip_suffix('.').unwrap_or(s);
        let (section_part, rest) = match s.split_once('.') {
            Some((a, b)) => (a, Some(b)),
            None => (s, None),
        };
        if section_part.len() != 3 || !section_part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let section: u16 = section_part.parse().map_err(|_| bad())?;
        if section < 100 {
            return Err(bad());
        }
        let Some(rest) = rest else {
            return Ok(RuleId::section_id(section));
        };
        let digits_end = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits_end == 0 || digits_end > 4 {
            return Err(bad());
        }
        let rule: u16 = rest[..digits_end].parse().map_err(|_| bad())?;
        match &rest.as_bytes()[digits_end..] {
            [] => Ok(RuleId::rule_id(section, rule)),
            [l] if l.is_ascii_alphabetic() => Ok(RuleId::subrule_id(section, rule, char::from(*l))),
            _ => Err(bad()),
        }
    }
}

impl FromStr for RuleId {
    type Err = BadRuleId;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleId::parse(s)
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.section)?;
        if let Some(r) = self.rule {
            write!(f, ".{r}")?;
        }
        if let Some(l) = self.letter {
            write!(f, "{}", char::from(l))?;
        }
        Ok(())
    }
}

impl serde::Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for RuleId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        RuleId::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> RuleId {
        RuleId::parse(s).unwrap()
    }

    #[test]
    fn parses_and_prints_every_form() {
        for (input, printed) in [
            ("614", "614"),
            ("614.", "614"),
            ("614.14", "614.14"),
            ("614.14.", "614.14"),
            ("614.1a", "614.1a"),
            ("100.1A", "100.1a"),
            ("119.1d.", "119.1d"),
            (" 613.3e ", "613.3e"),
        ] {
            assert_eq!(id(input).to_string(), printed, "input {input:?}");
        }
    }

    #[test]
    fn rejects_what_is_not_a_rule_number() {
        for input in ["", "61", "6145", "abc", "614.a", "614.1ab", "614.1-", "099.1", "614..1", "614.12345"] {
            assert!(RuleId::parse(input).is_err(), "accepted {input:?}");
        }
    }

    #[test]
    fn orders_numerically_with_parents_first() {
        let mut ids: Vec<RuleId> =
            ["614.10", "614.1b", "614.9", "614", "614.1", "614.1a", "613.7c", "615"].map(id).to_vec();
        ids.sort();
        let printed: Vec<String> = ids.iter().map(ToString::to_string).collect();
        assert_eq!(printed, ["613.7c", "614", "614.1", "614.1a", "614.1b", "614.9", "614.10", "615"]);
    }

    #[test]
    fn parent_and_containment() {
        assert_eq!(id("614.1a").parent(), Some(id("614.1")));
        assert_eq!(id("614.1").parent(), Some(id("614")));
        assert_eq!(id("614").parent(), None);
        assert!(id("614.1a").is_within(id("614")));
        assert!(id("614.1a").is_within(id("614.1")));
        assert!(!id("614.10").is_within(id("614.1")));
        assert!(!id("615.1").is_within(id("614")));
    }

    #[test]
    fn next_sibling_skips_l_and_o() {
        assert_eq!(id("704.5k").next_sibling(), Some(id("704.5m")));
        assert_eq!(id("704.5n").next_sibling(), Some(id("704.5p")));
        assert_eq!(id("614.9").next_sibling(), Some(id("614.10")));
        assert_eq!(id("614.1z").next_sibling(), None);
    }

    #[test]
    fn serde_round_trip() {
        let json = serde_json::to_string(&id("614.1c")).unwrap();
        assert_eq!(json, "\"614.1c\"");
        assert_eq!(serde_json::from_str::<RuleId>(&json).unwrap(), id("614.1c"));
    }
}
