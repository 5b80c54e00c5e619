//! What a continuous effect does, layer by layer (613), and the numbers it uses.

use super::ability::AbilitySpec;
use super::control::ControlSpec;
use super::copy::CopySpec;
use super::event::ReplacementSpec;
use super::selector::SelectorSpec;
use super::word::Word;
use serde::{Deserialize, Serialize};

/// What a continuous effect does, layer by layer (613.1). Every part present applies in its own
/// layer (613.5).
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EffectBody {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affects: Option<SelectorSpec>,
    /// A static ability's "as long as …": the effect applies only while it holds, checked as the
    /// effect would start to apply in its first layer (613.5 then keeps its objects).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<super::event::ConditionSpec>,
    /// Layer 1: becomes a copy of this object, with the copy effect's exceptions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy: Option<CopySpec>,
    /// Layer 2: this player gains control (`you` is the effect's controller), or the control
    /// of two objects is exchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<ControlSpec>,
    /// Layer 3: a word of the affected objects' text is replaced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_change: Option<TextChangeSpec>,
    /// Layer 4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub types: Option<SetChange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtypes: Option<SetChange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supertypes: Option<SetChange>,
    /// Layer 4: the land's subtypes become these basic land types (305.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub land_types: Option<Vec<Word>>,
    /// Layer 4: the object's creature types become these ("is the chosen type"); its other
    /// subtypes (land, artifact, enchantment types) stay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature_types: Option<Vec<Word>>,
    /// Layer 5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<SetChange>,
    /// Layer 6.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities: Option<AbilityChange>,
    /// Layer 7.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pt: Option<PtChange>,
    /// 613.9: an effect on players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<PlayerEffectSpec>,
    /// 613.10: an effect on the rules of the game, described in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_rule: Option<String>,
    /// A replacement, prevention or "can't" effect (614–616): in no layer, it watches events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replacement: Option<ReplacementSpec>,
}

impl EffectBody {
    /// Whether the effect, or an ability it grants, has a condition.
    pub fn has_condition(&self) -> bool {
        self.condition.is_some()
            || self.abilities.iter().flat_map(|a| &a.add).any(|a| match a {
                AbilitySpec::Static(s) => s.effect.has_condition(),
                AbilitySpec::Text(_) => false,
            })
    }

    /// Every word the effect matches or sets, in lower case, as the engine compares them.
    pub fn normalised(&self) -> EffectBody {
        let mut body = self.clone();
        body.for_each_word(|w| *w = w.to_lowercase());
        body
    }

    /// A text-changing effect (layer 3) on the object whose ability generates this effect
    /// replaces a word of its text (612.1): in the words the effect matches and sets, compared
    /// whole and in lower case, and in the abilities it grants or removes, whose text is that
    /// object's too ("creatures you control have protection from red"). `in_text` replaces the
    /// word in a sentence. Abilities granted to the object by other effects are not its text
    /// (612.3), and are not reached from here.
    pub fn replace_word(&mut self, from: &str, to: &str, in_text: &impl Fn(&str) -> String) {
        self.for_each_word(|w| {
            if *w == *from {
                *w = Word::new(to);
            }
        });
        if let Some(change) = &mut self.abilities {
            for ability in &mut change.add {
                ability.replace_text(from, to, in_text);
            }
            for removed in &mut change.remove {
                *removed = in_text(removed);
            }
        }
    }

    /// Every word of the effect and of the abilities it grants, and the object a copy effect
    /// copies: where a choice made as a card entered goes (a scenario's `chosen:`).
    pub fn for_every_word(&mut self, f: &mut impl FnMut(&mut Word)) {
        self.for_each_word(&mut *f);
        if let Some(change) = &mut self.abilities {
            for ability in &mut change.add {
                ability.for_every_word(f);
            }
        }
        if let Some(r) = &mut self.replacement {
            if let Some(super::event::RedirectSpec::Selector(s)) = &mut r.redirect {
                s.for_each_word(f);
            }
            if let Some(s) = r.condition.as_mut().and_then(|c| c.controls.as_mut()) {
                s.for_each_word(f);
            }
        }
        for copy in [self.copy.as_mut(), self.replacement.as_mut().and_then(|r| r.copy.as_mut())].into_iter().flatten()
        {
            let mut of = Word::new(&copy.of);
            f(&mut of);
            copy.of = of.to_string();
        }
    }

