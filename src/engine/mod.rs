//! The rules engine: continuous effects through the layer system (613), with a trace of every
//! step. The engine never prints; renderers turn its trace into text.

pub mod answer;
pub mod apply;
pub mod board;
pub mod by_shape;
pub mod characteristics;
pub mod copy;
pub mod dependency;
pub mod describe;
pub mod effect;
pub mod events;
pub mod exchange;
pub mod footprint;
pub mod incremental;
pub mod layer;
pub mod locked;
pub mod noncreature;
pub mod order;
pub mod pair_cache;
pub mod pool;
pub mod resolve;
pub mod shape;
pub mod snapshot;
pub mod timestamp;
pub mod trace;
pub mod world;

use effect::Effect;
use layer::Layer;
use rustc_hash::FxHashMap;
use world::World;

/// An effect that has started to apply, with the objects it applies to in every later layer (613.5).
#[derive(Clone, Debug)]
pub struct Started {
    pub effect: Effect,
    /// Shared with the trace step of its first application, which shows the same objects: an
    /// effect on a large board applies to thousands.
    pub set: ObjectSet,
    pub layer: Layer,
}

/// A set of objects (board indexes, in board order) shared between the places that keep it.
pub type ObjectSet = std::sync::Arc<[usize]>;

/// The sets of objects effects apply to, where they are fixed: by having started (613.5) or by
/// having been created by a resolved spell or ability (611.2c).
#[derive(Clone, Debug, Default)]
pub struct Sets {
    /// By key: asked for every effect a trial looks at (thousands of keys on a large board).
    pub started: FxHashMap<String, Started>,
    pub locked: FxHashMap<String, (Vec<usize>, timestamp::Timestamp)>,
}

impl Sets {
    /// The objects an effect applies to now, in board order.
    pub fn affected(&self, world: &World, effect: &Effect) -> Vec<usize> {
        match self.fixed_set(effect) {
            Some(set) => set.to_vec(),
            None => match effect.body.control.as_ref().and_then(|c| c.exchanged()) {
                Some(ids) => exchanged_objects(world.board, ids),
                None => effect.body.affects.as_ref().map_or_else(Vec::new, |s| world.select(s, effect)),
            },
        }
    }

    /// The selector an effect's set is found by now: its set is neither fixed nor an exchange's.
    pub fn live_selector<'e>(&self, effect: &'e Effect) -> Option<&'e crate::model::SelectorSpec> {
        let exchange = effect.body.control.as_ref().is_some_and(|c| c.exchanged().is_some());
        effect.body.affects.as_ref().filter(|_| !exchange && !self.is_fixed(effect))
    }

    /// The set of an effect that no longer depends on the state: started (613.5) or locked in
    /// (611.2c). Sorted, as every set is found in board order.
    pub fn fixed_set(&self, effect: &Effect) -> Option<&[usize]> {
        if let Some(started) = self.started.get(&effect.key) {
            return Some(&started.set);
        }
        self.locked.get(&effect.key).map(|(set, _)| set.as_slice())
    }

    pub fn is_fixed(&self, effect: &Effect) -> bool {
        self.started.contains_key(&effect.key) || self.locked.contains_key(&effect.key)
    }

    fn start(&mut self, effect: &Effect, set: &ObjectSet, layer: Layer) {
        self.started.entry(effect.key.clone()).or_insert_with(|| Started {
            effect: effect.clone(),
            set: set.clone(),
            layer,
        });
    }
}

/// The objects an exchange names (those that exist), in board order: the exchange applies to
/// both, whether or not it can be completed.
pub fn exchanged_objects(board: &board::Board, ids: &[String]) -> Vec<usize> {
    let mut set: Vec<usize> = ids.iter().filter_map(|id| board.object_index(id)).collect();
    set.sort_unstable();
    set.dedup();
    set
}

/// Everything the engine says about a scenario: the layers, the events' outcomes, and where the
/// scenario's expectations differ.
pub struct Judgement {
    pub resolution: resolve::Resolution,
    /// `None` when the scenario has no pending event.
    pub outcomes: Option<Vec<events::Outcome>>,
    pub mismatches: Vec<answer::Mismatch>,
}

impl Judgement {
    /// Every concept the layers' steps and the events' outcomes (steps and choices) rest on.
    pub fn concepts(&self) -> Vec<&'static str> {
        concepts(&self.resolution.steps, self.outcomes.as_deref().unwrap_or_default())
    }
}

/// Every concept some layer steps and events' outcomes rest on, in order, with repeats.
pub fn concepts(steps: &[trace::Step], outcomes: &[events::Outcome]) -> Vec<&'static str> {
    let mut concepts: Vec<&'static str> = steps.iter().flat_map(|s| s.concepts.iter().copied()).collect();
    for o in outcomes {
        concepts.extend(o.steps.iter().flat_map(|s| s.concepts.iter().copied()));
        concepts.extend(o.choices.iter().map(|c| c.concept));
    }
    concepts
}

pub fn judge(board: &board::Board) -> Result<Judgement, events::Unresolved> {
    let resolution = resolve::resolve(board);
    let outcomes = events::resolve_events(board, &resolution)?;
    let mut mismatches = answer::check(board, &resolution);
    mismatches.extend(events::check(board, &resolution, outcomes.as_deref()));
    Ok(Judgement { resolution, outcomes, mismatches })
}
