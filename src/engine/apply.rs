//! What one part of an effect does to one object, layer by layer (613.1, 613.3).

use super::copy::copy;
use super::effect::Effect;
use super::layer::Layer;
use super::noncreature::lacks_pt;
use super::world::World;
use crate::model::characteristics::{
    add_unique, drop_ungained_subtypes, is_creature_type, land_type_ability, remove_uncorrelated_subtypes, Ability,
    Characteristics, Origin, LAND_TYPES,
};
use crate::model::{AbilityChange, ControlSpec, Word};

/// Applies `effect`'s part in `layer` to every object of `objects`. An exchange of control is
/// applied once, to both objects together: each gets the player who controlled the other as it
/// resolved.
pub fn apply_all(world: &mut World, effect: &Effect, layer: Layer, objects: &[usize]) {
    if let (Layer::Control, Some(ControlSpec::Exchange(exchange))) = (layer, &effect.body.control) {
        super::exchange::apply(world, effect.timestamp, exchange);
        return;
    }
    if let (Layer::Ability, Some(change)) = (layer, &effect.body.abilities) {
        // The abilities granted are made once, and each object gets a copy.
        let by = Word::new(&effect.key);
        let granted: Vec<Ability> = change
            .add
            .iter()
            .map(|spec| Ability::from_spec(spec, Origin::Granted { by }, Some(effect.timestamp)))
            .collect();
        for object in objects {
            change_abilities(&mut world.objects[*object], change, &granted);
        }
        return;
    }
    for object in objects {
        apply(world, effect, layer, *object);
    }
}

/// Applies `effect`'s part in `layer` to `object` in `world`; an exchange of control is
/// `apply_all`'s, since it reads both objects before changing either.
fn apply(world: &mut World, effect: &Effect, layer: Layer, object: usize) {
    // 208.3a: an effect on the power and toughness of a noncreature permanent applies, but does
    // nothing while it is not a creature.
    if layer.in_layer_seven() && lacks_pt(&world.objects[object]) {
        return;
    }
    let body = &effect.body;
    match layer {
        Layer::Copy => {
            // The copied object as layer 1 has left it so far: its copiable values (706.2).
            if let Some(spec) = &body.copy {
                if let Some(target) = world.board.object_index(&spec.of) {
                    world.objects[object] = copy(&world.objects[object], &world.objects[target], &spec.except);
                }
            }
        }
        Layer::Control => {
            if let Some(ControlSpec::Player(player)) = &body.control {
                let to = if player == "you" { Some(effect.controller) } else { world.board.player_index(player) };
                if let Some(to) = to {
                    world.objects[object].controller = to;
                }
            }
        }
        Layer::Text => {
            if let Some(change) = &body.text_change {
                change_text(&mut world.objects[object], &change.from.to_lowercase(), &change.to.to_lowercase());
            }
        }
        Layer::Type => {
            let c = &mut world.objects[object];
            let subtypes_before = changes_subtypes(body).then(|| c.subtypes.clone());
            if let Some(change) = &body.types {
                // 204.1a in 2011, 205.1a today: a card type removed takes its subtypes with it.
                // A change that only adds card types removes none: no copy of the old ones then
                // (this runs once per object the effect applies to).
                let removes = change.set.is_some() || !change.remove.is_empty();
                let before = removes.then(|| c.types.clone());
                change.apply_to(&mut c.types);
                if let Some(before) = before {
                    remove_uncorrelated_subtypes(c, &before);
                }
            }
            if let Some(change) = &body.subtypes {
                change.apply_to(&mut c.subtypes);
                // 305.7: a land that gains a basic land type in addition to its own gains that
                // type's mana ability too.
                if c.has_type("land") {
                    for added in &change.add {
                        if let Some(ability) = land_type_ability(added) {
                            if !c.has_ability(&ability.id) {
                                c.abilities.push(ability);
                            }
                        }
                    }
                }
            }
            if let Some(change) = &body.supertypes {
                change.apply_to(&mut c.supertypes);
            }
            // 305.7 sets a land's types; an object that is no land gains none (205.3d), nor
            // loses its abilities for them.
            if let Some(lands) = body.land_types.as_ref().filter(|_| c.has_type("land")) {
                set_land_types(c, lands);
            }
            if let Some(kinds) = &body.creature_types {
                c.subtypes.retain(|s| !is_creature_type(s));
                for kind in kinds {
                    add_unique(&mut c.subtypes, *kind);
                }
            }
            // 205.3d: a subtype added to an object without a card type it corresponds to (a
            // creature type to a noncreature, nonkindred object) is not gained. The card types
            // are the object's once this effect has changed them: "becomes an artifact creature
            // and a Golem" gains Golem.
            if let Some(before) = subtypes_before {
                drop_ungained_subtypes(c, &before);
            }
        }
        Layer::Color => {
            if let Some(change) = &body.colors {
                let c = &mut world.objects[object];
                change.apply_to(&mut c.colors);
                c.sort_colors();
            }
        }
        // Made once for all the objects, in `apply_all`.
        Layer::Ability => {}
        Layer::PtDefining | Layer::PtSet => {
            if let Some([p, t]) = body.pt.as_ref().and_then(|pt| pt.set.as_ref()) {
                let (p, t) = (world.amount(p, object, effect), world.amount(t, object, effect));
                let c = &mut world.objects[object];
                c.power = Some(p);
                c.toughness = Some(t);
            }
        }
        Layer::PtModify => {
            if let Some([p, t]) = body.pt.as_ref().and_then(|pt| pt.modify.as_ref()) {
                let (p, t) = (world.amount(p, object, effect), world.amount(t, object, effect));
                let c = &mut world.objects[object];
                c.power = Some(c.power.unwrap_or(0).saturating_add(p));
                c.toughness = Some(c.toughness.unwrap_or(0).saturating_add(t));
            }
        }
        Layer::PtCounters => {}
        Layer::PtSwitch => {
            let c = &mut world.objects[object];
            std::mem::swap(&mut c.power, &mut c.toughness);
        }
    }
}

