//! Whether an English rules text is whole, told from its own parts: every official edition
//! (2011–2026) opens with a contents list that announces each chapter and section, the glossary
//! and the credits, and then has them all, the credits last. A file cut short lacks what came
//! after the cut: the sections past it, the glossary, and always the credits heading, so a cut
//! anywhere before that heading is seen. A cut inside the credits loses no rule and no glossary
//! entry (the parser stops at their heading): that file is whole for what judge keeps.
//!
//! A text with no contents list is refused too: without it there is no telling a whole file from
//! one that lost sections, and every official file has one. A hand-made text needs one (or
//! `--allow-partial`).

use super::parse_en::EnglishCr;
use super::rule_id::RuleId;
use miette::{Diagnostic, LabeledSpan, NamedSource, Severity, SourceCode, SourceSpan};
use std::collections::BTreeSet;
use std::fmt::Display;
use std::sync::Arc;

/// What a rules text lacks of what a whole one has.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gaps {
    pub no_contents: bool,
    /// Sections announced by the contents and not found, as runs of consecutive announced ones.
    pub sections: Vec<(u16, u16)>,
    pub missing_sections: usize,
    pub glossary: Option<GlossaryGap>,
    pub no_credits: bool,
    /// The last line that holds text, when the end of the file is missing, and where it is.
    pub cut_after: Option<(usize, CutIn)>,
}

/// Where a text cut short ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CutIn {
    /// In the rules, at or after this rule (a heading may follow it).
    Rules(Option<RuleId>),
    Glossary,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GlossaryGap {
    Missing,
    Empty,
    /// An entry whose definition runs over far more lines than any official entry (five at
    /// most): the blank lines that end entries are gone, and the entries after it were read as
    /// its definition. `term` is its headword, cut short.
    RunOn {
        term: String,
        lines: usize,
    },
}

/// The most definition lines an entry may have before it is taken for several entries run
/// together: no official entry of 2011–2026 has more than five.
const MAX_DEFINITION_LINES: usize = 10;

impl Gaps {
    pub fn is_whole(&self) -> bool {
        *self == Gaps::default()
    }

    /// What is missing, one clause each, as the diagnostic lists them.
    pub fn clauses(&self) -> Vec<String> {
        let mut clauses = Vec::new();
        if self.no_contents {
            clauses.push("the file has no contents list, so the sections it should hold cannot be checked".to_string());
        }
        if !self.sections.is_empty() {
            let (noun, verb) = if self.missing_sections == 1 { ("section", "is") } else { ("sections", "are") };
            clauses.push(format!(
                "{noun} {} announced by the contents {verb} not in the file",
                runs_text(&self.sections, self.missing_sections)
            ));
        }
        match &self.glossary {
            Some(GlossaryGap::Missing) => clauses.push("the glossary is missing".to_string()),
            Some(GlossaryGap::Empty) => clauses.push("the glossary is empty".to_string()),
            Some(GlossaryGap::RunOn { term, lines }) => clauses.push(format!(
                "the glossary entry `{term}` runs over {lines} lines, where an entry has at most a few: the \
                 blank lines between the glossary's entries seem to be missing, so its entries cannot be told apart"
            )),
            None => {}
        }
        if self.no_credits {
            clauses.push("the credits heading that follows the glossary is missing".to_string());
        }
        match &self.cut_after {
            Some((line, CutIn::Rules(Some(rule)))) => {
                clauses.push(format!("the file seems cut after line {line}, after rule {rule}"));
            }
            Some((line, CutIn::Rules(None))) => clauses.push(format!("the file seems cut after line {line}")),
            Some((line, CutIn::Glossary)) => {
                clauses.push(format!("the file seems cut after line {line}, in the glossary"));
            }
            None => {}
        }
        clauses
    }
}

/// Compares what the text announces with what was read of it.
pub fn check(cr: &EnglishCr) -> Gaps {
    let structure = &cr.structure;
    let found: BTreeSet<u16> =
        cr.parsed.sections.keys().copied().chain(cr.parsed.rules.keys().map(|id| id.section())).collect();
    let (no_contents, sections, missing_sections) = match &structure.contents {
        None => (true, vec![], 0),
        Some(contents) => {
            let missing: BTreeSet<u16> = contents.sections.iter().copied().filter(|s| !found.contains(s)).collect();
            (false, runs(&contents.sections, &missing), missing.len())
        }
    };
    let glossary = match structure.glossary {
        None => Some(GlossaryGap::Missing),
        Some(_) if cr.parsed.glossary.is_empty() => Some(GlossaryGap::Empty),
        Some(_) => run_on(&cr.parsed.glossary),
    };
    // Only credits read after the glossary end a whole text: credits right after the rules leave
    // the glossary missing, which is said above.
    let no_credits = structure.credits.is_none();
    let cut_in = match structure.glossary {
        Some(_) => CutIn::Glossary,
        None => CutIn::Rules(cr.parsed.rules.keys().next_back().copied()),
    };
    let cut_after = no_credits.then_some((structure.last_line, cut_in));
    Gaps { no_contents, sections, missing_sections, glossary, no_credits, cut_after }
}

