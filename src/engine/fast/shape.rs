//! Objects that look alike to every selector: the same zone, owner, controller, types, colours,
//! whether they have abilities, whether they are tokens and the kinds of counters on them. A selector that names no object,
//! applied to two such objects, answers alike for both unless one is its effect's source
//! ("other").
//!
//! In the colour layer, in the control layer but for an exchange, and in the type layer but for
//! land types set, what an effect does to an object depends on nothing of it but these (it sets,
//! adds or removes colours, types and subtypes; it gives control to a player). So a trial there
//! applies the effect to one object of each shape, and to the objects that are special to the
//! effects looked at (`specials`: what they name, their fixed sets, the sources they leave out),
//! instead of to all the objects it applies to: the others would show the same.

use super::footprint::{amounts_in, Reads};
use crate::engine::effect::Effect;
use crate::engine::layer::Layer;
use crate::engine::sets::Sets;
use crate::engine::world::World;
use crate::model::characteristics::Characteristics;
use crate::model::{Amount, ControlSpec, SelectorSpec, Word, Zone};
use rustc_hash::{FxHashMap, FxHasher};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

/// Everything a selector that names no object reads of an object, borrowed from it. (Amounts,
/// which read mana values, belong to the power and toughness layers, where no trial goes by shape.)
#[derive(Clone, Copy, PartialEq, Hash)]
struct View<'a> {
    present: bool,
    zone: Zone,
    owner: usize,
    controller: usize,
    types: &'a [Word],
    subtypes: &'a [Word],
    supertypes: &'a [Word],
    colors: &'a [Word],
    no_abilities: bool,
    token: bool,
    /// Its counters, for selectors of objects with a counter of a kind.
    counters: &'a BTreeMap<String, i64>,
}

impl<'a> View<'a> {
    fn of(world: &'a World, object: usize) -> View<'a> {
        let c: &Characteristics = &world.objects[object];
        let def = &world.board.objects[object];
        View {
            present: world.present[object],
            zone: def.zone,
            owner: def.owner,
            controller: c.controller,
            types: &c.types,
            subtypes: &c.subtypes,
            supertypes: &c.supertypes,
            colors: &c.colors,
            no_abilities: c.abilities.is_empty(),
            token: def.token,
            counters: &def.counters,
        }
    }

    fn hash(&self) -> u64 {
        let mut hasher = FxHasher::default();
        Hash::hash(self, &mut hasher);
        hasher.finish()
    }
}

/// The view of one shape, kept: its words and counters copied once, when the shape is first seen.
struct Kept {
    view: View<'static>,
    words: [Vec<Word>; 4],
    counters: BTreeMap<String, i64>,
}

static NO_COUNTERS: BTreeMap<String, i64> = BTreeMap::new();

impl Kept {
    fn new(view: View) -> Kept {
        let words = [view.types.to_vec(), view.subtypes.to_vec(), view.supertypes.to_vec(), view.colors.to_vec()];
        let counters = view.counters.clone();
        let view = View { types: &[], subtypes: &[], supertypes: &[], colors: &[], counters: &NO_COUNTERS, ..view };
        Kept { view, words, counters }
    }

    fn view(&self) -> View<'_> {
        let [types, subtypes, supertypes, colors] = &self.words;
        View { types, subtypes, supertypes, colors, counters: &self.counters, ..self.view }
    }
}

/// Each object's shape, kept up to date by the layer's applications (`changed`).
pub struct Shapes {
    of: Vec<u32>,
    /// Shape → its objects, in no order; object → its place in that list.
    members: Vec<Vec<usize>>,
    place: Vec<usize>,
    kept: Vec<Kept>,
    /// A view's hash → the shapes with that hash (one, but for collisions).
    by_hash: FxHashMap<u64, Vec<u32>>,
}

impl Shapes {
    pub fn new(world: &World) -> Shapes {
        let n = world.objects.len();
        let mut shapes = Shapes {
            of: Vec::with_capacity(n),
            members: Vec::new(),
            place: Vec::with_capacity(n),
            kept: Vec::new(),
            by_hash: FxHashMap::default(),
        };
        for object in 0..n {
            let id = shapes.id(View::of(world, object));
            shapes.of.push(id);
            shapes.place.push(shapes.members[id as usize].len());
            shapes.members[id as usize].push(object);
        }
        shapes
    }

    /// How many shapes there are: ids count up from 0.
    pub fn count(&self) -> usize {
        self.kept.len()
    }

