//! Parser for the official English Comprehensive Rules text, `MagicCompRules.txt`.
//!
//! The format: a title, the effective date (`These rules are effective as of February 4, 2011.`),
//! an introduction, a contents list, the rules, the glossary and the credits. The contents list
//! repeats every chapter and section heading and ends with `Glossary` and `Credits`, so each of
//! those appears twice and only the second one is real. In the rules, chapter headings
//! (`6. Spells, Abilities, and Effects`) and section headings (`614. Replacement Effects`) stand on
//! their own lines; each rule starts its line with its number and goes on with its text. Numbered
//! rules end their number with a period (`100.1.`) and lettered subrules do not (`100.1a`), with
//! slips both ways (`119.1d.`, `606.5 If…`). `Example:` lines follow their rule, and a few rules go
//! on in unnumbered, indented paragraphs. The glossary is a list of entries separated by blank
//! lines: a headword, then one or more lines of definition.

use super::edition::Parsed;
use super::glossary::{self, GlossaryEntry};
use super::rule::Rule;
use super::rule_id::RuleId;
use crate::diagnostic::problem::Problem;

const EXAMPLE_LABEL: &str = "Example:";
const OBSOLETE: &str = "(Obsolete)";
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// What an English rules text holds.
#[derive(Clone, Debug)]
pub struct EnglishCr {
    /// The effective date from the header, `YYYY-MM-DD`.
    pub date: String,
    pub parsed: Parsed,
    /// Oddities that do not stop the text from being read: rule numbers out of sequence (often a
    /// line of text that starts with a rule number and was taken for a rule), text outside any
    /// rule, glossary headwords without a definition.
    pub warnings: Vec<Problem>,
    /// Where the parts of the text were found, for the completeness check of an import.
    pub structure: Structure,
}

/// What the text's own parts say about it: the contents list of its front matter and the
/// headings of the glossary and credits that follow the rules. An official text has all of them;
/// one cut short lacks what came after the cut (`completeness.rs` tells which).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Structure {
    /// None when the front matter has no `Contents` heading.
    pub contents: Option<Contents>,
    /// The line of the glossary's heading after the rules.
    pub glossary: Option<usize>,
    /// The line of the credits' heading after the rules or the glossary.
    pub credits: Option<usize>,
    /// The last line read that holds text, and its span: where a text cut short ends.
    pub last_line: usize,
    pub last_span: (usize, usize),
}

/// The contents list: the chapters and sections it announces, in its order, and whether it
/// announces a glossary and credits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// The line of the `Contents` heading, and its span.
    pub line: usize,
    pub span: (usize, usize),
    pub chapters: Vec<u8>,
    pub sections: Vec<u16>,
    pub glossary: bool,
    pub credits: bool,
}

/// Reads an English rules text with `\n` (or CRLF) line endings, as [`super::decode::decode`]
/// gives. The problems of the error are fatal ones: no effective date, no rules at all, a rule
/// number that appears twice, a rule with no text; all of them are reported at once.
pub fn parse(text: &str) -> Result<EnglishCr, Vec<Problem>> {
    let mut parser = Parser::default();
    let mut start = 0;
    for (index, raw) in text.split_inclusive('\n').enumerate() {
        let content = raw.trim_end_matches(['\n', '\r']);
        // A byte order mark left in by a caller that did not decode the file with `decode`.
        let bom = if index == 0 && content.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        let content = &content[bom..];
        let text = content.trim();
        let indent = content.len() - content.trim_start().len();
        let line = Line { number: index + 1, start: start + bom + indent, text };
        start += raw.len();
        if index == 0 {
            parser.first_line = line.span();
        }
        if !parser.line(line) {
            break;
        }
    }
    parser.finish()
}

/// One line of the text, trimmed, and where its text starts.
#[derive(Clone, Copy)]
struct Line<'a> {
    number: usize,
    start: usize,
    text: &'a str,
}

impl Line<'_> {
    fn span(&self) -> (usize, usize) {
        (self.start, self.start + self.text.len())
    }

    /// The span of the first `len` bytes of the text: a rule number.
    fn span_of_first(&self, len: usize) -> (usize, usize) {
        (self.start, self.start + len)
    }
}

#[derive(Default, PartialEq, Eq)]
enum Part {
    /// Title, effective date, introduction, contents.
    #[default]
    Front,
    Rules,
    Glossary,
    /// Credits and what follows: nothing more to read.
    End,
}

