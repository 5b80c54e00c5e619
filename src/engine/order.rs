//! Which effect applies next within a layer: characteristic-defining abilities first (613.2),
//! then timestamp order (613.6) unless a dependency says otherwise (613.7b); dependencies are
//! worked out again before every choice (613.7c).

use super::dependency;
use super::effect::Effect;
use super::layer::Layer;
use super::trace::{Dependency, DependencyKind, Reason, Wait};
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
    let groups = Groups::of(&edges);
    let in_group = |a: usize, b: usize| groups.id[a] == groups.id[b];
    // An effect waits for those it depends on (613.7b); a loop's effects wait together for what
    // any of them depends on outside the loop, and among themselves go by timestamp.
    let free = |a: usize| groups.free[groups.id[a]];
    let pick = earliest(&mut (0..n).filter(|a| free(*a))).expect("a finite dependency graph always has a free effect");
    let chosen = &candidates[pick];
    let members: Vec<usize> =
        groups.loop_of(pick).map(|m| m.iter().copied().filter(|b| *b != pick).collect()).unwrap_or_default();
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

/// The strongly connected groups of the dependency graph (Tarjan's algorithm, without
/// recursion): effects in one group of more than one form a dependency loop.
struct Groups {
    /// Effect → its group.
    id: Vec<usize>,
    /// Group → its effects.
    members: Vec<Vec<usize>>,
    /// Group → no effect in it depends on an effect outside it.
    free: Vec<bool>,
}

impl Groups {
    fn of(edges: &[Vec<(usize, DependencyKind)>]) -> Groups {
        let n = edges.len();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack = Vec::new();
        let mut id = vec![usize::MAX; n];
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut counter = 0;
        for root in 0..n {
            if index[root] != usize::MAX {
                continue;
            }
            // (node, next edge to look at)
            let mut work = vec![(root, 0)];
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (node, ref mut next)) = work.last_mut() {
                if let Some(&(to, _)) = edges[node].get(*next) {
                    *next += 1;
                    if index[to] == usize::MAX {
                        index[to] = counter;
                        low[to] = counter;
                        counter += 1;
                        stack.push(to);
                        on_stack[to] = true;
                        work.push((to, 0));
                    } else if on_stack[to] {
                        low[node] = low[node].min(index[to]);
                    }
                    continue;
                }
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[node]);
                }
                if low[node] == index[node] {
                    let group = members.len();
                    let mut list = Vec::new();
                    while let Some(m) = stack.pop() {
                        on_stack[m] = false;
                        id[m] = group;
                        list.push(m);
                        if m == node {
                            break;
                        }
                    }
                    list.sort_unstable();
                    members.push(list);
                }
            }
        }
        let free = members
            .iter()
            .enumerate()
            .map(|(g, list)| list.iter().all(|m| edges[*m].iter().all(|(to, _)| id[*to] == g)))
            .collect();
        Groups { id, members, free }
    }

    /// The loop an effect is in, if any.
    fn loop_of(&self, effect: usize) -> Option<&[usize]> {
        let list = &self.members[self.id[effect]];
        (list.len() > 1).then_some(list.as_slice())
    }
}
