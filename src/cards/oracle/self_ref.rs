//! The text as the templates read it: the face's references to itself made `~` (its name, a
//! legendary's short name, `this creature`, `this Aura`…), lower case outside mana symbols,
//! typographic signs made plain, and the templates of 2024 and before made one (`enters the
//! battlefield` → `enters`).

use super::FaceText;

/// The words after `this` by which a face names itself, whatever its types (current Oracle
/// templates since 2024).
const THIS: [&str; 15] = [
    "creature",
    "permanent",
    "enchantment",
    "artifact",
    "land",
    "aura",
    "equipment",
    "vehicle",
    "card",
    "spell",
    "planeswalker",
    "battle",
    "siege",
    "saga",
    "token",
];

/// `plain` as the templates read it. Quoted text (an ability granted to another object) keeps
/// its own words: `this creature` there is the object that has it.
pub(super) fn normalise(face: &FaceText, plain: &str) -> String {
    let mut out = String::with_capacity(plain.len());
    let mut segment = String::new();
    let mut quoted = false;
    for c in plain.chars() {
        let toggles = match c {
            '"' => true,
            '“' => !quoted,
            '”' => quoted,
            _ => false,
        };
        if !toggles {
            segment.push(c);
            continue;
        }
        if quoted {
            out.push_str(&segment);
        } else {
            out.push_str(&own_words(face, &segment));
        }
        out.push('"');
        segment.clear();
        quoted = !quoted;
    }
    if quoted {
        out.push_str(&segment);
    } else {
        out.push_str(&own_words(face, &segment));
    }
    out
}

/// `plain` as printed, with the face's references to itself made its name (`This creature
/// attacks each combat if able.` → `Ulamog's Crusher attacks each combat if able.`): the words of
/// a rule of the game, which an answer lists without their source. Quoted text is kept.
pub(super) fn named(face: &FaceText, plain: &str) -> String {
    const MARK: &str = "\u{1}";
    let mut out = String::with_capacity(plain.len());
    for (i, segment) in plain.split('"').enumerate() {
        if i > 0 {
            out.push('"');
        }
        if i % 2 == 1 {
            out.push_str(segment);
            continue;
        }
        let mut text = segment.to_string();
        for name in self_names(face.name) {
            text = replace_words(&text, &name, MARK);
        }
        let own = face.types.iter().chain(face.subtypes).map(|t| t.to_lowercase());
        for word in THIS.iter().map(|w| w.to_string()).chain(own) {
            for this in ["this", "This"] {
                for w in [word.clone(), capitalised(&word)] {
                    text = replace_words(&text, &format!("{this} {w}"), MARK);
                }
            }
        }
        out.push_str(&text.replace(MARK, face.name));
    }
    out
}

/// The word with its first letter in upper case.
pub(super) fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Self-references made `~`, lower case outside braces, `−` made `-`, old templates made new.
fn own_words(face: &FaceText, text: &str) -> String {
    let mut text = text.replace('’', "'").replace('−', "-");
    for name in &self_names(face.name) {
        if text.contains(name.as_str()) {
            text = replace_words(&text, name, "~");
        }
    }
    let mut text = super::words::lower_outside_braces(&text);
    // Most texts never say "this …": the phrases are looked for only in those that do.
    if text.contains("this ") {
        let own: Vec<String> = face.types.iter().chain(face.subtypes).map(|t| t.to_lowercase()).collect();
        for word in THIS.iter().map(|w| w.to_string()).chain(own) {
            let phrase = format!("this {word}");
            if text.contains(&phrase) {
                text = replace_words(&text, &phrase, "~");
            }
        }
    }
    if text.contains(" the battlefield") {
        text = text.replace("enters the battlefield", "enters").replace("enter the battlefield", "enter");
    }
    text
}

/// The names by which a face's text names it: its name, and a legendary's name before the comma
/// (`Kalitas` for `Kalitas, Traitor of Ghet`). Longest first.
fn self_names(name: &str) -> Vec<String> {
    let name = name.replace('’', "'");
    let mut names = Vec::new();
    if name.trim().is_empty() {
        return names;
    }
    if let Some((short, _)) = name.split_once(", ") {
        names.push(name.clone());
        if !short.trim().is_empty() {
            names.push(short.to_string());
        }
    } else {
        names.push(name);
    }
    names
}

/// Every whole-word occurrence of `word` in `text` replaced.
pub(super) fn replace_words(text: &str, word: &str, by: &str) -> String {
    if word.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while let Some(found) = text[at..].find(word) {
        let start = at + found;
        let end = start + word.len();
        let before_ok = text[..start].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let after_ok = text[end..].chars().next().is_none_or(|c| !c.is_alphanumeric());
        out.push_str(&text[at..start]);
        if before_ok && after_ok {
            out.push_str(by);
        } else {
            out.push_str(word);
        }
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face<'a>(name: &'a str, types: &'a [String]) -> FaceText<'a> {
        FaceText { name, types, subtypes: &[], oracle_text: "", keywords: &[] }
    }

    #[test]
    fn names_and_this_become_the_self_mark() {
        let creature = ["creature".to_string()];
        let f = face("Kalitas, Traitor of Ghet", &creature);
        assert_eq!(normalise(&f, "Kalitas enters the battlefield tapped"), "~ enters tapped");
        assert_eq!(normalise(&f, "Kalitas, Traitor of Ghet gets +1/+1"), "~ gets +1/+1");
        assert_eq!(normalise(&f, "This creature can't block."), "~ can't block.");
        assert_eq!(normalise(&f, "{T}: Add {G}."), "{T}: add {G}.");
        assert_eq!(
            normalise(&f, "Creatures you control have \"This creature gets +1/+1.\""),
            "creatures you control have \"This creature gets +1/+1.\""
        );
        assert_eq!(
            named(&f, "This creature can't block. Kalitas's \"this creature\" stays."),
            "Kalitas, Traitor of Ghet can't block. Kalitas, Traitor of Ghet's \"this creature\" stays."
        );
        let aura = ["aura".to_string()];
        let f = FaceText { name: "Pacifism", types: &creature, subtypes: &aura, oracle_text: "", keywords: &[] };
        assert_eq!(named(&f, "Enchant creature. This Aura is red."), "Enchant creature. Pacifism is red.");
        let f = face("Blood Moon", &[]);
        assert_eq!(
            normalise(&f, "Nonbasic lands are Mountains. Blood Moonstone"),
            "nonbasic lands are mountains. blood moonstone"
        );
    }
}
