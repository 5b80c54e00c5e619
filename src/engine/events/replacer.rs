//! The replacement, prevention and "can't" effects that exist when the events happen, found on
//! the board as the layers left it, and the question each answers: does it apply to this event?

use super::left::Left;
use crate::engine::copy::copy;
use crate::engine::effect::Effect;
use crate::engine::resolve::{resolve, Resolution};
use crate::engine::world::{player_matches, selector_matches, World};
use crate::model::board::Board;
use crate::model::characteristics::Characteristics;
use crate::model::pending::{EnteredAs, Event, Pending, Target};
use crate::model::{EventKindSpec, ReplacementSpec, SelectorSpec, Zone};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What kind of effect it is, which decides when it may be chosen (616.1) and which rules the
/// trace cites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    SelfReplacement,
    /// Changes under whose control a permanent enters (616.1b).
    Control,
    /// Makes a permanent enter as a copy (616.1c today).
    Copy,
    Replacement,
    Prevention,
    Regeneration,
    Redirection,
    Skip,
    Cant,
    /// "Damage can't be prevented": a rule for the events it watches, not a replacement.
    Unpreventable,
}

impl Kind {
    /// An effect that is a rule of the events it watches (101.2, 615.12 today) rather than one a
    /// player applies to them (616.1).
    pub fn is_rule(self) -> bool {
        matches!(self, Kind::Cant | Kind::Unpreventable)
    }
}

#[derive(Clone, Debug)]
pub struct Replacer {
    pub effect: Effect,
    pub spec: ReplacementSpec,
    pub kind: Kind,
    /// An entering permanent's own ability, seen as the permanent would exist on the battlefield
    /// (614.12): it applies to that permanent's entering only.
    pub entering: Option<usize>,
    /// For an ability an entering permanent has as a copy (706.5): the key of the effect that
    /// makes it that copy. Such an ability applies only while the permanent enters as that copy;
    /// one of its own (`None`) only while it enters as itself.
    pub copied_by: Option<String>,
    /// For an effect a player may pay for not to apply: which option of it this is (`Env::new`
    /// adds the declined one as a twin of the paid one).
    pub payment: Option<Payment>,
    /// `effect.key`, once: what is left of a limited effect is kept by it in every state of an
    /// exploration (`Left`), which shares this one instead of copying the key. (`Arc`: an
    /// `Env` may be read from several threads.)
    pub shared_key: Arc<str>,
}

/// One option of an effect with a payment: "you may pay 2 life. If you don't, it enters tapped".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    pub life: i64,
    /// Paid: the payment is made and the rest of the effect does not apply. Declined: the rest
    /// applies.
    pub paid: bool,
    /// The index of the other option: applying either is applying the effect (614.5).
    pub twin: u16,
}

impl Replacer {
    pub fn key(&self) -> &str {
        &self.effect.key
    }

    /// Used up after it applies once (regeneration shields, "the next time", skip the next).
    pub fn limited(&self) -> Option<i64> {
        match (self.spec.shield.or(self.spec.up_to), self.spec.once) {
            (Some(n), _) => Some(n),
            (None, true) => Some(1),
            (None, false) => None,
        }
    }
}

/// The board as the events find it: characteristics after the layers, the effects that watch
/// events, and entering permanents as they would exist on the battlefield.
#[derive(Clone)]
pub struct Env {
    pub board: Board,
    pub chars: Vec<Characteristics>,
    pub replacers: Vec<Replacer>,
    /// Entering object → its characteristics as it would exist on the battlefield (614.12).
    pub entering: BTreeMap<usize, Characteristics>,
    /// The same, as a copy: (entering object, key of the effect making it a copy, its
    /// characteristics as that copy would exist on the battlefield).
    pub entering_copies: Vec<(usize, String, Characteristics)>,
    /// Entering object → its own abilities that would modify how it enters and that existing
    /// effects took away (614.12 since 2017).
    pub entering_lost: BTreeMap<usize, Vec<super::look_ahead::Lost>>,
}

