//! What serde cannot check: ids that name nothing, duplicates, unknown types and colours, effects
//! in no layer, timestamps that collide. Every problem is found, with its place, before the
//! engine sees the board.

use super::load::Loaded;
use super::spec::{
    AbilitySpec, Amount, ControlSpec, CopySpec, EffectBody, ExchangeSpec, ExpectSpec, ObjectSpec, ScenarioSpec,
    SelectorSpec, SetChange, Zone,
};
use crate::diagnostic::problem::Problem;
use crate::model::board::{Board, ObjectDef, OlderExpectation, ResolvedEffect};
use crate::model::characteristics::{
    Ability, Characteristics, Origin, BASIC_LAND_TYPES, CARD_TYPES, COLORS, SUPERTYPES,
};
use crate::model::meanings::CHANGES;
use crate::model::timestamp::Timestamp;
use crate::model::{Meanings, Word};
use crate::placed_yaml::problem;
use crate::placed_yaml::spans::{child, item, At, Span, Spans};
use crate::suggest;
use std::collections::{BTreeMap, HashMap};

pub fn validate(source: &str, loaded: &Loaded) -> Result<Board, Vec<Problem>> {
    let mut ids = HashMap::new();
    for (i, o) in loaded.spec.objects.iter().enumerate() {
        ids.entry(o.id.as_str()).or_insert(i);
    }
    let mut v = Validator { source, spans: &loaded.spans, spec: &loaded.spec, problems: Vec::new(), ids };
    let board = v.board();
    if v.problems.is_empty() {
        Ok(board)
    } else {
        Err(v.problems)
    }
}

pub(super) struct Validator<'a> {
    source: &'a str,
    spans: &'a Spans,
    pub(super) spec: &'a ScenarioSpec,
    problems: Vec<Problem>,
    /// Each object's place by its id, the first of each: effects and events name objects by id,
    /// and a large board names thousands.
    ids: HashMap<&'a str, usize>,
}

