//! The state the layers work on: every object's current characteristics, and the questions
//! effects ask of it (which objects a selector names, what an amount is worth, which effects
//! exist now).

use super::effect::{Effect, EffectKind};
use crate::model::board::Board;
use crate::model::characteristics::Characteristics;
use crate::model::{Amount, Counted, SelectorSpec, Word, Zone};

#[derive(Clone, Debug)]
pub struct World<'b> {
    pub board: &'b Board,
    pub objects: Vec<Characteristics>,
    /// Objects that exist at the moment being computed; a state "as of" an earlier timestamp
    /// leaves out what came later (611.2c).
    pub present: Vec<bool>,
    /// Only resolved effects created before this existed then.
    pub cutoff: Option<crate::model::timestamp::Timestamp>,
}

impl<'b> World<'b> {
    pub fn new(board: &'b Board, present: Vec<bool>, cutoff: Option<crate::model::timestamp::Timestamp>) -> Self {
        let objects = board.objects.iter().map(|o| o.printed.clone()).collect();
        World { board, objects, present, cutoff }
    }

    pub fn zone(&self, object: usize) -> Zone {
        self.board.objects[object].zone
    }

    /// Every effect that exists now: static abilities of objects on the battlefield, defining
    /// abilities wherever their object is (604.3), and resolved effects.
    pub fn live_effects(&self) -> Vec<Effect> {
        let mut effects = Vec::new();
        for index in 0..self.objects.len() {
            self.object_effects(index, &mut effects);
        }
        self.resolved_effects(&mut effects);
        effects
    }

    /// The effects the object's abilities generate now, in the order of its abilities: they
    /// change only when its abilities or its controller do.
    pub fn object_effects(&self, index: usize, effects: &mut Vec<Effect>) {
        if !self.present[index] {
            return;
        }
        let (def, chars) = (&self.board.objects[index], &self.objects[index]);
        for ability in &chars.abilities {
            let Some(generated) = &ability.generates else { continue };
            // 113.6: a static ability works from the battlefield, unless its text states the
            // zones it works from (113.6b); a characteristic-defining one works everywhere (113.6a).
            let works_here = match generated.zones.as_slice() {
                [] => def.zone == Zone::Battlefield,
                zones => zones.contains(&def.zone),
            };
            if !generated.cda && !works_here {
                continue;
            }
            let own = def.printed.has_ability(&ability.id);
            let timestamp = generated.granted_at.map_or(def.effect_timestamp(), |g| g.max(def.effect_timestamp()));
            effects.push(Effect {
                key: if own { ability.id.to_string() } else { format!("{}@{}", ability.id, def.id) },
                text: ability.text.to_string(),
                source: Some(index),
                controller: chars.controller,
                timestamp,
                kind: if generated.cda { EffectKind::Defining } else { EffectKind::Static },
                ability: Some(ability.id),
                body: generated.body.clone(),
            });
        }
    }

    /// The effects of resolved spells and abilities that exist in this state, in the file's order.
    pub fn resolved_effects(&self, effects: &mut Vec<Effect>) {
        for r in self.board.resolved.iter().filter(|r| self.cutoff.is_none_or(|t| r.timestamp < t)) {
            effects.push(Effect {
                key: r.id.clone(),
                text: r.text.clone(),
                source: r.source,
                controller: r.controller,
                timestamp: r.timestamp,
                kind: EffectKind::Resolved,
                ability: None,
                body: r.body.clone(),
            });
        }
    }

    /// The objects a selector names now, in board order.
    pub fn select(&self, selector: &SelectorSpec, effect: &Effect) -> Vec<usize> {
        if let Some(ids) = &selector.objects {
            // Only the objects named can be chosen: those are looked at, in board order.
            let mut named: Vec<usize> = ids.iter().filter_map(|id| self.board.object_index(id)).collect();
            named.sort_unstable();
            named.dedup();
            named.retain(|o| self.matches(selector, *o, effect));
            return named;
        }
        (0..self.objects.len()).filter(|o| self.matches(selector, *o, effect)).collect()
    }

    pub fn matches(&self, s: &SelectorSpec, object: usize, effect: &Effect) -> bool {
        self.present[object]
            && selector_matches(self.board, s, object, self.zone(object), &self.objects[object], effect)
    }

    pub fn amount(&self, amount: &Amount, object: usize, effect: &Effect) -> i64 {
        match amount {
            Amount::Fixed(n) => *n,
            Amount::ManaValue => self.objects[object].mana_value.unwrap_or(0),
            Amount::Count(count) => {
                let mut named = self.select(&count.of, effect);
                if count.other_than_affected {
                    named.retain(|o| *o != object);
                }
                let counted = match count.counted {
                    Counted::Objects => named.len(),
                    Counted::CardTypes => {
                        let types: std::collections::BTreeSet<Word> =
                            named.iter().flat_map(|&o| self.objects[o].types.iter().copied()).collect();
                        types.len()
                    }
                };
                // All are bounded: at most every object, and stated numbers (`scenario::limits`).
                counted as i64 * count.times + count.plus
            }
        }
    }

