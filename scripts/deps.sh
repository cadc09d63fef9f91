#!/usr/bin/env bash
# Installs what a fresh machine of this kind lacks for `make test`:
# Debian's Chromium (browser end-to-end tests), Xvfb and Mesa (native
# Ebiten tests), brotli (precompressed assets), zbarimg (the QR code test),
# and the Go modules. `scripts/deps.sh serve` (what `make serve` runs)
# installs only what the page needs: brotli, without which app.wasm goes
# out gzip-compressed, ~4.9 MB, over the page's budget, and the Go modules.
# It only installs what is missing, so a second run costs a few seconds.
set -euo pipefail

need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

have_cmd brotli || need+=(brotli)
if [ "${1:-test}" != serve ]; then
  have_cmd chromium || need+=(chromium)
  have_cmd xvfb-run || need+=(xvfb xauth)
  have_cmd zbarimg || need+=(zbar-tools) # reads the share panel's QR code back in the tests
  have_cmd xmllint || need+=(libxml2-utils) # validates the SCORM manifest against its schemas
  for p in libgl1-mesa-dri libgl1-mesa-dev libx11-dev libxcursor-dev libxi-dev \
           libxinerama-dev libxrandr-dev libxxf86vm-dev pkg-config fonts-liberation; do
    have_pkg "$p" || need+=("$p")
  done
fi

if [ ${#need[@]} -gt 0 ]; then
  echo "deps: installing ${need[*]}"
  if [ "$(id -u)" != 0 ]; then
    echo "deps: ${need[*]} missing, and installing needs root: run 'sudo apt-get install ${need[*]}' (or this make command as root)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

go mod download
if [ -f conformance/go.mod ]; then (cd conformance && go mod download); fi
echo "deps: ok"
