//! Placing each concept of the citation table in an edition: finding the rule whose text states
//! it, whatever that edition's numbering.
//!
//! A concept is looked for among the rules of its section (found by its heading, since sections
//! move too: counters were 121 in 2011 and are 122 today), or among the subrules of its parent
//! concept's rule. Each candidate's text is read with the search index's own analysis (the same
//! words, folding and stemming as `judge search`), and a candidate must contain the concept's
//! anchor phrases, in that order of words, and none of its excluded phrases. A concept is placed
//! with confidence when exactly one rule has every anchor; when the best rule has only some of
//! them, or several rules tie, a number the concept had in an edition we know may confirm one of
//! them. Anything else is reported as not placed, with the reason: never a silent guess.

use super::placement::{Placed, Placement};
use super::table::{CitationTable, Concept};
use crate::corpus::named::heading_title;
use crate::corpus::{Edition, Lang, Rule, RuleId};
use crate::search::{text_analyzer, AnalyzerKind};
use std::collections::{BTreeMap, HashMap};
use tantivy::tokenizer::TextAnalyzer;

/// Whether the numbers of known editions may confirm a partial or tied match. Tests turn them
/// off to show that the text alone places every concept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hints {
    Use,
    Ignore,
}

/// Places every concept of the table in the edition.
pub fn place(edition: &Edition, table: &CitationTable, hints: Hints) -> Placement {
    let mut words = Words::new(edition.lang());
    let sections = sections_by_key(edition, table, &mut words);
    let mut placed: BTreeMap<String, Placed> = BTreeMap::new();
    for name in parents_first(table) {
        let concept = &table.concepts[name];
        let parent = concept.parent.as_ref().map(|p| placed[p].id_if_confident());
        let place = match (sections.get(&concept.section), parent) {
            (None, _) => Placed::Absent { known: concept.known.get(&edition.info.date).copied() },
            (Some(_), Some(None)) => Placed::Unsure {
                id: None,
                why: format!("the rule it belongs to ({}) is not placed", concept.parent.as_deref().unwrap_or("")),
            },
            (Some(_), Some(Some(parent))) => {
                let candidates = edition.subtree(parent).filter(|r| r.id.parent() == Some(parent));
                best(concept, candidates, edition.lang(), &mut words, hints)
            }
            (Some(numbers), None) => {
                let candidates = edition.rules().filter(|r| numbers.contains(&r.id.section()));
                best(concept, candidates, edition.lang(), &mut words, hints)
            }
        };
        placed.insert(name.to_string(), place);
    }
    let labels = layer_labels(edition, table, &placed);
    let wording: BTreeMap<String, String> = placed
        .iter()
        .filter_map(|(name, p)| Some((name.clone(), words.wording(&edition.get(p.id_if_confident()?)?.text))))
        .collect();
    let (reworded, meanings) = match edition.lang() {
        Lang::En => meanings(table, &wording),
        // The fingerprints are of English words; the French excerpts keep the rules of 2011.
        Lang::Fr => (Vec::new(), BTreeMap::new()),
    };
    Placement { concepts: placed, labels, wording, reworded, meanings, implements: table.implements.clone() }
}

/// Whether a placement read back from a cache still holds for this edition and table: it places
/// exactly the table's concepts, every rule it names is in the edition, a rule placed with
/// confidence still states as many of the concept's anchors as the placement says (and none it
/// excludes), and the labels, wordings and meanings are those the rules' texts give. A cache whose
/// checksum was made again after an edit thus cannot cite a rule the edition lacks, or one that
/// does not say what the concept is.
pub(crate) fn holds(placement: &Placement, edition: &Edition, table: &CitationTable) -> bool {
    if placement.implements != table.implements
        || placement.concepts.len() != table.concepts.len()
        || !placement.concepts.keys().all(|name| table.concepts.contains_key(name))
    {
        return false;
    }
    let mut words = Words::new(edition.lang());
    for (name, placed) in &placement.concepts {
        let concept = &table.concepts[name.as_str()];
        let wanted = concept.anchors(edition.lang()).iter().filter(|a| !a.starts_with('!')).count();
        // What `best` saw in the rule it chose: every anchor, as many as it says, or one at least.
        let (id, needed) = match placed {
            Placed::Found { id } => (*id, wanted),
            Placed::Confirmed { id, matched, .. } => (*id, (*matched).max(1)),
            Placed::Unsure { id: Some(id), .. } => (*id, 1),
            Placed::Unsure { id: None, .. } | Placed::Absent { .. } => continue,
        };
        let Some(rule) = edition.get(id) else { return false };
        let anchors: Vec<Anchor> = concept.anchors(edition.lang()).iter().map(|a| Anchor::new(a, &mut words)).collect();
        let text = words.slots(&rule.text);
        if anchors.iter().any(|a| a.excluded && a.found_in(&text)) {
            return false;
        }
        if anchors.iter().filter(|a| !a.excluded && a.found_in(&text)).count() < needed {
            return false;
        }
    }
    let fresh = Placement {
        labels: layer_labels(edition, table, &placement.concepts),
        wording: placement
            .concepts
            .iter()
            .filter_map(|(name, p)| Some((name.clone(), words.wording(&edition.get(p.id_if_confident()?)?.text))))
            .collect(),
        ..placement.clone()
    };
    let (reworded, meanings) = match edition.lang() {
        Lang::En => meanings(table, &fresh.wording),
        Lang::Fr => (Vec::new(), BTreeMap::new()),
    };
    fresh.labels == placement.labels
        && fresh.wording == placement.wording
        && reworded == placement.reworded
        && meanings == placement.meanings
}

