//! The board a scenario describes, checked and indexed: what the engine starts from.

use super::characteristics::Characteristics;
use super::pending::{Event, Pending};
use super::timestamp::Timestamp;
use crate::model::meanings::{Meanings, APNAP_TIMESTAMPS};
use crate::model::{EffectBody, ExpectSpec, Step, Zone};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct Board {
    pub title: String,
    pub question: Option<String>,
    pub edition: Option<String>,
    pub players: Vec<String>,
    /// Each player's life total, where the scenario gives it.
    pub life: Vec<Option<i64>>,
    /// Each player's cards in hand that are not objects of the scenario (drawn cards join them).
    pub unlisted_hand: Vec<i64>,
    /// Each player's number of cards in library, where the scenario gives it: drawing from an
    /// empty one is what 704.5b checks.
    pub library: Vec<Option<i64>>,
    /// The players who attempted to draw from an empty library since state-based actions were
    /// last checked (704.5b).
    pub drew_from_empty: Vec<bool>,
    /// Each player's cards drawn this turn (121.2b), and of those, in the step the events
    /// happen in: the scenario's count before the events, then each card drawn.
    pub drawn_this_turn: Vec<i64>,
    pub drawn_this_step: Vec<i64>,
    /// The step the events happen in, the active player's, where the scenario says.
    pub step: Option<Step>,
    /// The players who have lost the game.
    pub lost: Vec<bool>,
    /// Each player's poison counters.
    pub poison: Vec<i64>,
    pub active: usize,
    pub objects: Vec<ObjectDef>,
    pub resolved: Vec<ResolvedEffect>,
    /// Objects whose characteristics are asked, in the order asked.
    pub ask: Vec<usize>,
    /// Questions of what can target or block what (`ask.can`).
    pub can: Vec<super::legality::Question>,
    pub expect: Vec<(usize, ExpectSpec)>,
    /// The events about to happen, in the order they are handled (614–616).
    pub events: Vec<Pending>,
    /// Effect ids a player takes whenever they are among the choices (616.1).
    pub choose: Vec<String>,
    /// The distinct outcomes expected.
    pub expect_outcomes: Option<Vec<ExpectedOutcome>>,
    /// What is expected where some rules have an older meaning (`older_rules`), and, first, by
    /// the rules in force: `expect` and `expect_outcomes` are set from them by the meanings.
    pub older: Vec<OlderExpectation>,
    pub in_force: (Vec<(usize, ExpectSpec)>, Option<Vec<ExpectedOutcome>>),
    /// Each object's timestamp as the scenario gives it, `timestamp_order` read as the active
    /// player's order for all (613.6g); [`Board::answer_by`] orders them by the meanings.
    pub timestamps_given: Vec<Timestamp>,
    /// The meaning of the rules whose meaning changed, in the edition the answer is given in
    /// ([`Board::answer_by`]); those of 2011 until told.
    pub meanings: Meanings,
    /// Each object's index by its id (`Board::index_ids`), so that finding an object named by a
    /// selector or an event is not a scan of the board.
    pub(crate) ids: FxHashMap<String, usize>,
}

/// The expected answer where each rule named has the meaning of that year; what it leaves out is
/// expected as by the rules in force.
#[derive(Clone, Debug)]
pub struct OlderExpectation {
    pub when: Vec<(String, u16)>,
    pub expect: Option<Vec<(usize, ExpectSpec)>>,
    pub expect_outcomes: Option<Vec<ExpectedOutcome>>,
}

/// One outcome a scenario expects: the events that happen and, when it says so, what the
/// state-based actions then do and what the board is afterwards.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectedOutcome {
    pub events: Vec<Event>,
    pub then: Option<Vec<Event>>,
    /// Effect id → what is left of it, sorted by id.
    pub remaining: Option<Vec<(String, i64)>>,
    /// Object id (or `token-N`) → what it is after the events, in the file's order.
    pub board: Vec<(String, ExpectSpec)>,
    /// Player → life total after the events.
    pub life: Vec<(usize, i64)>,
}

#[derive(Clone, Debug)]
pub struct ObjectDef {
    pub id: String,
    pub owner: usize,
    pub zone: Zone,
    /// Its characteristics before any continuous effect: printed, or defined by what created it.
    pub printed: Characteristics,
    pub counters: BTreeMap<String, i64>,
    /// Damage marked on it (120.3e).
    pub damage: i64,
    /// Dealt damage by a source with deathtouch since state-based actions were last checked.
    pub deathtouched: bool,
    pub attached_to: Option<usize>,
    pub timestamp: Timestamp,
    /// The timestamp it got when it became attached (613.6d).
    pub attached_at: Option<Timestamp>,
    /// Texts of its abilities the model cannot express, left out of the answer.
    pub unmodelled: Vec<String>,
    /// A token (111.1): created by the events, or one the scenario says is.
    pub token: bool,
    /// A token that ceased to exist (704.5d): where it went is where it was last, and no
    /// selector finds it.
    pub ceased: bool,
    /// The value of X chosen for the spell that became it (107.3m), when the scenario says.
    pub x: Option<i64>,
    /// Tapped (110.5).
    pub tapped: bool,
}

