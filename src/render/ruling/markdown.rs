//! The ruling in Markdown (GitHub flavour): rule numbers in the text carry footnote references,
//! and each cited rule is quoted once, as a footnote.

use super::inline::{Line, Piece};
use super::{Explanation, Quote, Ruling, Short};

pub fn markdown(r: &Ruling) -> String {
    let mut out = format!("# {}\n\n", escape(&r.title));
    if let Some(q) = &r.question {
        out.push_str(&format!("**Question.** {}\n\n", escape(q)));
    }
    out.push_str(&format!("*Rules quoted from edition {}.*\n\n", escape(&r.edition)));
    out.push_str("## Short answer\n\n");
    match &r.short {
        Short::Lines(lines) => {
            for line in lines {
                out.push_str(&format!("{}\n\n", block(&inline(line))));
            }
        }
        Short::Depends { intro, cases } => {
            out.push_str(&format!("{}\n\n", block(&inline(intro))));
            for case in cases {
                out.push_str(&format!("- {}\n", block(&inline(case))));
            }
            out.push('\n');
        }
    }
    for line in &r.asked {
        out.push_str(&format!("{}\n\n", block(&inline(line))));
    }
    if let Some(note) = super::unmodelled_note(r) {
        out.push_str(&format!("{}\n\n", block(&escape(&note))));
    }
    board(&mut out, r);
    if !r.explanations.is_empty() {
        out.push_str("## Explanation\n\n");
    }
    for e in &r.explanations {
        explanation(&mut out, e);
    }
    rules(&mut out, r);
    out
}

fn board(out: &mut String, r: &Ruling) {
    out.push_str("## Board state\n\n");
    out.push_str(&format!("**Players:** {}.\n\n", escape(&r.players.join(", "))));
    if !r.board.is_empty() {
        out.push_str("| Object | Controller | Zone | Type | Colors | P/T | Abilities |\n");
        out.push_str("|---|---|---|---|---|---|---|\n");
    }
    for row in &r.board {
        let abilities = if row.abilities.is_empty() {
            "—".to_string()
        } else {
            row.abilities.iter().map(|a| cell(a)).collect::<Vec<_>>().join("<br>")
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            inline(&row.name).replace('|', "\\|"),
            cell(&row.controller),
            row.zone,
            cell(&row.types),
            cell(&row.colors),
            cell(&row.pt),
            abilities
        ));
    }
    if !r.board.is_empty() {
        out.push('\n');
    }
    if !r.effects.is_empty() {
        out.push_str("### Effects of resolved spells and abilities\n\n");
        for e in &r.effects {
            out.push_str(&format!("- {}\n", block(&inline(e))));
        }
        out.push('\n');
    }
    if !r.pending.is_empty() {
        out.push_str(&format!("### {}\n\n", r.pending_heading));
        for p in &r.pending {
            out.push_str(&format!("- {}.\n", block(&escape(p))));
        }
        out.push('\n');
    }
}

fn explanation(out: &mut String, e: &Explanation) {
    if let Some(title) = &e.title {
        out.push_str(&format!("### {}\n\n", inline(title)));
    }
    if let Some(intro) = &e.intro {
        out.push_str(&format!("{}\n\n", block(&inline(intro))));
    }
    for (i, step) in e.steps.iter().enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, block(&inline(step))));
    }
    out.push('\n');
    if !e.after.is_empty() {
        out.push_str(&format!("{}\n\n", e.after_heading));
        for line in &e.after {
            out.push_str(&format!("- {}.\n", escape(line)));
        }
        out.push('\n');
    }
}

fn rules(out: &mut String, r: &Ruling) {
    if r.quotes.is_empty() && r.unplaced.is_empty() {
        return;
    }
    out.push_str("## Rules cited\n\n");
    out.push_str(&format!("Quoted from edition {}; each rule is a note below.\n\n", r.edition));
    if !r.unplaced.is_empty() {
        out.push_str(&format!("{}\n\n", block(&escape(&super::unplaced_note(r)))));
    }
    if let Some(note) = super::reworded_note(r) {
        out.push_str(&format!("{}\n\n", block(&escape(&note))));
    }
    if r.quotes.iter().any(|q| !q.in_edition()) {
        out.push_str(&format!("{}\n\n", block(&inline(&super::missing_hint(&r.edition)))));
    }
    for q in &r.quotes {
        out.push_str(&note(q, r));
    }
}

