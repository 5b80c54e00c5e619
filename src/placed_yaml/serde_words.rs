//! serde's messages in the words of the scenario file: no Rust type names, and a suggestion for
//! a value of a closed set written wrong ("`damages`: did you mean `damage`?").

use crate::suggest;

/// What a value the file gives is read as, in the file's words, by the name of the type the
/// engine reads it into.
const TYPE_WORDS: &[(&str, &str)] = &[
    ("SelectorSpec", "a selector: a map such as `{types: [creature]}` or `{objects: [id]}`"),
    ("EffectBody", "an effect: a map of its parts (`affects`, `pt`, `types`, `replacement`, …)"),
    ("ReplacementSpec", "a replacement effect: a map (`event`, `object`, and what it does)"),
    ("SetChange", "a change of a list: `{add: […]}`, `{remove: […]}` or `{set: […]}`"),
    ("PtChange", "`{set: [p, t]}`, `{modify: [p, t]}` or `{switch: true}`"),
    ("AbilityChange", "`{add: […]}`, `{remove: […]}` or `{remove_all: true}`"),
    ("CountSpec", "a number compared: `{at_least: N}`, `{at_most: N}` or both"),
    ("ConditionSpec", "a condition: a map with `controls`, `cards_in_hand` or `life`"),
    ("InsteadSpec", "what happens instead: a map such as `{draw: 1}` or `{gain_life: that_many}`"),
    ("CopySpec", "an object's id, or `{of: id, except: {…}}`"),
    ("CopyExcept", "the exceptions of a copy: a map (`keep`, `types`, `abilities`, `power`, …)"),
    ("TextChangeSpec", "`{from: word, to: word}`"),
    ("ExpectSpec", "what an object should be: a map (`types`, `power`, `abilities`, …)"),
    ("ExpectedOutcomeSpec", "an expected outcome: a map with `result` (and `then`, `remaining`)"),
    ("PlayerEffectSpec", "an effect on players: a map with `affects`"),
    ("AbilitySpec", "an ability: its text, or a map with `id`, `text` and `effect`"),
    ("StaticAbilitySpec", "a static ability: a map with `id`, `text` and `effect`"),
    ("EventSpec", "an event: a map with one key, such as `damage: {…}` or `destroy: {…}`"),
    ("ObjectSpec", "an object: a map with `id` or `card`, `name`, `owner`, …"),
    ("PlayerSpec", "a player: a map with `name`"),
    ("ResolvedEffectSpec", "a resolved effect: a map with `id`, `text`, `controller`, `timestamp` and `effect`"),
    ("Amount", "an amount: a number, `mana_value`, or `{count: selector}`"),
    ("Quantity", "a number, or `that_many`"),
    ("ControlSpec", "a player's name, `you`, or `{exchange: [id, id]}`"),
    ("ExchangeSpec", "two object ids, `[id, id]`, or each with who controlled it then, `{id: player, id: player}`"),
    ("RedirectSpec", "an object id, a player's name, `you`, or a selector"),
    ("ExpectedNumber", "a whole number, or `none`"),
];

/// The message, in the file's words, and a suggestion where one helps.
pub fn in_user_words(message: &str) -> (String, Option<String>) {
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        if let Some((given, rest)) = rest.split_once('`') {
            let known: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
            let help = match suggest::closest(given, known.iter().copied()) {
                Some(k) => format!("did you mean `{k}`?"),
                None => format!("one of `{}`", known.join("`, `")),
            };
            return (format!("`{given}` is not a value this key takes"), Some(help));
        }
    }
    let mut out = message.replace("missing field `", "missing key `");
    for (name, words) in TYPE_WORDS {
        for prefix in ["struct ", "untagged enum ", "enum ", ""] {
            let rust = format!("{prefix}{name}");
            if out.contains(&rust) && is_whole_name(&out, &rust) {
                out = out.replace(&rust, words);
            }
        }
    }
    if let Some(rest) = out.strip_prefix("data did not match any variant of ") {
        out = format!("expected {rest}");
    }
    for (rust, words) in [
        ("i64", "a whole number"),
        ("u64", "a whole number, 0 or more"),
        ("usize", "a whole number, 0 or more"),
        ("u32", "a whole number, 0 or more"),
        ("u16", "a whole number, 0 or more"),
        ("a sequence", "a list"),
        ("sequence", "a list"),
        ("a boolean", "`true` or `false`"),
    ] {
        if let Some(i) = out.find(&format!("expected {rust}")) {
            let end = i + "expected ".len() + rust.len();
            if out[end..].chars().next().is_none_or(|c| !c.is_alphanumeric()) {
                out.replace_range(i..end, &format!("expected {words}"));
            }
        }
    }
    let help = (message.contains("invalid type: string") && message.contains("SelectorSpec"))
        .then(|| "to name one object, write `{objects: [id]}`".to_string());
    (out, help)
}

/// Whether `name` stands in `text` as a whole word (`SelectorSpec`, not part of a longer name).
fn is_whole_name(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let after = text[i + name.len()..].chars().next();
        after.is_none_or(|c| !c.is_alphanumeric())
    })
}

#[cfg(test)]
mod tests {
    use super::in_user_words;

    #[test]
    fn a_value_of_a_closed_set_gets_a_suggestion() {
        let (message, help) =
            in_user_words("unknown variant `damages`, expected one of `damage`, `destroy`, `move`, `enter`");
        assert_eq!(message, "`damages` is not a value this key takes");
        assert_eq!(help.as_deref(), Some("did you mean `damage`?"));
    }

    #[test]
    fn no_rust_type_name_is_left() {
        let (message, help) = in_user_words("invalid type: string \"bears\", expected struct SelectorSpec");
        assert_eq!(
            message,
            "invalid type: string \"bears\", expected a selector: a map such as `{types: [creature]}` or `{objects: [id]}`"
        );
        assert_eq!(help.as_deref(), Some("to name one object, write `{objects: [id]}`"));
        let (message, _) = in_user_words("invalid type: string \"x\", expected i64");
        assert_eq!(message, "invalid type: string \"x\", expected a whole number");
        let (message, _) = in_user_words("invalid type: map, expected a sequence");
        assert_eq!(message, "invalid type: map, expected a list");
        let (message, _) = in_user_words("data did not match any variant of untagged enum AbilitySpec");
        assert!(message.starts_with("expected an ability"), "{message}");
    }
}