impl ObjectDef {
    /// The timestamp its static abilities' effects take (613.6a, 613.6c–d).
    pub fn effect_timestamp(&self) -> Timestamp {
        self.attached_at.map_or(self.timestamp, |t| t.max(self.timestamp))
    }
}

/// A continuous effect from a resolved spell or ability (611.2).
#[derive(Clone, Debug)]
pub struct ResolvedEffect {
    pub id: String,
    /// What a ruling calls it, when the scenario says.
    pub name: Option<String>,
    pub text: String,
    pub source: Option<usize>,
    pub controller: usize,
    pub timestamp: Timestamp,
    pub body: std::sync::Arc<EffectBody>,
}

impl Board {
    /// Whether the scenario states an expected answer: characteristics, outcomes, or whether
    /// something can target or block.
    pub fn expects_an_answer(&self) -> bool {
        !self.expect.is_empty() || self.expect_outcomes.is_some() || self.can.iter().any(|q| q.expect.is_some())
    }

    /// The board as the rules of an edition read it: their meanings, and what the scenario
    /// expects under them.
    pub fn answer_by(&mut self, meanings: Meanings) {
        (self.expect, self.expect_outcomes) = self.in_force.clone();
        if let Some(older) = self.older.iter().find(|o| o.when.iter().all(|(c, y)| meanings.year(c) == *y)) {
            if let Some(expect) = &older.expect {
                self.expect = expect.clone();
            }
            if let Some(outcomes) = &older.expect_outcomes {
                self.expect_outcomes = Some(outcomes.clone());
            }
        }
        for (o, given) in self.objects.iter_mut().zip(&self.timestamps_given) {
            o.timestamp = *given;
        }
        if meanings.holds(APNAP_TIMESTAMPS) {
            self.stamp_in_apnap_order();
        }
        self.meanings = meanings;
    }

    /// 613.7m since 2021: of the objects stamped at one time, the active player's come first, in
    /// the order the scenario gives them, then each other player's in turn order. Before, the
    /// active player ordered them all (the scenario's `timestamp_order` as given). The objects of
    /// one time keep the places they had among what else was stamped then.
    fn stamp_in_apnap_order(&mut self) {
        let players = self.players.len().max(1);
        let seat = |o: &ObjectDef| (o.printed.controller + players - self.active) % players;
        let mut times: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
        for (i, o) in self.objects.iter().enumerate().filter(|(_, o)| o.timestamp.order > 0) {
            times.entry(o.timestamp.time).or_default().push(i);
        }
        for group in times.into_values() {
            let mut places: Vec<u32> = group.iter().map(|&i| self.objects[i].timestamp.order).collect();
            places.sort_unstable();
            let mut apnap = group;
            apnap.sort_by_key(|&i| (seat(&self.objects[i]), self.objects[i].timestamp.order));
            for (i, order) in apnap.into_iter().zip(places) {
                self.objects[i].timestamp.order = order;
            }
        }
    }

    pub fn object_index(&self, id: &str) -> Option<usize> {
        match self.ids.get(id) {
            Some(&i) if self.objects.get(i).is_some_and(|o| o.id == id) => Some(i),
            // An index out of step with the objects is never trusted.
            _ => self.objects.iter().position(|o| o.id == id),
        }
    }

    /// The index of `object_index`, for objects listed by id: the first of each id.
    pub(crate) fn index_ids(objects: &[ObjectDef]) -> FxHashMap<String, usize> {
        let mut ids = FxHashMap::default();
        for (i, o) in objects.iter().enumerate() {
            ids.entry(o.id.clone()).or_insert(i);
        }
        ids
    }

    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p == name)
    }

    /// Whether a card the player draws now is the first they draw in one of their draw steps.
    pub fn first_draw_of_draw_step(&self, player: usize) -> bool {
        self.step == Some(Step::Draw) && player == self.active && self.drawn_this_step[player] == 0
    }

    /// How many cards are in the player's hand.
    pub fn hand_size(&self, player: usize) -> i64 {
        let listed = self.objects.iter().filter(|o| o.owner == player && o.zone == Zone::Hand).count();
        self.unlisted_hand[player].saturating_add(listed as i64)
    }
}
