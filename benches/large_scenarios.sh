#!/bin/sh
# Time and peak memory (maximum resident set size, as `/usr/bin/time -v` reports it) of
# `judge check`, `judge resolve` (table, JSON, Markdown) and `judge ruling` (Markdown, HTML) on synthetic boards of 10,000 and 100,000 objects
# (`judge::synthetic::scenario(42, N, 100)`: 100 static abilities, 25 resolved effects),
# each in a fresh process, and the size of what `judge resolve` prints. Target (issue 13): 10,000
# objects within 100 MB.
#
# Run from the crate root:  sh benches/large_scenarios.sh [SIZES…]   (default: 10000 100000)
# It builds the release binary and the `synthetic_scenario` example. `JUDGE=path/to/judge`
# measures another binary. Needs GNU time at /usr/bin/time (Debian: `apt-get install time`).
# Results: docs/PERFORMANCE.md.
set -eu

SIZES=${*:-10000 100000}
EFFECTS=100
TARGET=${CARGO_TARGET_DIR:-target}
JUDGE=${JUDGE:-$TARGET/release/judge}

if [ ! -x /usr/bin/time ]; then
    echo "GNU time is needed at /usr/bin/time (Debian: apt-get install time)" >&2
    exit 2
fi
cargo build --release --quiet --bin judge --example synthetic_scenario

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Runs a command with its output in $WORK/out and prints its wall time and peak memory.
measure() {
    label=$1
    shift
    /usr/bin/time -v -o "$WORK/time" "$@" >"$WORK/out" 2>/dev/null || true
    kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$WORK/time")
    wall=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$WORK/time")
    bytes=$(wc -c <"$WORK/out")
    awk -v kb="$kb" -v wall="$wall" -v bytes="$bytes" -v label="$label" \
        'BEGIN { printf "%-42s %10s  %8.1f MB peak  %10d bytes printed\n", label, wall, kb / 1024, bytes }'
}

for n in $SIZES; do
    file="$WORK/board-$n.yaml"
    "$TARGET/release/examples/synthetic_scenario" "$n" "$EFFECTS" >"$file"
    size=$(wc -c <"$file")
    echo "$n objects, $EFFECTS static abilities: $size bytes"
    measure "judge check ($n)" "$JUDGE" --data-dir "$WORK/data" check "$file"
    measure "judge resolve ($n)" "$JUDGE" --data-dir "$WORK/data" resolve "$file"
    measure "judge resolve --format json ($n)" "$JUDGE" --data-dir "$WORK/data" resolve --format json "$file"
    measure "judge resolve --format markdown ($n)" "$JUDGE" --data-dir "$WORK/data" resolve --format markdown "$file"
    measure "judge ruling ($n)" "$JUDGE" --data-dir "$WORK/data" ruling "$file"
    measure "judge ruling --format html ($n)" "$JUDGE" --data-dir "$WORK/data" ruling --format html "$file"
done
