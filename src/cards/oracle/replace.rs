//! Replacement, prevention and "can't" effects of static abilities (614–616, 101.2): damage
//! doubled, increased, prevented or redirected; a card exiled instead of put into a graveyard;
//! permanents entering tapped or with counters; draws, life, counters and tokens multiplied or
//! increased; steps skipped; regeneration; and what can't happen among the model's events.

use super::damage::{self, Act};
use super::template::Template;
use super::{condition, nouns, unmodelled, why, words, FaceText, Piece, Pieces, Unmodelled};
use crate::model::{
    ConditionSpec, CountSpec, CounterNumber, EffectBody, EventKindSpec, InsteadSpec, Position, Quantity,
    ReplacementSpec, SelectorSpec, Zone,
};
use regex_lite::Captures;
use std::sync::LazyLock;

/// What a template makes of the sentence it matched.
type Make = fn(&Captures) -> Pieces;
type Sentence = (Template, Make);

/// Templates, each a whole sentence (normalised, without its period).
static TEMPLATES: LazyLock<Vec<Sentence>> = LazyLock::new(|| {
    let combat = r"(?P<combat>combat |noncombat )?";
    let who = r"(?P<who>you|an opponent|a player|each player|players|your opponents|each opponent)";
    let counted = r"(?P<kind>\S+ )?";
    let t: Vec<(String, Make)> = vec![
        (
            format!(r"^if (?P<src>.+?) would deal {combat}damage to (?P<to>.+?), (?:it|that source|~) deals (?P<how>double|triple) that damage(?: to (?:that|those) [a-z ,]+?)? instead$"),
            |c| damage::damage(c, Act::Multiply),
        ),
        (
            format!(r"^if (?P<src>.+?) would deal {combat}damage to (?P<to>.+?), (?:it|that source|~) deals that much damage plus (?P<n>\w+)(?: to (?:that|those) [a-z ,]+?)? instead$"),
            |c| damage::damage(c, Act::Add),
        ),
        (
            format!(r"^if (?P<src>.+?) would deal {combat}damage to (?P<to>.+?), prevent (?P<n>\w+) of that damage$"),
            |c| damage::damage(c, Act::PreventSome),
        ),
        (
            format!(r"^if (?P<src>.+?) would deal {combat}damage to (?P<to>.+?), prevent that damage$"),
            |c| damage::damage(c, Act::PreventAll),
        ),
        (
            format!(r"^if {combat}damage would be dealt to (?P<to>.+?)(?: by (?P<src>.+?))?, prevent that damage$"),
            |c| damage::damage(c, Act::PreventAll),
        ),
        (
            format!(r"^prevent all {combat}damage that would be dealt to and dealt by (?P<to>~)$"),
            |c| {
                let mut to = damage::damage(c, Act::PreventAll)?;
                to.extend(damage::damage_by_self(c)?);
                Ok(to)
            },
        ),
        (
            format!(r"^prevent all {combat}damage that would be dealt to (?P<to>.+?)(?: by (?P<src>.+?))?$"),
            |c| damage::damage(c, Act::PreventAll),
        ),
        (format!(r"^prevent all {combat}damage that would be dealt by (?P<src>.+?)$"), |c| damage::damage(c, Act::PreventAll)),
        (format!(r"^{combat}damage (?:that would be dealt by (?P<src>.+?) )?can't be prevented$"), damage::unpreventable),
        (
            format!(r"^prevent all {combat}damage that (?P<src>.+?) would deal(?: to (?P<to>.+?))?$"),
            |c| damage::damage(c, Act::PreventAll),
        ),
        (
            format!(r"^all {combat}damage that would be dealt to (?P<to>.+?) is dealt to (?P<dest>.+?) instead$"),
            |c| damage::damage(c, Act::Redirect),
        ),
        (
            r"^if damage would be dealt to (?P<to>~), put that many (?P<kind>\S+) counters on (?:it|~) instead$".into(),
            |c| damage::damage(c, Act::Counters),
        ),
        (
            r"^if (?P<np>.+?) would (?:(?P<die>die)|be put into (?P<gy>a|an opponent's|your|its owner's|a player's) graveyard(?P<from> from anywhere| from the battlefield)?), (?P<act>.+?) instead$".into(),
            moved,
        ),
        (
            r"^if (?P<np>.+?) would (?:(?P<die>die)|be put into (?P<gy>a|an opponent's|your|its owner's|a player's) graveyard(?P<from> from anywhere| from the battlefield)?), (?:instead (?P<act>.+?)|(?P<act2>.+?) instead) and (?P<also>.+)$".into(),
            moved_and_also,
        ),
        (r"^(?P<np>.+?) enters? tapped$".into(), |c| enter(c, Enter::Tapped)),
        (r"^(?P<np>.+?) enters? tapped unless (?P<cond>.+)$".into(), |c| enter(c, Enter::TappedUnless)),
        (
            r"^(?P<np>.+?) enters? with (?P<n>\w+) (?P<kind>\S+) counters? on (?:it|them)$".into(),
            |c| enter(c, Enter::Counters),
        ),
        (
            r"^(?P<np>.+?) enters? with an additional (?P<kind>\S+) counter on (?:it|them)$".into(),
            |c| enter(c, Enter::Counters),
        ),
        (
            format!(r"^if one or more {counted}counters would be put on (?P<np>.+?), (?P<how>twice that many|three times that many|that many plus (?:one|two|three)) (?:of each of those kinds of |of those |\S+ )?counters are put on (?:it|them|that creature|that permanent) instead$"),
            counters,
        ),
        (
            format!(r"^if an effect would put one or more {counted}counters on (?P<np>.+?), it puts (?P<how>twice that many|three times that many|that many plus (?:one|two|three)) (?:of those |\S+ )?counters on (?:it|them|that creature|that permanent) instead$"),
            counters,
        ),
        (
            format!(r"^if {who} would get one or more {counted}counters, (?:you|that player) gets? (?P<how>twice that many|three times that many|that many plus (?:one|two|three))(?: (?:of those |\S+ )?counters)? instead$"),
            counters,
        ),
        (r"^counters can't be put on (?P<np>.+)$".into(), |c| cant_counters(c, None)),
        (r"^(?P<np>.+?) can't enter(?: the battlefield)?$".into(), cant_enter),
        (r"^(?P<np>.+?) can't have (?P<kind>\S+) counters put on (?:it|them)$".into(), |c| {
            cant_counters(c, c.name("kind").map(|k| k.as_str()))
        }),
        (format!(r"^{who} can't get (?P<kind>poison )?counters$"), |c| {
            player_effect(c, EventKindSpec::Counters, |r, c| {
                r.counter = c.name("kind").map(|k| k.as_str().trim().to_string());
                r.cant = true;
            })
        }),
        (
            r"^if (?:an effect would create one or more tokens under your control, it creates|one or more tokens would be created(?P<yours> under your control)?, ) ?(?P<how>twice|three times) that many of those tokens (?:are created )?instead$".into(),
            tokens,
        ),
        (format!(r"^if {who} would gain life, (?:you|that player) gains? (?P<how>twice|three times) that much life instead$"), |c| {
            player_effect(c, EventKindSpec::GainLife, |r, c| r.multiply = c.name("how").and_then(|h| words::times(h.as_str())))
        }),
        (format!(r"^if {who} would gain life, (?:you|that player) gains? that much life plus (?P<n>\w+) instead$"), |c| {
            player_effect(c, EventKindSpec::GainLife, |r, c| r.add = c.name("n").and_then(|n| words::number(n.as_str())))
        }),
        (format!(r"^if {who} would gain life, (?:you|that player) loses? that much life instead$"), |c| {
            player_effect(c, EventKindSpec::GainLife, |r, _| {
                r.instead = Some(InsteadSpec { lose_life: Some(Quantity::ThatMany), ..Default::default() })
            })
        }),
        (format!(r"^if {who} would gain life, (?:you|that player) draws? that many cards instead$"), |c| {
            player_effect(c, EventKindSpec::GainLife, |r, _| {
                r.instead = Some(InsteadSpec { draw: Some(Quantity::ThatMany), ..Default::default() })
            })
        }),
        (format!(r"^if {who} would gain life, that player gains no life instead$"), |c| {
            player_effect(c, EventKindSpec::GainLife, |r, _| {
                r.instead = Some(InsteadSpec { action: Some("gains no life".into()), ..Default::default() })
            })
        }),
        (format!(r"^{who} can't gain life$"), |c| player_effect(c, EventKindSpec::GainLife, cant)),
        (format!(r"^{who} can't lose life$"), |c| player_effect(c, EventKindSpec::LoseLife, cant)),
        (r"^(?P<who>your) life total can't change$".into(), |c| {
            let mut both = player_effect(c, EventKindSpec::GainLife, cant)?;
            both.extend(player_effect(c, EventKindSpec::LoseLife, cant)?);
            Ok(both)
        }),
        (format!(r"^{who} can't lose the game$"), |c| player_effect(c, EventKindSpec::LoseGame, cant)),
        (format!(r"^{who} can't draw cards$"), |c| player_effect(c, EventKindSpec::Draw, cant)),
        // 121.2b: a "can't" on each card drawn, once the player has drawn one this turn.
        (format!(r"^{who} can't draw more than one card each turn$"), |c| {
            player_effect(c, EventKindSpec::Draw, |r, _| {
                r.cant = true;
                r.condition = Some(drawn_condition(ConditionSpec {
                    drawn_this_turn: Some(CountSpec { at_least: Some(1), at_most: None }),
                    ..Default::default()
                }));
            })
        }),
        (
            format!(r"^if {who} would draw a card except the first one (?:they|he or she) draws? in each of (?:their|his or her) draw steps, instead (?:you skip that draw and you|that player skips that draw and you) draw a card$"),
            |c| {
                player_effect(c, EventKindSpec::Draw, |r, _| {
                    r.condition = Some(drawn_condition(ConditionSpec {
                        first_draw_of_draw_step: Some(false),
                        ..Default::default()
                    }));
                    r.instead = Some(InsteadSpec {
                        draw: Some(Quantity::Fixed(1)),
                        players: Some(vec!["you".into()]),
                        ..Default::default()
                    });
                })
            },
        ),
        (format!(r"^if {who} would draw a card, (?:(?:you|that player) )?draws? (?P<n>two|three) cards instead$"), |c| {
            player_effect(c, EventKindSpec::Draw, |r, c| r.multiply = c.name("n").and_then(|n| words::number(n.as_str())))
        }),
        (
            format!(r"^if {who} would draw (?P<n>two|three) or more cards, instead you and that player each draw a card$"),
            |c| {
                player_effect(c, EventKindSpec::Draw, |r, c| {
                    r.cards = Some(CountSpec { at_least: c.name("n").and_then(|n| words::number(n.as_str())), at_most: None });
                    r.instead = Some(InsteadSpec {
                        draw: Some(Quantity::Fixed(1)),
                        players: Some(vec!["you".into(), "that_player".into()]),
                        ..Default::default()
                    });
                })
            },
        ),
        (r"^(?P<who>)skip your (?P<step>untap|upkeep|draw) step$".into(), skip),
        (format!(r"^{who} skips? their (?P<step>untap|upkeep|draw) steps?$"), skip),
        (r"^if ~ would be destroyed, regenerate it$".into(), |_| {
            Ok(vec![replacement(ReplacementSpec {
                event: Some(EventKindSpec::Destroy),
                object: Some(nouns::itself()),
                regenerate: true,
                ..Default::default()
            })])
        }),
        (r"^(?P<np>.+?) can't be destroyed$".into(), |c| {
            let objects = nouns::objects(&c["np"])?;
            Ok(objects
                .into_iter()
                .map(|o| {
                    replacement(ReplacementSpec {
                        event: Some(EventKindSpec::Destroy),
                        object: Some(o),
                        cant: true,
                        ..Default::default()
                    })
                })
                .collect())
        }),
    ];
    t.into_iter().map(|(re, f)| (Template::new(re), f)).collect()
});

