//! The ruling as one self-contained HTML page: inline CSS, no script, no external resource, every
//! text escaped, rule numbers linked to their quotes, and a layout that prints well.

use super::inline::{Line, Piece};
use super::{Explanation, Quote, Ruling, Short};
use crate::corpus::RuleId;
use crate::render::escape::html as esc;

const STYLE: &str = include_str!("ruling.css");

pub fn html(r: &Ruling) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(&format!("<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n", esc(&r.title)));
    out.push_str(&format!("<h1>{}</h1>\n", esc(&r.title)));
    if let Some(q) = &r.question {
        out.push_str(&format!("<p class=\"question\"><strong>Question.</strong> {}</p>\n", esc(q)));
    }
    out.push_str(&format!("<p class=\"edition\">Rules quoted from edition {}.</p>\n", esc(&r.edition)));
    out.push_str("<section class=\"answer\">\n<h2>Short answer</h2>\n");
    match &r.short {
        Short::Lines(lines) => {
            for line in lines {
                out.push_str(&format!("<p>{}</p>\n", inline(line)));
            }
        }
        Short::Depends { intro, cases } => {
            out.push_str(&format!("<p>{}</p>\n<ul>\n", inline(intro)));
            for case in cases {
                out.push_str(&format!("<li>{}</li>\n", inline(case)));
            }
            out.push_str("</ul>\n");
        }
    }
    for line in &r.asked {
        out.push_str(&format!("<p>{}</p>\n", inline(line)));
    }
    if let Some(note) = super::unmodelled_note(r) {
        out.push_str(&format!("<p class=\"hint\">{}</p>\n", esc(&note)));
    }
    out.push_str("</section>\n");
    board(&mut out, r);
    if !r.explanations.is_empty() {
        out.push_str("<section class=\"explanation\">\n<h2>Explanation</h2>\n");
        for e in &r.explanations {
            explanation(&mut out, e);
        }
        out.push_str("</section>\n");
    }
    rules(&mut out, r);
    out.push_str(&format!(
        "<footer>Written by <code>judge ruling</code>; rules quoted from edition {}.</footer>\n",
        esc(&r.edition)
    ));
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

