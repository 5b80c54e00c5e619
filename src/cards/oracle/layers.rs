//! Continuous effects of static abilities (611.3, 613): `<objects> get +1/+1`, `have flying`,
//! `lose all abilities`, `is a Swamp in addition to its other land types`, `are 1/1 creatures
//! that are still lands`, `You control enchanted creature`, and the characteristic-defining
//! abilities `~'s power and toughness are each equal to the number of …`, `~ is all colors`.

use super::words;
use super::{
    grant, granted, keywords, nouns, reasons, type_phrase, unmodelled, why, FaceText, Piece, Pieces, Unmodelled,
};
use crate::model::{
    AbilityChange, AbilitySpec, Amount, ControlSpec, Count, Counted, EffectBody, PtChange, SelectorSpec, SetChange,
    Word,
};

const VERBS: [&str; 8] = ["gets", "get", "has", "have", "loses", "lose", "is", "are"];

/// A continuous effect, when the sentence has the shape `<objects> <verb> …`.
pub(super) fn sentence(face: &FaceText, s: &str) -> Option<Pieces> {
    if let Some(conditional) = conditional(face, s) {
        return Some(conditional);
    }
    // A condition, a "can't" or a replacement that no template read: its reason, not a selector's.
    let outside = unquoted(s);
    if outside.starts_with("as long as")
        || outside.starts_with("if ")
        || [" can't", " would ", " unless "].iter().any(|w| outside.contains(w))
    {
        return Some(Err(reasons::of(s)));
    }
    if let Some(rest) = s.strip_prefix("you control ") {
        return Some(control(rest));
    }
    if let Some(rest) = s.strip_prefix("~'s power and toughness are each equal to ") {
        return Some(defined_pt(rest, 0));
    }
    // Tarmogoyf: "~'s power is equal to <a number> and its toughness is equal to that number plus 1".
    if let Some((amount, plus)) = s
        .strip_prefix("~'s power is equal to ")
        .and_then(|rest| rest.split_once(" and its toughness is equal to that number plus "))
        .and_then(|(amount, plus)| Some((amount, plus.parse::<i64>().ok()?)))
    {
        return Some(defined_pt(amount, plus));
    }
    if s.starts_with("~'s power is ") || s.starts_with("~'s toughness is ") {
        return Some(unmodelled("it defines power or toughness alone: the model sets both together"));
    }
    let (subject, verb, rest) = subject_verb(s)?;
    Some(subjects(subject, verb, rest, s))
}

/// `As long as <condition>, <effect>`, `<effect> as long as <condition>` and `During your turn,
/// <effect>`: the continuous
/// effects of the sentence, each under the condition, when the condition is one the model says
/// (`condition_of`, or `enchanted creature is green`) and the sentence is read whole. `it` is
/// the enchanted or equipped creature the condition names.
fn conditional(face: &FaceText, s: &str) -> Option<Pieces> {
    // "During your turn, …" is "as long as it's your turn, …"; a turn that is not yours is an
    // opponent's, however many players there are.
    let turn = [("during your turn", "it's your turn"), ("during each opponent's turn", "it's not your turn")];
    for (during, condition) in turn {
        if let Some(rest) = s.strip_prefix(&format!("{during}, ")).or_else(|| s.strip_suffix(&format!(" {during}"))) {
            return conditional(face, &format!("as long as {condition}, {rest}"));
        }
    }
    let outside = unquoted(s);
    let (condition, effect) = match outside.strip_prefix("as long as ") {
        Some(_) => s["as long as ".len()..].split_once(", ")?,
        None => {
            // Quoted parts are emptied in `outside`: the words after the last quote are the
            // same in both, and `s` is cut where they begin.
            let at = outside.rfind(" as long as ")?;
            let tail = &outside[at..];
            let cut = s.strip_suffix(tail)?.len();
            (&tail[" as long as ".len()..], &s[..cut])
        }
    };
    let (spec, it) = match condition.split_once(" is ") {
        Some((whose @ ("enchanted creature" | "equipped creature"), quality)) => {
            let Some(color) = words::color(quality) else {
                return Some(unmodelled(format!("the condition `{condition}`: not one the model has")));
            };
            let attached = SelectorSpec { colors: vec![Word::new(color)], ..Default::default() };
            (crate::model::ConditionSpec { attached: Some(attached), ..Default::default() }, Some(whose))
        }
        _ => match super::condition::condition_of(condition) {
            Ok(spec) => (spec, None),
            Err(e) => return Some(Err(e)),
        },
    };
    let effect = match (it, effect.strip_prefix("it ")) {
        (Some(whose), Some(rest)) => format!("{whose} {rest}"),
        _ => effect.to_string(),
    };
    // An effect the layers do not read (a rule of the game, a replacement) keeps the reason of
    // the whole sentence: its condition.
    let Some(Ok(pieces)) = sentence(face, &effect) else { return Some(Err(reasons::of(s))) };
    Some(
        pieces
            .into_iter()
            .map(|p| match p {
                Piece::Static { text, cda: false, mut effect }
                    if effect.replacement.is_none() && effect.game_rule.is_none() =>
                {
                    effect.condition = Some(spec.clone());
                    Ok(Piece::Static { text, cda: false, effect })
                }
                _ => unmodelled("a condition on what is not a continuous effect of the layers"),
            })
            .collect(),
    )
}

