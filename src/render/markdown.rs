//! What every Markdown output shares: text escaped so that it reads as written, and tables.

/// Text that Markdown shows as written: the characters that would start emphasis, a link, code
/// or HTML are escaped, and so is one that would make the line a heading, a quote or a list.
pub(crate) fn text(text: &str) -> String {
    block(&chars(text))
}

/// [`text`] for what follows something else on its line (`**614.1** …`, `## …`, a cell): its
/// first line starts no block.
pub(crate) fn inline(text: &str) -> String {
    let escaped = chars(text);
    match escaped.split_once('\n') {
        Some((first, rest)) => format!("{first}\n{}", block(rest)),
        None => escaped,
    }
}

/// The characters Markdown reads as markup wherever they stand: emphasis, code, links, HTML and
/// table cells. Card text such as `{T}: Add {R}.` is left alone.
pub(crate) fn chars(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '|') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Text whose every line starts a block (a paragraph, a list item's text), with the mark escaped
/// that Markdown would read at the start of one of its lines: a heading (`#`), a quote (`>`), a
/// list item (`-`, `+`; `*` is escaped by [`chars`]), a heading's underline (`=`) or an ordered
/// item (`1.`, `1)` before a space or the line's end). Escaped punctuation reads as itself, so a
/// mark that would not have started a block is safe.
pub(crate) fn block(text: &str) -> String {
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
        if body.starts_with(['#', '>', '-', '+', '=']) {
            out.push('\\');
        } else if ordered {
            // A backslash escapes punctuation only: `2\.`, not `\2.`.
            out.push_str(&body[..digits]);
            out.push('\\');
            out.push_str(&body[digits..]);
            continue;
        }
        out.push_str(body);
    }
    out
}

/// A table cell: escaped text on one line, its line breaks as `<br>`.
pub(crate) fn cell(value: &str) -> String {
    value.lines().map(inline).collect::<Vec<_>>().join("<br>")
}

/// A GitHub-flavoured table; the cells are written as given (escape them with [`cell`]).
pub(crate) fn table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = format!("| {} |\n|{}\n", headers.join(" | "), "---|".repeat(headers.len()));
    for row in rows {
        out.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_reads_as_written() {
        assert_eq!(text("# not a heading"), "\\# not a heading");
        assert_eq!(text("+1/+1 counters"), "\\+1/+1 counters");
        assert_eq!(text("- not a list"), "\\- not a list");
        assert_eq!(text("2. not a list"), "2\\. not a list");
        assert_eq!(text("614.1a is a rule"), "614.1a is a rule");
        assert_eq!(text("a *b* _c_ `d` [e] <f> g|h"), "a \\*b\\* \\_c\\_ \\`d\\` \\[e\\] \\<f\\> g\\|h");
        assert_eq!(cell("one\ntwo | three"), "one<br>two \\| three");
        assert_eq!(inline("614. Replacement\n- x"), "614. Replacement\n\\- x");
        assert_eq!(cell("+1/+1"), "+1/+1", "a cell starts no block");
    }

    #[test]
    fn tables() {
        let rows = vec![vec!["a".to_string(), "b".to_string()]];
        assert_eq!(table(&["X", "Y"], &rows), "| X | Y |\n|---|---|\n| a | b |\n");
    }

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
