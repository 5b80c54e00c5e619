//! The ruling in Markdown (GitHub flavour): rule numbers in the text carry footnote references,
//! and each cited rule is quoted once, as a footnote.

use super::inline::{Line, Piece};
use super::{Explanation, Quote, Ruling, Short};
use crate::render::markdown::{block, cell, chars};

pub fn markdown(r: &Ruling) -> String {
    let mut out = format!("# {}\n\n", chars(&r.title));
    if let Some(q) = &r.question {
        out.push_str(&format!("**Question.** {}\n\n", chars(q)));
    }
    out.push_str(&format!("*Rules quoted from edition {}.*\n\n", chars(&r.edition)));
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
        out.push_str(&format!("{}\n\n", block(&chars(&note))));
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
    out.push_str(&format!("**Players:** {}.\n\n", chars(&r.players.join(", "))));
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
            out.push_str(&format!("- {}.\n", block(&chars(p))));
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
            out.push_str(&format!("- {}.\n", chars(line)));
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
        out.push_str(&format!("{}\n\n", block(&chars(&super::unplaced_note(r)))));
    }
    if let Some(note) = super::reworded_note(r) {
        out.push_str(&format!("{}\n\n", block(&chars(&note))));
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
            out.push_str(&format!(" {}\n", chars(p)));
        } else {
            out.push_str(&format!("\n    {}\n", block(&chars(p))));
        }
    }
    for example in &q.examples {
        out.push_str(&format!("\n    *{}* {}\n", r.lang.example_label(), chars(example)));
    }
    out.push('\n');
    out
}

fn inline(line: &Line) -> String {
    let mut out = String::new();
    for piece in &line.0 {
        match piece {
            Piece::Text(t) => out.push_str(&chars(t)),
            Piece::Code(id) if id.contains('`') => out.push_str(&format!("`` {id} ``")),
            Piece::Code(id) => out.push_str(&format!("`{id}`")),
            Piece::Quote(t) => out.push_str(&format!("“{}”", chars(t))),
            Piece::Strong(t) => out.push_str(&format!("**{}**", chars(t))),
            Piece::Cite(ids) => {
                let refs: Vec<String> = ids.iter().map(|id| format!("{id}[^{id}]")).collect();
                out.push_str(&format!(" ({})", refs.join(", ")));
            }
        }
    }
    out
}