    fn for_each_word(&mut self, mut f: impl FnMut(&mut Word)) {
        for change in
            [&mut self.types, &mut self.subtypes, &mut self.supertypes, &mut self.colors].into_iter().flatten()
        {
            change.for_each_word(&mut f);
        }
        self.land_types.iter_mut().flatten().for_each(&mut f);
        if let Some(copy) = &mut self.copy {
            copy.except.for_each_word(&mut f);
        }
        self.creature_types.iter_mut().flatten().for_each(&mut f);
        if let Some(s) = &mut self.affects {
            s.for_each_word(&mut f);
        }
        if let Some(r) = &mut self.replacement {
            for s in [&mut r.object, &mut r.source].into_iter().flatten() {
                s.for_each_word(&mut f);
            }
        }
        for amount in self.pt.iter_mut().flat_map(|p| p.set.iter_mut().chain(p.modify.iter_mut())).flatten() {
            if let Amount::Count(count) = amount {
                count.of.for_each_word(&mut f);
            }
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TextChangeSpec {
    pub from: String,
    pub to: String,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SetChange {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<Vec<Word>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add: Vec<Word>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove: Vec<Word>,
}

impl SetChange {
    /// The change made to a list of words: set first, then the removals, then the additions,
    /// each added once and in order (types print in the order they were gained).
    pub fn apply_to(&self, list: &mut Vec<Word>) {
        if let Some(set) = &self.set {
            list.clone_from(set);
        }
        list.retain(|x| !self.remove.contains(x));
        for item in &self.add {
            super::characteristics::add_unique(list, *item);
        }
    }

    pub fn for_each_word(&mut self, f: &mut impl FnMut(&mut Word)) {
        self.add.iter_mut().for_each(&mut *f);
        self.remove.iter_mut().for_each(&mut *f);
        self.set.iter_mut().flatten().for_each(&mut *f);
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AbilityChange {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add: Vec<AbilitySpec>,
    /// Abilities removed, by id or text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove: Vec<String>,
    /// "loses all abilities".
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub remove_all: bool,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PtChange {
    /// 7a (with `cda: true` on the ability) or 7b: power and toughness become these values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<[Amount; 2]>,
    /// 7c: +N/+N.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modify: Option<[Amount; 2]>,
    /// 7e (7d in later editions): power and toughness are switched.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub switch: bool,
}

/// A number in an effect: fixed, the affected object's mana value, or a number read off the
/// board as the effect applies.
#[derive(Debug, Clone, PartialEq)]
pub enum Amount {
    Fixed(i64),
    ManaValue,
    Count(Box<Count>),
}

/// A number read off the board: how many objects a selector names (`count`), or how many card
/// types they have among them (`card_types`, Tarmogoyf), times a number (`times`: "+2/+2 for
/// each"), plus a number (`plus`: "that number plus 1"). `other_than_affected`: the object the
/// number is for is not counted ("All Slivers get +1/+1 for each other Sliver"), where the
/// selector's own `other` leaves out the effect's source.
#[derive(Debug, Clone, PartialEq)]
pub struct Count {
    pub of: SelectorSpec,
    pub counted: Counted,
    pub times: i64,
    pub plus: i64,
    pub other_than_affected: bool,
}

impl Count {
    /// `counted` among the objects `of` names, once each.
    pub fn of(of: SelectorSpec, counted: Counted) -> Count {
        Count { of, counted, times: 1, plus: 0, other_than_affected: false }
    }
}

/// What a [`Count`] counts among the objects its selector names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Objects,
    CardTypes,
}

impl Counted {
    /// The key that says it in a scenario.
    pub fn key(self) -> &'static str {
        match self {
            Counted::Objects => "count",
            Counted::CardTypes => "card_types",
        }
    }
}

// Untagged enums lose serde's precise messages; this one says what is expected instead. It
// visits the node in place rather than through a `serde_yaml::Value`, so that a problem inside a
// `count` keeps its full path and its place.
impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct CountForm {
            #[serde(default)]
            count: Option<SelectorSpec>,
            #[serde(default)]
            card_types: Option<SelectorSpec>,
            #[serde(default)]
            plus: i64,
            #[serde(default)]
            times: Option<i64>,
            #[serde(default)]
            other_than_affected: bool,
        }
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Amount;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number, `mana_value`, `count: <selector>` or `card_types: <selector>`")
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Amount, E> {
                Ok(Amount::Fixed(n))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Amount, E> {
                i64::try_from(n)
                    .map(Amount::Fixed)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Amount, E> {
                match s {
                    "mana_value" => Ok(Amount::ManaValue),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Str(s), &self)),
                }
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<Amount, M::Error> {
                let deserializer = serde::de::value::MapAccessDeserializer::new(map);
                let form = CountForm::deserialize(deserializer)?;
                let (of, counted) = match (form.count, form.card_types) {
                    (Some(of), None) => (of, Counted::Objects),
                    (None, Some(of)) => (of, Counted::CardTypes),
                    _ => return Err(serde::de::Error::custom("give one of `count` and `card_types`, with a selector")),
                };
                let times = form.times.unwrap_or(1);
                let other_than_affected = form.other_than_affected;
                Ok(Amount::Count(Box::new(Count { of, counted, times, plus: form.plus, other_than_affected })))
            }
        }
        d.deserialize_any(Visitor)
    }
}

impl Serialize for Amount {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Amount::Fixed(n) => s.serialize_i64(*n),
            Amount::ManaValue => s.serialize_str("mana_value"),
            Amount::Count(count) => {
                let mut map = s.serialize_map(None)?;
                map.serialize_entry(count.counted.key(), &count.of)?;
                if count.times != 1 {
                    map.serialize_entry("times", &count.times)?;
                }
                if count.plus != 0 {
                    map.serialize_entry("plus", &count.plus)?;
                }
                if count.other_than_affected {
                    map.serialize_entry("other_than_affected", &true)?;
                }
                map.end()
            }
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlayerEffectSpec {
    /// `you`, `opponents`, `all`, or player names.
    pub affects: Vec<String>,
    pub gains: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::{Amount, Count, Counted, EffectBody};

    /// A count is of objects or of their card types, plus a number; it reads back as it is
    /// written, and one that says both or neither is refused.
    #[test]
    fn counts_read_and_write_back() {
        let text = "[{card_types: {zone: graveyard}}, {count: {zone: graveyard}, plus: 1}]";
        let amounts: Vec<Amount> = serde_yaml::from_str(text).expect("amounts");
        let of: crate::model::SelectorSpec = serde_yaml::from_str("{zone: graveyard}").unwrap();
        assert_eq!(
            amounts,
            [
                Amount::Count(Box::new(Count::of(of.clone(), Counted::CardTypes))),
                Amount::Count(Box::new(Count { plus: 1, ..Count::of(of, Counted::Objects) })),
            ]
        );
        let written = serde_yaml::to_string(&amounts).unwrap();
        assert_eq!(serde_yaml::from_str::<Vec<Amount>>(&written).unwrap(), amounts);
        for wrong in ["{plus: 1}", "{count: {zone: graveyard}, card_types: {zone: graveyard}}"] {
            let err = serde_yaml::from_str::<Amount>(wrong).unwrap_err().to_string();
            assert!(err.contains("give one of `count` and `card_types`"), "{wrong}: {err}");
        }
    }

    /// A text change on the object whose ability this is reaches what the effect matches, the
    /// abilities it grants (their text, and a static one's own effect) and those it removes: all
    /// of it is that object's text (612.1).
    #[test]
    fn a_text_change_reaches_the_abilities_the_effect_grants_and_removes() {
        let text = "{affects: {types: [creature], colors: [red]}, abilities: {add: [protection from red, {id: g, text: Other red creatures get +1/+1., effect: {affects: {types: [creature], colors: [red], other: true}, pt: {modify: [1, 1]}}}], remove: [protection from red]}}";
        let mut body: EffectBody = serde_yaml::from_str(text).expect("a body");
        body = body.normalised();
        body.replace_word("red", "blue", &|s: &str| s.replace("red", "blue"));
        let written = serde_yaml::to_string(&body).expect("it writes");
        assert!(!written.contains("red"), "{written}");
        assert_eq!(written.matches("blue").count(), 5, "{written}");
    }
}
