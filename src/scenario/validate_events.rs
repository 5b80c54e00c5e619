//! The checks of the event part of a scenario: pending events, expected outcomes, fixed choices,
//! and replacement effects (614–616), each problem placed at its node.

use super::spec::{
    ConditionSpec, EnterSpec, EventKindSpec, EventSpec, ExpectedOutcomeSpec, InsteadSpec, PreventSpec, RedirectSpec,
    ReplacementSpec, Zone,
};
use super::validate::Validator;
use crate::model::board::{ExpectedOutcome, ObjectDef};
use crate::model::pending::{EnteredAs, Event, Pending, Target};
use crate::placed_yaml::spans::{child, item, At};

/// The kinds of event a "can't" effect stops.
const EVERY_KIND: &[EventKindSpec] = &[
    EventKindSpec::Damage,
    EventKindSpec::Destroy,
    EventKindSpec::Move,
    EventKindSpec::Enter,
    EventKindSpec::Draw,
    EventKindSpec::GainLife,
    EventKindSpec::LoseLife,
    EventKindSpec::Counters,
    EventKindSpec::Tokens,
    EventKindSpec::Begin,
    EventKindSpec::LoseGame,
];
/// More draws than any library holds is a typo, not a judge call.
const MAX_CARDS: i64 = 100;

