//! The dependency graph of one layer (613.7a), kept between choices. 613.7c works the
//! dependencies out again after each application; this keeps every pair's result and tries again
//! only the pairs an application can have changed.
//!
//! Whether A depends on B is read off a trial (dependency.rs): B applied to the objects it
//! applies to, A looked at on the objects that changed. So the result depends on B's set, on
//! those objects, on what B's amounts count, and on the two effects themselves: nothing else.
//! After an application, a pair is tried again when
//! - B reads a value the application changed (its set or its amounts can differ), found through
//!   an index of readers by value ("red", "creature", a controller, an ability);
//! - the application changed an object of B's set, found through an index of shapes to the sets
//!   holding them (sets found by a selector that names no object answer once per shape), or of
//!   objects for the others (A is only ever looked at on those objects: its source too, when its
//!   existence or text is at stake);
//! - either effect is new or different (its source's abilities or controller changed).
//!
//! A copy effect reads and writes every value, so it would be found by every change and every
//! B. One with a fixed set is kept instead under its original (`copiers_of`): it goes stale as B
//! when its original or an object of its set changes, and as A it is tried only against a B
//! whose set holds its original or its source (`Node::sees`), the only objects it can look
//! different through.
//!
//! The words used throughout:
//! - A and B: the two effects of a pair, A the one that may depend on B (613.8a). A trial applies
//!   B and looks at A.
//! - An id is an effect's number in the layer (`Pool`), the same from choice to choice; a place
//!   is a candidate's index among this choice's candidates.
//! - A kept set: the objects an effect applies to, kept until something it reads changes.
//! - A shape: objects that look alike to every selector (`Shapes`); a selector that names no
//!   object is asked once per shape, and its `Answers` are kept for good.
//! - A class: effects alike (`Classes`), whose pairs the classes decide where a trial can show
//!   nothing of a member but its class.
//! - A round: how many times B's pairs were tried again; what A was found to depend on in an
//!   earlier round of B no longer counts (`Edges`).
//!
//! The graph is one `Graph`, its work split by job:
//! - this file: the graph's state and what the rest of the engine calls;
//! - `readers`: effects indexed by what they read and write, and which A to try against a B;
//! - `kept_sets`: the kept sets, listed or asked shape by shape, and who holds each object;
//! - `stale`: what an application makes stale, and the kept sets it brings up to date;
//! - `moved`: an application's moves of objects from shape to shape, grouped;
//! - `trials`: trying pairs, and keeping and reporting the dependencies found;
//! - `classes` and `edges`: the classes, and the dependencies kept per A;
//! - `hubs`: the classes as nodes of the graph the order of the effects is found on.

use super::footprint::{reads, writes, Atom, Reads, KINDS};
use super::shape::{self, Answers, Shapes};
use crate::engine::effect::Effect;
use crate::engine::layer::Layer;
use crate::engine::sets::Sets;
use crate::engine::trace::DependencyKind;
use crate::engine::world::World;
use classes::Classes;
use edges::Edges;
use readers::{ClassReaders, ReaderIndex};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use trials::TrialKey;

mod classes;
mod edges;
mod hubs;
mod kept_sets;
mod moved;
mod readers;
mod stale;
mod trials;

pub use hubs::Hubs;

/// The kind of value (`Atom::kinds`) that abilities are.
const ABILITY: usize = 4;

/// The place of an id that is no candidate now (`Graph::place_of`).
const NOT_A_CANDIDATE: usize = usize::MAX;

