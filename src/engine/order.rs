//! Which effect applies next within a layer: characteristic-defining abilities first (613.2),
//! then timestamp order (613.6) unless a dependency says otherwise (613.7b); dependencies are
//! worked out again before every choice (613.7c).

use super::dependency;
use super::effect::Effect;
use super::fast::incremental::Hubs;
use super::layer::Layer;
use super::sets::Sets;
use super::trace::{BrokenLoop, Dependency, DependencyKind, Reason, Wait};
use super::world::World;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

/// Dependencies seen so far in this layer, so that an effect applied after what it depended on,
/// or after the other members of its loop, says so.
#[derive(Default)]
pub struct SeenDependencies {
    /// Effect key → its number in this layer, for the two below (a large layer finds hundreds
    /// of thousands of dependencies: their keys are not copied for each), and number → key.
    numbers: FxHashMap<String, u32>,
    keys: Vec<Arc<str>>,
    /// Number → what it was found to depend on, in the order found.
    on: Vec<Vec<Dependency>>,
    /// The dependencies in `on`, as numbers (A, B).
    noted: FxHashSet<(u32, u32)>,
    /// Effect key → the loop it was found in, in timestamp order.
    /// (Shared: each member of a loop of m effects points to the same list, as m copies of it
    /// would cost m² at every choice in the loop.)
    loops: BTreeMap<String, Rc<Vec<String>>>,
    /// Off: every pair is tried again before each choice (`resolve_plainly`).
    pub shortcuts: bool,
    /// The pairs' results kept between choices, when `shortcuts`.
    pub graph: super::fast::incremental::Graph,
}

/// The index in `candidates` (numbered, in timestamp order) of the effect to apply next, and why
/// it goes now. `whole`: work the dependency graph out whole, as if for the first time.
pub fn next(
    world: &mut World,
    sets: &Sets,
    candidates: &[(usize, &Effect)],
    layer: Layer,
    seen: &mut SeenDependencies,
    whole: bool,
) -> (usize, Reason) {
    let earliest = |indices: &mut dyn Iterator<Item = usize>| {
        indices.min_by(|a, b| {
            let (ea, eb) = (candidates[*a].1, candidates[*b].1);
            ea.timestamp.cmp(&eb.timestamp).then_with(|| ea.key.cmp(&eb.key))
        })
    };
    if let Some(i) = earliest(&mut (0..candidates.len()).filter(|i| candidates[*i].1.is_defining())) {
        return (i, Reason::Defining { timestamp: candidates[i].1.timestamp });
    }
    let n = candidates.len();
    let whole = whole || !seen.shortcuts;
    // Whole: every pair tried now, as 613.7c says. Otherwise the kept graph, brought up to date.
    let edges: Option<Vec<Vec<(usize, DependencyKind)>>> = if whole {
        let refs: Vec<&Effect> = candidates.iter().map(|(_, e)| *e).collect();
        let mut cache = super::pair_cache::PairCache::default();
        let edges = dependency::graph(world, sets, &refs, layer, &mut cache);
        for (a, out) in edges.iter().enumerate() {
            for (b, kind) in out {
                seen.note(candidates[a].1, candidates[*b].1, *kind);
            }
        }
        if seen.shortcuts {
            seen.graph.forget();
        }
        Some(edges)
    } else {
        for (a, b, kind) in seen.graph.update(world, sets, layer, candidates) {
            seen.note(candidates[a].1, candidates[b].1, kind);
        }
        None
    };
    let graph = &seen.graph;
    // What the candidate at `a` depends on, with how.
    let depends_on = |a: usize| match &edges {
        Some(edges) => edges[a].clone(),
        None => graph.depends_on(candidates[a].0),
    };
    // The groups are found on the kept graph with a node per class besides the candidates
    // (`Hubs`): a candidate that depends on a class's members goes through its node.
    let hubs = edges.is_none().then(|| graph.hubs());
    let succ = |a: usize| match &hubs {
        None => depends_on(a).into_iter().map(|(b, _)| b).collect(),
        Some(hubs) if a < n => graph.depends_on_through(candidates[a].0, hubs, n),
        Some(hubs) => hubs.candidates(a - n).to_vec(),
    };
    let mut groups = Groups::new(n, hubs.as_ref().map_or(0, Hubs::count));
    // An effect waits for those it depends on (613.7b); a loop's effects wait together for what
    // any of them depends on outside the loop, and among themselves go by timestamp. The
    // candidates are in timestamp order: the first whose group is free goes.
    let pick = (0..n)
        .find(|a| {
            groups.visit(*a, &succ);
            groups.free[groups.id[*a]]
        })
        .expect("a finite dependency graph always has a free effect");
    let in_group = |a: usize, b: usize| groups.id[a] == groups.id[b];
    let chosen = candidates[pick].1;
    let members: Vec<usize> =
        groups.loop_of(pick).map(|m| m.iter().copied().filter(|b| *b != pick).collect()).unwrap_or_default();
    if !members.is_empty() {
        let mut keys: Vec<&Effect> = members.iter().map(|b| candidates[*b].1).chain(std::iter::once(chosen)).collect();
        keys.sort_by(|a, b| a.timestamp.cmp(&b.timestamp).then_with(|| a.key.cmp(&b.key)));
        let keys: Rc<Vec<String>> = Rc::new(keys.iter().map(|e| e.key.clone()).collect());
        for key in keys.iter() {
            seen.loops.insert(key.clone(), keys.clone());
        }
    }
    // In a loop now, it goes by the loop's timestamp order (613.8b); in one found before and
    // broken since, by what the order worked out again says (613.8c).
    let earlier_loop = seen.loops.get(&chosen.key).filter(|_| members.is_empty());
    let broken_loop = earlier_loop.map(|members| {
        let pending: FxHashSet<&str> = candidates.iter().map(|(_, e)| e.key.as_str()).collect();
        let with: Vec<String> = members.iter().filter(|m| **m != chosen.key).cloned().collect();
        let applied = with.iter().filter(|m| !pending.contains(m.as_str())).cloned().collect();
        BrokenLoop { with, applied }
    });
    let reason = if let Some(members) = seen.loops.get(&chosen.key).filter(|_| !members.is_empty()) {
        Reason::Loop { timestamp: chosen.timestamp, members: members.to_vec() }
    } else if let Some(on) = seen.numbers.get(&chosen.key).map(|n| &seen.on[*n as usize]).filter(|on| !on.is_empty()) {
        Reason::AfterDependencies { timestamp: chosen.timestamp, on: on.clone(), broken_loop }
    } else {
        // The effects before the chosen one are those that wait: none of their groups is free.
        let waiting = (0..pick)
            .filter(|a| candidates[*a].1.timestamp < chosen.timestamp)
            .flat_map(|a| {
                // What it waits for, in the order of the candidates (`depends_on` gives no order).
                let mut edges = depends_on(a);
                edges.sort_unstable_by_key(|(b, _)| *b);
                edges.into_iter().filter(move |(b, _)| !in_group(a, *b)).map(move |(b, kind)| Wait {
                    effect: candidates[a].1.key.clone(),
                    timestamp: candidates[a].1.timestamp,
                    depends_on: candidates[b].1.key.clone(),
                    because: kind,
                })
            })
            .collect();
        Reason::Timestamp { timestamp: chosen.timestamp, waiting, broken_loop }
    };
    (pick, reason)
}

