//! What `judge card NAME` shows of a card: what a judge looks up (its faces with their Oracle text,
//! type line, power and toughness or loyalty, its official rulings with their dates), and, ability
//! by ability, how the engine models it: by hand (the library), compiled from the Oracle text, or
//! left out and why; then the object a scenario's `- card: NAME` makes, and the scenarios of the
//! repository that name the card.

use super::data::{CardData, Ruling};
use super::faces::Side;
use super::lookup::{Cards, Found};
use super::oracle::Kind;
use crate::model::{AbilitySpec, CardObject};
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct CardView {
    /// The card's full name.
    pub name: String,
    /// The name the scenario's `- card:` takes for what is shown: a face's, when one was named.
    pub named: String,
    /// `library` (hand-modelled, reviewed) or `imported` (the official card data, compiled).
    pub source: &'static str,
    /// The library file of a hand-modelled card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
    pub faces: Vec<FaceView>,
    pub rulings: Vec<Ruling>,
    /// The object `- card: NAME` makes, its static abilities' ids not yet prefixed.
    #[serde(skip)]
    pub object: CardObject,
    /// The scenarios of the repository that name the card.
    pub scenarios: Vec<&'static str>,
}

#[derive(Debug, Serialize)]
pub struct FaceView {
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub mana_cost: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mana_value: Option<i64>,
    /// Colour words.
    pub colors: Vec<String>,
    pub type_line: String,
    pub oracle_text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toughness: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defense: Option<String>,
    pub abilities: Vec<AbilityView>,
}

/// One ability and how the engine models it.
#[derive(Debug, Serialize)]
pub struct AbilityView {
    pub text: String,
    /// `hand-modelled`, `compiled` or `unmodelled`.
    pub how: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<Kind>,
    /// Why it is left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The abilities of the model it becomes, as a scenario writes them.
    #[serde(skip)]
    pub model: Vec<AbilitySpec>,
}

/// The view of the card `found`; `imported` gives a library card its official data (rulings,
/// mana cost, type line) when the imported cards hold it too.
pub fn view(found: &Found, cards: &Cards) -> Result<CardView, String> {
    match found {
        Found::Library(indexed) => {
            let card = indexed.card().ok_or_else(|| {
                format!("the card `{}` of this build cannot be read: `cargo test cards` says why", indexed.name)
            })?;
            let official = cards.imported_data(&card.name).ok().flatten();
            let mut abilities: Vec<AbilityView> = card
                .abilities
                .iter()
                .map(|a| AbilityView {
                    text: ability_text(a),
                    how: "hand-modelled",
                    kind: None,
                    why: None,
                    model: vec![a.clone()],
                })
                .collect();
            abilities.extend(card.unmodelled.iter().map(|text| AbilityView {
                text: text.clone(),
                how: "unmodelled",
                kind: None,
                why: Some("the library leaves it out: the model cannot express it".into()),
                model: Vec::new(),
            }));
            let object = card.object();
            let face = match official.as_ref().and_then(|o| o.faces.first()) {
                Some(f) => FaceView {
                    abilities,
                    oracle_text: card.text.clone(),
                    mana_value: Some(card.mana_value),
                    ..face_view(f, None, Vec::new())
                },
                None => FaceView {
                    name: card.name.clone(),
                    mana_cost: String::new(),
                    mana_value: Some(card.mana_value),
                    colors: card.colors.clone(),
                    type_line: type_line(&object),
                    oracle_text: card.text.clone(),
                    power: card.power.map(|p| p.to_string()),
                    toughness: card.toughness.map(|t| t.to_string()),
                    loyalty: None,
                    defense: None,
                    abilities,
                },
            };
            Ok(CardView {
                name: card.name.clone(),
                named: card.name.clone(),
                source: "library",
                file: Some(indexed.file),
                layout: official.as_ref().map(|o| o.layout.clone()),
                faces: vec![face],
                rulings: official.map(|o| o.rulings).unwrap_or_default(),
                scenarios: crate::shipped_scenarios::naming(&card.name),
                object,
            })
        }
        Found::Imported(card, side) => {
            let object = super::object::object_of(card, *side);
            let faces = (card.faces.iter().enumerate())
                .map(|(i, f)| face_view(f, super::faces::mana_value(card, Side::Face(i)), compiled(card, i)))
                .collect();
            let mut scenarios = crate::shipped_scenarios::naming(&card.name);
            for face in card.faces.iter().filter(|f| f.name != card.name) {
                scenarios.extend(crate::shipped_scenarios::naming(&face.name));
            }
            Ok(CardView {
                name: card.name.clone(),
                named: match side {
                    Side::Face(i) if card.faces.len() > 1 => card.faces[*i].name.clone(),
                    _ => card.name.clone(),
                },
                source: "imported",
                file: None,
                layout: Some(card.layout.clone()),
                faces,
                rulings: card.rulings.clone(),
                scenarios,
                object,
            })
        }
    }
}

/// Each ability of a face as the compiler reads it.
fn compiled(card: &CardData, face: usize) -> Vec<AbilityView> {
    super::reading::face_abilities(card, face)
        .iter()
        .cloned()
        .map(|c| match c.model {
            Ok(model) => AbilityView { text: c.text, how: "compiled", kind: Some(c.kind), why: None, model },
            Err(left_out) => AbilityView {
                text: c.text,
                how: "unmodelled",
                kind: Some(c.kind),
                why: Some(left_out.why),
                model: Vec::new(),
            },
        })
        .collect()
}

fn face_view(face: &super::data::Face, mana_value: Option<i64>, abilities: Vec<AbilityView>) -> FaceView {
    FaceView {
        name: face.name.clone(),
        mana_cost: face.mana_cost.clone(),
        mana_value,
        colors: super::faces::colors(&face.colors),
        type_line: face.type_line.clone(),
        oracle_text: face.oracle_text.clone(),
        power: face.power.clone(),
        toughness: face.toughness.clone(),
        loyalty: face.loyalty.clone(),
        defense: face.defense.clone(),
        abilities,
    }
}

fn ability_text(ability: &AbilitySpec) -> String {
    match ability {
        AbilitySpec::Text(text) => text.to_string(),
        AbilitySpec::Static(s) => s.text.to_string(),
    }
}

/// A type line written from an object's types, for a hand-modelled card without official data.
pub(crate) fn type_line(object: &CardObject) -> String {
    let capital = |w: &String| {
        let mut chars = w.chars();
        chars.next().map(|c| c.to_uppercase().chain(chars).collect::<String>()).unwrap_or_default()
    };
    let mut line: Vec<String> = object.supertypes.iter().chain(&object.types).map(capital).collect();
    if !object.subtypes.is_empty() {
        line.push("—".into());
        line.extend(object.subtypes.iter().map(capital));
    }
    line.join(" ")
}
