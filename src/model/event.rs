//! Pending events and the replacement, prevention and "can't" effects that watch them (614–616).

use super::selector::SelectorSpec;
use super::zone::{Position, Zone};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One event that is about to happen, or (in an expected outcome) one that happened. Written as a
/// one-key mapping: `damage: {from: shock, to: bear, amount: 2}`.
#[derive(Debug, Clone, PartialEq)]
pub enum EventSpec {
    Damage(DamageSpec),
    /// Destroy a permanent: put it from the battlefield into its owner's graveyard (701.6a).
    Destroy(DestroySpec),
    /// Any other zone change: dies, discarded, milled, exiled, put into a library…
    Move(MoveSpec),
    /// A permanent enters the battlefield (614.1c–d, 614.12).
    Enter(EnterSpec),
    Draw(DrawSpec),
    GainLife(LifeSpec),
    LoseLife(LifeSpec),
    Counters(CountersSpec),
    Tokens(TokensSpec),
    /// A step, phase or turn about to begin: what skip effects replace (614.10).
    Begin(BeginSpec),
    /// A player loses the game (704.5a and other state-based actions, or an effect).
    LoseGame(PlayerEventSpec),
    /// Counters removed from a permanent (704.5q: +1/+1 and −1/−1 counters annihilate).
    RemoveCounters(CountersSpec),
    /// Poison counters given to a player (infect damage, 120.3b).
    Poison(PoisonSpec),
    /// Only in an expected outcome: a regeneration happened (614.8).
    Regenerate(ObjectEventSpec),
    /// Only in an expected outcome: an Equipment or Fortification attached illegally became
    /// unattached and stayed on the battlefield (704.5n; 704.5p in 2011).
    Unattach(ObjectEventSpec),
    /// Only in an expected outcome: a token in a zone other than the battlefield ceased to exist
    /// (704.5d).
    Cease(ObjectEventSpec),
    /// Only in an expected outcome: what an effect did instead, in words.
    Action(ActionSpec),
    /// Events that happen at the same time (Pyroclasm's damage to each creature, combat damage);
    /// the other items of `events` happen one after another.
    AtOnce(Vec<EventSpec>),
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DamageSpec {
    /// The source: an object id.
    pub from: String,
    /// An object id or a player's name.
    pub to: String,
    pub amount: i64,
    #[serde(default)]
    pub combat: bool,
    /// "This damage can't be prevented" (615.11).
    #[serde(default)]
    pub unpreventable: bool,
    /// The resolving spell or ability whose effect this is; defaults to the source.
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DestroySpec {
    pub object: String,
    /// "It can't be regenerated" (701.11c).
    #[serde(default)]
    pub no_regeneration: bool,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ObjectEventSpec {
    pub object: String,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MoveSpec {
    pub object: String,
    /// Defaults to the zone the object is in.
    #[serde(default)]
    pub from: Option<Zone>,
    pub to: Zone,
    /// For a move to a library: `top`, `bottom` or `shuffled` (401.2, 701.15a).
    #[serde(default)]
    pub position: Option<Position>,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EnterSpec {
    pub object: String,
    /// Defaults to the zone the object is in.
    #[serde(default)]
    pub from: Option<Zone>,
    #[serde(default)]
    pub tapped: bool,
    #[serde(default)]
    pub counters: BTreeMap<String, i64>,
    /// Who will control it; defaults to its owner.
    #[serde(default)]
    pub controller: Option<String>,
    /// In an expected outcome: it entered as a copy of this object (706.5).
    #[serde(default)]
    pub copy: Option<String>,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DrawSpec {
    pub player: String,
    #[serde(default = "one")]
    pub cards: i64,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LifeSpec {
    pub player: String,
    pub amount: i64,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CountersSpec {
    /// The permanent that gets them.
    pub on: String,
    /// The kind of counter: `+1/+1`, `loyalty`, `charge`…
    pub kind: String,
    pub count: i64,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TokensSpec {
    /// Who creates them (and will control them).
    pub player: String,
    pub count: i64,
    /// What the tokens are, in words: `1/1 white Soldier creature`.
    pub token: String,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PoisonSpec {
    pub player: String,
    pub count: i64,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlayerEventSpec {
    pub player: String,
    #[serde(default)]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BeginSpec {
    pub player: String,
    /// `draw step`, `untap step`, `combat phase`, `turn`…
    pub step: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    pub player: String,
    pub text: String,
}

const EVENT_KINDS: &[&str] = &[
    "damage",
    "destroy",
    "move",
    "enter",
    "draw",
    "gain_life",
    "lose_life",
    "counters",
    "tokens",
    "begin",
    "lose_game",
    "remove_counters",
    "poison",
    "regenerate",
    "unattach",
    "cease",
    "action",
    "at_once",
];

// By hand: serde's externally tagged enums want YAML tags (`!damage`) once the file has been
// read into a `Value`; a judge writes the one-key mapping.
impl<'de> Deserialize<'de> for EventSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = EventSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an event: a mapping with one key, such as `damage: {from: …, to: …, amount: …}`")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<EventSpec, M::Error> {
                use serde::de::Error;
                let Some(key) = map.next_key::<String>()? else {
                    return Err(M::Error::custom("an empty event: say what happens, such as `damage: {…}`"));
                };
                let event = match key.as_str() {
                    "damage" => EventSpec::Damage(map.next_value()?),
                    "destroy" => EventSpec::Destroy(map.next_value()?),
                    "move" => EventSpec::Move(map.next_value()?),
                    "enter" => EventSpec::Enter(map.next_value()?),
                    "draw" => EventSpec::Draw(map.next_value()?),
                    "gain_life" => EventSpec::GainLife(map.next_value()?),
                    "lose_life" => EventSpec::LoseLife(map.next_value()?),
                    "counters" => EventSpec::Counters(map.next_value()?),
                    "tokens" => EventSpec::Tokens(map.next_value()?),
                    "begin" => EventSpec::Begin(map.next_value()?),
                    "lose_game" => EventSpec::LoseGame(map.next_value()?),
                    "remove_counters" => EventSpec::RemoveCounters(map.next_value()?),
                    "poison" => EventSpec::Poison(map.next_value()?),
                    "regenerate" => EventSpec::Regenerate(map.next_value()?),
                    "unattach" => EventSpec::Unattach(map.next_value()?),
                    "cease" => EventSpec::Cease(map.next_value()?),
                    "action" => EventSpec::Action(map.next_value()?),
                    "at_once" => EventSpec::AtOnce(map.next_value()?),
                    other => return Err(M::Error::unknown_field(other, EVENT_KINDS)),
                };
                if let Some(second) = map.next_key::<String>()? {
                    return Err(M::Error::custom(format!(
                        "one event per item: `{second}` starts another one; put it in its own item (`- {second}: …`)"
                    )));
                }
                Ok(event)
            }
        }
        d.deserialize_map(Visitor)
    }
}

fn one() -> i64 {
    1
}

/// Which kind of event an effect watches.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "snake_case")]
pub enum EventKindSpec {
    Damage,
    /// "would be destroyed" (regeneration, 614.8).
    Destroy,
    /// "would be put into a graveyard", "would leave the battlefield", "would be exiled": any zone
    /// change, destructions included, narrowed by `from` and `to`.
    Move,
    Enter,
    Draw,
    GainLife,
    LoseLife,
    Counters,
    Tokens,
    Begin,
    /// "would lose the game" (Platinum Angel's "you can't lose the game" is a `cant`).
    LoseGame,
}

/// A replacement, prevention or "can't" effect: which events it watches and what it does to them.
/// Exactly one of the actions (`multiply` … `instead`) is given; `tapped`, `counters` and
/// `control` may go together.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReplacementSpec {
    /// The events it watches.
    pub event: Option<EventKindSpec>,
    /// The object the event happens to: dealt damage, destroyed, moved, entering, getting
    /// counters. Matched wherever the object is, unless the selector says a `zone`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object: Option<SelectorSpec>,
    /// The players the event happens to: `you`, `opponents`, `all` or names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<Vec<String>>,
    /// For damage: the source dealing it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<SelectorSpec>,
    /// For zone changes: from and to which zones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Zone>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Zone>,
    /// For damage: only combat damage (`true`) or only noncombat damage (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<bool>,
    /// For counters: only counters of this kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<String>,
    /// For `begin`: which step, phase or turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    /// Part of the resolving spell or ability's own effect (614.14): applies only to events that
    /// spell or ability produces (`by`), before any other effect (616.1a).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub self_replacement: bool,
    /// "The next time": used up once it has applied (regeneration shields 614.8, 615.8).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub once: bool,
    /// For draws: the number of cards the instruction draws ("would draw two or more cards").
    /// An effect that refers to the number of cards modifies the whole instruction, before the
    /// individual draws (121.2a); any other draw effect watches each card drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<CountSpec>,
    /// A condition on the state of the game, checked when the event would happen ("if you
    /// control an artifact"): the effect applies only while it holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<ConditionSpec>,

    /// The number (damage, life, cards, counters, tokens) is multiplied: `2` for "twice that many".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multiply: Option<i64>,
    /// The number is increased: `1` for "that many plus one".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add: Option<i64>,
    /// Prevention: `all`, or N of the damage of each event (615.9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prevent: Option<PreventSpec>,
    /// Prevention shield: the next N damage, used up as it prevents (615.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield: Option<i64>,
    /// A prevention effect's additional effect (615.5): what happens right after the damage is
    /// prevented, `that_many` being the damage prevented ("you gain that much life"). It
    /// happens even when the damage can't be prevented (615.11; 615.12 today), with 0 prevented.
    /// With `zone` or `instead`: the second thing a replacement does instead ("instead exile
    /// that card and create a 2/2 black Zombie creature token"), right after the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub also: Option<InsteadSpec>,
    /// For a redirection: only the next N damage is redirected, used up as it redirects ("the
    /// next 3 damage that would be dealt to you this turn is dealt to … instead").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to: Option<i64>,
    /// Regeneration (614.8): instead of being destroyed, the permanent is tapped and its damage
    /// removed.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub regenerate: bool,
    /// Redirection (614.9): the damage is dealt to this object or player instead, or to the one
    /// object a selector names ("enchanted creature": `{attached: true}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect: Option<RedirectSpec>,
    /// The object goes to this zone instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<Zone>,
    /// With `zone: library`: where in the library, `top`, `bottom` or `shuffled`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
    /// Enters tapped.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub tapped: bool,
    /// "As ~ enters, you may pay 2 life. If you don't, it enters tapped": the effect's controller
    /// chooses whether to pay as the effect applies; the rest of the effect (`tapped`,
    /// `counters`) applies only if they don't.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unless_paid: Option<PaymentSpec>,
    /// Enters with these counters: a number of each kind, or `X`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counters: BTreeMap<String, CounterNumber>,
    /// Enters as a copy of this object, with the copy effect's exceptions ("you may have Clone
    /// enter as a copy of any creature on the battlefield": the object chosen), 614.1c and 706.5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy: Option<super::copy::CopySpec>,
    /// Enters under this player's control (`you`: the effect's controller); chosen first (616.1b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<String>,
    /// The step, phase, turn or event is skipped: replaced by nothing (614.10).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub skip: bool,
    /// The event can't happen (101.2): not a replacement effect, it stops the event.
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub cant: bool,
    /// The damage it watches can't be prevented ("Damage can't be prevented", 615.12 today): not
    /// a replacement effect but a rule, under which every prevention effect applies and prevents
    /// nothing (615.11).
    #[serde(default, skip_serializing_if = "super::is_false")]
    pub unpreventable: bool,
    /// The event is replaced by another one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instead: Option<InsteadSpec>,
}

/// How many counters of a kind an object enters with: a number, or `X`: the value of X chosen
/// for the spell that became the object, which the object's `x` gives (107.3m).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CounterNumber {
    Fixed(i64),
    X,
}

impl Serialize for CounterNumber {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CounterNumber::Fixed(n) => s.serialize_i64(*n),
            CounterNumber::X => s.serialize_str("X"),
        }
    }
}

impl<'de> Deserialize<'de> for CounterNumber {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = CounterNumber;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number of counters, or `X`")
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<CounterNumber, E> {
                Ok(CounterNumber::Fixed(n))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<CounterNumber, E> {
                i64::try_from(n)
                    .map(CounterNumber::Fixed)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<CounterNumber, E> {
                match s {
                    "X" | "x" => Ok(CounterNumber::X),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Str(s), &self)),
                }
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// Where a redirection sends the damage: an object id, a player's name or `you`, or a selector.
#[derive(Debug, Clone, PartialEq)]
pub enum RedirectSpec {
    To(String),
    Selector(Box<SelectorSpec>),
}

impl Serialize for RedirectSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            RedirectSpec::To(to) => s.serialize_str(to),
            RedirectSpec::Selector(selector) => selector.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for RedirectSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RedirectSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object id, a player's name, `you`, or a selector such as `{attached: true}`")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<RedirectSpec, E> {
                Ok(RedirectSpec::To(s.to_string()))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<RedirectSpec, M::Error> {
                SelectorSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|s| RedirectSpec::Selector(Box::new(s)))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// What a player may pay for an effect not to apply: an amount of life (119.4 today).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct PaymentSpec {
    pub life: i64,
}

/// A number compared: `{at_least: 2}`, `{at_most: 0}`, or both.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct CountSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<i64>,
}

impl CountSpec {
    pub fn holds(&self, n: i64) -> bool {
        self.at_least.is_none_or(|m| n >= m) && self.at_most.is_none_or(|m| n <= m)
    }
}

/// A condition on one player's part of the game, or on what the source is attached to: exactly
/// one of `controls`, `attached`, `cards_in_hand`, `life`, `drawn_this_turn`,
/// `first_draw_of_draw_step`, `your_turn` is given.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ConditionSpec {
    /// Whose: `you` (the effect's controller, the default), `that_player` (the player the event
    /// happens to, or who controls the object it happens to), `an_opponent` (one of the
    /// controller's opponents, any), or a player's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Permanents that player controls matching this selector; how many with `count` (default:
    /// at least one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controls: Option<SelectorSpec>,
    /// The permanent the effect's source is attached to matches this selector ("as long as
    /// enchanted creature is green").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached: Option<SelectorSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<CountSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards_in_hand: Option<CountSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life: Option<CountSpec>,
    /// Cards that player has drawn this turn ("can't draw more than one card each turn").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawn_this_turn: Option<CountSpec>,
    /// Whether it is that player's turn ("as long as it's your turn", "during your turn": `true`;
    /// "during each opponent's turn": `false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub your_turn: Option<bool>,
    /// Whether the card drawn is the first that player draws in one of their draw steps
    /// (Notion Thief's "except the first one they draw in each of their draw steps": `false`).
    /// The scenario must say its `step`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_draw_of_draw_step: Option<bool>,
}

/// How much damage a prevention effect prevents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PreventSpec {
    All,
    Amount(i64),
}

/// The event that replaces the watched one, for the player the watched event happens to.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InsteadSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Quantity>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gain_life: Option<Quantity>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lose_life: Option<Quantity>,
    /// Counters put on the object the watched event happens to (Phytohydra: "put that many +1/+1
    /// counters on it instead").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<CountersInstead>,
    /// Tokens created ("create a 2/2 black Zombie creature token"): they join the board after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens: Option<TokensInstead>,
    /// Damage the effect's source deals (Deflecting Palm: "deals that much damage to that
    /// source's controller"), to `to`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<Quantity>,
    /// Who is dealt the `damage`: `source_controller` (the controller of the source of the
    /// damage watched), `you`, `that_player` or a name; the default, `that_player`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Anything else, in words ("return a card from your graveyard to your hand").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// Who does it, when not only the player the watched event happens to: `you` (the
    /// effect's controller), `that_player`, or names ("instead, you and that player each draw a
    /// card"). They do it in APNAP order (121.2c).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<String>>,
}

