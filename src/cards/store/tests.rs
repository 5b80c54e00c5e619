//! The store's layout: a round trip, the same bytes for the same cards, and every damage refused
//! by the read that meets it.

use super::*;
use crate::cards::data::{Face, Ruling};
use crate::cards::names::fold;
use std::fs;

fn face(name: &str, text: &str) -> Face {
    Face {
        name: name.to_string(),
        mana_cost: "{1}{R}".to_string(),
        type_line: "Instant".to_string(),
        oracle_text: text.to_string(),
        colors: vec!["R".to_string()],
        power: None,
        toughness: None,
        loyalty: None,
        defense: None,
    }
}

fn card(name: &str, faces: Vec<Face>) -> CardData {
    CardData {
        name: name.to_string(),
        layout: if faces.len() > 1 { "split" } else { "normal" }.to_string(),
        oracle_id: Some(format!("id-{name}")),
        mana_value: 2.0,
        faces,
        keywords: vec!["Haste".to_string()],
        rulings: vec![Ruling { date: "2020-01-01".to_string(), text: format!("About {name}.") }],
        reading: None,
    }
}

/// Four cards, in the order of their names, as an import sorts them.
fn cards() -> Vec<CardData> {
    vec![
        card("Fire // Ice", vec![face("Fire", "Fire deals 2 damage."), face("Ice", "Tap target permanent.")]),
        card("Jötun Grunt", vec![face("Jötun Grunt", "Cumulative upkeep.")]),
        card("Lim-Dûl's Vault", vec![face("Lim-Dûl's Vault", "Look at the top five cards.")]),
        card("Æther Vial", vec![face("Æther Vial", "")]),
    ]
}

fn info() -> StoreInfo {
    let file = ImportedFile {
        kind: FileKind::MtgjsonAtomicCards,
        file: "AtomicCards.json".to_string(),
        cards: 4,
        rulings: 4,
        date: Some("2026-01-05".to_string()),
    };
    StoreInfo { files: vec![file], cards: 4, rulings: 4 }
}

fn bytes(cards: &[CardData]) -> Vec<u8> {
    let mut out = Vec::new();
    write::write(&StoreInfo { cards: cards.len(), ..info() }, cards, &mut out).unwrap();
    out
}

/// A data directory whose store holds `bytes`.
fn stored(bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = path(dir.path());
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(&file, bytes).unwrap();
    (dir, file)
}

#[test]
fn no_store_is_none() {
    let dir = tempfile::tempdir().unwrap();
    assert!(CardStore::open(dir.path()).unwrap().is_none());
}

#[test]
fn cards_are_found_by_their_names_and_their_faces_names() {
    let (dir, _) = stored(&bytes(&cards()));
    let store = CardStore::open(dir.path()).unwrap().unwrap();
    assert_eq!((store.len(), store.info()), (4, &info()));
    for (asked, found) in [
        ("Fire", "Fire // Ice"),
        ("Ice", "Fire // Ice"),
        ("Fire // Ice", "Fire // Ice"),
        ("lim-dul's vault", "Lim-Dûl's Vault"),
        ("Aether Vial", "Æther Vial"),
        ("JOTUN GRUNT", "Jötun Grunt"),
    ] {
        let card = store.find(&fold(asked)).unwrap().unwrap_or_else(|| panic!("{asked}"));
        assert_eq!(card.name, found, "{asked}");
    }
    assert_eq!(store.find("fire //").unwrap(), None);
    assert_eq!(store.find("").unwrap(), None);
    let keys: Vec<(&str, &str, usize)> = store.keys().map(Result::unwrap).collect();
    assert_eq!(
        keys,
        [
            ("aether vial", "Æther Vial", 3),
            ("fire", "Fire", 0),
            ("fire // ice", "Fire // Ice", 0),
            ("ice", "Ice", 0),
            ("jotun grunt", "Jötun Grunt", 1),
            ("lim-dul's vault", "Lim-Dûl's Vault", 2),
        ]
    );
    let from = |prefix| store.keys_from(prefix).map(|key| key.unwrap().0).collect::<Vec<_>>();
    assert_eq!(from("fire"), ["fire", "fire // ice", "ice", "jotun grunt", "lim-dul's vault"]);
    assert_eq!(from("j"), ["jotun grunt", "lim-dul's vault"]);
    assert_eq!(from("m"), Vec::<&str>::new());
    assert_eq!(from(""), keys.iter().map(|k| k.0).collect::<Vec<_>>());
    assert_eq!(store.cards().unwrap(), cards());
    for (number, card) in cards().iter().enumerate() {
        assert_eq!(&store.card(number).unwrap(), card);
    }
    assert!(matches!(store.card(4), Err(CardStoreError::NoSuchCard { number: 4, count: 4 })));
}

#[test]
fn the_same_cards_make_the_same_bytes_and_an_empty_store_reads() {
    assert_eq!(bytes(&cards()), bytes(&cards()));
    let (dir, _) = stored(&bytes(&[]));
    let store = CardStore::open(dir.path()).unwrap().unwrap();
    assert!(store.is_empty());
    assert_eq!(store.keys().count(), 0);
    assert_eq!(store.find("fire").unwrap(), None);
}

