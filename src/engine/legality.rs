//! What can target or block what, on the board as the layers leave it (`ask.can`). A target must
//! be what the spell or ability may target (601.2c), a permanent unless it says otherwise
//! (115.2), not the spell itself (115.5), and have no shroud, no hexproof against its source's
//! controller, and no protection from it (702.18, 702.11, 702.16b). A blocker must be an
//! untapped creature of the defending player (509.1a), under no restriction (509.1b): its own
//! "can't block", and the attacker's evasion abilities, each read from the abilities the layers
//! left (flying, fear, intimidate, landwalk, menace, protection 702.16f, shadow, horsemanship,
//! skulk, "can't be blocked"). Rules of the game (613.11) are read only where they name one
//! object; any other that speaks of targets or blocks is said, for the judge to check.
use super::effect::{Effect, EffectKind};
use super::resolve::Resolution;
use super::world::{has_quality, selector_matches};
use crate::model::board::Board;
use crate::model::characteristics::Characteristics;
use crate::model::legality::{Asked, Question};
use crate::model::pending::Target;
use crate::model::timestamp::Timestamp;
use crate::model::{protection, SelectorSpec, Zone};
use serde::Serialize;
use std::sync::Arc;

/// The answer to one question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The question in words: "Can Doom Blade target River Boa?"
    pub question: String,
    pub can: bool,
    /// What decides, each with its rule: what stops it, and what was weighed and does not.
    pub reasons: Vec<Reason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<bool>,
}

impl Verdict {
    /// A Yes that a rule of the game the answer does not apply may undo.
    pub fn unsure(&self) -> bool {
        self.can && self.reasons.iter().any(|r| r.unread)
    }

    /// The concepts of its reasons, in order, each once in a row.
    pub fn concepts(&self) -> Vec<&'static str> {
        let mut concepts: Vec<&'static str> = self.reasons.iter().map(|r| r.concept).collect();
        concepts.dedup();
        concepts
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reason {
    pub text: String,
    /// Whether this is what makes it illegal.
    pub stops: bool,
    /// A rule of the game the answer does not apply: a Yes is then to be checked.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unread: bool,
    #[serde(skip)]
    pub concept: &'static str,
}

pub fn verdicts(board: &Board, resolution: &Resolution) -> Vec<Verdict> {
    board.can.iter().map(|q| verdict(board, resolution, q)).collect()
}

/// The answers that differ from the scenario's `expect`.
pub fn check(verdicts: &[Verdict]) -> Vec<super::answer::Mismatch> {
    let word = |can: bool| if can { "yes" } else { "no" }.to_string();
    (verdicts.iter())
        .filter_map(|v| {
            let expected = v.expected.filter(|e| *e != v.can)?;
            Some(super::answer::Mismatch {
                object: v.question.clone(),
                characteristic: "can",
                expected: word(expected),
                actual: word(v.can),
            })
        })
        .collect()
}

fn verdict(board: &Board, r: &Resolution, q: &Question) -> Verdict {
    let look = Look { board, chars: &r.characteristics, players: &r.players, game_rules: &r.game_rules };
    let (question, reasons) = match &q.asked {
        Asked::Target { by, target, requirement } => {
            let whom = match target {
                Target::Object(t) => look.name(*t),
                Target::Player(p) => board.players[*p].clone(),
            };
            (format!("Can {} target {whom}?", look.name(*by)), look.targeting(*by, *target, requirement.as_deref()))
        }
        Asked::Block { attacker, blockers } => {
            let names: Vec<String> = blockers.iter().map(|b| look.name(*b)).collect();
            (format!("Can {} block {}?", and_list(&names), look.name(*attacker)), look.blocking(*attacker, blockers))
        }
    };
    let can = !reasons.iter().any(|r| r.stops);
    Verdict { question, can, reasons, expected: q.expect }
}

/// "A", "A and B", "A, B and C".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

struct Look<'a> {
    board: &'a Board,
    chars: &'a [Characteristics],
    players: &'a [Vec<String>],
    /// The effects on the rules of the game, in words (613.11): "Goblin Piker can't block."
    game_rules: &'a [String],
}

