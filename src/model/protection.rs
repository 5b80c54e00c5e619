//! Protection (702.16) as the model holds it. The keyword is an ability's text, "protection from
//! [quality]", wherever it comes from (printed, granted by an effect in layer 6, compiled from
//! Oracle text); the static ability it is generates the prevention of 702.16e, whose source
//! selector is the quality. Everything else protection does (702.16c–d: Auras fall off,
//! Equipment and Fortifications become unattached) reads the quality back from that effect, so
//! that a text change (612) or a written-out ability with a selector the text cannot say
//! (`source: {controller: Bob}`) is read the same way.

use super::effect::EffectBody;
use super::event::{EventKindSpec, PreventSpec, ReplacementSpec};
use super::selector::SelectorSpec;
use super::word::{words, Word};

const COLORS: [&str; 5] = ["white", "blue", "black", "red", "green"];

/// Card types a protection can name, singular and plural ("protection from creatures").
const CARD_TYPES: [(&str, &str); 9] = [
    ("artifact", "artifacts"),
    ("battle", "battles"),
    ("creature", "creatures"),
    ("enchantment", "enchantments"),
    ("instant", "instants"),
    ("land", "lands"),
    ("planeswalker", "planeswalkers"),
    ("sorcery", "sorceries"),
    ("kindred", "kindreds"),
];

/// Whether an ability's text is a protection keyword.
pub fn is_protection(text: &str) -> bool {
    text.get(..16).is_some_and(|head| head.eq_ignore_ascii_case("protection from "))
}

/// The sources a protection's text names, as a selector; `Some(None)` for "protection from
/// everything" (702.16j); `None` when the text is not protection from one quality the
/// selectors can say (a name, a player, "monocolored": the file writes such an ability out as a
/// static ability with its `source` selector).
pub fn quality(text: &str) -> Option<Option<SelectorSpec>> {
    if !is_protection(text) {
        return None;
    }
    let q = text[16..].trim().trim_end_matches('.').to_lowercase();
    let selector = |s: SelectorSpec| Some(Some(s));
    match q.as_str() {
        "everything" => Some(None),
        "all colors" | "each color" => selector(SelectorSpec { colors: words(&COLORS), ..Default::default() }),
        "colorless" => selector(SelectorSpec { not_colors: words(&COLORS), ..Default::default() }),
        _ if COLORS.contains(&q.as_str()) => {
            selector(SelectorSpec { colors: vec![Word::new(&q)], ..Default::default() })
        }
        _ => {
            let (one, _) = CARD_TYPES.iter().find(|(one, many)| q == *one || q == *many)?;
            selector(SelectorSpec { types: vec![Word::new(one)], ..Default::default() })
        }
    }
}

/// The static ability a protection's text is (702.16e): damage to the object that has it from
/// sources of its quality is prevented. `None` when `quality` is.
pub fn prevention(text: &str) -> Option<EffectBody> {
    let source = quality(text)?;
    Some(EffectBody {
        replacement: Some(ReplacementSpec {
            event: Some(EventKindSpec::Damage),
            object: Some(SelectorSpec { itself: true, ..Default::default() }),
            source,
            prevent: Some(PreventSpec::All),
            ..Default::default()
        }),
        ..Default::default()
    })
}

/// The quality of a protection ability as the effect it generates says it: the source selector
/// of a prevention of all damage to the object itself (`Some(None)`: from everything); `None`
/// when the ability is not protection.
pub fn quality_of(text: &str, generates: &EffectBody) -> Option<Option<SelectorSpec>> {
    let r = generates.replacement.as_ref()?;
    let own = r.object.as_ref().is_some_and(|o| o.itself);
    let protection = is_protection(text)
        && r.event == Some(EventKindSpec::Damage)
        && own
        && r.prevent == Some(PreventSpec::All)
        && !r.cant
        && r.player.is_none();
    protection.then(|| r.source.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_protection_s_quality_is_read_from_its_text() {
        let q = |t: &str| quality(t).map(|s| s.map(|s| serde_yaml::to_string(&s).unwrap().trim().to_string()));
        assert_eq!(q("protection from red"), Some(Some("colors:\n- red".into())));
        assert_eq!(q("Protection from Red"), Some(Some("colors:\n- red".into())));
        assert_eq!(q("protection from creatures"), Some(Some("types:\n- creature".into())));
        assert_eq!(q("protection from artifact"), Some(Some("types:\n- artifact".into())));
        assert_eq!(q("protection from everything"), Some(None));
        assert_eq!(q("protection from the chosen player"), None);
        assert_eq!(q("protection from monocolored"), None);
        assert_eq!(q("flying"), None);
        assert_eq!(q("protection"), None);
    }

    #[test]
    fn the_quality_is_read_back_from_the_effect_it_generates() {
        let body = prevention("protection from black").unwrap();
        let read = quality_of("protection from black", &body).unwrap().unwrap();
        assert_eq!(read.colors, vec![Word::new("black")]);
        // A prevention that is not a protection's is not read as one.
        assert_eq!(quality_of("prevent all damage", &body), None);
        let everything = prevention("protection from everything").unwrap();
        assert_eq!(quality_of("protection from everything", &everything), Some(None));
    }
}
