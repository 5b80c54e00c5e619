//! A table that fits the width it is given: every column from 100 columns up, the secondary
//! columns folded into others below that, and below 60 columns one block of `field: value` lines
//! per row, where a phone over SSH cannot show a table.
//!
//! No layout cuts a word: comfy-table splits only a word wider than its column, so each column is
//! made as wide as its longest word (an effect id, a rule number), and a layout whose columns
//! cannot all be that wide gives way to the next one.

use super::style::{fill, Style};
use comfy_table::{ColumnConstraint, Table, Width};
use std::borrow::Cow;
use std::io::{self, Write};
use textwrap::core::display_width;

/// Below this width, tables fold their secondary columns into others.
pub const FOLD_BELOW: u16 = 100;
/// Below this width, rows are blocks of lines instead of tables.
pub const LIST_BELOW: u16 = 60;
/// A table of more lines than this is drawn a slice of about this many lines at a time.
const SLICE_LINES: usize = 2_000;

pub struct Grid {
    headers: Vec<String>,
    /// Where each column goes in the folded layout: `Some(i)` makes it a `Header: value` line at
    /// the end of column `i`.
    folds: Vec<Option<usize>>,
    rows: Vec<Row>,
}

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
    /// A line over the rows that follow (a section title), shown once instead of on each row.
    Heading(String),
}

impl Grid {
    pub fn new<S: Into<String>>(headers: impl IntoIterator<Item = S>) -> Self {
        let headers: Vec<String> = headers.into_iter().map(Into::into).collect();
        let folds = vec![None; headers.len()];
        Grid { headers, folds, rows: Vec::new() }
    }