/// A replacement, prevention or "can't" effect, when the sentence is one of the templates; a
/// condition before it (`As long as you have no cards in hand, if …`) with it.
/// `As ~ enters, you may pay 2 life.` then `If you don't, it enters tapped.` (the shock lands):
/// two sentences of one effect, which enters tapped unless its controller pays (614.1c, 119.4).
pub(super) fn unless_paid(offer: &str, otherwise: &str) -> Option<Pieces> {
    static OFFER: LazyLock<regex_lite::Regex> = LazyLock::new(|| {
        regex_lite::Regex::new(r"^as ~ enters(?: the battlefield)?, you may pay (?P<n>\w+) life$").expect("a template")
    });
    static OTHERWISE: LazyLock<regex_lite::Regex> = LazyLock::new(|| {
        regex_lite::Regex::new(r"^if you don't, (?:it|~) enters(?: the battlefield)? tapped$").expect("a template")
    });
    let life = words::number(&OFFER.captures(offer)?["n"])?;
    OTHERWISE.is_match(otherwise).then(|| {
        Ok(vec![replacement(ReplacementSpec {
            event: Some(EventKindSpec::Enter),
            object: Some(SelectorSpec { itself: true, ..Default::default() }),
            tapped: true,
            unless_paid: Some(crate::model::PaymentSpec { life }),
            ..Default::default()
        })])
    })
}

