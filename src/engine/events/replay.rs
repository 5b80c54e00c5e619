//! One outcome's decisions played again, step by step, with the trace: exploration keeps only
//! the decisions, so that the trace is built once per outcome and not once per path.

use super::describe;
use super::explore::{next, Decision, Envs, Next, State, Tier};
use super::modify::{modify, Note};
use super::overflow::Overflow;
use super::replacer::{Env, Kind, Replacer};
use super::trace::{Action, EventStep, Stopped, Why};
use super::Choice;
use crate::model::pending::{Event, Pending};
use crate::model::sba::Sba;
use crate::model::EventKindSpec;

/// What replaying an outcome's decisions gives: its trace, the choices made, and what the events
/// did to the board, in order (the board after is `envs.get(&changes)`).
pub struct Replayed {
    pub steps: Vec<EventStep>,
    pub choices: Vec<Choice>,
    pub changes: std::rc::Rc<Vec<Event>>,
}

/// The trace of the decisions, and the choices among them, each named from the effects of its
/// own moment (the effects present change as permanents leave and enter).
/// `Err` where a number goes past the engine's range (exploring stops there first).
pub fn replay(env: &Env, envs: &mut Envs, decisions: &[Decision]) -> Result<Replayed, Overflow> {
    let mut state = State::start(env);
    let mut decisions = decisions.iter();
    let mut steps = Vec::new();
    let mut choices = Vec::new();
    while !state.is_done() {
        let env = envs.get(&state.changes)?;
        let env = env.as_ref();
        let next_state = match next(env, &state) {
            Next::Open { among, .. } if among.len() == 1 => state.open(among[0]),
            Next::Open { among, chooser, shared } => {
                let Some(decision) = decisions.next() else { break };
                choices.push(choice(env, &state, decision));
                let mut step = first_step(env, &state, decision, &among, chooser);
                if let Some(r) = shared {
                    step.name(env, &env.replacers[r as usize]);
                }
                steps.push(step);
                state.open(state.position_of(decision.effect))
            }
            Next::Happens => {
                steps.push(happens_step(env, state.stack.last().expect("under way"), &state.left));
                state.happen(env)
            }
            Next::Vanishes { why } => {
                steps.push(vanishes_step(env, state.stack.last().expect("under way"), why));
                state.drop_top()
            }
            Next::Split => {
                // The trace says why a conditional effect left the instruction as it is.
                let step = happens_step(env, state.stack.last().expect("under way"), &state.left);
                if !step.conditions.is_empty() {
                    steps.push(step);
                }
                state.split()
            }
            Next::StateBased { found } => {
                let first = env.first_state_based_origin();
                for (k, (cause, event)) in found.iter().enumerate() {
                    steps.push(state_based_step(env, first, state.state_based + k, cause, event));
                }
                state.perform(found, first)
            }
            Next::Keep { .. } => {
                let Some(decision) = decisions.next() else { break };
                choices.push(choice(env, &state, decision));
                state.keep(decision.effect)
            }
            Next::Cannot { effect, rest } => {
                let r = &env.replacers[effect as usize];
                let mut step = EventStep::new(env, state.stack.last().expect("under way"), Action::Cannot);
                step.name(env, r);
                step.concepts = vec!["cant-beats-can"];
                // Why a conditional "can't" stops this event.
                let event = &state.stack.last().expect("under way").event;
                step.conditions = r.spec.condition.iter().map(|c| env.condition(c, r, event)).collect();
                if indestructible(r, &state.stack.last().expect("under way").event) {
                    step.concepts.push("indestructible");
                }
                step.after = rest.iter().map(|rest| describe::event(env, rest)).collect();
                steps.push(step);
                match rest {
                    Some(rest) => state.replace_top(rest),
                    None => state.drop_top(),
                }
            }
            Next::Apply { tier, group, chooser, .. } => {
                let Some(decision) = decisions.next() else { break };
                if decision.is_choice() {
                    choices.push(choice(env, &state, decision));
                }
                let (step, next_state) = applied_step(env, &state, decision, tier, &group, chooser)?;
                steps.push(step);
                next_state
            }
        };
        state = next_state;
    }
    // Every moment is settled once the state-based actions are checked; a replay cut short
    // still shows what its last moment did.
    let mut changes = state.changes;
    if !state.current.is_empty() {
        std::rc::Rc::make_mut(&mut changes).extend(state.current.iter().cloned());
    }
    Ok(Replayed { steps, choices, changes })
}

