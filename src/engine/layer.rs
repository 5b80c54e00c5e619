//! The layers and sublayers of 613.1 and 613.3, in the order they apply.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layer {
    Copy,
    Control,
    Text,
    Type,
    Color,
    Ability,
    /// 7a: characteristic-defining abilities that define power and toughness.
    PtDefining,
    /// 7b: effects that set power and toughness.
    PtSet,
    /// 7c: effects that modify power and toughness.
    PtModify,
    /// Counters: 7d in the 2011 rules, part of 7c in later ones.
    PtCounters,
    /// Switching: 7e in the 2011 rules, 7d in later ones.
    PtSwitch,
}

impl Layer {
    pub const ALL: [Layer; 11] = [
        Layer::Copy,
        Layer::Control,
        Layer::Text,
        Layer::Type,
        Layer::Color,
        Layer::Ability,
        Layer::PtDefining,
        Layer::PtSet,
        Layer::PtModify,
        Layer::PtCounters,
        Layer::PtSwitch,
    ];

    /// The concept name the citation table files this layer under.
    pub fn concept(self) -> &'static str {
        match self {
            Layer::Copy => "layer-1",
            Layer::Control => "layer-2",
            Layer::Text => "layer-3",
            Layer::Type => "layer-4",
            Layer::Color => "layer-5",
            Layer::Ability => "layer-6",
            Layer::PtDefining => "layer-7a",
            Layer::PtSet => "layer-7b",
            Layer::PtModify => "layer-7c",
            Layer::PtCounters => "layer-7-counters",
            Layer::PtSwitch => "layer-7-switch",
        }
    }

    /// The layer's label where no rules text says it: the sublayers of counters and switching
    /// moved (7d and 7e in 2011, 7c and 7d today), so they are only `7`.
    pub fn default_label(self) -> &'static str {
        match self {
            Layer::Copy => "1",
            Layer::Control => "2",
            Layer::Text => "3",
            Layer::Type => "4",
            Layer::Color => "5",
            Layer::Ability => "6",
            Layer::PtDefining => "7a",
            Layer::PtSet => "7b",
            Layer::PtModify => "7c",
            Layer::PtCounters | Layer::PtSwitch => "7",
        }
    }

    /// In layers 1–6 and 7a, characteristic-defining abilities apply first (613.2, 613.3a).
    pub fn in_layer_seven(self) -> bool {
        self >= Layer::PtDefining
    }
}
