//! A table that fits the width it is given: every column from 100 columns up, the secondary
//! columns folded into others below that, and below 60 columns one block of `field: value` lines
//! per row, where a phone over SSH cannot show a table.
//!
//! No layout cuts a word: a table splits only a word wider than its column, so each column is
//! made as wide as its longest word (an effect id, a rule number), and a layout whose columns
//! cannot all be that wide gives way to the next one.

use super::style::{fill, Style};
use super::table::{self, Cell, Look};
use std::borrow::Cow;
use std::io::{self, Write};
use textwrap::core::display_width;

/// Below this width, tables fold their secondary columns into others.
pub const FOLD_BELOW: u16 = 100;
/// Below this width, rows are blocks of lines instead of tables.
pub const LIST_BELOW: u16 = 60;

pub struct Grid {
    headers: Vec<String>,
    /// Where each column goes in the folded layout: `Some(i)` makes it a `Header: value` line at
    /// the end of column `i`.
    folds: Vec<Option<usize>>,
    rows: Vec<Row>,
    /// Columns drawn bold in colour (an id the eye looks for down the table).
    strong: Vec<bool>,
}

/// A table of more rows than this (the trace of a board of thousands of objects) is not drawn,
/// which would lay every cell out before its first line and be read by no one: its rows are
/// listed as blocks of lines instead, each written as it comes, and `--format json` has them all.
pub const DRAWN_ROWS_AT_MOST: usize = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A table of every column.
    Full,
    /// A table with the secondary columns as lines of others.
    Folded,
    /// A block of `field: value` lines per row.
    List,
}

enum Row {
    Cells(Vec<String>),
    /// Lines that go on with the row above (a rule's example, its cross-references): drawn as
    /// part of it, dim in colour when `dim`. Each is a row of the table, so that comfy-table
    /// styles it whole and no escape code goes inside a cell.
    More {
        cells: Vec<String>,
        dim: bool,
    },
    /// A line over the rows that follow (a section title), shown once instead of on each row.
    Heading(String),
}

impl Grid {
    pub fn new<S: Into<String>>(headers: impl IntoIterator<Item = S>) -> Self {
        let headers: Vec<String> = headers.into_iter().map(Into::into).collect();
        let folds = vec![None; headers.len()];
        let strong = vec![false; headers.len()];
        Grid { headers, folds, rows: Vec::new(), strong }
    }

    /// Below 100 columns, `column` becomes a line of `into` (a column short to read and seldom
    /// long, as a layer or the rules cited).
    pub fn fold(mut self, column: usize, into: usize) -> Self {
        self.folds[column] = Some(into);
        self
    }

