//! An open index of one edition, and searching it.

use super::analyzer::{self, Kind};
use super::build;
use super::error::SearchError;
use super::group;
use super::hit::{Hit, Snippets, Subrule};
use super::named::Named;
use super::query::{Coverage, Planner, Unit, ECHO_WEIGHT};
use super::schema::{self, Fields, ORDER};
use super::vocabulary::LazyVocabulary;
use crate::corpus::{Edition, Lang, RuleId};
use std::borrow::Cow;
use std::cmp::Reverse;
use std::path::{Path, PathBuf};
use tantivy::collector::TopDocs;
use tantivy::schema::Value;
use tantivy::{DocAddress, DocId, Index, IndexReader, ReloadPolicy, Score, SegmentReader, TantivyDocument};

/// Where the index a [`SearchIndex`] searches comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An index already on disk, built for this very edition and version of `judge`.
    Reused,
    /// Built by the call that returned it.
    Built(BuildReason),
}

impl std::fmt::Display for BuildReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            BuildReason::FirstUse => "first use",
            BuildReason::Outdated => "the corpus or judge changed",
            BuildReason::Corrupt => "the old index was damaged",
            BuildReason::Forced => "rebuild asked for",
            BuildReason::InMemory => "in memory",
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildReason {
    /// No index of this edition existed.
    FirstUse,
    /// Indexes of this edition existed for other content or another version of `judge`; they
    /// were removed.
    Outdated,
    /// The index on disk was damaged, incomplete or of another schema; it was replaced.
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
    vocabulary: LazyVocabulary,
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
        let (_, fields) = schema::build(lang);
        Ok(SearchIndex { reader, fields, lang, vocabulary: LazyVocabulary::new(other(lang), lang), origin, path })
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

    /// Whether the text of some rule has the word (stemmed, as searched; not the examples).
    pub fn rules_have(&self, word: &str) -> bool {
        self.rules_with(word) > 0
    }

    /// How many rules have the word in their text (stemmed, as searched; not the examples): for
    /// a word of several terms, the fewest of any. 0 for a stop word.
    pub fn rules_with(&self, word: &str) -> u64 {
        let searcher = self.reader.searcher();
        let terms = analyzer::analyze(&mut analyzer::analyzer(self.lang, Kind::Stemmed), word);
        let count = |t: &analyzer::Analyzed| {
            let term = tantivy::Term::from_field_text(self.fields.text, &t.text);
            searcher.doc_freq(&term).unwrap_or(0)
        };
        terms.iter().map(count).min().unwrap_or(0)
    }

    /// Whether search drops the word (`does`, `the`): it says nothing of the rules.
    pub(crate) fn is_stop_word(&self, word: &str) -> bool {
        analyzer::analyze(&mut analyzer::analyzer(self.lang, Kind::Stemmed), word).is_empty()
    }

    /// The length in characters of the longest word of the rules, as typos are corrected to.
    pub fn longest_word(&self) -> Result<usize, SearchError> {
        let failed = |source| SearchError::Search { source };
        let mut longest = 0;
        for segment in self.reader.searcher().segment_readers() {
            let inverted = segment.inverted_index(self.fields.words).map_err(failed)?;
            let mut stream = inverted.terms().stream().map_err(|e| failed(e.into()))?;
            while stream.advance() {
                longest = longest.max(String::from_utf8_lossy(stream.key()).chars().count());
            }
        }
        Ok(longest)
    }

    /// The number of rules indexed.
    pub fn rule_count(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// The rules that best answer a question, best first, at most `limit`. Equal scores come in
    /// rule order. A question of stop words only finds nothing.
    pub fn search(&self, query: &str, limit: usize) -> Result<Vec<Hit>, SearchError> {
        Ok(self.answer(query, limit)?.hits)
    }

    /// [`SearchIndex::search`], and how much of the question the best hit has.
    /// A question over the limits of [`super::check_size`] is an error.
    pub fn answer(&self, query: &str, limit: usize) -> Result<Answer, SearchError> {
        self.answer_about(query, limit, &Named::default())
    }

    /// [`SearchIndex::answer`] for a question that names these cards ([`SearchIndex::named`]):
    /// their names are not searched, what they say is, below the judge's own words.
    pub fn answer_about(&self, query: &str, limit: usize, named: &Named) -> Result<Answer, SearchError> {
        super::check_size(query)?;
        let failed = |source| SearchError::Search { source };
        let searcher = self.reader.searcher();
        // Tantivy allocates room for twice the limit up front: never more than there are rules.
        let limit = limit.min(usize::try_from(searcher.num_docs()).unwrap_or(usize::MAX));
        if limit == 0 {
            return Ok(Answer::default());
        }
        let mut planner = Planner {
            searcher: &searcher,
            fields: self.fields,
            stemmed: analyzer::analyzer(self.lang, Kind::Stemmed),
            plain: analyzer::analyzer(self.lang, Kind::Plain),
            foreign: analyzer::analyzer(other(self.lang), Kind::Stemmed),
            vocabulary: &self.vocabulary,
        };
        let asked = if named.is_empty() { Cow::Borrowed(query) } else { Cow::Owned(named.rest(query)) };
        let mut plan = planner.plan(&super::synonyms::expand(&asked)).map_err(failed)?;
        if !named.is_empty() {
            // The judge's words that only describe the cards named.
            let said = named.stems_said(&mut planner.stemmed);
            for unit in plan.units.iter_mut().filter(|u| u.typed.is_some()) {
                if matches!(&unit.unit, Unit::Term(term) if said.binary_search(term).is_ok()) {
                    unit.weight *= ECHO_WEIGHT;
                }
            }
            plan.units.extend(planner.card_units(&named.terms(), self.lang == Lang::En).map_err(failed)?);
        }
        if plan.is_empty() {
            return Ok(Answer::default());
        }
        let names = planner.names(&asked, &plan);
        let query = plan.query(&self.fields, &names);
        // Sorted by score, then by the rule's place in the edition: document ids would follow
        // the segments, whose order nothing promises.
        // More than asked for: subrules grouped under their rule leave places to the next hits.
        let pool = (limit + group::WINDOW * group::MAX_SUBRULES)
            .min(usize::try_from(searcher.num_docs()).unwrap_or(usize::MAX));
        let collector = TopDocs::with_limit(pool).tweak_score(|segment: &SegmentReader| {
            let order = segment.fast_fields().u64(ORDER).ok().map(|column| column.first_or_default_col(u64::MAX));
            move |doc: DocId, score: Score| (score, Reverse(order.as_ref().map_or(u64::from(doc), |o| o.get_val(doc))))
        });
        let top = searcher.search(&*query, &collector).map_err(failed)?;
        let snippets = Snippets::new(&searcher, &*query, self.fields, self.lang).map_err(failed)?;
        let best = match top.first() {
            Some((_, address)) => Some(plan.coverage(&searcher, &self.fields, *address).map_err(failed)?),
            None => None,
        };
        let mut ranked = Vec::with_capacity(top.len());
        for ((score, _), address) in top {
            let doc: TantivyDocument = searcher.doc(address).map_err(failed)?;
            let id = doc.get_first(self.fields.id).and_then(|v| v.as_str()).and_then(|t| RuleId::parse(t).ok());
            if let Some(id) = id {
                ranked.push((id, score, doc, address));
            }
        }
        let ids: Vec<RuleId> = ranked.iter().map(|(id, ..)| *id).collect();
        // The rules that group their subrules, with their documents when not found themselves.
        let mut heads = std::collections::BTreeMap::new();
        for id in group::grouping_rules(&ids, limit) {
            let own = ranked.iter().find(|(found, ..)| *found == id).map(|(_, _, doc, _)| doc.clone());
            let doc = match own {
                Some(doc) => Some(doc),
                None => self.rule_doc(&searcher, id).map_err(failed)?,
            };
            if let Some(doc) = doc {
                heads.insert(id, doc);
            }
        }
        let groups = heads.keys().copied().collect();
        let shown = group::shown(&ids, &groups, limit);
        // How much of the question each grouped subrule has, found for all the groups at once:
        // each unit's scorers go once through the rules.
        let grouped: Vec<usize> = shown
            .iter()
            .flat_map(|s| match s {
                group::Shown::Group { subrules, .. } => subrules.as_slice(),
                group::Shown::One(_) => &[],
            })
            .copied()
            .collect();
        let addresses: Vec<DocAddress> = grouped.iter().map(|&i| ranked[i].3).collect();
        let mut matched = vec![0; ranked.len()];
        for (i, words) in grouped.into_iter().zip(plan.matched(&searcher, &self.fields, &addresses).map_err(failed)?) {
            matched[i] = words;
        }
        let mut hits = Vec::with_capacity(limit);
        for shown in shown {
            match shown {
                group::Shown::One(i) => {
                    let (id, score, doc, _) = &ranked[i];
                    hits.push(self.hit(&snippets, *id, *score, doc).map_err(failed)?);
                }
                group::Shown::Group { id, own, subrules, best } => {
                    let score = ranked[best].1;
                    let doc = own.map(|i| &ranked[i].2).or_else(|| heads.get(&id)).expect("a group's rule was found");
                    let mut hit = self.hit(&snippets, id, score, doc).map_err(failed)?;
                    let mut found: Vec<(u32, usize)> = subrules.into_iter().map(|i| (matched[i], i)).collect();
                    // Most of what the question searches first, then the rules' order: the
                    // general rule before its special cases.
                    found.sort_by_key(|(words, i)| (Reverse(*words), ranked[*i].0));
                    for i in found.into_iter().take(group::MAX_SUBRULES).map(|(_, i)| i) {
                        let (id, score, doc, _) = &ranked[i];
                        let sub = self.hit(&snippets, *id, *score, doc).map_err(failed)?;
                        hit.subrules.push(Subrule {
                            id: sub.id,
                            score: sub.score,
                            snippet: sub.snippet,
                            highlights: sub.highlights,
                        });
                    }
                    hits.push(hit);
                }
            }
        }
        Ok(Answer { hits, best })
    }
}

impl SearchIndex {
    /// The hit of one rule found: its excerpt for the question, its section, the title above it.
    fn hit(&self, snippets: &Snippets<'_>, id: RuleId, score: Score, doc: &TantivyDocument) -> tantivy::Result<Hit> {
        let text_of = |field| doc.get_first(field).and_then(|v| v.as_str()).unwrap_or_default();
        let examples: Vec<&str> = doc.get_all(self.fields.examples).filter_map(|v| v.as_str()).collect();
        let (snippet, highlights) = snippets.excerpt(text_of(self.fields.text), &examples)?;
        let section = text_of(self.fields.section).to_string();
        let parent_title = doc.get_first(self.fields.parent).and_then(|v| v.as_str()).map(str::to_string);
        Ok(Hit { id, score, section, snippet, highlights, parent_title, subrules: Vec::new() })
    }

    /// The document of a rule, by its number.
    fn rule_doc(&self, searcher: &tantivy::Searcher, id: RuleId) -> tantivy::Result<Option<TantivyDocument>> {
        let term = tantivy::Term::from_field_text(self.fields.id, &id.to_string());
        let query = tantivy::query::TermQuery::new(term, tantivy::schema::IndexRecordOption::Basic);
        let found = searcher.search(&query, &TopDocs::with_limit(1).order_by_score())?;
        found.first().map(|(_, address)| searcher.doc(*address)).transpose()
    }
}

/// The hits of a search, and how much of the question the best one has.
#[derive(Debug, Default)]
pub struct Answer {
    pub hits: Vec<Hit>,
    pub best: Option<Coverage>,
}

/// The language whose questions the vocabulary translates for an edition in `lang`.
fn other(lang: Lang) -> Lang {
    match lang {
        Lang::Fr => Lang::En,
        Lang::En => Lang::Fr,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::edition::{EditionInfo, Parsed};
    use crate::corpus::Rule;

    /// An edition of the given rules, all in section 100.
    fn edition(lang: Lang, rules: &[(&str, &str)]) -> Edition {
        let mut parsed = Parsed::default();
        parsed.sections.insert(100, "100. General".into());
        for (line, (id, text)) in rules.iter().enumerate() {
            let id = RuleId::parse(id).unwrap();
            let rule = Rule { id, text: (*text).into(), examples: vec![], references: vec![], line };
            parsed.rules.insert(id, rule);
        }
        let info = EditionInfo { name: format!("{lang}-test"), lang, date: "2025-01-01".into() };
        Edition::new(info, vec![], parsed)
    }

    fn ids(hits: &[Hit]) -> Vec<String> {
        hits.iter().map(|h| h.id.to_string()).collect()
    }

    #[test]
    fn the_words_each_rule_of_a_group_has_are_found_for_all_the_rules_at_once() {
        use super::super::query::{Plan, Unit, Weighted};
        let rules = [
            ("100.1", "Each player draws a card."),
            ("100.2", "A player may untap a land."),
            ("100.3", "Draw two cards, then discard a card."),
            ("100.4", "Lands can't be untapped."),
        ];
        let index = SearchIndex::in_memory(&edition(Lang::En, &rules)).unwrap();
        let searcher = index.reader.searcher();
        let unit = |unit, weight| Weighted { unit, weight, typed: None };
        let term = |t: &str| Unit::Term(t.into());
        let plan = Plan {
            units: vec![
                unit(term("player"), 1.0),
                unit(term("untap"), 0.5),
                unit(Unit::Any(vec![term("discard"), term("land")]), 0.25),
            ],
            all_known: true,
        };
        let docs = searcher.search(&tantivy::query::AllQuery, &tantivy::collector::DocSetCollector).unwrap();
        // Last rule first: the rules of a group come in the order of their scores.
        let mut found: Vec<(String, DocAddress)> = docs
            .into_iter()
            .map(|address| {
                let doc: TantivyDocument = searcher.doc(address).unwrap();
                (doc.get_first(index.fields.id).and_then(|v| v.as_str()).unwrap().to_string(), address)
            })
            .collect();
        found.sort_by(|a, b| b.0.cmp(&a.0));
        let addresses: Vec<DocAddress> = found.iter().map(|(_, a)| *a).collect();
        let matched = plan.matched(&searcher, &index.fields, &addresses).unwrap();
        let by_rule: Vec<(&str, u32)> = found.iter().map(|(id, _)| id.as_str()).zip(matched).collect();
        assert_eq!(by_rule, [("100.4", 75), ("100.3", 25), ("100.2", 175), ("100.1", 100)]);
    }

    #[test]
    fn whole_words_only_even_with_typo_tolerance() {
        let e = edition(Lang::En, &[("100.1", "Each player has a library."), ("100.2", "Players draw cards.")]);
        let index = SearchIndex::in_memory(&e).unwrap();
        assert!(index.search("layer", 10).unwrap().is_empty());
        let mut found = ids(&index.search("player", 10).unwrap());
        found.sort();
        assert_eq!(found, ["100.1", "100.2"]);
        assert_eq!(ids(&index.search("librray", 10).unwrap()), ["100.1"], "a transposition is one typo");
    }

    #[test]
    fn a_word_finds_its_negation_and_its_irregular_forms() {
        let rules = [
            ("100.1", "The chosen creatures must be untapped."),
            ("100.2", "A player drew a card unless they paid life."),
            ("100.3", "Some creatures can't block."),
        ];
        let index = SearchIndex::in_memory(&edition(Lang::En, &rules)).unwrap();
        assert_eq!(ids(&index.search("tapped", 10).unwrap()), ["100.1"], "a tapped creature asks for untapped ones");
        assert_eq!(ids(&index.search("draws", 10).unwrap()), ["100.2"]);
        assert_eq!(ids(&index.search("pay", 10).unwrap()), ["100.2"]);
        assert!(index.search("less", 10).unwrap().is_empty(), "`unless` is not `un` + `less`");
    }

    #[test]
    fn equal_scores_come_in_rule_order() {
        let same = "A creature deals damage.";
        let rules = [("100.10", same), ("100.2", same), ("100.1a", same), ("100.1", same)];
        let index = SearchIndex::in_memory(&edition(Lang::En, &rules)).unwrap();
        let hits = index.search("damage", 10).unwrap();
        // 100.1a is shown under 100.1, which was found too.
        assert_eq!(ids(&hits), ["100.1", "100.2", "100.10"]);
        assert_eq!(hits[0].subrules.iter().map(|s| s.id.to_string()).collect::<Vec<_>>(), ["100.1a"]);
        assert!(hits.windows(2).all(|w| w[0].score == w[1].score));
        // The same order when the limit cuts through the tie.
        assert_eq!(ids(&index.search("damage", 2).unwrap()), ["100.1", "100.2"]);
        let rules = [("100.10", same), ("100.2", same), ("100.3", same), ("100.1", same)];
        let index = SearchIndex::in_memory(&edition(Lang::En, &rules)).unwrap();
        assert_eq!(ids(&index.search("damage", 3).unwrap()), ["100.1", "100.2", "100.3"]);
    }

    #[test]
    fn snippets_highlight_the_words_found_even_through_stemming_and_typos() {
        let text = "Si une source devait infliger 0 blessure, elle n'inflige pas du tout de blessure.";
        let index = SearchIndex::in_memory(&edition(Lang::Fr, &[("100.1", text)])).unwrap();
        for query in ["blessures", "blesures"] {
            let hit = &index.search(query, 1).unwrap()[0];
            assert_eq!(hit.snippet, text);
            assert_eq!(hit.marked_snippet("*", "*"), text.replace("blessure", "*blessure*"), "{query}");
            assert_eq!(hit.section, "100. General");
        }
    }

    #[test]
    fn a_long_rule_gives_an_excerpt_around_the_words_found() {
        let filler = "Un joueur peut toujours regarder son propre cimetière. ".repeat(8);
        let text = format!("{filler}La régénération retire toutes les blessures.");
        let index = SearchIndex::in_memory(&edition(Lang::Fr, &[("100.1", &text)])).unwrap();
        let hit = &index.search("regeneration", 1).unwrap()[0];
        assert!(hit.snippet.starts_with('…') && hit.snippet.len() < text.len(), "{}", hit.snippet);
        assert_eq!(hit.highlights.len(), 1);
        assert_eq!(&hit.snippet[hit.highlights[0].clone()], "régénération");
    }

    #[test]
    fn english_questions_find_french_rules_and_the_other_way_round() {
        let fr = edition(
            Lang::Fr,
            &[
                ("100.1", "Le permanent arrive sur le champ de bataille engagé."),
                ("100.2", "Le joueur pioche une carte."),
            ],
        );
        let index = SearchIndex::in_memory(&fr).unwrap();
        assert_eq!(ids(&index.search("enters the battlefield tapped", 10).unwrap()), ["100.1"]);
        let en = edition(Lang::En, &[("100.1", "Effects are applied in timestamp order within each layer.")]);
        let index = SearchIndex::in_memory(&en).unwrap();
        assert_eq!(ids(&index.search("l'horodatage des couches", 10).unwrap()), ["100.1"]);
    }

    #[test]
    fn the_best_hit_says_which_words_it_lacks() {
        let fr = edition(
            Lang::Fr,
            &[
                ("100.1", "Le permanent arrive sur le champ de bataille engagé."),
                ("100.2", "Le joueur pioche une carte."),
            ],
        );
        let index = SearchIndex::in_memory(&fr).unwrap();
        let coverage = |q| index.answer(q, 10).unwrap().best.unwrap();
        let translated = coverage("\"enters the battlefield\" tapped");
        assert_eq!((translated.found, translated.asked), (1, 1), "one translation stands for the phrase and the word");
        let partial = coverage("pioche banane engagé");
        assert!(partial.is_weak());
        assert_eq!((partial.found, partial.asked, partial.missing), (1, 3, vec!["banane".into(), "engagé".into()]));
        assert!(index.answer("banane", 10).unwrap().best.is_none(), "no hit, nothing to judge");
    }

    #[test]
    fn questions_that_search_nothing_find_nothing() {
        let index = SearchIndex::in_memory(&edition(Lang::Fr, &[("100.1", "Le joueur pioche une carte.")])).unwrap();
        assert!(index.search("", 10).unwrap().is_empty());
        assert!(index.search("le la les de", 10).unwrap().is_empty());
        assert!(index.search("\"\" « »", 10).unwrap().is_empty());
        assert!(index.search("pioche", 0).unwrap().is_empty());
        assert_eq!(ids(&index.search("pioche", usize::MAX).unwrap()), ["100.1"]);
        let empty = SearchIndex::in_memory(&edition(Lang::Fr, &[])).unwrap();
        assert!(empty.search("pioche", 10).unwrap().is_empty());
    }

    #[test]
    fn the_embedded_corpus_has_no_word_too_long_to_be_found_from_a_typo() {
        let index = SearchIndex::in_memory(&crate::corpus::embedded::load().0).unwrap();
        let longest = index.longest_word().unwrap();
        assert!((10..super::super::MAX_FUZZY_CHARS - 2).contains(&longest), "a word of {longest} characters");
    }

    #[test]
    fn a_question_over_the_limits_is_an_error_not_a_part_of_it_searched() {
        let index = SearchIndex::in_memory(&edition(Lang::Fr, &[("100.1", "Le joueur pioche une carte.")])).unwrap();
        let too_long = format!("pioche {}", "x".repeat(3_000));
        assert!(matches!(index.answer(&too_long, 10), Err(SearchError::QuestionTooLong { chars: 3007, max: 3000 })));
        let too_many = "pioche ".repeat(401);
        assert!(matches!(index.answer(&too_many, 10), Err(SearchError::TooManyWords { words: 401, max: 400 })));
        assert_eq!(ids(&index.search(&"pioche ".repeat(400), 10).unwrap()), ["100.1"]);
        // A word longer than any of the rules is not corrected: nothing to correct it to.
        assert!(index.search(&format!("pioche{}", "e".repeat(40)), 10).unwrap().is_empty());
    }

    #[test]
    fn quoted_phrases_match_in_order_only() {
        let rules = [("100.1", "Le champ de bataille est vide."), ("100.2", "Une bataille dans un champ.")];
        let index = SearchIndex::in_memory(&edition(Lang::Fr, &rules)).unwrap();
        assert_eq!(ids(&index.search("\"champ de bataille\"", 10).unwrap()), ["100.1"]);
        assert_eq!(ids(&index.search("« champ de bataille »", 10).unwrap()), ["100.1"]);
        assert_eq!(ids(&index.search("champ bataille", 10).unwrap()), ["100.1", "100.2"]);
    }
}