impl Look<'_> {
    /// Its name, with its id when another object has the same name.
    fn name(&self, i: usize) -> String {
        let name = &self.chars[i].name;
        if self.chars.iter().filter(|c| &c.name == name).count() > 1 {
            format!("{name} ({})", self.board.objects[i].id)
        } else {
            name.clone()
        }
    }

    fn zone(&self, i: usize) -> Zone {
        self.board.objects[i].zone
    }

    fn targeting(&self, by: usize, target: Target, requirement: Option<&SelectorSpec>) -> Vec<Reason> {
        let source = &self.chars[by];
        let spell = self.zone(by) == Zone::Stack;
        let mut out = Vec::new();
        let (whom, abilities, controller): (String, Vec<&str>, usize) = match target {
            Target::Object(t) => {
                let c = &self.chars[t];
                if t == by && spell {
                    out.push(stop(format!("{} can't target itself", self.name(t)), "target-itself"));
                }
                if let Some(reason) = self.requirement_fails(by, t, requirement) {
                    out.push(reason);
                }
                (self.name(t), c.abilities.iter().map(|a| a.text.as_str()).collect(), c.controller)
            }
            Target::Player(p) => {
                (self.board.players[p].clone(), self.players[p].iter().map(String::as_str).collect(), p)
            }
        };
        if let Target::Object(t) = target {
            out.extend(lost(&self.chars[t], &self.board.objects[t].printed, &whom, &UNTARGETABLE));
        }
        let opponent = source.controller != controller;
        let them = if matches!(target, Target::Player(_)) { "them" } else { "it" };
        let what = if spell { "spells" } else { "abilities" };
        for text in abilities {
            let lower = text.to_lowercase();
            if lower == "shroud" {
                out.push(stop(format!("{whom} has shroud: no spell or ability can target {them}"), "shroud"));
            } else if lower == "hexproof" {
                let concept = if matches!(target, Target::Player(_)) { "hexproof-player" } else { "hexproof" };
                out.push(if opponent {
                    stop(format!("{whom} has hexproof, and an opponent controls {}", self.name(by)), concept)
                } else {
                    pass(format!("{whom} has hexproof, which stops only its opponents' {what}"), concept)
                });
            } else if let Some(rest) = lower.strip_prefix("hexproof from ") {
                let quality = protection::quality(&format!("protection from {rest}")).flatten();
                let of_quality = quality.as_ref().is_some_and(|q| self.is_of_quality(q, by, controller));
                if of_quality && opponent {
                    out.push(stop(
                        format!("{whom} has {text}, and an opponent controls {}", self.name(by)),
                        "hexproof-from",
                    ));
                } else if of_quality {
                    out.push(pass(
                        format!("{whom} has {text}, which stops only its opponents' {what}"),
                        "hexproof-from",
                    ));
                } else if quality.is_some() {
                    out.push(pass(
                        format!("{whom} has {text}, and {} does not have that quality", self.name(by)),
                        "hexproof-from",
                    ));
                }
            } else if lower == "ward" || lower.starts_with("ward ") || lower.starts_with("ward—") {
                out.push(pass(
                    format!("{whom} has {text}: it can be targeted, and its ward ability then triggers"),
                    "ward",
                ));
            }
        }
        self.rules_not_read("target", "target-appropriate", &mut out);
        for (text, quality) in self.protections(target) {
            let met = quality.as_ref().is_none_or(|q| self.is_of_quality(q, by, controller));
            let reason = format!(
                "{whom} has {text}, and {} {}",
                self.name(by),
                if met { "has that quality" } else { "does not have that quality" }
            );
            out.push(if met { stop(reason, "protection-target") } else { pass(reason, "protection-target") });
        }
        out
    }

    /// Why the object is not what the spell may target (601.2c), or not a permanent when the
    /// scenario does not say (115.2).
    fn requirement_fails(&self, by: usize, t: usize, requirement: Option<&SelectorSpec>) -> Option<Reason> {
        let zone = self.zone(t);
        match requirement {
            Some(s) => {
                let effect = effect_of(by, self.chars[by].controller);
                let named = SelectorSpec { zone: s.zone.or(Some(Zone::Battlefield)), ..s.clone() };
                (!selector_matches(self.board, &named, t, zone, &self.chars[t], &effect)).then(|| {
                    stop(
                        format!("{} is not what {} may target ({})", self.name(t), self.name(by), self.shown(t)),
                        "target-appropriate",
                    )
                })
            }
            None => (zone != Zone::Battlefield && zone != Zone::Stack).then(|| {
                stop(
                    format!("{} is not on the battlefield: only permanents are legal targets unless the spell says otherwise", self.name(t)),
                    "target-permanents",
                )
            }),
        }
    }

    /// The object as the requirement sees it: its type line and colours.
    fn shown(&self, i: usize) -> String {
        let c = &self.chars[i];
        let types: Vec<_> = c.supertypes.iter().chain(&c.types).copied().collect();
        let mut out = super::describe::words(&types);
        if !c.subtypes.is_empty() {
            out.push_str(&format!(" — {}", super::describe::words(&c.subtypes)));
        }
        out.push_str(&format!(", {}", super::describe::colors(&c.colors)));
        match self.zone(i) {
            Zone::Battlefield => {}
            Zone::Exile => out.push_str(", in exile"),
            Zone::Stack => out.push_str(", on the stack"),
            z => out.push_str(&format!(", in the {}", super::events::describe::zone(z))),
        }
        out
    }

    /// The protections of the target, each with its quality (`None`: from everything).
    fn protections(&self, target: Target) -> Vec<(String, Option<SelectorSpec>)> {
        match target {
            Target::Object(t) => self.chars[t]
                .abilities
                .iter()
                .filter_map(|a| {
                    let quality = match &a.generates {
                        Some(g) => protection::quality_of(&a.text, &g.body),
                        None => protection::quality(&a.text),
                    }?;
                    Some((a.text.to_string(), quality))
                })
                .collect(),
            Target::Player(p) => {
                self.players[p].iter().filter_map(|text| protection::quality(text).map(|q| (text.clone(), q))).collect()
            }
        }
    }

    /// Whether `source` has the quality, for a protection of a permanent or player controlled by
    /// `holder`.
    fn is_of_quality(&self, q: &SelectorSpec, source: usize, holder: usize) -> bool {
        has_quality(self.board, q, source, &self.chars[source], &effect_of(source, holder))
    }

    fn blocking(&self, attacker: usize, blockers: &[usize]) -> Vec<Reason> {
        let a = &self.chars[attacker];
        let mut out = Vec::new();
        if self.zone(attacker) != Zone::Battlefield || !a.has_type("creature") {
            out.push(stop(
                format!("{} is not a creature on the battlefield: it is not attacking", self.name(attacker)),
                "block-declare",
            ));
        }
        out.extend(lost(a, &self.board.objects[attacker].printed, &self.name(attacker), &EVASION));
        if has_text(a, "can't be blocked") || self.rule_of(&a.name, "can't be blocked") {
            out.push(stop(format!("{} can't be blocked", self.name(attacker)), "block-restrictions"));
        }
        if a.has_keyword("menace") {
            let reason = format!("{} has menace", self.name(attacker));
            out.push(if blockers.len() < 2 {
                stop(format!("{reason}: it can't be blocked except by two or more creatures"), "menace")
            } else {
                pass(format!("{reason}, and {} creatures block it", blockers.len()), "menace")
            });
        }
        for &b in blockers {
            self.blocker(attacker, b, &mut out);
        }
        self.rules_not_read("block", "block-restrictions", &mut out);
        out
    }

    /// Whether a rule of the game says `what` of the object of that name itself ("Goblin Piker
    /// can't block.").
    fn rule_of(&self, name: &str, what: &str) -> bool {
        self.game_rules.iter().any(|rule| same_text(rule, what, name))
    }

    /// The rules of the game that speak of `word` and that the question does not read (their
    /// subject is not one object by its name): said, so that the judge checks them.
    fn rules_not_read(&self, word: &str, concept: &'static str, out: &mut Vec<Reason>) {
        for rule in self.game_rules {
            // A rule said of one object by its name is read where it is about the object asked.
            let of_one = self
                .chars
                .iter()
                .any(|c| same_text(rule, "can't block", &c.name) || same_text(rule, "can't be blocked", &c.name));
            if !of_one && rule.to_lowercase().contains(word) {
                out.push(Reason {
                    text: format!("a rule of the game this answer does not apply: \"{rule}\"; check it"),
                    stops: false,
                    unread: true,
                    concept,
                });
            }
        }
    }

    /// What stops `b` from blocking `attacker`, or what was weighed and does not.
    fn blocker(&self, attacker: usize, b: usize, out: &mut Vec<Reason>) {
        let (a, c) = (&self.chars[attacker], &self.chars[b]);
        let (an, bn) = (self.name(attacker), self.name(b));
        if self.zone(b) != Zone::Battlefield || !c.has_type("creature") {
            out.push(stop(format!("{bn} is not a creature on the battlefield"), "block-declare"));
            return;
        }
        if c.has_type("battle") {
            out.push(stop(format!("{bn} is a battle, which can't block"), "block-declare"));
        }
        if self.board.objects[b].tapped {
            out.push(stop(format!("{bn} is tapped: the creatures chosen to block must be untapped"), "block-declare"));
        }
        if c.controller == a.controller {
            out.push(stop(
                format!("{bn} and {an} have the same controller, who is not the defending player"),
                "block-declare",
            ));
        }
        if has_text(c, "can't block") || self.rule_of(&c.name, "can't block") {
            out.push(stop(format!("{bn} can't block"), "block-restrictions"));
        }
        let has = |ch: &Characteristics, k: &str| ch.has_keyword(k);
        if has(a, "flying") {
            let by = ["flying", "reach"].into_iter().find(|k| has(c, k));
            out.push(match by {
                Some(k) => pass(format!("{an} has flying, and {bn} has {k}"), "flying"),
                None => stop(format!("{an} has flying, and {bn} has neither flying nor reach"), "flying"),
            });
        }
        if has(a, "fear") {
            let ok = c.has_type("artifact") || c.has_color("black");
            let reason = format!(
                "{an} has fear, and {bn} is {}",
                if ok { "an artifact or black" } else { "neither an artifact nor black" }
            );
            out.push(if ok { pass(reason, "fear") } else { stop(reason, "fear") });
        }
        if has(a, "intimidate") {
            let shared = c.colors.iter().any(|x| a.colors.contains(x));
            let ok = c.has_type("artifact") || shared;
            let reason = format!(
                "{an} has intimidate, and {bn} {}",
                if ok {
                    "is an artifact or shares a color with it"
                } else {
                    "is not an artifact and shares no color with it"
                }
            );
            out.push(if ok { pass(reason, "intimidate") } else { stop(reason, "intimidate") });
        }
        for (k, concept) in [("shadow", "shadow"), ("horsemanship", "horsemanship")] {
            let (on_a, on_b) = (has(a, k), has(c, k));
            let blocks = if k == "shadow" { on_a == on_b } else { !on_a || on_b };
            if on_a || (k == "shadow" && on_b) {
                let reason = format!(
                    "{an} {} {k}, and {bn} {} {k}",
                    if on_a { "has" } else { "does not have" },
                    if on_b { "has" } else { "does not have" }
                );
                out.push(if blocks { pass(reason, concept) } else { stop(reason, concept) });
            }
        }
        if has(a, "skulk") {
            if let (Some(pa), Some(pb)) = (a.power, c.power) {
                let reason = format!("{an} has skulk, and {bn}'s power is {pb} against its {pa}");
                out.push(if pb > pa { stop(reason, "skulk") } else { pass(reason, "skulk") });
            }
        }
        for (text, quality) in self.protections(Target::Object(attacker)) {
            let met = quality.as_ref().is_none_or(|q| self.is_of_quality(q, b, a.controller));
            let reason = format!(
                "{an} has {text}, and {bn} {}",
                if met { "has that quality" } else { "does not have that quality" }
            );
            out.push(if met { stop(reason, "protection-block") } else { pass(reason, "protection-block") });
        }
        for x in &a.abilities {
            if let Some(walk) = Landwalk::read(&x.text) {
                let land = self.lands_of(c.controller).find(|l| walk.finds(&self.chars[*l]));
                let defending = &self.board.players[c.controller];
                out.push(match land {
                    Some(l) => stop(
                        format!(
                            "{an} has {}, and the defending player, {defending}, controls {}",
                            x.text,
                            self.name(l)
                        ),
                        "landwalk",
                    ),
                    None => pass(
                        format!("{an} has {}, and the defending player, {defending}, controls no such land", x.text),
                        "landwalk",
                    ),
                });
            }
        }
    }

    /// The lands on the battlefield `player` controls.
    fn lands_of(&self, player: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.chars.len()).filter(move |&i| {
            self.zone(i) == Zone::Battlefield
                && !self.board.objects[i].ceased
                && self.chars[i].controller == player
                && self.chars[i].has_type("land")
        })
    }
}