/// Tokens an `instead` or `also` creates: how many, and what they are in words.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TokensInstead {
    #[serde(default = "one_token")]
    pub count: Quantity,
    /// "2/2 black Zombie creature": power/toughness, colours, subtypes, card types, "with"
    /// keywords (`engine::events::token`).
    pub token: String,
}

fn one_token() -> Quantity {
    Quantity::Fixed(1)
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CountersInstead {
    pub kind: String,
    pub count: Quantity,
}

/// A number in an `instead`: fixed, or `that_many` (the watched event's number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    Fixed(i64),
    ThatMany,
}

// Like `Amount`: a word or a number, with a message that says which.
macro_rules! word_or_number {
    ($ty:ident, $word:literal, $word_variant:path, $number_variant:path, $expecting:literal) => {
        impl Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self {
                    $word_variant => s.serialize_str($word),
                    $number_variant(n) => s.serialize_i64(*n),
                }
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Visitor;
                impl<'de> serde::de::Visitor<'de> for Visitor {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<$ty, E> {
                        Ok($number_variant(n))
                    }
                    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<$ty, E> {
                        i64::try_from(n)
                            .map($number_variant)
                            .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
                    }
                    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<$ty, E> {
                        match s {
                            $word => Ok($word_variant),
                            _ => Err(E::invalid_value(serde::de::Unexpected::Str(s), &self)),
                        }
                    }
                }
                d.deserialize_any(Visitor)
            }
        }
    };
}

