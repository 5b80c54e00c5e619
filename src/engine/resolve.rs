//! The layer system (613): every layer in order, effects ordered within each, each application
//! recorded as a trace step. Then effects on players (613.9) and on the rules (613.10). How a
//! layer's effects are collected, chosen and applied, the plain way or with the engine's
//! shortcuts, is `choosing`'s: this file is the same for both.

use super::apply::{apply_counters, counter_pt};
use super::choosing::{Applied, Choosing, Chosen, Known, Way};
use super::describe;
use super::effect::{Effect, EffectKind};
use super::exchange::{self, Exchange};
use super::fast::footprint::Atom;
use super::fast::snapshot::Snapshot;
use super::layer::Layer;
use super::locked;
use super::noncreature;
use super::sets::{ObjectSet, Sets};
use super::trace::{AppliesTo, Changes, ChangesBuilder, Piece, Reason, SetNote, Stage, Step};
use super::world::World;
use crate::model::board::Board;
use crate::model::characteristics::{lost_correlated_subtypes, Characteristics};
use crate::model::timestamp::Timestamp;
use crate::model::{ControlSpec, Word};
use rustc_hash::{FxHashMap, FxHashSet};

/// Every concept the engine cites besides the layers themselves; the citation table must map
/// each (a unit test checks it).
#[cfg(test)]
pub(crate) const CONCEPTS: &[&str] = &[
    "land-type-change",
    "copiable-values",
    "copy-exceptions",
    "copy-gains-ability",
    "copy-keeps",
    "copy-modifies",
    "copy-defining-not-copied",
    "subtype-needs-type",
    "text-change-granted",
    "zone-abilities",
    "zone-stated",
    "text-change-use",
    "text-change-type-line",
    "subtypes-follow-types",
    "player-effects",
    "rule-effects",
    "defining-first",
    "defining-ability",
    "timestamp-order",
    "timestamp-resolved",
    "timestamp-attached",
    "timestamp-static",
    "timestamp-simultaneous",
    "dependency",
    "dependency-waits",
    "dependency-reevaluated",
    "dependency-loop",
    "locked-set",
    "live-set",
    "across-layers",
    "static-effect-exists",
    "quality-not-ability",
    "exchange",
    "exchange-control",
    noncreature::CONCEPT,
];

/// What the layers produced.
#[derive(Clone, Debug)]
pub struct Resolution {
    pub characteristics: Vec<Characteristics>,
    pub steps: Vec<Step>,
    /// Player index → what effects gave that player (613.9).
    pub players: Vec<Vec<String>>,
    /// Effects on the rules of the game, in the order they apply (613.10).
    pub game_rules: Vec<String>,
    /// The objects as layer 1 left them, when a copy effect applied: their copiable values
    /// (706.2). Without one, they are the printed values.
    copiable: Option<Vec<Characteristics>>,
}

impl Resolution {
    /// The object's copiable values (706.2): its printed values as copy effects changed them.
    pub fn copiable<'a>(&'a self, board: &'a Board, object: usize) -> &'a Characteristics {
        self.copiable.as_ref().map_or(&board.objects[object].printed, |c| &c[object])
    }
}

pub fn resolve(board: &Board) -> Resolution {
    let mut locked = FxHashMap::default();
    run(board, Scope::Now { way: Way::Fast }, &mut locked).1
}

/// The same answer, the long way: every locked-in set from its own run of the layers, every
/// dependency tried again before each choice. The engine's shortcuts must never change an answer;
/// a property test compares the two.
pub fn resolve_plainly(board: &Board) -> Resolution {
    let mut locked = FxHashMap::default();
    run(board, Scope::Now { way: Way::Plain }, &mut locked).1
}

/// How much of the layer system a run goes through.
#[derive(Clone, Copy)]
pub(super) enum Scope {
    /// The board as it stands, every layer, with the trace, the plain way or the fast way (which
    /// also reads locked-in sets off this run where the board allows it).
    Now { way: Way },
    /// The board just before `cutoff` (the objects and effects with earlier timestamps), up to
    /// `last` (the last layer a selector looks at), without a trace: for 611.2c.
    Before { cutoff: Timestamp, last: Layer },
}

