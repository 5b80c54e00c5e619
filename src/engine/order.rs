//! Which effect applies next within a layer: characteristic-defining abilities first (613.2),
//! then timestamp order (613.6) unless a dependency says otherwise (613.7b); dependencies are
//! worked out again before every choice (613.7c).

use super::dependency;
use super::effect::Effect;
use super::layer::Layer;
use super::trace::{Dependency, Reason, Wait};
use super::world::World;
use super::Sets;
use std::collections::BTreeMap;

/// Dependencies seen so far in this layer, so that an effect applied after what it depended on,
/// or after the other members of its loop, says so.
#[derive(Debug, Default)]
pub struct SeenDependencies {
    /// Effect key → what it was found to depend on.
    on: BTreeMap<String, Vec<Dependency>>,
    /// Effect key → the loop it was found in, in timestamp order.
    loops: BTreeMap<String, Vec<String>>,
    /// Trial results still valid.
    pub cache: super::pair_cache::PairCache,
}

/// The index in `candidates` of the effect to apply next, and why it goes now.
pub fn next(
    world: &mut World,
    sets: &Sets,
    candidates: &[Effect],
    layer: Layer,
    seen: &mut SeenDependencies,
) -> (usize, Reason) {
    let earliest = |indices: &mut dyn Iterator<Item = usize>| {
        indices.min_by(|a, b| {
            let (ea, eb) = (&candidates[*a], &candidates[*b]);
            ea.timestamp.cmp(&eb.timestamp).then_with(|| ea.key.cmp(&eb.key))
        })
    };
    if let Some(i) = earliest(&mut (0..candidates.len()).filter(|i| candidates[*i].is_defining())) {
        return (i, Reason::Defining { timestamp: candidates[i].timestamp });
    }
    let n = candidates.len();
    let edges = dependency::graph(world, sets, candidates, layer, &mut seen.cache);
    for (a, out) in edges.iter().enumerate() {
        for (b, kind) in out {
            let list = seen.on.entry(candidates[a].key.clone()).or_default();
            if !list.iter().any(|d| d.effect == candidates[*b].key) {
                list.push(Dependency { effect: candidates[*b].key.clone(), because: *kind });
            }
        }
    }
    let reach = reachability(&edges);
    let same_loop = |a: usize, b: usize| reach[a][b] && reach[b][a];
    let in_group = |a: usize, b: usize| a == b || same_loop(a, b);
    // An effect waits for those it depends on (613.7b); a loop's effects wait together for what
    // any of them depends on outside the loop, and among themselves go by timestamp.
    let free = |a: usize| (0..n).filter(|m| in_group(a, *m)).all(|m| edges[m].iter().all(|(b, _)| in_group(a, *b)));
    let pick = earliest(&mut (0..n).filter(|a| free(*a))).expect("a finite dependency graph always has a free effect");
    let chosen = &candidates[pick];
    let members: Vec<usize> = (0..n).filter(|b| *b != pick && same_loop(pick, *b)).collect();
    if !members.is_empty() {
        let mut keys: Vec<&Effect> = members.iter().map(|b| &candidates[*b]).chain(std::iter::once(chosen)).collect();
        keys.sort_by(|a, b| a.timestamp.cmp(&b.timestamp).then_with(|| a.key.cmp(&b.key)));
        let keys: Vec<String> = keys.iter().map(|e| e.key.clone()).collect();
        for key in &keys {
            seen.loops.insert(key.clone(), keys.clone());
        }
    }
    let reason = if let Some(members) = seen.loops.get(&chosen.key) {
        Reason::Loop { timestamp: chosen.timestamp, members: members.clone() }
    } else if let Some(on) = seen.on.get(&chosen.key).filter(|on| !on.is_empty()) {
        Reason::AfterDependencies { timestamp: chosen.timestamp, on: on.clone() }
    } else {
        let waiting = (0..n)
            .filter(|a| !free(*a) && candidates[*a].timestamp < chosen.timestamp)
            .flat_map(|a| {
                edges[a].iter().filter(move |(b, _)| !in_group(a, *b)).map(move |(b, kind)| Wait {
                    effect: candidates[a].key.clone(),
                    timestamp: candidates[a].timestamp,
                    depends_on: candidates[*b].key.clone(),
                    because: *kind,
                })
            })
            .collect();
        Reason::Timestamp { timestamp: chosen.timestamp, waiting }
    };
    (pick, reason)
}

/// reach[a][b]: `a` depends on `b`, directly or through others.
fn reachability(edges: &[Vec<(usize, super::trace::DependencyKind)>]) -> Vec<Vec<bool>> {
    let n = edges.len();
    let mut reach = vec![vec![false; n]; n];
    for (a, out) in edges.iter().enumerate() {
        for (b, _) in out {
            reach[a][*b] = true;
        }
    }
    for k in 0..n {
        for a in 0..n {
            if reach[a][k] {
                let through = reach[k].clone();
                for (cell, via) in reach[a].iter_mut().zip(through) {
                    *cell |= via;
                }
            }
        }
    }
    reach
}
