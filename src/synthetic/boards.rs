//! Synthetic scenario files for benchmarks and property tests: a board of any size with a mix of
//! effects in every layer, including the shapes that make dependencies (land types against
//! land-type grants, type-adding effects that feed each other, Opalescence-like animation).
//! Deterministic for a given seed.

use crate::rng::Rng;
use std::fmt::Write;

const COLORS: [&str; 5] = ["white", "blue", "black", "red", "green"];

/// The effect bodies the generator draws from, as YAML flow mappings (`{c}` and `{d}` are
/// colours), with how often each is drawn, out of 100. Most are what boards are full of
/// (anthems, colour and ability changes); one in seven is of a kind that creates dependencies.
const STATIC_EFFECTS: [(usize, &str); 11] = [
    (40, "{affects: {types: [creature], colors: [{c}]}, pt: {modify: [1, 1]}}"),
    (8, "{affects: {types: [creature], colors: [{c}]}, colors: {set: [{d}]}}"),
    (12, "{affects: {types: [creature], controller: you}, abilities: {add: [flying]}}"),
    (6, "{affects: {types: [creature], colors: [{c}]}, abilities: {remove_all: true}}"),
    (12, "{affects: {types: [creature], colors: [{c}]}, pt: {set: [2, 2]}}"),
    (8, "{affects: {types: [creature], colors: [{c}]}, pt: {switch: true}}"),
    (3, "{affects: {types: [artifact]}, types: {add: [creature]}}"),
    (3, "{affects: {types: [creature]}, types: {add: [artifact]}}"),
    (
        2,
        "{affects: {types: [enchantment], other: true}, types: {add: [creature]}, pt: {set: [mana_value, mana_value]}}",
    ),
    (3, "{affects: {types: [land], not_supertypes: [basic]}, land_types: [mountain]}"),
    (3, "{affects: {types: [land]}, subtypes: {add: [swamp]}}"),
];

