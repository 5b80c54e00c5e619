//! One numbered rule or subrule with its text, examples and the rules it cites.

use super::references;
use super::rule_id::RuleId;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rule {
    pub id: RuleId,
    /// The rule's own text; paragraphs are joined by a newline.
    pub text: String,
    /// Each `Example:` / `Exemple :` paragraph, without that label.
    pub examples: Vec<String>,
    /// Rules cited by the text or the examples, ranges expanded, in order of first mention.
    pub references: Vec<RuleId>,
    /// Line of the rule number in its source document (1-based), for diagnostics.
    pub line: usize,
}

impl Rule {
    /// Fills `references` from the text and the examples, which cite rules too.
    pub fn collect_references(&mut self) {
        let all_text = std::iter::once(self.text.as_str())
            .chain(self.examples.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("\n");
        self.references = references::extract(&all_text, Some(self.id));
    }
}