/// Runs the layers on the board as it stood just before `cutoff` (every object and effect with
/// an earlier timestamp), or as it stands now.
pub(super) fn run<'b>(
    board: &'b Board,
    scope: Scope,
    locked: &mut FxHashMap<String, Vec<usize>>,
) -> (World<'b>, Resolution) {
    let (cutoff, last, trace, way) = match scope {
        Scope::Now { way } => (None, Layer::PtSwitch, true, way),
        Scope::Before { cutoff, last } => (Some(cutoff), last, false, Way::Fast),
    };
    let way = if has_conditions(board) { Way::Plain } else { way };
    let present = board.objects.iter().map(|o| cutoff.is_none_or(|t| o.timestamp < t)).collect();
    let mut world = World::new(board, present, cutoff);
    let mut sets = Sets::default();
    let mut waiting = Vec::new();
    let latest = matches!(scope, Scope::Now { way: Way::Fast }).then(|| locked::Latest::new(board));
    for effect in board.resolved.iter().filter(|r| cutoff.is_none_or(|t| r.timestamp < t)) {
        let settled = match &latest {
            Some(latest) if !locked.contains_key(&effect.id) => locked::settled_during_run(latest, effect),
            _ => None,
        };
        match settled {
            Some(layer) => waiting.push((effect, layer)),
            None => {
                let set = locked::locked_set(board, effect, locked);
                sets.locked.insert(effect.id.clone(), (set, effect.timestamp));
            }
        }
    }
    let mut steps = Vec::new();
    let mut wording = describe::Wording::default();
    // Object → the last step that changed its abilities, to say which took an effect's ability.
    let mut abilities_changed_at: Vec<Option<usize>> = vec![None; board.objects.len()];
    // Every effect that existed at some point, to say so when one stops existing before it applies.
    let mut known = Known::new();
    let mut gone_reported: FxHashSet<String> = FxHashSet::default();
    let mut copiable = None;
    // Object → the layer-4 step after which it was no longer a creature, for the trace.
    let mut made_noncreature: FxHashMap<usize, usize> = FxHashMap::default();
    // Text-changing steps: (step, the word looked for, the objects), for 612.3 once abilities
    // have been granted in layer 6.
    let mut text_steps: Vec<(usize, String, Vec<usize>)> = Vec::new();
    // Snapshots done with, taken again in place for the next objects (`Snapshot::retake`).
    let mut spare: Vec<Snapshot> = Vec::new();
    for layer in Layer::ALL.into_iter().filter(|l| *l <= last) {
        locked::settle(&world, &mut sets, locked, &mut waiting, Some(layer));
        if layer == Layer::PtCounters {
            counters(&mut world, &mut wording, &mut steps, trace);
            continue;
        }
        let mut choosing = Choosing::new(&world, &sets, layer, way, trace.then_some(&mut known));
        loop {
            let to_check = choosing.collect(&world, &sets, trace.then_some(&mut known));
            if trace {
                // Those that stopped existing before they applied.
                let keys = to_check.unwrap_or_else(|| known.keys().cloned().collect());
                for key in keys {
                    let Some(effect) = known.get(&key) else { continue };
                    let due = effect.has_part_in(layer) && !choosing.is_done(&key) && !gone_reported.contains(&key);
                    if due && !sets.started.contains_key(&key) && !choosing.holds(&key) {
                        let remover = effect.source.and_then(|o| abilities_changed_at[o]).map(|i| &steps[i]);
                        steps.push(no_longer_exists(&world, effect, layer, remover));
                        gone_reported.insert(key.clone());
                    }
                }
            }
            let Some(chosen) = choosing.next(&mut world, &sets) else { break };
            let (effect, affected) = (&chosen.effect, &chosen.affected);
            // A static ability's condition that does not hold as it would start to apply: it
            // applies to nothing, and the trace says what was found.
            let unmet = (trace && !sets.is_fixed(effect))
                .then(|| super::condition::of_effect(&world, effect))
                .flatten()
                .filter(|(met, _)| !met)
                .map(|(_, found)| format!("its condition does not hold: {found}"));
            let note = set_note(&sets, effect);
            sets.start(effect, affected, layer);
            // Every object as it was, in a debug build only: to check that the snapshots below miss
            // no change the trace would show, and that the trace told from them is the whole one.
            let whole_before: Vec<Characteristics> = if trace && cfg!(debug_assertions) {
                affected.iter().map(|o| world.objects[*o].clone()).collect()
            } else {
                Vec::new()
            };
            // Why an exchange of control does nothing, when it does, is told in the trace.
            let exchange = match (&effect.body.control, layer, trace) {
                (Some(ControlSpec::Exchange(spec)), Layer::Control, true) => {
                    Some(exchange::outcome(board, effect.timestamp, spec))
                }
                _ => None,
            };
            let tell = trace.then_some((board, &mut wording));
            let Applied { changes: changes_by_object, before, told } =
                choosing.apply(&mut world, &sets, &chosen, &mut spare, tell);
            let Chosen { effect, reason, affected } = chosen;
            if trace {
                let changes = told.unwrap_or_else(|| tell_changes(board, &world, &mut wording, &before));
                // In a debug build: the snapshots told every change of every object (and the
                // objects said alike changed alike).
                if cfg!(debug_assertions) {
                    let told: FxHashMap<usize, &[Piece]> = changes.by_object().collect();
                    for (object, was) in affected.iter().zip(&whole_before) {
                        let told = told.get(object).copied().unwrap_or_default();
                        let whole = describe::changes(board, &mut wording, was, &world.objects[*object]);
                        debug_assert_eq!(told, whole, "a change the snapshot does not tell");
                    }
                }
                // 208.3a: it applies to a noncreature permanent too, and does nothing to it.
                let noncreature_among =
                    layer.in_layer_seven() && affected.iter().any(|o| noncreature::lacks_pt(&world.objects[*o]));
                let applies_to = AppliesTo::Objects(affected);
                let mut s = step(board, Stage::Layer(layer), &effect, applies_to, changes, reason, note);
                s.note = unmet;
                // Each changed object's card types and subtypes before, where the layer saved them.
                let type_lines = || before.iter().filter_map(|(o, s)| Some((&world.objects[*o], s.type_line()?)));
                // 204.1a in 2011, 205.1a today: a card type removed took its subtypes with it.
                let took_subtypes =
                    || type_lines().any(|(now, (types, subtypes))| lost_correlated_subtypes(types, subtypes, now));
                if layer == Layer::Type && took_subtypes() {
                    s.concepts.insert(1, "subtypes-follow-types");
                }
                // 612.1: the text a text change reached includes the type line.
                let retyped = || type_lines().any(|(now, (_, subtypes))| *subtypes != now.subtypes);
                if layer == Layer::Text && retyped() {
                    s.concepts.insert(1, "text-change-type-line");
                }
                if let Some(Exchange::Nothing { why, incomplete }) = exchange {
                    // 701.8a in 2011, 701.12a today: no part of an incomplete exchange occurs.
                    if incomplete {
                        s.concepts.insert(1, "exchange");
                    }
                    s.note = Some(why);
                }
                if layer == Layer::Type {
                    for (o, snapshot) in &before {
                        let Some((types, _)) = snapshot.type_line() else { continue };
                        if noncreature::stopped_being_a_creature(types, &world.objects[*o]) {
                            made_noncreature.insert(*o, steps.len());
                        } else if world.objects[*o].has_type("creature") {
                            made_noncreature.remove(o);
                        }
                    }
                }
                if noncreature_among {
                    s.concepts.insert(1, noncreature::CONCEPT);
                }
                if matches!(layer, Layer::Copy | Layer::Type) && subtype_not_gained(&world, &effect, &s.applies_to) {
                    s.concepts.insert(1, "subtype-needs-type");
                }
                if layer == Layer::Copy && copy_leaves_defining(&world, &effect) {
                    s.concepts.push("copy-defining-not-copied");
                }
                if let (Layer::Text, Some(change), AppliesTo::Objects(objects)) =
                    (layer, &effect.body.text_change, &s.applies_to)
                {
                    text_steps.push((steps.len(), change.from.to_lowercase(), objects.iter().copied().collect()));
                }
                for (o, _) in s.changes.iter().filter(|(_, c)| c.characteristic == "abilities") {
                    abilities_changed_at[o] = Some(steps.len());
                }
                steps.push(s);
                spare.extend(before.into_iter().map(|(_, snapshot)| snapshot));
            }
            // An object's effects come from its abilities and its controller: only a change of
            // one of those can change them.
            let generating = |atoms: &[Atom]| {
                atoms.iter().any(|a| matches!(a, Atom::Ability(_) | Atom::Controller | Atom::Everything))
            };
            let mut changed: Vec<usize> =
                changes_by_object.iter().filter(|(_, atoms)| generating(atoms)).map(|(o, _)| *o).collect();
            changed.sort_unstable();
            choosing.applied(&world, &effect.key, &changed, trace.then_some(&mut known));
        }
        // Only the run that answers keeps them: the runs for locked-in sets never read them.
        if trace && layer == Layer::Copy && choosing.applied_any() {
            copiable = Some(world.objects.clone());
        }
        if layer == Layer::Type {
            let taken = noncreature::take_pt(&mut world);
            if trace {
                record_taken_pt(&mut steps, &made_noncreature, &taken);
            }
        }
    }
    locked::settle(&world, &mut sets, locked, &mut waiting, None);
    for (at, from, objects) in text_steps {
        // 612.3: an ability another effect granted the object keeps the word the text change
        // looked for; the trace cites why it was not changed.
        let granted_keeps = |o: &usize| {
            world.objects[*o].abilities.iter().any(|a| {
                matches!(a.origin, crate::model::characteristics::Origin::Granted { .. })
                    && a.text.to_lowercase().contains(&from)
            })
        };
        if objects.iter().any(granted_keeps) {
            steps[at].concepts.push("text-change-granted");
        }
    }
    let (players, game_rules) =
        if trace { after_objects(&world, &sets, &mut steps, trace) } else { (Vec::new(), Vec::new()) };
    let characteristics = world.objects.clone();
    (world, Resolution { characteristics, steps, players, game_rules, copiable })
}