/// The concepts whose wording the table does not know, and the year of each rule's meaning that
/// is not 2011's.
fn meanings(table: &CitationTable, wording: &BTreeMap<String, String>) -> (Vec<String>, BTreeMap<String, u16>) {
    let mut reworded = Vec::new();
    let mut meanings = BTreeMap::new();
    for (name, now) in wording {
        let concept = &table.concepts[name.as_str()];
        // A concept written after 2011 has no wording to compare with.
        if concept.wording.is_none() {
            continue;
        }
        let year = concept.meaning_of(now).unwrap_or_else(|| {
            reworded.push(name.clone());
            concept.newest_meaning()
        });
        if year != 2011 {
            meanings.insert(name.clone(), year);
        }
    }
    (reworded, meanings)
}

/// The sections of the edition whose heading is each section key's name in its language.
fn sections_by_key(edition: &Edition, table: &CitationTable, words: &mut Words) -> BTreeMap<String, Vec<u16>> {
    let mut found: BTreeMap<String, Vec<u16>> = BTreeMap::new();
    for (key, names) in &table.sections {
        let Some(name) = names.get(edition.lang()) else { continue };
        // "A | B": a rule that moved to a section of its own (tokens left "Permanents" in 2021).
        let wanted: Vec<Vec<String>> = name.split(" | ").map(|n| words.primary(n)).collect();
        for (&number, heading) in &edition.parsed.sections {
            if wanted.contains(&words.primary(heading_title(heading))) {
                found.entry(key.clone()).or_default().push(number);
            }
        }
    }
    found
}

/// The concepts in an order where each parent comes before its subrules.
fn parents_first(table: &CitationTable) -> Vec<&str> {
    let mut order: Vec<&str> = Vec::new();
    while order.len() < table.concepts.len() {
        let before = order.len();
        for (name, concept) in &table.concepts {
            let ready = concept.parent.as_deref().is_none_or(|p| order.contains(&p));
            if ready && !order.contains(&name.as_str()) {
                order.push(name);
            }
        }
        // A cycle of parents would never be placed; the table's unit test forbids it.
        if order.len() == before {
            break;
        }
    }
    order
}

/// The candidate whose text states the concept, if one can be told with confidence.
fn best<'e>(
    concept: &Concept,
    candidates: impl Iterator<Item = &'e Rule>,
    lang: Lang,
    words: &mut Words,
    hints: Hints,
) -> Placed {
    let anchors = concept.anchors(lang);
    if anchors.is_empty() {
        return Placed::Unsure { id: None, why: format!("the table does not describe it in `{lang}`") };
    }
    let anchors: Vec<Anchor> = anchors.iter().map(|a| Anchor::new(a, words)).collect();
    let wanted = anchors.iter().filter(|a| !a.excluded).count();
    let mut scored: Vec<(usize, RuleId)> = Vec::new();
    for rule in candidates {
        let text = words.slots(&rule.text);
        if anchors.iter().any(|a| a.excluded && a.found_in(&text)) {
            continue;
        }
        let matched = anchors.iter().filter(|a| !a.excluded && a.found_in(&text)).count();
        if matched > 0 {
            scored.push((matched, rule.id));
        }
    }
    let Some(top) = scored.iter().map(|(m, _)| *m).max() else {
        return Placed::Unsure { id: None, why: "no rule of its section states it".into() };
    };
    let tied: Vec<RuleId> = scored.iter().filter(|(m, _)| *m == top).map(|(_, id)| *id).collect();
    let known: Vec<RuleId> = match hints {
        Hints::Use => concept.hints().collect(),
        Hints::Ignore => Vec::new(),
    };
    match tied.as_slice() {
        [id] if top == wanted => Placed::Found { id: *id },
        [id] if known.contains(id) => Placed::Confirmed { id: *id, matched: top, anchors: wanted },
        [id] => Placed::Unsure {
            id: Some(*id),
            why: format!("{id} states only {top} of its {wanted} key phrases, and no known edition had it there"),
        },
        several => {
            let confirmed: Vec<RuleId> = several.iter().copied().filter(|id| known.contains(id)).collect();
            match confirmed.as_slice() {
                [id] => Placed::Confirmed { id: *id, matched: top, anchors: wanted },
                _ => Placed::Unsure {
                    id: None,
                    why: format!(
                        "several rules state it alike: {}",
                        several.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
                    ),
                },
            }
        }
    }
}