pub(super) fn sentence(_face: &FaceText, s: &str) -> Option<Pieces> {
    if let Some(rest) = s.strip_prefix("as long as ") {
        let (condition, rest) = rest.split_once(", ")?;
        let pieces = plain_sentence(rest)?;
        return Some(pieces.and_then(|pieces| with_condition(pieces, condition)));
    }
    plain_sentence(s)
}

fn plain_sentence(s: &str) -> Option<Pieces> {
    TEMPLATES.iter().find_map(|(re, make)| re.captures(s).map(|c| make(&c)))
}

/// The condition set on each replacement effect of the sentence.
fn with_condition(pieces: Vec<Piece>, condition: &str) -> Pieces {
    let condition = condition::condition_of(condition)?;
    pieces
        .into_iter()
        .map(|p| match p {
            Piece::Static { text, cda, mut effect } => {
                let r = effect.replacement.as_mut().ok_or_else(|| why("a condition on a continuous effect"))?;
                r.condition = Some(condition.clone());
                Ok(Piece::Static { text, cda, effect })
            }
            text => Ok(text),
        })
        .collect()
}

pub(super) fn replacement(r: ReplacementSpec) -> Piece {
    Piece::Static { text: String::new(), cda: false, effect: EffectBody { replacement: Some(r), ..Default::default() } }
}

