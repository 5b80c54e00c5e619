//! An open index of one edition, and searching it.

use super::analyzer::{self, Kind};
use super::build;
use super::error::SearchError;
use super::hit::{Hit, Snippets};
use super::query::Planner;
use super::schema::{self, Fields, ORDER};
use super::vocabulary::Vocabulary;
use crate::corpus::{Edition, Lang, RuleId};
use std::cmp::Reverse;
use std::path::{Path, PathBuf};
use tantivy::collector::TopDocs;
use tantivy::schema::Value;
use tantivy::{DocId, Index, IndexReader, ReloadPolicy, Score, SegmentReader, TantivyDocument};

/// Where the index a [`SearchIndex`] searches comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An index already on disk, built for this very edition and version of `judge`.
    Reused,
    /// Built by the call that returned it.
    Built(BuildReason),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildReason {
    /// No index of this edition existed.
    FirstUse,
    /// Indexes of this edition existed for other content or another version of `judge`; they
    /// were removed.
    Outdated,
    /// The index on disk could not be read; it was removed.
    Corrupt,
    /// A rebuild was asked for.
    Forced,
    /// An index in memory, which is built every time.
    InMemory,
}

/// A searchable index of one edition.
pub struct SearchIndex {
    reader: IndexReader,
    fields: Fields,
    lang: Lang,
    vocabulary: Vocabulary,
    origin: Origin,
    path: Option<PathBuf>,
}

impl SearchIndex {
    /// Builds an index of the edition in memory, nothing on disk: for tests and benchmarks.
    pub fn in_memory(edition: &Edition) -> Result<SearchIndex, SearchError> {
        let build_error = |source| SearchError::Build { edition: edition.name().to_string(), source };
        let index = build::create(None, edition).map_err(build_error)?;
        SearchIndex::open(index, edition.lang(), Origin::Built(BuildReason::InMemory), None).map_err(build_error)
    }

    /// Wraps an index whose analyzers are registered and whose schema is the language's.
    pub(crate) fn open(
        index: Index,
        lang: Lang,
        origin: Origin,
        path: Option<PathBuf>,
    ) -> tantivy::Result<SearchIndex> {
        // Manual: the index never changes once built, and the other policy starts a thread that
        // watches the directory.
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let other = match lang {
            Lang::Fr => Lang::En,
            Lang::En => Lang::Fr,
        };
        let (_, fields) = schema::build(lang);
        Ok(SearchIndex { reader, fields, lang, vocabulary: Vocabulary::new(other, lang), origin, path })
    }

    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// The index directory, for an index on disk.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The number of rules indexed.
    pub fn rule_count(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// The rules that best answer a question, best first, at most `limit`. Equal scores come in
    /// rule order. A question of stop words only finds nothing.
    pub fn search(&self, query: &str, limit: usize) -> Result<Vec<Hit>, SearchError> {
        let failed = |source| SearchError::Search { source };
        if limit == 0 {
            return Ok(Vec::new());
        }
        let searcher = self.reader.searcher();
        let other = match self.lang {
            Lang::Fr => Lang::En,
            Lang::En => Lang::Fr,
        };
        let mut planner = Planner {
            searcher: &searcher,
            fields: self.fields,
            stemmed: analyzer::analyzer(self.lang, Kind::Stemmed),
            plain: analyzer::analyzer(self.lang, Kind::Plain),
            foreign: analyzer::analyzer(other, Kind::Stemmed),
            vocabulary: &self.vocabulary,
        };
        let plan = planner.plan(query).map_err(failed)?;
        if plan.is_empty() {
            return Ok(Vec::new());
        }
        let query = plan.query(&self.fields);
        let collector = TopDocs::with_limit(limit).tweak_score(|segment: &SegmentReader| {
            let order = segment.fast_fields().u64(ORDER).ok().map(|column| column.first_or_default_col(u64::MAX));
            move |doc: DocId, score: Score| (score, Reverse(order.as_ref().map_or(u64::from(doc), |o| o.get_val(doc))))
        });
        let top = searcher.search(&*query, &collector).map_err(failed)?;
        let snippets = Snippets::new(&searcher, &*query, &self.fields).map_err(failed)?;
        let mut hits = Vec::with_capacity(top.len());
        for ((score, _), address) in top {
            let doc: TantivyDocument = searcher.doc(address).map_err(failed)?;
            let text_of = |field| doc.get_first(field).and_then(|v| v.as_str()).unwrap_or_default();
            let Ok(id) = RuleId::parse(text_of(self.fields.id)) else {
                continue;
            };
            let examples: Vec<&str> = doc.get_all(self.fields.examples).filter_map(|v| v.as_str()).collect();
            let (snippet, highlights) = snippets.excerpt(text_of(self.fields.text), &examples);
            hits.push(Hit { id, score, section: text_of(self.fields.section).to_string(), snippet, highlights });
        }
        Ok(hits)
    }
}
