#!/usr/bin/env bash
# Runs the budget benchmarks natively and compiled to WebAssembly (under
# Node), then prints one table: ns/op native, ns/op wasm, and the ratio,
# plus any custom metrics the benchmarks report (bytes/key, ...).
# Usage: scripts/bench.sh [PACKAGES...]   (default: the pure core)
#   BENCH=regexp   which benchmarks (default: all), e.g.
#                  BENCH='World(1000|5000)$|BigList' scripts/bench.sh ./engine/
#   BENCHTIME=1x   passed to -benchtime (default: Go's 1s)
set -euo pipefail
bench=${BENCH:-.}
benchtime=()
[ -z "${BENCHTIME:-}" ] || benchtime=(-benchtime "$BENCHTIME")
cd "$(dirname "$0")/.."
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./mvcc/ ./watchcache/ ./engine/)
out=$(mktemp -d)
go test -run '^$' -bench "$bench" "${benchtime[@]}" -benchmem -count 1 -timeout 60m "${pkgs[@]}" | tee "$out/native.txt"
PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm \
  go test -run '^$' -bench "$bench" "${benchtime[@]}" -benchmem -count 1 -timeout 60m "${pkgs[@]}" | tee "$out/wasm.txt"
echo
printf '%-48s %14s %14s %7s  %s\n' benchmark native wasm ratio "other metrics (native)"
awk '
  FNR==1 { f++ }
  /^Benchmark/ {
    name=$1; sub(/-[0-9]+$/, "", name)
    for (i=3; i<=NF; i++) if ($(i+1)=="ns/op") ns=$i
    if (f==1) { nat[name]=ns; extra=""
      for (i=3; i<NF; i++) if ($(i+1)!="ns/op" && $(i+1)!="B/op" && $(i+1)!="allocs/op" && $i ~ /^[0-9.]+$/) extra=extra $i " " $(i+1) "  "
      ex[name]=extra; order[++n]=name }
    else wasm[name]=ns
  }
  END {
    for (k=1; k<=n; k++) { b=order[k]; r="-"
      if (wasm[b] != "" && nat[b] > 0) r=sprintf("%.1fx", wasm[b]/nat[b])
      printf "%-48s %11s ns %11s ns %7s  %s\n", b, nat[b], (wasm[b]==""?"-":wasm[b]), r, ex[b] }
  }' "$out/native.txt" "$out/wasm.txt"
