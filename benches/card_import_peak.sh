#!/bin/sh
# Peak memory (maximum resident set size, as `/usr/bin/time -v` reports it) and time of
# `judge cards import` on synthetic files the size of the real ones (35,000 Scryfall card
# objects, about 160 MB, and 60,000 rulings; and the same cards as MTGJSON's AtomicCards), and of
# `judge cards info` on the store they make, each in a fresh process. Targets: the import under
# 10 s and 500 MB.
#
# Run from the crate root:  sh benches/card_import_peak.sh
# It builds the release binary and the generator (`examples/synthetic_cards.rs`). `JUDGE=path`
# measures another binary. Needs GNU time at /usr/bin/time (Debian: `apt-get install time`).
# Results: docs/PERFORMANCE.md.
set -eu

if [ ! -x /usr/bin/time ]; then
    echo "GNU time is needed at /usr/bin/time (Debian: apt-get install time)" >&2
    exit 2
fi
cargo build --release --quiet --bin judge --example synthetic_cards
TARGET=${CARGO_TARGET_DIR:-target}
JUDGE=${JUDGE:-$TARGET/release/judge}

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$TARGET/release/examples/synthetic_cards" "$WORK/files"
ls -l "$WORK/files"

# Runs a command with its output thrown away; prints its wall time and peak resident set size.
peak() {
    label=$1
    shift
    /usr/bin/time -v -o "$WORK/time" "$@" >/dev/null 2>&1
    kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$WORK/time")
    wall=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$WORK/time")
    awk -v kb="$kb" -v wall="$wall" -v label="$label" 'BEGIN { printf "%6.1f MB  %8s  %s\n", kb / 1024, wall, label }'
}

peak "judge cards import (Oracle Cards + Rulings)" "$JUDGE" --data-dir "$WORK/data" cards import \
    "$WORK/files/oracle-cards-20260105100000.json" "$WORK/files/rulings-20260105100200.json"
peak "judge cards info" "$JUDGE" --data-dir "$WORK/data" cards info
peak "judge cards import (rulings alone, onto the store)" "$JUDGE" --data-dir "$WORK/data" cards import \
    "$WORK/files/rulings-20260105100200.json"
peak "judge cards import (MTGJSON AtomicCards)" "$JUDGE" --data-dir "$WORK/mtgjson" cards import \
    "$WORK/files/AtomicCards.json"
ls -l "$WORK/data/cards/cards.store"