/// Whether an effect of the board, or one an effect grants, has a condition. The shortcuts of
/// `fast/` keep an effect's set by what its selector reads; a condition reads the rest of the
/// board, so such a board is resolved the plain way.
fn has_conditions(board: &Board) -> bool {
    let abilities = board.objects.iter().flat_map(|o| &o.printed.abilities);
    abilities.filter_map(|a| a.generates.as_ref()).any(|g| g.body.has_condition())
        || board.resolved.iter().any(|r| r.body.has_condition())
}

/// What the application changed on each object of `changed` (with the snapshot its layer took
/// of it), for the trace. An object whose saved and current values are those of the object
/// before it changed alike: it shares that one's list without being told again, which on a
/// large board spares most of the work (thousands of objects turned from the same colours to
/// the same others).
fn tell_changes(
    board: &Board,
    world: &World,
    wording: &mut describe::Wording,
    changed: &[(usize, Snapshot)],
) -> Changes {
    let mut changes = ChangesBuilder::default();
    let mut pieces = Vec::new();
    let mut previous: Option<(usize, &Snapshot)> = None;
    for (object, snapshot) in changed {
        let now = &world.objects[*object];
        if previous.is_some_and(|(p, was)| snapshot.alike(now, was, &world.objects[p])) {
            changes.repeat(*object);
            continue;
        }
        pieces.clear();
        describe::changes_since(board, wording, snapshot, now, &mut pieces);
        changes.push(*object, &pieces);
        previous = Some((*object, snapshot));
    }
    changes.finish()
}