/// A condition on the cards drawn by the player who would draw.
fn drawn_condition(c: ConditionSpec) -> ConditionSpec {
    ConditionSpec { player: Some("that_player".into()), ..c }
}

fn cant(r: &mut ReplacementSpec, _: &Captures) {
    r.cant = true;
}

/// An effect on an event that happens to players (`who`): life, draws, counters, the game.
fn player_effect(c: &Captures, event: EventKindSpec, act: fn(&mut ReplacementSpec, &Captures)) -> Pieces {
    let who = c.name("who").map_or("", |w| w.as_str());
    let player = match who {
        "your" => vec!["you".to_string()],
        _ => nouns::players(who).ok_or_else(|| why(format!("the players `{who}`: not ones the model names")))?,
    };
    let mut r = ReplacementSpec { event: Some(event), player: Some(player), ..Default::default() };
    act(&mut r, c);
    let acted = r.cant || r.multiply.is_some() || r.add.is_some() || r.instead.is_some();
    if !acted {
        return unmodelled("a number the compiler could not read");
    }
    Ok(vec![replacement(r)])
}

/// `Skip your draw step.`, `Players skip their untap steps.` (614.10).
fn skip(c: &Captures) -> Pieces {
    let who = c.name("who").map_or("", |w| w.as_str());
    let player = if who.is_empty() { Some(vec!["you".to_string()]) } else { nouns::players(who) };
    let player = player.ok_or_else(|| why(format!("the players `{who}`: not ones the model names")))?;
    Ok(vec![replacement(ReplacementSpec {
        event: Some(EventKindSpec::Begin),
        player: Some(player),
        step: Some(format!("{} step", &c["step"])),
        skip: true,
        ..Default::default()
    })])
}

/// `If <objects> would die / be put into a graveyard, <act> instead.`
/// "…, instead exile that card and create a 2/2 black Zombie creature token" (Kalitas), "…, exile
/// it instead and you gain 2 life": a zone change and a second thing, both instead (614.1a), read
/// whole or not at all.
fn moved_and_also(c: &Captures) -> Pieces {
    let act = c.name("act").or_else(|| c.name("act2")).map_or("", |a| a.as_str());
    let also = also_instead(&c["also"])?;
    let pieces = moved_acting(c, act)?;
    Ok(pieces
        .into_iter()
        .map(|p| match p {
            Piece::Static { text, cda, mut effect } => {
                if let Some(r) = &mut effect.replacement {
                    r.also = Some(also.clone());
                }
                Piece::Static { text, cda, effect }
            }
            other => other,
        })
        .collect())
}