impl Validator<'_> {
    /// The scenario's pending events, in order.
    pub(super) fn pending_events(&mut self, objects: &[ObjectDef], players: &[String]) -> Vec<Pending> {
        let mut pending = Vec::new();
        let (mut origin, mut moment) = (0, 0);
        for (i, spec) in self.spec.events.iter().enumerate() {
            let path = item("events", i);
            match spec {
                EventSpec::AtOnce(group) => {
                    let at = child(&path, "at_once");
                    if group.len() < 2 {
                        self.error(&at, "`at_once` groups two or more events".into(), None);
                    }
                    for (j, spec) in group.iter().enumerate() {
                        for event in self.pending_event(&item(&at, j), spec, objects, players, origin) {
                            pending.push(Pending { moment, ..event });
                        }
                        origin += 1;
                    }
                    moment += 1;
                }
                _ => {
                    for event in self.pending_event(&path, spec, objects, players, origin) {
                        pending.push(Pending { moment, ..event });
                    }
                    moment += 1;
                    origin += 1;
                }
            }
        }
        pending
    }

    fn pending_event(
        &mut self,
        path: &str,
        spec: &EventSpec,
        objects: &[ObjectDef],
        players: &[String],
        origin: usize,
    ) -> Vec<Pending> {
        if let EventSpec::Enter(e) = spec {
            let def = objects.iter().find(|o| o.id == e.object);
            if let Some(def) = def.filter(|d| d.x.is_none() && enters_with_x(d)) {
                self.error(
                    &child(&child(path, "enter"), "object"),
                    format!("`{}` enters with X counters: say the value of X chosen for it", def.id),
                    Some("give the object `x: N`, the X paid for the spell that became it (`x: 0` if it was not cast, 107.3m)".into()),
                );
            }
        }
        if let EventSpec::Enter(EnterSpec { copy: Some(_), .. }) = spec {
            self.error(
                &child(&child(path, "enter"), "copy"),
                "a permanent enters as a copy by an effect: `copy` only describes what happened, in `expect_outcomes`".into(),
                Some("give the entering permanent, or another, a replacement effect `{event: enter, copy: …}` (614.1c, 706.5)".into()),
            );
        }
        if matches!(
            spec,
            EventSpec::Regenerate(_)
                | EventSpec::Unattach(_)
                | EventSpec::Cease(_)
                | EventSpec::Action(_)
                | EventSpec::AtOnce(_)
        ) {
            let message = match spec {
                EventSpec::AtOnce(_) => "`at_once` groups events of `events`, not other groups",
                _ => "`regenerate`, `unattach`, `cease` and `action` only describe what happened, in `expect_outcomes`",
            };
            self.error(path, message.into(), Some("a pending destruction is `destroy: {object: …}`".into()));
            return Vec::new();
        }
        let by = spec.by().and_then(|id| self.object_ref(&child(&first_key(path, spec), "by"), id));
        self.event(path, spec, objects, players)
            .into_iter()
            .map(|event| {
                let by = by.or(match event {
                    Event::Damage { source, .. } => Some(source),
                    _ => None,
                });
                Pending { event, by, origin, moment: 0, applied: Vec::new(), cause: None, joined: 0 }
            })
            .collect()
    }

    /// The outcomes expected, `outcomes` being written at `path`.
    pub(super) fn expected_outcomes(
        &mut self,
        path: &str,
        outcomes: &[ExpectedOutcomeSpec],
        objects: &[ObjectDef],
        players: &[String],
    ) -> Vec<ExpectedOutcome> {
        let mut all = Vec::new();
        for (i, outcome) in outcomes.iter().enumerate() {
            let at = item(path, i);
            // With no events, what happens is what the state-based actions of the board as it
            // is do (704.3): `then` only.
            if self.spec.events.is_empty() && (!outcome.result.is_empty() || outcome.then.is_none()) {
                self.error(
                    &at,
                    "an outcome of a scenario without `events` has no `result`".into(),
                    Some("say what the state-based actions do in `then` (`then: []` for nothing)".into()),
                );
            }
            let mut list = |key: &str, specs: &[EventSpec]| {
                let path = child(&at, key);
                let mut events = Vec::new();
                for (j, spec) in specs.iter().enumerate() {
                    events.extend(self.happened(&item(&path, j), spec, objects, players));
                }
                events
            };
            let events = list("result", &outcome.result);
            let then = outcome.then.as_ref().map(|then| list("then", then));
            let remaining = outcome
                .remaining
                .as_ref()
                .map(|left| left.iter().filter(|(_, n)| **n > 0).map(|(id, n)| (id.clone(), *n)).collect::<Vec<_>>());
            let board = outcome.board.as_ref().map(|b| self.board_after(&child(&at, "board"), b, players));
            let life = outcome.life.as_ref().map(|life| {
                let path = child(&at, "life");
                let at = At::Path(&path);
                life.iter().map(|(name, n)| (self.player_at(&at.key(name), name, players), *n)).collect()
            });
            all.push(ExpectedOutcome {
                events,
                then,
                remaining,
                board: board.unwrap_or_default(),
                life: life.unwrap_or_default(),
            });
        }
        all
    }

    /// An outcome's `board`: each key an object's id, or `token-N`, the Nth token the events
    /// create.
    fn board_after(
        &mut self,
        path: &str,
        board: &std::collections::BTreeMap<String, crate::model::ExpectSpec>,
        players: &[String],
    ) -> Vec<(String, crate::model::ExpectSpec)> {
        let mut out = Vec::new();
        for (id, e) in board {
            let token = id.strip_prefix("token-").is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n > 0));
            if !token && self.object_placed(id, |spans| spans.key(&child(path, id))).is_none() {
                continue;
            }
            self.expectation(&At::Path(path).key(id), e, players);
            out.push((id.clone(), e.clone()));
        }
        out
    }

    /// An event as an expected outcome states it happened: a draw of N cards is N draws.
    fn happened(&mut self, path: &str, spec: &EventSpec, objects: &[ObjectDef], players: &[String]) -> Vec<Event> {
        self.event(path, spec, objects, players)
            .into_iter()
            .flat_map(|e| match e {
                Event::Draws { player, cards } => vec![Event::Draw { player }; cards.clamp(0, MAX_CARDS) as usize],
                e => vec![e],
            })
            .collect()
    }

    pub(super) fn fixed_choices(&mut self) -> Vec<String> {
        let mut known: Vec<&str> = self.spec.effects.iter().map(|e| e.id.as_str()).collect();
        for o in &self.spec.objects {
            for a in &o.abilities {
                if let super::spec::AbilitySpec::Static(s) = a {
                    known.push(&s.id);
                }
            }
        }
        // A legendary permanent kept by the legend rule (704.5j) is chosen by its id.
        known.extend(self.spec.objects.iter().map(|o| o.id.as_str()));
        for (i, id) in self.spec.choose.iter().enumerate() {
            if !known.contains(&id.as_str()) {
                let help = crate::suggest::closest(id, known.iter().copied()).map(|k| format!("did you mean `{k}`?"));
                self.error(&item("choose", i), format!("no effect or object has the id `{id}`"), help);
            }
        }
        self.spec.choose.clone()
    }

    fn event(&mut self, path: &str, spec: &EventSpec, objects: &[ObjectDef], players: &[String]) -> Vec<Event> {
        let at = first_key(path, spec);
        let f = |key: &str| child(&at, key);
        let one = |e: Event| vec![e];
        match spec {
            EventSpec::Damage(d) => {
                let source = self.object_ref(&f("from"), &d.from);
                let to = self.target(&f("to"), &d.to, players);
                // 0 damage is allowed: it is no damage, and nothing has an event to modify (614.7a).
                if d.amount < 0 {
                    self.error(&f("amount"), format!("`{}`: an amount of damage is 0 or more", d.amount), None);
                }
                match (source, to) {
                    (Some(source), Some(to)) => one(Event::Damage {
                        source,
                        to,
                        amount: d.amount,
                        combat: d.combat,
                        unpreventable: d.unpreventable,
                    }),
                    _ => Vec::new(),
                }
            }
            EventSpec::Destroy(d) => self
                .object_ref(&f("object"), &d.object)
                .map(|object| Event::Move {
                    object,
                    from: Zone::Battlefield,
                    to: Zone::Graveyard,
                    position: None,
                    destroy: true,
                    no_regeneration: d.no_regeneration,
                })
                .into_iter()
                .collect(),
            EventSpec::Regenerate(o) => self
                .object_ref(&f("object"), &o.object)
                .map(|object| Event::Regenerate { object })
                .into_iter()
                .collect(),
            EventSpec::Unattach(o) => {
                self.object_ref(&f("object"), &o.object).map(|object| Event::Unattach { object }).into_iter().collect()
            }
            EventSpec::Cease(o) => {
                self.object_ref(&f("object"), &o.object).map(|object| Event::Cease { object }).into_iter().collect()
            }
            EventSpec::Move(m) if m.to == Zone::Battlefield => {
                // Entering has its own replacement effects (614.1c–d, 614.12): it is its own event.
                self.error(
                    &f("to"),
                    "a move onto the battlefield is an `enter` event".into(),
                    Some("write `enter: {object: …, from: …}`".into()),
                );
                Vec::new()
            }
            EventSpec::Move(m) => {
                if m.position.is_some() && m.to != Zone::Library {
                    self.error(
                        &f("position"),
                        "`position` says where in a library: only for a move `to: library`".into(),
                        None,
                    );
                }
                self.object_ref(&f("object"), &m.object)
                    .map(|object| Event::Move {
                        object,
                        from: m.from.unwrap_or_else(|| objects.get(object).map_or(Zone::Battlefield, |o| o.zone)),
                        to: m.to,
                        position: m.position,
                        destroy: false,
                        no_regeneration: false,
                    })
                    .into_iter()
                    .collect()
            }
            EventSpec::Enter(e) => {
                let controller = e.controller.as_ref().map(|c| self.player_ref(&f("controller"), c, players));
                for (kind, n) in &e.counters {
                    self.positive(&child(&f("counters"), kind), *n);
                }
                let copy = e.copy.as_ref().and_then(|id| self.object_ref(&f("copy"), id));
                self.object_ref(&f("object"), &e.object)
                    .map(|object| {
                        let def = objects.get(object);
                        Event::Enter {
                            object,
                            from: e.from.unwrap_or_else(|| def.map_or(Zone::Hand, |o| o.zone)),
                            tapped: e.tapped,
                            counters: e.counters.clone(),
                            controller: controller.unwrap_or_else(|| def.map_or(0, |o| o.owner)),
                            copy: copy.map(|of| EnteredAs { of, by: None }),
                        }
                    })
                    .into_iter()
                    .collect()
            }
            EventSpec::Draw(d) => {
                let player = self.player_ref(&f("player"), &d.player, players);
                self.positive(&f("cards"), d.cards);
                if d.cards > MAX_CARDS {
                    self.error(&f("cards"), format!("`{}` cards: at most {MAX_CARDS} at once", d.cards), None);
                }
                // One instruction (121.2a): drawn card by card once effects on it are applied.
                one(Event::Draws { player, cards: d.cards.clamp(0, MAX_CARDS) })
            }
            EventSpec::GainLife(l) | EventSpec::LoseLife(l) => {
                let player = self.player_ref(&f("player"), &l.player, players);
                self.positive(&f("amount"), l.amount);
                one(match spec {
                    EventSpec::GainLife(_) => Event::GainLife { player, amount: l.amount },
                    _ => Event::LoseLife { player, amount: l.amount },
                })
            }
            EventSpec::Counters(c) => {
                self.positive(&f("count"), c.count);
                self.object_ref(&f("on"), &c.on)
                    .map(|object| Event::Counters { object, kind: c.kind.clone(), count: c.count })
                    .into_iter()
                    .collect()
            }
            EventSpec::Tokens(t) => {
                let player = self.player_ref(&f("player"), &t.player, players);
                self.positive(&f("count"), t.count);
                self.at_most_tokens(&f("count"), t.count);
                one(Event::Tokens { player, count: t.count, token: t.token.clone() })
            }
            EventSpec::LoseGame(l) => {
                one(Event::LoseGame { player: self.player_ref(&f("player"), &l.player, players) })
            }
            EventSpec::Poison(p) => {
                self.positive(&f("count"), p.count);
                one(Event::Poison { player: self.player_ref(&f("player"), &p.player, players), count: p.count })
            }
            EventSpec::RemoveCounters(c) => {
                self.positive(&f("count"), c.count);
                self.object_ref(&f("on"), &c.on)
                    .map(|object| Event::RemoveCounters { object, kind: c.kind.clone(), count: c.count })
                    .into_iter()
                    .collect()
            }
            EventSpec::Begin(b) => {
                let player = self.player_ref(&f("player"), &b.player, players);
                one(Event::Begin { player, step: b.step.to_lowercase() })
            }
            EventSpec::Action(a) => {
                let player = self.player_ref(&f("player"), &a.player, players);
                one(Event::Action { player, text: a.text.clone() })
            }
            EventSpec::AtOnce(_) => {
                self.error(path, "an outcome lists what happened, without `at_once`".into(), None);
                Vec::new()
            }
        }
    }

    pub(super) fn target(&mut self, path: &str, id: &str, players: &[String]) -> Option<Target> {
        if let Some(o) = self.spec.objects.iter().position(|o| o.id == id) {
            return Some(Target::Object(o));
        }
        if let Some(p) = players.iter().position(|p| p == id) {
            return Some(Target::Player(p));
        }
        let names = self.spec.objects.iter().map(|o| o.id.as_str()).chain(players.iter().map(String::as_str));
        let help = crate::suggest::closest_id(id, names).map(|k| format!("did you mean `{k}`?"));
        self.error(path, format!("no object or player is `{id}`"), help);
        None
    }

    /// The engine makes tokens one by one (111.1); more at once than it follows is refused here
    /// rather than cut short.
    fn at_most_tokens(&mut self, path: &str, n: i64) {
        use crate::engine::events::overflow::MAX_TOKENS;
        if n > MAX_TOKENS {
            self.error(path, format!("`{n}` tokens: at most {MAX_TOKENS} at once"), None);
        }
    }

    fn positive(&mut self, path: &str, n: i64) {
        if n <= 0 {
            self.error(path, format!("`{n}`: a pending event needs a number above 0"), None);
        }
    }

    /// What serde cannot check in a replacement effect: one action that fits the events watched,
    /// and the ids and names it uses.
    pub(super) fn replacement(&mut self, path: &str, r: &ReplacementSpec, players: &[String]) {
        let Some(event) = r.event else {
            self.error(path, "a replacement effect says which events it watches: add `event`".into(), Some("`damage`, `destroy`, `move`, `enter`, `draw`, `gain_life`, `lose_life`, `counters`, `tokens` or `begin`".into()));
            return;
        };
        use EventKindSpec as K;
        let all_but_enter: Vec<EventKindSpec> = EVERY_KIND.iter().copied().filter(|k| *k != K::Enter).collect();
        let actions: Vec<(&str, bool, &[EventKindSpec])> = vec![
            ("multiply", r.multiply.is_some(), &[K::Damage, K::Draw, K::GainLife, K::LoseLife, K::Counters, K::Tokens]),
            ("add", r.add.is_some(), &[K::Damage, K::GainLife, K::LoseLife, K::Counters, K::Tokens]),
            ("prevent", r.prevent.is_some(), &[K::Damage]),
            ("shield", r.shield.is_some(), &[K::Damage]),
            ("regenerate", r.regenerate, &[K::Destroy]),
            ("redirect", r.redirect.is_some(), &[K::Damage]),
            ("zone", r.zone.is_some(), &[K::Destroy, K::Move]),
            ("enters", r.tapped || !r.counters.is_empty() || r.control.is_some() || r.copy.is_some(), &[K::Enter]),
            ("skip", r.skip, &[K::Begin, K::Draw]),
            ("cant", r.cant, EVERY_KIND),
            ("unpreventable", r.unpreventable, &[K::Damage]),
            // Entering has its own actions (614.1c–d).
            ("instead", r.instead.is_some(), &all_but_enter),
        ];
        let given: Vec<_> = actions.iter().filter(|(_, on, _)| *on).collect();
        match given.as_slice() {
            [] => self.error(
                path,
                "this replacement effect does nothing".into(),
                Some("give it one of `multiply`, `add`, `prevent`, `shield`, `regenerate`, `redirect`, `zone`, `tapped`/`counters`/`control`/`copy`, `skip`, `cant`, `unpreventable`, `instead`".into()),
            ),
            [(name, _, fits)] => {
                if !fits.contains(&event) {
                    self.error(
                        &child(path, "event"),
                        format!("`{name}` cannot change a `{}` event", event_name(event)),
                        Some(format!("`{name}` fits {}", fits.iter().map(|k| format!("`{}`", event_name(*k))).collect::<Vec<_>>().join(", "))),
                    );
                }
            }
            more => self.error(
                path,
                format!(
                    "one replacement effect does one thing; this one says {}",
                    more.iter().map(|(n, _, _)| format!("`{n}`")).collect::<Vec<_>>().join(" and ")
                ),
                Some("write one effect per thing it does".into()),
            ),
        }
        if let Some(payment) = r.unless_paid {
            let at = child(path, "unless_paid");
            let modifies_entering = r.tapped || !r.counters.is_empty();
            if event != K::Enter || !modifies_entering {
                self.error(
                    &at,
                    "`unless_paid` is what a player may pay for an entering permanent not to enter tapped or with counters".into(),
                    Some("give it with `event: enter` and `tapped` or `counters`".into()),
                );
            }
            if payment.life <= 0 {
                self.error(&child(&at, "life"), format!("`{}`: a payment of life is above 0", payment.life), None);
            }
        }
        if let Some(PreventSpec::Amount(n)) = r.prevent {
            self.positive(&child(path, "prevent"), n);
        }
        if let Some(copy) = &r.copy {
            self.copy(&At::Path(path).key("copy"), copy, players);
        }
        for (key, n) in [("shield", r.shield), ("multiply", r.multiply), ("add", r.add)] {
            if let Some(n) = n {
                self.positive(&child(path, key), n);
            }
        }
        if let Some(i) = &r.instead {
            self.instead(&child(path, "instead"), i, event, players);
        }
        if let Some(also) = &r.also {
            let at = child(path, "also");
            if r.prevent.is_none() && r.shield.is_none() && r.zone.is_none() && r.instead.is_none() {
                self.error(
                    &at,
                    "`also` is a prevention effect's additional effect (615.5), or the second thing a replacement does instead: with `prevent`, `shield`, `zone` or `instead`".into(),
                    None,
                );
            }
            self.instead(&at, also, event, players);
        }
        if r.up_to.is_some() && r.redirect.is_none() {
            self.error(
                &child(path, "up_to"),
                "`up_to` is how much damage a redirection redirects: with `redirect`".into(),
                None,
            );
        }
        if let Some(n) = r.up_to {
            self.positive(&child(path, "up_to"), n);
        }
        if r.cards.is_some() && event != K::Draw {
            self.error(
                &child(path, "cards"),
                "`cards` is the number of cards drawn: only for `event: draw`".into(),
                None,
            );
        }
        if let Some(c) = &r.condition {
            self.condition(&child(path, "condition"), c, players);
        }
        if r.position.is_some() && r.zone != Some(Zone::Library) {
            self.error(
                &child(path, "position"),
                "`position` says where in a library: only with `zone: library`".into(),
                None,
            );
        }
        if r.zone == Some(Zone::Battlefield) {
            // It would need the entering permanent's own replacement effects (614.12) at that point.
            self.error(
                &child(path, "zone"),
                "an effect that puts the object onto the battlefield instead is not supported".into(),
                Some("`zone` is graveyard, exile, hand, library or command".into()),
            );
        }
        match &r.redirect {
            Some(RedirectSpec::To(to)) if to != "you" => {
                self.target(&child(path, "redirect"), to, players);
            }
            Some(RedirectSpec::Selector(s)) => self.selector(&At::Path(path).key("redirect"), s, players),
            _ => {}
        }
        if let Some(c) = &r.control {
            if c != "you" {
                self.player_ref(&child(path, "control"), c, players);
            }
        }
        for (key, s) in [("object", &r.object), ("source", &r.source)] {
            if let Some(s) = s {
                self.selector(&At::Path(path).key(key), s, players);
            }
        }
        if r.source.is_some() && event != K::Damage {
            self.error(
                &child(path, "source"),
                "`source` is the source of damage: only for `event: damage`".into(),
                None,
            );
        }
        for (i, who) in r.player.iter().flatten().enumerate() {
            if !matches!(who.as_str(), "you" | "opponents" | "all") {
                self.player_ref(&item(&child(path, "player"), i), who, players);
            }
        }
        if r.shield.is_some() && r.once {
            self.error(&child(path, "once"), "a shield is used up by its amount, not `once`".into(), None);
        }
    }
}