#[derive(Default)]
struct Parser<'a> {
    part: Part,
    first_line: (usize, usize),
    date: Option<String>,
    parsed: Parsed,
    errors: Vec<Problem>,
    warnings: Vec<Problem>,
    /// The last section heading of the front matter. The contents list repeats every heading; the
    /// one that counts is the real heading just before the first rule.
    pending_heading: Option<(u16, String)>,
    /// The rule being read, and the span of its number.
    current: Option<(Rule, (usize, usize))>,
    /// The number of the rule read last, to check the sequence.
    previous: Option<RuleId>,
    /// The lines of the glossary entry being read.
    entry: Vec<Line<'a>>,
    structure: Structure,
    /// True from the `Contents` heading until the list ends (a heading it already holds: the
    /// real one, before the first rule).
    in_contents: bool,
}

impl<'a> Parser<'a> {
    /// Reads one line; false once there is nothing more to read.
    fn line(&mut self, line: Line<'a>) -> bool {
        if !line.text.is_empty() {
            self.structure.last_line = line.number;
            self.structure.last_span = line.span();
        }
        match self.part {
            Part::Front => self.front_line(line),
            Part::Rules => self.rules_line(line),
            Part::Glossary => self.glossary_line(line),
            Part::End => {}
        }
        self.part != Part::End
    }

    fn front_line(&mut self, line: Line<'a>) {
        if self.date.is_none() {
            if let Some(date) = effective_date(line.text) {
                self.date = Some(date);
                return;
            }
        }
        if self.in_contents {
            self.contents_line(line);
        } else if line.text == "Contents" && self.structure.contents.is_none() {
            self.structure.contents = Some(Contents { line: line.number, span: line.span(), ..Contents::default() });
            self.in_contents = true;
            return;
        }
        match classify(line.text) {
            Kind::Section(section) => self.pending_heading = Some((section, line.text.to_string())),
            Kind::Rule(..) => {
                self.in_contents = false;
                self.part = Part::Rules;
                self.rules_line(line);
            }
            // The introduction, the contents' `Glossary` and `Credits`, chapter headings.
            _ => {}
        }
    }

    /// A line of the contents list. Headings are compared by number, not by title, so that a title
    /// spelled otherwise in the rules still ends the list.
    fn contents_line(&mut self, line: Line<'a>) {
        let Some(contents) = self.structure.contents.as_mut() else {
            return;
        };
        let repeated = match classify(line.text) {
            Kind::Chapter => {
                let chapter = line.text.as_bytes()[0] - b'0';
                let repeated = contents.chapters.contains(&chapter);
                if !repeated {
                    contents.chapters.push(chapter);
                }
                repeated
            }
            Kind::Section(section) => {
                let repeated = contents.sections.contains(&section);
                if !repeated {
                    contents.sections.push(section);
                }
                repeated
            }
            Kind::Glossary => std::mem::replace(&mut contents.glossary, true),
            Kind::Credits => std::mem::replace(&mut contents.credits, true),
            // Blank lines, and entries that are neither (`Customer Service Information`, 2011).
            _ => false,
        };
        if repeated {
            self.in_contents = false;
        }
    }

    fn rules_line(&mut self, line: Line<'a>) {
        match classify(line.text) {
            Kind::Blank => {}
            Kind::Glossary => {
                self.close_rule();
                self.structure.glossary = Some(line.number);
                self.part = Part::Glossary;
            }
            Kind::Credits => {
                self.close_rule();
                self.structure.credits = Some(line.number);
                self.part = Part::End;
            }
            Kind::Chapter => self.close_rule(),
            Kind::Section(section) => {
                self.close_rule();
                self.parsed.sections.insert(section, line.text.to_string());
            }
            Kind::Rule(id, number_len, text) => self.open_rule(line, id, number_len, text),
            Kind::Example(example) => match self.current.as_mut() {
                Some((rule, _)) => rule.examples.push(example.to_string()),
                None => self.text_outside_rules(line),
            },
            Kind::Text => {
                if let Some((id, number_len, text)) = self.glued_rule(line) {
                    return self.open_rule(line, id, number_len, text);
                }
                match self.current.as_mut() {
                    Some((rule, _)) => {
                        if !rule.text.is_empty() {
                            rule.text.push('\n');
                        }
                        rule.text.push_str(line.text);
                    }
                    None => self.text_outside_rules(line),
                }
            }
        }
    }

