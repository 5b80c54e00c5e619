#!/bin/sh
# Peak memory (maximum resident set size, as `/usr/bin/time -v` reports it) of `judge rule`, of
# `judge search` with its index built, and of the first `judge search`, which builds the index,
# on the 2025 English CR, each in a fresh process; `grep -i` for scale. Target: under 50 MB.
#
# Run from the crate root, after `cargo build --release`:  sh benches/peak_memory.sh
# `JUDGE=path/to/judge` measures another binary (default: $CARGO_TARGET_DIR or target, then
# release/judge). Needs GNU time at /usr/bin/time (Debian: `apt-get install time`) and the official
# text at ../shared/cr/ (not part of the repository): without it, it says so and measures nothing.
# Results: docs/PERFORMANCE.md.
set -eu

CR=../shared/cr/MagicCompRules_20251114.txt
EDITION=en-2025-11-14
JUDGE=${JUDGE:-${CARGO_TARGET_DIR:-target}/release/judge}

if [ ! -f "$CR" ]; then
    echo "note: $CR is absent; nothing measured"
    exit 0
fi
if [ ! -x /usr/bin/time ]; then
    echo "GNU time is needed at /usr/bin/time (Debian: apt-get install time)" >&2
    exit 2
fi

DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT

# Runs a command with its output thrown away and prints its peak resident set size in MB.
peak() {
    label=$1
    shift
    /usr/bin/time -v -o "$DATA/time" "$@" >/dev/null 2>&1
    kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$DATA/time")
    awk -v kb="$kb" -v label="$label" 'BEGIN { printf "%6.1f MB  %s\n", kb / 1024, label }'
}

peak "judge corpus import" "$JUDGE" --data-dir "$DATA" corpus import "$CR"
peak "judge search, first use: builds the index" "$JUDGE" --data-dir "$DATA" search "replacement effect" --edition "$EDITION"
peak "judge search, index built" "$JUDGE" --data-dir "$DATA" search "replacement effect" --edition "$EDITION"
peak "judge rule 614.15" "$JUDGE" --data-dir "$DATA" rule 614.15 --edition "$EDITION"
peak "grep -i 614.15" grep -i 614.15 "$CR"
