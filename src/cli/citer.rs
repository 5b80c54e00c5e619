//! The citer a command cites rules with: the edition's placement of the concepts, kept in the
//! data directory, and for an edition that lacks sections (the French excerpts), the English
//! edition of the same date when one is imported.

use super::config::Config;
use crate::cite::{cache, Citer};
use crate::corpus::{Edition, Lang};

pub fn citer<'e>(config: &Config, edition: &'e Edition) -> Citer<'e> {
    let data_dir = config.data_dir().ok();
    let placement = cache::placement(data_dir.as_deref(), edition);
    let english = match edition.lang() {
        Lang::En => None,
        // Only an edition that does not have a cited section needs another one to quote it.
        Lang::Fr => same_date_english(config, edition),
    }
    .map(|english| {
        let placement = cache::placement(data_dir.as_deref(), &english);
        (english, placement)
    });
    Citer::new(edition, placement, english)
}

/// The English edition of the same effective date, if one is imported. A store that cannot be
/// read has none: the citations fall back to the numbers known for that date.
fn same_date_english(config: &Config, edition: &Edition) -> Option<Edition> {
    let store = config.store().ok()?;
    let mut same_date: Vec<String> = store
        .list()
        .ok()?
        .into_iter()
        .filter(|(info, _)| info.lang == Lang::En && info.date == edition.info.date)
        .map(|(info, _)| info.name)
        .collect();
    same_date.sort();
    store.load(same_date.first()?).ok()
}
