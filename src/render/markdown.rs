//! What every Markdown output shares: text escaped so that it reads as written, and tables.

/// Text that Markdown shows as written: the characters that would start emphasis, a link, code
/// or HTML are escaped, and so is one that would make the line a heading, a quote or a list.
pub(crate) fn text(text: &str) -> String {
    escaped(text, true)
}

/// [`text`] for what follows something else on its line (`**614.1** …`, `## …`, a cell): its
/// first line starts no block.
pub(crate) fn inline(text: &str) -> String {
    escaped(text, false)
}

fn escaped(text: &str, at_line_start: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        out.push_str(indent);
        let starts_block = trimmed.starts_with(['#', '>', '-', '+', '=']) || ordered_marker(trimmed);
        if starts_block && (i > 0 || at_line_start) {
            out.push('\\');
        }
        for c in trimmed.chars() {
            if matches!(c, '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '|') {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out
}

/// `1.` or `1)` at a line's start would make it an ordered list.
fn ordered_marker(line: &str) -> bool {
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && line[digits..].starts_with(['.', ')']) && line[digits + 1..].starts_with(' ')
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
        assert_eq!(text("2. not a list"), "\\2. not a list");
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
}
