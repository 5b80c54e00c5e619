//! Noun phrases → selectors: `other Elf creatures you control`, `nonbasic lands`, `artifacts,
//! creatures, and lands your opponents control`, `enchanted creature`, `~`. Only what a
//! `SelectorSpec` says exactly; any other word leaves the phrase unmodelled, with the test the
//! model lacks named.

use super::words::{self, SubtypeKind};
use super::{why, Unmodelled};
use crate::model::{SelectorSpec, Word, Zone};

/// The words after a noun that say whose or where it is, and what they add to the selector.
/// What words after a noun add to its selector.
type Narrow = fn(&mut SelectorSpec);

const AFTER: [(&str, Narrow); 21] = [
    (" with a +1/+1 counter on it", |s| s.counter = Some("+1/+1".into())),
    (" with +1/+1 counters on them", |s| s.counter = Some("+1/+1".into())),
    (" with one or more +1/+1 counters on it", |s| s.counter = Some("+1/+1".into())),
    (" with a -1/-1 counter on it", |s| s.counter = Some("-1/-1".into())),
    (" you control", |s| s.controller = Some("you".into())),
    (" your opponents control", |s| s.controller = Some("opponents".into())),
    (" an opponent controls", |s| s.controller = Some("opponents".into())),
    (" you don't control", |s| s.controller = Some("opponents".into())),
    (" you own", |s| s.owner = Some("you".into())),
    (" your opponents own", |s| s.owner = Some("opponents".into())),
    (" an opponent owns", |s| s.owner = Some("opponents".into())),
    (" in your graveyard", |s| {
        s.zone = Some(Zone::Graveyard);
        s.controller = Some("you".into());
    }),
    (" in all graveyards", |s| s.zone = Some(Zone::Graveyard)),
    (" in graveyards", |s| s.zone = Some(Zone::Graveyard)),
    (" in libraries", |s| s.zone = Some(Zone::Library)),
    (" in your hand", |s| {
        s.zone = Some(Zone::Hand);
        s.controller = Some("you".into());
    }),
    (" with no abilities", |s| s.no_abilities = true),
    // A choice made as the face entered (`choice::specific`), given by the scenario's `chosen:`.
    (" of $chosen_creature_type", |s| s.subtypes.push(Word::new("$chosen_creature_type"))),
    (" of $chosen_basic_land_type", |s| s.subtypes.push(Word::new("$chosen_basic_land_type"))),
    (" of $chosen_card_type", |s| s.types.push(Word::new("$chosen_card_type"))),
    (" of $chosen_color", |s| s.colors.push(Word::new("$chosen_color"))),
];

/// The objects a phrase names: one selector, or several when the phrase joins kinds of objects
/// that one selector cannot say (`creatures and nonbasic lands`).
pub(super) fn objects(np: &str) -> Result<Vec<SelectorSpec>, Unmodelled> {
    let np = np.trim();
    if let Some(one) = named(np) {
        return Ok(vec![one]);
    }
    // A leading `other` is said of every part (`other Treefolk and Forests you control`); the
    // words after the last part, of every part that has none of its own.
    let (other, list) = match np.strip_prefix("other ") {
        Some(rest) => (true, rest),
        None => (false, np),
    };
    let parts: Vec<(String, Vec<Narrow>)> = split_list(list).iter().map(|p| strip_after(p)).collect();
    let shared = parts.last().map(|(_, after)| after.clone()).unwrap_or_default();
    let mut out: Vec<SelectorSpec> = Vec::new();
    for (part, after) in &parts {
        let mut s = part_of(part).map_err(|word| reason(np, &word))?;
        s.other |= other;
        for apply in if after.is_empty() { &shared } else { after } {
            apply(&mut s);
        }
        out.push(s);
    }
    // Bare card types joined make one selector with `any_types` (`artifacts and creatures`).
    if out.len() > 1
        && out.iter().all(|s| bare_type(s).is_some())
        && out.windows(2).all(|w| same_but_types(&w[0], &w[1]))
    {
        let types: Vec<Word> = out.iter().filter_map(bare_type).collect();
        let one = SelectorSpec { types: vec![], any_types: types, ..out[0].clone() };
        return Ok(vec![one]);
    }
    for s in &mut out {
        if *s == SelectorSpec::default() {
            s.all = true;
        }
    }
    Ok(out)
}

