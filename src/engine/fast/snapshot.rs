//! What one layer can change of an object, saved before a trial application and put back after
//! it. Saving only those characteristics keeps dependency trials cheap on large boards, and
//! comparing with them tells which objects the trial really changed.

use super::footprint::Atom;
use crate::engine::layer::Layer;
use crate::model::characteristics::{Ability, Characteristics};
use crate::model::{EffectBody, Word};

/// Boxed where large, so that a snapshot is small to move: a layer moves one for each object
/// its effects apply to, millions on a large board.
pub enum Snapshot {
    Everything(Box<Characteristics>),
    Controller(usize),
    Abilities(Vec<Ability>),
    Types(Box<TypeLine>),
    Colors(Vec<Word>),
    Pt(Option<i64>, Option<i64>),
}

/// What layers 3 and 4 can change.
pub struct TypeLine {
    pub types: Vec<Word>,
    pub subtypes: Vec<Word>,
    pub supertypes: Vec<Word>,
    pub abilities: Option<Vec<Ability>>,
}

impl Snapshot {
    /// `abilities_too`: a layer-4 effect can change abilities too (`type_change_touches_abilities`).
    pub fn take(c: &Characteristics, layer: Layer, abilities_too: bool) -> Snapshot {
        match layer {
            Layer::Copy => Snapshot::Everything(Box::new(c.clone())),
            Layer::Control => Snapshot::Controller(c.controller),
            Layer::Ability => Snapshot::Abilities(c.abilities.clone()),
            // A text change reaches the type line's subtypes too (612.1).
            Layer::Text | Layer::Type => Snapshot::Types(Box::new(TypeLine {
                types: c.types.clone(),
                subtypes: c.subtypes.clone(),
                supertypes: c.supertypes.clone(),
                abilities: (abilities_too || layer == Layer::Text).then(|| c.abilities.clone()),
            })),
            Layer::Color => Snapshot::Colors(c.colors.clone()),
            Layer::PtDefining | Layer::PtSet | Layer::PtModify | Layer::PtCounters | Layer::PtSwitch => {
                Snapshot::Pt(c.power, c.toughness)
            }
        }
    }

    /// The same as `take`, into a snapshot already made, keeping its lists' allocations (and
    /// their strings') where it is of the layer's kind: a layer saves every object each of its
    /// effects applies to, thousands on a large board, and most of them do not change.
    pub fn retake(&mut self, c: &Characteristics, layer: Layer, abilities_too: bool) {
        match (self, layer) {
            (Snapshot::Types(line), Layer::Text | Layer::Type) => {
                let TypeLine { types, subtypes, supertypes, abilities } = &mut **line;
                types.clone_from(&c.types);
                subtypes.clone_from(&c.subtypes);
                supertypes.clone_from(&c.supertypes);
                match (abilities, abilities_too || layer == Layer::Text) {
                    (Some(saved), true) => saved.clone_from(&c.abilities),
                    (saved, wanted) => *saved = wanted.then(|| c.abilities.clone()),
                }
            }
            (Snapshot::Colors(old), Layer::Color) => old.clone_from(&c.colors),
            (Snapshot::Abilities(old), Layer::Ability) => old.clone_from(&c.abilities),
            (snapshot, _) => *snapshot = Snapshot::take(c, layer, abilities_too),
        }
    }

    /// True when `c` is as it was when the snapshot was taken.
    pub fn matches(&self, c: &Characteristics) -> bool {
        match self {
            Snapshot::Everything(old) => **old == *c,
            Snapshot::Controller(old) => *old == c.controller,
            Snapshot::Abilities(old) => *old == c.abilities,
            Snapshot::Types(line) => {
                let TypeLine { types, subtypes, supertypes, abilities } = &**line;
                *types == c.types
                    && *subtypes == c.subtypes
                    && *supertypes == c.supertypes
                    && abilities.as_ref().is_none_or(|a| *a == c.abilities)
            }
            Snapshot::Colors(old) => *old == c.colors,
            Snapshot::Pt(p, t) => *p == c.power && *t == c.toughness,
        }
    }

    /// True when this snapshot saved what `other` saved and the values it saved are now in `now`
    /// what they are in `other_now`: the two objects changed alike, and the trace tells the same
    /// changes of both. Lists of words compare by pointer (`Word` is interned), so this is far
    /// cheaper than telling the changes again. A copy (layer 1) is never said alike: rare, and a
    /// whole object to compare.
    pub fn alike(&self, now: &Characteristics, other: &Snapshot, other_now: &Characteristics) -> bool {
        match (self, other) {
            (Snapshot::Controller(a), Snapshot::Controller(b)) => a == b && now.controller == other_now.controller,
            (Snapshot::Abilities(a), Snapshot::Abilities(b)) => a == b && now.abilities == other_now.abilities,
            (Snapshot::Types(line), Snapshot::Types(other)) => {
                let TypeLine { types, subtypes, supertypes, abilities } = &**line;
                let TypeLine { types: t, subtypes: s, supertypes: p, abilities: a } = &**other;
                types == t
                    && subtypes == s
                    && supertypes == p
                    && abilities == a
                    && now.types == other_now.types
                    && now.subtypes == other_now.subtypes
                    && now.supertypes == other_now.supertypes
                    && (abilities.is_none() || now.abilities == other_now.abilities)
            }
            (Snapshot::Colors(a), Snapshot::Colors(b)) => a == b && now.colors == other_now.colors,
            (Snapshot::Pt(p, t), Snapshot::Pt(q, u)) => {
                (p, t) == (q, u) && (now.power, now.toughness) == (other_now.power, other_now.toughness)
            }
            _ => false,
        }
    }