impl SeenDependencies {
    /// Keeps that `a` was found to depend on `b`, the first time.
    fn note(&mut self, a: &Effect, b: &Effect, kind: DependencyKind) {
        let (na, nb) = (self.number(&a.key), self.number(&b.key));
        if self.noted.insert((na, nb)) {
            self.on[na as usize].push(Dependency { effect: self.keys[nb as usize].clone(), because: kind });
        }
    }

    fn number(&mut self, key: &str) -> u32 {
        if let Some(n) = self.numbers.get(key) {
            return *n;
        }
        let n = self.on.len() as u32;
        self.numbers.insert(key.to_owned(), n);
        self.keys.push(key.into());
        self.on.push(Vec::new());
        n
    }
}

/// The strongly connected groups of the dependency graph (Tarjan's algorithm, without
/// recursion), found from the candidates in order as far as needed: effects in one group of more
/// than one form a dependency loop. A group is known whole once one of its effects is visited,
/// since it lies among what that effect reaches. Nodes past the candidates are classes' (`Hubs`):
/// they stand for paths between candidates and belong to no loop of their own.
struct Groups {
    /// How many nodes are candidates: they come first.
    candidates: usize,
    /// Effect → its group (`usize::MAX`: not visited yet).
    id: Vec<usize>,
    /// Group → its effects.
    members: Vec<Vec<usize>>,
    /// Group → no effect in it depends on an effect outside it.
    free: Vec<bool>,
    /// Node → the nodes it goes to, once visited.
    edges: Vec<Option<Vec<usize>>>,
    index: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    counter: usize,
}

impl Groups {
    fn new(candidates: usize, hubs: usize) -> Groups {
        let n = candidates + hubs;
        Groups {
            candidates,
            id: vec![usize::MAX; n],
            members: Vec::new(),
            free: Vec::new(),
            edges: vec![None; n],
            index: vec![usize::MAX; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            counter: 0,
        }
    }

    fn enter(&mut self, node: usize, succ: &dyn Fn(usize) -> Vec<usize>) {
        self.index[node] = self.counter;
        self.low[node] = self.counter;
        self.counter += 1;
        self.stack.push(node);
        self.on_stack[node] = true;
        self.edges[node] = Some(succ(node));
    }

    /// Finds the groups of everything `root` reaches.
    fn visit(&mut self, root: usize, succ: &dyn Fn(usize) -> Vec<usize>) {
        if self.index[root] != usize::MAX {
            return;
        }
        // (node, next edge to look at)
        let mut work = vec![(root, 0)];
        self.enter(root, succ);
        while let Some(&(node, next)) = work.last() {
            let to = self.edges[node].as_ref().and_then(|e| e.get(next)).copied();
            if let Some(to) = to {
                if let Some(top) = work.last_mut() {
                    top.1 += 1;
                }
                if self.index[to] == usize::MAX {
                    self.enter(to, succ);
                    work.push((to, 0));
                } else if self.on_stack[to] {
                    self.low[node] = self.low[node].min(self.index[to]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                self.low[parent] = self.low[parent].min(self.low[node]);
            }
            if self.low[node] == self.index[node] {
                let group = self.members.len();
                let mut list = Vec::new();
                while let Some(m) = self.stack.pop() {
                    self.on_stack[m] = false;
                    self.id[m] = group;
                    list.push(m);
                    if m == node {
                        break;
                    }
                }
                list.sort_unstable();
                let free = list
                    .iter()
                    .all(|m| self.edges[*m].as_ref().is_none_or(|e| e.iter().all(|to| self.id[*to] == group)));
                self.members.push(list);
                self.free.push(free);
            }
        }
    }

    /// The loop an effect is in, if any: the candidates of its group (in order, before the
    /// classes' nodes).
    fn loop_of(&self, effect: usize) -> Option<&[usize]> {
        let list = &self.members[self.id[effect]];
        let list = &list[..list.partition_point(|m| *m < self.candidates)];
        (list.len() > 1).then_some(list)
    }
}