/// A player's choice: of an effect (616.1) named by its id, or of the event a shield meets first
/// (615.7) named by the event.
fn choice(env: &Env, state: &State, d: &Decision) -> Choice {
    let name = |i: u16| match d.tier {
        Tier::Simultaneous => waiting_name(env, state, i),
        Tier::Legend => env.board.objects[i as usize].id.clone(),
        _ => option(&env.replacers[i as usize]),
    };
    Choice {
        player: env.board.players[d.chooser].clone(),
        chose: name(d.effect),
        among: d.among.iter().map(|a| name(*a)).collect(),
        concept: d.tier.concept(),
        fixed: d.fixed,
        of_event: d.tier == Tier::Simultaneous,
    }
}

impl EventStep {
    /// A step about `pending`, with nothing yet said about why.
    fn new(env: &Env, pending: &Pending, action: Action) -> EventStep {
        EventStep {
            event: env.event_number(pending),
            cause: pending.cause.clone(),
            action,
            effect: None,
            effect_kind: None,
            source: None,
            text: None,
            before: describe::event(env, &pending.event),
            after: Vec::new(),
            why: None,
            note: None,
            stopped: Vec::new(),
            now_applicable: Vec::new(),
            already_applied: Vec::new(),
            repeated: !pending.applied.is_empty(),
            conditions: Vec::new(),
            concepts: Vec::new(),
        }
    }

    fn name(&mut self, env: &Env, r: &Replacer) {
        self.effect = Some(r.key().to_string());
        self.effect_kind = Some(r.kind);
        self.source = r.effect.source.map(|s| env.board.objects[s].id.clone());
        self.text = Some(r.effect.text.clone());
    }
}

/// The event does not happen when its moment comes (614.7); the effects that would have modified
/// it have no event to replace (614.7a for 0 damage).
fn vanishes_step(env: &Env, top: &Pending, why: String) -> EventStep {
    let mut step = EventStep::new(env, top, Action::Vanishes);
    let zero_damage = matches!(top.event, Event::Damage { amount: 0, .. });
    if zero_damage {
        let some = top.event.with_number(1);
        step.stopped = (env.replacers.iter())
            .filter(|r| !r.kind.is_rule() && env.watches(r, &some))
            .map(|r| Stopped { effect: r.key().to_string(), why: "there is no damage event to modify".into() })
            .collect();
    }
    step.note = Some(Note::Vanished { why });
    step.concepts = vec![if zero_damage { "zero-damage" } else { "replacement-no-event" }];
    step
}

/// No effect applies any more: the event, as modified, happens (614.6).
fn happens_step(env: &Env, top: &Pending, left: &super::left::Left) -> EventStep {
    let mut step = EventStep::new(env, top, Action::Happens);
    step.after = vec![step.before.clone()];
    step.conditions = env.conditions(top, left);
    if !top.applied.is_empty() {
        step.concepts.push("replacement-never-happens");
    }
    if let Event::Enter { object, copy, .. } = &top.event {
        step.concepts.push("enters-look-ahead");
        // As itself, not as a copy: its own abilities that existing effects took.
        if let (None, Some(lost)) = (copy, env.entering_lost.get(object)) {
            step.note = Some(Note::LostOnEntering { lost: lost.clone() });
        }
    }
    if matches!(top.event, Event::Move { destroy: true, .. }) {
        step.concepts.push("destroy");
    }
    if matches!(top.event, Event::Tokens { .. }) {
        // What the tokens are named (the board after the events shows them).
        step.concepts.push("token-name");
    }
    if matches!(top.event, Event::Draw { .. }) && others_draw(env, top) {
        step.concepts.push("draw-active-first");
    }
    step.concepts.extend(damage_results(env, &top.event));
    step.already_applied = already_applied(env, &top.applied, &top.event);
    if !step.already_applied.is_empty() {
        step.concepts.push("replacement-once");
    }
    step
}

/// A "can't be destroyed" that is the permanent's indestructible (702.12b since 2013; in 2011
/// being indestructible was a quality, 700.4, and the step cites 101.2 alone there).
fn indestructible(r: &Replacer, event: &Event) -> bool {
    // The keyword's ability reads "Indestructible", with reminder text or none, and is named
    // after its object (`darksteel-myr-indestructible`): known by its text.
    let keyword = |text: &str| text.trim_start().get(..14).is_some_and(|w| w.eq_ignore_ascii_case("indestructible"));
    let destroys = matches!(event, Event::Move { destroy: true, .. }) || r.spec.event == Some(EventKindSpec::Destroy);
    destroys && keyword(&r.effect.text)
}