/// Shows power and toughness going on the layer-4 step that left each permanent a noncreature,
/// citing 208.3 there (207.3 in 2011). A permanent that never was a creature (a Vehicle) has
/// no such step: the answer shows it without them.
fn record_taken_pt(steps: &mut [Step], made: &FxHashMap<usize, usize>, taken: &[(usize, String)]) {
    for (object, pt) in taken {
        let Some(step) = made.get(object).and_then(|i| steps.get_mut(*i)) else { continue };
        let change = Piece { characteristic: "power/toughness", before: pt.as_str().into(), after: "—".into() };
        // After the object's other changes, so that each object's changes stay together.
        step.changes.add(*object, change);
        if !step.concepts.contains(&noncreature::CONCEPT) {
            let after = step.concepts.iter().position(|c| *c == "subtypes-follow-types").map_or(1, |i| i + 1);
            step.concepts.insert(after.min(step.concepts.len()), noncreature::CONCEPT);
        }
    }
}

fn set_note(sets: &Sets, effect: &Effect) -> Option<SetNote> {
    if let Some(started) = sets.started.get(&effect.key) {
        return Some(SetNote::SameAsEarlierLayer { since: started.layer });
    }
    match effect.kind {
        EffectKind::Resolved => sets.locked.get(&effect.key).map(|(_, at)| SetNote::LockedAtCreation { at: *at }),
        EffectKind::Static => Some(SetNote::Live),
        EffectKind::Defining => None,
    }
}