/// The effect on each kind of object the subject names. Kinds that one selector cannot join
/// (`other Treefolk and Forests you control`) get an effect each, when applying it twice to an
/// object that is both changes nothing: not when it adds to power and toughness.
fn subjects(subject: &str, verb: &'static str, rest: &str, s: &str) -> Pieces {
    let kinds = nouns::objects(subject)?;
    let mut pieces = Vec::new();
    for affects in &kinds {
        pieces.extend(predicates(affects, verb, rest, s)?);
    }
    let adds = pieces
        .iter()
        .any(|p| matches!(p, Piece::Static { effect, .. } if effect.pt.as_ref().is_some_and(|pt| pt.modify.is_some())));
    if kinds.len() > 1 && adds {
        return unmodelled(format!("the selector `{subject}` joins kinds of objects no one selector says, and an object of both would get the bonus twice"));
    }
    Ok(pieces)
}

/// The sentence without what it quotes (an ability granted, read on its own).
fn unquoted(s: &str) -> String {
    s.split('"').step_by(2).collect::<Vec<_>>().join("\"\"")
}

/// `You control enchanted creature.` (layer 2).
fn control(object: &str) -> Pieces {
    let affects = nouns::object(object)?;
    if !affects.attached {
        return unmodelled("control of objects an effect does not name: a choice or a target");
    }
    Ok(vec![effect(
        false,
        EffectBody { affects: Some(affects), control: Some(ControlSpec::Player("you".into())), ..Default::default() },
    )])
}

/// `~'s power and toughness are each equal to the number of <objects>`, or of `card types among
/// <objects>`; the toughness `plus` more (604.3, layer 7a).
fn defined_pt(amount: &str, plus: i64) -> Pieces {
    let Some(np) = amount.strip_prefix("the number of ") else {
        return Err(reasons::of(amount));
    };
    let (np, counted) = match np.strip_prefix("card types among ") {
        Some(np) => (np, Counted::CardTypes),
        None => (np, Counted::Objects),
    };
    let of = nouns::object(np)?;
    let count = |plus| Amount::Count(Box::new(Count { plus, ..Count::of(of.clone(), counted) }));
    Ok(vec![effect(
        true,
        EffectBody {
            affects: Some(nouns::itself()),
            pt: Some(PtChange { set: Some([count(0), count(plus)]), ..Default::default() }),
            ..Default::default()
        },
    )])
}

