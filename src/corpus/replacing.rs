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

/// How many glossary entries that would go are named.
const TERMS_SHOWN: usize = 3;

/// What an edition holds, counted: what a replacement must not have fewer of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holds {
    pub rules: usize,
    pub sections: usize,
    pub glossary: usize,
    pub examples: usize,
}

impl Holds {
    pub fn of(edition: &Edition) -> Holds {
        Holds {
            rules: edition.rule_count(),
            sections: edition.parsed.sections.len(),
            glossary: edition.parsed.glossary.len(),
            examples: edition.rules().map(|r| r.examples.len()).sum(),
        }
    }

    /// What `self` has fewer of than `other`, named as a sentence would.
    fn fewer_than(&self, other: &Holds) -> Vec<&'static str> {
        [
            (self.rules < other.rules, "rules"),
            (self.sections < other.sections, "sections"),
            (self.glossary < other.glossary, "glossary entries"),
            (self.examples < other.examples, "examples"),
        ]
        .into_iter()
        .filter_map(|(fewer, what)| fewer.then_some(what))
        .collect()
    }
}

/// The stored edition `name` and what of it is not in the edition that would replace it.
#[derive(Debug)]
pub struct Loss {
    /// The imported text, as diagnostics name it (a path, or an address).
    shown: String,
    pub name: String,
    /// Rules and sections of the stored edition, then of the new one.
    pub before: (usize, usize),
    pub after: (usize, usize),
    /// All it holds, before and after.
    pub held: (Holds, Holds),
    /// Glossary headwords of the stored edition that the new one lacks: how many, the first few.
    pub terms_lost: usize,
    pub first_terms_lost: Vec<String>,
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
        let (old, new) = self.held;
        // Glossary entries and examples are said when they are what is lost.
        let more = |held: &Holds, when: &str| {
            if new.glossary < old.glossary || new.examples < old.examples {
                format!("; {} glossary entries and {} examples {when}", held.glossary, held.examples)
            } else {
                String::new()
            }
        };
        if self.severity == Severity::Warning {
            format!(
                "`{}` was replaced by `{}`, which has fewer {}: {} rules in {} sections before, {} rules in {} sections now{}{}",
                self.name, self.shown, self.what(), before.0, before.1, after.0, after.1,
                more(&old, "before"), more(&new, "now").replacen(';', ",", 1)
            )
        } else {
            format!(
                "importing `{}` as `{}` would replace an edition with more {}: {} rules in {} sections now, {} rules in {} sections after{}{}",
                self.shown, self.name, self.what(), before.0, before.1, after.0, after.1,
                more(&old, "now"), more(&new, "after").replacen(';', ",", 1)
            )
        }
    }

    fn what(&self) -> String {
        let fewer = self.held.1.fewer_than(&self.held.0);
        match fewer.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => fewer.concat(),
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
        if self.terms_lost > 0 {
            let shown: Vec<String> = self.first_terms_lost.iter().map(|t| format!("`{t}`")).collect();
            let more = if self.terms_lost > shown.len() { ", …" } else { "" };
            let noun = if self.terms_lost == 1 { "glossary entry" } else { "glossary entries" };
            parts.push(format!("{} {noun} ({}{more})", self.terms_lost, shown.join(", ")));
        }
        let (old, new) = self.held;
        if new.examples < old.examples {
            let lost = old.examples - new.examples;
            parts.push(if lost == 1 { "1 example".to_string() } else { format!("{lost} examples") });
        }
        match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => parts.concat(),
        }
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
/// such edition, when `new` has as many rules, sections, glossary entries and examples or more,
/// or when the stored one cannot be read (a damaged or outdated file, whose documented fix is to
/// import its text again). `shown` names the imported text in the diagnostic.
pub fn loss(store: &Store, new: &Edition, shown: &str) -> Option<Loss> {
    let after = (new.rule_count(), new.parsed.sections.len());
    let old = store.load(new.name()).ok()?;
    let held = (Holds::of(&old), Holds::of(new));
    if held.1.fewer_than(&held.0).is_empty() {
        return None;
    }
    let old_sections: Vec<u16> = old.parsed.sections.keys().copied().collect();
    let sections_lost: BTreeSet<u16> =
        old_sections.iter().copied().filter(|s| !new.parsed.sections.contains_key(s)).collect();
    let mut rules_lost = old.rules().map(|r| r.id).filter(|&id| !new.contains(id));
    let first_rules_lost: Vec<RuleId> = rules_lost.by_ref().take(RULES_SHOWN).collect();
    let rules_lost = first_rules_lost.len() + rules_lost.count();
    let terms: BTreeSet<String> = new.parsed.glossary.iter().map(|e| e.term.to_lowercase()).collect();
    let mut terms_lost = old.parsed.glossary.iter().map(|e| &e.term).filter(|t| !terms.contains(&t.to_lowercase()));
    let first_terms_lost: Vec<String> = terms_lost.by_ref().take(TERMS_SHOWN).cloned().collect();
    let terms_lost = first_terms_lost.len() + terms_lost.count();
    Some(Loss {
        held,
        terms_lost,
        first_terms_lost,
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
