#!/bin/sh
# Builds a static folder that works from any static host (GitHub Pages,
# Netlify, S3, nginx, `go run . serve DIR`) and inside an iframe:
#
#   index.html loader.js wasm_exec.js app.wasm favicon.svg   the app (relative URLs only)
#   the page's feature scripts and pages (web/*.js, web/*.html)
#   sw.js offline.json   the service worker and the files it keeps offline
#   *.br *.gz        precompressed (brotli -q 11): hosts that serve
#                    precompressed files (nginx gzip_static/brotli_static,
#                    `go run . serve`) send these; others compress app.wasm
#                    themselves
#   _headers         application/wasm and caching for Netlify / Cloudflare Pages
#   watchscope-offline.zip   the one-file copy for a USB stick (web/standalone.sh)
#
# Usage: web/dist.sh OUTDIR     (the Makefile's `make dist` calls it)
# Fails if the brotli-compressed transfer of the page (app.wasm and every
# file index.html loads) exceeds BUDGET_BYTES (4.0 MB).
set -eu
out=${1:?usage: web/dist.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
BROTLI_QUALITY=${BROTLI_QUALITY:-11} "$here/build.sh" "$out" >/dev/null
out=$(cd "$out" && pwd)

# sw.js must be revalidated on every visit (browsers cap its HTTP caching
# at a day anyway): a new build reaches offline users through it.
cat >"$out/_headers" <<'HEADERS'
/*.wasm
  Content-Type: application/wasm
  Cache-Control: public, max-age=3600
/sw.js
  Cache-Control: no-cache
/offline.json
  Cache-Control: no-cache
/*
  X-Content-Type-Options: nosniff
HEADERS

"$here/standalone.sh" "$out" "$out/watchscope-offline.zip"

# The page's transfer: app.wasm, index.html and everything it loads.
loads=$(grep -o '\(src\|href\)="[^":?#]*"' "$out/index.html" | sed 's/^[a-z]*="//; s/"$//')
total=0
for f in index.html app.wasm $loads; do
	if [ -f "$out/$f.br" ]; then n=$(wc -c <"$out/$f.br"); else n=$(wc -c <"$out/$f.gz"); fi
	total=$((total + n))
done
echo "dist: $out"
echo "compressed transfer: $total bytes for index.html app.wasm $(echo $loads) (budget ${BUDGET_BYTES:=4000000})"
if [ "$total" -gt "$BUDGET_BYTES" ]; then
	echo "dist: over the transfer budget" >&2
	exit 1
fi
