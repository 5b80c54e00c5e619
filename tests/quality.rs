//! What the search quality tests on question files share: the files' format
//! (`set|question|answers`), the rank of the first right answer, and the mean reciprocal rank
//! over the top 10 and the recall at 5 of a set of questions.

use judge::corpus::Edition;
use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{IndexRecordOption, Schema, Value, STORED, STRING, TEXT};
use tantivy::{Index, TantivyDocument, Term};

/// A question of a file: whether it is held out of tuning, its text, the rules that answer it.
pub struct Question {
    pub held_out: bool,
    pub text: &'static str,
    pub answers: Vec<&'static str>,
}

/// The questions of a file of `set|question|answers` lines (`#` comments and blank lines aside).
pub fn questions(file: &'static str) -> Vec<Question> {
    let mut out = Vec::new();
    for (n, line) in file.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').collect();
        let [set, text, answers] = parts[..] else { panic!("line {}: `set|question|answers`: {line}", n + 1) };
        let held_out = match set {
            "held-out" => true,
            "tuning" => false,
            other => panic!("line {}: unknown set `{other}`", n + 1),
        };
        let answers: Vec<&str> = answers.split_whitespace().collect();
        assert!(!answers.is_empty(), "line {}: no answer", n + 1);
        out.push(Question { held_out, text: text.trim(), answers });
    }
    out
}

/// Checks that every answer is a rule of the edition.
pub fn answers_are_rules_of(questions: &[Question], edition: &judge::corpus::Edition) {
    for q in questions {
        for answer in &q.answers {
            let id = judge::corpus::RuleId::parse(answer).unwrap_or_else(|_| panic!("`{answer}` in `{}`", q.text));
            assert!(edition.get(id).is_some(), "`{}`: {answer} is not a rule of edition {}", q.text, edition.name());
        }
    }
}

/// Rank (1-based) of the first hit that shows an accepted rule, within the first 10. A hit is
/// its rule's id, followed, for a rule shown with its subrules grouped under it, by theirs
/// separated by spaces ([`ranking`]): the judge reads those in that hit.
pub fn rank(ranking: &[String], answers: &[&str]) -> Option<usize> {
    ranking.iter().take(10).position(|hit| hit.split(' ').any(|id| answers.contains(&id))).map(|p| p + 1)
}

/// The hits of a search as [`rank`] reads them.
pub fn ranking(hits: &[judge::search::Hit]) -> Vec<String> {
    hits.iter()
        .map(|h| std::iter::once(h.id).chain(h.subrules.iter().map(|s| s.id)).map(|id| id.to_string()))
        .map(|ids| ids.collect::<Vec<_>>().join(" "))
        .collect()
}

#[derive(Default)]
pub struct Score {
    pub questions: usize,
    pub reciprocal: f64,
    pub within_5: usize,
}

impl Score {
    pub fn add(&mut self, rank: Option<usize>) {
        self.questions += 1;
        self.reciprocal += rank.map_or(0.0, |r| 1.0 / r as f64);
        self.within_5 += usize::from(rank.is_some_and(|r| r <= 5));
    }

    pub fn mrr(&self) -> f64 {
        self.reciprocal / self.questions.max(1) as f64
    }

    pub fn show(&self) -> String {
        format!("MRR@10 {:.3}, recall@5 {:.3}", self.mrr(), self.within_5 as f64 / self.questions.max(1) as f64)
    }
}

/// Plain BM25: one document per rule, its text analysed by tantivy's English stemming analyzer;
/// a question is its words, any of them.
pub struct Bm25 {
    index: Index,
    text: tantivy::schema::Field,
    id: tantivy::schema::Field,
}

impl Bm25 {
    pub fn new(edition: &Edition) -> Bm25 {
        let mut schema = Schema::builder();
        let id = schema.add_text_field("id", STRING | STORED);
        let text_options = TEXT.set_indexing_options(
            tantivy::schema::TextFieldIndexing::default()
                .set_tokenizer("en_stem")
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        );
        let text = schema.add_text_field("text", text_options);
        let index = Index::create_in_ram(schema.build());
        let mut writer = index.writer_with_num_threads(1, 50_000_000).unwrap();
        for rule in edition.rules() {
            let mut doc = TantivyDocument::default();
            doc.add_text(id, rule.id.to_string());
            doc.add_text(text, &rule.text);
            writer.add_document(doc).unwrap();
        }
        writer.commit().unwrap();
        Bm25 { index, text, id }
    }

    pub fn search(&self, question: &str) -> Vec<String> {
        let mut analyzer = self.index.tokenizers().get("en_stem").unwrap();
        let mut stream = analyzer.token_stream(question);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        while let Some(token) = stream.next() {
            let term = Term::from_field_text(self.text, &token.text);
            clauses.push((Occur::Should, Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs))));
        }
        let searcher = self.index.reader().unwrap().searcher();
        let top = searcher.search(&BooleanQuery::new(clauses), &TopDocs::with_limit(10).order_by_score()).unwrap();
        top.into_iter()
            .map(|(_, address)| {
                let doc: TantivyDocument = searcher.doc(address).unwrap();
                doc.get_first(self.id).and_then(|v| v.as_str()).unwrap_or_default().to_string()
            })
            .collect()
    }
}