/// One selector for the phrase, or why not.
pub(super) fn object(np: &str) -> Result<SelectorSpec, Unmodelled> {
    let mut all = objects(np)?;
    if all.len() == 1 {
        Ok(all.remove(0))
    } else {
        Err(why(format!("the selector `{np}` joins kinds of objects no one selector says")))
    }
}

/// One selector for a phrase that may join kinds of one subtype each (`a Plains or an Island`):
/// an object of any of them, for what needs one selector (a condition).
pub(super) fn object_of_any_subtype(np: &str) -> Result<SelectorSpec, Unmodelled> {
    let all = objects(np)?;
    let one_subtype_each = all.iter().all(|s| s.subtypes.len() == 1);
    if all.len() > 1 && one_subtype_each && all.windows(2).all(|w| same_but_subtypes(&w[0], &w[1])) {
        let any_subtypes = all.iter().map(|s| s.subtypes[0]).collect();
        return Ok(SelectorSpec { subtypes: vec![], any_subtypes, ..all[0].clone() });
    }
    object(np)
}

/// A protection's quality as a selector of sources: a colour, a card type, a subtype.
pub(super) fn quality(q: &str) -> Result<SelectorSpec, Unmodelled> {
    if q == "colorless" {
        return Ok(SelectorSpec { not_colors: crate::model::words(&words::COLORS), ..Default::default() });
    }
    if let Some(c) = words::color(q).or((q == "$chosen_color").then_some(q)) {
        return Ok(SelectorSpec { colors: vec![Word::new(c)], ..Default::default() });
    }
    let one: Vec<&str> = q.split(' ').collect();
    match one[..] {
        [w] if words::card_type(w).is_some() || words::subtype(w).is_some() => {
            part_of(w).map_err(|word| reason(q, &word))
        }
        _ => Err(why(format!("protection from {q}: a quality the model's selectors cannot say"))),
    }
}

/// The players a phrase names: `you`, `opponents` or `all`.
pub(super) fn players(p: &str) -> Option<Vec<String>> {
    let who = match p.trim() {
        "you" => "you",
        "an opponent" | "your opponents" | "each opponent" | "opponents" | "that player's opponents" => "opponents",
        "a player" | "players" | "each player" | "all players" => "all",
        _ => return None,
    };
    Some(vec![who.to_string()])
}

/// The face itself (`~`), or the object that has a granted ability.
pub(super) fn itself() -> SelectorSpec {
    SelectorSpec { itself: true, ..Default::default() }
}

/// The objects named rather than described: the face itself, what it is attached to.
fn named(np: &str) -> Option<SelectorSpec> {
    let np = np.strip_prefix("the ").unwrap_or(np);
    if np == "~" {
        return Some(itself());
    }
    let (adjective, noun) = np.split_once(' ')?;
    let attached = matches!(adjective, "enchanted" | "equipped" | "fortified");
    let thing = noun == "permanent" || words::card_type(noun).is_some_and(|t| !noun.ends_with('s') || t == "plains");
    (attached && thing).then(|| SelectorSpec { attached: true, ..Default::default() })
}

/// The phrase without the words after its nouns that it understands, and what they add.
fn strip_after(np: &str) -> (String, Vec<Narrow>) {
    let mut core = np.to_string();
    let mut applied = Vec::new();
    loop {
        let found = AFTER.iter().find(|(suffix, _)| core.ends_with(suffix));
        match found {
            Some((suffix, apply)) => {
                core.truncate(core.len() - suffix.len());
                applied.push(*apply);
            }
            None => break,
        }
    }
    (core.trim_end_matches(" on the battlefield").to_string(), applied)
}