impl Env {
    pub fn new(board: &Board, resolution: &Resolution) -> Env {
        let present = vec![true; board.objects.len()];
        let world = World { board, objects: resolution.characteristics.clone(), present, cutoff: None };
        let mut replacers: Vec<Replacer> =
            world.live_effects().into_iter().filter_map(|effect| replacer(effect, None)).collect();
        let mut entering = BTreeMap::new();
        let mut controllers = BTreeMap::new();
        let mut entering_lost = BTreeMap::new();
        for pending in &board.events {
            if let Event::Enter { object, controller, .. } = pending.event {
                if entering.contains_key(&object) || board.objects[object].zone == Zone::Battlefield {
                    continue;
                }
                let (chars, own, lost) = super::look_ahead::look_ahead(board, object, controller, None);
                entering.insert(object, chars);
                if !lost.is_empty() {
                    entering_lost.insert(object, lost);
                }
                controllers.insert(object, controller);
                replacers.extend(own);
            }
        }
        replacers
            .sort_by(|a, b| a.effect.timestamp.cmp(&b.effect.timestamp).then_with(|| a.effect.key.cmp(&b.effect.key)));
        let entering_copies = as_copies(board, resolution, &controllers, &mut replacers);
        with_declined(&mut replacers);
        Env { board: board.clone(), chars: world.objects, replacers, entering, entering_copies, entering_lost }
    }

    /// The board the next moment's events meet, once `happened` has changed this one; `Err` when
    /// a number on it is past what the engine holds.
    pub fn after(&self, happened: &[Event]) -> Result<Env, super::overflow::Overflow> {
        let board = super::board_after::board_after(&self.board, &self.chars, &self.replacers, happened)?;
        // Damage marked, life totals and hands change no characteristic: the layers, and the
        // effects they leave, are this board's. Only what objects are, where and whose, is.
        let same_objects = board.objects.len() == self.board.objects.len()
            && board.objects.iter().zip(&self.board.objects).all(|(a, b)| {
                a.zone == b.zone
                    && a.counters == b.counters
                    && a.printed.controller == b.printed.controller
                    && a.attached_to == b.attached_to
                    && a.timestamp == b.timestamp
            });
        if same_objects {
            return Ok(Env { board, ..self.clone() });
        }
        super::board_after::counters_in_range(&board)?;
        Ok(Env::new(&board, &resolve(&board)))
    }

    /// The origin of the first state-based action made an event: after the scenario's events.
    pub fn first_state_based_origin(&self) -> usize {
        self.board.events.iter().map(|p| p.origin + 1).max().unwrap_or(0)
    }

    /// An event's number, from 1: among the scenario's events, or among the state-based actions.
    pub fn event_number(&self, pending: &Pending) -> usize {
        match pending.cause {
            Some(_) => pending.origin + 1 - self.first_state_based_origin(),
            None => pending.origin + 1,
        }
    }

    /// Why an event the scenario gave can no longer happen when its moment comes (614.7), if it
    /// cannot: what it happens to is not where it must be.
    pub fn vanishes(&self, event: &Event) -> Option<String> {
        let zone = |o: usize| self.board.objects[o].zone;
        let name = |o: usize| &self.chars[o].name;
        match event {
            Event::Damage { amount: 0, .. } => Some("a source that would deal 0 damage deals no damage".into()),
            Event::Damage { to: Target::Object(o), .. }
            | Event::Counters { object: o, .. }
            | Event::RemoveCounters { object: o, .. }
                if zone(*o) != Zone::Battlefield =>
            {
                Some(format!("{} is no longer on the battlefield", name(*o)))
            }
            Event::Move { object, from, .. } if zone(*object) != *from => {
                Some(format!("{} is no longer in the {}", name(*object), super::describe::zone(*from)))
            }
            Event::Enter { object, .. } if zone(*object) == Zone::Battlefield => {
                Some(format!("{} is already on the battlefield", name(*object)))
            }
            _ => None,
        }
    }

    /// The object's characteristics for this event: an entering permanent as it would exist on
    /// the battlefield (614.12), anything else as the layers left it.
    fn chars_for(&self, event: &Event, object: usize) -> (Cow<'_, Characteristics>, Zone) {
        let entering = match self.copied_by(event) {
            Some(by) => self.entering_copy(object, by),
            None => self.entering.get(&object),
        };
        match (event, entering) {
            (Event::Enter { controller, .. }, Some(c)) => {
                // Under the control of the player it would enter under, as modified so far.
                let mut c = c.clone();
                c.controller = *controller;
                (Cow::Owned(c), Zone::Battlefield)
            }
            _ => (Cow::Borrowed(&self.chars[object]), self.board.objects[object].zone),
        }
    }

    /// The entering permanent as it would exist on the battlefield as the copy `by` makes it.
    fn entering_copy(&self, object: usize, by: &str) -> Option<&Characteristics> {
        self.entering_copies.iter().find(|(o, key, _)| *o == object && key == by).map(|(_, _, c)| c)
    }