    /// `column` drawn bold in colour.
    pub fn strong(mut self, column: usize) -> Self {
        self.strong[column] = true;
        self
    }

    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let cells = self.full_row(cells);
        self.rows.push(Row::Cells(cells));
    }

    /// Lines that go on with the row above, dim in colour when `dim`; a cell's text starts
    /// with `\n` to leave a blank line.
    pub fn more<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>, dim: bool) {
        let cells = self.full_row(cells);
        self.rows.push(Row::More { cells, dim });
    }

    /// One cell per column, so that folding and measuring never index past a short row.
    fn full_row<S: Into<String>>(&self, cells: impl IntoIterator<Item = S>) -> Vec<String> {
        let mut cells: Vec<String> = cells.into_iter().map(Into::into).collect();
        cells.resize(self.headers.len(), String::new());
        cells
    }

    /// The rows, a row's lines that go on with it counted with it.
    fn row_count(&self) -> usize {
        self.rows.iter().filter(|row| !matches!(row, Row::More { .. })).count()
    }

    pub fn heading(&mut self, text: impl Into<String>) {
        self.rows.push(Row::Heading(text.into()));
    }

    /// The first layout that fits the style's width.
    pub fn layout(&self, style: Style) -> Layout {
        self.choose(style).0
    }

    /// The first layout that fits the style's width, and for a table the narrowest each of its
    /// columns may be, which drawing it needs again.
    fn choose(&self, style: Style) -> (Layout, Vec<usize>) {
        let width = style.columns();
        if width < LIST_BELOW || self.row_count() > DRAWN_ROWS_AT_MOST {
            return (Layout::List, Vec::new());
        }
        let layouts: &[Layout] = if width >= FOLD_BELOW { &[Layout::Full, Layout::Folded] } else { &[Layout::Folded] };
        for layout in layouts {
            // Each column has one space of padding either side and a border on its left; the
            // table a border on its right.
            let minimums = self.minimum_widths(*layout == Layout::Folded);
            let needed: usize = minimums.iter().map(|m| m + 3).sum::<usize>() + 1;
            if needed <= usize::from(width) {
                return (*layout, minimums);
            }
        }
        (Layout::List, Vec::new())
    }

    /// The grid in the first layout that fits the style's width, without a final newline.
    pub fn render(&self, style: Style) -> String {
        let mut out = Vec::new();
        self.write(style, &mut out).expect("writing to memory cannot fail");
        String::from_utf8(out).expect("tables are drawn from strings")
    }

    /// `render`, written to `out` as it is drawn: a table of thousands of lines (the trace of a
    /// board of thousands of objects) is never held whole in memory.
    pub fn write(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        self.write_in_layout(style, out).map(|_| ())
    }

    /// `write`, saying which layout it drew.
    fn write_in_layout(&self, style: Style, out: &mut dyn Write) -> io::Result<Layout> {
        let (layout, minimums) = self.choose(style);
        if layout == Layout::List {
            if style.columns() >= LIST_BELOW {
                let note = format!("{} rows, listed rather than drawn as a table:\n\n", self.row_count());
                out.write_all(note.as_bytes())?;
            }
            self.write_list(style, usize::from(style.columns()), out)?;
        } else {
            self.write_table(layout == Layout::Folded, &minimums, style, out)?;
        }
        Ok(layout)
    }

    /// The grid and a newline, for a grid that lines of text follow: a list then ends with a
    /// blank line, which sets it off from them as a table's border does.
    pub fn render_above_text(&self, style: Style) -> String {
        let mut out = Vec::new();
        self.write_above_text(style, &mut out).expect("writing to memory cannot fail");
        String::from_utf8(out).expect("tables are drawn from strings")
    }

    /// `render_above_text`, written to `out`.
    pub fn write_above_text(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        let layout = self.write_in_layout(style, out)?;
        out.write_all(if layout == Layout::List { b"\n\n" } else { b"\n" })
    }

    /// A row's cells with the folded columns moved into theirs, when `folded`: borrowed when
    /// nothing moves.
    fn shaped<'a>(&'a self, row: &'a Row, folded: bool) -> Vec<Cow<'a, str>> {
        let (Row::Cells(cells) | Row::More { cells, .. }) = row else { return Vec::new() };
        let mut shaped: Vec<Cow<str>> = cells.iter().map(|c| Cow::Borrowed(c.as_str())).collect();
        if folded {
            for (i, into) in self.folds.iter().enumerate() {
                let Some(into) = into else { continue };
                let value = cells[i].trim();
                if !value.is_empty() {
                    let line = format!("{}: {}", self.headers[i], value.replace('\n', " "));
                    let target = &mut shaped[*into];
                    *target = if target.is_empty() { line.into() } else { format!("{target}\n{line}").into() };
                }
            }
        }
        let kept = shaped.into_iter().enumerate().filter(|(i, _)| !folded || self.folds[*i].is_none());
        kept.map(|(_, cell)| cell).collect()
    }

    fn headers(&self, folded: bool) -> Vec<&str> {
        let kept = self.headers.iter().zip(&self.folds).filter(|(_, fold)| !folded || fold.is_none());
        kept.map(|(h, _)| h.as_str()).collect()
    }

    /// The widest word of each column, header and headings included: the narrowest it can be
    /// without cutting one.
    fn minimum_widths(&self, folded: bool) -> Vec<usize> {
        let widest = |text: &str| text.split('\n').flat_map(|line| line.split(' ')).map(word_width).max().unwrap_or(0);
        let mut minimums: Vec<usize> = self.headers(folded).iter().map(|h| widest(h).max(1)).collect();
        let last = minimums.len().saturating_sub(1);
        for row in &self.rows {
            match row {
                Row::Cells(_) | Row::More { .. } => {
                    for (m, cell) in minimums.iter_mut().zip(self.shaped(row, folded)) {
                        *m = (*m).max(widest(&cell));
                    }
                }
                Row::Heading(text) => {
                    if let Some(m) = minimums.get_mut(last) {
                        *m = (*m).max(widest(text));
                    }
                }
            }
        }
        minimums
    }

    /// The table, laid out and drawn by comfy-table.
    fn write_table(&self, folded: bool, minimums: &[usize], style: Style, out: &mut dyn Write) -> io::Result<()> {
        let headers = self.headers(folded);
        let rows: Vec<Vec<Cell>> = self.rows.iter().map(|row| self.cells(row, folded)).collect();
        table::write(out, &headers, rows, minimums, style.columns(), style.color)
    }

    /// Whether each column drawn is bold.
    fn strong_columns(&self, folded: bool) -> Vec<bool> {
        let kept = self.strong.iter().zip(&self.folds).filter(|(_, fold)| !folded || fold.is_none());
        kept.map(|(strong, _)| *strong).collect()
    }

    /// A row's cells as drawn: a heading goes in the last column, the one that holds the text.
    fn cells<'a>(&'a self, row: &'a Row, folded: bool) -> Vec<Cell<'a>> {
        match row {
            Row::Cells(_) => {
                let strong = self.strong_columns(folded);
                let cells = self.shaped(row, folded).into_iter().zip(strong);
                cells
                    .map(|(text, strong)| Cell { text, look: if strong { Look::Strong } else { Look::Plain } })
                    .collect()
            }
            Row::More { dim, .. } => {
                let look = |text: &str| if *dim && !text.is_empty() { Look::Dim } else { Look::Plain };
                self.shaped(row, folded).into_iter().map(|text| Cell { look: look(&text), text }).collect()
            }
            Row::Heading(text) => {
                let columns = self.headers(folded).len();
                let mut cells: Vec<Cell> =
                    (0..columns).map(|_| Cell { text: Cow::Borrowed(""), look: Look::Plain }).collect();
                if let Some(last) = cells.last_mut() {
                    *last = Cell { text: Cow::Borrowed(text), look: Look::Strong };
                }
                cells
            }
        }
    }

    /// Each row a block of `Header: value` lines, blocks apart by a blank line; a value of
    /// several lines starts under its header, indented.
    /// The lines that go on with a row join its fields.
    fn write_list(&self, style: Style, width: usize, out: &mut dyn Write) -> io::Result<()> {
        for (i, row) in self.rows.iter().enumerate() {
            let block = match row {
                Row::More { .. } => continue,
                Row::Heading(text) => fill(&style.strong(text), width, "", "  "),
                Row::Cells(cells) => {
                    let shown = |(cell, strong): (&String, &bool)| {
                        if *strong && !cell.is_empty() {
                            style.strong(cell)
                        } else {
                            cell.clone()
                        }
                    };
                    let mut cells: Vec<String> = cells.iter().zip(&self.strong).map(shown).collect();
                    let mores = self.rows[i + 1..].iter().map_while(|r| match r {
                        Row::More { cells, dim } => Some((cells, *dim)),
                        _ => None,
                    });
                    for (lines, dim) in mores {
                        for (cell, line) in cells.iter_mut().zip(lines) {
                            cell.push_str(&if dim { style.dim(line) } else { line.clone() });
                        }
                    }
                    let fields = self.headers.iter().zip(&cells).filter_map(|(h, c)| field(h, c, width));
                    fields.collect::<Vec<_>>().join("\n")
                }
            };
            if i > 0 {
                out.write_all(b"\n\n")?;
            }
            out.write_all(block.as_bytes())?;
        }
        Ok(())
    }
}

