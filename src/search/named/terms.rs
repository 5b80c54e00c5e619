//! What a named card adds to a question: its keywords; the words of its Oracle text, its own
//! names taken out (they are names, not rules words); its card types and supertypes; and what its
//! layout, its type line and the wording of its text imply in the rules' words
//! (`rules-corpus/card-terms.tsv`: a Saga has chapters and lore counters, "would … instead" is a
//! replacement effect, "{T}: Add" a mana ability).

use crate::cards::data::CardData;
use crate::data_file::records;
use std::sync::LazyLock;

const TSV: &str = include_str!("../../../rules-corpus/card-terms.tsv");

/// Where a term comes from, which sets its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// A keyword ability or action the card data lists.
    Keyword,
    /// What the card's wording implies (`card-terms.tsv`).
    Implied,
    /// What the card's layout and type line imply (`card-terms.tsv`).
    Type,
    /// The words of its Oracle text and its card types.
    Text,
}

/// Words to search for a card, read as a judge's question is read: words and "quoted phrases".
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Term {
    pub(crate) text: String,
    pub(crate) source: Source,
    /// How much the ability it comes from is what the question asks about: 1, or [`ASIDE`].
    pub(crate) focus: f32,
}

/// What an ability of a card counts when another of its abilities has more of the question's
/// words: the question is about that one. Most cards have one ability, so the value matters
/// little on the tuning questions.
const ASIDE: f32 = 0.5;

#[derive(Debug, PartialEq, Eq)]
enum Kind {
    Layout,
    Type,
    Text,
}

/// One line of the file.
#[derive(Debug)]
struct Line {
    kind: Kind,
    what: &'static str,
    words: &'static str,
    /// For a wording: its parts, and whether the first is tied to the sentence's start.
    wording: Wording,
}

#[derive(Debug, Default)]
struct Wording {
    anchored: bool,
    parts: Vec<&'static str>,
    /// The first word of the first part: a text without it cannot have the wording.
    key: &'static str,
}

impl Wording {
    fn of(what: &'static str) -> Wording {
        let (anchored, what) = match what.strip_prefix('^') {
            Some(rest) => (true, rest),
            None => (false, what),
        };
        let parts: Vec<&str> = what.split('…').map(str::trim).filter(|p| !p.is_empty()).collect();
        let key = parts.first().and_then(|p| words_of(p).next()).unwrap_or_default();
        Wording { anchored, parts, key }
    }
}

/// The runs of letters and digits of a text.
fn words_of(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty())
}

static LINES: LazyLock<Vec<Line>> = LazyLock::new(|| parse(TSV).0);

/// Every line of the file, and the numbers of the lines that are not `kind<TAB>what<TAB>words`.
fn parse(tsv: &'static str) -> (Vec<Line>, Vec<usize>) {
    let mut lines = Vec::new();
    let mut bad = Vec::new();
    let kind = |k: &str| match k {
        "layout" => Some(Kind::Layout),
        "type" => Some(Kind::Type),
        "text" => Some(Kind::Text),
        _ => None,
    };
    for record in records(tsv) {
        match record.fields[..] {
            [k, what, words] if kind(k).is_some() && !what.trim().is_empty() && !words.trim().is_empty() => {
                let kind = kind(k).unwrap_or(Kind::Text);
                let wording = if kind == Kind::Text { Wording::of(what.trim()) } else { Wording::default() };
                lines.push(Line { kind, what: what.trim(), words: words.trim(), wording });
            }
            _ => bad.push(record.number),
        }
    }
    (lines, bad)
}

/// Card types and supertypes: searched for any card, since they are the rules' own words.
const TYPES: [&str; 14] = [
    "Artifact",
    "Battle",
    "Creature",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Planeswalker",
    "Sorcery",
    "Legendary",
    "Basic",
    "Snow",
    "World",
    "Tribal",
];