/// Whether a layer-4 effect changes subtypes, so that which it can add is to be checked (205.3d).
fn changes_subtypes(body: &crate::model::EffectBody) -> bool {
    body.subtypes.is_some() || body.land_types.is_some() || body.creature_types.is_some()
}

/// Layer 6: abilities removed, then `granted` added (the abilities of `change.add`).
fn change_abilities(c: &mut Characteristics, change: &AbilityChange, granted: &[Ability]) {
    if change.remove_all {
        c.abilities.clear();
    }
    c.abilities.retain(|a| !change.remove.iter().any(|r| *r == a.id || r.eq_ignore_ascii_case(&a.text)));
    for ability in granted {
        if !c.has_ability(&ability.id) {
            c.abilities.push(ability.clone());
        }
    }
}

/// 305.7: the land loses its old land types and every ability from its rules text and old land
/// types, and gains the mana ability of each new basic land type.
fn set_land_types(c: &mut Characteristics, lands: &[Word]) {
    c.subtypes.retain(|s| !LAND_TYPES.contains(&s.as_str()));
    if lands.is_empty() {
        // "Loses all land types" (Alpine Moon) sets no basic land type, so 305.7 does not take
        // its rules-text abilities: it loses only the mana abilities its old basic land types
        // gave it (305.6). An effect that also takes its abilities says so in layer 6.
        c.abilities.retain(|a| !matches!(a.origin, Origin::LandType));
        return;
    }
    for land in lands {
        add_unique(&mut c.subtypes, *land);
    }
    c.abilities.retain(|a| !matches!(a.origin, Origin::RulesText | Origin::LandType));
    for land in lands {
        if let Some(ability) = land_type_ability(land) {
            c.abilities.push(ability);
        }
    }
}

/// Layer 3: a word in the object's rules text is replaced, and with it what its abilities do.
fn change_text(c: &mut Characteristics, from: &str, to: &str) {
    for ability in &mut c.abilities {
        if !matches!(ability.origin, Origin::RulesText) {
            continue;
        }
        let text = Word::new(&replace_outside_name(&ability.text, &c.name, from, to));
        // A text ability is named by its text (a keyword such as swampwalk): the name follows.
        if ability.id == ability.text {
            ability.id = text;
        }
        ability.text = text;
        // What the ability does follows its text, the abilities it grants included (612.1).
        if let Some(generated) = &mut ability.generates {
            let body = std::sync::Arc::make_mut(&mut std::sync::Arc::make_mut(generated).body);
            body.replace_word(from, to, &|text| replace_outside_name(text, &c.name, from, to));
        }
    }
    // 612.1: the type line is text too. A Forest whose "Forest" becomes "Island" is an Island,
    // and taps for blue (305.6); its name does not change (612.2).
    if c.has_subtype(from) {
        let to_word = Word::new(to);
        for subtype in std::mem::take(&mut c.subtypes) {
            add_unique(&mut c.subtypes, if subtype == from { to_word } else { subtype });
        }
        if let Some(old) = land_type_ability(from) {
            // The land's mana ability is its type's (305.6), printed or not.
            c.abilities.retain(|a| matches!(a.origin, Origin::Granted { .. }) || a.id != old.id);
            if let Some(new) = land_type_ability(to).filter(|a| !c.has_ability(&a.id)) {
                c.abilities.push(new);
            }
        }
    }
}