#[derive(Default)]
pub struct Graph {
    /// The layer it is the graph of (613.7a: dependencies within one layer).
    layer: Option<Layer>,
    /// Id → what is known of the effect.
    nodes: Vec<Node>,
    /// Id → its place among this choice's candidates (`NOT_A_CANDIDATE`: not one now).
    place_of: Vec<usize>,
    /// This choice's candidates, as ids.
    candidate_ids: Vec<usize>,
    /// Effects by what they read, for finding those an application or a B can change.
    readers: ReaderIndex,
    /// Kind → the effects that write values of it, for finding the B of a new A.
    writers: [Vec<usize>; KINDS],
    /// Object → the effects it is the source of (a removal of abilities asks it for each object
    /// of its set).
    by_source: Vec<Vec<usize>>,
    /// Object → the copy effects that copy it and read nothing else (`Node::sees`): they are
    /// kept here instead of in `readers`, under the object rather than under every value. An
    /// entry can be out of date (the effect changed since): it is only tried again for nothing.
    copiers_of: Vec<Vec<usize>>,
    /// Object → the effects whose kept set holds it, for sets not kept by shape. An entry can
    /// be out of date (the object left the set): it is checked where the list is read.
    holders_of_object: Vec<Vec<usize>>,
    /// Shape → the effects whose kept set (by shape) holds its objects.
    holders_of_shape: Vec<Vec<usize>>,
    /// The objects' shapes, once a kept set is worked out.
    shapes: Option<Shapes>,
    /// The objects found while a set is listed shape by shape (`kept_set`), to list them in
    /// board order: a bit per object, all clear between listings, kept so that each listing
    /// reuses its room.
    found: Vec<u64>,
    /// The number of the latest walk over a list that drops repeats: an entry stamped with the
    /// current walk's number (in `met_in` or `listed_in`) was met already in this walk, so
    /// nothing has to be cleared between walks.
    walk: u64,
    /// Id → the last walk over holder lists that met it (`held_changed`).
    met_in: Vec<u64>,
    /// Place → the last walk that listed it (`readers`, and the A of each B in `update`).
    listed_in: Vec<u64>,
    /// Effects alike, numbered, and what their members depend on as classes. Beside the nodes,
    /// for the loops over pairs that look at nothing else of most effects.
    classes: Classes,
    /// Id → as A, the B it depends on. Beside the nodes: a layer of alike effects finds an edge
    /// for nearly every pair.
    edges: Vec<Edges>,
    /// Id → as B, how many times its pairs were tried again (its round).
    rounds: Vec<u32>,
    /// Id → as A, the ids of the B it was reported to depend on, as bits: a dependency is found
    /// again after every application that touches it, and is reported the first time only.
    reported: Vec<Vec<u64>>,
    /// Trials of this choice, by what decides their result (`TrialKey`): alike effects are
    /// tried once.
    trials: FxHashMap<TrialKey, Option<DependencyKind>>,
}

/// What the graph knows of one effect, by id.
#[derive(Default)]
struct Node {
    effect: Option<Effect>,
    /// What it reads (`footprint::reads`): of the objects it looks at, and of its source.
    reads: Option<Reads>,
    writes: Vec<Atom>,
    /// Its kept set, in board order (`None`: to be worked out when asked).
    kept_set: Option<Vec<usize>>,
    /// Whether its set is kept by shape: found by a selector that names no object (within a
    /// layer a set is fixed from the start or not at all).
    by_shape: bool,
    /// Whether its set is fixed (`Sets::fixed_set`): asked once, not for every trial.
    fixed: bool,
    /// Its selector's answer for each shape, when its set is kept by shape.
    answers: Option<Answers>,
    /// Whether applying it to an effect's source can make that effect stop existing or read
    /// otherwise (`takes_abilities`).
    takes_abilities: bool,
    /// For a copy effect whose set is fixed, the objects (its original, and its source) it can
    /// look different through, in board order (`copy_sees`): as A it depends only on a B whose
    /// set holds one of them, and as B what a trial shows changes only when they or its set's
    /// objects do. `None`: it may look different through any object.
    sees: Option<Vec<usize>>,
    /// Whether its pairs as A (with every B it may depend on) are to be tried again.
    retry_as_a: bool,
    /// Whether its pairs as B (with every A it may change) are to be tried again.
    retry_as_b: bool,
}