/// The terms of a card, each once. `asked`: the stems of the question's words but the names
/// (sorted, each once); `stems`: how a text is stemmed. The abilities that share the most words
/// with the question are what it asks about: what the card's other abilities say counts for
/// less ([`ASIDE`]), unless no ability shares any.
pub(crate) fn terms(card: &CardData, asked: &[String], stems: &dyn Fn(&str) -> Vec<String>) -> Vec<Term> {
    let abilities: Vec<&str> =
        card.faces.iter().flat_map(|f| f.oracle_text.lines()).filter(|l| !l.trim().is_empty()).collect();
    let shared: Vec<usize> = abilities
        .iter()
        .filter(|_| !asked.is_empty())
        .map(|line| {
            let mut words = stems(line);
            words.sort();
            words.dedup();
            words.iter().filter(|s| asked.binary_search(s).is_ok()).count()
        })
        .collect();
    let most = shared.iter().copied().max().unwrap_or(0);
    let focus_of = |line: &str| {
        let at = abilities.iter().position(|a| *a == line);
        if most == 0 || at.is_none_or(|at| shared.get(at) == Some(&most)) {
            1.0
        } else {
            ASIDE
        }
    };
    let mut out: Vec<Term> = Vec::new();
    let mut add = |text: String, source: Source, focus: f32| match out
        .iter_mut()
        .find(|t| t.text == text && t.source == source)
    {
        Some(known) => known.focus = known.focus.max(focus),
        None => out.push(Term { text, source, focus }),
    };
    for keyword in &card.keywords {
        let lower = keyword.to_lowercase();
        let line = abilities.iter().find(|a| a.to_lowercase().starts_with(&lower)).copied().unwrap_or_default();
        add(quoted(keyword), Source::Keyword, focus_of(line));
    }
    for line in LINES.iter().filter(|l| l.kind == Kind::Layout && l.what == card.layout) {
        add(line.words.to_string(), Source::Type, 1.0);
    }
    for face in &card.faces {
        let (types, subtypes) = face.type_line.split_once('—').unwrap_or((&face.type_line, ""));
        for word in types.split_whitespace().filter(|w| TYPES.contains(w)) {
            add(word.to_lowercase(), Source::Text, 1.0);
        }
        for word in types.split_whitespace().chain(subtypes.split_whitespace()) {
            for line in LINES.iter().filter(|l| l.kind == Kind::Type && l.what == word) {
                add(line.words.to_string(), Source::Type, 1.0);
            }
        }
        if face.toughness.as_deref().is_some_and(|t| t.trim() == "0") {
            // Said of this card alone, unlike a type line's words: weighed as its wording is.
            add(ZERO_TOUGHNESS.to_string(), Source::Implied, 1.0);
        }
        for ability in face.oracle_text.lines().filter(|l| !l.trim().is_empty()) {
            let focus = focus_of(ability);
            let text = ability.to_lowercase();
            let sentences = sentences(&text);
            let mut words: Vec<&str> = words_of(&text).collect();
            words.sort_unstable();
            let may = |wording: &Wording| words.binary_search(&wording.key).is_ok();
            for line in
                LINES.iter().filter(|l| l.kind == Kind::Text && may(&l.wording) && says_in(&sentences, &l.wording))
            {
                add(line.words.to_string(), Source::Implied, focus);
            }
            let own = without_names(ability, card);
            if !own.trim().is_empty() {
                add(own, Source::Text, focus);
            }
        }
    }
    out
}

/// What a creature printed with toughness 0 is asked about: whether it dies as it enters
/// without its counters (`Walking Ballista` cast for 0), the state-based action of toughness 0.
const ZERO_TOUGHNESS: &str = "\"toughness 0 or less\"";

/// A phrase of several words in quotes, so that `First strike` is searched as one.
fn quoted(text: &str) -> String {
    if text.contains(char::is_whitespace) {
        format!("\"{text}\"")
    } else {
        text.to_string()
    }
}

/// Whether a text (lower case) has a wording of the file: its parts in order within one
/// sentence, each a whole run of words; a leading `^` ties the first to the sentence's start.
#[cfg(test)]
fn says(text: &str, wording: &'static str) -> bool {
    says_in(&sentences(text), &Wording::of(wording))
}

