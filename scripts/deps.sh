#!/usr/bin/env bash
# Installs what a fresh machine of this kind lacks for `make test` and
# `make serve`: Debian's Chromium (browser end-to-end tests), Xvfb and Mesa
# (native Ebiten tests), brotli (precompressed assets), zbarimg (the QR
# code test), and the Go modules.
# It only installs what is missing, so a second run costs a few seconds.
set -euo pipefail

need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

have_cmd chromium || need+=(chromium)
have_cmd xvfb-run || need+=(xvfb xauth)
have_cmd brotli || need+=(brotli)
have_cmd zbarimg || need+=(zbar-tools) # reads the share panel's QR code back in the tests
for p in libgl1-mesa-dri libgl1-mesa-dev libx11-dev libxcursor-dev libxi-dev \
         libxinerama-dev libxrandr-dev libxxf86vm-dev pkg-config fonts-liberation; do
  have_pkg "$p" || need+=("$p")
done

if [ ${#need[@]} -gt 0 ]; then
  echo "deps: installing ${need[*]}"
  if [ "$(id -u)" != 0 ]; then
    echo "deps: need root to apt-get install ${need[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

go mod download
if [ -f conformance/go.mod ]; then (cd conformance && go mod download); fi
echo "deps: ok"