fn counters(world: &mut World, wording: &mut describe::Wording, steps: &mut Vec<Step>, trace: bool) {
    let board = world.board;
    let mut changes = ChangesBuilder::default();
    let mut pieces = Vec::new();
    let mut affected = Vec::new();
    let mut concepts = vec![Layer::PtCounters.concept()];
    for (index, def) in board.objects.iter().enumerate() {
        // In range: stated counters by `scenario::limits::NUMBER`, counters the events put by
        // `board_after::counters_in_range`; saturating only so that no input can panic here.
        let (power, toughness) = def
            .counters
            .iter()
            .filter_map(|(kind, n)| counter_pt(kind).map(|(p, t)| (p.saturating_mul(*n), t.saturating_mul(*n))))
            .fold((0i64, 0i64), |(p, t), (dp, dt)| (p.saturating_add(dp), t.saturating_add(dt)));
        let has_pt_counters = def.counters.iter().any(|(kind, n)| *n > 0 && counter_pt(kind).is_some());
        if !world.present[index] || !has_pt_counters {
            continue;
        }
        // The counters stay on a noncreature permanent, meaning nothing (204.1a in 2011, 205.1a and
        // 208.3a today).
        if noncreature::lacks_pt(&world.objects[index]) {
            if !concepts.contains(&noncreature::CONCEPT) {
                concepts.push(noncreature::CONCEPT);
            }
            affected.push(index);
            continue;
        }
        // Counters change power and toughness only: those are all the trace compares.
        let before = Snapshot::take(&world.objects[index], Layer::PtCounters, false);
        apply_counters(&mut world.objects[index], power, toughness);
        pieces.clear();
        describe::changes_since(board, wording, &before, &world.objects[index], &mut pieces);
        changes.push(index, &pieces);
        affected.push(index);
    }
    if trace && !affected.is_empty() {
        steps.push(Step {
            stage: Stage::Layer(Layer::PtCounters),
            effect: "counters".into(),
            source: None,
            text: "counters that change power and toughness".into(),
            applies_to: AppliesTo::Objects(affected.into()),
            changes: changes.finish(),
            reason: Reason::Counters,
            set: None,
            concepts,
            note: None,
        });
    }
}