    /// True when the effect exists in this state: a static ability's effect while its source has
    /// the ability (and for a non-defining one, is on the battlefield).
    pub fn exists(&self, effect: &Effect) -> bool {
        match (&effect.ability, effect.source) {
            (Some(ability), Some(source)) => {
                self.present[source]
                    && self.objects[source].has_ability(ability)
                    && (effect.is_defining() || self.zone(source) == Zone::Battlefield)
            }
            _ => true,
        }
    }

    /// The effect as its source's ability now reads, after text changes (layer 3).
    pub fn current_body(&self, effect: &Effect) -> Option<std::sync::Arc<crate::model::EffectBody>> {
        let (Some(ability), Some(source)) = (&effect.ability, effect.source) else {
            return Some(effect.body.clone());
        };
        let found = self.objects[source].abilities.iter().find(|a| &a.id == ability)?;
        found.generates.as_ref().map(|g| g.body.clone())
    }
}

/// Whether `source`, with characteristics `c`, has the quality a protection or "hexproof from"
/// names, for `effect`: wherever it is (702.16a: a source not on the battlefield has it by its
/// characteristics too).
pub fn has_quality(board: &Board, q: &SelectorSpec, source: usize, c: &Characteristics, effect: &Effect) -> bool {
    let zone = board.objects[source].zone;
    let anywhere = SelectorSpec { zone: Some(zone), ..q.clone() };
    selector_matches(board, &anywhere, source, zone, c, effect)
}

/// Whether an object in `zone` with characteristics `c` is one a selector names, for `effect`.
pub fn selector_matches(
    board: &Board,
    s: &SelectorSpec,
    object: usize,
    zone: Zone,
    c: &Characteristics,
    effect: &Effect,
) -> bool {
    // A token that ceased to exist is nowhere (704.5d).
    if board.objects[object].ceased {
        return false;
    }
    let named = s.objects.is_some() || s.itself || s.attached;
    if let Some(ids) = &s.objects {
        if !ids.iter().any(|id| board.objects[object].id == *id) {
            return false;
        }
    }
    if s.itself && effect.source != Some(object) {
        return false;
    }
    if s.attached && effect.source.and_then(|src| board.objects[src].attached_to) != Some(object) {
        return false;
    }
    // Named objects are wherever they are; "creatures" means creatures on the battlefield.
    if !named && zone != s.zone.unwrap_or(Zone::Battlefield) {
        return false;
    }
    if s.other && effect.source == Some(object) {
        return false;
    }
    // Interned words: each test is a comparison of addresses.
    let all = |words: &[Word], of: &[Word]| words.iter().all(|w| of.contains(w));
    let any = |words: &[Word], of: &[Word]| words.iter().any(|w| of.contains(w));
    all(&s.types, &c.types)
        && (s.any_types.is_empty() || any(&s.any_types, &c.types))
        && !any(&s.not_types, &c.types)
        && all(&s.subtypes, &c.subtypes)
        && (s.any_subtypes.is_empty() || any(&s.any_subtypes, &c.subtypes))
        && !any(&s.not_subtypes, &c.subtypes)
        && all(&s.supertypes, &c.supertypes)
        && !any(&s.not_supertypes, &c.supertypes)
        && (s.colors.is_empty() || any(&s.colors, &c.colors))
        && !any(&s.not_colors, &c.colors)
        && (!s.no_abilities || c.abilities.is_empty())
        && s.token.is_none_or(|token| board.objects[object].token == token)
        && s.counter.as_ref().is_none_or(|kind| board.objects[object].counters.get(kind).is_some_and(|n| *n > 0))
        && s.controller.as_deref().is_none_or(|who| is_player(board, who, c.controller, effect.controller))
        && s.owner.as_deref().is_none_or(|who| is_player(board, who, board.objects[object].owner, effect.controller))
}

/// Whether `player` is among `who` (`all`, `you`, `opponents` or names), `you` being `controller`.
pub fn player_matches(board: &Board, who: &[String], player: usize, controller: usize) -> bool {
    who.iter().any(|w| w == "all" || is_player(board, w, player, controller))
}

/// Whether `player` is `who`: `you` (that is, `controller`), `opponents`, or a player's name.
fn is_player(board: &Board, who: &str, player: usize, controller: usize) -> bool {
    match who {
        "you" => player == controller,
        "opponents" => player != controller,
        name => board.player_index(name) == Some(player),
    }
}