/// The subject, its verb and what follows, at the first verb of the sentence.
fn subject_verb(s: &str) -> Option<(&str, &'static str, &str)> {
    let mut at = 0;
    for word in s.split(' ') {
        if at > 0 {
            if let Some(verb) = VERBS.iter().find(|v| **v == word) {
                let rest = s.get(at + word.len() + 1..).unwrap_or_default();
                return Some((s[..at - 1].trim(), verb, rest));
            }
        }
        at += word.len() + 1;
    }
    None
}

/// The predicates joined after the subject (`get +1/+1 and have flying`), applied in turn.
fn predicates(affects: &SelectorSpec, verb: &'static str, rest: &str, s: &str) -> Pieces {
    let mut body = EffectBody { affects: Some(affects.clone()), ..Default::default() };
    // "…, and it loses all other abilities": the same subject, said again.
    let rest = rest.replace(", and it loses ", ", and loses ");
    for (verb, words) in chunks(verb, &rest) {
        let done = match verb {
            "get" | "gets" => pt_modify(&mut body, words),
            "have" | "has" => have(&mut body, words),
            "lose" | "loses" => lose(&mut body, words),
            _ => type_phrase::is(&mut body, affects, words),
        };
        done.map_err(|e| if e.why.is_empty() { reasons::of(s) } else { e })?;
    }
    // A colour an object gives itself, with nothing else, defines it (604.3).
    let defines = affects.itself
        && body.colors.is_some()
        && EffectBody { affects: None, colors: None, ..body.clone() } == EffectBody::default();
    Ok(vec![effect(defines, body)])
}

/// `get +1/+1 and have flying, and lose defender` → each verb with its words. A joining word
/// starts a new predicate only before a verb: `have flying, first strike, and trample` is one.
fn chunks<'s>(verb: &'static str, rest: &'s str) -> Vec<(&'static str, &'s str)> {
    let mut out = Vec::new();
    let (mut verb, mut start) = (verb, 0);
    let mut at = 0;
    while at < rest.len() {
        let tail = &rest[at..];
        let joined = [", and ", " and ", ", "].iter().find_map(|sep| {
            let after = tail.strip_prefix(sep)?;
            let next = VERBS.iter().find(|v| after.starts_with(&format!("{v} ")))?;
            Some((sep.len(), *next))
        });
        match joined {
            Some((len, next)) => {
                out.push((verb, rest[start..at].trim()));
                verb = next;
                at += len + next.len() + 1;
                start = at;
            }
            None => at += tail.chars().next().map_or(1, char::len_utf8),
        }
    }
    out.push((verb, rest[start..].trim()));
    out
}

/// The reason left for `reasons::of`, which reads the whole sentence.
pub(super) fn unread() -> Unmodelled {
    why("")
}

/// `+1/+1`, `-2/-0`, `+1/+1 for each <objects>` (layer 7c).
fn pt_modify(body: &mut EffectBody, words: &str) -> Result<(), Unmodelled> {
    let (change, each) = match words.split_once(" for each ") {
        Some((change, np)) => (change, Some(np)),
        None => (words, None),
    };
    let (p, t) = signed_pair(change).ok_or_else(unread)?;
    let amounts = match each {
        None => [Amount::Fixed(p), Amount::Fixed(t)],
        Some(np) => {
            let mut of = nouns::object(np)?;
            // "All Sliver creatures get +1/+1 for each other Sliver": other than each one
            // affected, where a selector's `other` is other than the source. Said of the source
            // alone, they agree; said of objects of another kind than those affected ("for each
            // other enchantment", on an Aura), "other" is the source, which an effect on others
            // cannot tell from the object affected.
            let itself = body.affects.as_ref().is_some_and(|a| a.itself);
            let other_than_affected = of.other && !itself;
            if other_than_affected {
                if !body.affects.as_ref().is_some_and(|a| of_their_kind(&of, a)) {
                    return unmodelled(
                        "`for each other …` of another kind than the objects affected: other than the source or than each object affected, which the words do not tell",
                    );
                }
                of.other = false;
            }
            let count = Count { other_than_affected, ..Count::of(of, Counted::Objects) };
            let per = |times: i64| match times {
                0 => Amount::Fixed(0),
                _ => Amount::Count(Box::new(Count { times, ..count.clone() })),
            };
            [per(p), per(t)]
        }
    };
    let pt = body.pt.get_or_insert_with(PtChange::default);
    if pt.modify.is_some() {
        return Err(unread());
    }
    pt.modify = Some(amounts);
    Ok(())
}