impl Validator<'_> {
    /// The events an `instead` (or a prevention effect's `also`) makes: exactly one kind, for
    /// players the scenario has.
    fn instead(&mut self, path: &str, i: &InsteadSpec, event: EventKindSpec, players: &[String]) {
        let given = [
            i.draw.is_some(),
            i.gain_life.is_some(),
            i.lose_life.is_some(),
            i.counters.is_some(),
            i.tokens.is_some(),
            i.damage.is_some(),
            i.action.is_some(),
        ];
        if given.iter().filter(|b| **b).count() != 1 {
            self.error(
                path,
                "give exactly one of `draw`, `gain_life`, `lose_life`, `counters`, `tokens`, `damage`, `action`".into(),
                None,
            );
        }
        match (&i.to, i.damage) {
            (Some(_), None) => {
                self.error(&child(path, "to"), "`to` is who is dealt the `damage`: with `damage`".into(), None)
            }
            (Some(to), Some(_)) if !matches!(to.as_str(), "source_controller" | "you" | "that_player") => {
                self.player_ref(&child(path, "to"), to, players);
            }
            _ => {}
        }
        if i.damage.is_some() && i.players.is_some() {
            self.error(&child(path, "players"), "damage is dealt `to` one player: write `to`".into(), None);
        }
        if i.to.as_deref() == Some("source_controller") && event != EventKindSpec::Damage {
            self.error(
                &child(path, "to"),
                "`source_controller` is the controller of the source of damage: only for `event: damage`".into(),
                None,
            );
        }
        if let Some(t) = &i.tokens {
            if let crate::model::Quantity::Fixed(n) = t.count {
                self.positive(&child(&child(path, "tokens"), "count"), n);
                self.at_most_tokens(&child(&child(path, "tokens"), "count"), n);
            }
        }
        use EventKindSpec as K;
        if i.counters.is_some()
            && matches!(event, K::Draw | K::GainLife | K::LoseLife | K::Tokens | K::Begin | K::LoseGame)
        {
            self.error(
                &child(path, "counters"),
                format!("a `{}` event happens to no object to put counters on", event_name(event)),
                None,
            );
        }
        let at = child(path, "players");
        if i.players.is_some() && i.counters.is_some() {
            self.error(&at, "counters go on the object the event happens to, not to players".into(), None);
        }
        for (j, who) in i.players.iter().flatten().enumerate() {
            if !matches!(who.as_str(), "you" | "that_player") {
                self.player_ref(&item(&at, j), who, players);
            }
        }
    }

    /// A condition names one thing to check, of a player the scenario has.
    pub(super) fn condition(&mut self, path: &str, c: &ConditionSpec, players: &[String]) {
        let given = [
            c.controls.is_some(),
            c.attached.is_some(),
            c.cards_in_hand.is_some(),
            c.life.is_some(),
            c.drawn_this_turn.is_some(),
            c.first_draw_of_draw_step.is_some(),
            c.your_turn.is_some(),
        ];
        if given.iter().filter(|g| **g).count() != 1 {
            self.error(path, "a condition checks exactly one of `controls`, `attached`, `cards_in_hand`, `life`, `drawn_this_turn`, `first_draw_of_draw_step`, `your_turn`".into(), None);
        }
        if c.count.is_some() && c.controls.is_none() {
            self.error(&child(path, "count"), "`count` is how many permanents `controls` finds".into(), None);
        }
        let named = c.player.as_deref().filter(|p| !matches!(*p, "you" | "that_player" | "an_opponent"));
        if let Some(name) = named {
            self.player_ref(&child(path, "player"), name, players);
        }
        if let Some(s) = &c.controls {
            self.selector(&At::Path(path).key("controls"), s, players);
        }
        if let Some(s) = &c.attached {
            self.selector(&At::Path(path).key("attached"), s, players);
        }
        if c.life.is_some() {
            // A life total the scenario does not give would make the answer a guess.
            let missing: Vec<&str> = (self.spec.players.iter())
                .filter(|p| p.life.is_none() && named.is_none_or(|n| n == p.name))
                .map(|p| p.name.as_str())
                .collect();
            if !missing.is_empty() {
                self.error(
                    &child(path, "life"),
                    format!("the condition checks a life total the scenario does not give: {}", missing.join(", ")),
                    Some("give the player's `life` in `players`".into()),
                );
            }
        }
    }
}

