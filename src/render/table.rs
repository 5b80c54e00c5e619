//! Tables as comfy-table draws them: its `UTF8_FULL_CONDENSED` preset, dynamic arrangement at
//! the width given, one space of padding either side of each cell, and each column at least as
//! wide as its longest word (a lower bound the grid measures), so that an id or a rule number is
//! never cut. Cells are styled whole by comfy-table itself (bold, dim), in colour only: no escape
//! code is ever put inside a cell's text, so that comfy-table measures what it draws.

use comfy_table::{presets, Attribute, ColumnConstraint, ContentArrangement, Width};
use std::borrow::Cow;
use std::io::{self, Write};

/// A cell's text, and how it looks when the output is in colour.
pub(crate) struct Cell<'a> {
    pub text: Cow<'a, str>,
    pub look: Look,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Look {
    Plain,
    /// What the eye looks for down a table: an id, a section's title.
    Strong,
    /// What is read after the rest: a rule's example.
    Dim,
}

/// Writes the table `width` columns wide, its header first when `headers` is not empty, without
/// a final newline. `minimums[i]` is the narrowest the text of column `i` may be; `color` says
/// whether cells are drawn in their look (never on a pipe unless asked, as `Style` decided).
pub(crate) fn write(
    out: &mut dyn Write,
    headers: &[&str],
    rows: Vec<Vec<Cell>>,
    minimums: &[usize],
    width: u16,
    color: bool,
) -> io::Result<()> {
    let mut table = comfy_table::Table::new();
    table.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic);
    table.set_width(width);
    if color {
        // The look on the text, not on the padding around it.
        table.enforce_styling().style_text_only();
    } else {
        table.force_no_tty();
    }
    if !headers.is_empty() {
        table.set_header(headers.to_vec());
    }
    for row in rows {
        table.add_row(row.into_iter().map(|cell| {
            let drawn = comfy_table::Cell::new_owned(cell.text.into_owned());
            match cell.look {
                Look::Plain => drawn,
                Look::Strong => drawn.add_attribute(Attribute::Bold),
                Look::Dim => drawn.add_attribute(Attribute::Dim),
            }
        }));
    }
    // The bound counts the padding, one space either side.
    let bound = |m: &usize| ColumnConstraint::LowerBoundary(Width::Fixed(u16::try_from(m + 2).unwrap_or(u16::MAX)));
    table.set_constraints(minimums.iter().map(bound));
    for (i, line) in table.lines().enumerate() {
        if i > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    fn draw(rows: Vec<Vec<Cell>>, minimums: &[usize], width: u16, color: bool) -> String {
        let mut out = Vec::new();
        write(&mut out, &["Rule", "Text"], rows, minimums, width, color).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn strip(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find('\x1b') {
            out.push_str(&rest[..at]);
            let end = rest[at..].find('m').map_or(rest.len(), |e| at + e + 1);
            rest = &rest[end..];
        }
        out.push_str(rest);
        out
    }

    fn cells(id: &str, text: String, look: Look) -> Vec<Cell<'static>> {
        vec![Cell { text: Cow::Owned(id.to_string()), look: Look::Strong }, Cell { text: Cow::Owned(text), look }]
    }

    /// Colour takes no room: a bold id and a dim passage over wrapped lines leave the table as
    /// the plain one, and without colour no escape is written.
    #[test]
    fn colour_takes_no_room_and_carries_over_lines() {
        let plain = "Example: a long example that goes on over several lines of the cell";
        let uncoloured = draw(vec![cells("614.1", plain.to_string(), Look::Dim)], &[5, 8], 30, false);
        let coloured = draw(vec![cells("614.1", plain.to_string(), Look::Dim)], &[5, 8], 30, true);
        assert!(!uncoloured.contains('\x1b'), "{uncoloured}");
        assert_eq!(strip(&coloured), uncoloured);
        assert!(coloured.contains("\x1b[1m614.1"), "{coloured:?}");
        let dim_lines = coloured.lines().filter(|l| l.contains("\x1b[2m")).count();
        assert!(dim_lines > 2, "{coloured}");
    }

    /// Accented and wide text is measured as a terminal shows it: every line of the table is as
    /// wide as its border, and no word fits a column is cut.
    #[test]
    fn accented_text_keeps_the_borders_straight() {
        let text = "Si un effet de remplacement s’applique à l’arrivée d’une créature — « régénération » — \
                    il s’applique avant que le permanent n’arrive sur le champ de bataille.";
        for width in [40, 60, 100] {
            let drawn = draw(vec![cells("614.1c", text.to_string(), Look::Plain)], &[6, 11], width, false);
            let widths: Vec<usize> = drawn.lines().map(UnicodeWidthStr::width).collect();
            assert!(widths.iter().all(|w| *w == widths[0] && *w <= usize::from(width)), "{drawn}");
            assert!(drawn.contains("régénération"), "{drawn}");
        }
    }
}
