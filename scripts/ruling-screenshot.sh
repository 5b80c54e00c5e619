#!/usr/bin/env bash
# Renders the HTML ruling of a scenario and screenshots it with headless Chromium, to review the
# page as a reader sees it.
#
#   scripts/ruling-screenshot.sh SCENARIO.yaml [OUT.png] [-- JUDGE ARGS…]
#
#   scripts/ruling-screenshot.sh scenarios/blood-moon-urborg.yaml
#   scripts/ruling-screenshot.sh tests/fixtures/rulings/furnace-of-rath.yaml /tmp/furnace.png -- --edition en-2011-02-04
#
# The page is written next to the PNG (OUT.html). Environment: JUDGE, the judge binary (default:
# built with `cargo build` and taken from CARGO_TARGET_DIR or ./target); CHROMIUM, the browser
# (default: the first of chromium, chromium-browser, google-chrome on PATH; on Debian
# `apt-get install chromium`); WIDTH and HEIGHT, the window in CSS pixels (default 1000×1600).
set -euo pipefail

usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

[[ $# -ge 1 && $1 != -h && $1 != --help ]] || usage
scenario=$1
shift
out=${scenario##*/}
out=${out%.yaml}-ruling.png
if [[ $# -ge 1 && $1 != -- ]]; then
    out=$1
    shift
fi
if [[ $# -ge 1 && $1 == -- ]]; then
    shift
fi
judge_args=("$@")

[[ -f $scenario ]] || { echo "no such scenario file: $scenario" >&2; exit 2; }

if [[ -z ${JUDGE:-} ]]; then
    root=$(cd "$(dirname "$0")/.." && pwd)
    cargo build --quiet --manifest-path "$root/Cargo.toml" --bin judge
    JUDGE=${CARGO_TARGET_DIR:-$root/target}/debug/judge
fi

if [[ -z ${CHROMIUM:-} ]]; then
    for candidate in chromium chromium-browser google-chrome; do
        if command -v "$candidate" >/dev/null; then
            CHROMIUM=$candidate
            break
        fi
    done
fi
[[ -n ${CHROMIUM:-} ]] || { echo "no Chromium found: install it (apt-get install chromium) or set CHROMIUM" >&2; exit 2; }

html=${out%.png}.html
"$JUDGE" ruling "$scenario" --format html "${judge_args[@]}" >"$html"

# A profile of its own, so that a running browser or a first-run dialog never gets in the way.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$profile" --force-device-scale-factor=1 \
    --window-size="${WIDTH:-1000},${HEIGHT:-1600}" \
    --screenshot="$(realpath -m "$out")" "file://$(realpath "$html")" 2>/dev/null

echo "$out"
