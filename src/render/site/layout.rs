//! The frame of every page: the head, the bar with the links to the contents, the glossary and
//! the changes and the search box, and the foot naming the edition.

use crate::corpus::Edition;
use crate::render::escape::html as esc;

/// What the bar links to besides the contents.
#[derive(Clone, Copy)]
pub(super) struct Bar {
    pub(super) glossary: bool,
    pub(super) changes: bool,
}

pub(super) fn page(edition: &Edition, title: &str, bar: Bar, main: &str) -> String {
    let mut out = String::with_capacity(main.len() + 2048);
    out.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n",
        edition.lang().code()
    ));
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(&format!("<title>{} · {}</title>\n", esc(title), esc(edition.name())));
    out.push_str("<link rel=\"stylesheet\" href=\"site.css\">\n<script src=\"search.js\" defer></script>\n");
    out.push_str("</head>\n<body>\n<header class=\"bar\">\n<nav>");
    out.push_str("<a href=\"index.html\">Contents</a>");
    if bar.glossary {
        out.push_str(" <a href=\"glossary.html\">Glossary</a>");
    }
    if bar.changes {
        out.push_str(" <a href=\"changes.html\">Changes</a>");
    }
    out.push_str("</nav>\n<form class=\"search\" role=\"search\" action=\"#\">");
    out.push_str("<input type=\"search\" id=\"search\" placeholder=\"Search the rules\" aria-label=\"Search the rules\" autocomplete=\"off\">");
    out.push_str("</form>\n</header>\n<ol id=\"hits\" class=\"hits\" hidden></ol>\n<main>\n");
    out.push_str(main);
    out.push_str(&format!(
        "</main>\n<footer>Edition {} · rules text of {} · written by <code>judge corpus html</code></footer>\n</body>\n</html>\n",
        esc(edition.name()),
        esc(&edition.info.date)
    ));
    out
}