/// The sentences of a text, a planeswalker's loyalty cost left out of the sentence it pays for.
fn sentences(text: &str) -> Vec<&str> {
    text.split(['\n', '.'])
        .map(|sentence| {
            let sentence = sentence.trim_start();
            match sentence.split_once(": ") {
                Some((cost, rest)) if cost.chars().all(|c| "+-−0123456789x".contains(c)) => rest,
                _ => sentence,
            }
        })
        .collect()
}

fn says_in(sentences: &[&str], wording: &Wording) -> bool {
    !wording.parts.is_empty()
        && sentences.iter().any(|sentence| {
            let mut from = 0;
            for (i, part) in wording.parts.iter().enumerate() {
                match find_words(sentence, part, from) {
                    Some(at) if !(wording.anchored && i == 0 && at != 0) => from = at + part.len(),
                    _ => return false,
                }
            }
            true
        })
}

/// Where `part` first stands in `text` from `from` on as whole words: not inside a longer word
/// on either side. Compared byte by byte: sentences are short, and a searcher's set-up cost more
/// than the search, for each of the file's wordings in each ability of each card named.
fn find_words(text: &str, part: &str, from: usize) -> Option<usize> {
    let word_char = |c: char| c.is_alphanumeric();
    let (haystack, needle) = (text.as_bytes(), part.as_bytes());
    let first = *needle.first()?;
    let last_start = haystack.len().checked_sub(needle.len())?;
    (from..=last_start).find(|&at| {
        haystack[at] == first && &haystack[at..at + needle.len()] == needle && {
            let before = text[..at].chars().next_back();
            let after = text[at + part.len()..].chars().next();
            let starts = !part.starts_with(word_char) || !before.is_some_and(word_char);
            let ends = !part.ends_with(word_char) || !after.is_some_and(word_char);
            starts && ends
        }
    })
}