/// 613.9 and 613.10: effects on players, then on the rules, each in timestamp order.
fn after_objects(world: &World, sets: &Sets, steps: &mut Vec<Step>, trace: bool) -> (Vec<Vec<String>>, Vec<String>) {
    let board = world.board;
    let mut effects: Vec<Effect> = world.live_effects();
    let live: FxHashSet<&str> = effects.iter().map(|e| e.key.as_str()).collect();
    let gone: Vec<Effect> =
        sets.started.iter().filter(|(key, _)| !live.contains(key.as_str())).map(|(_, s)| s.effect.clone()).collect();
    effects.extend(gone);
    // A started effect is one key, and none is live: sorted, they take no order from the map.
    effects.sort_by(|a, b| a.timestamp.cmp(&b.timestamp).then_with(|| a.key.cmp(&b.key)));
    let mut players: Vec<Vec<String>> = vec![Vec::new(); board.players.len()];
    for effect in effects.iter().filter(|e| e.body.players.is_some()) {
        let spec = effect.body.players.as_ref().expect("filtered");
        let mut names = Vec::new();
        for (index, name) in board.players.iter().enumerate() {
            let affected = super::world::player_matches(board, &spec.affects, index, effect.controller);
            if affected {
                for gain in &spec.gains {
                    if !players[index].contains(gain) {
                        players[index].push(gain.clone());
                    }
                }
                names.push(name.clone());
            }
        }
        if trace {
            let reason = Reason::AfterObjects { timestamp: effect.timestamp };
            steps.push(step(
                board,
                Stage::Players,
                effect,
                AppliesTo::Players(names),
                Changes::default(),
                reason,
                None,
            ));
        }
    }
    let mut rules = Vec::new();
    for effect in effects.iter().filter(|e| e.body.game_rule.is_some()) {
        rules.push(effect.body.game_rule.clone().expect("filtered"));
        if trace {
            let reason = Reason::AfterObjects { timestamp: effect.timestamp };
            steps.push(step(
                board,
                Stage::GameRules,
                effect,
                AppliesTo::Objects(ObjectSet::default()),
                Changes::default(),
                reason,
                None,
            ));
        }
    }
    (players, rules)
}

/// `remover`: the last step that changed the abilities of the effect's source.
fn no_longer_exists(world: &World, effect: &Effect, layer: Layer, remover: Option<&Step>) -> Step {
    let board = world.board;
    let why = match effect.source {
        Some(src) if world.zone(src) != crate::model::Zone::Battlefield && !effect.is_defining() => {
            format!("`{}` is not on the battlefield", board.objects[src].id)
        }
        Some(src) => {
            let source = &board.objects[src].id;
            match remover {
                Some(s) => format!("`{source}` lost the ability that generates it to `{}`", s.effect),
                None => format!("`{source}` no longer has the ability that generates it"),
            }
        }
        None => "its source is gone".to_string(),
    };
    let nothing = AppliesTo::Objects(ObjectSet::default());
    let mut s =
        step(board, Stage::Layer(layer), effect, nothing, Changes::default(), Reason::NoLongerExists { why }, None);
    s.concepts = vec![layer.concept(), "static-effect-exists"];
    s
}

fn step(
    board: &Board,
    stage: Stage,
    effect: &Effect,
    applies_to: AppliesTo,
    changes: Changes,
    reason: Reason,
    set: Option<SetNote>,
) -> Step {
    let concepts = concepts(board, stage, effect, &reason, set.as_ref());
    Step {
        stage,
        effect: effect.key.clone(),
        source: effect.source.map(|s| board.objects[s].id.clone()),
        text: effect.text.clone(),
        applies_to,
        changes,
        reason,
        set,
        concepts,
        note: None,
    }
}

