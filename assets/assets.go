// Package assets holds what the stage draws with that is not code: the
// fonts and the page's icon (assets/favicon.svg, which web/build.sh copies
// next to the page).
//
// The fonts are the Go fonts (Bigelow & Holmes, BSD-style licence, from
// golang.org/x/image): a humanist sans for prose, its medium weight for
// titles, and a monospace member whose digits all have the same width, so
// that a changing resourceVersion or counter does not jitter on a
// projector. They are compiled into the binary (no font request at load
// time); the three files are ~450 KB of the page's download.
package assets

import (
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// The font files (TrueType), by the role the stage gives them.
var (
	ProseTTF     = goregular.TTF // narration, labels
	ProseBoldTTF = gomedium.TTF  // titles, headings
	MonoTTF      = gomono.TTF    // revisions, keys, console, numbers
)