    /// The key of the effect under which an entering permanent enters as a copy, if any.
    fn copied_by(&self, event: &Event) -> Option<&str> {
        match event {
            Event::Enter { copy: Some(EnteredAs { by: Some(by), .. }), .. } => Some(self.replacers[*by as usize].key()),
            _ => None,
        }
    }

    /// Who chooses among the effects that would modify the event (616.1): the affected player,
    /// or the affected object's controller (its owner when it has none); for an entering
    /// permanent, the player who would control it.
    pub fn chooser(&self, event: &Event) -> usize {
        if let Event::Enter { controller, .. } = event {
            return *controller;
        }
        match (event.player(), event.object()) {
            (Some(p), _) => p,
            (None, Some(o)) if self.board.objects[o].zone == Zone::Battlefield => self.chars[o].controller,
            (None, Some(o)) => self.board.objects[o].owner,
            (None, None) => self.board.active,
        }
    }

    /// Whether the effect's controller can make its payment (119.4 today: only with at least
    /// that much life); `Err` says why not. A life total the scenario does not give is taken as
    /// enough, and the trace says so (`Note::Paid`).
    pub fn can_pay(&self, r: &Replacer) -> Result<(), String> {
        let Some(payment) = r.payment else { return Ok(()) };
        let player = r.effect.controller;
        match self.board.life[player] {
            Some(life) if life < payment.life => {
                Err(format!("{} has {life} life, less than {}", self.board.players[player], payment.life))
            }
            _ => Ok(()),
        }
    }

    /// Whether two effects are one: the same, or the two options of one with a payment.
    pub fn same_effect(&self, a: usize, b: usize) -> bool {
        a == b || self.replacers[a].payment.is_some_and(|p| p.twin as usize == b)
    }

    /// 0 for the active player, then each player in turn order (101.4).
    pub fn apnap_rank(&self, player: usize) -> usize {
        let n = self.board.players.len();
        (player + n - self.board.active) % n
    }

    /// Whether the effect watches this event as it now is; `left`: how much of each limited
    /// effect is left.
    pub fn applies(&self, index: usize, pending: &Pending, left: &Left) -> bool {
        self.may_apply(index, pending, left) && self.watches(&self.replacers[index], &pending.event)
    }

    /// Whether the effect applies to the event, or, for an instruction to draw, to its cards as
    /// they will be drawn one by one (121.2).
    pub fn meets(&self, index: usize, pending: &Pending, left: &Left) -> bool {
        let each_card = match pending.event {
            Event::Draws { player, .. } => Some(Pending { event: Event::Draw { player }, ..pending.clone() }),
            _ => None,
        };
        self.applies(index, pending, left) || each_card.is_some_and(|card| self.applies(index, &card, left))
    }

    /// What the effect has done before does not stop it: it has not applied to this event
    /// (614.5), it is not used up, and a self-replacement effect is the event's own spell's.
    fn may_apply(&self, index: usize, pending: &Pending, left: &Left) -> bool {
        let r = &self.replacers[index];
        let applied = |i: u16| pending.applied.binary_search(&i).is_ok();
        !applied(index as u16)
            && !r.payment.is_some_and(|p| applied(p.twin))
            && r.payment.is_none_or(|p| !p.paid || self.can_pay(r).is_ok())
            && left.of(r) > 0
            && (r.kind != Kind::SelfReplacement || pending.by == r.effect.source)
    }

    /// The effect's conditions against the event, whatever the effect has done before.
    /// Whether the damage of this event can't be prevented, and by what: `Some(None)` when the
    /// event says so ("This damage can't be prevented"), `Some(Some(key))` when an effect that
    /// watches it does ("Damage can't be prevented"), `None` when it can be.
    pub fn cant_be_prevented(&self, event: &Event) -> Option<Option<String>> {
        if matches!(event, Event::Damage { unpreventable: true, .. }) {
            return Some(None);
        }
        let rule = self.replacers.iter().find(|r| r.kind == Kind::Unpreventable && self.watches(r, event))?;
        Some(Some(rule.key().to_string()))
    }

    pub fn watches(&self, r: &Replacer, event: &Event) -> bool {
        self.watches_event(r, event) && r.spec.condition.as_ref().is_none_or(|c| self.condition(c, r, event).met)
    }

