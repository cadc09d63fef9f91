#!/bin/sh
# Packs a built site (web/build.sh SITE) into the offline archive a trainer
# copies to a USB stick and opens with a double click, no server:
#
#   ARCHIVE (a .zip: Windows and macOS open it without any tool)
#     WatchScope/watchscope.html   the whole app in one file
#     WatchScope/README.txt        how to open it, what works offline
#
# A page opened from file:// cannot fetch app.wasm (browsers refuse
# file:// fetches), so the file carries everything itself:
#
#   index.html, its icon a data: URL, stylesheets inline, its <script src>
#   tags replaced by the scripts' text, moved to the end of <body> in the
#   same order (what "defer" would have run);
#   app.wasm in a <script id="app-wasm" type="application/octet-stream">
#   block just before loader.js: gzip, then base64; loader.js finds it and
#   unpacks it with the browser's own DecompressionStream as it compiles.
#
# Usage: web/standalone.sh SITE ARCHIVE
set -eu
site=${1:?usage: web/standalone.sh SITE ARCHIVE}
archive=${2:?usage: web/standalone.sh SITE ARCHIVE}
site=$(cd "$site" && pwd)
case $archive in /*) ;; *) archive=$(pwd)/$archive ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/WatchScope"
page="$work/WatchScope/watchscope.html"
[ -f "$site/app.wasm.gz" ] || gzip -9 -n -k -f "$site/app.wasm"
scripts=$(grep -o '<script src="[^"]*"' "$site/index.html" | sed 's/^<script src="//; s/"$//')

# inline prints a script as an inline one; "</script" inside its text
# would end the element early, "<\/script" means the same to JavaScript.
inline() {
	printf '<script>\n'
	sed 's#</script#<\\/script#g' "$1"
	printf '</script>\n'
}

# page_head prints index.html up to </body> without its script tags, the icon
# as a data: URL (a missing favicon is an error in the console) and
# stylesheets inline.
page_head() {
	while IFS= read -r line; do
		case $line in
		*'</body>'*) return ;;
		*'<script src='*) ;;
		*'rel="stylesheet"'*)
			css=$(printf '%s' "$line" | sed 's/.*href="\([^"]*\)".*/\1/')
			printf '<style>\n'
			cat "$site/$css"
			printf '</style>\n'
			;;
		*'href="favicon.svg"'*)
			printf '%s\n' "$line" | sed "s#href=\"favicon.svg\"#href=\"data:image/svg+xml;base64,$(base64 -w 0 "$site/favicon.svg")\"#"
			;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$site/index.html"
}

{
	page_head
	for f in $scripts; do
		if [ "$f" != loader.js ]; then
			inline "$site/$f"
			continue
		fi
		printf '<script id="app-wasm" type="application/octet-stream" data-size="%s">' "$(wc -c <"$site/app.wasm" | tr -d ' ')"
		base64 -w 0 "$site/app.wasm.gz"
		printf '</script>\n'
		inline "$site/loader.js" # it unpacks #app-wasm when the page carries one
	done
	sed -n '/<\/body>/,$p' "$site/index.html"
} >"$page"

version=$(sed -n 's/.*"version":"\([0-9a-f]*\)".*/\1/p' "$site/offline.json" 2>/dev/null || true)
cat >"$work/WatchScope/README.txt" <<README
WatchScope, offline copy
========================

How Kubernetes watches really work, from etcd revisions to informers.
This folder is the whole app in one file: no server, no network needed.

To start
  Double-click watchscope.html, or drag it into a browser window.
  Works in a current Chrome, Edge, Firefox or Safari.

Deep links
  Add parameters after the file name in the address bar, for example
    watchscope.html?lesson=gone-410&step=3
    watchscope.html?nodes=0&theme=projector
  A share link (key S) made on another copy of WatchScope works here too:
  keep everything from the "?" on.

Keys
  Left/Right or a clicker: lesson steps.  Space: play/pause.  L: lessons.
  S: share this moment (link and QR code).  F: full screen.  ?: all keys.

What needs the web version
  Opened from a file, the page has no service worker and no second page:
  the presenter's notes window and the example host page need the site
  served (go run . serve -dir DIR, or any static web host).

Build ${version:-unknown}
README

rm -f "$archive"
(cd "$work" && zip -q -9 -X -r "$archive" WatchScope)
echo "offline archive: $archive ($(wc -c <"$archive" | tr -d ' ') bytes)"