    fn find(&self, view: &View, hash: u64) -> Option<u32> {
        self.by_hash.get(&hash)?.iter().copied().find(|id| self.kept[*id as usize].view() == *view)
    }

    fn id(&mut self, view: View) -> u32 {
        let hash = view.hash();
        if let Some(id) = self.find(&view, hash) {
            return id;
        }
        let id = self.kept.len() as u32;
        self.kept.push(Kept::new(view));
        self.members.push(Vec::new());
        self.by_hash.entry(hash).or_default().push(id);
        id
    }

    /// After an application changed these objects: each object's shape before and after, for
    /// those whose shape changed. `by_shape`: the application did to each object what it did to
    /// any of its shape (`applies_by_shape`), so objects of one shape all took the same one,
    /// which is worked out once.
    pub fn changed(&mut self, world: &World, objects: impl Iterator<Item = usize>, by_shape: bool) -> Vec<Move> {
        let mut moves: Vec<Move> = Vec::new();
        // Shape before → shape after, for this application (shapes are numbered from 0).
        let mut took: Vec<Option<u32>> = Vec::new();
        if by_shape {
            took.resize(self.count(), None);
        }
        for object in objects {
            let from = self.of[object];
            let known = took.get(from as usize).copied().flatten();
            debug_assert!(
                known.is_none_or(|to| self.kept[to as usize].view() == View::of(world, object)),
                "an object unlike its shape"
            );
            let to = match known {
                Some(to) => to,
                None => {
                    let view = View::of(world, object);
                    // Most objects keep their shape, or take the one the last object took: those
                    // are compared, not hashed.
                    let last = moves.last().map(|m| m.to);
                    let to = if self.kept[from as usize].view() == view {
                        from
                    } else if last.is_some_and(|to| self.kept[to as usize].view() == view) {
                        last.expect("just checked")
                    } else {
                        self.id(view)
                    };
                    if by_shape {
                        took[from as usize] = Some(to);
                    }
                    to
                }
            };
            if from != to {
                self.of[object] = to;
                self.leave(object, from);
                self.place[object] = self.members[to as usize].len();
                self.members[to as usize].push(object);
                moves.push(Move { object, from, to });
            }
        }
        moves
    }

    /// Takes `object` out of its shape's list, the last one taking its place.
    fn leave(&mut self, object: usize, shape: u32) {
        let list = &mut self.members[shape as usize];
        let at = self.place[object];
        list.swap_remove(at);
        if let Some(&moved) = list.get(at) {
            self.place[moved] = at;
        }
    }

    /// The objects of a shape now, in no order.
    pub fn members(&self, shape: u32) -> &[usize] {
        &self.members[shape as usize]
    }

    /// The object's shape; a debug build checks that it is up to date.
    pub fn of(&self, world: &World, object: usize) -> u32 {
        debug_assert_eq!(
            {
                let view = View::of(world, object);
                self.find(&view, view.hash())
            },
            Some(self.of[object]),
            "stale shape"
        );
        self.of[object]
    }
}

/// An object that changed shape.
#[derive(Clone, Copy)]
pub struct Move {
    pub object: usize,
    pub from: u32,
    pub to: u32,
}

/// A selector that names no object, asked once per shape: it answers alike for objects of one
/// shape, but for its effect's source when it says "other". A shape is the same view
/// for good, so its answer never goes stale.
#[derive(Default)]
pub struct Answers {
    known: Vec<Option<bool>>,
    /// Shapes answered yes since `take_new_yes`.
    new_yes: Vec<u32>,
}

impl Answers {
    pub fn matches(
        &mut self,
        shapes: &Shapes,
        world: &World,
        selector: &SelectorSpec,
        effect: &Effect,
        object: usize,
    ) -> bool {
        debug_assert!(!names_objects(selector));
        // "Other" is all a selector that names no object can tell the source by; without it,
        // the source answers as its shape does, and is counted among the shape's objects.
        if leaves_out(selector, effect, object) {
            return false;
        }
        let shape = shapes.of(world, object);
        if let Some(known) = self.of(shape) {
            return known;
        }
        let answer = world.matches(selector, object, effect);
        if self.known.len() <= shape as usize {
            self.known.resize(shapes.count(), None);
        }
        self.known[shape as usize] = Some(answer);
        if answer {
            self.new_yes.push(shape);
        }
        answer
    }

    /// The answer for a shape, if it was asked.
    pub fn of(&self, shape: u32) -> Option<bool> {
        self.known.get(shape as usize).copied().flatten()
    }