/// Whether an ability's text is `what` said of the object itself: "can't block", "~ can't
/// block", "Grizzly Bears can't block", "This creature can't block".
fn same_text(text: &str, what: &str, name: &str) -> bool {
    let t = text.trim().trim_end_matches('.').replace('’', "'").to_lowercase();
    let Some(subject) = t.strip_suffix(what) else { return false };
    let subject = subject.trim();
    subject.is_empty() || subject == "~" || subject == "this creature" || subject == name.to_lowercase()
}

/// Landwalk as its text names it (702.14a): "islandwalk", "nonbasic landwalk", "snow swampwalk",
/// "legendary landwalk", "artifact landwalk".
struct Landwalk {
    subtype: Option<String>,
    words: Vec<String>,
}

impl Landwalk {
    fn read(text: &str) -> Option<Landwalk> {
        let lower = text.trim().to_lowercase();
        let mut words: Vec<String> = lower.split_whitespace().map(str::to_string).collect();
        let last = words.pop()?;
        let base = last.strip_suffix("walk").filter(|b| !b.is_empty() && b.chars().all(|c| c.is_ascii_alphabetic()))?;
        let known = |w: &str| {
            w == "nonbasic"
                || crate::model::characteristics::SUPERTYPES.contains(&w)
                || crate::model::characteristics::CARD_TYPES.contains(&w)
        };
        if !words.iter().all(|w| known(w)) {
            return None;
        }
        let subtype = (base != "land").then(|| base.to_string());
        if subtype.is_none() && words.is_empty() {
            return None;
        }
        Some(Landwalk { subtype, words })
    }

