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

use super::footprint::{meet, reads, writes, Atom, Reads, KINDS};
use super::shape::{self, applies_by_shape, Answers, Shapes};
use crate::engine::dependency::trial;
use crate::engine::effect::Effect;
use crate::engine::layer::Layer;
use crate::engine::sets::Sets;
use crate::engine::trace::DependencyKind;
use crate::engine::world::World;
use classes::Classes;
use edges::Edges;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

mod classes;
mod edges;

const ABILITY: usize = 4;

#[derive(Default)]
pub struct Graph {
    /// The layer it is the graph of (613.7a: dependencies within one layer).
    layer: Option<Layer>,
    nodes: Vec<Node>,
    /// Id → place among this choice's candidates (`usize::MAX`: not one).
    pos: Vec<usize>,
    candidates: Vec<usize>,
    /// Readers by value, for invalidation and for finding the A of a B: an exact value, every
    /// value of a kind, or everything.
    exact: FxHashMap<Atom, Vec<usize>>,
    any_value: [Vec<usize>; KINDS],
    /// Every reader of a kind, whatever the value (for a B that writes every value).
    of_kind: [Vec<usize>; KINDS],
    everything: Vec<usize>,
    /// Writers by kind, for finding the B of a new A.
    writers: [Vec<usize>; KINDS],
    /// Object → the effects it is the source of (a list by object: a removal of abilities asks
    /// it for each object of its set).
    by_source: Vec<Vec<usize>>,
    /// Object → the effects whose kept set holds it, for sets not kept by shape.
    holders: Vec<Vec<usize>>,
    /// Shape → the effects whose kept set (by shape) holds its objects.
    shape_holders: Vec<Vec<usize>>,
    /// The objects' shapes, once a kept set is worked out.
    shapes: Option<Shapes>,
    /// Room for listing a set by shape (`affected`), kept between sets: a bit per object, all
    /// clear between sets. A large board lists thousands of sets of thousands of objects.
    marks: Vec<u64>,
    /// Per effect, the last visit of a holder list that met it, to drop repeats (`applied`).
    seen: Vec<u64>,
    visits: u64,
    /// Per place among this choice's candidates, the last visit that listed it (`readers`, and
    /// the A of each B in `update`).
    listed: Vec<u64>,
    /// Effects alike (`alike`): the same body and controller, numbered, and what their
    /// members depend on as classes. Beside the nodes, for the loops over pairs that look at
    /// nothing else of most effects.
    classes: Classes,
    /// Id → as A, the B it depends on (`Edges`); as B, how many times its pairs were tried
    /// again. Beside the nodes: a layer of alike effects finds millions of edges.
    edges: Vec<Edges>,
    rounds: Vec<u32>,
    /// Id → as A, the ids of the B it was reported to depend on, as bits: a dependency is found
    /// again after every application that touches it, and is reported the first time only.
    reported: Vec<Vec<u64>>,
    /// Trials of this choice, by what decides them (`Looked`): alike effects are tried once.
    trials: FxHashMap<TrialKey, Option<DependencyKind>>,
}

/// What `Graph::meets` asks of B, worked out once for all its A.
struct B<'a> {
    id: usize,
    written: &'a [Atom],
    /// Whether it writes an ability: only then can it change an A's source as A reads it.
    writes_abilities: bool,
    /// Whether its set is listed (`affected`) rather than asked shape by shape.
    listed: bool,
    affected: &'a [usize],
}

/// The readers of a B whose class decides its pairs with A of a class (`Graph::class_readers`), as
/// places: those of no class, and for each class its first one and another.
#[derive(Default)]
struct ClassReaders {
    plain: Vec<usize>,
    of_classes: Vec<(usize, Option<usize>)>,
}

/// B's class, and who its trial looks at.
type TrialKey = (u32, Looked);

/// Who B's trial looks at, as far as its result goes: an effect, or any effect of a class when
/// nothing of it but its class can show in the trial.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Looked {
    Effect(usize),
    Class(u32),
}

#[derive(Default)]
struct Node {
    effect: Option<Effect>,
    reads: Option<Reads>,
    /// What B's set and amounts read: `reads`, and the types a selector asks for any of.
    watches: Vec<Atom>,
    writes: Vec<Atom>,
    affected: Option<Vec<usize>>,
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
    stale_a: bool,
    stale_b: bool,
}

