#!/bin/sh
# Builds a static folder that works from any static host (GitHub Pages,
# Netlify, S3, nginx, `go run . serve DIR`) and inside an iframe:
#
#   index.html loader.js wasm_exec.js app.wasm favicon.svg   the app (relative URLs only)
#   *.br *.gz        precompressed (brotli -q 11): hosts that serve
#                    precompressed files (nginx gzip_static/brotli_static,
#                    `go run . serve`) send these; others compress app.wasm
#                    themselves
#   _headers         application/wasm and caching for Netlify / Cloudflare Pages
#   embed.html       an example page that embeds the stage in an iframe
#
# Usage: web/dist.sh OUTDIR     (the Makefile's `make dist` calls it)
# Fails if the brotli-compressed transfer exceeds BUDGET_BYTES (3.5 MB).
set -eu
out=${1:?usage: web/dist.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
BROTLI_QUALITY=${BROTLI_QUALITY:-11} "$here/build.sh" "$out" >/dev/null
out=$(cd "$out" && pwd)

cat >"$out/_headers" <<'HEADERS'
/*.wasm
  Content-Type: application/wasm
  Cache-Control: public, max-age=3600
/*
  X-Content-Type-Options: nosniff
HEADERS

cat >"$out/embed.html" <<'EMBED'
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>WatchScope embedded</title>
<style>body{margin:0;background:#0E1116;display:flex;height:100vh;align-items:center;justify-content:center}
iframe{width:min(100vw,177.78vh);aspect-ratio:16/9;border:0}</style></head>
<body>
<!-- Deep links work through the iframe's src: ?lesson=ID&step=N&seed=S&speed=X&theme=projector.
     Click the stage once to give it the keyboard (browsers do not focus iframes by themselves). -->
<iframe src="index.html?lesson=gone-410" allow="fullscreen; autoplay" title="WatchScope"></iframe>
</body>
</html>
EMBED

total=0
for f in app.wasm wasm_exec.js loader.js index.html favicon.svg; do
	if [ -f "$out/$f.br" ]; then n=$(wc -c <"$out/$f.br"); else n=$(wc -c <"$out/$f.gz"); fi
	total=$((total + n))
done
echo "dist: $out"
echo "compressed transfer: $total bytes (budget ${BUDGET_BYTES:=3500000})"
if [ "$total" -gt "$BUDGET_BYTES" ]; then
	echo "dist: over the transfer budget" >&2
	exit 1
fi