/// Whether every object `of` names is of the kind of those `affected` names: each card type and
/// subtype it asks for is one they have.
fn of_their_kind(of: &SelectorSpec, affected: &SelectorSpec) -> bool {
    let asks = !of.types.is_empty() || !of.subtypes.is_empty();
    let plain = of.any_types.is_empty() && of.any_subtypes.is_empty();
    asks && plain
        && of.types.iter().all(|t| affected.types.contains(t))
        && of.subtypes.iter().all(|t| affected.subtypes.contains(t))
}

/// `+1/+1` → (1, 1); `-1/-0` → (-1, 0).
fn signed_pair(s: &str) -> Option<(i64, i64)> {
    let (p, t) = s.trim().split_once('/')?;
    // A sign, then digits: `split_at(1)` would cut a sign of several bytes (`—`) in two.
    let signed = |x: &str| -> Option<i64> {
        let (negative, digits) = match (x.strip_prefix('+'), x.strip_prefix('-')) {
            (Some(digits), _) => (false, digits),
            (_, Some(digits)) => (true, digits),
            _ => return None,
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: i64 = digits.parse().ok()?;
        Some(if negative { -n } else { n })
    };
    Some((signed(p)?, signed(t)?))
}

/// `N/N` → (N, N), unsigned.
pub(super) fn pair(s: &str) -> Option<(i64, i64)> {
    let (p, t) = s.trim().split_once('/')?;
    Some((p.parse().ok()?, t.parse().ok()?))
}

pub(super) const MANA_VALUE_PT: [&str; 3] = [
    "base power and base toughness each equal to its mana value",
    "base power and toughness each equal to its mana value",
    "power and toughness each equal to its mana value",
];

/// `have flying and trample`, `has "{T}: Add {G}."`, `have base power and toughness 1/1`.
fn have(body: &mut EffectBody, words: &str) -> Result<(), Unmodelled> {
    if MANA_VALUE_PT.contains(&words) {
        return set_pt(body, [Amount::ManaValue, Amount::ManaValue]);
    }
    if let Some(pt) = words.strip_prefix("base power and toughness ").and_then(pair) {
        return set_pt(body, [Amount::Fixed(pt.0), Amount::Fixed(pt.1)]);
    }
    let added = abilities(words, true)?;
    let change = body.abilities.get_or_insert_with(AbilityChange::default);
    change.add.extend(added);
    Ok(())
}

pub(super) fn set_pt(body: &mut EffectBody, amounts: [Amount; 2]) -> Result<(), Unmodelled> {
    let pt = body.pt.get_or_insert_with(PtChange::default);
    if pt.set.is_some() {
        return Err(unread());
    }
    pt.set = Some(amounts);
    Ok(())
}

/// `lose all abilities`, `lose flying` (layer 6); `loses all other abilities, card types, and
/// creature types` beside what it is and has (Darksteel Mutation, Imprisoned in the Moon): its
/// abilities are removed before those it gains are added (the model's order in layer 6), and the
/// card types and creature types it is are set, not added, by its type phrase.
fn lose(body: &mut EffectBody, words: &str) -> Result<(), Unmodelled> {
    if let Some(others) = words.strip_prefix("all other ") {
        for item in others.replace(", and ", ", ").replace(" and ", ", ").split(", ") {
            let set = |change: &Option<SetChange>| change.as_ref().is_some_and(|c| c.set.is_some());
            match item {
                "abilities" => body.abilities.get_or_insert_with(AbilityChange::default).remove_all = true,
                "card types" if set(&body.types) => {}
                "creature types" if set(&body.subtypes) => {}
                _ => return Err(unread()),
            }
        }
        return Ok(());
    }
    let change = body.abilities.get_or_insert_with(AbilityChange::default);
    if words == "all abilities" {
        change.remove_all = true;
        return Ok(());
    }
    let lost = abilities(words, false)?;
    for ability in lost {
        let AbilitySpec::Text(text) = ability else { return Err(unread()) };
        change.remove.push(text.to_string());
    }
    Ok(())
}

/// The abilities of a list: keywords and quoted abilities (`flying, first strike, and
/// "{T}: Add {G}."`). Granted (`grant`), or, for `lose`, as the texts that name them.
pub(super) fn abilities(words: &str, granting: bool) -> Result<Vec<AbilitySpec>, Unmodelled> {
    let mut out = Vec::new();
    // Keywords are read a run at a time (`protection from black, from red` is one), in order.
    let mut run: Vec<String> = Vec::new();
    for item in list_items(words) {
        if let Some(quoted) = item.strip_prefix('"').and_then(|q| q.strip_suffix('"')) {
            if !granting {
                return Err(unread());
            }
            out.extend(keyword_run(&std::mem::take(&mut run), granting)?);
            out.extend(granted(quoted)?);
        } else {
            run.push(item);
        }
    }
    out.extend(keyword_run(&run, granting)?);
    if out.is_empty() {
        return Err(unread());
    }
    Ok(out)
}

/// Keywords granted, or named to be lost.
fn keyword_run(run: &[String], granting: bool) -> Result<Vec<AbilitySpec>, Unmodelled> {
    if run.is_empty() {
        return Ok(vec![]);
    }
    let parts = keywords::line(&run.join(", "), &[]).ok_or_else(unread)?;
    let mut out = Vec::new();
    for part in parts {
        if granting {
            out.extend(keywords::granted(&part)?.into_iter().map(grant));
        } else {
            out.push(AbilitySpec::Text(Word::new(&words::lower_outside_braces(part.trim()))));
        }
    }
    Ok(out)
}

/// The items of a list joined by commas and `and`, quotes kept whole.
fn list_items(words: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in words.chars() {
        match c {
            ',' if !quoted => items.push(std::mem::take(&mut current)),
            '"' if quoted => {
                // A quoted ability ends its item.
                current.push(c);
                items.push(std::mem::take(&mut current));
                quoted = false;
            }
            '"' => {
                current.push(c);
                quoted = true;
            }
            _ => current.push(c),
        }
    }
    items.push(current);
    items
        .into_iter()
        .flat_map(|item| {
            let item = item.trim().to_string();
            let item = item.strip_prefix("and ").map(str::to_string).unwrap_or(item);
            // `flying and indestructible` outside quotes: two items.
            if item.starts_with('"') {
                vec![item]
            } else {
                item.split(" and ").map(|s| s.trim().to_string()).collect()
            }
        })
        .filter(|i| !i.is_empty())
        .collect()
}

pub(super) fn set(words: Vec<Word>) -> SetChange {
    SetChange { set: Some(words), ..Default::default() }
}

fn effect(cda: bool, effect: EffectBody) -> Piece {
    Piece::Static { text: String::new(), cda, effect }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_pairs_read_a_sign_and_digits_only() {
        assert_eq!(signed_pair("+1/-0"), Some((1, 0)));
        assert_eq!(signed_pair("-2/+3"), Some((-2, 3)));
        assert_eq!(signed_pair("—1/+1"), None);
        assert_eq!(signed_pair("1/1"), None);
        assert_eq!(signed_pair("+-1/+1"), None);
    }

    #[test]
    fn predicates_split_only_before_a_verb() {
        assert_eq!(
            chunks("get", "+1/+1 and have flying, first strike, and trample"),
            [("get", "+1/+1"), ("have", "flying, first strike, and trample")]
        );
        assert_eq!(
            chunks("is", "a creature in addition to its other types and has base power and toughness 1/1"),
            [("is", "a creature in addition to its other types"), ("has", "base power and toughness 1/1")]
        );
    }
}
