//! Large card data files for the benchmarks, made from a seed: Scryfall's Oracle Cards and
//! Rulings, and MTGJSON's AtomicCards, of any number of cards and rulings. The same seed and
//! counts give the same bytes.
//!
//! Sizes are those of the real files: a Scryfall card object carries about 4 KB of fields a
//! reader skips (image and purchase addresses, prices, legalities, set data), so that 35,000
//! cards make a file of about 160 MB, like the real Oracle Cards. Layouts come in about the
//! proportions of the real file, with tokens and art cards among them, which an import passes
//! over. Names are made up and unique (`Ashen Warden of Tolvaquen`); card `n`'s is [`name`].

use crate::rng::Rng;
use serde_json::{json, Value};
use std::io::{self, Write};

const ADJECTIVES: [&str; 16] = [
    "Ashen", "Brazen", "Cinder", "Dread", "Ember", "Frost", "Gilded", "Hollow", "Ivory", "Jade", "Keen", "Lunar",
    "Mire", "Noble", "Obsidian", "Pale",
];
const NOUNS: [&str; 16] = [
    "Warden", "Seer", "Drake", "Golem", "Herald", "Reaver", "Sage", "Titan", "Wisp", "Knight", "Shaman", "Oracle",
    "Colossus", "Sentry", "Witch", "Hydra",
];
const SYLLABLES: [&str; 20] = [
    "tol", "va", "quen", "ka", "ris", "mor", "dun", "el", "tha", "zir", "an", "ob", "lu", "kesh", "ir", "gan", "ny",
    "sor", "ve", "rath",
];
const SUBTYPES: [&str; 8] =
    ["Human Wizard", "Elf Druid", "Goblin Warrior", "Spirit", "Dragon", "Zombie", "Angel", "Beast"];
const ABILITIES: [&str; 12] = [
    "Flying",
    "Trample\nWhen this creature enters, draw a card.",
    "Whenever this creature attacks, it gets +1/+0 until end of turn for each other attacking creature.",
    "{T}: Add one mana of any color.",
    "Other creatures you control get +1/+1.",
    "When this creature dies, return target creature card from your graveyard to your hand.",
    "Deathtouch\nWard {2}",
    "At the beginning of your upkeep, you may pay {1}. If you don't, sacrifice this creature.",
    "If a source an opponent controls would deal damage to you, prevent 1 of that damage.",
    "{2}{U}, {T}: Look at the top three cards of your library. Put one of them into your hand and the rest on the bottom of your library in any order.",
    "Creatures your opponents control enter tapped.",
    "As long as you control five or more lands, this creature gets +2/+2 and has haste.",
];
const SPELLS: [&str; 6] = [
    "Destroy target creature. Its controller gains life equal to its power.",
    "Counter target spell unless its controller pays {3}.",
    "Draw two cards, then discard a card.",
    "This spell deals 3 damage to any target.",
    "Return target nonland permanent to its owner's hand.",
    "Creatures you control get +2/+2 and gain trample until end of turn.",
];
const RULINGS: [&str; 6] = [
    "If the target becomes illegal before this ability resolves, the ability doesn't resolve and none of its effects happen.",
    "This is a replacement effect: it modifies how the event happens, and it doesn't use the stack.",
    "If this creature leaves the battlefield before its triggered ability resolves, the ability still resolves, using the creature's last known information.",
    "The mana value of a card with {X} in its mana cost counts X as 0 everywhere but on the stack.",
    "Effects that would make this creature get +1/+1 or -1/-1 are applied in layer 7c, after effects that set its power and toughness.",
    "If two or more replacement effects would apply, the affected object's controller or the affected player chooses one to apply first.",
];
const FORMATS: [&str; 21] = [
    "standard",
    "future",
    "historic",
    "timeless",
    "gladiator",
    "pioneer",
    "explorer",
    "modern",
    "legacy",
    "pauper",
    "vintage",
    "penny",
    "commander",
    "oathbreaker",
    "standardbrawl",
    "brawl",
    "alchemy",
    "paupercommander",
    "duel",
    "oldschool",
    "premodern",
];
const COLORS: [&str; 5] = ["W", "U", "B", "R", "G"];

/// The name of card `n`: unique among the cards of any count.
pub fn name(n: usize) -> String {
    format!("{} {} of {}", ADJECTIVES[n % 16], NOUNS[(n / 16) % 16], word(n / 256))
}