/// The second thing a replacement does instead, done by the effect's controller: tokens created
/// ("create a 2/2 black Zombie creature token", "create two 1/1 white Spirit creature tokens with
/// flying") or life gained ("you gain 2 life").
fn also_instead(words: &str) -> Result<InsteadSpec, Unmodelled> {
    static TOKENS: LazyLock<regex_lite::Regex> = LazyLock::new(|| {
        regex_lite::Regex::new(r"^create (?P<n>a|an|one|two|three|four|five) (?P<what>[0-9]+/[0-9]+ (?:(?:white|blue|black|red|green|colorless) )*(?:[a-z]+ )+?(?:artifact )?creature) tokens?(?P<with> with [a-z]+(?: and [a-z]+)?)?$").expect("a valid pattern")
    });
    static LIFE: LazyLock<regex_lite::Regex> =
        LazyLock::new(|| regex_lite::Regex::new(r"^you gain (?P<n>\w+) life$").expect("a valid pattern"));
    let you = Some(vec!["you".to_string()]);
    if let Some(c) = TOKENS.captures(words) {
        let count = words::number(&c["n"]).ok_or_else(|| why("a number of tokens the model does not know"))?;
        // Subtypes are capitalised in the token's words, as in the Oracle text.
        let what: Vec<String> = c["what"]
            .split(' ')
            .map(|w| {
                let plain = ["white", "blue", "black", "red", "green", "colorless", "artifact", "creature"];
                if plain.contains(&w) || w.contains('/') {
                    w.to_string()
                } else {
                    let mut cs = w.chars();
                    cs.next().map_or_else(String::new, |f| f.to_uppercase().chain(cs).collect())
                }
            })
            .collect();
        let token = format!("{}{}", what.join(" "), c.name("with").map_or("", |w| w.as_str()));
        let tokens = crate::model::TokensInstead { count: Quantity::Fixed(count), token };
        return Ok(InsteadSpec { tokens: Some(tokens), players: you, ..Default::default() });
    }
    if let Some(c) = LIFE.captures(words) {
        let n = words::number(&c["n"]).ok_or_else(|| why("an amount of life the model does not know"))?;
        return Ok(InsteadSpec { gain_life: Some(Quantity::Fixed(n)), players: you, ..Default::default() });
    }
    unmodelled(format!("instead, also `{words}`: not an event the model's `also` has"))
}

fn moved(c: &Captures) -> Pieces {
    moved_acting(c, &c["act"])
}