/// Whether another player's draw is an event of the same moment: the active player draws first,
/// then the others in turn order (121.2c; 120.2a in 2011).
fn others_draw(env: &Env, top: &Pending) -> bool {
    let drawer = |e: &Event| match e {
        Event::Draw { player } | Event::Draws { player, .. } => Some(*player),
        _ => None,
    };
    let Some(me) = drawer(&top.event) else { return false };
    env.board.events.iter().filter(|p| p.moment == top.moment).filter_map(|p| drawer(&p.event)).any(|p| p != me)
}

/// The rules of what damage results in, as the event happens (120.3a–f; 119.3 in 2011), with
/// the keyword that decides it (wither 702.80a, infect 702.90b–c, lifelink 702.15b today).
fn damage_results(env: &Env, event: &Event) -> Vec<&'static str> {
    use super::damage::{as_counters, as_poison};
    use crate::model::pending::Target;
    let Event::Damage { source, to, .. } = event else { return Vec::new() };
    let source = &env.chars[*source];
    let mut out = Vec::new();
    match to {
        Target::Player(_) if as_poison(source) => out.extend(["damage-poison", "infect-player"]),
        Target::Player(_) => out.push("damage-life"),
        Target::Object(o) => {
            let target = &env.chars[*o];
            if target.has_type("planeswalker") {
                out.push("damage-loyalty");
            }
            if target.has_type("creature") && as_counters(source) {
                out.push("damage-counters");
                if source.has_keyword("wither") {
                    out.push("wither");
                }
                if source.has_keyword("infect") {
                    out.push("infect-creature");
                }
            } else if target.has_type("creature") {
                out.push("damage-marked");
            }
        }
    }
    if source.has_keyword("lifelink") {
        out.extend(["damage-lifelink", "lifelink"]);
    }
    out
}