fn weighted<'a>(rng: &mut Rng, items: &'a [(usize, &'a str)]) -> &'a str {
    let total: usize = items.iter().map(|(w, _)| w).sum();
    let mut roll = rng.below(total);
    for (weight, item) in items {
        if roll < *weight {
            return item;
        }
        roll -= weight;
    }
    items[items.len() - 1].1
}

/// Ends object `i`'s line as an enchantment whose ability is drawn from `effects`, its `{c}` and
/// `{d}` two colours drawn before it.
fn enchantment_with_effect(out: &mut String, rng: &mut Rng, i: usize, effects: &[(usize, &str)]) {
    let (c, d) = (*rng.pick(&COLORS), *rng.pick(&COLORS));
    let body = weighted(rng, effects).replace("{c}", c).replace("{d}", d);
    let _ = writeln!(out, ", types: [enchantment], abilities: [{{id: e{i}, text: effect {i}, effect: {body}}}]}}");
}

/// A scenario with `permanents` objects, `effects` of which carry a static ability, plus
/// `effects / 4` resolved effects on fixed objects and one locked-in anthem (611.2c).
pub fn scenario(seed: u64, permanents: usize, effects: usize) -> String {
    let mut rng = Rng::new(seed);
    let mut out =
        String::from("title: synthetic board\nplayers:\n  - {name: Alice, active: true}\n  - {name: Bob}\nobjects:\n");
    let sources = effects.min(permanents);
    for i in 0..permanents {
        let owner = if rng.below(2) == 0 { "Alice" } else { "Bob" };
        let color = *rng.pick(&COLORS);
        let mana = rng.below(7);
        let _ = write!(
            out,
            "  - {{id: p{i}, name: Permanent {i}, owner: {owner}, timestamp: {}, mana_value: {mana}, colors: [{color}]",
            i + 1
        );
        if i < sources {
            enchantment_with_effect(&mut out, &mut rng, i, &STATIC_EFFECTS);
            continue;
        }
        match rng.below(10) {
            0..=5 => {
                let (p, t) = (rng.below(6), 1 + rng.below(5));
                let counters = if rng.below(4) == 0 { ", counters: {\"+1/+1\": 1}" } else { "" };
                let _ =
                    writeln!(out, ", types: [creature], power: {p}, toughness: {t}, abilities: [flying]{counters}}}");
            }
            6 | 7 => {
                let basic = if rng.below(2) == 0 { ", supertypes: [basic], subtypes: [forest]" } else { "" };
                let _ = writeln!(out, ", types: [land]{basic}, abilities: [\"{{T}}: Add {{G}}.\"]}}");
            }
            8 => {
                let _ = writeln!(out, ", types: [artifact]}}");
            }
            _ => {
                let _ = writeln!(out, ", types: [enchantment], subtypes: [shrine]}}");
            }
        }
    }
    out.push_str("effects:\n");
    for j in 0..effects / 4 {
        let targets: Vec<String> = (0..3).map(|_| format!("p{}", rng.below(permanents.max(1)))).collect();
        let (p, t) = (rng.below(4), rng.below(4));
        let _ = writeln!(
            out,
            "  - {{id: r{j}, text: resolved {j}, controller: Alice, timestamp: {}, effect: {{affects: {{objects: [{}]}}, pt: {{modify: [{p}, {t}]}}}}}}",
            permanents + 1 + j,
            targets.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "  - {{id: locked, text: All white creatures get +1/+1 until end of turn., controller: Bob, timestamp: {}, effect: {{affects: {{types: [creature], colors: [white]}}, pt: {{modify: [1, 1]}}}}}}",
        permanents + effects / 4 + 1
    );
    out
}

/// The exceptions a generated copy effect draws from (706.8), as YAML flow mappings.
const COPY_EXCEPTIONS: [&str; 4] =
    ["", ", except: {types: {add: [artifact]}}", ", except: {power: 1, toughness: 1}", ", except: {keep: [colors]}"];

/// `scenario`'s board, with `extra` more resolved effects after its own: copy effects, some
/// with exceptions (layer 1), and text changes of a colour word or a land type (layer 3). Copies
/// and text changes reach the other effects' words and sets, so the order of the file must
/// matter no more for them than for the rest.
pub fn scenario_with_copies_and_text(seed: u64, permanents: usize, effects: usize, extra: usize) -> String {
    let mut out = scenario(seed, permanents, effects);
    let mut rng = Rng::new(seed ^ 0x5eed_c0de);
    let first = permanents + effects / 4 + 2;
    for j in 0..extra {
        let (a, b) = (rng.below(permanents.max(1)), rng.below(permanents.max(1)));
        let body = if rng.below(2) == 0 && a != b {
            format!("{{affects: {{objects: [p{a}]}}, copy: {{of: p{b}{}}}}}", rng.pick(&COPY_EXCEPTIONS))
        } else if rng.below(3) == 0 {
            format!("{{affects: {{objects: [p{a}, p{b}]}}, text_change: {{from: forest, to: swamp}}}}")
        } else {
            let (c, d) = (*rng.pick(&COLORS), *rng.pick(&COLORS));
            format!("{{affects: {{objects: [p{a}, p{b}]}}, text_change: {{from: {c}, to: {d}}}}}")
        };
        let _ = writeln!(
            out,
            "  - {{id: x{j}, text: extra {j}, controller: Bob, timestamp: {}, effect: {body}}}",
            first + j
        );
    }
    out
}

/// Effects that change what others read, most of them in the same layer: colour setters that
/// feed each other, type changers that form loops (613.8b), animation against ability removal
/// (existence), land types against land-type grants. Each application makes many kept
/// dependencies stale: the boards the dependency graph kept between choices is tested on.
const DENSE_EFFECTS: [(usize, &str); 9] = [
    (30, "{affects: {types: [creature], colors: [{c}]}, colors: {set: [{d}]}}"),
    (10, "{affects: {types: [creature], colors: [{c}]}, colors: {add: [{d}]}}"),
    (10, "{affects: {types: [artifact]}, types: {add: [creature]}}"),
    (10, "{affects: {types: [creature], colors: [{c}]}, types: {add: [artifact]}}"),
    (
        8,
        "{affects: {types: [enchantment], other: true}, types: {add: [creature]}, pt: {set: [mana_value, mana_value]}}",
    ),
    (10, "{affects: {types: [creature], colors: [{c}]}, abilities: {remove_all: true}}"),
    (8, "{affects: {types: [creature], not_colors: [{c}]}, abilities: {add: [flying]}}"),
    (7, "{affects: {types: [land], not_supertypes: [basic]}, land_types: [mountain]}"),
    (7, "{affects: {types: [land]}, subtypes: {add: [swamp]}}"),
];

/// A board of `effects` static abilities drawn from the dense mix, on `permanents` objects (the
/// first `effects` of them are the abilities' sources, enchantments of every colour), and
/// `resolved` resolved effects with a descriptive selector, locked in when created (611.2c).
pub fn dense_scenario(seed: u64, permanents: usize, effects: usize, resolved: usize) -> String {
    let mut rng = Rng::new(seed ^ 0xde05e);
    let mut out = String::from(
        "title: dense synthetic board\nplayers:\n  - {name: Alice, active: true}\n  - {name: Bob}\nobjects:\n",
    );
    for i in 0..permanents.max(effects) {
        let owner = if rng.below(2) == 0 { "Alice" } else { "Bob" };
        let color = *rng.pick(&COLORS);
        let _ = write!(
            out,
            "  - {{id: p{i}, name: Permanent {i}, owner: {owner}, timestamp: {}, mana_value: {}, colors: [{color}]",
            2 * (i + 1),
            rng.below(5)
        );
        if i < effects {
            enchantment_with_effect(&mut out, &mut rng, i, &DENSE_EFFECTS);
            continue;
        }
        let _ = match rng.below(4) {
            0 | 1 => writeln!(out, ", types: [creature], power: {}, toughness: 2, abilities: [flying]}}", rng.below(4)),
            2 => writeln!(out, ", types: [artifact]}}"),
            _ => writeln!(out, ", types: [land], abilities: [\"{{T}}: Add {{G}}.\"]}}"),
        };
    }
    if resolved > 0 {
        out.push_str("effects:\n");
    }
    // Resolved effects come between the objects (odd timestamps, theirs even), so that some sets
    // are read off an earlier board.
    let mut stamps = std::collections::BTreeSet::new();
    for j in 0..resolved {
        let mut stamp = 2 * rng.below(permanents.max(effects) + 2) + 1;
        while !stamps.insert(stamp) {
            stamp += 2;
        }
        let (c, d) = (*rng.pick(&COLORS), *rng.pick(&COLORS));
        let body = if rng.below(2) == 0 {
            format!("{{affects: {{types: [creature], colors: [{c}]}}, colors: {{set: [{d}]}}}}")
        } else {
            format!("{{affects: {{types: [creature], colors: [{c}]}}, pt: {{modify: [1, 1]}}}}")
        };
        let _ = writeln!(
            out,
            "  - {{id: r{j}, text: resolved {j}, controller: Alice, timestamp: {stamp}, effect: {body}}}"
        );
    }
    out
}

/// Effects whose dependencies are shown by objects that later change: colour setters and adders
/// on objects of two colours (a pair tried again on the changed objects can meet them without
/// depending), animation against ability removal (shown by the source), control
/// changes read by `controller: you` selectors, power set to a count (read off the whole board),
/// and type changers in loops (613.8b).
const SHIFTING_EFFECTS: [(usize, &str); 10] = [
    (20, "{affects: {types: [creature], colors: [{c}]}, colors: {set: [{d}]}}"),
    (12, "{affects: {types: [creature], colors: [{c}]}, colors: {add: [{d}]}}"),
    (8, "{affects: {types: [creature], not_colors: [{c}]}, colors: {remove: [{d}]}}"),
    (10, "{affects: {types: [artifact]}, types: {add: [creature]}}"),
    (10, "{affects: {types: [creature], colors: [{c}]}, types: {add: [artifact]}}"),
    (
        8,
        "{affects: {types: [enchantment], other: true}, types: {add: [creature]}, pt: {set: [mana_value, mana_value]}}",
    ),
    (10, "{affects: {types: [creature], colors: [{c}]}, abilities: {remove_all: true}}"),
    (8, "{affects: {types: [creature], controller: you, colors: [{c}]}, abilities: {add: [flying]}}"),
    (6, "{affects: {types: [creature], colors: [{c}]}, pt: {set: [{count: {types: [creature], colors: [{d}]}}, 1]}}"),
    (8, "{affects: {types: [creature], colors: [{c}]}, control: you}"),
];

/// A board of `effects` static abilities drawn from `SHIFTING_EFFECTS` on `permanents` objects of
/// one or two colours, and `resolved` resolved effects: colour setters locked in when created
/// (611.2c), control changes and exchanges of control.
pub fn shifting_scenario(seed: u64, permanents: usize, effects: usize, resolved: usize) -> String {
    let mut rng = Rng::new(seed ^ 0x317e55);
    let mut out = String::from(
        "title: shifting synthetic board\nplayers:\n  - {name: Alice, active: true}\n  - {name: Bob}\nobjects:\n",
    );
    let total = permanents.max(effects);
    for i in 0..total {
        let owner = if rng.below(2) == 0 { "Alice" } else { "Bob" };
        let (c, d) = (*rng.pick(&COLORS), *rng.pick(&COLORS));
        let colors = if rng.below(3) == 0 && c != d { format!("{c}, {d}") } else { c.to_string() };
        let _ = write!(
            out,
            "  - {{id: p{i}, name: Permanent {i}, owner: {owner}, timestamp: {}, mana_value: {}, colors: [{colors}]",
            2 * (i + 1),
            rng.below(5)
        );
        if i < effects {
            enchantment_with_effect(&mut out, &mut rng, i, &SHIFTING_EFFECTS);
            continue;
        }
        let _ = match rng.below(3) {
            0 | 1 => writeln!(out, ", types: [creature], power: {}, toughness: 2, abilities: [flying]}}", rng.below(4)),
            _ => writeln!(out, ", types: [artifact]}}"),
        };
    }
    if resolved > 0 {
        out.push_str("effects:\n");
    }
    let mut stamps = std::collections::BTreeSet::new();
    for j in 0..resolved {
        let mut stamp = 2 * rng.below(total + 2) + 1;
        while !stamps.insert(stamp) {
            stamp += 2;
        }
        let (c, d) = (*rng.pick(&COLORS), *rng.pick(&COLORS));
        let x = rng.below(total.max(1));
        // An exchange names two different objects.
        let y = (x + 1 + rng.below(total.max(2) - 1)) % total.max(1);
        let (controller, body) = match rng.below(if x == y { 2 } else { 3 }) {
            0 => ("Alice", format!("{{affects: {{types: [creature], colors: [{c}]}}, colors: {{set: [{d}]}}}}")),
            1 => ("Bob", format!("{{affects: {{objects: [p{x}]}}, control: you}}")),
            _ => ("Alice", format!("{{control: {{exchange: [p{x}, p{y}]}}}}")),
        };
        let _ = writeln!(
            out,
            "  - {{id: r{j}, text: resolved {j}, controller: {controller}, timestamp: {stamp}, effect: {body}}}"
        );
    }
    out
}

/// A ring of `n` copy effects (layer 1): creature `c{i}` becomes a copy of `c{i+1}`, the last of
/// the first, timestamps in ring order. Each effect depends on the next (it changes what the
/// effect copies), so the ring is one dependency loop (613.8b): the first applies first, which
/// breaks the loop, and the rest then apply from the last back, each after the one it depends on
/// (613.8c). The answer: every creature, `c1` included, has the copiable values `c1` is printed
/// with.
pub fn copy_ring(n: usize) -> String {
    let mut out = String::from(
        "title: a ring of copy effects\nquestion: what each creature is once every copy effect has applied\n\
         players:\n  - name: Alice\n    active: true\nobjects:\n",
    );
    for i in 0..n {
        let _ = writeln!(
            out,
            "  - {{id: c{i}, name: Creature {i}, owner: Alice, types: [creature], power: {i}, toughness: {i}, timestamp: {}}}",
            i + 1
        );
    }
    out.push_str("effects:\n");
    for i in 0..n {
        let _ = writeln!(
            out,
            "  - {{id: copy-{i}, text: c{i} becomes a copy of c{next}., controller: Alice, timestamp: {t}, \
             effect: {{affects: {{objects: [c{i}]}}, copy: {{of: c{next}}}}}}}",
            next = (i + 1) % n.max(1),
            t = n + 1 + i
        );
    }
    out
}

/// The static abilities a copy web's permanents carry, copied along with them (706.2): effects
/// in layers 2 to 7 on the objects copy effects change, and copy effects of their own, on named
/// objects or on every creature of a colour (`{a}` and `{b}` are permanents).
const COPIED_STATICS: [(usize, &str); 8] = [
    (20, "{affects: {types: [creature], colors: [{c}]}, pt: {modify: [1, 1]}}"),
    (15, "{affects: {types: [creature], colors: [{c}]}, colors: {set: [{d}]}}"),
    (10, "{affects: {types: [creature], colors: [{c}]}, types: {add: [artifact]}}"),
    (10, "{affects: {types: [artifact], colors: [{c}]}, abilities: {remove_all: true}}"),
    (15, "{affects: {types: [creature], controller: you}, abilities: {add: [flying]}}"),
    (10, "{affects: {types: [creature], colors: [{c}]}, pt: {set: [2, 2]}}"),
    (12, "{affects: {objects: [p{a}]}, copy: {of: p{b}}}"),
    (3, "{affects: {types: [creature], colors: [{c}], other: true}, copy: {of: p{b}}}"),
];

/// A web of copy effects (layer 1) among a few of `permanents` creatures: `copies` resolved
/// effects, most of them copies of one permanent onto another, with exceptions (706.8) and some
/// with a source, the rest changing a colour, a type or the power of one; between the objects'
/// timestamps, so that some apply to objects that copy others, and chains, rings (613.8b) and
/// copies of copies come up. Half the permanents carry a static ability (`COPIED_STATICS`), which
/// a copy of them gets too.
pub fn copy_web(seed: u64, permanents: usize, copies: usize) -> String {
    let mut rng = Rng::new(seed ^ 0xc0b1e5);
    let total = permanents.max(1);
    let mut out = String::from(
        "title: a web of copy effects\nplayers:\n  - {name: Alice, active: true}\n  - {name: Bob}\nobjects:\n",
    );
    for i in 0..total {
        let owner = if rng.below(2) == 0 { "Alice" } else { "Bob" };
        let types = if rng.below(4) == 0 { "artifact, creature" } else { "creature" };
        let _ = write!(
            out,
            "  - {{id: p{i}, name: Permanent {i}, owner: {owner}, timestamp: {}, mana_value: {}, colors: [{}], types: [{types}], power: {}, toughness: {}",
            2 * (i + 1),
            rng.below(5),
            rng.pick(&COLORS),
            rng.below(5),
            1 + rng.below(4)
        );
        if rng.below(2) == 0 {
            let (c, d) = (*rng.pick(&COLORS), *rng.pick(&COLORS));
            let (a, b) = (rng.below(total), rng.below(total));
            let body = weighted(&mut rng, &COPIED_STATICS)
                .replace("{c}", c)
                .replace("{d}", d)
                .replace("{a}", &a.to_string())
                .replace("{b}", &b.to_string());
            let _ = write!(out, ", abilities: [{{id: s{i}, text: static {i}, effect: {body}}}]");
        }
        out.push_str("}\n");
    }
    if copies > 0 {
        out.push_str("effects:\n");
    }
    // The few objects the copies are among, so that they meet.
    let among = total.min(6);
    let mut stamps = std::collections::BTreeSet::new();
    for j in 0..copies {
        let mut stamp = 2 * rng.below(total + 2) + 1;
        while !stamps.insert(stamp) {
            stamp += 2;
        }
        let a = rng.below(among);
        let b = (a + 1 + rng.below(among.max(2) - 1)) % total;
        let source = if rng.below(3) == 0 { format!("source: p{}, ", rng.below(among)) } else { String::new() };
        let body = match rng.below(8) {
            0 => format!("{{affects: {{objects: [p{a}]}}, colors: {{set: [{}]}}}}", rng.pick(&COLORS)),
            1 => format!("{{affects: {{objects: [p{a}, p{b}]}}, pt: {{modify: [1, 0]}}}}"),
            _ => format!("{{affects: {{objects: [p{a}]}}, copy: {{of: p{b}{}}}}}", rng.pick(&COPY_EXCEPTIONS)),
        };
        let _ = writeln!(
            out,
            "  - {{id: r{j}, text: resolved {j}, {source}controller: Alice, timestamp: {stamp}, effect: {body}}}"
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_scenarios_are_valid_and_deterministic() {
        for (n, m) in [(1, 1), (10, 10), (50, 20)] {
            for text in [scenario_with_copies_and_text(7, n, m, m), dense_scenario(7, n, m, m), copy_web(7, n, m)] {
                if let Err(e) = crate::scenario::read("synthetic", &text) {
                    panic!("{:?}\n{text}", miette::Report::new(e));
                }
            }
            assert_eq!(scenario_with_copies_and_text(7, n, m, m), scenario_with_copies_and_text(7, n, m, m));
            assert_eq!(dense_scenario(7, n, m, m), dense_scenario(7, n, m, m));
            assert_eq!(copy_web(7, n, m), copy_web(7, n, m));
        }
    }
}