impl Graph {
    /// A candidate was added, new or changed: every pair it is in is tried again.
    pub fn added(&mut self, id: usize, effect: &Effect, sets: &Sets, layer: Layer) {
        self.layer = Some(layer);
        if self.nodes.len() <= id {
            self.nodes.resize_with(id + 1, Node::default);
            self.pos.resize(id + 1, usize::MAX);
            self.edges.resize_with(id + 1, Edges::default);
            self.rounds.resize(id + 1, 0);
            self.reported.resize_with(id + 1, Vec::new);
        }
        if self.nodes[id].effect.as_ref() == Some(effect) {
            // The same effect again: while it was not a candidate, the pairs of the others
            // were tried without it.
            self.nodes[id].stale_a = true;
            self.nodes[id].stale_b = true;
            self.classes.came_back();
            return;
        }
        let r = reads(effect, sets, layer);
        let mut watches = r.state.clone();
        let fixed = sets.is_fixed(effect);
        if let Some(s) = effect.body.affects.as_ref().filter(|_| !fixed) {
            watches.extend(s.any_types.iter().map(|t| Atom::Type(Some(*t))));
        }
        let w = writes(effect, layer);
        for atom in &watches {
            match atom {
                Atom::Everything => self.everything.push(id),
                _ if atom.value_is_any() => self.any_value[atom.kinds().start].push(id),
                _ => self.exact.entry(*atom).or_default().push(id),
            }
            for k in atom.kinds() {
                self.of_kind[k].push(id);
            }
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
        node.answers = None;
        node.effect = Some(effect.clone());
        node.reads = Some(r);
        node.watches = watches;
        node.writes = w;
        node.affected = None;
        node.stale_a = true;
        node.stale_b = true;
    }

    /// After an application that changed `changed` (objects, with what changed on each);
    /// `by_shape` as for `Shapes::changed`.
    pub fn applied(&mut self, world: &World, sets: &Sets, changed: &[(usize, Rc<[Atom]>)], by_shape: bool) {
        let moves = match &mut self.shapes {
            Some(shapes) => shapes.changed(world, changed.iter().map(|(o, _)| *o), by_shape),
            None => Vec::new(),
        };
        // Objects changed alike share their atoms (in a row, or shape by shape): each list is
        // counted once.
        let mut written: FxHashSet<&Atom> = FxHashSet::default();
        let mut lists: FxHashSet<*const [Atom]> = FxHashSet::default();
        let mut last: Option<&Rc<[Atom]>> = None;
        for (_, atoms) in changed {
            if last.is_some_and(|last| Rc::ptr_eq(last, atoms)) {
                continue;
            }
            last = Some(atoms);
            if lists.insert(Rc::as_ptr(atoms)) {
                written.extend(atoms.iter());
            }
        }
        let mut hit: Vec<usize> = Vec::new();
        let mut kinds = [false; KINDS];
        for w in &written {
            match w {
                Atom::Everything => hit.extend(0..self.nodes.len()),
                _ if w.value_is_any() => hit.extend(&self.of_kind[w.kinds().start]),
                _ => hit.extend(self.exact.get(*w).into_iter().flatten()),
            }
            for k in w.kinds() {
                kinds[k] = true;
            }
        }
        if !written.is_empty() {
            hit.extend(&self.everything);
        }
        for (k, _) in kinds.iter().enumerate().filter(|(_, hit)| **hit) {
            hit.extend(&self.any_value[k]);
        }
        // The index may hold an effect under what it read before it changed: trying it again
        // is only wasted work.
        hit.sort_unstable();
        hit.dedup();
        let objects: Vec<usize> = changed.iter().map(|(o, _)| *o).collect();
        debug_assert!(objects.is_sorted(), "an application's objects in board order");
        let moved = Moved::new(&moves, self.shapes.as_ref().map_or(0, Shapes::count));
        for id in hit {
            self.nodes[id].stale_b = true;
            if self.pos[id] == usize::MAX {
                // Not a candidate (applied, or gone for now): its kept set is dropped rather than
                // brought up to date, and worked out again if it comes back.
                self.nodes[id].affected = None;
                continue;
            }
            self.patch(world, sets, id, &objects, &moved);
        }
        self.carry_answers(world, &moved);
        // Every shape a changed object had: an object that kept its shape changed too.
        let mut touched: Vec<u32> = Vec::new();
        if let Some(shapes) = &self.shapes {
            let mut marked = vec![false; shapes.count()];
            let now = objects.iter().map(|o| shapes.of(world, *o));
            for shape in moved.froms().chain(now) {
                if !std::mem::replace(&mut marked[shape as usize], true) {
                    touched.push(shape);
                }
            }
        }
        self.held_changed(&objects, &touched);
    }

    /// Objects moved out of a shape a kept set holds, into one it was never asked about (it
    /// reads nothing the application changed, so it was not patched): the new shape is asked
    /// now, so that the set's holders follow its objects. Should the answer differ, the set is
    /// dropped, to be worked out again.
    fn carry_answers(&mut self, world: &World, moved: &Moved) {
        let Some(shapes) = &self.shapes else { return };
        for (from, to, objects) in &moved.groups {
            let count = self.shape_holders.get(*from as usize).map_or(0, Vec::len);
            for i in 0..count {
                let id = self.shape_holders[*from as usize][i];
                let node = &mut self.nodes[id];
                let (Some(answers), Some(effect)) = (node.answers.as_mut(), node.effect.as_ref()) else { continue };
                if answers.of(*from) != Some(true) || answers.of(*to).is_some() {
                    continue;
                }
                let Some(selector) = effect.body.affects.as_ref() else { continue };
                // A source its selector leaves out does not answer for its shape.
                let Some(&object) = objects.iter().find(|o| !shape::leaves_out(selector, effect, **o)) else {
                    continue;
                };
                if !answers.matches(shapes, world, selector, effect, object) {
                    node.affected = None;
                    node.stale_b = true;
                }
                hold_new_yes(&mut self.shape_holders, answers, id);
            }
        }
    }

    /// Marks stale every effect whose kept set held one of the objects that changed: by the
    /// shapes they had (`touched`, before and after), for sets kept by shape, else object by
    /// object.
    fn held_changed(&mut self, objects: &[usize], touched: &[u32]) {
        let (nodes, seen) = (&mut self.nodes, &mut self.seen);
        seen.resize(nodes.len(), 0);
        self.visits += 1;
        let visit = self.visits;
        for &shape in touched {
            let Some(holders) = self.shape_holders.get_mut(shape as usize) else { continue };
            // A list keeps the effects that answered yes for the shape, for good (`Answers`),
            // and repeats are cleared here.
            holders.retain(|id| {
                let node = &mut nodes[*id];
                let holds = node.answers.as_ref().is_some_and(|a| a.of(shape) == Some(true));
                if holds && std::mem::replace(&mut seen[*id], visit) != visit {
                    node.stale_b = true;
                }
                holds
            });
        }
        for object in objects {
            let Some(holders) = self.holders.get_mut(*object) else { continue };
            // A list keeps the effects that held the object at some point: those that no longer
            // do (it left their set, or the set was dropped) and repeats are cleared here, where
            // the list is read anyway, or it grows with every choice.
            self.visits += 1;
            let visit = self.visits;
            holders.retain(|id| {
                if std::mem::replace(&mut seen[*id], visit) == visit {
                    return false;
                }
                let node = &mut nodes[*id];
                // One already to be tried again needs no look (its entry is checked another time).
                if node.stale_b {
                    return true;
                }
                let holds = node.affected.as_ref().is_some_and(|set| set.binary_search(object).is_ok());
                node.stale_b = holds;
                holds
            });
        }
    }

    /// A kept set after the objects `changed` changed: a selector looks at each object alone,
    /// so only those can have come in or gone out. A set kept by shape asks once per shape an
    /// object moved from and to.
    fn patch(&mut self, world: &World, sets: &Sets, id: usize, changed: &[usize], moved: &Moved) {
        let node = &mut self.nodes[id];
        let (Some(set), Some(effect)) = (node.affected.as_mut(), node.effect.as_ref()) else { return };
        let Some(selector) = sets.live_selector(effect) else { return };
        let (mut entered, mut left) = (Vec::new(), Vec::new());
        match (&mut node.answers, &self.shapes) {
            (Some(answers), Some(shapes)) => {
                // A source its selector leaves out is never in its set.
                let left_out = |o: usize| shape::leaves_out(selector, effect, o);
                // What each group's move does to the set: the shape before was asked when an
                // object of it was (none may be left); if not, each object's place says.
                let mut does: Vec<Option<Option<bool>>> = Vec::with_capacity(moved.groups.len());
                for (from, _, objects) in &moved.groups {
                    let Some(&first) = objects.iter().find(|o| !left_out(**o)) else {
                        does.push(None);
                        continue;
                    };
                    let now = answers.matches(shapes, world, selector, effect, first);
                    does.push(match answers.of(*from) {
                        Some(before) if before == now => None,
                        Some(_) => Some(Some(now)),
                        None => Some(None),
                    });
                }
                hold_new_yes(&mut self.shape_holders, answers, id);
                if does.iter().all(Option::is_none) {
                    return;
                }
                // Where trials go by shape, the list is only read for the effect chosen to apply:
                // it is worked out then, instead of being brought up to date after every move.
                if self.layer.is_some_and(|l| applies_by_shape(effect, l)) {
                    node.affected = None;
                    return;
                }
                // The moves in board order, so that both lists are too.
                for &(o, group) in &moved.moves {
                    let (was, now) = match does[group] {
                        None => continue,
                        _ if left_out(o) => continue,
                        Some(Some(now)) => (!now, now),
                        Some(None) => (set.binary_search(&o).is_ok(), answers.of(moved.groups[group].1) == Some(true)),
                    };
                    match (was, now) {
                        (true, false) => left.push(o),
                        (false, true) => entered.push(o),
                        _ => {}
                    }
                }
            }
            _ => {
                for o in changed {
                    match (set.binary_search(o).is_ok(), world.matches(selector, *o, effect)) {
                        (true, false) => left.push(*o),
                        (false, true) => entered.push(*o),
                        _ => {}
                    }
                }
            }
        }
        if !left.is_empty() {
            // Both in board order: one walk.
            let mut gone = left.iter().peekable();
            set.retain(|o| {
                while gone.next_if(|g| *g < o).is_some() {}
                gone.next_if_eq(&o).is_none()
            });
        }
        if entered.is_empty() {
            return;
        }
        *set = merged(set, &entered);
        if node.answers.is_none() {
            for o in entered {
                let holders = reach(&mut self.holders, o);
                if holders.last() != Some(&id) {
                    holders.push(id);
                }
            }
        }
    }

    /// Every pair is tried again (the graph was worked out whole meanwhile).
    pub fn forget(&mut self) {
        for node in &mut self.nodes {
            node.stale_a = true;
            node.stale_b = true;
            node.affected = None;
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
        for id in std::mem::take(&mut self.candidates) {
            self.pos[id] = usize::MAX;
        }
        // The world is the same for every trial of this choice, and only for those.
        self.trials.clear();
        for (place, (id, _)) in candidates.iter().enumerate() {
            self.pos[*id] = place;
            self.candidates.push(*id);
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
            let stale = std::mem::take(&mut self.nodes[*id].stale_b);
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
            if !self.nodes[*id].stale_a {
                continue;
            }
            self.nodes[*id].stale_a = false;
            self.edges[*id].clear();
            if effect.is_defining() {
                continue;
            }
            for b in self.writers_for(world, sets, *id) {
                work[self.pos[b]].push(a);
            }
        }
        let mut found = Vec::new();
        self.listed.resize(candidates.len(), 0);
        for (b, mut list) in work.into_iter().enumerate() {
            if list.is_empty() {
                continue;
            }
            // Each A once (it may come as a reader of B and as a new A): marked by place, in no
            // order, as `try_pairs` needs none (sorting these lists was a tenth of a layer).
            self.visits += 1;
            let (listed, visit) = (&mut self.listed, self.visits);
            list.retain(|a| std::mem::replace(&mut listed[*a], visit) != visit);
            self.try_pairs(world, sets, layer, candidates, (b, &trying), list, &mut found);
        }
        found.sort_unstable_by_key(|(a, b, _)| (*a, *b));
        found
    }

    /// Whether the pairs of B = `id` with A of a class are decided by the classes (B's own class
    /// given): its trials go by shape and it writes no ability, which only A's source could show.
    fn decided_by_classes(&self, id: usize, effect: &Effect, layer: Layer) -> bool {
        applies_by_shape(effect, layer) && !self.nodes[id].writes.iter().any(|w| w.kinds().contains(&ABILITY))
    }

    /// Class → whether a member's pairs are to be tried again: one is stale as B, or left the
    /// class (whose sets were kept through it). A member that is no candidate is done with its
    /// stale mark here: it is marked again when it comes back (`added`).
    fn stale_classes(&mut self) -> Vec<bool> {
        (0..self.classes.count() as u32)
            .map(|class| {
                let mut stale = self.classes.take_left(class);
                for &id in self.classes.members(class) {
                    let node = &mut self.nodes[id];
                    stale |= node.stale_b;
                    if self.pos[id] == usize::MAX {
                        node.stale_b = false;
                    }
                }
                stale
            })
            .collect()
    }

    /// The places of the candidates A that B = `id` can change, by what it writes (or by its
    /// set, for A's source when B writes abilities), in no order (`try_pairs` needs none).
    fn readers(&mut self, world: &World, sets: &Sets, id: usize) -> Vec<usize> {
        if self.nodes[id].takes_abilities {
            self.affected(world, sets, id);
        }
        let node = &self.nodes[id];
        // Each candidate once, marked by place: a colour setter's readers are every other one,
        // hundreds, listed again for each kind of value it writes.
        self.visits += 1;
        let visit = self.visits;
        self.listed.resize(self.candidates.len(), 0);
        let (pos, listed) = (&self.pos, &mut self.listed);
        let mut places: Vec<usize> = Vec::new();
        let mut list = |ids: &[usize]| {
            for &a in ids {
                let place = pos[a];
                if place != usize::MAX && std::mem::replace(&mut listed[place], visit) != visit {
                    places.push(place);
                }
            }
        };
        for w in &node.writes {
            match w {
                Atom::Everything => list(&self.candidates),
                _ if w.value_is_any() => list(&self.of_kind[w.kinds().start]),
                _ => {
                    list(self.exact.get(w).map_or(&[][..], Vec::as_slice));
                    list(&self.any_value[w.kinds().start]);
                }
            }
            list(&self.everything);
        }
        if node.takes_abilities {
            for &o in node.affected.as_deref().unwrap_or_default() {
                list(self.by_source.get(o).map_or(&[][..], Vec::as_slice));
            }
        }
        places
    }

    /// The readers (`readers`) of B = `id`, whose pairs with A of a class the classes decide
    /// (`decided_by_classes`): those of no class, and the first two of each class (two, so that
    /// B's own class has one besides B).
    fn class_readers(
        &mut self,
        world: &World,
        sets: &Sets,
        id: usize,
        candidates: &[(usize, &Effect)],
    ) -> ClassReaders {
        let mut out = ClassReaders::default();
        // Class → its place among `of_classes`.
        let mut slot: Vec<usize> = vec![usize::MAX; self.classes.count()];
        for a in self.readers(world, sets, id) {
            let Some(class) = self.classes.of(candidates[a].0) else {
                out.plain.push(a);
                continue;
            };
            match slot[class as usize] {
                usize::MAX => {
                    slot[class as usize] = out.of_classes.len();
                    out.of_classes.push((a, None));
                }
                i => {
                    let second = &mut out.of_classes[i].1;
                    second.get_or_insert(a);
                }
            }
        }
        out
    }

    /// The B (ids) whose trials may involve A = `id`: those that write a kind A reads, and
    /// those that write abilities on A's source.
    fn writers_for(&mut self, world: &World, sets: &Sets, id: usize) -> Vec<usize> {
        let node = &self.nodes[id];
        let kinds = node.reads.as_ref().map(|r| kinds_of(&r.state)).unwrap_or_default();
        let mut out: Vec<usize> = kinds.iter().flat_map(|k| self.writers[*k].iter().copied()).collect();
        if let Some(source) = node.effect.as_ref().and_then(|e| e.source) {
            let ability_writers: Vec<usize> = self.writers[ABILITY].clone();
            for b in ability_writers {
                if self.pos[b] != usize::MAX && self.nodes[b].takes_abilities && self.holds(world, sets, b, source) {
                    out.push(b);
                }
            }
        }
        out.retain(|b| self.pos[*b] != usize::MAX && *b != id);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether the set of effect `id` holds `object` now: its shape's answer for a set kept by
    /// shape, else its kept list.
    fn holds(&mut self, world: &World, sets: &Sets, id: usize, object: usize) -> bool {
        let shapes = self.shapes.get_or_insert_with(|| Shapes::new(world));
        let node = &mut self.nodes[id];
        let effect = node.effect.as_ref().expect("registered");
        match effect.body.affects.as_ref().filter(|_| node.by_shape) {
            Some(selector) => {
                let answers = node.answers.get_or_insert_with(Answers::default);
                let holds = answers.matches(shapes, world, selector, effect, object);
                hold_new_yes(&mut self.shape_holders, answers, id);
                holds
            }
            None => self.affected(world, sets, id).binary_search(&object).is_ok(),
        }
    }

    /// What a trial of effect `id`, whose set is kept by shape, applies it to: the objects of
    /// `specials` in its set, and one other object of each shape it holds (`shape::stand_ins`
    /// does the same from a list).
    fn stand_ins_by_shape(&mut self, world: &World, id: usize, specials: &[usize]) -> Vec<usize> {
        let shapes = self.shapes.get_or_insert_with(|| Shapes::new(world));
        let node = &mut self.nodes[id];
        let effect = node.effect.as_ref().expect("registered");
        let selector = effect.body.affects.as_ref().expect("a set kept by shape has a selector");
        let answers = node.answers.get_or_insert_with(Answers::default);
        let mut out: Vec<usize> =
            specials.iter().copied().filter(|o| answers.matches(shapes, world, selector, effect, *o)).collect();
        let left_out = |o: usize| shape::leaves_out(selector, effect, o);
        for shape in 0..shapes.count() as u32 {
            let members = shapes.members(shape);
            let Some(&one) = members.iter().find(|o| specials.binary_search(o).is_err() && !left_out(**o)) else {
                continue;
            };
            if answers.matches(shapes, world, selector, effect, one) {
                out.push(one);
            }
        }
        hold_new_yes(&mut self.shape_holders, answers, id);
        out.sort_unstable();
        out
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
        let set = self.affected(world, sets, id).to_vec();
        debug_assert_eq!(set, sets.affected(world, effect), "a kept set out of date");
        set
    }

    /// The objects effect `id` applies to now, kept until something it reads changes. A selector
    /// that names no object asks each shape once, for good; other sets are found object by object.
    fn affected(&mut self, world: &World, sets: &Sets, id: usize) -> &[usize] {
        if self.nodes[id].affected.is_none() {
            let shapes = self.shapes.get_or_insert_with(|| Shapes::new(world));
            let node = &mut self.nodes[id];
            let effect = node.effect.as_ref().expect("registered");
            if let Some(selector) = effect.body.affects.as_ref().filter(|_| node.by_shape) {
                let answers = node.answers.get_or_insert_with(Answers::default);
                // Shape by shape: one object of each asked, the objects of those that answer yes
                // marked, then listed in board order (asking every object was a hundred
                // thousand lookups per application on a large board).
                let left_out = |o: usize| shape::leaves_out(selector, effect, o);
                let marks = &mut self.marks;
                marks.resize(world.objects.len().div_ceil(64), 0);
                let mut count = 0;
                for shape in 0..shapes.count() as u32 {
                    let members = shapes.members(shape);
                    let Some(&one) = members.iter().find(|o| !left_out(**o)) else { continue };
                    if answers.matches(shapes, world, selector, effect, one) {
                        for &o in members.iter().filter(|o| !left_out(**o)) {
                            marks[o / 64] |= 1 << (o % 64);
                            count += 1;
                        }
                    }
                }
                let set = take_marked(marks, count);
                debug_assert_eq!(
                    set,
                    (0..world.objects.len())
                        .filter(|o| answers.matches(shapes, world, selector, effect, *o))
                        .collect::<Vec<_>>(),
                    "a set by shape is the objects that match"
                );
                hold_new_yes(&mut self.shape_holders, answers, id);
                node.affected = Some(set);
            } else {
                let set = sets.affected(world, effect);
                for o in &set {
                    // Repeats are cleared where the list is read (`applied`).
                    let holders = reach(&mut self.holders, *o);
                    if holders.last() != Some(&id) {
                        holders.push(id);
                    }
                }
                self.nodes[id].affected = Some(set);
            }
        }
        self.nodes[id].affected.as_deref().expect("just kept")
    }

    /// Tries the candidates at `places` (A) against the one at `b`, as dependency.rs does for the
    /// whole graph, and keeps the results.
    #[allow(clippy::too_many_arguments)]
    fn try_pairs(
        &mut self,
        world: &mut World,
        sets: &Sets,
        layer: Layer,
        candidates: &[(usize, &Effect)],
        (b, trying): (usize, &[Option<usize>]),
        places: Vec<usize>,
        found: &mut Vec<(usize, usize, DependencyKind)>,
    ) {
        let (id_b, effect_b) = candidates[b];
        let by_shape = applies_by_shape(effect_b, layer);
        // Where trials go by shape, a set kept by shape is asked object by object and shape by
        // shape, never listed.
        let listed = !by_shape || !self.nodes[id_b].by_shape;
        let affected = if listed { self.affected(world, sets, id_b).to_vec() } else { Vec::new() };
        let written = self.nodes[id_b].writes.clone();
        let writes_abilities = written.iter().any(|w| w.kinds().contains(&ABILITY));
        let mut class_meets: Vec<Option<bool>> = vec![None; self.classes.count()];
        // B alike another already tried against the same A (or against one alike, where only
        // its class can show) answers as that trial did. Each A gets a place among `answers`,
        // shared by the A of one class: a class is looked up once, not once per A (a layer of
        // alike effects has tens of millions of pairs and a few thousand classes), and an A
        // whose answer is known is done with at once.
        let class_b = self.classes.of(id_b);
        let round = self.rounds[id_b];
        // Where B's class and A's decide the pair, it is kept once for the two classes
        // (`Classes`), by the first B of the class tried again in this choice if there is one.
        let by_classes = class_b.is_some() && self.decided_by_classes(id_b, effect_b, layer);
        let tried_by_another = by_classes && class_b.and_then(|c| trying[c as usize]).is_some_and(|p| p != b);
        let mut answers: Vec<Option<Option<DependencyKind>>> = Vec::new();
        // Class → its place among `answers` (classes are numbered from 0).
        let mut class_answer: Vec<Option<usize>> = vec![None; self.classes.count()];
        // The A to try now, with what decides their trial and their place among `answers`; and
        // every A waiting for those answers, with their class where the classes decide.
        let mut to_try: Vec<(usize, Option<TrialKey>, usize)> = Vec::new();
        let mut waiting: Vec<(usize, usize, Option<u32>)> = Vec::new();
        let mut any_tried = false;
        let side = B { id: id_b, written: &written, writes_abilities, listed, affected: &affected };
        for a in places {
            let id_a = candidates[a].0;
            let class_a = self.classes.of(id_a).filter(|_| by_shape);
            let classes = class_a.filter(|_| by_classes);
            // Tried for the two classes by another B.
            if classes.is_some() && tried_by_another {
                continue;
            }
            // One number per id (`Pool`): the same number is the same candidate's id.
            if id_a == id_b || !self.meets(candidates[a], &side, &mut class_meets, world, sets) {
                continue;
            }
            any_tried = true;
            // Tried for this A's class already, with an A before it.
            if classes.is_some_and(|c| class_answer[c as usize].is_some()) {
                continue;
            }
            let key = class_b.map(|b| (b, class_a.map_or(Looked::Effect(id_a), Looked::Class)));
            // The class whose answer this A shares, where its class is all its trial can show:
            // with the A before it in this B's trial, and with B's class, in the trials kept for
            // this choice.
            let shared = class_a.map(|c| c as usize);
            let place = match shared.and_then(|c| class_answer[c]) {
                Some(place) => place,
                None => {
                    answers.push(key.and_then(|key| self.trials.get(&key).copied()));
                    let place = answers.len() - 1;
                    if let Some(c) = shared {
                        class_answer[c] = Some(place);
                    }
                    if answers[place].is_none() {
                        to_try.push((a, key, place));
                    }
                    place
                }
            };
            match (answers[place], classes) {
                (Some(Some(kind)), Some(class_a)) => self.found_class_edge(class_a, class_b, kind, found),
                (Some(Some(kind)), None) => self.found_edge((a, id_a), (b, id_b), kind, round, found),
                (Some(None), _) => {}
                (None, _) => waiting.push((a, place, classes)),
            }
        }
        // Working out B's objects below also keeps its set (or its shapes' answers), which is
        // how an application that changes them makes B stale: done whenever an A was tried.
        if !any_tried {
            return;
        }
        let specials = match listed {
            true => None,
            false => {
                let tried = to_try.iter().map(|(a, _, _)| {
                    let (id, effect) = candidates[*a];
                    (effect, self.nodes[id].fixed.then(|| sets.fixed_set(effect)).flatten())
                });
                shape::specials(world, layer, tried)
            }
        };
        // A set kept by shape is listed after all, and applied whole, where an effect tried
        // counts objects.
        let (objects, shapes) = match specials {
            Some(specials) => (self.stand_ins_by_shape(world, id_b, &specials), false),
            None if listed => (affected, true),
            None => (self.affected(world, sets, id_b).to_vec(), false),
        };
        if to_try.is_empty() {
            return;
        }
        let looked: Vec<(&Effect, &Reads)> = to_try
            .iter()
            .map(|(a, _, _)| (candidates[*a].1, self.nodes[candidates[*a].0].reads.as_ref().expect("registered")))
            .collect();
        let kinds = trial(world, sets, layer, effect_b, &objects, &looked, self.shapes.as_ref().filter(|_| shapes));
        for ((_, key, place), kind) in to_try.iter().zip(kinds) {
            answers[*place] = Some(kind);
            if let Some(key) = key {
                self.trials.insert(*key, kind);
            }
        }
        for (a, place, classes) in waiting {
            let Some(kind) = answers[place].expect("tried") else { continue };
            match classes {
                Some(class_a) => self.found_class_edge(class_a, class_b, kind, found),
                None => self.found_edge((a, candidates[a].0), (b, id_b), kind, round, found),
            }
        }
    }

    /// Whether A (id, effect) is tried against B: what A reads meets what B writes, or A's
    /// source's abilities do and B changes A's source.
    fn meets(
        &mut self,
        (id_a, effect_a): (usize, &Effect),
        b: &B,
        class_meets: &mut [Option<bool>],
        world: &World,
        sets: &Sets,
    ) -> bool {
        let written = b.written;
        // A's source is read for its abilities only (`footprint::reads`): a B that writes none
        // cannot change it. Then effects alike (one body, so the same reads) meet B alike.
        if let Some(class) = self.classes.of(id_a).filter(|_| !b.writes_abilities) {
            let meets = *class_meets[class as usize].get_or_insert_with(|| meet(self.state_reads(id_a), written));
            debug_assert_eq!(meets, meet(self.state_reads(id_a), written), "effects alike read alike");
            return meets;
        }
        if effect_a.is_defining() {
            return false;
        }
        let r = self.nodes[id_a].reads.as_ref().expect("registered");
        if meet(&r.state, written) {
            return true;
        }
        // A's existence and text can only change through its source's abilities, so that read
        // counts only when B changes A's source.
        meet(&r.source, written)
            && effect_a.source.is_some_and(|s| match b.listed {
                true => b.affected.binary_search(&s).is_ok(),
                false => self.holds(world, sets, b.id, s),
            })
    }

    /// Keeps that A depends on B, and reports it the first time.
    fn found_edge(
        &mut self,
        (a, id_a): (usize, usize),
        (b, id_b): (usize, usize),
        kind: DependencyKind,
        round: u32,
        found: &mut Vec<(usize, usize, DependencyKind)>,
    ) {
        self.edges[id_a].keep((id_b as u32, kind, round), &self.rounds);
        if first_report(&mut self.reported, id_a, id_b) {
            found.push((a, b, kind));
        }
    }

    /// Keeps that the members of class A depend on those of class B (`class_b`: B's, known to
    /// be one), and reports every such pair among the candidates the first time.
    fn found_class_edge(
        &mut self,
        class_a: u32,
        class_b: Option<u32>,
        kind: DependencyKind,
        found: &mut Vec<(usize, usize, DependencyKind)>,
    ) {
        let Some(class_b) = class_b else { return };
        self.classes.keep(class_a, class_b, kind);
        if !self.classes.unreported(class_a, class_b) {
            return;
        }
        let (classes, pos) = (&self.classes, &self.pos);
        for &id_a in classes.members(class_a).iter().filter(|id| pos[**id] != usize::MAX) {
            for &id_b in classes.members(class_b).iter().filter(|id| pos[**id] != usize::MAX && **id != id_a) {
                if first_report(&mut self.reported, id_a, id_b) {
                    found.push((pos[id_a], pos[id_b], kind));
                }
            }
        }
    }

    fn state_reads(&self, id: usize) -> &[Atom] {
        &self.nodes[id].reads.as_ref().expect("registered").state
    }

    /// The B kept for A = `id` itself (not through its class), as places (`usize::MAX`: no
    /// candidate now).
    fn kept_for(&self, id: usize) -> impl Iterator<Item = (usize, DependencyKind)> + '_ {
        self.edges[id].current(&self.rounds).map(|(b, kind)| (self.pos[b as usize], kind))
    }

    /// The classes' nodes for this choice's candidates.
    pub fn hubs(&self) -> Hubs {
        let classes = 0..self.classes.count() as u32;
        let of =
            |class| self.classes.members(class).iter().map(|m| self.pos[*m]).filter(|p| *p != usize::MAX).collect();
        Hubs { candidates: classes.map(of).collect() }
    }

    /// The nodes the candidate `id` goes to in the order's graph: the B it depends on as places
    /// (`depends_on`), but a class's members through the class's node, `first_hub` + its number.
    /// A class with no candidate but `id` is left out, as `depends_on` leaves `id` out.
    pub fn depends_on_through(&self, id: usize, hubs: &Hubs, first_hub: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self.kept_for(id).map(|(p, _)| p).filter(|p| *p != usize::MAX).collect();
        if let Some(class) = self.classes.of(id) {
            for (b, _) in self.classes.depends_on(class) {
                let others = hubs.candidates(b as usize).len() - usize::from(b == class);
                if others > 0 {
                    out.push(first_hub + b as usize);
                }
            }
        }
        out
    }

    /// The B that the candidate `id` depends on now, as places, in no order (the order of the
    /// effects is worked out from thousands of these lists, and reads few of them in order):
    /// those kept for it, and the members of the classes kept for its class (but itself).
    pub fn depends_on(&self, id: usize) -> Vec<(usize, DependencyKind)> {
        let mut out: Vec<(usize, DependencyKind)> = self.kept_for(id).collect();
        if let Some(class) = self.classes.of(id) {
            let members: usize = self.classes.depends_on(class).map(|(b, _)| self.classes.members(b).len()).sum();
            out.reserve(members);
            for (b, kind) in self.classes.depends_on(class) {
                out.extend(self.classes.members(b).iter().filter(|m| **m != id).map(|m| (self.pos[*m], kind)));
            }
        }
        out.retain(|(p, _)| *p != usize::MAX);
        out
    }
}

/// The classes as nodes of the graph the order of the effects is found on (`order::next`): a
/// candidate that depends on the members of a class goes to the class's node, which goes to each
/// candidate of the class. The groups and loops are those of the candidates alone, and a colour
/// layer's candidate goes to a few dozen classes instead of to their hundreds of members.
pub struct Hubs {
    /// Class → its candidates, as places.
    candidates: Vec<Vec<usize>>,
}

impl Hubs {
    pub fn count(&self) -> usize {
        self.candidates.len()
    }

    pub fn candidates(&self, class: usize) -> &[usize] {
        &self.candidates[class]
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

/// An application's moves from shape to shape, grouped by (from, to): each group with its
/// objects, and the moves in board order with their group.
struct Moved {
    groups: Vec<(u32, u32, Vec<usize>)>,
    moves: Vec<(usize, usize)>,
}

impl Moved {
    /// `shapes`: how many shapes there are (numbered from 0).
    fn new(moves: &[shape::Move], shapes: usize) -> Moved {
        // Shape → its first group by shape before, and group → the next group from the same shape:
        // most applications move each shape to one other, and millions of objects on a large board.
        let mut first: Vec<usize> = vec![usize::MAX; shapes];
        let mut next: Vec<usize> = Vec::new();
        let mut groups: Vec<(u32, u32, Vec<usize>)> = Vec::new();
        let mut in_order = Vec::with_capacity(moves.len());
        for m in moves {
            let mut i = first[m.from as usize];
            while i != usize::MAX && groups[i].1 != m.to {
                i = next[i];
            }
            if i == usize::MAX {
                i = groups.len();
                groups.push((m.from, m.to, Vec::new()));
                next.push(std::mem::replace(&mut first[m.from as usize], i));
            }
            groups[i].2.push(m.object);
            in_order.push((m.object, i));
        }
        Moved { groups, moves: in_order }
    }

    /// The shapes objects moved from.
    fn froms(&self) -> impl Iterator<Item = u32> + '_ {
        self.groups.iter().map(|(from, _, _)| *from)
    }
}

/// The objects marked in `marks` (a bit each, `count` in all), in order; the marks are cleared on
/// the way. A word of 64 objects is read at once, and only its marked bits are visited.
fn take_marked(marks: &mut [u64], count: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(count);
    for (w, word) in marks.iter_mut().enumerate() {
        let mut bits = std::mem::take(word);
        while bits != 0 {
            out.push(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    out
}

/// Two lists in board order as one, in board order.
fn merged(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
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

/// Effect `id` holds, by shape, the shapes its answers said yes to since they were last taken.
fn hold_new_yes(shape_holders: &mut Vec<Vec<usize>>, answers: &mut Answers, id: usize) {
    for shape in answers.take_new_yes() {
        reach(shape_holders, shape as usize).push(id);
    }
}

/// Whether A = `a` depends on B = `b` is reported for the first time in this layer (one bit per
/// pair of ids in `reported`).
fn first_report(reported: &mut [Vec<u64>], a: usize, b: usize) -> bool {
    let (word, bit) = (reach(&mut reported[a], b / 64), 1u64 << (b % 64));
    let first = *word & bit == 0;
    *word |= bit;
    first
}

/// The entry at `i` of an index by number (an object's list, a shape's, a word of bits), made
/// empty where the index does not reach it yet.
fn reach<T: Default>(index: &mut Vec<T>, i: usize) -> &mut T {
    if index.len() <= i {
        index.resize_with(i + 1, T::default);
    }
    &mut index[i]
}

fn kinds_of(atoms: &[Atom]) -> Vec<usize> {
    let mut kinds: Vec<usize> = atoms.iter().flat_map(Atom::kinds).collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}
