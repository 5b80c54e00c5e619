//! A face's Oracle text cut into abilities (one a line; a modal spell's modes stay with the line
//! that introduces them) and an ability cut into sentences, with reminder text set apart and an
//! ability word (`Landfall —`) taken off the front.

/// One ability's line, as printed and as the compiler reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Line {
    /// As the Oracle text prints it, reminder text included.
    pub text: String,
    /// Without reminder text, spaces made single.
    pub plain: String,
}

/// Lines longer than this are not read (no real ability comes near): the work stays bounded.
pub(super) const LONGEST: usize = 2_000;

/// The abilities of an Oracle text, in order.
pub(super) fn lines(oracle: &str) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    for raw in oracle.split(['\n', '\r']) {
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        // A mode (`• …`, or a spree's `+ {1} — …`) belongs to the line that offers it.
        let mode = raw.starts_with('•') || (raw.starts_with("+ {") && raw.contains('—'));
        match out.last_mut() {
            Some(last) if mode => {
                last.text.push('\n');
                last.text.push_str(raw);
                last.plain = without_reminder(&last.text);
            }
            _ => out.push(Line { text: raw.to_string(), plain: without_reminder(raw) }),
        }
    }
    out
}

/// The text without what stands between parentheses (reminder text), spaces made single.
pub(super) fn without_reminder(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    // Spaces made single line by line: a modal spell keeps its modes on their lines.
    let lines: Vec<String> = out
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ").replace(" .", ".").replace(" ,", ","))
        .filter(|l| !l.is_empty())
        .collect();
    lines.join("\n")
}

/// What stands between parentheses in `text`, each piece trimmed.
pub(super) fn reminders(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    for c in text.chars() {
        match c {
            '(' => {
                if depth > 0 {
                    current.push(c);
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push(current.trim().to_string());
                    current.clear();
                } else {
                    current.push(c);
                }
            }
            _ if depth > 0 => current.push(c),
            _ => {}
        }
    }
    out
}

/// The ability word before ` — ` (207.2c: `Landfall`, `Hellbent`), and the rest. A keyword's
/// cost after a dash (`Cumulative upkeep—Pay 2 life.`) has no spaces around it and stays.
pub(super) fn ability_word(plain: &str) -> (Option<&str>, &str) {
    if let Some((word, rest)) = plain.split_once(" — ") {
        let short = word.split_whitespace().count() <= 5;
        let plain_words = word.chars().all(|c| c.is_alphabetic() || " '’-,".contains(c));
        if short && plain_words && !rest.trim().is_empty() {
            return (Some(word), rest.trim());
        }
    }
    (None, plain)
}

/// The sentences of an ability, each without its closing period: a period ends a sentence when
/// it is not inside quotes.
pub(super) fn sentences(plain: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut chars = plain.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '“' | '”' => {
                let closing = match c {
                    '“' => false,
                    '”' => true,
                    _ => quoted,
                };
                quoted = !closing;
                current.push(c);
                // `has "{T}: Add {G}." Then…`: the quoted period ends the outer sentence too.
                if closing && current.ends_with(".\"") && chars.peek().is_none_or(|n| n.is_whitespace()) {
                    out.push(std::mem::take(&mut current).trim().to_string());
                }
            }
            '.' if !quoted && chars.peek().is_none_or(|n| n.is_whitespace()) => {
                out.push(std::mem::take(&mut current).trim().to_string());
            }
            _ => current.push(c),
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out.retain(|s| !s.is_empty());
    out
}

/// Where `wanted` (a sign, or words) first stands in `text` outside quotes.
pub(super) fn outside_quotes(text: &str, wanted: &str) -> Option<usize> {
    let mut quoted = false;
    for (at, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '“' => quoted = true,
            '”' => quoted = false,
            _ if !quoted && text[at..].starts_with(wanted) => return Some(at),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_stay_with_their_line_and_reminders_are_set_apart() {
        let text = "Flying\nChoose one —\n• Target player gains 3 life.\n• Prevent the next 3 damage.\n(Reminder.)";
        let lines = lines(text);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1].text, "Choose one —\n• Target player gains 3 life.\n• Prevent the next 3 damage.");
        assert_eq!(lines[2].plain, "");
        assert_eq!(
            without_reminder("Wither (This deals damage to creatures in the form of -1/-1 counters.)"),
            "Wither"
        );
        assert_eq!(reminders("({T}: Add {G}.)"), ["{T}: Add {G}."]);
    }

    #[test]
    fn sentences_end_at_periods_outside_quotes() {
        assert_eq!(
            sentences("Enchanted creature has \"{T}: Draw a card. Then discard.\" Draw a card."),
            ["Enchanted creature has \"{T}: Draw a card. Then discard.\"", "Draw a card"]
        );
        assert_eq!(
            sentences("Enchanted creature has \"{T}: Draw a card\" and flying. Draw a card."),
            ["Enchanted creature has \"{T}: Draw a card\" and flying", "Draw a card"]
        );
        assert_eq!(
            ability_word("Landfall — Whenever a land enters, draw."),
            (Some("Landfall"), "Whenever a land enters, draw.")
        );
        assert_eq!(ability_word("Cumulative upkeep—Pay 2 life."), (None, "Cumulative upkeep—Pay 2 life."));
    }
}