/// A footnote: the first paragraph on the label's line, the others indented under it.
fn note(q: &Quote, r: &Ruling) -> String {
    let mut out = format!("[^{}]: **{}**", q.id, q.id);
    if !q.in_edition() {
        out.push_str(&format!(" Not in edition {}: import the English CR to quote it.\n\n", r.edition));
        return out;
    }
    if let Some(date) = &q.date {
        out.push_str(&format!(" *(rules of {date})*"));
    }
    if let Some(from) = &q.from {
        out.push_str(&format!(" *(in English, edition {from})*"));
    }
    for (i, p) in q.paragraphs.iter().enumerate() {
        if i == 0 {
            out.push_str(&format!(" {}\n", escape(p)));
        } else {
            out.push_str(&format!("\n    {}\n", block(&escape(p))));
        }
    }
    for example in &q.examples {
        out.push_str(&format!("\n    *{}* {}\n", r.lang.example_label(), escape(example)));
    }
    out.push('\n');
    out
}

fn inline(line: &Line) -> String {
    let mut out = String::new();
    for piece in &line.0 {
        match piece {
            Piece::Text(t) => out.push_str(&escape(t)),
            Piece::Code(id) if id.contains('`') => out.push_str(&format!("`` {id} ``")),
            Piece::Code(id) => out.push_str(&format!("`{id}`")),
            Piece::Quote(t) => out.push_str(&format!("“{}”", escape(t))),
            Piece::Strong(t) => out.push_str(&format!("**{}**", escape(t))),
            Piece::Cite(ids) => {
                let refs: Vec<String> = ids.iter().map(|id| format!("{id}[^{id}]")).collect();
                out.push_str(&format!(" ({})", refs.join(", ")));
            }
        }
    }
    out
}

/// Text that Markdown would otherwise read as markup: emphasis, code, links, HTML. Card text
/// such as `{T}: Add {R}.` is left alone.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '<') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Text that starts a block (a paragraph, a list item's text), with the mark escaped that
/// Markdown would read at the start of one of its lines: a heading (`#`), a quote (`>`), a list
/// item (`-`, `+`; `*` is escaped everywhere) or an ordered one (`1.`, `1)` before a space).
/// Escaped punctuation reads as itself, so a mark that would not have started a block is safe.
fn block(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let body = line.trim_start_matches([' ', '\t']);
        out.push_str(&line[..line.len() - body.len()]);
        let digits = body.bytes().take_while(u8::is_ascii_digit).count();
        let after = body.get(digits + 1..).unwrap_or_default();
        let ordered = digits > 0
            && body[digits..].starts_with(['.', ')'])
            && (after.is_empty() || after.starts_with([' ', '\t']));
        if body.starts_with(['#', '>', '-', '+']) {
            out.push('\\');
        } else if ordered {
            out.push_str(&body[..digits]);
            out.push('\\');
            out.push_str(&body[digits..]);
            continue;
        }
        out.push_str(body);
    }
    out
}

fn cell(text: &str) -> String {
    escape(text).replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use super::block;

    /// Each mark that would start a block at a line's start is escaped there, and only there.
    #[test]
    fn a_heading_mark_at_a_line_start_is_escaped() {
        assert_eq!(block("# of cards"), "\\# of cards");
        assert_eq!(block("a # b"), "a # b");
    }

    #[test]
    fn a_quote_mark_at_a_line_start_is_escaped() {
        assert_eq!(block("> quoted"), "\\> quoted");
        assert_eq!(block("x > y"), "x > y");
    }

    #[test]
    fn a_dash_at_a_line_start_is_escaped() {
        assert_eq!(block("-1/-1 counters"), "\\-1/-1 counters");
        assert_eq!(block("- item"), "\\- item");
        assert_eq!(block("---"), "\\---");
        assert_eq!(block("gets -1/-1"), "gets -1/-1");
    }

    #[test]
    fn a_plus_at_a_line_start_is_escaped() {
        assert_eq!(block("+1/+1 counters"), "\\+1/+1 counters");
        assert_eq!(block("gets +1/+1"), "gets +1/+1");
    }

    /// Digits, a full stop or parenthesis and a space start an ordered list; a rule number does not.
    #[test]
    fn an_ordered_list_mark_at_a_line_start_is_escaped() {
        assert_eq!(block("2. Then it dies"), "2\\. Then it dies");
        assert_eq!(block("1994."), "1994\\.");
        assert_eq!(block("3) third"), "3\\) third");
        assert_eq!(block("614.12 applies"), "614.12 applies");
        assert_eq!(block("2 cards"), "2 cards");
    }

    /// Every line of the text is a line start, after its indent.
    #[test]
    fn every_line_of_a_block_is_a_line_start() {
        assert_eq!(block("first\n  # second\n> third"), "first\n  \\# second\n\\> third");
    }
}