/// The word replaced everywhere but in the object's own name (612.2: "Black Vise" stays Black
/// Vise when black becomes red).
fn replace_outside_name(text: &str, name: &str, from: &str, to: &str) -> String {
    if name.is_empty() {
        return replace_word_ignoring_case(text, from, to);
    }
    text.split(name).map(|part| replace_word_ignoring_case(part, from, to)).collect::<Vec<_>>().join(name)
}

/// The word replaced wherever it is used as itself (612.2): alone, or, for a land type, as the
/// land type of a landwalk ability ("swampwalk" → "islandwalk"). An article before a replaced
/// word follows its new first sound ("a Swamp" → "an Island").
fn replace_word_ignoring_case(text: &str, from: &str, to: &str) -> String {
    let landwalk = LAND_TYPES.contains(&from).then(|| format!("{from}walk"));
    let mut words: Vec<String> = text.split(' ').map(str::to_string).collect();
    for i in 0..words.len() {
        let w = words[i].clone();
        let trimmed = w.trim_matches(|ch: char| !ch.is_alphanumeric());
        let (old, new) = if trimmed.eq_ignore_ascii_case(from) {
            (trimmed, to.to_string())
        } else if landwalk.as_deref().is_some_and(|lw| trimmed.eq_ignore_ascii_case(lw)) {
            (trimmed, format!("{to}walk"))
        } else {
            continue;
        };
        let new = if old.starts_with(char::is_uppercase) { capitalise(&new) } else { new };
        words[i] = w.replacen(old, &new, 1);
        if i > 0 {
            let vowel = new.starts_with(|c: char| "aeiouAEIOU".contains(c));
            words[i - 1] = match (words[i - 1].as_str(), vowel) {
                ("a", true) => "an".into(),
                ("A", true) => "An".into(),
                ("an", false) => "a".into(),
                ("An", false) => "A".into(),
                (other, _) => other.to_string(),
            };
        }
    }
    words.join(" ")
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |f| f.to_uppercase().chain(chars).collect())
}

/// The change to power and toughness a kind of counter makes: `+1/+1`, `-1/-1`, `+1/+0`,
/// `-0/-2`… (613.3d); other counters (`charge`, `loyalty`) make none.
pub fn counter_pt(kind: &str) -> Option<(i64, i64)> {
    let (p, t) = kind.trim().split_once('/')?;
    let signed = |s: &str| -> Option<i64> {
        let sign: i64 = if s.starts_with('-') {
            -1
        } else if s.starts_with('+') {
            1
        } else {
            return None;
        };
        s[1..].parse::<i64>().ok().map(|n| sign.saturating_mul(n))
    };
    Some((signed(p)?, signed(t)?))
}

