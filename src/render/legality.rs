//! The answers of `ask.can` (what can target or block what): a table of questions, the reasons
//! of each with the rules that decide them, in the terminal and in Markdown.

use super::grid::Grid;
use super::style::Style;
use crate::cite::Citer;
use crate::corpus::RuleId;
use crate::engine::legality::{Reason, Verdict};

/// "Yes", "No", or "Yes?" when a rule of the game the answer does not apply may say no.
pub fn yes_no(v: &Verdict) -> &'static str {
    match (v.can, v.unsure()) {
        (true, false) => "Yes",
        (true, true) => "Yes?",
        (false, _) => "No",
    }
}

/// The answer as a sentence, for prose: "Yes.", "No.", or a Yes that a rule may undo.
pub fn answer_sentence(v: &Verdict) -> &'static str {
    match (v.can, v.unsure()) {
        (true, false) => "Yes.",
        (true, true) => "Yes, unless a rule of the game this answer does not apply says otherwise.",
        (false, _) => "No.",
    }
}

/// A reason as a line: what stops it marked ✗, what was weighed and does not ✓, a rule not
/// applied ?.
pub fn reason_line(r: &Reason) -> String {
    format!(
        "{} {}",
        if r.stops {
            "✗"
        } else if r.unread {
            "?"
        } else {
            "✓"
        },
        r.text
    )
}

/// Its reasons as lines; a line saying so when no ability or rule was weighed.
pub fn reason_lines(v: &Verdict) -> Vec<String> {
    if v.reasons.is_empty() {
        return vec!["nothing the model knows of stops it".into()];
    }
    v.reasons.iter().map(reason_line).collect()
}

pub fn rules(citer: &Citer, v: &Verdict) -> Vec<RuleId> {
    let mut ids = citer.ids(&v.concepts());
    ids.sort();
    ids.dedup();
    ids
}

pub fn grid(citer: &Citer, verdicts: &[Verdict]) -> Grid {
    // Narrower, the rules go under the reasons.
    let mut t = Grid::new(["Question", "Answer", "Why", "Rules"]).fold(3, 2);
    for v in verdicts {
        let rules = super::resolve::cited_list(citer, &v.concepts());
        t.row([v.question.clone(), yes_no(v).to_string(), reason_lines(v).join("\n"), rules]);
    }
    t
}

pub fn write(citer: &Citer, verdicts: &[Verdict], style: Style, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    if verdicts.is_empty() {
        return Ok(());
    }
    grid(citer, verdicts).write_above_text(style, out)
}

pub fn markdown(citer: &Citer, verdicts: &[Verdict]) -> String {
    let mut out = String::new();
    for v in verdicts {
        let rules: Vec<String> = rules(citer, v).iter().map(ToString::to_string).collect();
        let rules = if rules.is_empty() { String::new() } else { format!(" ({})", rules.join(", ")) };
        out.push_str(&format!("- **{}** {}{rules}\n", super::markdown::inline(&v.question), answer_sentence(v)));
        for line in reason_lines(v) {
            out.push_str(&format!("  - {}\n", super::markdown::inline(&line)));
        }
    }
    out
}