    fn finds(&self, land: &Characteristics) -> bool {
        self.subtype.as_deref().is_none_or(|s| land.has_subtype(s))
            && self.words.iter().all(|w| match w.as_str() {
                "nonbasic" => !land.has_supertype("basic"),
                w => land.has_supertype(w) || land.has_type(w),
            })
    }
}

/// The keywords that restrict what can block a creature, each with its concept.
const EVASION: [(&str, &str); 8] = [
    ("flying", "flying"),
    ("fear", "fear"),
    ("intimidate", "intimidate"),
    ("menace", "menace"),
    ("shadow", "shadow"),
    ("horsemanship", "horsemanship"),
    ("skulk", "skulk"),
    ("can't be blocked", "block-restrictions"),
];

/// The keywords that stop targeting, each with its concept.
const UNTARGETABLE: [(&str, &str); 2] = [("hexproof", "hexproof"), ("shroud", "shroud")];

/// What the object printed of `keywords` and no longer has once the layers applied, said so
/// that the answer shows why it does not count (a Serra Angel under Humility).
fn lost(
    now: &Characteristics,
    printed: &Characteristics,
    name: &str,
    keywords: &[(&str, &'static str)],
) -> Vec<Reason> {
    (keywords.iter())
        .filter(|(k, _)| has_text(printed, k) && !has_text(now, k))
        .map(|(k, concept)| pass(format!("{name} no longer has {k}"), concept))
        .collect()
}

/// Whether the object has the keyword, or the restriction said of itself.
fn has_text(c: &Characteristics, keyword: &str) -> bool {
    c.has_keyword(keyword) || c.abilities.iter().any(|a| same_text(&a.text, keyword, &c.name))
}

fn stop(text: String, concept: &'static str) -> Reason {
    Reason { text, stops: true, unread: false, concept }
}

fn pass(text: String, concept: &'static str) -> Reason {
    Reason { text, stops: false, unread: false, concept }
}

/// The effect a selector of the question is read for: `you` is `controller`.
fn effect_of(source: usize, controller: usize) -> Effect {
    Effect {
        key: String::new(),
        text: String::new(),
        source: Some(source),
        controller,
        timestamp: Timestamp { time: 0, order: 0 },
        kind: EffectKind::Static,
        ability: None,
        body: Arc::new(crate::model::EffectBody::default()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn landwalk_is_read_from_its_text() {
        let island = Landwalk::read("Islandwalk").expect("islandwalk");
        assert_eq!(island.subtype.as_deref(), Some("island"));
        let nonbasic = Landwalk::read("nonbasic landwalk").expect("nonbasic landwalk");
        assert_eq!((nonbasic.subtype, nonbasic.words), (None, vec!["nonbasic".to_string()]));
        let snow = Landwalk::read("snow swampwalk").expect("snow swampwalk");
        assert_eq!((snow.subtype.as_deref(), snow.words.len()), (Some("swamp"), 1));
        assert!(Landwalk::read("landwalk").is_none());
        assert!(Landwalk::read("sidewalk of doom").is_none());
        assert!(Landwalk::read("flying").is_none());
    }

    #[test]
    fn a_restriction_is_read_of_the_object_itself() {
        assert!(same_text("Can't block.", "can't block", "Goblin"));
        assert!(same_text("Goblin Gang can’t block", "can't block", "Goblin Gang"));
        assert!(same_text("~ can't block.", "can't block", "x"));
        assert!(!same_text("Creatures your opponents control can't block", "can't block", "x"));
        assert!(!same_text("can't block alone", "can't block", "x"));
    }
}
