//! The answer to a scenario's question: the characteristics of the objects asked, and whether
//! they are what the scenario expects.

use super::describe;
use super::resolve::Resolution;
use crate::model::board::Board;
use crate::model::characteristics::Characteristics;
use crate::model::{ExpectSpec, Word};
use serde::Serialize;
use std::borrow::Borrow;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ObjectAnswer {
    pub id: String,
    pub name: String,
    pub controller: String,
    pub types: Vec<Word>,
    pub subtypes: Vec<Word>,
    pub supertypes: Vec<Word>,
    pub colors: Vec<Word>,
    pub abilities: Vec<String>,
    pub power: Option<i64>,
    pub toughness: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerAnswer {
    pub name: String,
    pub has: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    pub objects: Vec<ObjectAnswer>,
    pub players: Vec<PlayerAnswer>,
    pub game_rules: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    pub object: String,
    pub characteristic: &'static str,
    pub expected: String,
    pub actual: String,
}

pub fn answer(board: &Board, resolution: &Resolution) -> Answer {
    let objects = board.ask.iter().map(|i| object_answer(board, *i, &resolution.characteristics[*i])).collect();
    let players = board
        .players
        .iter()
        .zip(&resolution.players)
        .filter(|(_, has)| !has.is_empty())
        .map(|(name, has)| PlayerAnswer { name: name.clone(), has: has.clone() })
        .collect();
    Answer { objects, players, game_rules: resolution.game_rules.clone() }
}

pub(crate) fn object_answer(board: &Board, index: usize, c: &Characteristics) -> ObjectAnswer {
    // A noncreature permanent has none already (the layers took them away after layer 4); a
    // card elsewhere keeps its printed ones (207.3 in 2011, 208.3 today).
    let (power, toughness) = (c.power, c.toughness);
    ObjectAnswer {
        id: board.objects[index].id.clone(),
        name: c.name.clone(),
        controller: board.players[c.controller].clone(),
        types: c.types.clone(),
        subtypes: c.subtypes.clone(),
        supertypes: c.supertypes.clone(),
        colors: c.colors.clone(),
        abilities: c.abilities.iter().map(|a| a.text.to_string()).collect(),
        power,
        toughness,
    }
}

/// Compares the scenario's expectations with the result; only what is listed is checked, and
/// lists are compared as sets, without regard to case.
pub fn check(board: &Board, resolution: &Resolution) -> Vec<Mismatch> {
    let mut out = Vec::new();
    for (index, expect) in &board.expect {
        let c = &resolution.characteristics[*index];
        check_object(board, &board.objects[*index].id, c, expect, &mut out);
    }
    out
}

/// The characteristics `expect` states of the object `c`, named `object` in the mismatches;
/// what only the board after the events has (zone, counters, damage) is the caller's to check.
pub(crate) fn check_object(
    board: &Board,
    object: &str,
    c: &Characteristics,
    expect: &ExpectSpec,
    out: &mut Vec<Mismatch>,
) {
    let mut push = |characteristic: &'static str, expected: String, actual: String| {
        out.push(Mismatch { object: object.to_string(), characteristic, expected, actual })
    };
    let ExpectSpec { name, controller, types, subtypes, supertypes, colors, abilities, power, toughness, .. } = expect;
    if let Some(name) = name {
        if !name.eq_ignore_ascii_case(&c.name) {
            push("name", name.clone(), c.name.clone());
        }
    }
    if let Some(name) = controller {
        if &board.players[c.controller] != name {
            push("controller", name.clone(), board.players[c.controller].clone());
        }
    }
    for (name, expected, actual) in [
        ("types", types, &c.types),
        ("subtypes", subtypes, &c.subtypes),
        ("supertypes", supertypes, &c.supertypes),
        ("colors", colors, &c.colors),
    ] {
        if let Some(expected) = expected {
            if !same_set(expected, actual) {
                push(name, describe::words(expected), describe::words(actual));
            }
        }
    }
    if let Some(expected) = abilities {
        let actual: Vec<Word> = c.abilities.iter().map(|a| a.text).collect();
        let ids: Vec<Word> = c.abilities.iter().map(|a| a.id).collect();
        if !same_set(expected, &actual) && !same_set(expected, &ids) {
            push("abilities", expected.join("; "), actual.join("; "));
        }
    }
    for (name, expected, actual) in [("power", power, c.power), ("toughness", toughness, c.toughness)] {
        if let Some(expected) = expected {
            if expected.value() != actual {
                push(name, number(expected.value()), number(actual));
            }
        }
    }
}

/// A power or toughness as `expect` writes it: a number, or `none`.
fn number(value: Option<i64>) -> String {
    value.map_or_else(|| "none".into(), |v| v.to_string())
}

fn same_set<A: Borrow<str>, B: Borrow<str>>(a: &[A], b: &[B]) -> bool {
    fn norm<S: Borrow<str>>(v: &[S]) -> Vec<String> {
        let mut v: Vec<String> = v.iter().map(|s| s.borrow().to_lowercase()).collect();
        v.sort();
        v.dedup();
        v
    }
    norm(a) == norm(b)
}