/// The Oracle id of card `n`, which its rulings name.
pub fn oracle_id(n: usize) -> String {
    format!("{:08x}-0000-4000-8000-{:012x}", n, (n as u64).wrapping_mul(0x9E37_79B9) & 0xFFFF_FFFF_FFFF)
}

/// A made-up word for a number, different for each (a capital, then syllables).
fn word(mut n: usize) -> String {
    let mut out = String::new();
    loop {
        out.push_str(SYLLABLES[n % SYLLABLES.len()]);
        n /= SYLLABLES.len();
        if n == 0 {
            break;
        }
    }
    let mut chars = out.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// A face of a made-up card, as Scryfall writes it.
struct FaceSpec {
    name: String,
    mana_cost: String,
    type_line: String,
    text: String,
    colors: Vec<&'static str>,
    power: Option<String>,
    toughness: Option<String>,
    loyalty: Option<String>,
}

/// Card `n`: its layout, its faces and its mana value.
fn card(n: usize, rng: &mut Rng) -> (&'static str, Vec<FaceSpec>, u32) {
    let roll = rng.below(100);
    let color = *rng.pick(&COLORS);
    let generic = rng.below(5) as u32;
    let cost = |generic: u32| if generic > 0 { format!("{{{generic}}}{{{color}}}") } else { format!("{{{color}}}") };
    let creature = |rng: &mut Rng, name: String, generic: u32| FaceSpec {
        name,
        mana_cost: cost(generic),
        type_line: format!("Creature — {}", rng.pick(&SUBTYPES)),
        text: (0..1 + rng.below(3)).map(|_| *rng.pick(&ABILITIES)).collect::<Vec<_>>().join("\n"),
        colors: vec![color],
        power: Some((1 + rng.below(6)).to_string()),
        toughness: Some((1 + rng.below(6)).to_string()),
        loyalty: None,
    };
    let spell = |rng: &mut Rng, name: String, kind: &str, generic: u32| FaceSpec {
        name,
        mana_cost: cost(generic),
        type_line: kind.to_string(),
        text: rng.pick(&SPELLS).to_string(),
        colors: vec![color],
        power: None,
        toughness: None,
        loyalty: None,
    };
    let other = |n: usize| format!("{} {}", ADJECTIVES[(n + 7) % 16], word(n + 1_000_000));
    match roll {
        0..=3 => {
            let (a, b) = (spell(rng, word(n * 2 + 2_000_000), "Instant", 1), spell(rng, other(n), "Sorcery", 2));
            ("split", vec![a, b], generic + 4)
        }
        4..=7 => {
            let mut back = creature(rng, other(n), 0);
            back.mana_cost.clear();
            ("transform", vec![creature(rng, name(n), generic), back], generic + 1)
        }
        8..=10 => {
            let land = FaceSpec {
                name: other(n),
                mana_cost: String::new(),
                type_line: "Land".to_string(),
                text: format!("This land enters tapped.\n{{T}}: Add {{{color}}}."),
                colors: vec![],
                power: None,
                toughness: None,
                loyalty: None,
            };
            ("modal_dfc", vec![spell(rng, name(n), "Sorcery", generic), land], generic + 1)
        }
        11..=13 => (
            "adventure",
            vec![creature(rng, name(n), generic), spell(rng, other(n), "Instant — Adventure", 1)],
            generic + 1,
        ),
        14 => ("flip", vec![creature(rng, name(n), generic), creature(rng, other(n), 0)], generic + 1),
        15 | 16 => {
            let walker = FaceSpec {
                name: name(n),
                mana_cost: cost(generic + 2),
                type_line: "Legendary Planeswalker — Vess".to_string(),
                text: "+1: Draw a card.\n−3: Destroy target creature.".to_string(),
                colors: vec![color],
                power: None,
                toughness: None,
                loyalty: Some((3 + rng.below(3)).to_string()),
            };
            ("normal", vec![walker], generic + 3)
        }
        17 => ("token", vec![creature(rng, name(n), 0)], 0),
        18 => ("art_series", vec![spell(rng, name(n), "Card", 0), spell(rng, other(n), "Card", 0)], 0),
        _ if roll < 60 => ("normal", vec![creature(rng, name(n), generic)], generic + 1),
        _ => ("normal", vec![spell(rng, name(n), if roll < 80 { "Instant" } else { "Sorcery" }, generic)], generic + 1),
    }
}

fn face_json(face: &FaceSpec, with_colors: bool) -> Value {
    let mut value = json!({
        "object": "card_face",
        "name": face.name,
        "mana_cost": face.mana_cost,
        "type_line": face.type_line,
        "oracle_text": face.text,
    });
    for (key, field) in [("power", &face.power), ("toughness", &face.toughness), ("loyalty", &face.loyalty)] {
        if let Some(field) = field {
            value[key] = json!(field);
        }
    }
    if with_colors {
        value["colors"] = json!(face.colors);
    }
    value
}

/// What every Scryfall card object carries beside its rules: images, set, prices, addresses.
fn printing_fields(n: usize, rng: &mut Rng, value: &mut Value) {
    let id = format!("{:08x}-1111-4000-8000-{:012x}", n, rng.next_u64() & 0xFFFF_FFFF_FFFF);
    let image =
        |size: &str| format!("https://cards.scryfall.io/{size}/front/{}/{}/{id}.jpg?1700000000", &id[..1], &id[1..2]);
    let set = word(n % 300).to_lowercase();
    value["id"] = json!(id);
    value["multiverse_ids"] = json!([400_000 + n]);
    value["mtgo_id"] = json!(80_000 + n);
    value["tcgplayer_id"] = json!(200_000 + n);
    value["cardmarket_id"] = json!(500_000 + n);
    value["lang"] = json!("en");
    value["released_at"] = json!(format!("20{:02}-0{}-1{}", 5 + n % 20, 1 + n % 9, n % 10));
    value["uri"] = json!(format!("https://api.scryfall.com/cards/{id}"));
    value["scryfall_uri"] = json!(format!("https://scryfall.com/card/{set}/{}/made-up-card?utm_source=api", n % 400));
    value["highres_image"] = json!(true);
    value["image_status"] = json!("highres_scan");
    value["image_uris"] = json!({
        "small": image("small"), "normal": image("normal"), "large": image("large"),
        "png": image("png"), "art_crop": image("art_crop"), "border_crop": image("border_crop"),
    });
    let legal: serde_json::Map<String, Value> =
        FORMATS.iter().map(|f| (f.to_string(), json!(*rng.pick(&["legal", "not_legal", "banned"])))).collect();
    value["legalities"] = Value::Object(legal);
    value["games"] = json!(["paper", "arena", "mtgo"]);
    for (key, flag) in [("reserved", false), ("foil", true), ("nonfoil", true), ("oversized", false), ("promo", false)]
    {
        value[key] = json!(flag);
    }
    value["finishes"] = json!(["nonfoil", "foil"]);
    value["reprint"] = json!(n.is_multiple_of(3));
    value["variation"] = json!(false);
    value["set_id"] = json!(format!("{:08x}-2222-4000-8000-000000000000", n % 300));
    value["set"] = json!(set);
    value["set_name"] = json!(format!("Tales of {}", word(n % 300)));
    value["set_type"] = json!("expansion");
    value["set_uri"] = json!(format!("https://api.scryfall.com/sets/{:08x}-2222-4000-8000-000000000000", n % 300));
    value["set_search_uri"] =
        json!(format!("https://api.scryfall.com/cards/search?order=set&q=e%3A{set}&unique=prints"));
    value["scryfall_set_uri"] = json!(format!("https://scryfall.com/sets/{set}?utm_source=api"));
    value["rulings_uri"] = json!(format!("https://api.scryfall.com/cards/{id}/rulings"));
    value["prints_search_uri"] = json!(format!(
        "https://api.scryfall.com/cards/search?order=released&q=oracleid%3A{}&unique=prints",
        oracle_id(n)
    ));
    value["collector_number"] = json!((n % 400).to_string());
    value["digital"] = json!(false);
    value["rarity"] = json!(*rng.pick(&["common", "uncommon", "rare", "mythic"]));
    value["flavor_text"] = json!("The old roads remember every traveller, and forgive none of them.");
    value["card_back_id"] = json!("0aeebaf5-8c7d-4636-9e82-8c27447861f7");
    value["artist"] = json!(format!("{} {}", word(n % 97), word(n % 89 + 500)));
    value["artist_ids"] = json!([format!("{:08x}-3333-4000-8000-000000000000", n % 97)]);
    value["illustration_id"] = json!(format!("{:08x}-4444-4000-8000-{:012x}", n, n));
    value["border_color"] = json!("black");
    value["frame"] = json!("2015");
    value["full_art"] = json!(false);
    value["textless"] = json!(false);
    value["booster"] = json!(true);
    value["story_spotlight"] = json!(false);
    value["edhrec_rank"] = json!(n + 1);
    value["prices"] = json!({
        "usd": format!("{}.{:02}", n % 20, n % 100), "usd_foil": format!("{}.{:02}", n % 40, n % 97),
        "usd_etched": null, "eur": format!("{}.{:02}", n % 18, n % 90), "eur_foil": null, "tix": "0.02",
    });
    value["related_uris"] = json!({
        "gatherer": format!("https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid={}", 400_000 + n),
        "tcgplayer_infinite_articles": format!("https://tcgplayer.pxf.io/c/4931599/1830156/21018?subId1=api&trafcat=infinite&u=https%3A%2F%2Finfinite.tcgplayer.com%2Fsearch%3FcontentMode%3Darticle%26game%3Dmagic%26partner%3Dscryfall%26q%3D{n}"),
        "tcgplayer_infinite_decks": format!("https://tcgplayer.pxf.io/c/4931599/1830156/21018?subId1=api&trafcat=infinite&u=https%3A%2F%2Finfinite.tcgplayer.com%2Fsearch%3FcontentMode%3Ddeck%26game%3Dmagic%26partner%3Dscryfall%26q%3D{n}"),
        "edhrec": format!("https://edhrec.com/route/?cc=made-up-card-{n}"),
    });
    value["purchase_uris"] = json!({
        "tcgplayer": format!("https://tcgplayer.pxf.io/c/4931599/1830156/21018?subId1=api&u=https%3A%2F%2Fwww.tcgplayer.com%2Fproduct%2F{}%3Fpage%3D1", 200_000 + n),
        "cardmarket": format!("https://www.cardmarket.com/en/Magic/Products/Search?referrer=scryfall&searchString=made+up+card+{n}&utm_campaign=card_prices&utm_medium=text&utm_source=scryfall"),
        "cardhoarder": format!("https://www.cardhoarder.com/cards/{}?affiliate_id=scryfall&ref=card-profile&utm_campaign=affiliate&utm_medium=card&utm_source=scryfall", 80_000 + n),
    });
}

/// Scryfall's Oracle Cards: `cards` card objects, in a JSON array.
pub fn scryfall_cards(cards: usize, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut rng = Rng::new(seed);
    out.write_all(b"[\n")?;
    for n in 0..cards {
        let (layout, faces, mana_value) = card(n, &mut rng);
        let full_name = faces.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(" // ");
        let mut value = json!({
            "object": "card",
            "oracle_id": oracle_id(n),
            "name": full_name,
            "layout": layout,
            "cmc": f64::from(mana_value),
            "color_identity": faces[0].colors,
            "keywords": if faces[0].text.starts_with("Flying") { vec!["Flying"] } else { vec![] },
        });
        if let [face] = faces.as_slice() {
            for (key, field) in face_json(face, true).as_object().into_iter().flatten() {
                if key != "object" && key != "name" {
                    value[key] = field.clone();
                }
            }
        } else {
            // Split, flip and adventurer cards give their colours on the top level only.
            let own_colors = matches!(layout, "transform" | "modal_dfc");
            value["colors"] = json!(faces[0].colors);
            value["card_faces"] = Value::Array(faces.iter().map(|f| face_json(f, own_colors)).collect());
        }
        printing_fields(n, &mut rng, &mut value);
        serde_json::to_writer(&mut *out, &value)?;
        out.write_all(if n + 1 < cards { b",\n" } else { b"\n" })?;
    }
    out.write_all(b"]\n")
}

/// Scryfall's Rulings: `rulings` ruling objects on the first `cards` cards, a few of them notes
/// of Scryfall's own.
pub fn scryfall_rulings(rulings: usize, cards: usize, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut rng = Rng::new(seed ^ 0x5EED);
    out.write_all(b"[\n")?;
    for n in 0..rulings {
        let card = rng.below(cards.max(1));
        let source = if rng.below(20) == 0 { "scryfall" } else { "wotc" };
        let value = json!({
            "object": "ruling",
            "oracle_id": oracle_id(card),
            "source": source,
            "published_at": format!("20{:02}-{:02}-{:02}", 4 + rng.below(22), 1 + rng.below(12), 1 + rng.below(28)),
            "comment": rng.pick(&RULINGS),
        });
        serde_json::to_writer(&mut *out, &value)?;
        out.write_all(if n + 1 < rulings { b",\n" } else { b"\n" })?;
    }
    out.write_all(b"]\n")
}

/// MTGJSON's AtomicCards: the same cards as [`scryfall_cards`] of that seed, each face an object
/// under the card's full name, with `rulings` rulings spread over them.
pub fn mtgjson_atomic_cards(cards: usize, rulings: usize, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut rng = Rng::new(seed);
    let mut ruling_rng = Rng::new(seed ^ 0x5EED);
    let mut per_card = vec![0usize; cards];
    for _ in 0..rulings {
        per_card[ruling_rng.below(cards.max(1))] += 1;
    }
    out.write_all(b"{\"meta\":{\"date\":\"2026-01-05\",\"version\":\"5.2.2+20260105\"},\"data\":{\n")?;
    for n in 0..cards {
        let (layout, faces, mana_value) = card(n, &mut rng);
        let full_name = faces.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(" // ");
        let card_rulings: Vec<Value> = (0..per_card[n])
            .map(|i| json!({"date": format!("20{:02}-01-{:02}", 4 + i % 22, 1 + i % 28), "text": RULINGS[(n + i) % 6]}))
            .collect();
        let legal: serde_json::Map<String, Value> =
            FORMATS.iter().map(|f| (f.to_string(), json!(*rng.pick(&["Legal", "Banned"])))).collect();
        let objects: Vec<Value> = faces
            .iter()
            .enumerate()
            .map(|(at, face)| {
                let mut value = json!({
                    "name": full_name,
                    "layout": layout,
                    "manaCost": face.mana_cost,
                    "manaValue": f64::from(mana_value),
                    "type": face.type_line,
                    "text": face.text,
                    "colors": face.colors,
                    "colorIdentity": faces[0].colors,
                    "identifiers": {"scryfallOracleId": oracle_id(n), "scryfallIllustrationId": format!("{n:08x}-4444")},
                    "legalities": legal,
                    "printings": [word(n % 300).to_uppercase()],
                    "purchaseUrls": {"tcgplayer": format!("https://mtgjson.com/links/{:016x}", n * 31 + at)},
                    "rulings": card_rulings,
                });
                if faces.len() > 1 {
                    value["faceName"] = json!(face.name);
                    value["side"] = json!(["a", "b"][at.min(1)]);
                }
                for (key, field) in [("power", &face.power), ("toughness", &face.toughness), ("loyalty", &face.loyalty)] {
                    if let Some(field) = field {
                        value[key] = json!(field);
                    }
                }
                value
            })
            .collect();
        serde_json::to_writer(&mut *out, &full_name)?;
        out.write_all(b":")?;
        serde_json::to_writer(&mut *out, &objects)?;
        out.write_all(if n + 1 < cards { b",\n" } else { b"\n" })?;
    }
    out.write_all(b"}}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::import;
    use crate::cards::store::FileKind;
    use std::collections::HashSet;

    #[test]
    fn names_are_unique() {
        let names: HashSet<String> = (0..40_000).map(name).collect();
        assert_eq!(names.len(), 40_000);
    }

    #[test]
    fn the_files_read_as_their_kinds_and_are_the_same_for_a_seed() {
        let mut cards = Vec::new();
        scryfall_cards(300, 7, &mut cards).unwrap();
        let mut again = Vec::new();
        scryfall_cards(300, 7, &mut again).unwrap();
        assert_eq!(cards, again);
        let size = cards.len() / 300;
        assert!((3_500..6_000).contains(&size), "about 4 KB a card: {size}");
        let read = import::read(&cards[..], "cards.json", None, false).unwrap();
        assert_eq!(read.kind, FileKind::ScryfallOracleCards);
        assert_eq!(read.cards.len() + read.skipped, 300);
        assert!(read.skipped > 0, "tokens and art cards among them");
        let layouts: HashSet<&str> = read.cards.iter().map(|c| c.layout.as_str()).collect();
        for layout in ["normal", "split", "transform", "modal_dfc", "adventure", "flip"] {
            assert!(layouts.contains(layout), "{layout}");
        }

        let mut rulings = Vec::new();
        scryfall_rulings(500, 300, 7, &mut rulings).unwrap();
        let read = import::read(&rulings[..], "rulings.json", None, false).unwrap();
        assert_eq!((read.kind, read.rulings.len() + read.unofficial), (FileKind::ScryfallRulings, 500));

        let mut atomic = Vec::new();
        mtgjson_atomic_cards(300, 500, 7, &mut atomic).unwrap();
        let read = import::read(&atomic[..], "AtomicCards.json", None, false).unwrap();
        assert_eq!(read.kind, FileKind::MtgjsonAtomicCards);
        assert_eq!(read.cards.len() + read.skipped, 300);
    }
}
