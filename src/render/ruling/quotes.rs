//! The rules an article cites, each quoted once, in rule order, from the edition in use.

use super::inline::Line;
use super::Quote;
use crate::cite::{Citer, Quoted};
use crate::corpus::RuleId;

/// Every rule the lines cite, quoted in full (text and examples) when the edition has it.
pub fn quotes<'a>(lines: impl IntoIterator<Item = &'a Line>, citer: &Citer) -> Vec<Quote> {
    let mut ids: Vec<RuleId> = lines.into_iter().flat_map(Line::rules).collect();
    ids.sort();
    ids.dedup();
    let edition = citer.edition;
    ids.into_iter()
        .map(|id| match citer.quote(id) {
            Some(Quoted { rule, from }) => Quote {
                id,
                paragraphs: rule.text.lines().map(str::to_string).filter(|p| !p.trim().is_empty()).collect(),
                examples: rule.examples.clone(),
                // The embedded French corpus mixes documents of two dates; a quote from the older
                // one must say so.
                date: Some(edition.date_of(id).to_string()).filter(|d| from.is_none() && *d != edition.info.date),
                from: from.map(|e| e.name().to_string()),
            },
            None => Quote { id, paragraphs: Vec::new(), examples: Vec::new(), date: None, from: None },
        })
        .collect()
}
