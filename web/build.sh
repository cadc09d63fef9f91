#!/bin/sh
# Builds the browser app into OUTDIR:
#   app.wasm        the root package for GOOS=js GOARCH=wasm (main_js.go, which starts ui/page)
#   wasm_exec.js    Go's JavaScript glue, from the same Go that built app.wasm
#   the page's static files: every web/*.html, *.js, *.css, *.svg, and the
#                   images in assets/ (the icon)
#   offline.json    the files the service worker keeps offline (web/sw.js)
#   *.gz, *.br      precompressed once here (brotli only if installed), so
#                   the server never compresses on the fly
# Usage: web/build.sh OUTDIR    (BROTLI_QUALITY overrides brotli's -q, default 11)
#
# Brotli at its best quality (11) takes ~40 s for app.wasm but gives
# 3.46 MB where 9 gives 3.98: the page's whole compressed transfer is
# budgeted at 4.0 MB (3.5 MB until issue 14; web/e2e TestPageBudgets
# measures it).
set -eu
out=${1:?usage: web/build.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"

# Stale variants would be served in place of the new files: remove them first.
rm -f "$out"/*.gz "$out"/*.br
# -buildvcs=auto stamps the commit (share links carry it as app=; see ui/live/share.go)
# when built from a git checkout, whatever GOFLAGS says.
#
# Inlining is off (-l) in the packages that never run in a frame's hot path:
# the console's command language, the lesson parser, the page glue, the
# export, the key table, the widgets with ebitenui under them, the
# recording's parser and client-go's JSONPath; the scene's cast (ui/scene),
# built every sixth tick, not per frame; and the standard library's
# packages that only Ebiten's shader compiler runs, once, at start
# (go/..., text/template, math/big), with encoding/gob and log/slog that
# Ebiten links and encoding/json, which runs when a test asks for state()
# and when a recording is opened (serve --live's page reads only the lines
# that came since the last second, a few at a time). In
# Go's wasm every call site is a resume point, so inlined copies cost code:
# the first list took app.wasm from 4,012,742 to 3,926,268 bytes
# brotli-compressed, ui/scene 3,964,750 -> 3,912,052 (issue 28), the
# standard library's 3,973,315 -> 3,842,119: room the page's 4.0 MB budget
# needed. Brotli's size moves by +-10 KB when code merely moves between
# files: measure, do not reason. The simulation and the stage's per-frame
# layout and drawing keep inlining.
cold=""
for p in watchscope/console watchscope/lessons watchscope/ui/page watchscope/ui/widgets \
	watchscope/ui/thumb watchscope/ui/keys watchscope/ui/scene 'github.com/ebitenui/...' \
	watchscope/recording 'k8s.io/client-go/...' 'go/...' 'text/template/...' math/big \
	encoding/gob log/slog encoding/json; do
	cold="$cold -gcflags=$p=-l"
done
# shellcheck disable=SC2086 # $cold is a list of flags
GOOS=js GOARCH=wasm go build -buildvcs=auto -trimpath -ldflags='-s -w' $cold -o "$out/app.wasm" .
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/wasm_exec.js"
static=$(cd web && ls *.html *.js *.css *.svg 2>/dev/null || true) # ls fails when a pattern matches nothing
for f in $static; do cp "web/$f" "$out/"; done
images=$(cd assets && ls *.svg *.png 2>/dev/null || true) # the page's own images (the icon)
for f in $images; do cp "assets/$f" "$out/"; done
static="$static $images"

command -v brotli >/dev/null 2>&1 ||
	echo "web/build.sh: brotli is not installed: the page will be served gzip-compressed (~4.9 MB, over the 4.0 MB budget); apt-get install brotli" >&2
for f in app.wasm wasm_exec.js $static; do
	gzip -9 -n -k -f "$out/$f"
	if command -v brotli >/dev/null 2>&1; then
		brotli -f -q "${BROTLI_QUALITY:-11}" -o "$out/$f.br" "$out/$f"
	fi
done
# offline.json: what the service worker (sw.js) keeps for offline use, every
# file of the site, and a version that changes with any of their bytes.
kept=$(for f in index.html app.wasm wasm_exec.js $static; do [ "$f" = sw.js ] || echo "$f"; done | sort -u)
version=$(cd "$out" && cat $kept | sha256sum | cut -c1-16)
list=$(for f in $kept; do printf '"%s",' "$f"; done)
printf '{"version":"%s","files":[%s]}\n' "$version" "${list%,}" >"$out/offline.json"

ls -l "$out" | awk 'NR > 1 { printf "  %-16s %10d\n", $9, $5 }'