fn board(out: &mut String, r: &Ruling) {
    out.push_str("<section class=\"board\">\n<h2>Board state</h2>\n");
    out.push_str(&format!("<p><strong>Players:</strong> {}.</p>\n", esc(&r.players.join(", "))));
    if !r.board.is_empty() {
        out.push_str(
            "<table class=\"objects\">\n<thead><tr><th>Object</th><th>Controller</th><th>Zone</th><th>Type</th>",
        );
        out.push_str("<th>Colors</th><th class=\"pt\">P/T</th><th>Abilities</th></tr></thead>\n<tbody>\n");
        for row in &r.board {
            let abilities = if row.abilities.is_empty() {
                "—".to_string()
            } else {
                row.abilities.iter().map(|a| esc(a)).collect::<Vec<_>>().join("<br>")
            };
            out.push_str(&format!(
                "<tr><td data-label=\"Object\">{}</td><td data-label=\"Controller\">{}</td><td data-label=\"Zone\">{}</td><td data-label=\"Type\">{}</td><td data-label=\"Colors\">{}</td><td class=\"pt\" data-label=\"P/T\">{}</td><td data-label=\"Abilities\">{}</td></tr>\n",
                inline(&row.name),
                esc(&row.controller),
                esc(row.zone),
                esc(&row.types),
                esc(&row.colors),
                esc(&row.pt),
                abilities
            ));
        }
        out.push_str("</tbody>\n</table>\n");
    }
    if !r.effects.is_empty() {
        out.push_str("<h3>Effects of resolved spells and abilities</h3>\n<ul>\n");
        for e in &r.effects {
            out.push_str(&format!("<li>{}</li>\n", inline(e)));
        }
        out.push_str("</ul>\n");
    }
    if !r.pending.is_empty() {
        out.push_str(&format!("<h3>{}</h3>\n<ul>\n", r.pending_heading));
        for p in &r.pending {
            out.push_str(&format!("<li>{}.</li>\n", esc(p)));
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n");
}

fn explanation(out: &mut String, e: &Explanation) {
    if let Some(title) = &e.title {
        out.push_str(&format!("<h3>{}</h3>\n", inline(title)));
    }
    if let Some(intro) = &e.intro {
        out.push_str(&format!("<p class=\"intro\">{}</p>\n", inline(intro)));
    }
    out.push_str("<ol class=\"steps\">\n");
    for step in &e.steps {
        out.push_str(&format!("<li>{}</li>\n", inline(step)));
    }
    out.push_str("</ol>\n");
    if !e.after.is_empty() {
        out.push_str(&format!("<p class=\"after\">{}</p>\n<ul class=\"after\">\n", e.after_heading));
        for line in &e.after {
            out.push_str(&format!("<li>{}.</li>\n", esc(line)));
        }
        out.push_str("</ul>\n");
    }
}

fn rules(out: &mut String, r: &Ruling) {
    if r.quotes.is_empty() && r.unplaced.is_empty() {
        return;
    }
    out.push_str("<section class=\"rules\">\n<h2>Rules cited</h2>\n");
    out.push_str(&format!("<p class=\"edition\">Quoted from edition {}.</p>\n", esc(&r.edition)));
    if !r.unplaced.is_empty() {
        out.push_str(&format!("<p class=\"hint\">{}</p>\n", esc(&super::unplaced_note(r))));
    }
    if let Some(note) = super::reworded_note(r) {
        out.push_str(&format!("<p class=\"hint\">{}</p>\n", esc(&note)));
    }
    out.push_str("<dl>\n");
    for q in &r.quotes {
        quote(out, q, r);
    }
    out.push_str("</dl>\n");
    if r.quotes.iter().any(|q| !q.in_edition()) {
        out.push_str(&format!("<p class=\"hint\">{}</p>\n", inline(&super::missing_hint(&r.edition))));
    }
    out.push_str("</section>\n");
}

fn quote(out: &mut String, q: &Quote, r: &Ruling) {
    out.push_str(&format!("<dt id=\"{}\">{}", anchor(q.id), q.id));
    if let Some(date) = &q.date {
        out.push_str(&format!(" <span class=\"date\">rules of {}</span>", esc(date)));
    }
    if let Some(from) = &q.from {
        out.push_str(&format!(" <span class=\"date\">in English, edition {}</span>", esc(from)));
    }
    out.push_str("</dt>\n");
    if !q.in_edition() {
        out.push_str(&format!(
            "<dd class=\"missing\">Not in edition {}: import the English CR to quote it.</dd>\n",
            esc(&r.edition)
        ));
        return;
    }
    out.push_str(&format!("<dd><blockquote lang=\"{}\">\n", r.lang.code()));
    for p in &q.paragraphs {
        out.push_str(&format!("<p>{}</p>\n", esc(p)));
    }
    for example in &q.examples {
        out.push_str(&format!("<p class=\"example\"><em>{}</em> {}</p>\n", esc(r.lang.example_label()), esc(example)));
    }
    out.push_str("</blockquote></dd>\n");
}

/// The id of a rule's quote: `r-614.1a`.
fn anchor(id: RuleId) -> String {
    format!("r-{id}")
}

fn inline(line: &Line) -> String {
    let mut out = String::new();
    for piece in &line.0 {
        match piece {
            Piece::Text(t) => out.push_str(&esc(t)),
            Piece::Code(id) => out.push_str(&format!("<code>{}</code>", esc(id))),
            Piece::Quote(t) => out.push_str(&format!("<q>{}</q>", esc(t))),
            Piece::Strong(t) => out.push_str(&format!("<strong>{}</strong>", esc(t))),
            Piece::Cite(ids) => {
                let links: Vec<String> =
                    ids.iter().map(|id| format!("<a class=\"rule\" href=\"#{}\">{id}</a>", anchor(*id))).collect();
                out.push_str(&format!(" <span class=\"cite\">({})</span>", links.join(", ")));
            }
        }
    }
    out
}
