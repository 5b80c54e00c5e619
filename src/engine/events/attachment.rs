//! Whether an attached permanent is legally attached, as the layers left the board (704.5m–n):
//! what it is attached to is there, is what its enchant ability allows (303.4a), is what an
//! Equipment (301.5) or a Fortification (301.6) can be attached to, and has no protection from
//! it (702.16c–d). Protection itself is read from the prevention effect each protection ability
//! generates (`crate::model::protection`), so that a protection granted in layer 6 counts.

use super::replacer::{Env, Kind, Replacer};
use crate::engine::world::has_quality;
use crate::model::characteristics::Characteristics;
use crate::model::{protection, SelectorSpec, Zone};

impl Env {
    /// The protection of `holder` that `source` meets (702.16), by its text; `None` when it has
    /// none from it.
    pub fn protection_from(&self, holder: usize, source: usize) -> Option<&str> {
        self.replacers
            .iter()
            .filter(|r| r.effect.source == Some(holder) && r.entering.is_none())
            .find(|r| match protection_quality(r) {
                Some(None) => true,
                Some(Some(q)) => has_quality(&self.board, &q, source, &self.chars[source], &r.effect),
                None => false,
            })
            .map(|r| r.effect.text.as_str())
    }

    /// Why the Aura, Equipment or Fortification `object` is not legally attached, in words, and
    /// whether it is for a protection (702.16c–d); `None` when it is legally attached.
    pub fn attachment_fault(&self, object: usize) -> Option<(String, bool)> {
        match self.attachment_rule_broken(object) {
            Some(why) => Some((why, false)),
            None => {
                let to = self.board.objects[object].attached_to?;
                let protection = self.protection_from(to, object)?;
                Some((format!("attached to {}, which has {protection}", self.chars[to].name), true))
            }
        }
    }

    /// What of 303.4, 301.5 or 301.6 the attachment breaks, protection aside.
    fn attachment_rule_broken(&self, object: usize) -> Option<String> {
        let c = &self.chars[object];
        let aura = c.has_subtype("aura");
        let enchant = enchant_ability(c);
        let Some(to) = self.board.objects[object].attached_to else {
            // An Aura that enchants a player is attached to no object: the model names no player
            // it is attached to, so it is not found unattached.
            return (aura && !enchant.is_some_and(|e| e.players)).then(|| "attached to nothing".to_string());
        };
        let on = &self.chars[to];
        let zone = self.board.objects[to].zone;
        let wanted_zone = if enchant.is_some_and(|e| e.graveyard) { Zone::Graveyard } else { Zone::Battlefield };
        if zone != wanted_zone {
            return Some(format!(
                "attached to {}, which is no longer on the {}",
                on.name,
                super::describe::zone(wanted_zone)
            ));
        }
        if aura && c.has_type("creature") {
            return Some("that is also a creature, which can't enchant anything (303.4d)".into());
        }
        if aura {
            if let Some(e) = enchant.filter(|e| !e.allows(on, c)) {
                return Some(format!("attached to {}, which its \"{}\" does not allow", on.name, e.text));
            }
        } else if c.has_subtype("equipment") {
            if !on.has_type("creature") {
                return Some(format!("an Equipment attached to {}, which is not a creature", on.name));
            }
            if c.has_type("creature") {
                return Some("an Equipment that is also a creature equips nothing (301.5c)".into());
            }
        } else if !on.has_type("land") {
            return Some(format!("a Fortification attached to {}, which is not a land", on.name));
        }
        None
    }
}

/// The quality of a protection ability's prevention effect (`Some(None)`: from everything).
fn protection_quality(r: &Replacer) -> Option<Option<SelectorSpec>> {
    if r.kind != Kind::Prevention {
        return None;
    }
    protection::quality_of(&r.effect.text, &r.effect.body)
}

/// An Aura's enchant ability as far as the model reads it (303.4a, 702.5): the card types it
/// allows ("enchant creature or planeswalker"; none said: any permanent), whether of its
/// controller's only ("you control"), in a graveyard ("creature card in a graveyard"), or
/// players.
#[derive(Clone, Copy)]
struct Enchant<'a> {
    text: &'a str,
    types: [Option<&'static str>; 3],
    yours: bool,
    graveyard: bool,
    players: bool,
}

const ENCHANTABLE: [&str; 7] = ["artifact", "battle", "creature", "enchantment", "land", "planeswalker", "permanent"];

fn enchant_ability(c: &Characteristics) -> Option<Enchant<'_>> {
    let text = c.abilities.iter().map(|a| a.text.as_str()).find(|t| t.to_lowercase().starts_with("enchant "))?;
    let rest = text[8..].to_lowercase();
    let mut types = [None; 3];
    let mut n = 0;
    for word in rest.split([' ', ',']) {
        if let Some(t) = ENCHANTABLE.iter().find(|t| **t == word) {
            if n < types.len() && *t != "permanent" {
                types[n] = Some(*t);
                n += 1;
            }
        }
    }
    Some(Enchant {
        text,
        types,
        yours: rest.contains("you control"),
        graveyard: rest.contains("in a graveyard"),
        players: rest.contains("player") || rest.contains("opponent"),
    })
}

impl Enchant<'_> {
    /// Whether the object the Aura `aura` is attached to is one its enchant ability allows.
    fn allows(&self, on: &Characteristics, aura: &Characteristics) -> bool {
        let untyped = self.types.iter().flatten().next().is_none();
        if untyped && self.players {
            // "Enchant player": attached to an object, it is attached illegally.
            return false;
        }
        let typed = untyped || self.types.iter().flatten().any(|t| on.has_type(t));
        typed && (!self.yours || on.controller == aura.controller)
    }
}