fn moved_acting(c: &Captures, act: &str) -> Pieces {
    let np = &c["np"];
    let die = c.name("die").is_some();
    // A permanent is on the battlefield: "a permanent would be put into a graveyard" leaves it.
    let from_battlefield =
        die || np == "a permanent" || c.name("from").is_some_and(|f| f.as_str() == " from the battlefield");
    // "~ would be put into a graveyard from anywhere" says where it works: everywhere (113.6b),
    // which `Piece::into_spec` reads off the effect. Without "from anywhere", from the battlefield.
    if np == "~" && !from_battlefield && c.name("from").is_none() {
        return unmodelled("it works from anywhere: the model's static abilities work on the battlefield only");
    }
    let (zone, position) = match act {
        "exile it" | "exile that card" | "exile that permanent" | "exile them" => (Zone::Exile, None),
        "put it on the bottom of its owner's library" => (Zone::Library, Some(Position::Bottom)),
        // Revealing it shows the card to every player; it changes nothing of where it goes.
        "shuffle it into its owner's library" | "reveal ~ and shuffle it into its owner's library" => {
            (Zone::Library, Some(Position::Shuffled))
        }
        "return it to its owner's hand" | "put it into its owner's hand" => (Zone::Hand, None),
        other => return unmodelled(format!("instead, `{other}`: not a zone change the model has")),
    };
    let mut object = match np {
        "a card or token" | "a card" | "a card or a token" => None,
        // The library's reading: a permanent as it leaves the battlefield.
        "a permanent" => Some(SelectorSpec { zone: Some(Zone::Battlefield), ..Default::default() }),
        _ => Some(nouns::object(np)?),
    };
    let owner = match c.name("gy").map(|g| g.as_str()) {
        Some("an opponent's") => Some("opponents"),
        Some("your") => Some("you"),
        _ => None,
    };
    if let Some(owner) = owner {
        object.get_or_insert_with(SelectorSpec::default).owner = Some(owner.into());
    }
    Ok(vec![replacement(ReplacementSpec {
        event: Some(EventKindSpec::Move),
        object,
        from: from_battlefield.then_some(Zone::Battlefield),
        to: Some(Zone::Graveyard),
        zone: Some(zone),
        position,
        ..Default::default()
    })])
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Enter {
    Tapped,
    TappedUnless,
    Counters,
}

/// `<objects> enter tapped`, `~ enters tapped unless you control a Mountain`, `~ enters with
/// two +1/+1 counters on it` (614.1c).
fn enter(c: &Captures, how: Enter) -> Pieces {
    let objects = nouns::objects(&c["np"])?;
    let mut counters = std::collections::BTreeMap::new();
    if how == Enter::Counters {
        let n = match c.name("n").map(|n| n.as_str()) {
            None => Some(CounterNumber::Fixed(1)),
            Some("x") => Some(CounterNumber::X),
            Some(n) => words::number(n).map(CounterNumber::Fixed),
        };
        let n = n.ok_or_else(|| why("a number of counters the model does not know"))?;
        counters.insert(c["kind"].to_string(), n);
        if objects.len() > 1 {
            return unmodelled("counters on kinds of objects no one selector says, which the effect would add twice");
        }
    }
    let condition = match c.name("cond") {
        Some(cond) => Some(condition::unless(cond.as_str())?),
        None => None,
    };
    Ok(objects
        .into_iter()
        .map(|o| {
            replacement(ReplacementSpec {
                event: Some(EventKindSpec::Enter),
                object: Some(o),
                tapped: how != Enter::Counters,
                counters: counters.clone(),
                condition: condition.clone(),
                ..Default::default()
            })
        })
        .collect())
}

/// Counters doubled or increased, on objects or on players.
fn counters(c: &Captures) -> Pieces {
    let how = &c["how"];
    let (multiply, add) = match how {
        "twice that many" => (Some(2), None),
        "three times that many" => (Some(3), None),
        _ => (None, how.strip_prefix("that many plus ").and_then(words::number)),
    };
    let counter = c.name("kind").map(|k| k.as_str().trim().to_string());
    let mut r = ReplacementSpec { event: Some(EventKindSpec::Counters), counter, multiply, add, ..Default::default() };
    if let Some(np) = c.name("np") {
        r.object = Some(nouns::object(np.as_str())?);
    } else {
        let who = c.name("who").map_or("", |w| w.as_str());
        r.player = Some(nouns::players(who).ok_or_else(|| why(format!("the players `{who}`")))?);
    }
    Ok(vec![replacement(r)])
}

/// `Counters can't be put on <objects>`, `<objects> can't have -1/-1 counters put on them`.
fn cant_counters(c: &Captures, kind: Option<&str>) -> Pieces {
    Ok(nouns::objects(&c["np"])?
        .into_iter()
        .map(|o| {
            replacement(ReplacementSpec {
                event: Some(EventKindSpec::Counters),
                object: Some(o),
                counter: kind.map(str::to_string),
                cant: true,
                ..Default::default()
            })
        })
        .collect())
}

/// `<objects> can't enter the battlefield` (Grafdigger's Cage): the event can't happen (101.2).
/// "Cards in graveyards and libraries" are two selectors, one per zone.
fn cant_enter(c: &Captures) -> Pieces {
    let np = &c["np"];
    let phrases = match np.strip_suffix(" in graveyards and libraries") {
        Some(kind) => vec![format!("{kind} in graveyards"), format!("{kind} in libraries")],
        None => vec![np.to_string()],
    };
    let mut pieces = Vec::new();
    for phrase in phrases {
        for object in nouns::objects(&phrase)? {
            pieces.push(replacement(ReplacementSpec {
                event: Some(EventKindSpec::Enter),
                object: Some(object),
                cant: true,
                ..Default::default()
            }));
        }
    }
    Ok(pieces)
}

/// Tokens doubled: under your control, or anyone's.
fn tokens(c: &Captures) -> Pieces {
    let mine = c.name("yours").is_some() || c[0].contains("under your control");
    Ok(vec![replacement(ReplacementSpec {
        event: Some(EventKindSpec::Tokens),
        player: mine.then(|| vec!["you".to_string()]),
        multiply: words::times(&c["how"]),
        ..Default::default()
    })])
}