    /// The shapes answered yes since the last call.
    pub fn take_new_yes(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.new_yes)
    }
}

/// Whether `object` is the source of `effect` and its selector says "other": the one object a
/// selector that names none answers for unlike its shape.
pub fn leaves_out(selector: &SelectorSpec, effect: &Effect, object: usize) -> bool {
    selector.other && effect.source == Some(object)
}

/// Whether what `effect` does in `layer` to an object depends only on the object's shape.
pub fn applies_by_shape(effect: &Effect, layer: Layer) -> bool {
    match layer {
        Layer::Color => true,
        Layer::Control => !matches!(effect.body.control, Some(ControlSpec::Exchange(_))),
        // Types, subtypes and supertypes come from the object's own, and a basic land type added
        // to a land gives it an ability, so that it has one whatever it had. Setting land types
        // takes abilities away (305.7): whether any is left depends on which it had.
        Layer::Type => effect.body.land_types.is_none(),
        _ => false,
    }
}

/// The objects of `affected` a trial needs to apply B to, for the effects `tried` to be looked
/// at as if it had been applied to all: one of each shape that is special to none of them, and
/// every object that is special to one (`specials`). `None` when one of them counts objects: a
/// count reads the whole board.
pub fn stand_ins(
    world: &World,
    sets: &Sets,
    shapes: &Shapes,
    layer: Layer,
    affected: &[usize],
    tried: &[(&Effect, &Reads)],
) -> Option<Vec<usize>> {
    // Those not in `affected` are left out below.
    let special = specials(world, layer, tried.iter().map(|(a, _)| (*a, sets.fixed_set(a))))?;
    // Shape ids count up from 0: a flag per shape says which have their stand-in.
    let mut seen = vec![false; shapes.count()];
    let mut out: Vec<usize> = Vec::new();
    // Both lists are in board order: walked side by side.
    debug_assert!(affected.is_sorted(), "an effect's objects in board order");
    let mut specials = special.iter().peekable();
    for o in affected {
        while specials.next_if(|s| *s < o).is_some() {}
        if specials.next_if_eq(&o).is_some() {
            out.push(*o);
            continue;
        }
        let shape = shapes.of(world, *o) as usize;
        if !seen[shape] {
            seen[shape] = true;
            out.push(*o);
        }
    }
    out.sort_unstable();
    Some(out)
}

/// The objects special to the effects `tried`, each with its fixed set if it has one (the sources
/// of those that say "other", the objects their selectors name, their fixed sets), in board
/// order; `None` when one of them counts objects. In a layer that goes by shape, nothing can take
/// an effect's ability from its source or change its text, so a source is special only to a
/// selector that leaves it out.
pub fn specials<'e>(
    world: &World,
    layer: Layer,
    tried: impl Iterator<Item = (&'e Effect, Option<&'e [usize]>)>,
) -> Option<Vec<usize>> {
    let mut special: Vec<usize> = Vec::new();
    for (a, fixed) in tried {
        if amounts_in(&a.body, layer).iter().any(|x| matches!(x, Amount::Count(_))) {
            return None;
        }
        if a.body.affects.as_ref().is_some_and(|s| s.other) {
            special.extend(a.source);
        }
        if let Some(set) = fixed {
            special.extend(set);
        } else if let Some(selector) = &a.body.affects {
            special.extend(named(world, selector, a));
        }
    }
    special.sort_unstable();
    special.dedup();
    Some(special)
}

/// Whether a selector names objects by who they are (then objects of one shape can differ).
pub fn names_objects(selector: &SelectorSpec) -> bool {
    selector.objects.is_some() || selector.itself || selector.attached
}

