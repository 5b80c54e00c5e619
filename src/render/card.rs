//! `judge card` output: a card as a judge looks it up (faces, Oracle text, rulings) and as the
//! engine models it, ability by ability; or the list of the hand-modelled library.

use super::grid::Grid;
use super::style::Style;
use super::Format;
use crate::cards::{CardView, Entry, FaceView, Library};
use crate::model::AbilitySpec;
use serde::Serialize;

/// The card: each face with its type line, numbers and Oracle text; how each ability is
/// modelled; the rulings; the abilities a scenario's `- card:` brings, in the model's words; the
/// scenarios that name the card.
pub fn text(view: &CardView, style: Style) -> String {
    let mut out = String::new();
    let mut line = |text: &str| {
        out.push_str(&style.wrap(text));
        out.push('\n');
    };
    if view.faces.len() > 1 {
        let layout = view.layout.as_deref().map(|l| format!(" ({})", l.replace('_', " "))).unwrap_or_default();
        line(&format!("{}{layout}", style.strong(&view.name)));
        line("");
    }
    for (i, face) in view.faces.iter().enumerate() {
        if i > 0 {
            line("");
        }
        line(&format!("{} · {}", style.strong(&face.name), characteristics(face)));
        for paragraph in face.oracle_text.lines() {
            line(paragraph);
        }
    }
    out.push('\n');
    let source = match view.file {
        Some(file) => format!("hand-modelled in {file}"),
        None => "read from the Oracle text of the imported card data".to_string(),
    };
    out.push_str(&style.wrap(&format!("How the engine models it ({source}):")));
    out.push('\n');
    let mut table = Grid::new(["Ability", "Modelled"]);
    let mut any = false;
    for face in &view.faces {
        if view.faces.len() > 1 && !face.abilities.is_empty() {
            table.heading(face.name.clone());
        }
        for ability in &face.abilities {
            any = true;
            table.row([ability.text.clone(), how(ability)]);
        }
    }
    if any {
        out.push_str(&table.render(style));
        out.push('\n');
    } else {
        out.push_str("  no abilities\n");
    }
    let abilities = &view.object.abilities;
    if !abilities.is_empty() {
        out.push('\n');
        out.push_str(&style.wrap(&format!(
            "`- card: {}` in a scenario brings these abilities, their ids prefixed by the object's:",
            view.named
        )));
        out.push('\n');
        let yaml = serde_yaml::to_string(&abilities.iter().map(written).collect::<Vec<_>>()).unwrap_or_default();
        for yaml_line in yaml.lines() {
            out.push_str(&format!("  {yaml_line}\n"));
        }
    }
    if !view.object.unmodelled.is_empty() {
        out.push_str(&style.wrap("An answer that uses it says it left out what is not modelled."));
        out.push('\n');
    }
    if !view.rulings.is_empty() {
        out.push('\n');
        out.push_str(&style.wrap(&format!("Rulings ({}):", view.rulings.len())));
        out.push('\n');
        for ruling in &view.rulings {
            out.push_str(&super::style::fill(
                &ruling.text,
                usize::from(style.columns()),
                &format!("  {}  ", ruling.date),
                "              ",
            ));
            out.push('\n');
        }
    }
    if !view.scenarios.is_empty() {
        out.push('\n');
        out.push_str(&style.wrap(&format!("Scenarios that name it: {}", view.scenarios.join(", "))));
        out.push('\n');
    }
    out
}

/// How an ability is modelled, in a few words.
fn how(ability: &crate::cards::AbilityView) -> String {
    let kind = ability.kind.map(|k| format!(" ({})", kind_words(k))).unwrap_or_default();
    match &ability.why {
        Some(why) => format!("left out{kind}: {why}"),
        None => format!("{}{kind}", ability.how),
    }
}

fn kind_words(kind: crate::cards::oracle::Kind) -> &'static str {
    use crate::cards::oracle::Kind;
    match kind {
        Kind::Keyword => "keyword",
        Kind::Static => "static",
        Kind::Replacement => "replacement",
        Kind::Prevention => "prevention",
        Kind::Cant => "can't",
        Kind::Cda => "characteristic-defining",
        Kind::Triggered => "triggered",
        Kind::Activated => "activated",
        Kind::Mana => "mana ability",
        Kind::Spell => "spell",
        Kind::Other => "other",
    }
}

/// Type line, power and toughness or loyalty or defense, mana cost.
fn characteristics(face: &FaceView) -> String {
    let mut parts = vec![face.type_line.clone()];
    if let (Some(power), Some(toughness)) = (&face.power, &face.toughness) {
        parts.push(format!("{power}/{toughness}"));
    }
    if let Some(loyalty) = &face.loyalty {
        parts.push(format!("loyalty {loyalty}"));
    }
    if let Some(defense) = &face.defense {
        parts.push(format!("defense {defense}"));
    }
    if !face.mana_cost.is_empty() {
        parts.push(face.mana_cost.clone());
    }
    if let Some(value) = face.mana_value {
        parts.push(format!("mana value {value}"));
    }
    parts.push(if face.colors.is_empty() { "colorless".to_string() } else { face.colors.join(" and ") });
    parts.join(" · ")
}

/// An ability as a scenario writes it.
fn written(ability: &AbilitySpec) -> serde_yaml::Value {
    serde_yaml::to_value(ability).unwrap_or_default()
}

/// The card as JSON: the view, and the object a scenario makes of it in the model's words.
pub fn json(view: &CardView) -> String {
    #[derive(Serialize)]
    struct Shown<'a> {
        #[serde(flatten)]
        view: &'a CardView,
        abilities: Vec<serde_yaml::Value>,
        unmodelled: &'a [String],
    }
    let abilities = view.object.abilities.iter().map(written).collect();
    super::to_json(&Shown { view, abilities, unmodelled: &view.object.unmodelled })
}

