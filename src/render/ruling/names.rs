//! What an article calls the objects and effects the trace names by id: "Furnace of Rath" rather
//! than `furnace-doubles`, with the id kept where a name alone would be ambiguous or missing.

use super::inline::Line;
use crate::model::board::Board;
use std::collections::BTreeMap;

pub struct Names {
    objects: BTreeMap<String, Line>,
    effects: BTreeMap<String, Line>,
}

impl Names {
    pub fn new(board: &Board) -> Self {
        let mut name_count: BTreeMap<&str, usize> = BTreeMap::new();
        for o in &board.objects {
            *name_count.entry(o.printed.name.as_str()).or_default() += 1;
        }
        // Two Forests on the board: "Forest (`forest-1`)" and "Forest (`forest-2`)".
        let objects: BTreeMap<String, Line> = board
            .objects
            .iter()
            .map(|o| {
                let mut line = Line::plain(o.printed.name.clone());
                if name_count[o.printed.name.as_str()] > 1 {
                    line.text(" (").code(o.id.clone()).text(")");
                }
                (o.id.clone(), line)
            })
            .collect();

        // An effect is called by its source's name when that source has no other effect.
        let mut sources: Vec<(String, usize)> = Vec::new();
        for (index, o) in board.objects.iter().enumerate() {
            for ability in o.printed.abilities.iter().filter(|a| a.generates.is_some()) {
                sources.push((ability.id.to_string(), index));
            }
        }
        for r in &board.resolved {
            if let Some(source) = r.source {
                sources.push((r.id.clone(), source));
            }
        }
        let mut per_source: BTreeMap<usize, usize> = BTreeMap::new();
        for (_, source) in &sources {
            *per_source.entry(*source).or_default() += 1;
        }
        let mut effects: BTreeMap<String, Line> = sources
            .into_iter()
            .map(|(key, source)| {
                let mut line = objects[&board.objects[source].id].clone();
                if per_source[&source] > 1 {
                    line.text(" (").code(key.clone()).text(")");
                }
                (key, line)
            })
            .collect();
        // A name the scenario gives is the name.
        for r in &board.resolved {
            if let Some(name) = &r.name {
                effects.insert(r.id.clone(), Line::plain(name.clone()));
            }
        }
        Names { objects, effects }
    }

    /// An object by its id; an id the board does not know is shown as it is.
    pub fn object(&self, id: &str) -> Line {
        self.objects.get(id).cloned().unwrap_or_else(|| {
            let mut line = Line::new();
            line.code(id);
            line
        })
    }

    /// An effect by its trace key: its source's name, or its id (an effect with no source, an
    /// ability an object got from another effect, `ability@object`).
    pub fn effect(&self, key: &str) -> Line {
        if let Some(line) = self.effects.get(key) {
            return line.clone();
        }
        // An ability one object got from another by copy or by an effect: "Skyshroud Behemoth's
        // ability, on Clone".
        if let Some((ability, object)) = key.split_once('@') {
            if let (Some(from), Some(on)) = (self.effects.get(ability), self.objects.get(object)) {
                let mut line = from.clone();
                line.text("'s ability, on ").append(on);
                return line;
            }
        }
        let mut line = Line::new();
        line.code(key);
        line
    }

    /// Text from the engine, which writes the ids it names between backticks (`` `urborg` lost
    /// the ability that generates it to `blood-moon-mountains` ``): each id becomes its name.
    pub fn engine(&self, text: &str) -> Line {
        let mut line = Line::new();
        for (i, part) in text.split('`').enumerate() {
            if i % 2 == 0 {
                line.text(part);
            } else if self.objects.contains_key(part) {
                line.append(&self.object(part));
            } else {
                line.append(&self.effect(part));
            }
        }
        line
    }

    pub fn effects(&self, keys: &[String]) -> Vec<Line> {
        keys.iter().map(|k| self.effect(k)).collect()
    }
}