pub fn event_name(kind: EventKindSpec) -> &'static str {
    match kind {
        EventKindSpec::Damage => "damage",
        EventKindSpec::Destroy => "destroy",
        EventKindSpec::Move => "move",
        EventKindSpec::Enter => "enter",
        EventKindSpec::Draw => "draw",
        EventKindSpec::GainLife => "gain_life",
        EventKindSpec::LoseLife => "lose_life",
        EventKindSpec::Counters => "counters",
        EventKindSpec::Tokens => "tokens",
        EventKindSpec::Begin => "begin",
        EventKindSpec::LoseGame => "lose_game",
    }
}

/// The path inside an event's one key: `events[0].damage`.
fn first_key(path: &str, spec: &EventSpec) -> String {
    let key = match spec {
        EventSpec::Damage(_) => "damage",
        EventSpec::Destroy(_) => "destroy",
        EventSpec::Move(_) => "move",
        EventSpec::Enter(_) => "enter",
        EventSpec::Draw(_) => "draw",
        EventSpec::GainLife(_) => "gain_life",
        EventSpec::LoseLife(_) => "lose_life",
        EventSpec::Counters(_) => "counters",
        EventSpec::Tokens(_) => "tokens",
        EventSpec::Begin(_) => "begin",
        EventSpec::LoseGame(_) => "lose_game",
        EventSpec::RemoveCounters(_) => "remove_counters",
        EventSpec::Poison(_) => "poison",
        EventSpec::Regenerate(_) => "regenerate",
        EventSpec::Unattach(_) => "unattach",
        EventSpec::Cease(_) => "cease",
        EventSpec::Action(_) => "action",
        EventSpec::AtOnce(_) => "at_once",
    };
    child(path, key)
}

/// Whether one of the object's own abilities makes it enter with X counters ("~ enters with X
/// +1/+1 counters on it").
fn enters_with_x(def: &ObjectDef) -> bool {
    def.printed.abilities.iter().filter_map(|a| a.generates.as_ref()?.body.replacement.as_ref()).any(|r| {
        r.object.as_ref().is_some_and(|o| o.itself) && r.counters.values().any(|n| *n == crate::model::CounterNumber::X)
    })
}
