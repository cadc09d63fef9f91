// Package assets holds what the stage draws with that is not code: the
// fonts and the page's icon (assets/favicon.svg, which web/build.sh copies
// next to the page).
//
// The fonts are the Go fonts (Bigelow & Holmes, BSD-style licence, see
// fonts/LICENSE): a humanist sans for prose, its medium weight for titles,
// and a monospace member whose digits all have the same width, so that a
// changing resourceVersion or counter does not jitter on a projector. They
// are compiled into the binary (no font request at load time), cut down by
// subset-fonts.sh to the glyphs WatchScope shows (printable ASCII, Latin-1
// and the runes of its sources and lessons) and without the hinting that
// the Go rasteriser ignores: ~72 KB for the three instead of ~480 KB
// (~38 KB of brotli instead of ~184 KB). TestFontsCoverTheText checks that
// no lesson, UI string or console line needs a glyph the subset lacks.
package assets

import _ "embed"

// The font files (TrueType), by the role the stage gives them.
var (
	//go:embed fonts/goregular.ttf
	ProseTTF []byte // narration, labels
	//go:embed fonts/gomedium.ttf
	ProseBoldTTF []byte // titles, headings
	//go:embed fonts/gomono.ttf
	MonoTTF []byte // revisions, keys, console, numbers
)
