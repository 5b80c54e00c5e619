//! What an effect reads and writes, as atoms: a characteristic, or one value of it. Two effects
//! can only depend on each other when one writes something the other reads, and the atoms are
//! fine-grained enough to tell "artifacts become creatures" from "red creatures get +1/+1".

use crate::engine::effect::Effect;
use crate::engine::layer::Layer;
use crate::engine::sets::Sets;
use crate::model::{AbilitySpec, Amount, Counted, EffectBody, SelectorSpec, SetChange, Word};

/// One thing an effect can read or write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    Type(Option<Word>),
    Subtype(Option<Word>),
    Supertype(Option<Word>),
    Color(Option<Word>),
    Ability(Option<Word>),
    Pt,
    Controller,
    ManaValue,
    Everything,
}

impl Atom {
    /// `None` stands for every value of that characteristic.
    fn meets(&self, other: &Atom) -> bool {
        use Atom::*;
        fn values<T: PartialEq>(a: &Option<T>, b: &Option<T>) -> bool {
            a.is_none() || b.is_none() || a == b
        }
        match (self, other) {
            (Everything, _) | (_, Everything) => true,
            (Type(a), Type(b)) | (Subtype(a), Subtype(b)) | (Supertype(a), Supertype(b)) | (Color(a), Color(b)) => {
                values(a, b)
            }
            (Ability(a), Ability(b)) => values(a, b),
            (a, b) => a == b,
        }
    }
}

/// How many kinds of atom there are: a pair can only meet on atoms of the same kind.
pub const KINDS: usize = 8;

impl Atom {
    /// The kinds this atom can meet: its own, or all for `Everything`.
    /// True for an atom that stands for every value of its characteristic.
    pub fn value_is_any(&self) -> bool {
        use Atom::*;
        matches!(self, Type(None) | Subtype(None) | Supertype(None) | Color(None) | Ability(None))
    }

    pub fn kinds(&self) -> std::ops::Range<usize> {
        let kind = match self {
            Atom::Type(_) => 0,
            Atom::Subtype(_) => 1,
            Atom::Supertype(_) => 2,
            Atom::Color(_) => 3,
            Atom::Ability(_) => 4,
            Atom::Pt => 5,
            Atom::Controller => 6,
            Atom::ManaValue => 7,
            Atom::Everything => return 0..KINDS,
        };
        kind..kind + 1
    }
}

pub fn meet(reads: &[Atom], writes: &[Atom]) -> bool {
    reads.iter().any(|r| writes.iter().any(|w| r.meets(w)))
}

fn each(make: fn(Option<Word>) -> Atom, change: &Option<SetChange>, out: &mut Vec<Atom>) {
    let Some(change) = change else { return };
    if change.set.is_some() {
        out.push(make(None));
    }
    out.extend(change.add.iter().chain(&change.remove).map(|v| make(Some(*v))));
}

/// What applying an effect's part in this layer can change.
pub fn writes(effect: &Effect, layer: Layer) -> Vec<Atom> {
    let b = &effect.body;
    let mut out = Vec::new();
    match layer {
        Layer::Copy => out.push(Atom::Everything),
        Layer::Control => out.push(Atom::Controller),
        Layer::Text => {
            out.push(Atom::Ability(None));
            if let Some(change) = &b.text_change {
                out.extend([Atom::Subtype(Some(Word::new(&change.from))), Atom::Subtype(Some(Word::new(&change.to)))]);
            }
        }
        Layer::Type => {
            each(Atom::Type, &b.types, &mut out);
            each(Atom::Subtype, &b.subtypes, &mut out);
            each(Atom::Supertype, &b.supertypes, &mut out);
            if b.land_types.is_some() {
                out.extend([Atom::Subtype(None), Atom::Ability(None)]);
            }
            if b.creature_types.is_some() {
                out.push(Atom::Subtype(None));
            }
        }
        Layer::Color => each(Atom::Color, &b.colors, &mut out),
        Layer::Ability => {
            if let Some(change) = &b.abilities {
                if change.remove_all {
                    out.push(Atom::Ability(None));
                }
                out.extend(change.remove.iter().map(|r| Atom::Ability(Some(Word::new(r)))));
                for added in &change.add {
                    let id = match added {
                        AbilitySpec::Text(t) => *t,
                        AbilitySpec::Static(s) => s.id,
                    };
                    out.push(Atom::Ability(Some(id)));
                }
            }
        }
        Layer::PtDefining | Layer::PtSet | Layer::PtModify | Layer::PtCounters | Layer::PtSwitch => out.push(Atom::Pt),
    }
    out
}

/// What an effect depends on: its source's ability (for its existence and text), and the state of
/// the objects it looks at (for its set and its amounts).
pub struct Reads {
    pub source: Vec<Atom>,
    pub state: Vec<Atom>,
}

pub fn reads(effect: &Effect, sets: &Sets, layer: Layer) -> Reads {
    let source = effect.ability.iter().map(|a| Atom::Ability(Some(*a))).collect();
    if layer == Layer::Copy {
        return Reads { source, state: vec![Atom::Everything] };
    }
    // An exchange of control gives each object the player who controlled the other as it
    // resolved (701.12b today), fixed then (exchange.rs): it reads nothing of the board now, and
    // applies in timestamp order among control effects; what it writes, a controller, is still
    // tried against the effects that read one.
    let mut out = Vec::new();
    if !sets.is_fixed(effect) {
        if let Some(s) = &effect.body.affects {
            selector_reads(s, &mut out);
        }
        // A condition reads what its selectors read, and whose permanents are whose.
        if let Some(c) = &effect.body.condition {
            for s in c.controls.iter().chain(&c.attached) {
                selector_reads(s, &mut out);
            }
            if c.controls.is_some() {
                out.push(Atom::Controller);
            }
        }
    }
    for amount in amounts_in(&effect.body, layer) {
        match amount {
            Amount::Fixed(_) => {}
            Amount::ManaValue => out.push(Atom::ManaValue),
            Amount::Count(count) => {
                selector_reads(&count.of, &mut out);
                if count.counted == Counted::CardTypes {
                    out.push(Atom::Type(None));
                }
            }
        }
    }
    Reads { source, state: out }
}

fn selector_reads(s: &SelectorSpec, out: &mut Vec<Atom>) {
    type Make = fn(Option<Word>) -> Atom;
    let lists: [(Make, &[Word]); 9] = [
        (Atom::Type, &s.types),
        (Atom::Type, &s.not_types),
        (Atom::Subtype, &s.subtypes),
        (Atom::Subtype, &s.any_subtypes),
        (Atom::Subtype, &s.not_subtypes),
        (Atom::Supertype, &s.supertypes),
        (Atom::Supertype, &s.not_supertypes),
        (Atom::Color, &s.colors),
        (Atom::Color, &s.not_colors),
    ];
    for (make, words) in lists {
        out.extend(words.iter().map(|w| make(Some(*w))));
    }
    if s.controller.is_some() {
        out.push(Atom::Controller);
    }
    if s.no_abilities {
        out.push(Atom::Ability(None));
    }
}

pub fn amounts_in(body: &EffectBody, layer: Layer) -> Vec<&Amount> {
    let Some(pt) = &body.pt else { return Vec::new() };
    match layer {
        Layer::PtDefining | Layer::PtSet => pt.set.iter().flatten().collect(),
        Layer::PtModify => pt.modify.iter().flatten().collect(),
        _ => Vec::new(),
    }
}