/// What a read of the store gives: its info and keys when it opens and its index reads, then
/// each key's card.
type Answer = Result<(StoreInfo, Vec<(String, String, usize)>), ()>;

fn opened(dir: &Path) -> (Answer, Option<CardStore>) {
    let refused = |e: CardStoreError| {
        assert!(
            matches!(e, CardStoreError::Damaged { .. } | CardStoreError::Outdated { .. }),
            "refused as damaged: {e:?}"
        );
        (Err(()), None)
    };
    match CardStore::open(dir) {
        Ok(Some(store)) => {
            let keys: Result<Vec<_>, _> =
                store.keys().map(|key| key.map(|(f, d, n)| (f.to_string(), d.to_string(), n))).collect();
            match keys {
                Ok(keys) => (Ok((store.info().clone(), keys)), Some(store)),
                Err(e) => refused(e),
            }
        }
        Ok(None) => panic!("the file is there"),
        Err(e) => refused(e),
    }
}

/// Every byte of a store is used by some read and checked by it: whichever bit is changed, a
/// read gives an error or the right answer, never another card nor a panic.
#[test]
fn a_changed_byte_anywhere_gives_an_error_or_the_right_card() {
    let good = bytes(&cards());
    let (dir, file) = stored(&good);
    let (right, _) = opened(dir.path());
    let right = right.unwrap();
    let mut refused_somewhere = vec![false; good.len()];
    for at in 0..good.len() {
        for bit in [0x01, 0x80] {
            let mut flipped = good.clone();
            flipped[at] ^= bit;
            fs::write(&file, &flipped).unwrap();
            let (answer, store) = opened(dir.path());
            let Some(store) = store else {
                refused_somewhere[at] = true;
                continue;
            };
            assert_eq!(answer.as_ref().ok(), Some(&right), "byte {at} ^ {bit:#x}: opened with another directory");
            for (folded, _, number) in &right.1 {
                match store.find(folded) {
                    Ok(found) => assert_eq!(found.as_ref(), Some(&cards()[*number]), "byte {at} ^ {bit:#x}: {folded}"),
                    Err(e) => {
                        assert!(matches!(e, CardStoreError::Damaged { .. }), "{e:?}");
                        refused_somewhere[at] = true;
                    }
                }
            }
            if store.cards().is_err() {
                refused_somewhere[at] = true;
            }
        }
    }
    let unchecked: Vec<usize> = (0..good.len()).filter(|&at| !refused_somewhere[at]).collect();
    assert!(unchecked.is_empty(), "bytes whose change no read saw: {unchecked:?}");
}

#[test]
fn a_store_cut_at_any_length_is_refused_at_once() {
    let good = bytes(&cards());
    let (dir, file) = stored(&good);
    for len in 0..good.len() {
        fs::write(&file, &good[..len]).unwrap();
        match CardStore::open(dir.path()) {
            Err(CardStoreError::Damaged { reason, .. }) => {
                assert!(reason == "the file ends too soon" || len >= format::LEAD_LEN, "{len}: {reason}")
            }
            other => panic!("cut at {len}: {other:?}"),
        }
    }
    let mut longer = good.clone();
    longer.push(b'\n');
    fs::write(&file, &longer).unwrap();
    let err = CardStore::open(dir.path()).unwrap_err();
    assert_eq!(err.to_string(), format!("the card store `{}` is damaged", file.display()));
    assert_eq!(
        miette::Diagnostic::help(&err).unwrap().to_string(),
        "the file goes on after its last card; import the card data again to replace it: `judge cards fetch`, or `judge cards import FILE…`"
    );
}

#[test]
fn another_format_or_another_file_is_named() {
    let mut other = bytes(&cards());
    other[format::MAGIC.len()..format::MAGIC.len() + 4].copy_from_slice(&7u32.to_le_bytes());
    let (dir, file) = stored(&other);
    assert!(matches!(CardStore::open(dir.path()), Err(CardStoreError::Outdated { found: 7, .. })));
    fs::write(&file, b"[{\"object\":\"card\"}]").unwrap();
    match CardStore::open(dir.path()) {
        Err(CardStoreError::Damaged { reason, .. }) => assert_eq!(reason, "it is not a card store"),
        other => panic!("{other:?}"),
    }
}

