//! How well ranked search answers a judge's questions on the embedded French corpus (sections
//! 100, 101, 112, 305, 611 and 614 of the French Comprehensive Rules).
//!
//! Each question is written as a judge would ask it, in their own words rather than the rule's,
//! with the rule(s) that answer it; where two rules answer equally, both are accepted. The figure
//! is the mean reciprocal rank over the top 10 (1 for a first place, ½ for a second, 0 when
//! absent). To see it and every question's rank:
//!
//! ```text
//! cargo test --test main search_quality -- --nocapture
//! ```

use judge::corpus::embedded_edition;
use judge::search::SearchIndex;

/// Questions in French, with the rules that answer them.
const FRENCH: &[(&str, &[&str])] = &[
    // 100: general concepts, decks and tournaments
    ("combien de cartes au minimum dans un deck construit", &["100.2a"]),
    ("nombre minimum de cartes pour un deck de limité", &["100.2b"]),
    ("combien d'exemplaires d'une même carte dans un deck", &["100.2a"]),
    ("combien de cartes dans le sideboard en construit", &["100.4a"]),
    ("existe-t-il une taille maximum pour un deck", &["100.5"]),
    ("en limité, les cartes ouvertes non jouées forment-elles le sideboard", &["100.4b"]),
    ("sideboard d'une équipe en Troll à deux têtes", &["100.4c"]),
    ("qu'est-ce qu'une partie multijoueur", &["100.1b"]),
    ("combien de manches gagner pour remporter un match", &["100.6a"]),
    ("où trouver un tournoi près de chez moi", &["100.6b"]),
    ("matériel nécessaire pour jouer : jetons, marqueurs et points de vie", &["100.2"]),
    ("variantes de jeu avec des dés et des cartes spéciales", &["100.3"]),
    // 101: the golden rules
    ("que se passe-t-il si une carte contredit les règles du jeu", &["101.1"]),
    ("peut-on concéder une partie à tout moment", &["101.1"]),
    ("un effet me permet de jouer un terrain et un autre me l'interdit", &["101.2"]),
    ("que faire d'une partie d'instruction impossible à effectuer", &["101.3"]),
    ("dans quel ordre les joueurs font-ils leurs choix en même temps", &["101.4"]),
    ("choisir une carte de sa main sans la montrer", &["101.4a"]),
    ("un joueur connaît-il les choix faits avant lui", &["101.4b"]),
    ("plusieurs choix à faire en même temps, dans quel ordre", &["101.4c"]),
    ("le choix d'un joueur non actif oblige le joueur actif à choisir", &["101.4d"]),
    ("ajouter ou retirer une capacité, la règle « ne peut pas » s'applique-t-elle", &["101.2a"]),
    // 112: abilities
    ("qu'est-ce qu'une capacité", &["112.1", "112.1a"]),
    ("une capacité déclenchée sur la pile est-elle un objet", &["112.1b"]),
    ("un coût alternatif est-il une capacité de la carte", &["112.2b"]),
    ("une créature a deux fois le même mot-clé", &["112.2c"]),
    ("les quatre types de capacités", &["112.3"]),
    ("le texte d'un rituel est-il une capacité de sort", &["112.3a"]),
    ("comment est rédigée une capacité activée", &["112.3b"]),
    ("par quels mots commence une capacité déclenchée", &["112.3c"]),
    ("capacités statiques toujours vraies", &["112.3d"]),
    ("une capacité de mana passe-t-elle par la pile", &["112.4"]),
    ("activer la capacité de loyauté d'un planeswalker une seule fois par tour", &["112.5"]),
    ("capacité qui définit une caractéristique, fonctionne-t-elle hors de la partie", &["112.6a"]),
    ("où fonctionne une capacité de coût alternatif", &["112.6c"]),
    ("sort qui ne peut pas être contrecarré, où fonctionne cette capacité", &["112.6f"]),
    ("condition de déclenchement depuis le cimetière", &["112.6i"]),
    ("capacité qui change les règles de construction de deck", &["112.6k"]),
    ("capacités des plans et emblèmes dans la zone de commandement", &["112.6m"]),
    ("la source d'une capacité activée", &["112.7"]),
    ("la source a quitté le champ de bataille, la capacité se résout-elle quand même", &["112.7a"]),
    ("qui contrôle une capacité déclenchée sur la pile", &["112.8"]),
    ("peut-on contrecarrer une capacité avec un contresort", &["112.9"]),
    ("un effet retire le vol puis un autre le donne, lequel gagne", &["112.10"]),
    ("indestructible est-ce une capacité", &["112.11"]),
    // 305: lands
    ("à quel moment puis-je jouer un terrain", &["305.1"]),
    ("jouer un terrain utilise-t-il la pile", &["305.1"]),
    ("combien de terrains peut-on jouer par tour", &["305.2"]),
    ("jouer un terrain pendant le tour adverse", &["305.3"]),
    ("mettre un terrain sur le champ de bataille compte-t-il comme le terrain du tour", &["305.4"]),
    ("Urza est-il un type de terrain", &["305.5"]),
    ("liste des types de terrain de base", &["305.6"]),
    ("un terrain devient un marais, garde-t-il ses capacités", &["305.7"]),
    ("définition d'un terrain non-base", &["305.8"]),
    ("une carte terrain et créature peut-elle être lancée", &["305.9"]),
    // 611: continuous effects
    ("qu'est-ce qu'un effet continu", &["611.1"]),
    ("combien de temps dure un effet continu sans durée précisée", &["611.2a"]),
    ("effet « tant que » dont la condition se termine avant la résolution", &["611.2b"]),
    ("une créature devenue blanche après la résolution est-elle affectée par l'effet", &["611.2c"]),
    ("la valeur de X d'un effet continu", &["611.2d"]),
    ("effet d'une capacité statique appliqué à tout moment", &["611.3a", "611.3b"]),
    ("une créature arrive-t-elle directement avec le bonus d'un effet statique", &["611.3c"]),
    // 614: replacement effects
    ("qu'est-ce qu'un effet de remplacement", &["614.1"]),
    ("les effets avec « à la place »", &["614.1a"]),
    ("un effet qui fait sauter une étape est-il un remplacement", &["614.1b", "614.10"]),
    ("effet quand une créature est retournée face visible", &["614.1e"]),
    ("trop tard pour régénérer après la résolution du sort", &["614.4"]),
    ("deux permanents qui doublent les blessures infligées", &["614.5"]),
    ("un événement remplacé a-t-il lieu", &["614.6"]),
    ("source qui inflige zéro blessure avec un effet qui les augmente", &["614.7a"]),
    ("que fait exactement la régénération", &["614.8"]),
    ("rediriger des blessures vers un planeswalker", &["614.9"]),
    ("deux effets me font passer mon prochain tour", &["614.10a"]),
    ("remplacer une pioche avec une bibliothèque vide", &["614.11"]),
    ("remplacer une pioche au milieu de plusieurs pioches", &["614.11a"]),
    ("copie d'un permanent qui arrive engagé sur le champ de bataille", &["614.12"]),
    ("capacités liées et cartes exilées par un objet", &["614.13"]),
    ("ordre d'application des effets d'auto-remplacement", &["614.14"]),
    // Typed in a hurry: no accents, typos
    ("regeneration d'une creature", &["614.8"]),
    ("capacite de loyaute", &["112.5"]),
    ("blesures redirigees vers un joueur", &["614.9"]),
    ("efets d'autoremplacement", &["614.14"]),
];