    /// Below 100 columns, `column` becomes a line of `into` (a column short to read and seldom
    /// long, as a layer or the rules cited).
    pub fn fold(mut self, column: usize, into: usize) -> Self {
        self.folds[column] = Some(into);
        self
    }

    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let mut cells: Vec<String> = cells.into_iter().map(Into::into).collect();
        // One cell per column, so that folding and measuring never index past a short row.
        cells.resize(self.headers.len(), String::new());
        self.rows.push(Row::Cells(cells));
    }

    pub fn heading(&mut self, text: impl Into<String>) {
        self.rows.push(Row::Heading(text.into()));
    }

    /// The first layout that fits the style's width.
    pub fn layout(&self, style: Style) -> Layout {
        let width = style.columns();
        if width < LIST_BELOW {
            return Layout::List;
        }
        let layouts: &[Layout] = if width >= FOLD_BELOW { &[Layout::Full, Layout::Folded] } else { &[Layout::Folded] };
        let fits = |layout: &&Layout| {
            // Each column has one space of padding either side and a border on its left; the
            // table a border on its right.
            let minimums = self.minimum_widths(**layout == Layout::Folded);
            let needed: usize = minimums.iter().map(|m| m + 3).sum::<usize>() + 1;
            needed <= usize::from(width)
        };
        layouts.iter().find(fits).copied().unwrap_or(Layout::List)
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
        let layout = self.layout(style);
        if layout == Layout::List {
            return self.write_list(style, usize::from(style.columns()), out);
        }
        self.write_table(layout == Layout::Folded, style, SLICE_LINES, out)
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
        self.write(style, out)?;
        out.write_all(if self.layout(style) == Layout::List { b"\n\n" } else { b"\n" })
    }

    /// A row's cells with the folded columns moved into theirs, when `folded`: borrowed when
    /// nothing moves.
    fn shaped<'a>(&'a self, row: &'a Row, folded: bool) -> Vec<Cow<'a, str>> {
        let Row::Cells(cells) = row else { return Vec::new() };
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
        let widest = |text: &str| text.split(['\n', ' ']).map(display_width).max().unwrap_or(0);
        let mut minimums: Vec<usize> = self.headers(folded).iter().map(|h| widest(h).max(1)).collect();
        let last = minimums.len().saturating_sub(1);
        for row in &self.rows {
            match row {
                Row::Cells(_) => {
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

    /// The table, drawn whole when it has at most `slice_lines` lines, else in slices of about
    /// that many on the column widths of the whole table, so that the output is the same.
    fn write_table(&self, folded: bool, style: Style, slice_lines: usize, out: &mut dyn Write) -> io::Result<()> {
        let headers = self.headers(folded);
        let minimums = self.minimum_widths(folded);
        let constraints: Vec<ColumnConstraint> = minimums
            .iter()
            .map(|m| ColumnConstraint::LowerBoundary(Width::Fixed(u16::try_from(m + 2).unwrap_or(u16::MAX))))
            .collect();
        let heights: Vec<usize> = self.rows.iter().map(|row| self.height(row, folded)).collect();
        if heights.iter().sum::<usize>() <= slice_lines {
            let mut table = self.table(&headers, 0..self.rows.len(), folded, style);
            table.set_constraints(constraints);
            return out.write_all(table.to_string().as_bytes());
        }
        // Where comfy-table puts each column is decided by every cell of the table: find it on
        // the whole table with each row cut to its first line (the widths do not depend on the
        // cut), read it from the top border, then draw the slices at those widths.
        let mut probe = self.table(&headers, 0..self.rows.len(), folded, style);
        probe.set_constraints(constraints);
        probe.row_iter_mut().for_each(|row| {
            row.max_height(1);
        });
        let widths = column_widths(&probe.lines().next().unwrap_or_default());
        drop(probe);
        let fixed: Vec<ColumnConstraint> =
            widths.iter().map(|w| ColumnConstraint::Absolute(Width::Fixed(*w))).collect();
        let mut start = 0;
        while start < self.rows.len() {
            let mut end = start;
            let mut lines = 0;
            while end < self.rows.len() && (end == start || lines + heights[end] <= slice_lines) {
                lines += heights[end];
                end += 1;
            }
            let (first, last) = (start == 0, end == self.rows.len());
            let mut table = self.table(if first { &headers } else { &[] }, start..end, folded, style);
            table.set_constraints(fixed.clone());
            let drawn = table.lines().collect::<Vec<_>>();
            // The slices meet without borders: the first keeps its top, the last its bottom.
            let from = usize::from(!first);
            let to = drawn.len() - usize::from(!last);
            for (i, line) in drawn[from..to].iter().enumerate() {
                if !(first && i == 0) {
                    out.write_all(b"\n")?;
                }
                out.write_all(line.as_bytes())?;
            }
            start = end;
        }
        Ok(())
    }

    /// The lines a row takes at least: its tallest cell's, before any wrapping.
    fn height(&self, row: &Row, folded: bool) -> usize {
        let cells = self.shaped(row, folded);
        cells.iter().map(|c| c.split('\n').count()).max().unwrap_or(1)
    }

    /// A comfy table of the given rows, under `headers` unless there are none.
    fn table(&self, headers: &[&str], rows: std::ops::Range<usize>, folded: bool, style: Style) -> Table {
        let mut table = style.table();
        table.set_width(style.columns());
        if !headers.is_empty() {
            table.set_header(headers.to_vec());
        }
        let columns = self.headers(folded).len();
        for row in &self.rows[rows] {
            match row {
                Row::Cells(_) => table.add_row(self.shaped(row, folded)),
                // The heading goes in the last column, the one that holds the text.
                Row::Heading(text) => {
                    let mut cells = vec![String::new(); columns];
                    if let Some(last) = cells.last_mut() {
                        *last = style.strong(text);
                    }
                    table.add_row(cells)
                }
            };
        }
        table
    }

    /// Each row a block of `Header: value` lines, blocks apart by a blank line; a value of
    /// several lines starts under its header, indented.
    fn write_list(&self, style: Style, width: usize, out: &mut dyn Write) -> io::Result<()> {
        for (i, row) in self.rows.iter().enumerate() {
            if i > 0 {
                out.write_all(b"\n\n")?;
            }
            let block = match row {
                Row::Heading(text) => fill(&style.strong(text), width, "", "  "),
                Row::Cells(cells) => {
                    let fields = self.headers.iter().zip(cells).filter_map(|(h, c)| field(h, c, width));
                    fields.collect::<Vec<_>>().join("\n")
                }
            };
            out.write_all(block.as_bytes())?;
        }
        Ok(())
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

/// The width of each column, padding included, from a table's top border (`┌──┬───┐`).
fn column_widths(top: &str) -> Vec<u16> {
    let inner = top.trim_start_matches('┌').trim_end_matches('┐');
    inner.split('┬').map(|segment| u16::try_from(segment.chars().count()).unwrap_or(u16::MAX)).collect()
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

    /// Below 60 columns: the heading once, then a block of fields per row.
    #[test]
    fn a_narrow_grid_is_a_list() {
        let text = grid().render(Style::plain(36));
        assert_eq!(
            text,
            "613. Interaction of continuous\n  effects\n\n#: 1\nLayer: 4\nEffect: opalescence-effect\nWhy: depends on conspiracy-effect,\n  which applies first"
        );
    }

    /// A grid of rows of one to many lines, words short and long, headings, empty cells: the
    /// shapes of a trace, drawn from a fixed seed.
    fn varied_grid(seed: u64, rows: usize) -> Grid {
        let mut state = seed;
        let mut next = move |n: u64| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let words = ["p12", "opalescence-effect", "a", "613.8b", "becomes", "—", "creature", "→", "Permanent", "x"];
        let mut cell = |lines: u64, length: u64| {
            let line = |next: &mut dyn FnMut(u64) -> u64| {
                let count = 1 + next(length);
                (0..count).map(|_| words[next(10) as usize]).collect::<Vec<_>>().join(" ")
            };
            (0..lines).map(|_| line(&mut next)).collect::<Vec<_>>().join("\n")
        };
        let mut grid = Grid::new(["#", "Layer", "Effect", "Change", "Why", "Rules"]).fold(1, 2).fold(5, 4);
        for i in 0..rows {
            if i % 9 == 4 {
                grid.heading(format!("Heading {i} of the section"));
                continue;
            }
            let tall = if i % 4 == 1 { 1 + (seed + i as u64) % 40 } else { 1 + (i as u64) % 3 };
            grid.row([i.to_string(), cell(1, 2), cell(1, 3), cell(tall, 6), cell(1 + (i as u64) % 2, 12), cell(1, 4)]);
        }
        grid
    }

    /// A table drawn in slices is the table drawn whole, byte for byte: the slices take the
    /// whole table's widths and meet without borders.
    #[test]
    fn a_table_drawn_in_slices_is_the_table_drawn_whole() {
        for seed in 0..12 {
            let grid = varied_grid(seed, 1 + (seed as usize * 7) % 40);
            for style in [Style::plain(100), Style::plain(72), Style { color: true, width: Some(130) }] {
                for folded in [false, true] {
                    let draw = |slice_lines| {
                        let mut out = Vec::new();
                        grid.write_table(folded, style, slice_lines, &mut out).unwrap();
                        String::from_utf8(out).unwrap()
                    };
                    let whole = draw(usize::MAX);
                    for slice_lines in [1, 3, 17] {
                        assert_eq!(
                            draw(slice_lines),
                            whole,
                            "seed {seed}, {style:?}, folded {folded}, slices of {slice_lines}"
                        );
                    }
                }
            }
        }
    }
}
