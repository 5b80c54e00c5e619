#!/usr/bin/env bash
# Writes the static site of an edition (`judge corpus html`) and screenshots one of its pages with
# headless Chromium, to review the site as a reader sees it, on a desk or on a phone.
#
#   scripts/site-screenshot.sh EDITION [PAGE] [OUT.png] [-- JUDGE ARGS…]
#
#   scripts/site-screenshot.sh en-2025-11-14 613.html docs/site-desktop.png
#   WIDTH=390 HEIGHT=844 scripts/site-screenshot.sh en-2025-11-14 613.html docs/site-phone.png
#   scripts/site-screenshot.sh en-2026-02-27 '702.html#702.190' /tmp/changes.png -- --since en-2025-11-14
#
# PAGE is a file of the site, with an anchor if wanted (default index.html). Environment: JUDGE,
# the judge binary (default: built with `cargo build` and taken from CARGO_TARGET_DIR or
# ./target); CHROMIUM, the browser (default: the first of chromium, chromium-browser,
# google-chrome on PATH; on Debian `apt-get install chromium`); WIDTH and HEIGHT, the window in
# CSS pixels (default 1000×1300); SITE, where to write the site (default: a temporary directory).
set -euo pipefail

usage() {
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

[[ $# -ge 1 && $1 != -h && $1 != --help ]] || usage
edition=$1
shift
page=index.html
if [[ $# -ge 1 && $1 != -- ]]; then
    page=$1
    shift
fi
out="site-${edition}-${page%%.html*}.png"
if [[ $# -ge 1 && $1 != -- ]]; then
    out=$1
    shift
fi
if [[ $# -ge 1 && $1 == -- ]]; then
    shift
fi
judge_args=("$@")

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

# A profile of its own, so that a running browser or a first-run dialog never gets in the way.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
site=${SITE:-$work/site}
"$JUDGE" corpus html "$edition" --out "$site" "${judge_args[@]}" >/dev/null

# Headless Chromium draws a blank page when it has scrolled to an anchor of the page it shows, but
# not of a page in a frame: the page is shown in a frame that fills the window.
cat >"$work/frame.html" <<FRAME
<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html, body { margin: 0; height: 100%; overflow: hidden; } iframe { display: block; border: 0; width: 100%; height: 100%; }</style>
</head><body><iframe src="file://$(realpath "$site")/$page"></iframe></body></html>
FRAME
"$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking --hide-scrollbars \
    --no-first-run --user-data-dir="$work/profile" --force-device-scale-factor=1 \
    --window-size="${WIDTH:-1000},${HEIGHT:-1300}" \
    --screenshot="$(realpath -m "$out")" "file://$work/frame.html" 2>/dev/null

echo "$out"
