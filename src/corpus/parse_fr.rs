//! Parser for the French rules pages shipped as the default corpus.
//!
//! The format: a section heading (`614. Sorts, capacités et effets : Effets de remplacement`), then
//! each rule number alone on its line (`614.1.`, `614.1a`, sometimes `100.1A`) followed by its
//! paragraphs, `Exemple :` paragraphs belonging to the rule before them. The pages are web
//! captures: a contents list, a site header, an introduction and a comment footer surround the
//! rules, some texts start with a stray `. `, and one cross-reference is broken over three lines
//! so that its rule number stands alone like a rule's (`(Cf. règle` / `204.3h` / `pour la liste…`).

use super::edition::Parsed;
use super::rule::Rule;
use super::rule_id::RuleId;
use crate::diagnostic::problem::Problem;

const EXAMPLE_LABELS: [&str; 2] = ["Exemple :", "Exemple:"];

/// Lines that end the rules of a page: the site's comment footer.
const FOOTER: [&str; 2] = ["Donne ton avis !", "commentaire"];

pub fn parse(text: &str) -> (Parsed, Vec<Problem>) {
    parse_with(text, Parser::default())
}

/// The rules without the rules they cite (`references` left empty): finding those is most of the
/// parse, and a lookup of the embedded edition takes them from a table worked out in advance
/// (`embedded_lookup.rs`).
pub fn parse_without_references(text: &str) -> (Parsed, Vec<Problem>) {
    parse_with(text, Parser { without_references: true, ..Parser::default() })
}

fn parse_with(text: &str, mut parser: Parser) -> (Parsed, Vec<Problem>) {
    let mut offset = 0;
    for (index, raw) in text.split_inclusive('\n').enumerate() {
        let line = raw.trim_end_matches(['\n', '\r']);
        let span = (offset, offset + line.len());
        offset += raw.len();
        if FOOTER.contains(&line.trim()) {
            break;
        }
        parser.line(index + 1, span, line.trim());
    }
    parser.finish()
}

#[derive(Default)]
struct Parser {
    parsed: Parsed,
    problems: Vec<Problem>,
    section: Option<u16>,
    current: Option<Rule>,
    /// Where the current rule's number stands, for a diagnostic about the whole rule.
    current_span: (usize, usize),
    /// Inside a rule that is skipped (a duplicate number): its text is dropped with it.
    skipping: bool,
    /// The previous paragraph was cut in the middle of a cross-reference: the next lines continue it.
    continuing: bool,
    /// A broken reference's number was just joined: a line that goes on in lower case ends it.
    after_reference: bool,
    /// `parse_without_references`.
    without_references: bool,
}

impl Parser {
    fn line(&mut self, number: usize, span: (usize, usize), line: &str) {
        if line.is_empty() {
            return;
        }
        if let Some((section, _)) = section_heading(line) {
            self.close_rule();
            self.skipping = false;
            self.section = Some(section);
            self.parsed.sections.insert(section, line.to_string());
            return;
        }
        let Some(section) = self.section else {
            return; // contents list, site header and introduction come before the first heading
        };
        if let Some(id) = rule_number_line(line) {
            if self.continuing || id.section() != section {
                // `(Cf. règle` / `204.3h` / `pour la liste…`: a reference, not a new rule.
                self.append_continuation(line);
                return;
            }
            self.close_rule();
            self.skipping = self.parsed.rules.contains_key(&id);
            if self.skipping {
                self.problems.push(
                    Problem::new(number, span, format!("rule `{id}` appears twice"))
                        .with_help("the second one is skipped"),
                );
                return;
            }
            self.current = Some(Rule { id, text: String::new(), examples: vec![], references: vec![], line: number });
            self.current_span = span;
            return;
        }
        if self.skipping {
            return;
        }
        let Some(rule) = self.current.as_mut() else {
            self.problems.push(
                Problem::new(number, span, "text outside any rule")
                    .with_help("a rule number alone on its line must come first"),
            );
            return;
        };
        if self.continuing || (self.after_reference && continues_sentence(line)) {
            self.append_continuation(line);
            return;
        }
        self.after_reference = false;
        // A few pages start a subrule's text with a stray period left from the number.
        let line = line.strip_prefix(". ").unwrap_or(line);
        if let Some(example) = EXAMPLE_LABELS.iter().find_map(|label| line.strip_prefix(label)) {
            rule.examples.push(example.trim().to_string());
        } else if !rule.examples.is_empty() {
            // Text after an example belongs to that example (a continuation paragraph).
            let last = rule.examples.last_mut().expect("checked non-empty");
            last.push('\n');
            last.push_str(line);
        } else {
            if !rule.text.is_empty() {
                rule.text.push('\n');
            }
            rule.text.push_str(line);
        }
        self.continuing = ends_inside_reference(line);
    }

    fn append_continuation(&mut self, line: &str) {
        if let Some(rule) = self.current.as_mut() {
            let target = rule.examples.last_mut().unwrap_or(&mut rule.text);
            target.push(' ');
            target.push_str(line);
            self.after_reference = self.continuing && rule_number_line(line).is_some();
            self.continuing = ends_inside_reference(line);
        }
    }

