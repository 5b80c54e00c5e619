//! What an import would lose by replacing an edition of the same name with a smaller one: a
//! part of a text (or an older text) stored under the name of a whole edition would silently
//! take its place, so it is refused unless `--replace` says it is meant.

use super::completeness::{runs, runs_text};
use super::edition::Edition;
use super::rule_id::RuleId;
use super::store::Store;
use miette::{Diagnostic, Severity};
use std::collections::BTreeSet;
use std::fmt::Display;

/// How many of the rules that would go are named.
const RULES_SHOWN: usize = 5;

/// The stored edition `name` and what of it is not in the edition that would replace it.
#[derive(Debug)]
pub struct Loss {
    /// The imported text, as diagnostics name it (a path, or an address).
    shown: String,
    pub name: String,
    /// Rules and sections of the stored edition, then of the new one.
    pub before: (usize, usize),
    pub after: (usize, usize),
    /// Sections of the stored edition that the new one lacks, as runs of consecutive ones.
    pub sections_lost: Vec<(u16, u16)>,
    sections_lost_count: usize,
    /// How many of the stored edition's rule numbers the new one lacks, and the first few.
    pub rules_lost: usize,
    pub first_rules_lost: Vec<RuleId>,
    severity: Severity,
}

impl Loss {
    fn message(&self) -> String {
        let (before, after) = (self.before, self.after);
        if self.severity == Severity::Warning {
            format!(
                "`{}` was replaced by `{}`, which has fewer {}: {} rules in {} sections before, {} rules in {} sections now",
                self.name, self.shown, self.what(), before.0, before.1, after.0, after.1
            )
        } else {
            format!(
                "importing `{}` as `{}` would replace an edition with more {}: {} rules in {} sections now, {} rules in {} sections after",
                self.shown, self.name, self.what(), before.0, before.1, after.0, after.1
            )
        }
    }

    fn what(&self) -> &'static str {
        match (self.after.0 < self.before.0, self.after.1 < self.before.1) {
            (true, true) => "rules and sections",
            (false, true) => "sections",
            _ => "rules",
        }
    }

    /// What would go, in words.
    fn lost(&self) -> String {
        let mut parts = Vec::new();
        if !self.sections_lost.is_empty() {
            let noun = if self.sections_lost_count == 1 { "section" } else { "sections" };
            parts.push(format!("{noun} {}", runs_text(&self.sections_lost, self.sections_lost_count)));
        }
        if self.rules_lost > 0 {
            let shown: Vec<String> = self.first_rules_lost.iter().map(ToString::to_string).collect();
            let more = if self.rules_lost > shown.len() { ", …" } else { "" };
            let noun = if self.rules_lost == 1 { "rule" } else { "rules" };
            parts.push(format!("{} {noun} ({}{more})", self.rules_lost, shown.join(", ")));
        }
        parts.join(" and ")
    }

    /// The same, as the warning of an import that replaced the edition as asked (`--replace`).
    pub fn replaced(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }
}

impl Display for Loss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for Loss {}

impl Diagnostic for Loss {
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn Display + 'a>> {
        let lost = self.lost();
        let help = if self.severity == Severity::Warning {
            format!("`{}` no longer has {lost}", self.name)
        } else {
            format!(
                "it would lose {lost}; to replace it all the same, run the import again with `--replace`, or \
                 keep both with `--edition NAME`; the store is left as it was"
            )
        };
        Some(Box::new(help))
    }
}

/// What replacing the stored edition of `new`'s name with `new` would lose; none when there is no
/// such edition, when `new` has as many rules and sections or more, or when the stored one cannot
/// be read (a damaged or outdated file, whose documented fix is to import its text again).
/// `shown` names the imported text in the diagnostic.
pub fn loss(store: &Store, new: &Edition, shown: &str) -> Option<Loss> {
    let outline = store.outline(new.name()).ok()?;
    let after = (new.rule_count(), new.parsed.sections.len());
    if after.0 >= outline.rule_count && after.1 >= outline.sections.len() {
        return None;
    }
    let old = store.load(new.name()).ok()?;
    let old_sections: Vec<u16> = old.parsed.sections.keys().copied().collect();
    let sections_lost: BTreeSet<u16> =
        old_sections.iter().copied().filter(|s| !new.parsed.sections.contains_key(s)).collect();
    let mut rules_lost = old.rules().map(|r| r.id).filter(|&id| !new.contains(id));
    let first_rules_lost: Vec<RuleId> = rules_lost.by_ref().take(RULES_SHOWN).collect();
    let rules_lost = first_rules_lost.len() + rules_lost.count();
    Some(Loss {
        shown: shown.to_string(),
        name: new.name().to_string(),
        before: (old.rule_count(), old_sections.len()),
        after,
        sections_lost: runs(&old_sections, &sections_lost),
        sections_lost_count: sections_lost.len(),
        rules_lost,
        first_rules_lost,
        severity: Severity::Error,
    })
}
