//! Who reads what a B writes, and who writes what an A reads: the index of effects by what they
//! read, and the lists of A to try against a B (`readers`, `class_readers`) and of B to try
//! against a new A (`writers_for`). A pair is only ever tried where one of these finds it.

use super::{kinds_of, Graph, ABILITY, NOT_A_CANDIDATE};
use crate::engine::effect::Effect;
use crate::engine::fast::footprint::{Atom, KINDS};
use crate::engine::sets::Sets;
use crate::engine::world::World;
use rustc_hash::{FxHashMap, FxHashSet};

/// Effects (ids) by what they read: an exact value, every value of a kind, or everything. Used to
/// find the effects an application makes stale and the A a B can change.
#[derive(Default)]
pub(super) struct ReaderIndex {
    /// Value → the effects that read it.
    exact: FxHashMap<Atom, Vec<usize>>,
    /// Kind → the effects that read every value of it.
    any_value: [Vec<usize>; KINDS],
    /// Kind → every reader of a value of it, whatever the value (for a B that writes every value).
    of_kind: [Vec<usize>; KINDS],
    /// The effects that read everything.
    everything: Vec<usize>,
}

impl ReaderIndex {
    /// Effect `id` reads `watches`.
    pub(super) fn add(&mut self, id: usize, watches: &[Atom]) {
        for atom in watches {
            match atom {
                Atom::Everything => self.everything.push(id),
                _ if atom.value_is_any() => self.any_value[atom.kinds().start].push(id),
                _ => self.exact.entry(*atom).or_default().push(id),
            }
            for k in atom.kinds() {
                self.of_kind[k].push(id);
            }
        }
    }

    /// The effects that read a value of `written`, each once, in id order.
    pub(super) fn stale_by(&self, written: &FxHashSet<&Atom>) -> Vec<usize> {
        let mut hit: Vec<usize> = Vec::new();
        let mut kinds = [false; KINDS];
        for w in written {
            match w {
                Atom::Everything => hit.extend(self.of_kind.iter().flatten()),
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
        hit.sort_unstable();
        hit.dedup();
        hit
    }

    /// The lists of the effects a write of `w` can change, with repeats. (A copy effect kept
    /// under its original instead, `Graph::copiers_of`, is found by its B's set.)
    fn of_write(&self, w: &Atom) -> Vec<&[usize]> {
        match w {
            Atom::Everything => self.of_kind.iter().map(Vec::as_slice).chain([self.everything.as_slice()]).collect(),
            _ if w.value_is_any() => vec![&self.of_kind[w.kinds().start], &self.everything],
            _ => vec![
                self.exact.get(w).map_or(&[][..], Vec::as_slice),
                &self.any_value[w.kinds().start],
                &self.everything,
            ],
        }
    }
}

/// The readers of a B whose class decides its pairs with A of a class (`Graph::class_readers`), as
/// places: those of no class, and for each class its first one and another.
#[derive(Default)]
pub(super) struct ClassReaders {
    pub(super) plain: Vec<usize>,
    pub(super) of_classes: Vec<(usize, Option<usize>)>,
}

impl Graph {
    /// The places of the candidates A that B = `id` can change, by what it writes (or by its
    /// set, for A's source when B writes abilities), in no order (`try_pairs` needs none).
    pub(super) fn readers(&mut self, world: &World, sets: &Sets, id: usize) -> Vec<usize> {
        if self.nodes[id].takes_abilities {
            self.kept_set(world, sets, id);
        }
        let node = &self.nodes[id];
        // Each candidate once, marked by place: a colour setter's readers are every other
        // candidate, listed again for each kind of value it writes.
        self.walk += 1;
        let walk = self.walk;
        self.listed_in.resize(self.candidate_ids.len(), 0);
        let (place_of, listed_in) = (&self.place_of, &mut self.listed_in);
        let mut places: Vec<usize> = Vec::new();
        let mut list = |ids: &[usize]| {
            for &a in ids {
                let place = place_of[a];
                if place != NOT_A_CANDIDATE && std::mem::replace(&mut listed_in[place], walk) != walk {
                    places.push(place);
                }
            }
        };
        for w in &node.writes {
            for ids in self.readers.of_write(w) {
                list(ids);
            }
        }
        if node.takes_abilities {
            let copies = node.writes.contains(&Atom::Everything);
            for &o in node.kept_set.as_deref().unwrap_or_default() {
                list(self.by_source.get(o).map_or(&[][..], Vec::as_slice));
                if copies {
                    list(self.copiers_of.get(o).map_or(&[][..], Vec::as_slice));
                }
            }
        }
        places
    }

    /// The readers (`readers`) of B = `id`, whose pairs with A of a class the classes decide
    /// (`decided_by_classes`): those of no class, and the first two of each class (two, so that
    /// B's own class has one besides B).
    pub(super) fn class_readers(
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
    /// those that write abilities on A's source; each once, in no order (the A of each B are
    /// listed in the order of the candidates all the same).
    pub(super) fn writers_for(&mut self, world: &World, sets: &Sets, id: usize) -> Vec<usize> {
        let node = &self.nodes[id];
        let kinds = node.reads.as_ref().map(|r| kinds_of(&r.state)).unwrap_or_default();
        let source = node.effect.as_ref().and_then(|e| e.source);
        // A writer of every kind (a copy effect) is in every kind's list: each is taken once,
        // marked by the walk, rather than all sorted.
        self.walk += 1;
        let walk = self.walk;
        self.met_in.resize(self.nodes.len(), 0);
        let (met_in, place_of) = (&mut self.met_in, &self.place_of);
        let mut take =
            |b: usize| place_of[b] != NOT_A_CANDIDATE && b != id && std::mem::replace(&mut met_in[b], walk) != walk;
        let mut out: Vec<usize> =
            kinds.iter().flat_map(|k| self.writers[*k].iter().copied()).filter(|b| take(*b)).collect();
        if let Some(source) = source {
            let ability_writers: Vec<usize> = self.writers[ABILITY].clone();
            for b in ability_writers {
                if self.place_of[b] != NOT_A_CANDIDATE
                    && self.nodes[b].takes_abilities
                    && self.holds(world, sets, b, source)
                    && b != id
                    && self.met_in[b] != walk
                {
                    self.met_in[b] = walk;
                    out.push(b);
                }
            }
        }
        out
    }
}
