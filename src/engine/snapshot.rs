//! What one layer can change of an object, saved before a trial application and put back after
//! it. Saving only those characteristics keeps dependency trials cheap on large boards, and
//! comparing with them tells which objects the trial really changed.

use super::characteristics::{Ability, Characteristics};
use super::layer::Layer;

pub enum Snapshot {
    Everything(Box<Characteristics>),
    Controller(usize),
    Abilities(Vec<Ability>),
    Types { types: Vec<String>, subtypes: Vec<String>, supertypes: Vec<String>, abilities: Option<Vec<Ability>> },
    Colors(Vec<String>),
    Pt(Option<i64>, Option<i64>),
}

impl Snapshot {
    /// `abilities_too`: a layer-4 effect that sets land types also removes abilities (305.7).
    pub fn take(c: &Characteristics, layer: Layer, abilities_too: bool) -> Snapshot {
        match layer {
            Layer::Copy => Snapshot::Everything(Box::new(c.clone())),
            Layer::Control => Snapshot::Controller(c.controller),
            Layer::Text | Layer::Ability => Snapshot::Abilities(c.abilities.clone()),
            Layer::Type => Snapshot::Types {
                types: c.types.clone(),
                subtypes: c.subtypes.clone(),
                supertypes: c.supertypes.clone(),
                abilities: abilities_too.then(|| c.abilities.clone()),
            },
            Layer::Color => Snapshot::Colors(c.colors.clone()),
            Layer::PtDefining | Layer::PtSet | Layer::PtModify | Layer::PtCounters | Layer::PtSwitch => {
                Snapshot::Pt(c.power, c.toughness)
            }
        }
    }

    /// True when `c` is as it was when the snapshot was taken.
    pub fn matches(&self, c: &Characteristics) -> bool {
        match self {
            Snapshot::Everything(old) => **old == *c,
            Snapshot::Controller(old) => *old == c.controller,
            Snapshot::Abilities(old) => *old == c.abilities,
            Snapshot::Types { types, subtypes, supertypes, abilities } => {
                *types == c.types
                    && *subtypes == c.subtypes
                    && *supertypes == c.supertypes
                    && abilities.as_ref().is_none_or(|a| *a == c.abilities)
            }
            Snapshot::Colors(old) => *old == c.colors,
            Snapshot::Pt(p, t) => *p == c.power && *t == c.toughness,
        }
    }

    pub fn restore(self, c: &mut Characteristics) {
        match self {
            Snapshot::Everything(old) => *c = *old,
            Snapshot::Controller(old) => c.controller = old,
            Snapshot::Abilities(old) => c.abilities = old,
            Snapshot::Types { types, subtypes, supertypes, abilities } => {
                c.types = types;
                c.subtypes = subtypes;
                c.supertypes = supertypes;
                if let Some(a) = abilities {
                    c.abilities = a;
                }
            }
            Snapshot::Colors(old) => c.colors = old,
            Snapshot::Pt(p, t) => {
                c.power = p;
                c.toughness = t;
            }
        }
    }
}