/// Questions in English against the French rules, found through the vocabulary.
const ENGLISH: &[(&str, &[&str])] = &[
    ("what is a replacement effect", &["614.1"]),
    ("self-replacement effects apply first", &["614.14"]),
    ("regeneration", &["614.8"]),
    ("minimum deck size in constructed", &["100.2a"]),
    ("how many lands can I play each turn", &["305.2"]),
    ("does playing a land use the stack", &["305.1"]),
    ("mana abilities don't use the stack", &["112.4"]),
    ("when can I activate a loyalty ability", &["112.5"]),
    ("who controls a triggered ability", &["112.8"]),
    ("redirect damage to a planeswalker", &["614.9"]),
    ("skip my next two turns", &["614.10a"]),
    ("draw from an empty library", &["614.11"]),
    ("permanent enters the battlefield tapped", &["614.12"]),
    ("continuous effect from a static ability", &["611.3"]),
    ("the card contradicts the rules", &["101.1"]),
    ("active player nonactive player order", &["101.4"]),
    ("fifteen card sideboard", &["100.4a"]),
    ("basic land types", &["305.6"]),
    ("exiled cards and linked abilities", &["614.13"]),
    ("zero damage", &["614.7a"]),
];

/// One question's outcome: the rank (1-based, within the top 10) of the first accepted rule, and
/// the first three rules found.
struct Outcome {
    question: String,
    rank: Option<usize>,
    top: Vec<String>,
}

/// Each question's outcome, and the mean reciprocal rank.
fn evaluate(index: &SearchIndex, questions: &[(&str, &[&str])]) -> (f64, Vec<Outcome>) {
    let mut total = 0.0;
    let mut outcomes = Vec::new();
    for (question, answers) in questions {
        let hits = index.search(question, 10).expect("search works");
        let ids = crate::quality::ranking(&hits);
        let rank = crate::quality::rank(&ids, answers);
        total += rank.map_or(0.0, |r| 1.0 / r as f64);
        let question = format!("{question} → {}", answers.join("|"));
        outcomes.push(Outcome { question, rank, top: ids.into_iter().take(3).collect() });
    }
    (total / questions.len() as f64, outcomes)
}

fn report(label: &str, mrr: f64, outcomes: &[Outcome]) -> String {
    let mut out = format!("{label}: MRR@10 = {mrr:.3} over {} questions\n", outcomes.len());
    for o in outcomes {
        let rank = o.rank.map_or("-".to_string(), |r| r.to_string());
        out.push_str(&format!("  {rank:>2}  {}   (top: {})\n", o.question, o.top.join(", ")));
    }
    out
}

#[test]
fn french_questions_find_their_rule() {
    assert!(FRENCH.len() >= 40);
    let (edition, _) = embedded_edition();
    let index = SearchIndex::in_memory(&edition).unwrap();
    let (mrr, outcomes) = evaluate(&index, FRENCH);
    let report = report("French questions, French rules", mrr, &outcomes);
    println!("{report}");
    assert!(mrr >= 0.8, "{report}");
}

#[test]
fn english_questions_find_the_french_rules() {
    assert!(ENGLISH.len() >= 10);
    let (edition, _) = embedded_edition();
    let index = SearchIndex::in_memory(&edition).unwrap();
    let (mrr, outcomes) = evaluate(&index, ENGLISH);
    let report = report("English questions, French rules", mrr, &outcomes);
    println!("{report}");
    assert!(mrr >= 0.8, "{report}");
}
