//! A stored edition changed on disk, a byte here or there, is refused with the way to mend it, or
//! gives the same answers as before: never other rules with exit 0.

use crate::support::{data_dir, run};
use std::path::Path;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini-cr.txt");
const EDITION: &str = "en-2024-04-01";

/// What a judge asks of an edition: a lookup, a search (read from the index built before the
/// damage, named by the header alone), a definition, the list of editions.
const COMMANDS: [&[&str]; 4] = [
    &["rule", "100.1", "614", "--edition", EDITION],
    &["search", "replacement effect", "--edition", EDITION],
    &["define", "replacement effect", "--edition", EDITION],
    &["corpus", "list"],
];

#[test]
fn flipped_bytes_give_an_error_or_the_same_answer() {
    let dir = data_dir();
    let (code, _, err) = run(dir.path(), &["corpus", "import", FIXTURE]);
    assert_eq!(code, 0, "{err}");
    let answers: Vec<_> = COMMANDS.iter().map(|args| run(dir.path(), args)).collect();
    for (args, (code, _, err)) in COMMANDS.iter().zip(&answers) {
        assert_eq!(*code, 0, "{args:?}: {err}");
    }
    let path = dir.path().join("editions").join(format!("{EDITION}.edition"));
    let good = std::fs::read(&path).unwrap();
    // A fixed sequence of places, spread over the header, the rules and the glossary.
    let mut state = 0x2545_f491_u64;
    let mut refusals = 0;
    for _ in 0..24 {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let at = (state >> 33) as usize % good.len();
        let mut damaged = good.clone();
        damaged[at] ^= 1 << (state % 8);
        std::fs::write(&path, &damaged).unwrap();
        for (args, answer) in COMMANDS.iter().zip(&answers) {
            let (code, out, err) = run(dir.path(), args);
            if (code, &out) == (answer.0, &answer.1) {
                continue;
            }
            // The list passes a damaged edition over, with the refusal as a warning, and still
            // lists the others; every other command refuses it.
            let listing = args[0] == "corpus";
            let expected = if listing { 0 } else { 2 };
            assert_eq!(code, expected, "byte {at} changed, {args:?} answered differently:\n{out}\n{err}");
            assert!(!listing || !out.contains(EDITION), "a damaged edition is not listed: {out}");
            refused(&err, &path);
            refusals += 1;
        }
    }
    // A definition reads the whole file, so every change is seen by it at least; a lookup reads
    // the header and the blocks of its sections.
    assert!(refusals >= 24, "{refusals} refusals");
}

fn refused(err: &str, path: &Path) {
    // Wrapped to the terminal's width: read as one line.
    let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains(&path.display().to_string()), "the file is named: {err}");
    assert!(err.contains("damaged") || err.contains("format"), "{err}");
    assert!(err.contains(&format!("judge corpus import FILE --edition {EDITION}")), "the fix is given: {err}");
}