    /// The conditions of the effects that would apply to the event but for them, checked: the
    /// trace says why a conditional effect applied or did not.
    pub fn conditions(&self, pending: &Pending, left: &Left) -> Vec<super::condition::Checked> {
        (0..self.replacers.len())
            .filter_map(|i| {
                let r = &self.replacers[i];
                let c = r.spec.condition.as_ref()?;
                let waits = self.may_apply(i, pending, left) && self.watches_event(r, &pending.event);
                waits.then(|| self.condition(c, r, &pending.event))
            })
            .collect()
    }

    /// Whether the effect watches this kind of event, happening to this player or object.
    fn watches_event(&self, r: &Replacer, event: &Event) -> bool {
        let s = &r.spec;
        if event.is_empty() {
            return false;
        }
        let kind_fits = match (s.event, event) {
            (Some(EventKindSpec::Damage), Event::Damage { combat, .. }) => s.combat.is_none_or(|c| c == *combat),
            (Some(EventKindSpec::Destroy), Event::Move { destroy, .. }) => *destroy,
            (Some(EventKindSpec::Move), Event::Move { from, to, .. }) => {
                s.from.is_none_or(|f| f == *from) && s.to.is_none_or(|t| t == *to)
            }
            (Some(EventKindSpec::Enter), Event::Enter { object, .. }) => {
                // A copy effect needs the object it copies on the battlefield (706.5).
                r.entering.is_none_or(|e| e == *object)
                    && (r.spec.copy.is_none() || self.entering_copy(*object, r.key()).is_some())
            }
            // An effect that refers to the number of cards, or a spell's own, modifies the whole
            // instruction (121.2a, 614.14); any other, each card drawn (614.11).
            (Some(EventKindSpec::Draw), Event::Draws { cards, .. }) => {
                (s.self_replacement || s.cards.is_some()) && s.cards.is_none_or(|c| c.holds(*cards))
            }
            (Some(EventKindSpec::Draw), Event::Draw { .. }) => !s.self_replacement && s.cards.is_none(),
            (Some(EventKindSpec::GainLife), Event::GainLife { .. })
            | (Some(EventKindSpec::LoseGame), Event::LoseGame { .. })
            | (Some(EventKindSpec::LoseLife), Event::LoseLife { .. })
            | (Some(EventKindSpec::Tokens), Event::Tokens { .. }) => true,
            (Some(EventKindSpec::Counters), Event::Counters { kind, .. }) => {
                s.counter.as_ref().is_none_or(|k| k.eq_ignore_ascii_case(kind))
            }
            // Poison counters are counters a player gets.
            (Some(EventKindSpec::Counters), Event::Poison { .. }) => {
                s.counter.as_ref().is_none_or(|k| k.eq_ignore_ascii_case("poison"))
            }
            // A permanent entering with counters has counters put on it (121.5).
            (Some(EventKindSpec::Counters), Event::Enter { counters, .. }) => counters
                .iter()
                .any(|(kind, n)| *n > 0 && s.counter.as_ref().is_none_or(|k| k.eq_ignore_ascii_case(kind))),
            (Some(EventKindSpec::Begin), Event::Begin { step, .. }) => {
                s.step.as_ref().is_none_or(|w| w.to_lowercase() == *step)
            }
            _ => false,
        };
        if !kind_fits {
            return false;
        }
        // The entering permanent's abilities are those of what it enters as (706.5, 614.12).
        if let (Event::Enter { .. }, Some(_)) = (event, r.entering) {
            if self.copied_by(event) != r.copied_by.as_deref() {
                return false;
            }
        }
        // Only an entering permanent's own effects that affect only it apply from itself (614.12).
        if let (Event::Enter { object, .. }, None) = (event, r.entering) {
            if r.effect.source == Some(*object) {
                return false;
            }
        }
        if let (Some(source), Event::Damage { source: from, .. }) = (&s.source, event) {
            if !self.object_matches(source, *from, event, &r.effect) {
                return false;
            }
        }
        match (event.object(), event.player()) {
            (Some(o), _) => match (&s.object, &s.player) {
                (Some(sel), _) => self.object_matches(sel, o, event, &r.effect),
                (None, Some(_)) => false,
                (None, None) => true,
            },
            (None, Some(p)) => match (&s.object, &s.player) {
                (_, Some(who)) => player_matches(&self.board, who, p, r.effect.controller),
                (Some(_), None) => false,
                (None, None) => true,
            },
            (None, None) => false,
        }
    }

