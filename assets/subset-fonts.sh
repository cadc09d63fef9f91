#!/bin/sh
# Makes assets/fonts/*.ttf: the three Go fonts the stage draws with, cut
# down to the glyphs WatchScope can show. The build does not run this (the
# subset fonts are committed); run it again when TestFontsCoverTheText in
# package assets names a rune the fonts lack.
#
# Needs Go and fonttools' pyftsubset (Debian: apt-get install -y fonttools).
#
# What is kept, in each font:
#   - printable ASCII and Latin-1 (U+0020-007E, U+00A0-00FF): console
#     lines a user types, names, numbers;
#   - every other rune of the module's Go sources and of the lessons
#     (lessons/content/*.md): the UI strings, console and trace output, the
#     lesson text (a superset: comments count too);
#   - nothing the Go rasteriser ignores: golang.org/x/image/font/sfnt does
#     not run TrueType hinting, so the hinting programs and tables (fpgm,
#     prep, cvt, gasp) are dropped without changing a pixel.
#
# Usage: assets/subset-fonts.sh   (from anywhere; writes assets/fonts/)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v pyftsubset >/dev/null 2>&1 || {
	echo "assets/subset-fonts.sh: pyftsubset is missing: apt-get install -y fonttools" >&2
	exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The full fonts, as golang.org/x/image (pinned in go.mod) ships them.
mkdir -p "$tmp/dump"
cat >"$tmp/dump/main.go" <<'EOF'
package main

import (
	"os"

	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

func main() {
	dir := os.Args[1]
	for name, b := range map[string][]byte{"goregular": goregular.TTF, "gomedium": gomedium.TTF, "gomono": gomono.TTF} {
		if err := os.WriteFile(dir+"/"+name+".ttf", b, 0o644); err != nil {
			panic(err)
		}
	}
}
EOF
go run "$tmp/dump/main.go" "$tmp"

# The text to keep: the non-ASCII runes of the sources and lessons (the
# fixed ranges are passed as --unicodes below).
git ls-files '*.go' 'lessons/content/*.md' | grep -v '_test\.go$' | xargs cat |
	LC_ALL=C.UTF-8 grep -o '[^ -~]' | LC_ALL=C.UTF-8 sort -u | tr -d '\n\t\r' >"$tmp/text"

mkdir -p assets/fonts
for name in goregular gomedium gomono; do
	pyftsubset "$tmp/$name.ttf" --output-file="assets/fonts/$name.ttf" \
		--unicodes='U+0020-007E,U+00A0-00FF,U+FFFD' --text-file="$tmp/text" \
		--no-hinting --drop-tables+=gasp --name-IDs='*' --name-languages='*' \
		--notdef-outline --glyph-names=false --recommended-glyphs
	printf '%s: %d -> %d bytes\n' "$name" "$(wc -c <"$tmp/$name.ttf")" "$(wc -c <"assets/fonts/$name.ttf")"
done
