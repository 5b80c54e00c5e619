//! Text made safe for HTML, in element content and attribute values alike.

/// Escapes `&`, `<`, `>` and both quotes.
pub(crate) fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::html;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(html(r#"<b>"Tom" & 'Jerry'</b>"#), "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;");
    }
}