/// How the trace labels each layer concept's sublayer, read from its rule (`Layer 7c: …`).
fn layer_labels(
    edition: &Edition,
    table: &CitationTable,
    placed: &BTreeMap<String, Placed>,
) -> BTreeMap<String, String> {
    let mut labels = BTreeMap::new();
    for (name, concept) in table.concepts.iter().filter(|(_, c)| c.layer) {
        let text = placed[name].id_if_confident().and_then(|id| edition.get(id)).map(|r| r.text.as_str());
        let label = match &placed[name] {
            Placed::Absent { .. } => concept.labels.get(&edition.info.date).cloned(),
            _ => text.and_then(layer_label),
        };
        if let Some(label) = label {
            labels.insert(name.clone(), label);
        }
    }
    labels
}

/// `7c` from `Layer 7c: Effects…` (`Couche 7c : …` in French).
fn layer_label(text: &str) -> Option<String> {
    let lower = text.trim_start().to_lowercase();
    let rest = lower.strip_prefix("layer ").or_else(|| lower.strip_prefix("couche "))?;
    let label: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let digits = label.chars().take_while(char::is_ascii_digit).count();
    (digits > 0 && label.len() <= digits + 1).then_some(label)
}

/// One anchor: alternative phrases, each a sequence of analysed words.
struct Anchor {
    phrases: Vec<Vec<String>>,
    excluded: bool,
}

impl Anchor {
    fn new(text: &str, words: &mut Words) -> Anchor {
        let (excluded, text) = match text.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let phrases = text.split(" | ").map(|p| words.primary(p)).filter(|p| !p.is_empty()).collect();
        Anchor { phrases, excluded }
    }

    fn found_in(&self, text: &[Vec<String>]) -> bool {
        self.phrases.iter().any(|phrase| {
            text.windows(phrase.len())
                .any(|window| window.iter().zip(phrase).all(|(slot, word)| slot.iter().any(|w| w == word)))
        })
    }
}

/// The search index's analysis of one language, with each text's words kept as slots: the words
/// at one position (a hyphenated compound gives its first part and the joined form there).
pub(crate) struct Words {
    analyzer: TextAnalyzer,
    cache: HashMap<String, Vec<Vec<String>>>,
}

impl Words {
    pub(crate) fn new(lang: Lang) -> Words {
        Words { analyzer: text_analyzer(lang, AnalyzerKind::Stemmed), cache: HashMap::new() }
    }

    fn slots(&mut self, text: &str) -> Vec<Vec<String>> {
        if let Some(slots) = self.cache.get(text) {
            return slots.clone();
        }
        let mut by_position: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        let mut stream = self.analyzer.token_stream(text);
        while let Some(token) = stream.next() {
            by_position.entry(token.position).or_default().push(token.text.clone());
        }
        let slots: Vec<Vec<String>> = by_position.into_values().collect();
        self.cache.insert(text.to_string(), slots.clone());
        slots
    }

    /// A fingerprint of what a rule says: its analysed words, without numbers, so that a rule
    /// whose only change is a renumbered cross-reference keeps its wording.
    pub(crate) fn wording(&mut self, text: &str) -> String {
        let mut hash = crate::corpus::fingerprint::Xxh64::new(0);
        for word in self.primary(text).iter().filter(|w| !w.starts_with(|c: char| c.is_ascii_digit())) {
            hash.update(word.as_bytes());
            hash.update(&[0]);
        }
        format!("{:016x}", hash.digest())
    }

    /// The longest word of each slot, a phrase to look for: a compound's joined form, a lettered
    /// number (`7c`) rather than its number alone (`7`).
    fn primary(&mut self, text: &str) -> Vec<String> {
        self.slots(text).into_iter().filter_map(|slot| slot.into_iter().max_by_key(String::len)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layer_labels_are_read_from_the_rule() {
        assert_eq!(layer_label("Layer 7c: Effects and counters").as_deref(), Some("7c"));
        assert_eq!(layer_label("Layer 4: Type-changing effects").as_deref(), Some("4"));
        assert_eq!(layer_label("Couche 7d : Les changements").as_deref(), Some("7d"));
        assert_eq!(layer_label("Within layer 7, apply effects"), None);
        assert_eq!(layer_label("Layer seven"), None);
    }

    #[test]
    fn french_headings_lose_their_chapter() {
        assert_eq!(heading_title("614. Sorts, capacités et effets : Effets de remplacement"), "Effets de remplacement");
        assert_eq!(heading_title("613. Interaction of Continuous Effects"), "Interaction of Continuous Effects");
    }
}