    /// A selector in an event effect names objects wherever they are, unless it says a zone.
    fn object_matches(&self, s: &SelectorSpec, object: usize, event: &Event, effect: &Effect) -> bool {
        let (chars, zone) = self.chars_for(event, object);
        let zone = match event {
            // Leaving the battlefield, a permanent is seen as it last existed there.
            Event::Move { from, .. } => *from,
            // An entering object is seen as it would exist on the battlefield (614.12); a zone
            // said of it is where it enters from ("creature cards in graveyards can't enter").
            Event::Enter { from, .. } if s.zone.is_some() => *from,
            _ => zone,
        };
        if s.zone.is_none() {
            let anywhere = SelectorSpec { zone: Some(zone), ..s.clone() };
            return selector_matches(&self.board, &anywhere, object, zone, &chars, effect);
        }
        selector_matches(&self.board, s, object, zone, &chars, effect)
    }

    /// Whether damage can be redirected to `to` now (614.9): a creature or planeswalker on the
    /// battlefield, or a player.
    pub fn can_be_dealt_damage(&self, to: Target) -> bool {
        match to {
            Target::Player(_) => true,
            Target::Object(o) => {
                self.board.objects[o].zone == Zone::Battlefield
                    && (self.chars[o].has_type("creature") || self.chars[o].has_type("planeswalker"))
            }
        }
    }
}

pub(super) fn replacer(effect: Effect, entering: Option<usize>) -> Option<Replacer> {
    let spec = effect.body.replacement.clone()?;
    let kind = if spec.cant {
        Kind::Cant
    } else if spec.unpreventable {
        Kind::Unpreventable
    } else if spec.self_replacement {
        Kind::SelfReplacement
    } else if spec.control.is_some() {
        Kind::Control
    } else if spec.copy.is_some() {
        Kind::Copy
    } else if spec.prevent.is_some() || spec.shield.is_some() {
        Kind::Prevention
    } else if spec.regenerate {
        Kind::Regeneration
    } else if spec.redirect.is_some() {
        Kind::Redirection
    } else if spec.skip {
        Kind::Skip
    } else {
        Kind::Replacement
    };
    let shared_key = effect.key.as_str().into();
    Some(Replacer { effect, spec, kind, entering, copied_by: None, payment: None, shared_key })
}

/// An effect a player may pay for not to apply is two options the player chooses between as it
/// applies: paid (the payment, and nothing else of it) and declined (the rest of it). The
/// declined one is added at the end, sharing the effect's key, so that no other index moves.
fn with_declined(replacers: &mut Vec<Replacer>) {
    for paid in 0..replacers.len() {
        let Some(payment) = replacers[paid].spec.unless_paid else { continue };
        let declined = replacers.len() as u16;
        let mut twin = replacers[paid].clone();
        twin.payment = Some(Payment { life: payment.life, paid: false, twin: paid as u16 });
        replacers[paid].payment = Some(Payment { life: payment.life, paid: true, twin: declined });
        replacers.push(twin);
    }
}

/// For each effect that would make an entering permanent a copy of an object on the
/// battlefield: the permanent as that copy would exist on the battlefield, and the effects of
/// the abilities it would copy that modify how it enters (706.5: "enters with", "enters
/// tapped"), added to `replacers`.
fn as_copies(
    board: &Board,
    resolution: &Resolution,
    controllers: &BTreeMap<usize, usize>,
    replacers: &mut Vec<Replacer>,
) -> Vec<(usize, String, Characteristics)> {
    let mut out = Vec::new();
    for i in 0..replacers.len() {
        let Some(spec) = replacers[i].spec.copy.clone() else { continue };
        let Some(original) = board.object_index(&spec.of) else { continue };
        if board.objects[original].zone != Zone::Battlefield {
            continue;
        }
        for (&object, &controller) in controllers {
            if object == original || replacers[i].entering.is_some_and(|e| e != object) {
                continue;
            }
            let as_copy = copy(&board.objects[object].printed, resolution.copiable(board, original), &spec.except);
            let (chars, copied, _) = super::look_ahead::look_ahead(board, object, controller, Some(as_copy));
            let by = replacers[i].key().to_string();
            for mut r in copied.into_iter().filter(|r| r.spec.copy.is_none()) {
                r.effect.key = format!("{}@{}", r.effect.key, board.objects[object].id);
                r.shared_key = r.effect.key.as_str().into();
                r.copied_by = Some(by.clone());
                replacers.push(r);
            }
            out.push((object, by, chars));
        }
    }
    out
}