/// The first entry of the glossary that seems to be several run together.
fn run_on(glossary: &[super::glossary::GlossaryEntry]) -> Option<GlossaryGap> {
    let entry = glossary.iter().find(|e| e.definition.lines().count() > MAX_DEFINITION_LINES)?;
    let term: String = entry.term.chars().take(60).collect();
    Some(GlossaryGap::RunOn { term, lines: entry.definition.lines().count() + 1 })
}

/// The members of `missing` grouped into runs that are consecutive in `all`: a file cut after
/// section 406 misses one run, 407–905, however the sections are numbered in between.
pub fn runs(all: &[u16], missing: &BTreeSet<u16>) -> Vec<(u16, u16)> {
    let mut runs: Vec<(u16, u16)> = Vec::new();
    let mut open = false;
    for &section in all {
        if missing.contains(&section) {
            match runs.last_mut() {
                Some(run) if open => run.1 = section,
                _ => runs.push((section, section)),
            }
            open = true;
        } else {
            open = false;
        }
    }
    runs
}

/// `407–905`, `112, 305 and 611–616`; at most a few runs, then how many sections in all.
pub fn runs_text(runs: &[(u16, u16)], total: usize) -> String {
    const SHOWN: usize = 6;
    let shown: Vec<String> = runs
        .iter()
        .take(SHOWN)
        .map(|&(from, to)| if from == to { from.to_string() } else { format!("{from}–{to}") })
        .collect();
    if runs.len() > SHOWN {
        return format!("{}… ({total} in all)", shown.join(", "));
    }
    match shown.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => shown.concat(),
    }
}

/// A text that is not whole: refused by an import, or reported as a warning by one that was
/// allowed to take part of a text (`--allow-partial`).
#[derive(Debug, thiserror::Error)]
#[error("{summary}: {}", .clauses.join("; "))]
pub struct Incomplete {
    summary: String,
    clauses: Vec<String>,
    source_code: NamedSource<Arc<String>>,
    span: SourceSpan,
    label: &'static str,
    help: String,
    severity: Severity,
}

impl Incomplete {
    /// The error of an import that refuses the text `shown`.
    pub fn new(shown: &str, text: Arc<String>, cr: &EnglishCr, gaps: &Gaps) -> Self {
        let structure = &cr.structure;
        // The place to look: where the text ends when its end is missing, else the contents list
        // whose announcements were not kept.
        let (span, label) = match (&structure.contents, gaps.no_credits) {
            (Some(contents), false) => (contents.span, "the contents list"),
            _ => (first_word(&text, structure.last_span), "the file ends on this line"),
        };
        Incomplete {
            summary: format!("`{shown}` is not a whole rules text"),
            clauses: gaps.clauses(),
            source_code: NamedSource::new(shown, text),
            span: (span.0, span.1.saturating_sub(span.0)).into(),
            label,
            help: "download the whole file again; to import this part anyway, run the import again with \
                   `--allow-partial`; the store is left as it was"
                .to_string(),
            severity: Severity::Error,
        }
    }

    /// The same, as the warning of an import that took the text anyway as `name`.
    pub fn allowed(mut self, name: &str) -> Self {
        self.summary = format!("{} and was imported as `{name}` all the same", self.summary);
        self.help = format!(
            "the rules and glossary entries that are not in the file are not in `{name}`; import the whole \
             file again under that name to complete it"
        );
        self.severity = Severity::Warning;
        self
    }

    /// What is missing, one clause each.
    pub fn clauses(&self) -> &[String] {
        &self.clauses
    }
}

// Written out rather than derived: the same report is an error or a warning.
impl Diagnostic for Incomplete {
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn Display + 'a>> {
        Some(Box::new(&self.help))
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source_code)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(Some(self.label.to_string()), self.span))))
    }
}

