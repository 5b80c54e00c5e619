//! The object an imported card makes: its characteristics from the card data, always, and its
//! abilities compiled from its Oracle text (`oracle/`, kept at import: `reading.rs`), those the
//! compiler leaves out listed as unmodelled.

use super::data::{CardData, Face};
use super::faces::{self, Side};
use crate::model::{AbilitySpec, CardObject, StaticAbilitySpec, Word};

/// The object of that side of the card.
pub fn object_of(card: &CardData, side: Side) -> CardObject {
    let numbers: Vec<usize> = match side {
        Side::Halves => (0..card.faces.len()).collect(),
        Side::Face(i) => (i..card.faces.len().min(i + 1)).collect(),
    };
    let faces: Vec<&Face> = numbers.iter().map(|&i| &card.faces[i]).collect();
    let mut object = CardObject {
        name: match side {
            Side::Halves => card.name.clone(),
            Side::Face(_) => faces.first().map_or_else(|| card.name.clone(), |f| f.name.clone()),
        },
        mana_value: faces::mana_value(card, side),
        ..CardObject::default()
    };
    let mut letters: Vec<String> = Vec::new();
    for face in &faces {
        let line = faces::type_line(&face.type_line);
        extend_unique(&mut object.supertypes, line.supertypes);
        extend_unique(&mut object.types, line.types);
        extend_unique(&mut object.subtypes, line.subtypes);
        extend_unique(&mut letters, face.colors.clone());
    }
    object.colors = faces::colors(&letters);
    if let [face] = faces.as_slice() {
        object.power = faces::number(face.power.as_deref());
        object.toughness = faces::number(face.toughness.as_deref());
        object.loyalty = faces::number(face.loyalty.as_deref());
        object.defense = faces::number(face.defense.as_deref());
    }
    for &face in &numbers {
        for compiled in super::reading::face_abilities(card, face).iter() {
            match &compiled.model {
                Ok(abilities) => object.abilities.extend(abilities.iter().cloned()),
                Err(_) => object.unmodelled.push(compiled.text.clone()),
            }
        }
    }
    renumber(&mut object.abilities);
    object
}

fn extend_unique(into: &mut Vec<String>, more: Vec<String>) {
    for item in more {
        if !into.contains(&item) {
            into.push(item);
        }
    }
}

/// The compiler's ids for static abilities (`effect`, `effect-2`, … on each face) made unique on
/// the object, whatever face they come from: `effect`, `effect-2`, … in order. A keyword's own
/// id (`indestructible`) stays.
fn renumber(abilities: &mut [AbilitySpec]) {
    let numbered = |id: &str| id == "effect" || id.strip_prefix("effect-").is_some_and(|n| n.parse::<u32>().is_ok());
    let mut statics: Vec<&mut StaticAbilitySpec> = abilities
        .iter_mut()
        .filter_map(|a| match a {
            AbilitySpec::Static(s) if numbered(&s.id) => Some(s.as_mut()),
            _ => None,
        })
        .collect();
    for (n, ability) in statics.iter_mut().enumerate() {
        ability.id = Word::new(&if n == 0 { "effect".to_string() } else { format!("effect-{}", n + 1) });
    }
}