/// The objects a selector names by who they are, whatever they are now: those it lists, its
/// effect's source ("itself"), the object that source is attached to.
fn named(world: &World, selector: &SelectorSpec, effect: &Effect) -> Vec<usize> {
    let board = world.board;
    let mut out: Vec<usize> = Vec::new();
    if let Some(ids) = &selector.objects {
        out.extend(ids.iter().filter_map(|id| board.object_index(id)));
    }
    if selector.itself {
        out.extend(effect.source);
    }
    if selector.attached {
        out.extend(effect.source.and_then(|s| board.objects[s].attached_to));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::engine::resolve::{resolve, resolve_plainly};
    use crate::model::board::Board;

    /// Green creatures that look alike to every selector (`first` listed before `second`), an
    /// enchantment making green creatures blue at timestamp 5, and `more` objects.
    fn board(first: &str, second: &str, more: &str) -> Board {
        let text = format!(
            "title: shapes\nplayers: [{{name: Alice, active: true}}]\nobjects:\n{first}{second}{more}  \
             - {{id: tint, name: Tint, owner: Alice, types: [enchantment], timestamp: 5, abilities: [{{id: tinting, \
             text: Green creatures are blue., effect: {{affects: {{types: [creature], colors: [green]}}, colors: {{set: [blue]}}}}}}]}}\n"
        );
        crate::scenario::read("shapes.yaml", &text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// Painter, a green creature: "Each other blue creature is red."
    fn painter(timestamp: u32) -> String {
        format!(
            "  - {{id: painter, name: Painter, owner: Alice, types: [creature], colors: [green], timestamp: {timestamp}, \
             abilities: [{{id: paint, text: Each other blue creature is red., effect: {{affects: {{types: [creature], \
             colors: [blue], other: true}}, colors: {{set: [red]}}}}}}]}}\n"
        )
    }

    fn colors(board: &Board, id: &str) -> (Vec<String>, Vec<String>) {
        let i = board.object_index(id).expect("listed");
        let (quick, plain) = (resolve(board), resolve_plainly(board));
        assert_eq!(quick.steps, plain.steps, "the shortcuts change the trace");
        let words = |c: &[crate::model::Word]| c.iter().map(|w| w.to_string()).collect();
        (words(&quick.characteristics[i].colors), words(&plain.characteristics[i].colors))
    }

    /// "Each other blue creature is red" on a green creature, listed first among objects of its
    /// shape: it depends on Tint through the other one (613.8a), which Tint makes blue. Its own
    /// source can't show it, since the effect leaves it out.
    #[test]
    fn the_source_does_not_stand_in_for_its_shape() {
        let board = board(
            &painter(1),
            "  - {id: bear, name: Bear, owner: Alice, types: [creature], colors: [green], timestamp: 3, abilities: [flying]}\n",
            "",
        );
        assert_eq!(colors(&board, "bear"), (vec!["red".to_string()], vec!["red".to_string()]));
        assert_eq!(colors(&board, "painter"), (vec!["blue".to_string()], vec!["blue".to_string()]));
    }

    /// "Enchanted creature is red while it is blue" on the second of two creatures alike: only
    /// that one can show that the Aura's effect depends on Tint.
    #[test]
    fn what_a_selector_names_stands_for_itself() {
        let board = board(
            "  - {id: elk, name: Elk, owner: Alice, types: [creature], colors: [green], timestamp: 3, abilities: [flying]}\n",
            "  - {id: bear, name: Bear, owner: Alice, types: [creature], colors: [green], timestamp: 4, abilities: [flying]}\n",
            "  - {id: aura, name: Aura, owner: Alice, types: [enchantment], subtypes: [aura], attached_to: bear, timestamp: 1, abilities: [{id: redden, \
             text: Enchanted creature is red while it is blue., effect: {affects: {attached: true, colors: [blue]}, colors: {set: [red]}}}]}\n",
        );
        assert_eq!(colors(&board, "bear"), (vec!["red".to_string()], vec!["red".to_string()]));
        assert_eq!(colors(&board, "elk"), (vec!["blue".to_string()], vec!["blue".to_string()]));
    }

    /// A kept set brought up to date after Tint makes Painter and Bear blue: Painter's "each
    /// other blue creature is red" now holds Bear, though not Painter, alike as they are. So
    /// "red creatures are green and white", earlier, waits for Painter's effect (613.8a) and Bear
    /// ends white and green. (It waited for Tint first, which takes red from Hybrid.)
    #[test]
    fn a_kept_set_leaves_out_its_own_source_only() {
        let board = board(
            &painter(2),
            "  - {id: bear, name: Bear, owner: Alice, types: [creature], colors: [green], timestamp: 3, abilities: [flying]}\n",
            "  - {id: hybrid, name: Hybrid, owner: Alice, types: [creature], colors: [green, red], timestamp: 4, abilities: [flying]}\n  \
             - {id: bleach, name: Bleach, owner: Alice, types: [enchantment], timestamp: 1, abilities: [{id: whiten, \
             text: Red creatures are green and white., effect: {affects: {types: [creature], colors: [red]}, colors: {set: [green, white]}}}]}\n",
        );
        let white_and_green = vec!["white".to_string(), "green".to_string()];
        assert_eq!(colors(&board, "bear"), (white_and_green.clone(), white_and_green));
    }
}