    /// A numbered rule whose text lost the space after its number (`901.4.All plane…`, CR of
    /// 2023-11-17), taken as a rule only where that number comes next: a line of text that starts
    /// with something like a number stays text.
    fn glued_rule(&self, line: Line<'a>) -> Option<(RuleId, usize, &'a str)> {
        let (id, number_len, text) = glued_rule(line.text)?;
        self.previous.is_some_and(|previous| follows(previous, id)).then_some((id, number_len, text))
    }

    fn open_rule(&mut self, line: Line<'a>, id: RuleId, number_len: usize, text: &str) {
        self.close_rule();
        if self.parsed.rules.is_empty() {
            if let Some((section, heading)) = self.pending_heading.take() {
                if section == id.section() {
                    self.parsed.sections.insert(section, heading);
                }
            }
        }
        let span = line.span_of_first(number_len);
        if let Some(first) = self.parsed.rules.get(&id) {
            let problem = Problem::new(line.number, span, format!("rule `{id}` appears twice"))
                .with_help(format!("it first appears on line {}", first.line));
            self.errors.push(problem);
            return;
        }
        if let Some(previous) = self.previous {
            if !follows(previous, id) {
                let problem =
                    Problem::new(line.number, span, format!("rule `{id}` is out of sequence after `{previous}`"))
                        .with_help(
                            "rules are numbered in order and subrule letters skip `l` and `o`; \
                     a line of text that starts with a rule number may have been read as a rule",
                        );
                self.warnings.push(problem);
            }
        }
        self.previous = Some(id);
        let rule = Rule { id, text: text.to_string(), examples: vec![], references: vec![], line: line.number };
        self.current = Some((rule, span));
    }

    fn close_rule(&mut self) {
        let Some((mut rule, span)) = self.current.take() else {
            return;
        };
        if rule.text.is_empty() {
            let problem = Problem::new(rule.line, span, format!("rule `{}` has no text", rule.id))
                .with_help("a rule's text follows its number, on the same line");
            self.errors.push(problem);
            return;
        }
        rule.collect_references();
        self.parsed.rules.insert(rule.id, rule);
    }

    fn text_outside_rules(&mut self, line: Line<'a>) {
        let problem = Problem::new(line.number, line.span(), "text outside any rule")
            .with_help("it comes after a heading, before any rule number; it is skipped");
        self.warnings.push(problem);
    }

    fn glossary_line(&mut self, line: Line<'a>) {
        if line.text.is_empty() {
            self.close_entry();
        } else if self.entry.is_empty() && line.text == "Credits" {
            self.structure.credits = Some(line.number);
            self.part = Part::End;
        } else {
            self.entry.push(line);
        }
    }

    fn close_entry(&mut self) {
        let Some((headword, definition)) = self.entry.split_first() else {
            return;
        };
        if definition.is_empty() {
            let problem = Problem::new(
                headword.number,
                headword.span(),
                format!("glossary entry `{}` has no definition", headword.text),
            )
            .with_help("an entry is a headword, then its definition, then a blank line; it is skipped");
            self.warnings.push(problem);
        } else {
            let definition = definition.iter().map(|l| l.text).collect::<Vec<_>>().join("\n");
            let (term, marked) = match headword.text.strip_suffix(OBSOLETE) {
                Some(term) => (term.trim_end(), true),
                None => (headword.text, false),
            };
            self.parsed.glossary.push(GlossaryEntry {
                term: term.to_string(),
                aliases: vec![],
                // `Placed` is marked in its definition rather than its headword.
                obsolete: marked || definition.starts_with(OBSOLETE),
                definition,
            });
        }
        self.entry.clear();
    }

    fn finish(mut self) -> Result<EnglishCr, Vec<Problem>> {
        self.close_rule();
        self.close_entry();
        if self.date.is_none() {
            let problem = Problem::new(1, self.first_line, "no effective date").with_help(
                "an official rules text says `These rules are effective as of MONTH DAY, YEAR.` near its top",
            );
            self.errors.push(problem);
        }
        if self.part == Part::Front {
            let problem = Problem::new(1, self.first_line, "no rules found").with_help(
                "rules are lines that start with their number, such as `100.1. These Magic rules apply…`; \
                 is this the Comprehensive Rules text?",
            );
            self.errors.push(problem);
        }
        glossary::set_aliases(&mut self.parsed.glossary);
        match self.date {
            Some(date) if self.errors.is_empty() => {
                Ok(EnglishCr { date, parsed: self.parsed, warnings: self.warnings, structure: self.structure })
            }
            _ => {
                self.errors.sort_by_key(|p| p.line);
                Err(self.errors)
            }
        }
    }
}

