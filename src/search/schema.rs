//! The fields of the index: one document per rule.

use super::analyzer::{self, Kind};
use crate::corpus::Lang;
use tantivy::schema::{Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, STORED, STRING};

/// Part of every on-disk index's fingerprint. Bump it whenever the schema or the analysis of the
/// text changes (fields, tokenizer, filters, stop words), so that existing indexes are rebuilt
/// instead of being searched with an analysis that no longer matches theirs.
pub(crate) const SCHEMA_VERSION: u32 = 9;

/// The name of the `order` field, which sorting reads by name.
pub(crate) const ORDER: &str = "order";

#[derive(Clone, Copy, Debug)]
pub(crate) struct Fields {
    /// The rule number as printed (`614.1a`): stored, indexed whole.
    pub(crate) id: Field,
    /// The rule's place in the edition, to break ties between equal scores in rule order.
    pub(crate) order: Field,
    /// The heading of the rule's section (its first value, the one shown), so that a question
    /// naming the subject of a section (`remplacement`) favours that section's rules; then what
    /// else the rule is about (`topics.rs`): the keyword it is a subrule of, the glossary
    /// headwords that point to it. In one field rather than two, which would cost every search a
    /// fourth field to score, and rank no better on the tuning questions.
    pub(crate) section: Field,
    /// The rule's own text.
    pub(crate) text: Field,
    /// The names the rule answers to exactly, one term each (`topics::name_key`).
    pub(crate) name: Field,
    /// Each example, as a separate value so that a phrase cannot run from one to the next.
    pub(crate) examples: Field,
    /// Every word of the rule unstemmed, for the dictionary that typo tolerance searches.
    pub(crate) words: Field,
    /// Stored only: the title of the rule a subrule belongs to, when that rule is a name
    /// (`702.2 Deathtouch`), for results to show where a hit stands without the edition.
    pub(crate) parent: Field,
}

impl Fields {
    /// The fields searched by BM25, with their boosts: a word in the rule's text says more than
    /// the same word in its section's heading, which says more than one in an example.
    pub(crate) fn ranked(&self) -> [(Field, f32); 3] {
        [(self.text, 1.0), (self.section, 0.5), (self.examples, 0.4)]
    }
}

pub(crate) fn build(lang: Lang) -> (Schema, Fields) {
    let stemmed = |stored: bool| {
        let indexing = TextFieldIndexing::default()
            .set_tokenizer(analyzer::name(lang, Kind::Stemmed))
            .set_index_option(IndexRecordOption::WithFreqsAndPositions);
        let options = TextOptions::default().set_indexing_options(indexing);
        if stored {
            options.set_stored()
        } else {
            options
        }
    };
    let plain = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(analyzer::name(lang, Kind::Plain))
            .set_index_option(IndexRecordOption::Basic)
            .set_fieldnorms(false),
    );
    let mut builder = Schema::builder();
    let fields = Fields {
        id: builder.add_text_field("id", STRING | STORED),
        order: builder.add_u64_field(ORDER, FAST),
        section: builder.add_text_field("section", stemmed(true)),
        text: builder.add_text_field("text", stemmed(true)),
        name: builder.add_text_field("name", STRING),
        examples: builder.add_text_field("examples", stemmed(true)),
        words: builder.add_text_field("words", plain),
        parent: builder.add_text_field("parent", STORED),
    };
    (builder.build(), fields)
}