/// One effect applied: the event before and after, why this effect now, what stopped applying
/// and what became applicable.
fn applied_step(
    env: &Env,
    state: &State,
    decision: &Decision,
    tier: Tier,
    group: &[u16],
    chooser: usize,
) -> Result<(EventStep, State), Overflow> {
    let top = state.stack.last().expect("under way");
    let i = decision.effect as usize;
    let r = &env.replacers[i];
    let next_state = state.apply(env, decision.effect)?;
    let modified = modify(env, decision.effect, &top.event, state.left.of(r))
        .map_err(|_| super::overflow::applying(env, top, decision.effect, super::overflow::Past::Numbers))?;
    let applies_before =
        |j: usize| !env.same_effect(i, j) && !env.replacers[j].kind.is_rule() && env.meets(j, top, &state.left);
    // The events that replaced this one are on top of the next state.
    let applies_after = |j: usize| {
        let mut replacing = next_state.stack.iter().rev().take(modified.events.len());
        replacing.any(|p| env.meets(j, p, &next_state.left))
    };
    let before: Vec<usize> = (0..env.replacers.len()).filter(|j| applies_before(*j)).collect();
    let key = |j: &usize| env.replacers[*j].key().to_string();
    let mut step = EventStep::new(env, top, Action::Applied);
    step.name(env, r);
    step.conditions = env.conditions(top, &state.left);
    step.after = modified.events.iter().map(|e| describe::event(env, e)).collect();
    step.stopped = before
        .iter()
        .filter(|j| !applies_after(**j))
        .map(|j| Stopped { effect: key(j), why: describe::no_longer(env, &modified.events) })
        .collect();
    step.now_applicable = (0..env.replacers.len())
        .filter(|j| {
            !env.same_effect(i, *j) && !before.contains(j) && !env.replacers[*j].kind.is_rule() && applies_after(*j)
        })
        .map(|j| key(&j))
        .collect();
    let why = if decision.is_choice() {
        Why::Chosen { by: env.board.players[chooser].clone(), tier, among: options(env, group), fixed: decision.fixed }
    } else if tier != Tier::Any && !before.is_empty() {
        Why::Forced { tier, waiting: before.iter().map(key).collect() }
    } else {
        Why::Only
    };
    step.already_applied = already_applied(env, &top.applied, &top.event);
    // The effects on a destruction that still apply once the destroyed permanent is sent
    // elsewhere: the trace says why they still do.
    let on_destruction = |j: usize| env.replacers[j].spec.event == Some(EventKindSpec::Destroy);
    // The new events of an `also` are not what the event became.
    let became = &modified.events[..modified.events.len() - modified.fresh];
    let still: Vec<String> = if sent_elsewhere(&top.event, became) {
        before.iter().filter(|j| on_destruction(**j) && applies_after(**j)).map(key).collect()
    } else {
        Vec::new()
    };
    let mut concepts = kind_concepts(r, &top.event);
    for e in &modified.events {
        if let Event::Move { to: crate::model::Zone::Library, position: Some(p), .. } = e {
            // 401.2: a library's order is kept, so where the card goes is part of the event.
            concepts.push("library-order");
            if *p == crate::model::Position::Shuffled {
                concepts.push("shuffle");
            }
        }
    }
    match modified.note {
        Some(Note::CantBePrevented { .. }) => concepts.push("unpreventable"),
        Some(Note::CantBeRegenerated) => concepts.push("no-regeneration"),
        Some(Note::Paid { .. } | Note::Declined { cannot: Some(_), .. }) => concepts.push("pay-life"),
        _ => {}
    }
    concepts.extend(why_concepts(&why, !top.applied.is_empty()));
    if matches!(why, Why::Chosen { .. }) && several_choosers(env, top.moment) {
        // Players who choose for events of one moment do so in APNAP order (616.1, 101.4).
        concepts.push("apnap");
    }
    if !step.now_applicable.is_empty() {
        concepts.push("interaction-becomes-applicable");
    }
    if !step.stopped.is_empty() {
        // 616.1d: only the effects that would now be applicable are considered.
        concepts.push("interaction-repeat");
    }
    if modified.events.is_empty() && !step.stopped.is_empty() {
        // 614.7, and 614.7a for damage: no event is left for the others to modify.
        let damage = matches!(top.event, Event::Damage { .. });
        concepts.push(if damage { "zero-damage" } else { "replacement-no-event" });
    }
    if !step.already_applied.is_empty() {
        concepts.push("replacement-once");
    }
    if matches!(top.event, Event::Enter { .. }) {
        concepts.push("enters-look-ahead");
    }
    if !still.is_empty() {
        // Sent elsewhere, it is still destroyed: destroying is moving it from the battlefield
        // (701.6a in 2011, 701.8a today), and only where it goes changed.
        concepts.push("destroy");
    }
    concepts.dedup();
    step.concepts = concepts;
    step.why = Some(why);
    // Replaced by other than a zone change, the event takes with it the rest of what an earlier
    // replacement did instead (`Pending::joined`).
    let joined = usize::from(top.joined).min(state.stack.len() - 1);
    let taken: Vec<String> = if joined > 0 && !became.first().is_some_and(|e| matches!(e, Event::Move { .. })) {
        let below = &state.stack[state.stack.len() - 1 - joined..state.stack.len() - 1];
        below.iter().rev().map(|p| describe::event(env, &p.event)).collect()
    } else {
        Vec::new()
    };
    step.note = match modified.note {
        None if !still.is_empty() => Some(Note::StillDestroyed { still }),
        None if !taken.is_empty() => Some(Note::TakesWith { events: taken }),
        note => note,
    };
    Ok((step, next_state))
}

/// Whether the change sent a destroyed permanent to another zone and it is still being destroyed
/// (701.6a in 2011, 701.8a today: only where it goes changed).
fn sent_elsewhere(before: &Event, after: &[Event]) -> bool {
    matches!(
        (before, after),
        (Event::Move { to: was, destroy: true, .. }, [Event::Move { to, destroy: true, .. }]) if was != to
    )
}

/// 615.7: the player chose which of the events a shared shield meets first.
fn first_step(env: &Env, state: &State, decision: &Decision, among: &[u16], chooser: usize) -> EventStep {
    let pending = &state.waiting[state.position_of(decision.effect) as usize];
    let mut step = EventStep::new(env, pending, Action::First);
    step.after = vec![step.before.clone()];
    step.why = Some(Why::Chosen {
        by: env.board.players[chooser].clone(),
        tier: Tier::Simultaneous,
        among: among.iter().map(|p| waiting_name(env, state, state.origin_at(*p))).collect(),
        fixed: false,
    });
    step.concepts = vec!["prevention-shield", "interaction-order"];
    step
}

/// A waiting event named by its origin.
fn waiting_name(env: &Env, state: &State, origin: u16) -> String {
    super::event_name(env, &state.waiting[state.position_of(origin) as usize])
}

