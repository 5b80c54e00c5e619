//! The citer a command cites rules with: the edition's placement of the concepts, kept in the
//! data directory, and for an edition that lacks sections (the French excerpts), the English
//! edition of the same date when it is imported under its default name.

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

/// The English edition of the same effective date under the name an import gives it
/// (`en-2011-02-04`), if it is imported. Looking it up by that name spares reading every
/// edition's header on each command; a store that cannot be read has none, and the citations fall
/// back to the numbers known for that date.
fn same_date_english(config: &Config, edition: &Edition) -> Option<Edition> {
    let english = config.store().ok()?.load(&format!("en-{}", edition.info.date)).ok()?;
    (english.lang() == Lang::En && english.info.date == edition.info.date).then_some(english)
}