/// The card in Markdown: each face, how each ability is modelled, the rulings.
pub fn markdown(view: &CardView) -> String {
    use super::markdown::{cell, inline, table, text};
    let mut out = format!("## {}\n", inline(&view.name));
    for face in &view.faces {
        out.push_str(&format!("\n**{}** · {}\n", inline(&face.name), inline(&characteristics(face))));
        for paragraph in face.oracle_text.lines() {
            out.push_str(&format!("\n{}\n", text(paragraph)));
        }
    }
    let source = match view.file {
        Some(file) => format!("hand-modelled in {file}"),
        None => "read from the Oracle text of the imported card data".to_string(),
    };
    out.push_str(&format!("\n### How the engine models it ({})\n\n", inline(&source)));
    let rows: Vec<Vec<String>> =
        view.faces.iter().flat_map(|f| &f.abilities).map(|a| vec![cell(&a.text), cell(&how(a))]).collect();
    if rows.is_empty() {
        out.push_str("No abilities.\n");
    } else {
        out.push_str(&table(&["Ability", "Modelled"], &rows));
    }
    if !view.object.unmodelled.is_empty() {
        out.push_str("\nAn answer that uses it says it left out what is not modelled.\n");
    }
    if !view.rulings.is_empty() {
        out.push_str(&format!("\n### Rulings ({})\n\n", view.rulings.len()));
        for ruling in &view.rulings {
            out.push_str(&format!("- {}: {}\n", ruling.date, cell(&ruling.text)));
        }
    }
    if !view.scenarios.is_empty() {
        out.push_str(&format!("\nScenarios that name it: {}\n", inline(&view.scenarios.join(", "))));
    }
    out
}

/// No card of that name: the near ones, and where the cards come from.
pub fn not_found(name: &str, closest: &[String], imported: bool, format: Format) -> String {
    if format == Format::Json {
        #[derive(Serialize)]
        struct NotFound<'a> {
            name: &'a str,
            found: bool,
            closest: &'a [String],
        }
        return super::to_json(&NotFound { name, found: false, closest });
    }
    let mut out = format!("No card named `{}`.", crate::suggest::shown(name));
    if !closest.is_empty() {
        let closest = closest.join(", ");
        let closest = if format == Format::Markdown { super::markdown::inline(&closest) } else { closest };
        out.push_str(&format!(" Closest: {closest}."));
    }
    if !imported {
        out.push_str(
            " Without card data, only the hand-modelled cards are known (`judge card --list`); `judge cards fetch` imports every card.",
        );
    }
    out.push('\n');
    out
}

/// Every card, by name: its characteristics and how many abilities are left out.
pub fn list(library: &Library, style: Style) -> String {
    let mut entries: Vec<&Entry> = library.entries.iter().collect();
    entries.sort_by(|a, b| a.card.name.cmp(&b.card.name));
    let mut table = Grid::new(["Card", "Characteristics", "Not modelled"]).fold(2, 1);
    for entry in &entries {
        let unmodelled = entry.card.unmodelled.len();
        table.row([
            entry.card.name.clone(),
            library_characteristics(entry),
            if unmodelled == 0 { String::new() } else { unmodelled.to_string() },
        ]);
    }
    format!("{} cards in the library\n{}\n", entries.len(), table.render(style))
}

/// Mana value, colours, types and subtypes, power and toughness of a library card.
fn library_characteristics(entry: &Entry) -> String {
    let card = &entry.card;
    let mut types: Vec<&str> = card.supertypes.iter().chain(&card.types).map(String::as_str).collect();
    if !card.subtypes.is_empty() {
        types.push("—");
        types.extend(card.subtypes.iter().map(String::as_str));
    }
    let mut parts = vec![types.join(" ")];
    if let (Some(power), Some(toughness)) = (card.power, card.toughness) {
        parts.push(format!("{power}/{toughness}"));
    }
    parts.push(format!("mana value {}", card.mana_value));
    parts.push(if card.colors.is_empty() { "colorless".to_string() } else { card.colors.join(" and ") });
    parts.join(" · ")
}

pub fn list_json(library: &Library) -> String {
    #[derive(Serialize)]
    struct Listed<'a> {
        name: &'a str,
        file: &'a str,
        unmodelled: usize,
    }
    let mut listed: Vec<Listed> = library
        .entries
        .iter()
        .map(|e| Listed { name: &e.card.name, file: e.file, unmodelled: e.card.unmodelled.len() })
        .collect();
    listed.sort_by(|a, b| a.name.cmp(b.name));
    #[derive(Serialize)]
    struct Listing<'a> {
        cards: Vec<Listed<'a>>,
    }
    super::to_json(&Listing { cards: listed })
}

pub fn list_markdown(library: &Library) -> String {
    let mut entries: Vec<&Entry> = library.entries.iter().collect();
    entries.sort_by(|a, b| a.card.name.cmp(&b.card.name));
    let rows: Vec<Vec<String>> = entries
        .iter()
        .map(|entry| {
            let unmodelled = entry.card.unmodelled.len();
            vec![
                super::markdown::cell(&entry.card.name),
                super::markdown::cell(&library_characteristics(entry)),
                if unmodelled == 0 { String::new() } else { unmodelled.to_string() },
            ]
        })
        .collect();
    let table = super::markdown::table(&["Card", "Characteristics", "Not modelled"], &rows);
    format!("{} cards in the library\n\n{table}", entries.len())
}