impl Graph {
    /// A candidate was added, new or changed: every pair it is in is tried again.
    pub fn added(&mut self, world: &World, id: usize, effect: &Effect, sets: &Sets, layer: Layer) {
        self.layer = Some(layer);
        if self.nodes.len() <= id {
            self.nodes.resize_with(id + 1, Node::default);
            self.place_of.resize(id + 1, NOT_A_CANDIDATE);
            self.edges.resize_with(id + 1, Edges::default);
            self.rounds.resize(id + 1, 0);
            self.reported.resize_with(id + 1, Vec::new);
        }
        if self.nodes[id].effect.as_ref() == Some(effect) {
            // The same effect again: while it was not a candidate, the pairs of the others
            // were tried without it.
            self.nodes[id].retry_as_a = true;
            self.nodes[id].retry_as_b = true;
            self.classes.came_back();
            return;
        }
        let r = reads(effect, sets, layer);
        // What B's set and amounts read: `reads`, and the types a selector asks for any of.
        let mut watches = r.state.clone();
        let fixed = sets.is_fixed(effect);
        if let Some(s) = effect.body.affects.as_ref().filter(|_| !fixed) {
            watches.extend(s.any_types.iter().map(|t| Atom::Type(Some(*t))));
        }
        let w = writes(effect, layer);
        let sees = copy_sees(world, effect, layer, fixed);
        // Its source is found through `by_source`, by a B whose set holds it.
        match sees.as_ref().and(original_of(world, effect)) {
            Some(original) => reach(&mut self.copiers_of, original).push(id),
            None => self.readers.add(id, &watches),
        }
        for k in kinds_of(&w) {
            self.writers[k].push(id);
        }
        if let Some(source) = effect.source {
            reach(&mut self.by_source, source).push(id);
        }
        // Within a layer a set is fixed from the start or not at all: an effect that starts to
        // apply (613.5) is done with this layer. (A body is told by its printed form: it has
        // no hash of its own.)
        let by_shape = sets.live_selector(effect).is_some_and(|s| !shape::names_objects(s));
        self.classes.join(id, alike(effect, by_shape).then(|| (format!("{:?}", effect.body), effect.controller)));
        let node = &mut self.nodes[id];
        node.by_shape = by_shape;
        node.fixed = fixed;
        node.takes_abilities = takes_abilities(effect, layer, &w);
        node.sees = sees;
        node.answers = None;
        node.effect = Some(effect.clone());
        node.reads = Some(r);
        node.writes = w;
        node.kept_set = None;
        node.retry_as_a = true;
        node.retry_as_b = true;
    }

    /// After an application that changed `changed` (objects, with what changed on each);
    /// `by_shape` as for `Shapes::changed`.
    pub fn applied(&mut self, world: &World, sets: &Sets, changed: &[(usize, Rc<[Atom]>)], by_shape: bool) {
        let moves = match &mut self.shapes {
            Some(shapes) => shapes.changed(world, changed.iter().map(|(o, _)| *o), by_shape),
            None => Vec::new(),
        };
        // The index may hold an effect under what it read before it changed: trying it again
        // is only wasted work.
        let hit = self.readers.stale_by(&stale::written(changed));
        let objects: Vec<usize> = changed.iter().map(|(o, _)| *o).collect();
        debug_assert!(objects.is_sorted(), "an application's objects in board order");
        let moved = moved::Moved::new(&moves, self.shapes.as_ref().map_or(0, Shapes::count));
        for id in hit {
            self.nodes[id].retry_as_b = true;
            if self.place_of[id] == NOT_A_CANDIDATE {
                // Not a candidate (applied, or gone for now): its kept set is dropped rather than
                // brought up to date, and worked out again if it comes back.
                self.nodes[id].kept_set = None;
                continue;
            }
            self.patch(world, sets, id, &objects, &moved);
        }
        // A copy of a changed object does something else now.
        for o in &objects {
            for &id in self.copiers_of.get(*o).map_or(&[][..], Vec::as_slice) {
                self.nodes[id].retry_as_b = true;
            }
        }
        self.carry_answers(world, &moved);
        let touched = self.touched_shapes(world, &objects, &moved);
        self.held_changed(&objects, &touched);
    }

    /// Every pair is tried again (the graph was worked out whole meanwhile).
    pub fn forget(&mut self) {
        for node in &mut self.nodes {
            node.retry_as_a = true;
            node.retry_as_b = true;
            node.kept_set = None;
        }
    }