/// What a line of the rules is.
enum Kind<'a> {
    Blank,
    Glossary,
    Credits,
    /// `6. Spells, Abilities, and Effects`
    Chapter,
    /// `614. Replacement Effects`
    Section(u16),
    /// `614.1a Some text`: the number, the length of its printed form and the text after it.
    Rule(RuleId, usize, &'a str),
    /// `Example: …`, without the label.
    Example(&'a str),
    Text,
}

fn classify(line: &str) -> Kind<'_> {
    match line {
        "" => return Kind::Blank,
        "Glossary" => return Kind::Glossary,
        "Credits" => return Kind::Credits,
        _ => {}
    }
    if let Some(example) = line.strip_prefix(EXAMPLE_LABEL) {
        return Kind::Example(example.trim());
    }
    let (number, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    if let Some(chapter) = number.strip_suffix('.') {
        if chapter.len() == 1 && chapter.bytes().all(|b| b.is_ascii_digit()) && !rest.is_empty() {
            return Kind::Chapter;
        }
    }
    match RuleId::parse(number) {
        // A section heading has its period and a title; without them the number is text.
        Ok(id) if id.is_section() => {
            if number.ends_with('.') && !rest.is_empty() {
                Kind::Section(id.section())
            } else {
                Kind::Text
            }
        }
        Ok(id) => Kind::Rule(id, number.len(), rest),
        Err(_) => Kind::Text,
    }
}

/// `901.4.All plane…` → (`901.4`, 6, `All plane…`): a three-digit section, a rule number, its
/// period, and at once the capital letter that starts a sentence. Lettered subrules are left out:
/// without a space, `100.1aAll` cannot be told from a word.
fn glued_rule(line: &str) -> Option<(RuleId, usize, &str)> {
    let bytes = line.as_bytes();
    let digits = |from: usize| bytes.get(from..).unwrap_or_default().iter().take_while(|b| b.is_ascii_digit()).count();
    if digits(0) != 3 || bytes.get(3) != Some(&b'.') {
        return None;
    }
    let rule_digits = digits(4);
    if rule_digits == 0 || bytes.get(4 + rule_digits) != Some(&b'.') {
        return None;
    }
    let number_len = 4 + rule_digits + 1;
    let text = &line[number_len..];
    if !text.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let id = RuleId::parse(&line[..number_len]).ok().filter(|id| !id.is_section() && id.letter().is_none())?;
    Some((id, number_len, text))
}

/// True when `next` can follow `previous` in a rules text: the next subrule letter (skipping `l`
/// and `o`), the first subrule, the next rule, or the first rule of a later section.
fn follows(previous: RuleId, next: RuleId) -> bool {
    let first_of_later_section = next.section() > previous.section() && next == RuleId::rule_id(next.section(), 1);
    let first_subrule = previous.letter().is_none() && next.parent() == Some(previous) && next.letter() == Some('a');
    let numbered = if previous.letter().is_some() { previous.parent() } else { Some(previous) };
    let next_rule = numbered.and_then(RuleId::next_sibling);
    first_of_later_section || first_subrule || Some(next) == next_rule || previous.next_sibling() == Some(next)
}

/// `These rules are effective as of February 4, 2011.` → `2011-02-04`.
fn effective_date(line: &str) -> Option<String> {
    let lower = line.to_lowercase();
    let (_, date) = lower.split_once("effective as of ")?;
    let date = date.trim().trim_end_matches('.');
    let (month, rest) = date.split_once(' ')?;
    let (day, year) = rest.split_once(',')?;
    let month = MONTHS.iter().position(|m| *m == month)? + 1;
    let day: u8 = day.trim().parse().ok().filter(|d| (1..=31).contains(d))?;
    let year = year.trim();
    (year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit())).then(|| format!("{year}-{month:02}-{day:02}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> RuleId {
        RuleId::parse(s).unwrap()
    }

    fn parse_ok(text: &str) -> EnglishCr {
        match parse(text) {
            Ok(cr) => cr,
            Err(problems) => panic!("{problems:#?}"),
        }
    }

    fn ids(cr: &EnglishCr) -> Vec<String> {
        cr.parsed.rules.keys().map(ToString::to_string).collect()
    }

    /// A small rules text with the front matter and the doubled headings of the real files.
    const TEXT: &str = "\
Magic: The Gathering Comprehensive Rules

These rules are effective as of February 4, 2011.

Introduction

This document includes a series of numbered rules followed by a glossary.

Contents

1. Game Concepts
100. General
101. The Magic Golden Rules
6. Spells, Abilities, and Effects
614. Replacement Effects
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

100.1a A two-player game is a game that begins with only two players.

100.1b. A multiplayer game begins with more than two players. See section 8, \"Multiplayer Rules.\"

100.2 To play, each player needs a deck.
Example: A deck of sixty cards.
Example: A deck of forty cards.
Example: Another deck.
Example: See rule 100.1a.

6. Spells, Abilities, and Effects

614. Replacement Effects

614.1. Some continuous effects are replacement effects.

614.1a Effects that use the word \"instead\" are replacement effects.
          Most replacement effects use \"instead\" (see rules 614.1c-d).

614.1b Skip effects.

614.1c Enters effects.

614.1d Continuous effects.

614.1e As enters.

614.1f Face up.

614.1g Types.

614.1h Abilities.

614.1i Costs.

614.1j Damage.

614.1k Draws.

614.1m Moves.

614.1n Counters.

614.1p Zones.

Glossary

Abandon
To turn a face-up ongoing scheme card face down. See rule 701.22, \"Abandon.\"

Ability
1. Text on an object that explains what that object does or can do.
2. An activated or triggered ability on the stack.
See rule 112, \"Abilities.\"

Active Player
The player whose turn it is. See rule 102.1.

Active Player, Nonactive Player Order
A system that determines the order by which players make choices.

Banding, “Bands with Other”
A keyword ability.

Bury (Obsolete)
A term that meant \"put into its owner's graveyard.\"

Control, Controller
Who gets to use an object.

Partner, “Partner—[text],” “Partner with [name]”
Keyword abilities.

Placed
(Obsolete) A counter used to be placed.

Credits

Magic: The Gathering Original Game Design: Richard Garfield

These rules are effective as of February 4, 2011.
";

    #[test]
    fn reads_the_date_headings_and_rules() {
        let cr = parse_ok(TEXT);
        assert!(cr.warnings.is_empty(), "{:#?}", cr.warnings);
        assert_eq!(cr.date, "2011-02-04");
        let headings: Vec<&str> = cr.parsed.sections.values().map(String::as_str).collect();
        assert_eq!(headings, ["100. General", "614. Replacement Effects"]);
        assert_eq!(cr.parsed.rules[&id("100.1")].text, "These Magic rules apply to any Magic game.");
        assert_eq!(cr.parsed.rules[&id("100.1")].line, 23);
    }

    #[test]
    fn the_contents_list_and_the_parts_after_the_rules_are_recorded() {
        let cr = parse_ok(TEXT);
        let line_of = |line: &str| TEXT.lines().enumerate().filter(|(_, l)| *l == line).map(|(i, _)| i + 1).last();
        let contents = cr.structure.contents.as_ref().expect("a contents list");
        assert_eq!((contents.line, &TEXT[contents.span.0..contents.span.1]), (9, "Contents"));
        assert_eq!(contents.chapters, [1, 6]);
        assert_eq!(contents.sections, [100, 101, 614], "the real `1.` and `100.` headings end the list");
        assert!(contents.glossary && contents.credits);
        assert_eq!(cr.structure.glossary, line_of("Glossary"));
        assert_eq!(cr.structure.credits, line_of("Credits"));

        // Cut inside the glossary: no credits, and the last line with text is where it ends.
        let cut = &TEXT[..TEXT.find("Banding").unwrap()];
        let cr = parse_ok(cut);
        assert_eq!(cr.structure.credits, None);
        assert_eq!(cr.structure.last_line, cut.trim_end().lines().count());
        assert_eq!(
            &cut[cr.structure.last_span.0..cr.structure.last_span.1],
            "A system that determines the order by which players make choices."
        );
        // No `Contents` heading, no list: the headings of the front matter are not one.
        let cr = parse_ok(&TEXT.replacen("Contents\n", "\n", 1));
        assert_eq!(cr.structure.contents, None);
    }

    #[test]
    fn contents_lines_are_neither_sections_nor_glossary() {
        let cr = parse_ok(TEXT);
        assert!(!cr.parsed.sections.contains_key(&101), "101 is only in the contents");
        let terms: Vec<&str> = cr.parsed.glossary.iter().map(|e| e.term.as_str()).collect();
        assert!(!terms.contains(&"Credits"));
        assert_eq!(terms.first(), Some(&"Abandon"));
        assert_eq!(terms.last(), Some(&"Placed"), "the credits are not glossary");
    }

    #[test]
    fn periods_slipped_both_ways_and_letters_skipping_l_and_o() {
        let cr = parse_ok(TEXT);
        assert_eq!(
            ids(&cr),
            [
                "100.1", "100.1a", "100.1b", "100.2", "614.1", "614.1a", "614.1b", "614.1c", "614.1d", "614.1e",
                "614.1f", "614.1g", "614.1h", "614.1i", "614.1j", "614.1k", "614.1m", "614.1n", "614.1p",
            ]
        );
        assert!(cr.parsed.rules[&id("100.1b")].text.starts_with("A multiplayer game"));
        assert_eq!(cr.parsed.rules[&id("100.2")].text, "To play, each player needs a deck.");
    }

    #[test]
    fn examples_and_continuation_paragraphs_belong_to_the_rule_before() {
        let cr = parse_ok(TEXT);
        let rule = &cr.parsed.rules[&id("100.2")];
        assert_eq!(
            rule.examples,
            ["A deck of sixty cards.", "A deck of forty cards.", "Another deck.", "See rule 100.1a."]
        );
        assert_eq!(rule.references, [id("100.1a")], "examples cite rules too");
        let rule = &cr.parsed.rules[&id("614.1a")];
        assert_eq!(
            rule.text,
            "Effects that use the word \"instead\" are replacement effects.\n\
             Most replacement effects use \"instead\" (see rules 614.1c-d)."
        );
        assert_eq!(rule.references, [id("614.1c"), id("614.1d")]);
    }

    #[test]
    fn glossary_entries_over_several_lines() {
        let cr = parse_ok(TEXT);
        let ability = cr.parsed.glossary.iter().find(|e| e.term == "Ability").unwrap();
        assert_eq!(
            ability.definition,
            "1. Text on an object that explains what that object does or can do.\n\
             2. An activated or triggered ability on the stack.\nSee rule 112, \"Abilities.\""
        );
        assert_eq!(cr.parsed.glossary.len(), 9);
    }

    #[test]
    fn aliases_and_obsolete_entries() {
        let cr = parse_ok(TEXT);
        let entry = |term: &str| cr.parsed.glossary.iter().find(|e| e.term == term).unwrap();
        assert!(entry("Active Player, Nonactive Player Order").aliases.is_empty());
        assert_eq!(entry("Control, Controller").aliases, ["Control", "Controller"]);
        assert_eq!(entry("Banding, “Bands with Other”").aliases, ["Banding", "Bands with Other"]);
        assert_eq!(
            entry("Partner, “Partner—[text],” “Partner with [name]”").aliases,
            ["Partner", "Partner—[text]", "Partner with [name]"]
        );
        assert!(entry("Bury").obsolete, "the marker leaves the term");
        assert!(entry("Placed").obsolete, "marked in the definition");
        assert!(!entry("Ability").obsolete);
    }

    #[test]
    fn crlf_and_byte_order_mark_are_tolerated() {
        let crlf = format!("\u{feff}{}", TEXT.replace('\n', "\r\n"));
        let cr = parse_ok(&crlf);
        assert_eq!(ids(&cr), ids(&parse_ok(TEXT)));
        assert_eq!(cr.parsed.rules[&id("614.1b")].text, "Skip effects.");
    }

    #[test]
    fn fatal_problems_are_all_reported_with_their_place() {
        let text = "Rules\n\n100. General\n\n100.1. One.\n\n100.1. Again.\n\n100.2.\n\n100.3. Three.\n";
        let problems = parse(text).unwrap_err();
        let found: Vec<(usize, &str)> = problems.iter().map(|p| (p.line, p.message.as_str())).collect();
        assert_eq!(
            found,
            [(1, "no effective date"), (7, "rule `100.1` appears twice"), (9, "rule `100.2` has no text")]
        );
        let twice = &problems[1];
        assert_eq!(&text[twice.span.0..twice.span.1], "100.1.");
        assert_eq!(twice.help.as_deref(), Some("it first appears on line 5"));
    }

    #[test]
    fn a_text_without_rules_is_refused() {
        let problems = parse("These rules are effective as of May 1, 2020.\n\nNothing here.\n").unwrap_err();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].message, "no rules found");
    }

    #[test]
    fn oddities_are_warnings() {
        let text = "These rules are effective as of June 9, 2023.\n\n100. General\n\n100.1. One.\n\n100.1a A.\n\
            \n100.1l Ell.\n\n100.3. Skipped two.\n\n101. Next\n\nStray text.\n\n101.1. Fine.\n\nGlossary\n\nLonely\n\n\
            Fine\nDefined.\n";
        let cr = parse_ok(text);
        let found: Vec<(usize, &str)> = cr.warnings.iter().map(|p| (p.line, p.message.as_str())).collect();
        assert_eq!(
            found,
            [
                (9, "rule `100.1l` is out of sequence after `100.1a`"),
                (11, "rule `100.3` is out of sequence after `100.1l`"),
                (15, "text outside any rule"),
                (21, "glossary entry `Lonely` has no definition"),
            ]
        );
        assert_eq!(cr.parsed.glossary.len(), 1);
        assert_eq!(cr.date, "2023-06-09");
    }

    #[test]
    fn a_number_glued_to_its_text() {
        for (line, expected) in [
            ("901.4.All plane cards stay.", Some(("901.4", "All plane cards stay."))),
            ("100.12.The rule.", Some(("100.12", "The rule."))),
            ("901.4. All spaced.", None),
            ("901.4.all lowercase", None),
            ("901.4.", None),
            ("901.4.5 A version.", None),
            ("901.4a.All", None),
            ("901.4All", None),
            ("1.5.Too short", None),
            ("2023.11.Year", None),
            ("90.4.Two digits", None),
            ("901..Empty", None),
            ("", None),
            ("é01.4.Accent", None),
        ] {
            let found = glued_rule(line).map(|(id, len, text)| (id.to_string(), &line[..len], text));
            let expected = expected.map(|(id, text)| (id.to_string(), &line[..line.len() - text.len()], text));
            assert_eq!(found, expected, "{line:?}");
        }
    }

    #[test]
    fn a_glued_rule_is_read_only_where_its_number_comes_next() {
        let text = "These rules are effective as of November 17, 2023.\n\n901. Planechase\n\n\
            901.3. Three.\n\n901.3a Three a.\n\n901.4.All plane cards stay.\n\n901.5. Five.\n\
            Version 901.7.Not a rule.\n901.9.Out of sequence.\n\n901.6. Six.\n";
        let cr = parse_ok(text);
        assert_eq!(ids(&cr), ["901.3", "901.3a", "901.4", "901.5", "901.6"]);
        assert_eq!(cr.parsed.rules[&id("901.4")].text, "All plane cards stay.");
        assert_eq!(cr.parsed.rules[&id("901.5")].text, "Five.\nVersion 901.7.Not a rule.\n901.9.Out of sequence.");
        assert!(cr.warnings.is_empty(), "{:#?}", cr.warnings);
    }

    #[test]
    fn effective_dates() {
        assert_eq!(effective_date("These rules are effective as of November 14, 2025.").as_deref(), Some("2025-11-14"));
        assert_eq!(effective_date("These rules are effective as of February 4, 2011.").as_deref(), Some("2011-02-04"));
        assert_eq!(effective_date("These rules are effective as of Smarch 4, 2011."), None);
        assert_eq!(effective_date("These rules are effective as of February 44, 2011."), None);
        assert_eq!(effective_date("effective"), None);
    }

    #[test]
    fn sequence_rules() {
        for (a, b) in [
            ("100.1", "100.1a"),
            ("100.1", "100.2"),
            ("100.1a", "100.1b"),
            ("704.5k", "704.5m"),
            ("704.5n", "704.5p"),
            ("100.1a", "100.2"),
            ("100.9", "101.1"),
            ("122.4", "200.1"),
        ] {
            assert!(follows(id(a), id(b)), "{a} then {b}");
        }
        for (a, b) in
            [("704.5k", "704.5l"), ("100.1", "100.1b"), ("100.1", "100.3"), ("100.9", "101.2"), ("101.1", "100.2")]
        {
            assert!(!follows(id(a), id(b)), "{a} then {b}");
        }
    }
}