/// Applies an object's power/toughness counters (7d in 2011, part of 7c later).
pub fn apply_counters(c: &mut Characteristics, power: i64, toughness: i64) {
    // Saturating: a scenario may hold any number, and no number may make the engine panic.
    c.power = Some(c.power.unwrap_or(0).saturating_add(power));
    c.toughness = Some(c.toughness.unwrap_or(0).saturating_add(toughness));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Alice's `thing` (an object written as in a scenario, id `thing`), and one layer-4 effect
    /// on it, `change` (its changes written as in a scenario): the object's subtypes and
    /// abilities once the layers are done.
    fn after_layer_four(thing: &str, change: &str) -> (Vec<String>, Vec<String>) {
        let text = format!(
            "title: subtypes\nplayers: [{{name: Alice, active: true}}]\nobjects:\n  \
             - {{id: thing, name: Thing, owner: Alice, timestamp: 1, {thing}}}\n\
             effects:\n  \
             - {{id: change, text: It changes., controller: Alice, timestamp: 2, \
             effect: {{affects: {{objects: [thing]}}, {change}}}}}\n"
        );
        let board = crate::scenario::read("subtypes.yaml", &text).unwrap_or_else(|e| panic!("{e:?}"));
        let c = &crate::engine::resolve::resolve(&board).characteristics[0];
        let words = |w: &[Word]| w.iter().map(|w| w.to_string()).collect();
        (words(&c.subtypes), c.abilities.iter().map(|a| a.text.to_string()).collect())
    }

    /// 205.3d: a creature type added to an artifact that is not a creature is not gained; one
    /// added with the creature type, by the same effect, is.
    #[test]
    fn a_creature_type_needs_a_creature() {
        let artifact = "types: [artifact], subtypes: [equipment]";
        assert_eq!(after_layer_four(artifact, "subtypes: {add: [illusion]}").0, ["equipment"]);
        assert_eq!(
            after_layer_four(artifact, "types: {add: [creature]}, subtypes: {add: [golem]}").0,
            ["equipment", "golem"]
        );
        assert_eq!(after_layer_four(artifact, "creature_types: [elf]").0, ["equipment"]);
        let tribal = "types: [tribal, enchantment], subtypes: [goblin]";
        assert_eq!(after_layer_four(tribal, "subtypes: {add: [zombie]}").0, ["goblin", "zombie"]);
    }

    /// 205.3d: a land type needs a land, an artifact type an artifact; a creature's land type
    /// gives it no mana ability, and land types set on a nonland take none of its abilities.
    #[test]
    fn other_subtypes_need_their_type() {
        let creature = "types: [creature], subtypes: [bear], power: 2, toughness: 2, abilities: [trample]";
        let (subtypes, abilities) = after_layer_four(creature, "subtypes: {add: [forest, equipment, elf]}");
        assert_eq!((subtypes, abilities), (vec!["bear".to_string(), "elf".into()], vec!["trample".to_string()]));
        let (subtypes, abilities) = after_layer_four(creature, "land_types: [mountain]");
        assert_eq!((subtypes, abilities), (vec!["bear".to_string()], vec!["trample".to_string()]));
        let arbor = "types: [land, creature], subtypes: [forest, dryad], power: 1, toughness: 1";
        assert_eq!(after_layer_four(arbor, "land_types: [swamp]").0, ["dryad", "swamp"]);
    }

    /// `land_types: []`: a land loses all its land types and the mana abilities they gave it,
    /// and keeps the abilities of its rules text (no basic land type is set: 305.7 does not
    /// apply); set to a basic land type, it loses those abilities too.
    #[test]
    fn losing_all_land_types_keeps_the_rules_text() {
        let dual = "types: [land], subtypes: [forest, island, gate], abilities: [shroud]";
        let (subtypes, abilities) = after_layer_four(dual, "land_types: []");
        assert_eq!((subtypes, abilities), (Vec::<String>::new(), vec!["shroud".to_string()]));
        let (subtypes, abilities) = after_layer_four(dual, "land_types: [mountain]");
        assert_eq!((subtypes, abilities), (vec!["mountain".to_string()], vec!["{T}: Add {R}.".to_string()]));
    }

    #[test]
    fn counters_that_change_power_and_toughness() {
        assert_eq!(counter_pt("+1/+1"), Some((1, 1)));
        assert_eq!(counter_pt("-1/-1"), Some((-1, -1)));
        assert_eq!(counter_pt("+1/+0"), Some((1, 0)));
        assert_eq!(counter_pt("-0/-2"), Some((0, -2)));
        assert_eq!(counter_pt("+2/+2"), Some((2, 2)));
        assert_eq!(counter_pt("charge"), None);
        assert_eq!(counter_pt("1/1"), None);
    }

    #[test]
    fn text_change_keeps_case_and_punctuation() {
        assert_eq!(
            replace_word_ignoring_case("White creatures get +1/+1.", "white", "black"),
            "Black creatures get +1/+1."
        );
        assert_eq!(replace_word_ignoring_case("Protection from white.", "white", "blue"), "Protection from blue.");
    }

    /// 612.2: a land type word is changed where it is used as a land type, landwalk included,
    /// and the article before it follows.
    #[test]
    fn text_change_reaches_landwalk_and_fixes_the_article() {
        assert_eq!(replace_word_ignoring_case("Swampwalk", "swamp", "island"), "Islandwalk");
        assert_eq!(
            replace_word_ignoring_case("Sacrifice a Swamp: add {B}.", "swamp", "island"),
            "Sacrifice an Island: add {B}."
        );
        assert_eq!(
            replace_word_ignoring_case("Sacrifice an Island: draw.", "island", "forest"),
            "Sacrifice a Forest: draw."
        );
        // A card name or another word that holds the letters is not a land type word.
        assert_eq!(replace_word_ignoring_case("Swampy ground", "swamp", "island"), "Swampy ground");
    }
}