/// `artifacts, creatures, and lands` → its three parts.
fn split_list(core: &str) -> Vec<String> {
    core.replace(", and/or ", ", ")
        .replace(" and/or ", ", ")
        .replace(", and ", ", ")
        .replace(", or ", ", ")
        .replace(" and ", ", ")
        .replace(" or ", ", ")
        .split(", ")
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// The card type of a selector that says nothing else but whose and where.
fn bare_type(s: &SelectorSpec) -> Option<Word> {
    let rest = SelectorSpec { types: vec![], controller: None, owner: None, zone: None, other: false, ..s.clone() };
    (s.types.len() == 1 && rest == SelectorSpec::default()).then(|| s.types[0])
}

/// Two selectors alike but for their card types.
fn same_but_types(a: &SelectorSpec, b: &SelectorSpec) -> bool {
    SelectorSpec { types: vec![], ..a.clone() } == SelectorSpec { types: vec![], ..b.clone() }
}

/// Two selectors alike but for their subtypes.
fn same_but_subtypes(a: &SelectorSpec, b: &SelectorSpec) -> bool {
    SelectorSpec { subtypes: vec![], ..a.clone() } == SelectorSpec { subtypes: vec![], ..b.clone() }
}

/// One noun with its adjectives (`other nonbasic lands`, `elf creatures`, `merfolk`); the word
/// it cannot read, if any.
fn part_of(part: &str) -> Result<SelectorSpec, String> {
    let mut s = SelectorSpec::default();
    let tokens: Vec<&str> = part.split_whitespace().collect();
    let Some((head, adjectives)) = tokens.split_last() else {
        return Err(part.to_string());
    };
    for (i, word) in adjectives.iter().enumerate() {
        match *word {
            "all" | "each" | "a" | "an" | "every" | "the" if i == 0 => {}
            "other" | "another" if s.types.is_empty() && s.subtypes.is_empty() => s.other = true,
            "colorless" => s.not_colors = crate::model::words(&words::COLORS),
            "token" => s.token = Some(true),
            "nontoken" => s.token = Some(false),
            w => adjective(&mut s, w).ok_or_else(|| w.to_string())?,
        }
    }
    match *head {
        "permanent" | "permanents" | "card" | "cards" | "source" | "sources" | "object" | "objects" => {}
        "other" | "others" => s.other = true,
        "token" | "tokens" => s.token = Some(true),
        w => {
            if let Some(t) = words::card_type(w) {
                s.types.push(Word::new(t));
            } else if let Some((sub, _)) = words::subtype(w) {
                s.subtypes.push(Word::new(&sub));
            } else {
                return Err(w.to_string());
            }
        }
    }
    Ok(s)
}

/// An adjective before the noun: a colour, a supertype, a card type or subtype, or `non-` one.
fn adjective(s: &mut SelectorSpec, word: &str) -> Option<()> {
    if let Some(rest) = word.strip_prefix("non") {
        let rest = rest.trim_start_matches('-');
        if let Some(c) = words::color(rest) {
            s.not_colors.push(Word::new(c));
        } else if let Some(t) = words::card_type(rest) {
            s.not_types.push(Word::new(t));
        } else if let Some(t) = words::supertype(rest) {
            s.not_supertypes.push(Word::new(t));
        } else if let Some((sub, _)) = words::subtype(rest) {
            s.not_subtypes.push(Word::new(&sub));
        } else {
            return None;
        }
        return Some(());
    }
    if let Some(c) = words::color(word) {
        s.colors.push(Word::new(c));
    } else if let Some(t) = words::supertype(word) {
        s.supertypes.push(Word::new(t));
    } else if let Some(t) = words::card_type(word).filter(|_| !word.ends_with('s') || word == "plains") {
        s.types.push(Word::new(t));
    } else if let Some((sub, kind)) = words::subtype(word) {
        // A planeswalker's or spell's type before a noun is a name more often than a type.
        if matches!(kind, SubtypeKind::Planeswalker) {
            return None;
        }
        s.subtypes.push(Word::new(&sub));
    } else {
        return None;
    }
    Some(())
}

/// Why a phrase is not a selector, in the words of the test it would need.
pub(super) fn reason(np: &str, word: &str) -> Unmodelled {
    let lacks = |what: &str| why(format!("the selector `{np}` needs {what} the model lacks"));
    let has = |w: &str| np.split(|c: char| !c.is_alphanumeric() && c != '-').any(|x| x == w);
    if np.contains('$') {
        return why(format!("the selector `{np}` uses a choice where the model's selectors cannot say it"));
    }
    if np.contains("chosen") {
        return why(format!(
            "the selector `{np}` depends on a choice not made as the card entered, which no scenario gives"
        ));
    }
    if has("power") || has("toughness") {
        return lacks("a power or toughness test");
    }
    if np.contains("mana value") || np.contains("mana cost") {
        return lacks("a mana value test");
    }
    if has("attacking") || has("blocking") || has("blocked") || has("attacks") {
        return lacks("a combat test");
    }
    if has("tapped") || has("untapped") {
        return lacks("a tapped test");
    }
    if has("named") {
        return lacks("a name test");
    }
    if has("counter") || has("counters") {
        return lacks("a counter test");
    }
    if has("multicolored") || has("monocolored") {
        return lacks("a count of colours");
    }
    if has("that") || has("which") || has("who") {
        return lacks("a relative clause");
    }
    if has("with") || has("without") {
        return lacks("a keyword or quality test");
    }
    if has("target") {
        return why(format!("`{np}`: a target, chosen as a spell or ability is put on the stack"));
    }
    why(format!("the selector `{np}`: the model's selectors cannot say `{word}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(np: &str) -> String {
        let all = objects(np).map_err(|e| e.why).unwrap();
        all.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join(" | ")
    }

    fn sel(yaml: &str) -> SelectorSpec {
        serde_yaml::from_str(yaml).unwrap()
    }

    #[test]
    fn noun_phrases_become_selectors() {
        let cases = [
            ("creatures you control", "{types: [creature], controller: you}"),
            ("other elf creatures you control", "{types: [creature], subtypes: [elf], controller: you, other: true}"),
            ("other merfolk", "{subtypes: [merfolk], other: true}"),
            ("nonbasic lands", "{types: [land], not_supertypes: [basic]}"),
            ("each other non-aura enchantment", "{types: [enchantment], not_subtypes: [aura], other: true}"),
            ("all permanents", "{all: true}"),
            ("permanents your opponents control", "{controller: opponents}"),
            (
                "artifacts, creatures, and lands your opponents control",
                "{any_types: [artifact, creature, land], controller: opponents}",
            ),
            ("an artifact or creature you control", "{any_types: [artifact, creature], controller: you}"),
            ("enchanted creature", "{attached: true}"),
            ("~", "{self: true}"),
            ("each noncreature artifact", "{types: [artifact], not_types: [creature]}"),
            ("creature cards in your graveyard", "{types: [creature], zone: graveyard, controller: you}"),
            ("non-wall creatures you control", "{types: [creature], not_subtypes: [wall], controller: you}"),
            ("creatures with no abilities", "{types: [creature], no_abilities: true}"),
            ("all nonland permanents", "{not_types: [land]}"),
            ("legendary creatures you control", "{types: [creature], supertypes: [legendary], controller: you}"),
            ("a giant source you control", "{subtypes: [giant], controller: you}"),
            ("creature tokens you control", "{types: [creature], token: true, controller: you}"),
            ("a nontoken creature an opponent controls", "{types: [creature], token: false, controller: opponents}"),
            ("each token", "{token: true}"),
            (
                "each creature you control with a +1/+1 counter on it",
                "{types: [creature], controller: you, counter: +1/+1}",
            ),
            ("nontoken permanents", "{token: false}"),
        ];
        for (np, expected) in cases {
            assert_eq!(objects(np).map_err(|e| e.why), Ok(vec![sel(expected)]), "{np}");
        }
        assert_eq!(
            objects("creatures and nonbasic lands your opponents control").unwrap().len(),
            2,
            "{}",
            yaml("creatures and nonbasic lands your opponents control")
        );
        assert_eq!(
            objects("other treefolk and forests you control").map_err(|e| e.why),
            Ok(vec![
                sel("{subtypes: [treefolk], controller: you, other: true}"),
                sel("{subtypes: [forest], controller: you, other: true}")
            ])
        );
        assert_eq!(objects("skeletons you control and other zombies you control").unwrap().len(), 2);
        assert_eq!(objects("cards in graveyards").map_err(|e| e.why), Ok(vec![sel("{zone: graveyard}")]));
        assert_eq!(
            objects("other creatures you control of $chosen_creature_type").map_err(|e| e.why),
            Ok(vec![sel("{types: [creature], subtypes: [$chosen_creature_type], controller: you, other: true}")])
        );
        assert_eq!(
            objects("creatures you control of $chosen_color").map_err(|e| e.why),
            Ok(vec![sel("{types: [creature], colors: [$chosen_color], controller: you}")])
        );
    }

    #[test]
    fn what_a_selector_cannot_say_is_named() {
        for (np, says) in [
            ("creatures with flying", "a keyword or quality test"),
            ("attacking creatures", "a combat test"),
            ("creatures of the chosen type", "a choice not made as the card entered"),
            ("creatures with power 2 or less", "a power or toughness test"),
        ] {
            let e = objects(np).unwrap_err();
            assert!(e.why.contains(says), "{np}: {}", e.why);
        }
    }
}
