//! Writing an edition's rules into a new index.

use super::analyzer;
use super::schema::{self, Fields};
use crate::corpus::Edition;
use std::path::Path;
use tantivy::{Index, IndexWriter, TantivyDocument};

/// The writer's memory budget: tantivy's minimum for its one indexing thread. A whole English
/// edition's postings fit in it many times over, and a small budget keeps the peak memory of a
/// `judge` run that has to build its index low.
const WRITER_MEMORY: usize = 15_000_000;

/// Creates an index of the edition in `dir`, or in memory, committed and ready to open.
pub(crate) fn create(dir: Option<&Path>, edition: &Edition) -> tantivy::Result<Index> {
    let (schema, fields) = schema::build(edition.lang());
    let index = match dir {
        Some(dir) => Index::create_in_dir(dir, schema)?,
        None => Index::create_in_ram(schema),
    };
    analyzer::register(&index);
    write(&index, &fields, edition)?;
    Ok(index)
}

fn write(index: &Index, fields: &Fields, edition: &Edition) -> tantivy::Result<()> {
    let mut writer: IndexWriter = index.writer_with_num_threads(1, WRITER_MEMORY)?;
    let topics = super::topics::topics(edition, &mut analyzer::analyzer(edition.lang(), analyzer::Kind::Stemmed));
    for (order, rule) in edition.rules().enumerate() {
        let heading = edition.section_heading(rule.id).unwrap_or_default();
        let mut doc = TantivyDocument::default();
        doc.add_text(fields.id, rule.id.to_string());
        doc.add_u64(fields.order, order as u64);
        doc.add_text(fields.section, heading);
        doc.add_text(fields.text, &rule.text);
        if let Some(topic) = topics.get(&rule.id) {
            for words in &topic.words {
                doc.add_text(fields.section, words);
            }
            for name in &topic.names {
                doc.add_text(fields.name, name);
            }
        }
        for example in &rule.examples {
            doc.add_text(fields.examples, example);
        }
        let parent = rule.id.parent().filter(|p| !p.is_section()).and_then(|p| edition.get(p));
        if let Some(parent) = parent.filter(|p| crate::corpus::named::is_title(&p.text)) {
            doc.add_text(fields.parent, parent.text.trim());
        }
        for words in std::iter::once(heading)
            .chain(std::iter::once(rule.text.as_str()))
            .chain(rule.examples.iter().map(String::as_str))
        {
            doc.add_text(fields.words, words);
        }
        writer.add_document(doc)?;
    }
    writer.commit()?;
    writer.wait_merging_threads()
}
