//! The scenarios of the repository (`scenarios/`): their files, titles and the names of their
//! objects, read when building (`build.rs`), so that search and `judge card` can point a judge to
//! the worked judge calls about a card.

/// (file, title, names of its objects and of the cards it names).
pub const SCENARIOS: &[(&str, &str, &[&str])] = include!(concat!(env!("OUT_DIR"), "/scenarios.rs"));

/// The scenarios whose title or objects hold `name`, case aside.
pub fn about(name: &str) -> Vec<&'static str> {
    let name = name.to_lowercase();
    SCENARIOS
        .iter()
        .filter(|(_, title, objects)| {
            title.to_lowercase().contains(&name) || objects.iter().any(|o| o.to_lowercase().contains(&name))
        })
        .map(|(file, _, _)| *file)
        .collect()
}

/// The scenarios that name the card `name` as one of their objects, exactly (case aside).
pub fn naming(name: &str) -> Vec<&'static str> {
    SCENARIOS
        .iter()
        .filter(|(_, _, objects)| objects.iter().any(|o| o.eq_ignore_ascii_case(name)))
        .map(|(file, _, _)| *file)
        .collect()
}
