//! The meaning, in the edition an answer is given in, of each rule whose meaning changed since
//! the rules text the engine was first written from (2011-02-04) in a way the engine sees.
//!
//! A rule's meaning is named by the year of the first rules text we know with that meaning; the
//! citation table (`rules-corpus/citations.yaml`) says which wording of the rule means what, and
//! `crate::cite` reads it off the edition in use. An edition that keeps a rule's 2011 wording, or
//! whose text is French (the embedded excerpts keep the rules of 2011), has its 2011 meaning.

use std::collections::BTreeMap;

/// A change of meaning the engine implements: from `since`, the rule that states `concept` says
/// what [`Change::what`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub concept: &'static str,
    pub since: u16,
    pub what: &'static str,
}

/// 614.12 since 2017: an entering permanent's replacement effects are found with "continuous
/// effects that already exist and would apply to the permanent" taken into account (Blood Moon
/// turns off a land's "enters tapped"; Humility, Triskelion's counters); before, effects from
/// other sources were ignored.
pub const EXISTING_EFFECTS_SEE_ENTERING: Change = Change {
    concept: "enters-look-ahead",
    since: 2017,
    what: "continuous effects that already exist apply to a permanent as it would enter",
};

/// 613.7m since 2021: objects that get a timestamp at the same time are ordered in APNAP order,
/// the active player's first; before, the active player ordered them all.
pub const APNAP_TIMESTAMPS: Change = Change {
    concept: "timestamp-simultaneous",
    since: 2021,
    what: "objects stamped at the same time are ordered in APNAP order",
};

/// The legend rule since 2013 (704.5j today, 704.5k before): of two or more legendary
/// permanents with the same name controlled by one player, that player chooses one and the rest
/// are put into their owners' graveyards; before, all legendary permanents with the same name on
/// the battlefield were, whoever controlled them.
pub const LEGEND_RULE_CHOICE: Change = Change {
    concept: "sba-legend",
    since: 2013,
    what: "a player who controls legendary permanents with the same name keeps one of them",
};

/// 111.4 since 2023: a token the effect that creates it does not name is named by its subtypes
/// plus the word "Token" ("Dwarf Berserker Token"); before, by its subtypes alone (110.5c in
/// 2011: a "Goblin Scout creature token" is named "Goblin Scout").
pub const TOKEN_NAMED_TOKEN: Change = Change {
    concept: "token-name",
    since: 2023,
    what: "a token not named by its effect is named by its subtypes plus the word \"Token\"",
};

/// Every change the engine implements: each must be a meaning the citation table gives its
/// concept (a unit test of `crate::cite::table` checks it).
pub const CHANGES: &[Change] =
    &[EXISTING_EFFECTS_SEE_ENTERING, APNAP_TIMESTAMPS, LEGEND_RULE_CHOICE, TOKEN_NAMED_TOKEN];

/// The year of the meaning of each rule whose meaning changed; a rule not listed has its
/// meaning of 2011.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meanings {
    years: BTreeMap<String, u16>,
}

impl Meanings {
    /// Every rule as of 2011: the embedded French edition, and where no edition is known.
    pub fn of_2011() -> Self {
        Meanings::default()
    }

    /// The meanings of an edition: concept → the year of its rule's meaning there.
    pub fn from_years<'a>(years: impl IntoIterator<Item = (&'a String, &'a u16)>) -> Self {
        years.into_iter().fold(Meanings::of_2011(), |m, (concept, &year)| m.with(concept, year))
    }

    /// The rule stating `concept` has the meaning it has had since `year`.
    pub fn with(mut self, concept: &str, year: u16) -> Self {
        if year == 2011 {
            self.years.remove(concept);
        } else {
            self.years.insert(concept.to_string(), year);
        }
        self
    }

    /// The year of the meaning the rule stating `concept` has.
    pub fn year(&self, concept: &str) -> u16 {
        self.years.get(concept).copied().unwrap_or(2011)
    }

    /// Whether `change` holds in these rules.
    pub fn holds(&self, change: Change) -> bool {
        self.year(change.concept) >= change.since
    }

    /// The rules whose meaning is not that of 2011, with their year.
    pub fn changed(&self) -> impl Iterator<Item = (&str, u16)> {
        self.years.iter().map(|(c, y)| (c.as_str(), *y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_has_its_2011_meaning_until_told_otherwise() {
        let m = Meanings::of_2011();
        assert!(!m.holds(EXISTING_EFFECTS_SEE_ENTERING));
        let m = m.with("enters-look-ahead", 2017);
        assert!(m.holds(EXISTING_EFFECTS_SEE_ENTERING));
        assert_eq!(m.year("layer-1"), 2011);
        assert_eq!(m.clone().with("enters-look-ahead", 2011), Meanings::of_2011());
    }
}
