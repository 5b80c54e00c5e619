//! Why a state-based action is performed (704.5): the condition found, with what its rule
//! needs to be cited and told.

use serde::Serialize;

/// Why a state-based action is performed: the condition of 704.5 it found.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Sba {
    /// 704.5a.
    ZeroLife { life: i64 },
    /// 704.5b: attempted to draw from a library with no cards in it.
    EmptyLibrary,
    /// 704.5c.
    Poisoned { poison: i64 },
    /// 704.5d: a token in a zone other than the battlefield ceases to exist.
    TokenElsewhere,
    /// 704.5f: put into the graveyard; regeneration can't replace it.
    ZeroToughness { toughness: i64 },
    /// 704.5g: destroyed.
    LethalDamage { damage: i64, toughness: i64 },
    /// 704.5h: destroyed.
    Deathtouch,
    /// 704.5i.
    ZeroLoyalty,
    /// 704.5j (704.5k in 2011): legendary permanents with the same name; `kept`: the one its
    /// controller chose to keep (since 2013), none when all go (the rules of 2011).
    Legend { name: String, kept: Option<String> },
    /// 704.5m (704.5n in 2011): an Aura attached to an illegal object or to nothing, and why;
    /// `protection`: the object has protection from it (702.16c).
    IllegalAura { why: String, protection: bool },
    /// 704.5n (704.5p in 2011): an Equipment or Fortification attached to an illegal permanent,
    /// and why; `protection`: the permanent has protection from it (702.16d).
    IllegalAttachment { why: String, protection: bool },
    /// 704.5q (704.5r in 2011): N +1/+1 and N −1/−1 counters removed.
    Annihilation,
}

impl Sba {
    /// The citation concept of its rule.
    pub fn concept(&self) -> &'static str {
        match self {
            Sba::ZeroLife { .. } => "sba-life",
            Sba::EmptyLibrary => "sba-library",
            Sba::Legend { .. } => "sba-legend",
            Sba::IllegalAura { .. } => "sba-aura",
            Sba::IllegalAttachment { .. } => "sba-equipment",
            Sba::Poisoned { .. } => "sba-poison",
            Sba::TokenElsewhere => "sba-token",
            Sba::ZeroToughness { .. } => "sba-toughness",
            Sba::LethalDamage { .. } => "sba-lethal-damage",
            Sba::Deathtouch => "sba-deathtouch",
            Sba::ZeroLoyalty => "sba-loyalty",
            Sba::Annihilation => "sba-counters",
        }
    }

    /// The concepts of the rules that decide it: its own, and the protection that made it
    /// illegal (702.16c–d).
    pub fn concepts(&self) -> Vec<&'static str> {
        match self {
            Sba::IllegalAura { protection: true, .. } => vec![self.concept(), "protection-aura"],
            Sba::IllegalAttachment { protection: true, .. } => vec![self.concept(), "protection-equipment"],
            Sba::Deathtouch => vec![self.concept(), "deathtouch"],
            _ => vec![self.concept()],
        }
    }

    /// The condition found, in words: "4 damage marked and toughness 2: lethal damage".
    pub fn words(&self) -> String {
        match self {
            Sba::ZeroLife { life } => format!("{life} life"),
            Sba::EmptyLibrary => "attempted to draw a card from a library with no cards in it".into(),
            Sba::Legend { name, kept: Some(kept) } => {
                format!("the legend rule: another legendary {name} is controlled by the same player, who keeps {kept}")
            }
            Sba::Legend { name, kept: None } => {
                format!("the legend rule: two or more legendary permanents named {name} are on the battlefield")
            }
            Sba::IllegalAura { why, .. } => format!("an Aura {why}"),
            Sba::IllegalAttachment { why, .. } => format!("attached illegally: {why}"),
            Sba::Poisoned { poison } => format!("{poison} poison counters"),
            Sba::TokenElsewhere => "a token in a zone other than the battlefield".into(),
            Sba::ZeroToughness { toughness } => format!("toughness {toughness}"),
            Sba::LethalDamage { damage, toughness } => {
                format!("lethal damage: {damage} damage marked, toughness {toughness}")
            }
            Sba::Deathtouch => "dealt damage by a source with deathtouch".into(),
            Sba::ZeroLoyalty => "loyalty 0".into(),
            Sba::Annihilation => "both +1/+1 and -1/-1 counters".into(),
        }
    }
}