/// The rules that decide a step, as concepts of the citation table.
fn concepts(board: &Board, stage: Stage, effect: &Effect, reason: &Reason, set: Option<&SetNote>) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    match stage {
        Stage::Layer(layer) => {
            out.push(layer.concept());
            let adds_basic_land_type = effect.body.subtypes.as_ref().is_some_and(|c| {
                c.add.iter().any(|t| crate::model::characteristics::BASIC_LAND_TYPES.iter().any(|(b, _)| b == t))
            });
            // 305.7 is about setting basic land types: "loses all land types" (`[]`) sets none.
            let sets_basic = effect.body.land_types.as_ref().is_some_and(|l| !l.is_empty());
            if layer == Layer::Type && (sets_basic || adds_basic_land_type) {
                out.push("land-type-change");
            }
            // What a copy takes, and what it does not (706.2), and its exceptions (706.8).
            if layer == Layer::Copy {
                out.push("copiable-values");
                // Each kind of exception its own subrule (706.8a–c in 2011, 707.9a–c today).
                if let Some(except) = effect.body.copy.as_ref().map(|c| &c.except) {
                    if !except.abilities.is_empty() {
                        out.push("copy-gains-ability");
                    }
                    if !except.keep.is_empty() {
                        out.push("copy-keeps");
                    }
                    let modifies = except.name.is_some()
                        || except.types.is_some()
                        || except.subtypes.is_some()
                        || except.supertypes.is_some()
                        || except.colors.is_some()
                        || except.power.is_some()
                        || except.toughness.is_some();
                    if modifies {
                        out.push("copy-modifies");
                    }
                }
            }
            // 701.8b in 2011, 701.12b today: what an exchange of control does.
            let exchanges = effect.body.control.as_ref().is_some_and(|c| c.exchanged().is_some());
            if layer == Layer::Control && exchanges {
                out.push("exchange-control");
            }
            // Which words a text change reaches: those used as what they are (612.2).
            if layer == Layer::Text {
                out.push("text-change-use");
            }
            // What removing abilities leaves: characteristics and qualities set by effects are
            // not abilities (112.11 in 2011).
            let removes = effect.body.abilities.as_ref().is_some_and(|c| c.remove_all || !c.remove.is_empty());
            if layer == Layer::Ability && removes {
                out.push("quality-not-ability");
            }
        }
        Stage::Players => out.push("player-effects"),
        Stage::GameRules => out.push("rule-effects"),
    }
    // 113.6b: an ability that works from another zone than the battlefield, as its text says.
    let elsewhere = effect.source.is_some_and(|s| board.objects[s].zone != crate::model::Zone::Battlefield);
    if effect.kind == EffectKind::Static && elsewhere {
        out.extend(["zone-abilities", "zone-stated"]);
    }
    match reason {
        Reason::Defining { .. } => out.extend(["defining-first", "defining-ability"]),
        Reason::Timestamp { waiting, broken_loop, .. } => {
            out.push("timestamp-order");
            if broken_loop.is_some() {
                out.push("dependency-reevaluated");
            }
            out.push(timestamp_concept(board, effect));
            // Stamped at the same time as something else: placed by 613.7m's order.
            if effect.timestamp.order > 0 {
                out.push("timestamp-simultaneous");
            }
            if !waiting.is_empty() {
                out.extend(["dependency", "dependency-waits"]);
            }
        }
        Reason::AfterDependencies { .. } => out.extend(["dependency", "dependency-waits", "dependency-reevaluated"]),
        Reason::Loop { .. } => out.extend(["dependency", "dependency-loop", "timestamp-order"]),
        Reason::AfterObjects { .. } => out.push("timestamp-order"),
        Reason::Counters | Reason::NoLongerExists { .. } => {}
    }
    match set {
        Some(SetNote::LockedAtCreation { .. }) => out.push("locked-set"),
        Some(SetNote::Live) => out.push("live-set"),
        Some(SetNote::SameAsEarlierLayer { .. }) => out.push("across-layers"),
        None => {}
    }
    out.dedup();
    out
}

/// 205.3d: an object the effect gave a subtype to did not gain it, as the subtype goes with none
/// of its card types.
fn subtype_not_gained(world: &World, effect: &Effect, applies_to: &AppliesTo) -> bool {
    let body = &effect.body;
    let added: Vec<Word> = match (&body.copy, &body.subtypes) {
        (Some(copy), _) => copy.except.subtypes.iter().flat_map(|c| c.add.iter().copied()).collect(),
        (None, Some(change)) => change.add.iter().chain(change.set.iter().flatten()).copied().collect(),
        (None, None) => body.creature_types.iter().flatten().copied().collect(),
    };
    let AppliesTo::Objects(objects) = applies_to else { return false };
    !added.is_empty() && objects.iter().any(|o| added.iter().any(|s| !world.objects[*o].has_subtype(s)))
}

/// 706.8d (707.9d today): the object copied has a characteristic-defining ability that defines
/// what the exception sets or keeps, and it is not copied.
fn copy_leaves_defining(world: &World, effect: &Effect) -> bool {
    let Some(spec) = &effect.body.copy else { return false };
    let Some(original) = world.board.object_index(&spec.of) else { return false };
    super::copy::leaves_defining(&world.objects[original], &spec.except)
}

/// Where the effect's timestamp comes from (613.6a–d).
fn timestamp_concept(board: &Board, effect: &Effect) -> &'static str {
    match (effect.kind, effect.source) {
        (EffectKind::Resolved, _) => "timestamp-resolved",
        (_, Some(src)) if board.objects[src].attached_at.is_some() => "timestamp-attached",
        _ => "timestamp-static",
    }
}
