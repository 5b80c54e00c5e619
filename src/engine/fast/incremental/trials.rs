//! Trying pairs: B applied on a scratch world (`dependency::trial`), and every A that can show
//! the change looked at, once per B for all its A. A trial's result is shared wherever nothing
//! else can show in it: by the A of one class, and by the B of one class within a choice
//! (`TrialKey`). The dependencies found are kept (`Edges`, or `Classes` for a pair of classes) and
//! reported the first time they are found in the layer.

use super::{Graph, ABILITY, NOT_A_CANDIDATE};
use crate::engine::dependency::trial;
use crate::engine::effect::Effect;
use crate::engine::fast::footprint::{meet, Atom, Reads};
use crate::engine::fast::shape::{self, applies_by_shape};
use crate::engine::layer::Layer;
use crate::engine::sets::Sets;
use crate::engine::trace::DependencyKind;
use crate::engine::world::World;

/// B, the effect a trial applies, with what `Graph::meets` asks of it, worked out once for all
/// its A.
struct AppliedInTrial<'a> {
    id: usize,
    written: &'a [Atom],
    /// Whether it writes an ability: only then can it change an A's source as A reads it.
    writes_abilities: bool,
    /// Whether its set is listed (`kept_set`) rather than asked shape by shape.
    listed: bool,
    /// Its kept set, when `listed`.
    kept_set: &'a [usize],
}

/// What decides a trial's result within one choice: B's class, and the A it looks at.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct TrialKey {
    /// The class of the B applied.
    applied: u32,
    looked_at: LookedAt,
}

/// The A a trial looks at, as far as its result goes: an effect, or any effect of a class when
/// nothing of it but its class can show in the trial.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum LookedAt {
    Effect(usize),
    Class(u32),
}

impl Graph {
    /// Whether the pairs of B = `id` with A of a class are decided by the classes (B's own class
    /// given): its trials go by shape and it writes no ability, which only A's source could show.
    pub(super) fn decided_by_classes(&self, id: usize, effect: &Effect, layer: Layer) -> bool {
        applies_by_shape(effect, layer) && !self.nodes[id].writes.iter().any(|w| w.kinds().contains(&ABILITY))
    }

    /// Tries the candidates at `places` (A) against the one at `b`, as dependency.rs does for the
    /// whole graph, and keeps the results.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn try_pairs(
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
        let kept_set = if listed { self.kept_set(world, sets, id_b).to_vec() } else { Vec::new() };
        let written = self.nodes[id_b].writes.clone();
        let writes_abilities = written.iter().any(|w| w.kinds().contains(&ABILITY));
        let mut class_meets: Vec<Option<bool>> = vec![None; self.classes.count()];
        // B alike another already tried against the same A (or against one alike, where only
        // its class can show) answers as that trial did. Each A gets a place among `answers`,
        // shared by the A of one class: a class is looked up once, not once per A (a layer of
        // alike effects has far more pairs than classes), and an A whose answer is known is done
        // with at once.
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
        let applied = AppliedInTrial { id: id_b, written: &written, writes_abilities, listed, kept_set: &kept_set };
        for a in places {
            let id_a = candidates[a].0;
            let class_a = self.classes.of(id_a).filter(|_| by_shape);
            let classes = class_a.filter(|_| by_classes);
            // Tried for the two classes by another B.
            if classes.is_some() && tried_by_another {
                continue;
            }
            // One number per id (`Pool`): the same number is the same candidate's id.
            if id_a == id_b || !self.meets(candidates[a], &applied, &mut class_meets, world, sets) {
                continue;
            }
            any_tried = true;
            // Tried for this A's class already, with an A before it.
            if classes.is_some_and(|c| class_answer[c as usize].is_some()) {
                continue;
            }
            let key = class_b
                .map(|b| TrialKey { applied: b, looked_at: class_a.map_or(LookedAt::Effect(id_a), LookedAt::Class) });
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
            None if listed => (kept_set, true),
            None => (self.kept_set(world, sets, id_b).to_vec(), false),
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
        b: &AppliedInTrial,
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
        // A copy effect that looks different only through its original and its source: a B
        // whose set holds neither leaves its trial unchanged (`copy_untouched` in dependency.rs).
        if let Some(sees) = &self.nodes[id_a].sees {
            if b.listed {
                return sees.iter().any(|o| b.kept_set.binary_search(o).is_ok());
            }
            return sees.clone().into_iter().any(|o| self.holds(world, sets, b.id, o));
        }
        let r = self.nodes[id_a].reads.as_ref().expect("registered");
        if meet(&r.state, written) {
            return true;
        }
        // A's existence and text can only change through its source's abilities, so that read
        // counts only when B changes A's source.
        meet(&r.source, written)
            && effect_a.source.is_some_and(|s| match b.listed {
                true => b.kept_set.binary_search(&s).is_ok(),
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
        let (classes, place_of) = (&self.classes, &self.place_of);
        for &id_a in classes.members(class_a).iter().filter(|id| place_of[**id] != NOT_A_CANDIDATE) {
            for &id_b in classes.members(class_b).iter().filter(|id| place_of[**id] != NOT_A_CANDIDATE && **id != id_a)
            {
                if first_report(&mut self.reported, id_a, id_b) {
                    found.push((place_of[id_a], place_of[id_b], kind));
                }
            }
        }
    }

    fn state_reads(&self, id: usize) -> &[Atom] {
        &self.nodes[id].reads.as_ref().expect("registered").state
    }
}

/// Whether A = `a` depends on B = `b` is reported for the first time in this layer (one bit per
/// pair of ids in `reported`).
fn first_report(reported: &mut [Vec<u64>], a: usize, b: usize) -> bool {
    let (word, bit) = (super::reach(&mut reported[a], b / 64), 1u64 << (b % 64));
    let first = *word & bit == 0;
    *word |= bit;
    first
}