/// A word's width as textwrap measures it, printable ASCII by its length: a column a byte.
fn word_width(word: &str) -> usize {
    if word.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        word.len()
    } else {
        display_width(word)
    }
}

fn field(header: &str, value: &str, width: usize) -> Option<String> {
    let lines: Vec<&str> = value.lines().map(str::trim_end).filter(|l| !l.trim().is_empty()).collect();
    match lines.as_slice() {
        [] => None,
        [line] => Some(fill(&format!("{header}: {line}"), width, "", "  ")),
        lines => {
            let mut out = format!("{header}:");
            for line in lines {
                out.push('\n');
                out.push_str(&fill(line, width, "  ", "    "));
            }
            Some(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        let mut grid = Grid::new(["#", "Layer", "Effect", "Why"]).fold(1, 2);
        grid.heading("613. Interaction of continuous effects");
        grid.row(["1", "4", "opalescence-effect", "depends on conspiracy-effect, which applies first"]);
        grid
    }

    /// Wide enough: every column, each at least as wide as its longest word.
    #[test]
    fn a_wide_grid_keeps_every_column() {
        let text = grid().render(Style::plain(120));
        assert!(text.lines().next().unwrap().matches('┬').count() == 3, "{text}");
        assert!(text.contains("opalescence-effect"), "{text}");
    }

    /// Narrower: the layer becomes a line of the effect's cell; no word is cut.
    #[test]
    fn a_narrower_grid_folds_and_never_cuts_an_id() {
        let text = grid().render(Style::plain(64));
        assert!(text.contains("Layer: 4"), "{text}");
        assert!(text.contains("opalescence-effect") && text.contains("conspiracy-effect,"), "{text}");
        let widths: Vec<usize> = text.lines().map(display_width).collect();
        assert!(widths.iter().all(|w| *w == widths[0] && *w <= 64), "{text}");
    }

    /// Colour escapes take no room: a coloured heading leaves the borders straight.
    #[test]
    fn colour_leaves_the_borders_straight() {
        for width in [64, 120] {
            let text = grid().render(Style { color: true, width: Some(width) });
            assert!(text.contains("\x1b[1m"), "{text}");
            let widths: Vec<usize> = text.lines().map(display_width).collect();
            assert!(widths.iter().all(|w| *w == widths[0]), "{text}");
        }
    }

    /// A table too long to read is listed, said so first, every row in it.
    #[test]
    fn a_table_of_too_many_rows_is_listed() {
        let mut grid = Grid::new(["Object", "Controller"]).strong(0);
        for i in 0..=DRAWN_ROWS_AT_MOST {
            grid.row([format!("Bear {i}"), "Alice".to_string()]);
        }
        let text = grid.render(Style::plain(120));
        assert!(
            text.starts_with("1001 rows, listed rather than drawn as a table:\n\nObject: Bear 0\n"),
            "{}",
            &text[..200]
        );
        assert!(!text.contains('│') && text.contains("Object: Bear 1000\nController: Alice"));
        grid.rows.pop();
        assert_eq!(grid.layout(Style::plain(120)), Layout::Full);
    }

    /// Below 60 columns: the heading once, then a block of fields per row.
    #[test]
    fn a_narrow_grid_is_a_list() {
        let text = grid().render(Style::plain(36));
        assert_eq!(
            text,
            "613. Interaction of continuous\n  effects\n\n#: 1\nLayer: 4\nEffect: opalescence-effect\nWhy: depends on conspiracy-effect,\n  which applies first"
        );
    }
}