impl Validator<'_> {
    pub(super) fn error(&mut self, path: &str, message: String, help: Option<String>) {
        let span = self.spans.value(path);
        self.problems.push(problem(self.source, span, message, help));
    }

    pub(super) fn error_at(&mut self, at: &At, message: String, help: Option<String>) {
        self.error(&at.text(), message, help);
    }

    fn board(&mut self) -> Board {
        let spec = self.spec;
        let players: Vec<String> = spec.players.iter().map(|p| p.name.clone()).collect();
        self.players(&players);
        let active = spec.players.iter().position(|p| p.active).unwrap_or(0);
        self.unique_ids();
        let objects: Vec<ObjectDef> =
            spec.objects.iter().enumerate().map(|(i, o)| self.object(i, o, &players)).collect();
        self.timestamps(&objects);
        self.impossible_timestamps(&objects);
        self.attachment_cycles(&objects);
        let resolved: Vec<ResolvedEffect> = spec
            .effects
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let effects = At::Path("effects");
                let at = effects.item(i);
                let source = e.source.as_ref().and_then(|s| self.object_at(&at.key("source"), s));
                let controller = match (&e.controller, source) {
                    (Some(name), _) => self.player_at(&at.key("controller"), name, &players),
                    (None, Some(s)) => objects.get(s).map_or(0, |o| o.printed.controller),
                    (None, None) => {
                        self.error_at(
                            &at,
                            format!("effect `{}` has neither `source` nor `controller`", e.id),
                            Some("say who controls it, so that `you` in its selector means someone".into()),
                        );
                        0
                    }
                };
                self.body(&at.key("effect"), &e.effect, &players, false);
                // 611.2c: a resolved effect's objects are fixed as it is created; "as long as" is
                // a static ability's.
                if e.effect.condition.is_some() {
                    self.error_at(
                        &at.key("effect").key("condition"),
                        "a condition is a static ability's \"as long as\": a resolved effect's objects are fixed when it is created (611.2c)".into(),
                        Some("give the effect as an ability of its source object".into()),
                    );
                }
                let deals_damage =
                    |i: &Option<crate::model::InsteadSpec>| i.as_ref().is_some_and(|i| i.damage.is_some());
                if let (None, Some(r)) = (&e.source, &e.effect.replacement) {
                    for (key, i) in [("instead", &r.instead), ("also", &r.also)] {
                        if deals_damage(i) {
                            self.error_at(
                                &at.key("effect").key("replacement").key(key).key("damage"),
                                "the effect deals damage, but has no `source` to deal it".into(),
                                Some("give the spell or ability that deals it as `source` (Deflecting Palm)".into()),
                            );
                        }
                    }
                }
                if e.source.is_none() && e.effect.replacement.as_ref().is_some_and(|r| r.self_replacement) {
                    self.error_at(
                        &at.key("effect").key("replacement").key("self_replacement"),
                        "a self-replacement effect without `source`".into(),
                        Some(
                            "it replaces part of a resolving spell's own effect (614.14): give that spell as `source`"
                                .into(),
                        ),
                    );
                }
                if let (None, Some(affects)) = (&e.source, &e.effect.affects) {
                    // Without a source these would silently name nothing.
                    for (key, on) in [("self", affects.itself), ("attached", affects.attached)] {
                        if on {
                            self.error_at(
                                &at.key("effect").key("affects").key(key),
                                format!("`{key}: true` in an effect without `source`"),
                                Some(
                                    "give the effect its `source`, or name the objects with `objects: [id, …]`".into(),
                                ),
                            );
                        }
                    }
                }
                ResolvedEffect {
                    id: e.id.clone(),
                    name: e.name.clone(),
                    text: e.text.clone(),
                    source,
                    controller,
                    timestamp: self.stamp(&e.id, e.timestamp),
                    body: std::sync::Arc::new(e.effect.normalised()),
                }
            })
            .collect();
        let can = self.questions(&players);
        let ask = match &spec.ask.objects {
            Some(ids) => {
                let asked = At::Path("ask.objects");
                ids.iter().enumerate().filter_map(|(i, id)| self.object_at(&asked.item(i), id)).collect()
            }
            // A question of what can target or block what asks of the objects it names.
            None if !can.is_empty() => crate::model::legality::named(&can),
            // A judge call about events asks what happens, not what every permanent is.
            None if !spec.events.is_empty() => Vec::new(),
            None => (0..objects.len()).filter(|i| objects[*i].zone == Zone::Battlefield).collect(),
        };
        let expect = self.expected("expect", &spec.expect, &players);
        let events = self.pending_events(&objects, &players);
        let expect_outcomes =
            spec.expect_outcomes.as_ref().map(|o| self.expected_outcomes("expect_outcomes", o, &objects, &players));
        let older = self.older_rules(&objects, &players);
        let choose = self.fixed_choices();
        let life = spec.players.iter().map(|p| p.life).collect();
        let unlisted_hand = self.hands(&objects);
        self.libraries();
        self.draws_this_turn();
        self.step_known(&objects, &resolved);
        let ids = Board::index_ids(&objects);
        let in_force = (expect.clone(), expect_outcomes.clone());
        let timestamps_given = objects.iter().map(|o| o.timestamp).collect();
        let mut board = Board {
            title: spec.title.clone(),
            question: spec.question.clone(),
            edition: spec.edition.clone(),
            lost: vec![false; players.len()],
            library: spec.players.iter().map(|p| p.library).collect(),
            drew_from_empty: vec![false; players.len()],
            drawn_this_turn: spec.players.iter().map(|p| p.drawn_this_turn).collect(),
            drawn_this_step: spec.players.iter().map(|p| p.drawn_this_step).collect(),
            step: spec.step,
            poison: spec.players.iter().map(|p| p.poison.max(0)).collect(),
            players,
            life,
            unlisted_hand,
            active,
            objects,
            resolved,
            ask,
            can,
            expect,
            events,
            choose,
            expect_outcomes,
            older,
            in_force,
            timestamps_given,
            meanings: Meanings::of_2011(),
            ids,
        };
        // Until an edition says otherwise, the rules of 2011, as in the embedded edition.
        board.answer_by(Meanings::of_2011());
        board
    }

    /// The characteristics expected of objects, `expect` being written at `path`.
    fn expected(
        &mut self,
        path: &str,
        expect: &BTreeMap<String, ExpectSpec>,
        players: &[String],
    ) -> Vec<(usize, ExpectSpec)> {
        expect
            .iter()
            .filter_map(|(id, e)| {
                // The id is the key: `phantom:` in `expect`, not what is expected of it.
                let index = self.object_placed(id, |spans| spans.key(&child(path, id)))?;
                self.expectation(&At::Path(path).key(id), e, players);
                for key in e.after_events_keys() {
                    self.error_at(
                        &At::Path(path).key(id).key(key),
                        format!("`{key}` is what the board after the events has, not what the layers give"),
                        Some("state it in an outcome's `board` in `expect_outcomes`".into()),
                    );
                }
                Some((index, e.clone()))
            })
            .collect()
    }

    /// `older_rules`: each entry names rules whose meaning changed, with a year of one of their
    /// meanings, and what is expected then.
    fn older_rules(&mut self, objects: &[ObjectDef], players: &[String]) -> Vec<OlderExpectation> {
        let spec = self.spec;
        let mut older = Vec::new();
        for (i, o) in spec.older_rules.iter().enumerate() {
            let at = item("older_rules", i);
            let when_at = child(&at, "when");
            if o.when.is_empty() {
                self.error(&when_at, "`when` names no rule".into(), Some(meanings_known()));
            }
            for (concept, year) in &o.when {
                let known = CHANGES.iter().filter(|c| c.concept == concept).map(|c| c.since);
                let years: Vec<u16> = std::iter::once(2011).chain(known).collect();
                if years.len() == 1 {
                    self.error(
                        &child(&when_at, concept),
                        format!("`{concept}` is no rule whose meaning changed"),
                        Some(meanings_known()),
                    );
                } else if !years.contains(year) {
                    let years: Vec<String> = years.iter().map(ToString::to_string).collect();
                    self.error(
                        &child(&when_at, concept),
                        format!("`{concept}` has no meaning of {year}"),
                        Some(format!("its meanings are of {}", years.join(", "))),
                    );
                }
            }
            if o.expect.is_none() && o.expect_outcomes.is_none() {
                self.error(&at, "`older_rules` entry with no `expect` or `expect_outcomes`".into(), None);
            }
            let expect = o.expect.as_ref().map(|e| self.expected(&child(&at, "expect"), e, players));
            let expect_outcomes = (o.expect_outcomes.as_ref())
                .map(|e| self.expected_outcomes(&child(&at, "expect_outcomes"), e, objects, players));
            let when = o.when.iter().map(|(c, y)| (c.clone(), *y)).collect();
            older.push(OlderExpectation { when, expect, expect_outcomes });
        }
        older
    }

    fn players(&mut self, players: &[String]) {
        if players.is_empty() {
            self.error("players", "a scenario needs at least one player".into(), None);
        }
        for (i, name) in players.iter().enumerate() {
            if players[..i].contains(name) {
                self.error(&child(&item("players", i), "name"), format!("player `{name}` is listed twice"), None);
            }
        }
        let active = self.spec.players.iter().filter(|p| p.active).count();
        if active != 1 && !players.is_empty() {
            self.error(
                "players",
                format!("{active} players are marked `active: true`"),
                Some("exactly one player is the active player (the one whose turn it is)".into()),
            );
        }
    }

    /// Object ids, static ability ids and resolved effect ids share one namespace: the trace
    /// names effects by them.
    fn unique_ids(&mut self) {
        let spec = self.spec;
        let mut ids: Vec<(&str, Place)> = Vec::new();
        for (i, o) in spec.objects.iter().enumerate() {
            ids.push((&o.id, Place::Object(i, "id")));
            for (j, a) in o.abilities.iter().enumerate() {
                if let AbilitySpec::Static(s) = a {
                    ids.push((&s.id, Place::Ability(i, j)));
                }
            }
        }
        for (i, e) in spec.effects.iter().enumerate() {
            ids.push((&e.id, Place::Effect(i, "id")));
        }
        let mut seen: HashMap<&str, Place> = HashMap::with_capacity(ids.len());
        for (id, at) in ids {
            if id.trim().is_empty() {
                self.error(&at.path(), "an id cannot be empty".into(), None);
            } else if id.contains('@') {
                self.error(
                    &at.path(),
                    format!("`{id}`: ids cannot contain `@`"),
                    Some("the trace uses `@` to name copies of abilities".into()),
                );
            } else if let Some(first) = seen.get(id) {
                let line = self.spans.value(&first.path());
                let first_line = self.source[..line.0].matches('\n').count() + 1;
                self.error(
                    &at.path(),
                    format!("the id `{id}` is used twice"),
                    Some(format!("first used on line {first_line}")),
                );
            } else {
                seen.insert(id, at);
            }
        }
    }

    /// A library holds 0 cards or more.
    fn libraries(&mut self) {
        for (p, player) in self.spec.players.iter().enumerate() {
            if let Some(n) = player.library.filter(|n| *n < 0) {
                self.error(
                    &child(&item("players", p), "library"),
                    format!("`{n}`: a library holds 0 cards or more"),
                    None,
                );
            }
        }
    }

    /// A count of cards drawn is 0 or more, those of the step among those of the turn.
    fn draws_this_turn(&mut self) {
        for (p, player) in self.spec.players.iter().enumerate() {
            let at = item("players", p);
            if player.drawn_this_turn < 0 {
                self.error(&child(&at, "drawn_this_turn"), "a count of cards drawn is 0 or more".into(), None);
            }
            if player.drawn_this_step < 0 {
                self.error(&child(&at, "drawn_this_step"), "a count of cards drawn is 0 or more".into(), None);
            } else if player.drawn_this_turn >= 0 && player.drawn_this_step > player.drawn_this_turn {
                self.error(
                    &child(&at, "drawn_this_step"),
                    format!(
                        "{} cards drawn this step, but {} this turn",
                        player.drawn_this_step, player.drawn_this_turn
                    ),
                    Some("the cards drawn this step are among those drawn this turn".into()),
                );
            }
        }
    }

    /// An effect that asks whether a draw is the first of a draw step needs the step the events
    /// happen in: without `step`, its answer would be a guess.
    fn step_known(&mut self, objects: &[ObjectDef], resolved: &[ResolvedEffect]) {
        if self.spec.step.is_some() || self.spec.events.is_empty() {
            return;
        }
        let asks = |body: &crate::model::EffectBody| {
            body.replacement
                .as_ref()
                .and_then(|r| r.condition.as_ref())
                .is_some_and(|c| c.first_draw_of_draw_step.is_some())
        };
        let object = objects
            .iter()
            .position(|o| o.printed.abilities.iter().any(|a| a.generates.as_ref().is_some_and(|g| asks(&g.body))));
        let place = match object {
            Some(i) => item("objects", i),
            None => match resolved.iter().position(|e| asks(&e.body)) {
                Some(i) => item("effects", i),
                None => return,
            },
        };
        self.error(
            &place,
            "its effect asks whether a draw is the first of a draw step, and the scenario does not say the step".into(),
            Some("say the step the events happen in, such as `step: draw` or `step: precombat_main`".into()),
        );
    }

    /// Each player's cards in hand beyond the objects listed there: `hand` counts them all.
    fn hands(&mut self, objects: &[ObjectDef]) -> Vec<i64> {
        let spec = self.spec;
        let mut unlisted = Vec::new();
        for (p, player) in spec.players.iter().enumerate() {
            let listed = objects.iter().filter(|o| o.owner == p && o.zone == Zone::Hand).count() as i64;
            let hand = player.hand.unwrap_or(listed);
            if hand < listed {
                let path = child(&item("players", p), "hand");
                self.error(
                    &path,
                    format!("{} cards in hand, but the scenario puts {listed} objects there", hand),
                    Some("`hand` counts every card in that hand, the objects listed there included".into()),
                );
            }
            unlisted.push((hand - listed).max(0));
        }
        unlisted
    }

    fn object(&mut self, index: usize, o: &ObjectSpec, players: &[String]) -> ObjectDef {
        let objects = At::Path("objects");
        let at = objects.item(index);
        let owner = self.player_at(&at.key("owner"), &o.owner, players);
        let controller = match &o.controller {
            Some(c) => self.player_at(&at.key("controller"), c, players),
            None => owner,
        };
        let types = self.words(&at.key("types"), &o.types, &CARD_TYPES, "card type");
        let supertypes = self.words(&at.key("supertypes"), &o.supertypes, &SUPERTYPES, "supertype");
        let colors = self.words(&at.key("colors"), &o.colors, &COLORS, "color");
        let listed_at = at.key("abilities");
        let mut abilities: Vec<Ability> =
            o.abilities.iter().enumerate().map(|(j, a)| self.ability(&listed_at.item(j), a, players)).collect();
        // An ability the engine cannot express is still an ability of the object: "loses all
        // abilities" removes it, and a selector for objects with no abilities passes it over.
        for (j, text) in o.unmodelled.iter().enumerate() {
            let listed = o.abilities.iter().any(|a| matches!(a, AbilitySpec::Text(t) if t == text));
            if !listed {
                let unmodelled = at.key("unmodelled");
                abilities.push(self.ability(&unmodelled.item(j), &AbilitySpec::Text(Word::new(text)), players));
            }
        }
        let attached_to = o.attached_to.as_ref().and_then(|t| self.object_at(&at.key("attached_to"), t));
        if attached_to == Some(index) {
            self.error_at(&at.key("attached_to"), format!("`{}` cannot be attached to itself", o.id), None);
        }
        if o.token && o.zone.is_some_and(|z| z != Zone::Battlefield) {
            let help = "704.5d: a token in a zone other than the battlefield ceases to exist; leave it out, or put it on the battlefield";
            self.error_at(
                &at.key("token"),
                format!("`{}` is a token outside the battlefield", o.id),
                Some(help.into()),
            );
        }
        if o.attached_at.is_some() && o.attached_to.is_none() {
            self.error_at(&at.key("attached_at"), "`attached_at` without `attached_to`".into(), None);
        }
        if o.x.is_some_and(|x| x < 0) {
            self.error_at(&at.key("x"), "X is 0 or more (107.1b)".into(), None);
        }
        if o.damage < 0 {
            self.error_at(&at.key("damage"), format!("`{}`: damage marked is 0 or more", o.damage), None);
        }
        for (kind, n) in &o.counters {
            if *n < 0 {
                self.error_at(&at.key("counters").key(kind), format!("a negative number of `{kind}` counters"), None);
            }
        }
        let mut printed = Characteristics {
            name: o.name.clone(),
            controller,
            types,
            subtypes: o.subtypes.iter().map(|s| Word::new(&s.to_lowercase())).collect(),
            supertypes,
            colors,
            abilities,
            power: o.power,
            toughness: o.toughness,
            mana_value: o.mana_value,
        };
        printed.sort_colors();
        ObjectDef {
            id: o.id.clone(),
            owner,
            zone: o.zone.unwrap_or(Zone::Battlefield),
            printed,
            counters: o.counters.clone(),
            damage: o.damage,
            deathtouched: false,
            attached_to,
            timestamp: self.stamp(&o.id, o.timestamp.unwrap_or(index as i64 + 1)),
            attached_at: o.attached_at.map(|t| self.stamp(&o.id, t)),
            unmodelled: o.unmodelled.clone(),
            token: o.token,
            ceased: false,
            x: o.x,
            tapped: o.tapped,
        }
    }

    fn ability(&mut self, at: &At, a: &AbilitySpec, players: &[String]) -> Ability {
        if let AbilitySpec::Static(s) = a {
            let effect = at.key("effect");
            self.body(&effect, &s.effect, players, s.cda);
            if s.effect.control.as_ref().is_some_and(|c| c.exchanged().is_some()) {
                self.error_at(
                    &effect.key("control").key("exchange"),
                    "an exchange of control in a static ability".into(),
                    Some("an exchange happens once, as a spell or ability resolves: write it under `effects:`".into()),
                );
            }
            if s.effect.replacement.as_ref().is_some_and(|r| r.self_replacement) {
                self.error_at(
                    &effect.key("replacement").key("self_replacement"),
                    "a self-replacement effect is part of a resolving spell's effect, not a static ability".into(),
                    Some("write it under `effects:` with `source: <the spell>` (614.14)".into()),
                );
            }
        }
        Ability::from_spec(a, Origin::RulesText, None)
    }

    fn body(&mut self, at: &At, body: &EffectBody, players: &[String], cda: bool) {
        let touches_objects = body.copy.is_some()
            || body.control.is_some()
            || body.text_change.is_some()
            || body.types.is_some()
            || body.subtypes.is_some()
            || body.supertypes.is_some()
            || body.land_types.is_some()
            || body.creature_types.is_some()
            || body.colors.is_some()
            || body.abilities.is_some()
            || body.pt.as_ref().is_some_and(|p| p.set.is_some() || p.modify.is_some() || p.switch);
        if let Some(r) = &body.replacement {
            self.replacement(&at.key("replacement").text(), r, players);
        }
        if let Some(c) = &body.condition {
            let path = at.key("condition").text();
            self.condition(&path, c, players);
            let of_events = c.player.as_deref() == Some("that_player")
                || c.drawn_this_turn.is_some()
                || c.first_draw_of_draw_step.is_some();
            if of_events || body.replacement.is_some() {
                self.error_at(
                    &at.key("condition"),
                    "a continuous effect's condition checks `controls`, `attached`, `cards_in_hand`, `life` or `your_turn`, of `you` or a player named".into(),
                    Some("a replacement effect's condition goes in its `replacement`, where it is checked on each event".into()),
                );
            }
        }
        if !touches_objects && body.players.is_none() && body.game_rule.is_none() && body.replacement.is_none() {
            self.error_at(
                at,
                "this effect is in no layer: it changes nothing".into(),
                Some("give it a change: `copy`, `control`, `text_change`, `types`, `subtypes`, `supertypes`, `land_types`, `creature_types`, `colors`, `abilities`, `pt`, `players`, `game_rule` or `replacement`".into()),
            );
        }
        let exchanged = body.control.as_ref().and_then(|c| c.exchanged());
        match (&body.affects, touches_objects) {
            // An exchange names its two objects: they are what the whole effect affects.
            (Some(_), true) if exchanged.is_some() => self.error_at(
                &at.key("affects"),
                "`affects` with an exchange of control".into(),
                Some("the effect applies to the two objects exchanged: leave `affects` out".into()),
            ),
            (None, true) if exchanged.is_some() => {}
            (None, true) => self.error_at(at, "this effect changes objects but says none: add `affects`".into(), None),
            (Some(_), false) => {
                self.error_at(&at.key("affects"), "`affects` on an effect that changes no object".into(), None)
            }
            (Some(s), true) => self.selector(&at.key("affects"), s, players),
            (None, false) => {}
        }
        if let Some(copy) = &body.copy {
            self.copy(&at.key("copy"), copy, players);
        }
        match &body.control {
            Some(ControlSpec::Player(player)) if player != "you" => {
                self.player_at(&at.key("control"), player, players);
            }
            Some(ControlSpec::Exchange(exchange)) => {
                self.exchange(&at.key("control").key("exchange"), exchange, players)
            }
            _ => {}
        }
        self.closed_sets(at, [&body.types, &body.supertypes, &body.colors]);
        if let Some(lands) = &body.land_types {
            let known: Vec<&str> = BASIC_LAND_TYPES.iter().map(|(t, _)| *t).collect();
            self.words(&at.key("land_types"), lands, &known, "basic land type");
        }
        if let Some(change) = &body.abilities {
            for (i, a) in change.add.iter().enumerate() {
                self.ability(&at.key("abilities").key("add").item(i), a, players);
            }
        }
        if let Some(pt) = &body.pt {
            let pt_at = at.key("pt");
            if cda && (pt.modify.is_some() || pt.switch) {
                self.error_at(
                    &pt_at,
                    "a characteristic-defining ability can only set power and toughness (604.3)".into(),
                    None,
                );
            }
            for (key, amounts) in [("set", &pt.set), ("modify", &pt.modify)] {
                for (i, amount) in amounts.iter().flatten().enumerate() {
                    if let Amount::Count(count) = amount {
                        self.selector(&pt_at.key(key).item(i).key(count.counted.key()), &count.of, players);
                    }
                }
            }
        }
        if let Some(p) = &body.players {
            for (i, who) in p.affects.iter().enumerate() {
                if !matches!(who.as_str(), "you" | "opponents" | "all") {
                    self.player_at(&at.key("players").key("affects").item(i), who, players);
                }
            }
        }
    }

    /// The object copied, and the exceptions' words and abilities (706.8).
    pub(super) fn copy(&mut self, at: &At, copy: &CopySpec, players: &[String]) {
        self.object_at(&at.key("of"), &copy.of);
        let except = at.key("except");
        let e = &copy.except;
        self.closed_sets(&except, [&e.types, &e.supertypes, &e.colors]);
        for (i, a) in e.abilities.iter().enumerate() {
            self.ability(&except.key("abilities").item(i), a, players);
        }
    }

    /// `control: {exchange: [a, b]}`: two different objects of the scenario (701.12b today); in
    /// the form `{a: Alice, b: Bob}`, each with a player of the scenario.
    fn exchange(&mut self, at: &At, exchange: &ExchangeSpec, players: &[String]) {
        let ids = &exchange.objects;
        if ids.len() != 2 {
            self.error_at(
                at,
                format!("an exchange of control names {} object{}", ids.len(), if ids.len() == 1 { "" } else { "s" }),
                Some("control of two permanents is exchanged: name exactly two object ids".into()),
            );
        }
        for (i, id) in ids.iter().enumerate() {
            // A list's objects are its items; a map's are its keys, each with a player.
            let item = match exchange.controlled {
                None => at.item(i),
                Some(_) => at.key(id),
            };
            if ids[..i].contains(id) {
                self.error_at(
                    &item,
                    format!("`{id}` is named twice"),
                    Some("an object's control cannot be exchanged with itself: name two different objects".into()),
                );
                continue;
            }
            match &exchange.controlled {
                None => {
                    self.object_at(&item, id);
                }
                Some(controlled) => {
                    self.object_placed(id, |spans| spans.key(&item.text()));
                    self.player_at(&item, &controlled[i], players);
                }
            }
        }
    }

    pub(super) fn selector(&mut self, at: &At, s: &SelectorSpec, players: &[String]) {
        let empty = SelectorSpec::default();
        if *s == empty {
            self.error_at(
                at,
                "an empty selector".into(),
                Some("say `all: true` to mean every object on the battlefield".into()),
            );
        }
        if s.all && (s.objects.is_some() || s.itself || s.attached) {
            self.error_at(at, "`all: true` with a narrower choice".into(), None);
        }
        let objects = at.key("objects");
        for (i, id) in s.objects.iter().flatten().enumerate() {
            self.object_at(&objects.item(i), id);
        }
        for (key, words, known, what) in [
            ("types", &s.types, &CARD_TYPES[..], "card type"),
            ("any_types", &s.any_types, &CARD_TYPES[..], "card type"),
            ("not_types", &s.not_types, &CARD_TYPES[..], "card type"),
            ("supertypes", &s.supertypes, &SUPERTYPES[..], "supertype"),
            ("not_supertypes", &s.not_supertypes, &SUPERTYPES[..], "supertype"),
            ("colors", &s.colors, &COLORS[..], "color"),
            ("not_colors", &s.not_colors, &COLORS[..], "color"),
        ] {
            self.words(&at.key(key), words, known, what);
        }
        for (key, who) in [("controller", &s.controller), ("owner", &s.owner)] {
            if let Some(who) = who.as_ref().filter(|w| !matches!(w.as_str(), "you" | "opponents")) {
                self.player_at(&at.key(key), who, players);
            }
        }
    }

    /// `types`, `supertypes` and `colors` under `path`: closed lists, each word checked.
    fn closed_sets(&mut self, at: &At, [types, supertypes, colors]: [&Option<SetChange>; 3]) {
        for (key, change, known, what) in [
            ("types", types, &CARD_TYPES[..], "card type"),
            ("supertypes", supertypes, &SUPERTYPES[..], "supertype"),
            ("colors", colors, &COLORS[..], "color"),
        ] {
            if let Some(change) = change {
                self.set_change(&at.key(key), change, known, what);
            }
        }
    }

    fn set_change(&mut self, at: &At, change: &SetChange, known: &[&str], what: &str) {
        for (key, words) in [("add", &change.add), ("remove", &change.remove)] {
            self.words(&at.key(key), words, known, what);
        }
        if let Some(set) = &change.set {
            self.words(&at.key("set"), set, known, what);
        }
    }

    pub(super) fn expectation(&mut self, at: &At, e: &ExpectSpec, players: &[String]) {
        if let Some(c) = &e.controller {
            self.player_at(&at.key("controller"), c, players);
        }
        for (key, words, known, what) in [
            ("types", &e.types, &CARD_TYPES[..], "card type"),
            ("supertypes", &e.supertypes, &SUPERTYPES[..], "supertype"),
            ("colors", &e.colors, &COLORS[..], "color"),
        ] {
            if let Some(words) = words {
                self.words(&at.key(key), words, known, what);
            }
        }
    }

    /// Lower-cases and checks words against a closed list, suggesting the closest.
    fn words<S: std::borrow::Borrow<str>>(&mut self, at: &At, words: &[S], known: &[&str], what: &str) -> Vec<Word> {
        let mut out = Vec::new();
        for (i, word) in words.iter().enumerate() {
            let word: &str = word.borrow();
            let lower = Word::new(&word.to_lowercase());
            if !known.contains(&lower.as_str()) {
                let help = suggest::closest(&lower, known.iter().copied())
                    .map_or_else(|| format!("known: {}", known.join(", ")), |k| format!("did you mean `{k}`?"));
                self.error_at(&at.item(i), format!("`{word}` is not a {what}"), Some(help));
            }
            if !out.contains(&lower) {
                out.push(lower);
            }
        }
        out
    }

    pub(super) fn object_ref(&mut self, path: &str, id: &str) -> Option<usize> {
        self.object_at(&At::Path(path), id)
    }

    pub(super) fn object_at(&mut self, at: &At, id: &str) -> Option<usize> {
        self.object_placed(id, |spans| spans.value(&at.text()))
    }

    /// The object of id `id`, or a problem placed at `place` (looked up only then).
    pub(super) fn object_placed(&mut self, id: &str, place: impl FnOnce(&Spans) -> Span) -> Option<usize> {
        let found = self.ids.get(id).copied();
        if found.is_none() {
            let help = suggest::closest_id(id, self.spec.objects.iter().map(|o| o.id.as_str()))
                .map(|k| format!("did you mean `{k}`?"));
            let span = place(self.spans);
            self.problems.push(problem(self.source, span, format!("no object has the id `{id}`"), help));
        }
        found
    }

    pub(super) fn player_ref(&mut self, path: &str, name: &str, players: &[String]) -> usize {
        self.player_at(&At::Path(path), name, players)
    }

    pub(super) fn player_at(&mut self, at: &At, name: &str, players: &[String]) -> usize {
        match players.iter().position(|p| p == name) {
            Some(i) => i,
            None => {
                let help = suggest::closest(name, players.iter().map(String::as_str))
                    .map_or_else(|| format!("players: {}", players.join(", ")), |k| format!("did you mean `{k}`?"));
                self.error_at(at, format!("no player is named `{name}`"), Some(help));
                0
            }
        }
    }

    /// A timestamp, placed among equal ones by `timestamp_order` (613.6g).
    fn stamp(&self, id: &str, time: i64) -> Timestamp {
        let order = self.spec.timestamp_order.iter().position(|x| x == id).map_or(0, |p| p as u32 + 1);
        Timestamp { time, order }
    }

    /// Two things stamped at the same time need the active player's order (613.6g).
    fn timestamps(&mut self, objects: &[ObjectDef]) {
        let spec = self.spec;
        let mut seen: BTreeMap<Timestamp, &str> = BTreeMap::new();
        let mut stamped: Vec<(Timestamp, &str, Place)> = Vec::new();
        for (i, (o, spec)) in objects.iter().zip(&spec.objects).enumerate() {
            // At its `timestamp` when it has one, else at its id (its place in the list).
            let at = if spec.timestamp.is_some() { "timestamp" } else { "id" };
            stamped.push((o.timestamp, &spec.id, Place::Object(i, at)));
            // An Aura or Equipment's new timestamp (613.6d) orders its effects like any other.
            if let Some(attached_at) = o.attached_at.filter(|t| *t != o.timestamp) {
                stamped.push((attached_at, &spec.id, Place::Object(i, "attached_at")));
            }
        }
        for (i, e) in spec.effects.iter().enumerate() {
            stamped.push((self.stamp(&e.id, e.timestamp), &e.id, Place::Effect(i, "timestamp")));
        }
        for (i, id) in self.spec.timestamp_order.iter().enumerate() {
            let known = self.spec.objects.iter().any(|o| &o.id == id) || self.spec.effects.iter().any(|e| &e.id == id);
            if !known {
                self.error(&item("timestamp_order", i), format!("no object or effect has the id `{id}`"), None);
            }
        }
        for (stamp, id, at) in stamped {
            if let Some(other) = seen.get(&stamp) {
                self.error(
                    &at.path(),
                    format!("`{id}` and `{other}` have the same timestamp {stamp}"),
                    Some("if they got it at the same time, list them in `timestamp_order` in the order the active player chose (613.6g); otherwise give them different timestamps".into()),
                );
            } else {
                seen.insert(stamp, id);
            }
        }
    }
}

/// Where an id or a timestamp is given, written out as a path only for a problem to place.
#[derive(Clone, Copy)]
enum Place {
    /// An object's key (`id`, `timestamp`, `attached_at`).
    Object(usize, &'static str),
    /// The id of a static ability of an object.
    Ability(usize, usize),
    /// A resolved effect's key (`id`, `timestamp`).
    Effect(usize, &'static str),
}

impl Place {
    fn path(self) -> String {
        match self {
            Place::Object(i, key) => child(&item("objects", i), key),
            Place::Ability(i, j) => child(&item(&child(&item("objects", i), "abilities"), j), "id"),
            Place::Effect(i, key) => child(&item("effects", i), key),
        }
    }
}

/// The rules whose meaning changed that `older_rules` may name, for a help text.
fn meanings_known() -> String {
    let known: Vec<String> =
        CHANGES.iter().map(|c| format!("`{}: 2011` ({} since {})", c.concept, c.what, c.since)).collect();
    format!("the rules whose meaning changed: {}", known.join("; "))
}