/// The span of the first word of the text at `span`: a rule number, rather than a whole line
/// too long to show.
fn first_word(text: &str, span: (usize, usize)) -> (usize, usize) {
    let line = text.get(span.0..span.1).unwrap_or_default();
    (span.0, span.0 + line.find(char::is_whitespace).unwrap_or(line.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::parse_en;

    /// A whole text in the shape of the official ones: contents, two chapters, three sections,
    /// glossary, credits.
    const WHOLE: &str = "\
Comprehensive Rules

These rules are effective as of June 9, 2023.

Contents

1. Game Concepts
100. General
101. Players
6. Spells, Abilities, and Effects
614. Replacement Effects
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

101. Players

101.1. A player is one of the people in the game.

6. Spells, Abilities, and Effects

614. Replacement Effects

614.1. Some continuous effects are replacement effects.

Glossary

Ability
Text on an object that explains what that object does or can do.

Active Player
The player whose turn it is. See rule 100.1.

Credits

Thanks.
";

    fn gaps_of(text: &str) -> Gaps {
        check(&parse_en::parse(text).unwrap_or_else(|p| panic!("{p:#?}")))
    }

    fn cut_before(text: &str, marker: &str) -> String {
        text[..text.rfind(marker).unwrap()].to_string()
    }

    #[test]
    fn a_whole_text_has_no_gaps() {
        assert!(gaps_of(WHOLE).is_whole(), "{:?}", gaps_of(WHOLE));
        // The credits themselves may be cut: nothing judge keeps is lost.
        assert!(gaps_of(&cut_before(WHOLE, "Thanks.")).is_whole());
        assert!(gaps_of(WHOLE.trim_end_matches("Thanks.\n")).is_whole());
        assert!(gaps_of(&cut_before(WHOLE, "\nThanks.")).is_whole(), "no newline after the heading");
    }

    #[test]
    fn every_cut_point_says_what_is_missing() {
        let line_of = |text: &str| text.trim_end().lines().count();
        let rule = |id: &str| CutIn::Rules(Some(RuleId::parse(id).unwrap()));
        let between_sections = cut_before(WHOLE, "101. Players\n\n101.1");
        let inside_a_rule = cut_before(WHOLE, "one of the people");
        let after_the_rules = cut_before(WHOLE, "Glossary\n\nAbility");
        let inside_the_glossary = cut_before(WHOLE, "The player whose");
        let before_credits = cut_before(WHOLE, "Credits\n\nThanks");
        let inside_the_heading = cut_before(WHOLE, "its\n\nThanks");
        let cases: [(&str, &str, Gaps); 6] = [
            (
                "between sections",
                &between_sections,
                Gaps {
                    sections: vec![(101, 614)],
                    missing_sections: 2,
                    glossary: Some(GlossaryGap::Missing),
                    no_credits: true,
                    cut_after: Some((line_of(&between_sections), rule("100.1"))),
                    ..Gaps::default()
                },
            ),
            (
                "inside a rule",
                &inside_a_rule,
                Gaps {
                    sections: vec![(614, 614)],
                    missing_sections: 1,
                    glossary: Some(GlossaryGap::Missing),
                    no_credits: true,
                    cut_after: Some((line_of(&inside_a_rule), rule("101.1"))),
                    ..Gaps::default()
                },
            ),
            (
                "after the rules",
                &after_the_rules,
                Gaps {
                    glossary: Some(GlossaryGap::Missing),
                    no_credits: true,
                    cut_after: Some((line_of(&after_the_rules), rule("614.1"))),
                    ..Gaps::default()
                },
            ),
            (
                "inside the glossary",
                &inside_the_glossary,
                Gaps {
                    no_credits: true,
                    cut_after: Some((line_of(&inside_the_glossary), CutIn::Glossary)),
                    ..Gaps::default()
                },
            ),
            (
                "just before the credits",
                &before_credits,
                Gaps {
                    no_credits: true,
                    cut_after: Some((line_of(&before_credits), CutIn::Glossary)),
                    ..Gaps::default()
                },
            ),
            (
                "inside the credits heading",
                &inside_the_heading,
                Gaps {
                    no_credits: true,
                    cut_after: Some((line_of(&inside_the_heading), CutIn::Glossary)),
                    ..Gaps::default()
                },
            ),
        ];
        for (name, text, expected) in cases {
            assert_eq!(gaps_of(text), expected, "{name}");
        }
        let glossary_heading_only = format!("{}Glossary\n", after_the_rules);
        assert_eq!(gaps_of(&glossary_heading_only).glossary, Some(GlossaryGap::Empty));
    }

    /// The glossary of the test's file without the blank lines between its entries, made long
    /// enough to be told from one long entry: read as one entry, refused, and the entry named.
    #[test]
    fn a_glossary_without_blank_lines_is_not_whole() {
        let (before, after) = WHOLE.split_at(WHOLE.rfind("\nGlossary\n").unwrap());
        let (glossary, credits) = after.split_at(after.find("Credits").unwrap());
        let entries = glossary.trim_start_matches("\nGlossary\n").trim();
        let squeezed = format!("{before}\nGlossary\n\n{}\n\n{credits}", [entries; 6].join("\n").replace("\n\n", "\n"));
        let cr = parse_en::parse(&squeezed).unwrap();
        assert_eq!(cr.parsed.glossary.len(), 1);
        let gaps = check(&cr);
        let Some(GlossaryGap::RunOn { term, lines }) = &gaps.glossary else { panic!("{gaps:?}") };
        assert_eq!(
            (term.as_str(), *lines),
            (cr.parsed.glossary[0].term.as_str(), entries.lines().filter(|l| !l.is_empty()).count() * 6)
        );
        assert!(
            gaps.clauses()[0].contains("blank lines between the glossary's entries seem to be missing"),
            "{:?}",
            gaps.clauses()
        );
        // The whole text, with its blank lines, has none.
        assert_eq!(check(&parse_en::parse(WHOLE).unwrap()).glossary, None);
    }

    #[test]
    fn a_section_missing_from_the_middle_is_seen_though_the_end_is_there() {
        let text = WHOLE.replace("101. Players\n\n101.1. A player is one of the people in the game.\n\n", "");
        let gaps = gaps_of(&text);
        assert_eq!(gaps, Gaps { sections: vec![(101, 101)], missing_sections: 1, ..Gaps::default() });
        assert_eq!(gaps.clauses(), ["section 101 announced by the contents is not in the file"]);
    }

    #[test]
    fn a_text_without_contents_is_not_known_to_be_whole() {
        let start = WHOLE.find("Contents").unwrap();
        let end = WHOLE.find("Credits\n\n1.").unwrap() + "Credits\n\n".len();
        let text = format!("{}{}", &WHOLE[..start], &WHOLE[end..]);
        assert_eq!(gaps_of(&text), Gaps { no_contents: true, ..Gaps::default() });
    }

    #[test]
    fn the_three_line_file() {
        let gaps = gaps_of("These rules are effective as of June 9, 2023.\n\n100.1. One rule.\n");
        assert_eq!(
            gaps.clauses(),
            [
                "the file has no contents list, so the sections it should hold cannot be checked",
                "the glossary is missing",
                "the credits heading that follows the glossary is missing",
                "the file seems cut after line 3, after rule 100.1",
            ]
        );
    }

    #[test]
    fn runs_of_missing_sections() {
        let all = [100, 101, 102, 200, 201, 614, 615, 616];
        let missing = |s: &[u16]| s.iter().copied().collect::<BTreeSet<u16>>();
        assert_eq!(runs(&all, &missing(&[102, 200, 201, 614, 615, 616])), [(102, 616)]);
        assert_eq!(runs(&all, &missing(&[100, 102, 616])), [(100, 100), (102, 102), (616, 616)]);
        assert_eq!(runs(&all, &missing(&[])), []);
        assert_eq!(runs_text(&[(407, 905)], 80), "407–905");
        assert_eq!(runs_text(&[(112, 112), (305, 305), (611, 616)], 8), "112, 305 and 611–616");
        let many: Vec<(u16, u16)> = (0..8).map(|i| (100 + 2 * i, 100 + 2 * i)).collect();
        assert_eq!(runs_text(&many, 8), "100, 102, 104, 106, 108, 110… (8 in all)");
    }

    #[test]
    fn the_diagnostic_points_at_the_end_or_at_the_contents() {
        let text = cut_before(WHOLE, "Glossary\n\nAbility");
        let cr = parse_en::parse(&text).unwrap();
        let incomplete = Incomplete::new("cut.txt", Arc::new(text.clone()), &cr, &check(&cr));
        assert_eq!(
            incomplete.to_string(),
            "`cut.txt` is not a whole rules text: the glossary is missing; the credits heading that follows the \
             glossary is missing; the file seems cut after line 29, after rule 614.1"
        );
        let label = incomplete.labels().unwrap().next().unwrap();
        assert_eq!(&text[label.offset()..label.offset() + label.len()], "614.1.");
        assert!(incomplete.help().unwrap().to_string().contains("`--allow-partial`"));
        assert_eq!(incomplete.severity(), Some(Severity::Error));
        let allowed = incomplete.allowed("mine");
        assert_eq!(allowed.severity(), Some(Severity::Warning));
        assert!(allowed.to_string().starts_with(
            "`cut.txt` is not a whole rules text and was imported as `mine` all the same: the glossary is missing"
        ));

        let text = WHOLE.replace("101. Players\n\n101.1. A player is one of the people in the game.\n\n", "");
        let cr = parse_en::parse(&text).unwrap();
        let incomplete = Incomplete::new("holed.txt", Arc::new(text.clone()), &cr, &check(&cr));
        let label = incomplete.labels().unwrap().next().unwrap();
        assert_eq!(&text[label.offset()..label.offset() + label.len()], "Contents");
    }
}