    /// Brings every pair among `candidates` up to date; the dependencies found on the way that
    /// were never reported before in this layer, as (A, B, why) places.
    pub fn update(
        &mut self,
        world: &mut World,
        sets: &Sets,
        layer: Layer,
        candidates: &[(usize, &Effect)],
    ) -> Vec<(usize, usize, DependencyKind)> {
        for id in std::mem::take(&mut self.candidate_ids) {
            self.place_of[id] = NOT_A_CANDIDATE;
        }
        // The world is the same for every trial of this choice, and only for those.
        self.trials.clear();
        for (place, (id, _)) in candidates.iter().enumerate() {
            self.place_of[*id] = place;
            self.candidate_ids.push(*id);
        }
        // B → the A to try against it.
        let mut work: Vec<Vec<usize>> = vec![Vec::new(); candidates.len()];
        // Class → the place of the B that tries again, for every member, the pairs the classes
        // decide (`try_pairs`), and its readers (the same for every member). Readers are the
        // same for every class that writes the same values: they are listed once per choice.
        let stale_classes = self.stale_classes();
        let mut trying: Vec<Option<usize>> = vec![None; self.classes.count()];
        let mut class_readers: Vec<Rc<ClassReaders>> = vec![Rc::default(); self.classes.count()];
        let mut by_writes: FxHashMap<Vec<Atom>, Rc<ClassReaders>> = FxHashMap::default();
        for (b, (id, effect)) in candidates.iter().enumerate() {
            let stale = std::mem::take(&mut self.nodes[*id].retry_as_b);
            if stale {
                // Every dependency found on B so far is out of date.
                self.rounds[*id] += 1;
            }
            if effect.is_defining() {
                continue;
            }
            let Some(class) = self.classes.of(*id).filter(|_| self.decided_by_classes(*id, effect, layer)) else {
                if stale {
                    work[b] = self.readers(world, sets, *id);
                }
                continue;
            };
            let c = class as usize;
            let tries_class = trying[c].is_none() && stale_classes[c];
            if tries_class {
                trying[c] = Some(b);
                self.classes.retried(class);
                class_readers[c] = match by_writes.get(&self.nodes[*id].writes) {
                    Some(readers) => readers.clone(),
                    None => {
                        let readers = Rc::new(self.class_readers(world, sets, *id, candidates));
                        by_writes.insert(self.nodes[*id].writes.clone(), readers.clone());
                        readers
                    }
                };
            }
            let readers = &class_readers[c];
            if tries_class {
                // One A of each class, not B: the classes decide their pairs. Its pairs with
                // effects of no class are tried again only when it is stale.
                let one_of_each = readers.of_classes.iter().filter_map(|&(first, second)| match first == b {
                    true => second,
                    false => Some(first),
                });
                work[b] = one_of_each.chain(readers.plain.iter().copied().filter(|_| stale)).collect();
            } else if stale {
                // Another member tries the pairs of the class: this one, those with effects of none.
                work[b] = readers.plain.clone();
            }
        }
        for (a, (id, effect)) in candidates.iter().enumerate() {
            if !self.nodes[*id].retry_as_a {
                continue;
            }
            self.nodes[*id].retry_as_a = false;
            self.edges[*id].clear();
            if effect.is_defining() {
                continue;
            }
            for b in self.writers_for(world, sets, *id) {
                work[self.place_of[b]].push(a);
            }
        }
        let mut found = Vec::new();
        self.listed_in.resize(candidates.len(), 0);
        for (b, mut list) in work.into_iter().enumerate() {
            if list.is_empty() {
                continue;
            }
            // Each A once (it may come as a reader of B and as a new A): marked by place, in no
            // order, as `try_pairs` needs none.
            self.walk += 1;
            let (listed_in, walk) = (&mut self.listed_in, self.walk);
            list.retain(|a| std::mem::replace(&mut listed_in[*a], walk) != walk);
            self.try_pairs(world, sets, layer, candidates, (b, &trying), list, &mut found);
        }
        found.sort_unstable_by_key(|(a, b, _)| (*a, *b));
        found
    }

    /// The objects' shapes, once a kept set was worked out: up to date with every application.
    pub fn shapes(&self) -> Option<&Shapes> {
        self.shapes.as_ref()
    }

    /// The objects the candidate `id`, `effect`, applies to now. (Two candidates can share an
    /// id: the node holds one of them.)
    pub fn applies_to(&mut self, world: &World, sets: &Sets, id: usize, effect: &Effect) -> Vec<usize> {
        if self.nodes.get(id).and_then(|n| n.effect.as_ref()) != Some(effect) {
            return sets.affected(world, effect);
        }
        let set = self.kept_set(world, sets, id).to_vec();
        debug_assert_eq!(set, sets.affected(world, effect), "a kept set out of date");
        set
    }

