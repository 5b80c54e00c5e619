//! Output that fits the terminal: `judge rule`, `judge search` and `judge resolve` at 50, 80 and
//! 120 columns (a list, folded tables, full tables), snapshotted; no line wider than asked, no id
//! cut; and colour that leaves table borders straight.

use crate::support::{data_dir, judge};
use judge::corpus::{embedded_edition, RuleId};
use judge::render::{rules_table, Style};
use unicode_width::UnicodeWidthStr;

const WIDTHS: [u16; 3] = [50, 80, 120];

const WITH_EVENTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/cr-616-1d-exile-or-shuffle.yaml");
const LAYERS_ONLY: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/enchanted-evening-opalescence-conspiracy.yaml");

/// `judge ARGS` at `width` columns: its stdout, after checking it succeeded.
fn at_width(width: u16, args: &[&str]) -> String {
    let dir = data_dir();
    let output = judge(dir.path()).env("COLUMNS", width.to_string()).args(args).output().expect("judge runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

/// Every line fits, and every id named appears whole.
fn check_fits(text: &str, width: u16, ids: &[&str]) {
    for line in text.lines() {
        assert!(line.width() <= usize::from(width), "wider than {width}: `{line}`\n{text}");
    }
    for id in ids {
        assert!(text.contains(id), "`{id}` is cut or missing at {width} columns:\n{text}");
    }
}

#[test]
fn a_rule_at_each_width() {
    for width in WIDTHS {
        let text = at_width(width, &["rule", "614.12"]);
        check_fits(&text, width, &["614.12", "614.1c,", "400.7a*", "112.6g"]);
        assert_eq!(text.matches("614. Sorts, capacités").count(), 1, "the section title once:\n{text}");
        insta::assert_snapshot!(format!("rule_614_12_at_{width}"), text);
    }
}

#[test]
fn a_search_at_each_width() {
    for width in WIDTHS {
        let text = at_width(width, &["search", "effet d'auto-remplacement", "--limit", "4"]);
        check_fits(&text, width, &["614.14", "611.2c", "611.2b", "614.12"]);
        // 611.2c and 611.2b are under the same title: it is said once for both.
        assert_eq!(text.matches("Effets continus").count(), 1, "{text}");
        insta::assert_snapshot!(format!("search_at_{width}"), text);
    }
}

#[test]
fn a_scenario_with_events_at_each_width() {
    for width in WIDTHS {
        let text = at_width(width, &["resolve", WITH_EVENTS]);
        check_fits(&text, width, &["leyline-exiles", "guardian-shuffles", "616.1c*", "614.1a"]);
        insta::assert_snapshot!(format!("resolve_with_events_at_{width}"), text);
    }
}

#[test]
fn a_layers_only_scenario_at_each_width() {
    for width in WIDTHS {
        let text = at_width(width, &["resolve", LAYERS_ONLY]);
        let ids = ["opalescence-effect", "conspiracy-effect", "evening-effect", "613.1d*", "611.3a"];
        check_fits(&text, width, &ids);
        insta::assert_snapshot!(format!("resolve_layers_only_at_{width}"), text);
    }
}

/// Below 60 columns, rows are blocks of `field: value` lines; from 60 up, tables; below 100, the
/// secondary columns are lines of others.
#[test]
fn the_layout_follows_the_width() {
    let narrow = at_width(50, &["resolve", LAYERS_ONLY]);
    assert!(!narrow.contains('│') && narrow.contains("\nEffect: opalescence-effect\n"), "{narrow}");
    let medium = at_width(80, &["resolve", LAYERS_ONLY]);
    assert!(medium.contains("Layer: 7b") && !medium.contains("┆ Layer ┆"), "{medium}");
    let wide = at_width(120, &["resolve", LAYERS_ONLY]);
    assert!(wide.contains("┆ Layer ┆") && !wide.contains("Layer: 7b"), "{wide}");
}

/// Colour escapes take no room: every line of a coloured table is as wide as the others.
#[test]
fn coloured_tables_have_straight_borders() {
    let (edition, _) = embedded_edition();
    let ids = ["614.12", "614.1a", "101.4a"].map(|id| id.parse::<RuleId>().unwrap());
    let shown: Vec<_> = ids.iter().map(|id| edition.get(*id).unwrap()).collect();
    for width in [80, 120] {
        let text = rules_table(&edition, &shown, Style { color: true, width: Some(width) });
        assert!(text.contains("\x1b[1m614.12\x1b[0m") && text.contains("\x1b[2m"), "{text}");
        let table: Vec<usize> =
            text.lines().filter(|l| l.starts_with(['┌', '│', '╞', '└'])).map(|l| visible(l).width()).collect();
        assert!(table.len() > 10, "{text}");
        assert!(table.iter().all(|w| *w == table[0] && *w <= usize::from(width)), "{table:?}\n{text}");
    }
}

/// The text a terminal shows: the line without its SGR escapes (`ESC [ … m`).
fn visible(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|c| *c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}
