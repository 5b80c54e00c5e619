//! The data files of `rules-corpus/` (`synonyms.tsv`, `nicknames.tsv`, `card-terms.tsv`…): a
//! record a line, its fields separated by tabs; blank lines and lines that start with `#` are
//! comments.

/// One record: the number of its line as an editor shows it (from 1), the line, its fields.
pub(crate) struct Record<'a> {
    pub(crate) number: usize,
    pub(crate) line: &'a str,
    pub(crate) fields: Vec<&'a str>,
}

/// The records of a data file, in order.
pub(crate) fn records(text: &str) -> impl Iterator<Item = Record<'_>> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| Record { number: index + 1, line, fields: line.split('\t').collect() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_blank_lines_are_no_records_and_lines_keep_their_numbers() {
        let text = "# header\n\nfirst\tone\n   \nsecond\n#x\tcomment\n";
        let found: Vec<(usize, Vec<&str>)> = records(text).map(|r| (r.number, r.fields)).collect();
        assert_eq!(found, [(3, vec!["first", "one"]), (5, vec!["second"])]);
    }
}