    /// The B that the candidate `id` depends on now, as places, in no order (the order of the
    /// effects is worked out from one of these lists per candidate, and reads few in order):
    /// those kept for it, and the members of the classes kept for its class (but itself).
    pub fn depends_on(&self, id: usize) -> Vec<(usize, DependencyKind)> {
        let mut out: Vec<(usize, DependencyKind)> = self.kept_for(id).collect();
        if let Some(class) = self.classes.of(id) {
            let members: usize = self.classes.depends_on(class).map(|(b, _)| self.classes.members(b).len()).sum();
            out.reserve(members);
            for (b, kind) in self.classes.depends_on(class) {
                out.extend(self.classes.members(b).iter().filter(|m| **m != id).map(|m| (self.place_of[*m], kind)));
            }
        }
        out.retain(|(p, _)| *p != NOT_A_CANDIDATE);
        out
    }

    /// The B kept for A = `id` itself (not through its class), as places (`NOT_A_CANDIDATE`: no
    /// candidate now).
    fn kept_for(&self, id: usize) -> impl Iterator<Item = (usize, DependencyKind)> + '_ {
        self.edges[id].current(&self.rounds).map(|(b, kind)| (self.place_of[b as usize], kind))
    }
}

/// Whether an effect is one of a class: its set found by its selector alone (no object named, not
/// "other"), so that effects with its body and controller apply to the same objects and do the
/// same to them, whatever their sources. `by_shape`: its set is kept by shape (a live selector
/// that names no object).
fn alike(effect: &Effect, by_shape: bool) -> bool {
    effect.kind == crate::engine::effect::EffectKind::Static
        && by_shape
        && effect.body.affects.as_ref().is_some_and(|s| !s.other)
}

/// The objects a copy effect (layer 1) with a fixed set can look different through in a trial
/// (`copy_untouched` in dependency.rs): its original, which it copies, and its source, for its
/// existence and text; with its set fixed and no amounts, nothing else of the board shows. What
/// it does to its set's objects reads only those and its original (706.2). `None` for any other
/// effect, and for a copy of an object not on the board.
fn copy_sees(world: &World, effect: &Effect, layer: Layer, fixed: bool) -> Option<Vec<usize>> {
    if layer != Layer::Copy || !fixed || effect.is_defining() {
        return None;
    }
    let original = original_of(world, effect)?;
    let mut objects: Vec<usize> = std::iter::once(original).chain(effect.source).collect();
    objects.sort_unstable();
    objects.dedup();
    Some(objects)
}

/// The object a copy effect copies, if it is on the board.
fn original_of(world: &World, effect: &Effect) -> Option<usize> {
    world.board.object_index(&effect.body.copy.as_ref()?.of)
}

/// Whether applying `effect` in `layer` can take an ability from an object or change one, and so
/// make an effect of that object stop existing or read otherwise (613.8a; 613.7a in 2011). An
/// effect that only grants abilities cannot: the object keeps every ability it had, and one it
/// already has is not granted again. Any other change of abilities (a text change, land types
/// set, a copy, abilities removed) is counted as one that can.
fn takes_abilities(effect: &Effect, layer: Layer, writes: &[Atom]) -> bool {
    let only_grants = layer == Layer::Ability
        && effect.body.abilities.as_ref().is_some_and(|change| !change.remove_all && change.remove.is_empty());
    kinds_of(writes).contains(&ABILITY) && !only_grants
}

/// The entry at `i` of an index by number (an object's list, a shape's), made empty where the
/// index does not reach it yet.
fn reach<T: Default>(index: &mut Vec<T>, i: usize) -> &mut T {
    if index.len() <= i {
        index.resize_with(i + 1, T::default);
    }
    &mut index[i]
}

/// The kinds of value (`Atom::kinds`) of `atoms`, each once, in order.
fn kinds_of(atoms: &[Atom]) -> Vec<usize> {
    let mut kinds: Vec<usize> = atoms.iter().flat_map(Atom::kinds).collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}