    /// Exchanges the saved characteristics with the object's: twice puts both back. A trial
    /// looks at an object before and after this way, without copying it.
    pub fn swap(&mut self, c: &mut Characteristics) {
        use std::mem::swap;
        match self {
            Snapshot::Everything(old) => swap(&mut **old, c),
            Snapshot::Controller(old) => swap(old, &mut c.controller),
            Snapshot::Abilities(old) => swap(old, &mut c.abilities),
            Snapshot::Types(line) => {
                let TypeLine { types, subtypes, supertypes, abilities } = &mut **line;
                swap(types, &mut c.types);
                swap(subtypes, &mut c.subtypes);
                swap(supertypes, &mut c.supertypes);
                if let Some(a) = abilities {
                    swap(a, &mut c.abilities);
                }
            }
            Snapshot::Colors(old) => swap(old, &mut c.colors),
            Snapshot::Pt(p, t) => {
                swap(p, &mut c.power);
                swap(t, &mut c.toughness);
            }
        }
    }

    pub fn restore(self, c: &mut Characteristics) {
        match self {
            Snapshot::Everything(old) => *c = *old,
            Snapshot::Controller(old) => c.controller = old,
            Snapshot::Abilities(old) => c.abilities = old,
            Snapshot::Types(line) => {
                let TypeLine { types, subtypes, supertypes, abilities } = *line;
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

    /// Puts the saved values into `c`, keeping them: objects that change alike take the values
    /// the first of them took (`by_shape::apply`).
    pub fn give(&self, c: &mut Characteristics) {
        match self {
            Snapshot::Everything(old) => c.clone_from(old),
            Snapshot::Controller(old) => c.controller = *old,
            Snapshot::Abilities(old) => c.abilities.clone_from(old),
            Snapshot::Types(line) => {
                let TypeLine { types, subtypes, supertypes, abilities } = &**line;
                c.types.clone_from(types);
                c.subtypes.clone_from(subtypes);
                c.supertypes.clone_from(supertypes);
                if let Some(a) = abilities {
                    c.abilities.clone_from(a);
                }
            }
            Snapshot::Colors(old) => c.colors.clone_from(old),
            Snapshot::Pt(p, t) => {
                c.power = *p;
                c.toughness = *t;
            }
        }
    }

    /// The card types and subtypes it saved, where its layer can change them (1, 3 and 4).
    pub fn type_line(&self) -> Option<(&[Word], &[Word])> {
        match self {
            Snapshot::Everything(old) => Some((&old.types, &old.subtypes)),
            Snapshot::Types(line) => Some((&line.types, &line.subtypes)),
            _ => None,
        }
    }

    /// What changed since the snapshot, value by value.
    pub fn changed_atoms(&self, c: &Characteristics, out: &mut Vec<Atom>) {
        match self {
            Snapshot::Everything(old) => {
                if **old != *c {
                    out.push(Atom::Everything);
                }
            }
            Snapshot::Controller(old) => {
                if *old != c.controller {
                    out.push(Atom::Controller);
                }
            }
            Snapshot::Abilities(old) => abilities_diff(old, &c.abilities, out),
            Snapshot::Types(line) => {
                let TypeLine { types, subtypes, supertypes, abilities } = &**line;
                words_diff(types, &c.types, Atom::Type, out);
                words_diff(subtypes, &c.subtypes, Atom::Subtype, out);
                words_diff(supertypes, &c.supertypes, Atom::Supertype, out);
                if let Some(old) = abilities {
                    abilities_diff(old, &c.abilities, out);
                }
            }
            Snapshot::Colors(old) => words_diff(old, &c.colors, Atom::Color, out),
            Snapshot::Pt(p, t) => {
                if (*p, *t) != (c.power, c.toughness) {
                    out.push(Atom::Pt);
                }
            }
        }
    }
}

/// Whether a layer-4 effect can change abilities: land types set take the old ones away and give
/// the new types' (305.7), and a basic land type added to a land gives its mana ability. A
/// trial that did not save them would leave that mana ability behind.
pub fn type_change_touches_abilities(body: &EffectBody) -> bool {
    body.land_types.is_some() || body.subtypes.is_some()
}

/// The words in one list and not the other, as atoms.
fn words_diff(old: &[Word], new: &[Word], make: fn(Option<Word>) -> Atom, out: &mut Vec<Atom>) {
    for w in old.iter().filter(|w| !new.contains(w)).chain(new.iter().filter(|w| !old.contains(w))) {
        out.push(make(Some(*w)));
    }
}

fn abilities_diff(old: &[Ability], new: &[Ability], out: &mut Vec<Atom>) {
    let gone = old.iter().filter(|a| !new.iter().any(|n| n.id == a.id));
    let came = new.iter().filter(|n| !old.iter().any(|a| a.id == n.id));
    for a in gone.chain(came) {
        out.push(Atom::Ability(Some(a.id)));
    }
    // An ability that stays but reads differently (a text change) changes what it generates.
    if old.len() == new.len() && old.iter().zip(new).any(|(a, b)| a.id == b.id && a != b) {
        out.push(Atom::Ability(None));
    }
}