word_or_number!(PreventSpec, "all", PreventSpec::All, PreventSpec::Amount, "`all` or a whole number");
word_or_number!(Quantity, "that_many", Quantity::ThatMany, Quantity::Fixed, "`that_many` or a whole number");

impl EventSpec {
    /// The spell or ability producing the event, as written.
    pub fn by(&self) -> Option<&str> {
        match self {
            EventSpec::Damage(d) => d.by.as_deref(),
            EventSpec::Destroy(d) => d.by.as_deref(),
            EventSpec::Regenerate(o) | EventSpec::Unattach(o) | EventSpec::Cease(o) => o.by.as_deref(),
            EventSpec::Move(m) => m.by.as_deref(),
            EventSpec::Enter(e) => e.by.as_deref(),
            EventSpec::Draw(d) => d.by.as_deref(),
            EventSpec::GainLife(l) | EventSpec::LoseLife(l) => l.by.as_deref(),
            EventSpec::Counters(c) | EventSpec::RemoveCounters(c) => c.by.as_deref(),
            EventSpec::LoseGame(p) => p.by.as_deref(),
            EventSpec::Poison(p) => p.by.as_deref(),
            EventSpec::Tokens(t) => t.by.as_deref(),
            EventSpec::Begin(_) | EventSpec::Action(_) | EventSpec::AtOnce(_) => None,
        }
    }
}
