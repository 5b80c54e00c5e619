//! The answers of `ask.can` in a ruling: a short line for each question, and its reasons, each
//! with the rule that decides it.

use super::inline::Line;
use super::Explanation;
use crate::cite::Citer;
use crate::engine::legality::Verdict;

/// "Can Doom Blade target River Boa? No." for the short answer.
pub fn short(verdicts: &[Verdict]) -> Vec<Line> {
    verdicts
        .iter()
        .map(|v| Line::plain(format!("{} {}", v.question, crate::render::legality::answer_sentence(v))))
        .collect()
}

/// One step per question: the question and its answer, then each reason with its rule.
pub fn explanation(verdicts: &[Verdict], citer: &Citer, titled: bool) -> Explanation {
    let steps = verdicts
        .iter()
        .map(|v| {
            let mut line = Line::new();
            line.strong(v.question.clone()).text(format!(" {}", crate::render::legality::answer_sentence(v)));
            if v.reasons.is_empty() {
                line.text(" Nothing the model knows of stops it.");
            }
            for r in &v.reasons {
                line.text(format!(
                    " {}{}",
                    capitalised(&r.text),
                    if r.stops || r.unread { "" } else { ": no obstacle" }
                ));
                line.cite(citer.ids(&[r.concept])).end();
            }
            line
        })
        .collect();
    Explanation {
        title: titled.then(|| Line::plain("What can target or block what")),
        intro: None,
        steps,
        after: Vec::new(),
        after_heading: "",
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |f| f.to_uppercase().chain(chars).collect())
}