/// A directory and tables written with right checksums but wrong content (by hand, or by a
/// broken writer) are refused for what is wrong by the read that meets it, never read out of
/// bounds.
#[test]
fn a_directory_with_a_right_checksum_is_checked_all_the_same() {
    let good = bytes(&cards());
    let directory_len = u64::from_le_bytes(good[16..24].try_into().unwrap()) as usize;
    let tables_at = format::LEAD_LEN + directory_len;
    let store = CardStore::open_file(&stored(&good).1).unwrap().unwrap();
    let records_at = store.records_at;
    let decoded = format::Directory::decode(&good[format::LEAD_LEN..tables_at], &good[tables_at..records_at]).unwrap();
    let reseal = |directory: &format::Directory| {
        let (encoded, tables) = directory.encode().unwrap();
        let mut out = format::lead(&encoded);
        out.extend_from_slice(&encoded);
        out.extend_from_slice(&tables);
        out.extend_from_slice(&good[records_at..]);
        out
    };
    // Opened, then every key and every card read.
    let refused = |bytes: Vec<u8>| {
        let (dir, _) = stored(&bytes);
        let read = CardStore::open(dir.path()).and_then(|store| {
            let store = store.expect("the file is there");
            store.keys().collect::<Result<Vec<_>, _>>()?;
            store.cards()
        });
        match read {
            Err(CardStoreError::Damaged { reason, .. }) => reason,
            other => panic!("{other:?}"),
        }
    };
    let mut out_of_bounds = decoded.clone();
    out_of_bounds.keys[1].folded.start = u32::MAX - 1;
    assert_eq!(refused(reseal(&out_of_bounds)), "index key 1 is outside the names");
    let mut no_such_card = decoded.clone();
    no_such_card.keys[0].card = 9;
    assert_eq!(refused(reseal(&no_such_card)), "index key 0 names card 9, of 4");
    let mut unordered = decoded.clone();
    unordered.keys.swap(1, 2);
    assert_eq!(refused(reseal(&unordered)), "index key 2 is out of order");
    let mut moved = decoded.clone();
    moved.cards[2].offset += 1;
    assert_eq!(refused(reseal(&moved)), "the record of card 2 is not where the one before it ends");
    let mut miscounted = decoded.clone();
    miscounted.info.cards = 5;
    assert_eq!(refused(reseal(&miscounted)), "it says it holds 5 cards and lists 4");
}

/// Enough cards for several blocks of the card table and of the name index: every name is
/// found, the keys from any prefix are those of the whole index from it, across blocks.
#[test]
fn many_cards_in_many_blocks_are_found_and_listed_alike() {
    let many: Vec<CardData> = (0..2_500)
        .map(|n| match n % 5 {
            0 => card(
                &format!("Card {n:04} // Face {n:04}"),
                vec![face(&format!("Card {n:04}"), ""), face(&format!("Face {n:04}"), "")],
            ),
            _ => card(&format!("Card {n:04}"), vec![face(&format!("Card {n:04}"), "")]),
        })
        .collect();
    let mut sorted = many.clone();
    sorted.sort_by_key(|c| fold(&c.name));
    let (dir, _) = stored(&bytes(&sorted));
    let store = CardStore::open(dir.path()).unwrap().unwrap();
    assert!(store.directory.key_blocks() > 20 && store.directory.len_card_blocks() == 3);
    let all: Vec<Key> = store.keys().map(Result::unwrap).collect();
    assert_eq!(all.len(), 3_500, "a full name and two face names for each fifth card");
    assert!(all.windows(2).all(|w| w[0].0 < w[1].0));
    for prefix in ["", "card 0", "card 0127", "card 0128", "card 1", "face 0005", "face 2495", "g", "zz"] {
        let from: Vec<Key> = store.keys_from(prefix).map(Result::unwrap).collect();
        let expected: Vec<Key> = all.iter().copied().filter(|k| k.0 >= prefix).collect();
        assert_eq!(from, expected, "{prefix}");
    }
    for (folded, _, number) in all.iter().step_by(7) {
        assert_eq!(store.find(folded).unwrap().as_ref(), Some(&sorted[*number]), "{folded}");
    }
    assert_eq!(store.cards().unwrap(), sorted);
    // Opening reads the directory: a few kilobytes, not the tables.
    let directory_len = u64::from_le_bytes(bytes(&sorted)[16..24].try_into().unwrap());
    assert!(directory_len < 10_000, "{directory_len}");
}

/// In a store of several blocks, damage to one block is refused by the reads that use it, and
/// only by them.
#[test]
fn a_damaged_block_is_refused_by_the_reads_that_use_it() {
    let many: Vec<CardData> =
        (0..600).map(|n| card(&format!("Card {n:04}"), vec![face(&format!("Card {n:04}"), "")])).collect();
    let good = bytes(&many);
    let (dir, file) = stored(&good);
    let store = CardStore::open(dir.path()).unwrap().unwrap();
    let (tables_at, pool_at) = (store.tables_at, store.tables_at + 600 * 20 * 2);
    drop(store);
    // A byte of the names of key block 2 (keys 256 to 383), then of its table part.
    for at in [pool_at + 300 * 2 * 9 + 3, tables_at + 300 * 20 + 1] {
        let mut damaged = good.clone();
        damaged[at] ^= 0x01;
        fs::write(&file, &damaged).unwrap();
        let store = CardStore::open(dir.path()).unwrap().unwrap();
        assert_eq!(store.find("card 0001").unwrap().unwrap().name, "Card 0001", "another block reads");
        match store.find("card 0300") {
            Err(CardStoreError::Damaged { reason, .. }) => {
                assert_eq!(reason, "the names of index block 2 do not match their checksum")
            }
            other => panic!("{other:?}"),
        }
        assert!(store.keys().any(|k| k.is_err()));
    }
}