/// 704.3: a state-based action the events left, about to be performed with the others as one
/// event: the condition found, and the event it is.
fn state_based_step(env: &Env, first: usize, made: usize, cause: &Sba, event: &Event) -> EventStep {
    let pending = Pending {
        event: event.clone(),
        by: None,
        origin: first + made,
        moment: 0,
        applied: Vec::new(),
        cause: Some(cause.clone()),
        joined: 0,
    };
    let mut step = EventStep::new(env, &pending, Action::StateBased);
    step.before = describe::condition(env, cause, event);
    step.after = vec![describe::event(env, event)];
    step.concepts = [vec!["state-based-actions"], cause.concepts()].concat();
    step
}

/// An effect as a player's option: its key, or for an effect with a payment, which of its two
/// options ("to pay 2 life for steam-vents-shock", "not to pay for steam-vents-shock").
fn option(r: &Replacer) -> String {
    match r.payment {
        None => r.key().to_string(),
        Some(p) if p.paid => format!("to pay {} life for {}", p.life, r.key()),
        Some(_) => format!("not to pay for {}", r.key()),
    }
}

fn options(env: &Env, group: &[u16]) -> Vec<String> {
    group.iter().map(|g| option(&env.replacers[*g as usize])).collect()
}

/// Effects that would still watch the event but already had their opportunity on it (614.5).
fn already_applied(env: &Env, applied: &[u16], event: &Event) -> Vec<String> {
    applied
        .iter()
        .map(|a| &env.replacers[*a as usize])
        .filter(|r| env.watches(r, event))
        .map(|r| r.key().to_string())
        .collect()
}

/// The rules that say what this kind of effect does.
fn kind_concepts(r: &Replacer, event: &Event) -> Vec<&'static str> {
    let s = &r.spec;
    match r.kind {
        Kind::SelfReplacement if matches!(event, Event::Draws { .. }) => vec!["self-replacement", "draw-instruction"],
        Kind::SelfReplacement => vec!["self-replacement"],
        Kind::Control => vec!["replacement-enters"],
        Kind::Copy if r.entering.is_some() => vec!["replacement-enters-with", "copy-enters"],
        Kind::Copy => vec!["replacement-enters", "copy-enters"],
        // A protection ability's own prevention (702.16e).
        Kind::Prevention if crate::model::protection::quality_of(&r.effect.text, &r.effect.body).is_some() => {
            vec!["prevention", "protection-damage"]
        }
        Kind::Prevention if s.also.is_some() => vec!["prevention", "prevention-additional"],
        Kind::Prevention if s.shield.is_some() => vec!["prevention", "prevention-shield"],
        Kind::Prevention if s.once => vec!["prevention", "prevention-next-source"],
        Kind::Prevention if matches!(s.prevent, Some(crate::model::PreventSpec::Amount(_))) => {
            vec!["prevention", "prevention-static-amount"]
        }
        Kind::Prevention => vec!["prevention"],
        Kind::Regeneration => vec!["regeneration"],
        Kind::Redirection => vec!["redirection"],
        Kind::Skip if s.once => vec!["replacement-skip", "skip", "skip-next"],
        Kind::Skip => vec!["replacement-skip", "skip"],
        Kind::Replacement => match event {
            Event::Enter { .. } if s.event == Some(EventKindSpec::Counters) => {
                vec!["replacement-instead", "counters-entering"]
            }
            Event::Enter { .. } if r.entering.is_some() => vec!["replacement-enters-with"],
            Event::Enter { .. } => vec!["replacement-enters"],
            Event::Draw { .. } => vec!["replacement-instead", "replacement-draw"],
            Event::Draws { .. } => vec!["replacement-instead", "draw-instruction"],
            _ => vec!["replacement-instead"],
        },
        Kind::Cant => vec!["cant-beats-can"],
        Kind::Unpreventable => vec!["unpreventable"],
    }
}

/// Whether the events of this moment are chosen for by more than one player.
fn several_choosers(env: &Env, moment: usize) -> bool {
    let mut choosers = env.board.events.iter().filter(|p| p.moment == moment).map(|p| env.chooser(&p.event));
    choosers.next().is_some_and(|first| choosers.any(|c| c != first))
}

fn why_concepts(why: &Why, repeated: bool) -> Vec<&'static str> {
    let tier = |t: Tier| t.concept();
    let mut out = match why {
        Why::Only => vec![],
        Why::Forced { tier: t, .. } => vec!["interaction-order", tier(*t)],
        // A payment is chosen as the effect applies, not among effects (119.4 today).
        Why::Chosen { tier: Tier::Pay, .. } => vec![tier(Tier::Pay)],
        Why::Chosen { tier: t, .. } => vec!["interaction-order", tier(*t)],
    };
    if repeated {
        out.push("interaction-repeat");
    }
    out
}