/// The Oracle text without the card's own names (full, faces', before the comma), and without
/// mana symbols but `{T}` and `{Q}`, which say tap and untap.
fn without_names(text: &str, card: &CardData) -> String {
    let mut names: Vec<&str> = vec![card.name.as_str()];
    for face in &card.faces {
        names.push(&face.name);
        if let Some((short, _)) = face.name.split_once(',') {
            names.push(short);
        }
    }
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut out = text.to_string();
    for name in names.iter().filter(|n| !n.is_empty()) {
        out = out.replace(name, " ");
    }
    let mut plain = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(open) = rest.find('{') {
        plain.push_str(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
        plain.push_str(match &rest[open..close] {
            "{T}" => " tap ",
            "{Q}" => " untap ",
            _ => " ",
        });
        rest = &rest[close..];
    }
    plain.push_str(rest);
    plain.replace(['—', '•'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::card_of as card;

    fn words(text: &str) -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
    }

    fn texts(card: &CardData, source: Source) -> Vec<String> {
        terms(card, &[], &words).into_iter().filter(|t| t.source == source).map(|t| t.text).collect()
    }

    #[test]
    fn the_file_has_no_bad_line() {
        let (lines, bad) = parse(TSV);
        assert!(bad.is_empty(), "lines that are not `kind<TAB>what<TAB>words`: {bad:?}");
        assert!(lines.len() > 50);
    }

    #[test]
    fn a_legendary_creature_with_a_replacement_effect() {
        let kalitas = card(
            "Kalitas, Traitor of Ghet",
            "normal",
            &[(
                "Kalitas, Traitor of Ghet",
                "Legendary Creature — Vampire Warrior",
                "Lifelink\nIf a nontoken creature an opponent controls would die, instead exile that card and create a 2/2 black Zombie creature token.\n{2}{B}, Sacrifice another Vampire or Zombie: Put two +1/+1 counters on Kalitas.",
            )],
            &["Lifelink"],
        );
        assert_eq!(texts(&kalitas, Source::Keyword), ["Lifelink"]);
        assert_eq!(texts(&kalitas, Source::Type), ["legendary \"legend rule\""]);
        assert_eq!(texts(&kalitas, Source::Implied), ["instead \"replacement effect\""]);
        let text = texts(&kalitas, Source::Text);
        assert_eq!(text[..3], ["legendary", "creature", "Lifelink"], "types, then each ability");
        assert_eq!(
            text[4], "  , Sacrifice another Vampire or Zombie: Put two +1/+1 counters on  .",
            "no name, no mana"
        );
    }

    #[test]
    fn layouts_subtypes_and_wordings_imply_rules_words() {
        let giant = card(
            "Bonecrusher Giant // Stomp",
            "adventure",
            &[
                ("Bonecrusher Giant", "Creature — Giant", "Whenever this creature becomes the target of a spell, this creature deals 2 damage to that spell's controller."),
                ("Stomp", "Instant — Adventure", "Damage can't be prevented this turn. Stomp deals 2 damage to any target."),
            ],
            &[],
        );
        assert_eq!(texts(&giant, Source::Type), ["\"adventurer card\" adventure", "adventure"]);
        assert_eq!(
            texts(&giant, Source::Implied),
            ["\"triggered ability\" trigger", "\"triggered ability\" becomes", "\"can't be prevented\""]
        );
        let vents = card(
            "Steam Vents",
            "normal",
            &[(
                "Steam Vents",
                "Land — Island Mountain",
                "({T}: Add {U} or {R}.)\nAs this land enters, you may pay 2 life. If you don't, it enters tapped.",
            )],
            &[],
        );
        assert!(texts(&vents, Source::Type).contains(&"island \"basic land type\"".to_string()));
        let implied = texts(&vents, Source::Implied);
        assert!(implied.contains(&"\"mana ability\"".to_string()), "{implied:?}");
        assert!(implied.contains(&"\"replacement effect\" \"static ability\"".to_string()), "{implied:?}");
        assert!(texts(&vents, Source::Text)[1].contains(" tap : Add"), "{:?}", texts(&vents, Source::Text));
    }

    #[test]
    fn a_creature_printed_with_toughness_0_asks_whether_it_dies() {
        let text = "This creature enters with X +1/+1 counters on it.";
        let mut ballista =
            card("Walking Ballista", "normal", &[("Walking Ballista", "Artifact Creature — Construct", text)], &[]);
        ballista.faces[0].toughness = Some("0".into());
        assert!(texts(&ballista, Source::Implied).contains(&ZERO_TOUGHNESS.to_string()));
        ballista.faces[0].toughness = Some("1".into());
        assert!(!texts(&ballista, Source::Implied).contains(&ZERO_TOUGHNESS.to_string()));
    }

    #[test]
    fn wordings_match_whole_words_within_a_sentence() {
        assert!(says("if a card would be put into a graveyard, exile it instead.", "would … instead"));
        assert!(!says("if a card would die. exile it instead.", "would … instead"));
        assert!(says("as this land enters, you may pay 2 life.", "^as … enters"));
        assert!(!says("you may pay 2 life as this land enters.", "^as … enters"));
        assert!(says("0: until end of turn, this becomes a creature.\n+1: when it dies, draw.", "^when"));
        assert!(!says("prevention", "prevent"));
        assert!(says("creatures you control get +1/+1.", "get +"));
    }

    #[test]
    fn the_abilities_the_question_speaks_of_count_more() {
        let necropotence = card(
            "Necropotence",
            "normal",
            &[(
                "Necropotence",
                "Enchantment",
                "Skip your draw step.\nWhenever you discard a card, exile that card from your graveyard.",
            )],
            &[],
        );
        let focus = |asked: &[&str]| -> Vec<(String, f32)> {
            let asked: Vec<String> = asked.iter().map(|w| w.to_string()).collect();
            let terms = terms(&necropotence, &asked, &words);
            terms.into_iter().filter(|t| t.source == Source::Implied).map(|t| (t.text, t.focus)).collect()
        };
        let skip = "skip \"replacement effect\" \"instead of doing\" \"do nothing\"".to_string();
        let trigger = "\"triggered ability\" trigger".to_string();
        assert_eq!(focus(&["draw", "step"]), [(skip.clone(), 1.0), (trigger.clone(), ASIDE)]);
        assert_eq!(focus(&["banana"]), [(skip, 1.0), (trigger, 1.0)], "no ability speaks of it: all count");
    }
}