    fn close_rule(&mut self) {
        self.continuing = false;
        self.after_reference = false;
        if let Some(mut rule) = self.current.take() {
            if rule.text.is_empty() {
                let problem = Problem::new(rule.line, self.current_span, format!("rule `{}` has no text", rule.id));
                self.problems.push(problem.with_help("the rule is skipped"));
                return;
            }
            if !self.without_references {
                rule.collect_references();
            }
            self.parsed.rules.insert(rule.id, rule);
        }
    }

    fn finish(mut self) -> (Parsed, Vec<Problem>) {
        self.close_rule();
        (self.parsed, self.problems)
    }
}

/// `614. Sorts, capacités et effets : Effets de remplacement`: three digits, a period, a title.
fn section_heading(line: &str) -> Option<(u16, &str)> {
    // Looked at from the start only: searching each paragraph for its first `. ` was a third of
    // the parse.
    let (number, title) = (line.get(..3)?, line.get(3..)?.strip_prefix(". ")?);
    if !number.bytes().all(|b| b.is_ascii_digit()) || title.trim().is_empty() {
        return None;
    }
    Some((number.parse().ok()?, title.trim()))
}

/// A line holding only a rule number: `614.1.`, `614.1a`, `100.1A`.
fn rule_number_line(line: &str) -> Option<RuleId> {
    let id = RuleId::parse(line).ok()?;
    (!id.is_section()).then_some(id)
}

/// A line that starts in lower case or with closing punctuation is the rest of a sentence.
fn continues_sentence(line: &str) -> bool {
    line.starts_with(|c: char| c.is_lowercase() || matches!(c, ')' | ',' | ';' | '.'))
}

/// True when a paragraph stops right after the word that introduces a rule number, so the next
/// line is the rest of that sentence.
fn ends_inside_reference(line: &str) -> bool {
    let last = line.rsplit(char::is_whitespace).next().unwrap_or("").to_lowercase();
    matches!(last.as_str(), "règle" | "règles" | "cf." | "voir" | "rule" | "rules" | "see")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> RuleId {
        RuleId::parse(s).unwrap()
    }

    const PAGE: &str = "Règles complètes de Magic: The Gathering\n\nSommaire\n\n1. Concepts du Jeu\n\n\
305. Types de Carte : Terrains\n\n\n\n305.1.\n\nUn joueur peut jouer un terrain.\n\n\
305.6.\n\nLes sous-types de terrain (Cf. règle\n\n204.3h\n\npour la liste complète des types de terrain.)\n\n\
305.6a\n\n. Texte avec un point parasite.\n\nExemple : Un exemple.\n\nExemple : Un autre exemple.\n\n\
305.7A\n\nSubrule en majuscule.\n\nDonne ton avis !\n\ncommentaire\n\n305.99.\n\nNot a rule: after the footer.\n";

    #[test]
    fn reads_rules_headings_and_examples() {
        let (parsed, problems) = parse(PAGE);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(parsed.sections.get(&305).map(String::as_str), Some("305. Types de Carte : Terrains"));
        let ids: Vec<String> = parsed.rules.keys().map(ToString::to_string).collect();
        assert_eq!(ids, ["305.1", "305.6", "305.6a", "305.7a"]);
        let sub = &parsed.rules[&id("305.6a")];
        assert_eq!(sub.text, "Texte avec un point parasite.");
        assert_eq!(sub.examples, ["Un exemple.", "Un autre exemple."]);
    }

    #[test]
    fn a_reference_broken_over_lines_is_not_a_rule() {
        let (parsed, _) = parse(PAGE);
        assert!(!parsed.rules.contains_key(&id("204.3h")));
        let rule = &parsed.rules[&id("305.6")];
        assert_eq!(
            rule.text,
            "Les sous-types de terrain (Cf. règle 204.3h pour la liste complète des types de terrain.)"
        );
        assert_eq!(rule.references, [id("204.3h")]);
    }

    #[test]
    fn chrome_before_the_first_heading_and_after_the_footer_is_ignored() {
        let (parsed, _) = parse(PAGE);
        assert!(!parsed.rules.contains_key(&id("305.99")));
        assert_eq!(parsed.sections.len(), 1);
    }

    #[test]
    fn a_heading_is_three_digits_a_period_and_a_title_from_the_start_of_the_line() {
        assert_eq!(section_heading("614. Effets de remplacement"), Some((614, "Effets de remplacement")));
        for line in ["Voir 614. Effets", "6145. Effets", "614.1. Texte", "614.  ", "61. Effets", "é14. Effets", "614"]
        {
            assert_eq!(section_heading(line), None, "{line}");
        }
    }

    #[test]
    fn duplicate_and_empty_rules_are_reported_with_their_line() {
        let text = "611. Effets continus\n611.1.\nTexte.\n611.1.\nEncore.\n611.2.\n611.3.\nTexte.\n";
        let (parsed, problems) = parse(text);
        let messages: Vec<(usize, &str)> = problems.iter().map(|p| (p.line, p.message.as_str())).collect();
        assert_eq!(messages, [(4, "rule `611.1` appears twice"), (6, "rule `611.2` has no text")]);
        assert_eq!(parsed.rules[&id("611.1")].text, "Texte.");
        assert!(parsed.rules.contains_key(&id("611.3")));
    }
}
