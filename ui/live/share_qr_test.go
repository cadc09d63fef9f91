package live

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

// The QR image has the code's finder patterns where a reader looks for
// them, a white quiet zone, QRScale pixels per module, and a size that
// grows with the text; a text too long for any QR code is an error.
func TestQRPNG(t *testing.T) {
	prev := 0
	for _, n := range []int{10, 200, 1500} {
		text := "http://127.0.0.1:8080/?" + strings.Repeat("cmds=x", n/6+1)
		b, modules, err := QRPNG(text)
		if err != nil {
			t.Fatalf("%d characters: %v", len(text), err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if (modules-21)%4 != 0 || modules <= prev {
			t.Errorf("%d characters: %d modules", len(text), modules)
		}
		prev = modules
		side := (modules + 8) * QRScale
		if r := img.Bounds(); r.Dx() != side || r.Dy() != side {
			t.Fatalf("image %v, want %dx%d", r, side, side)
		}
		black := func(x, y int) bool { // module x, y of the code
			r, _, _, _ := img.At((x+4)*QRScale, (y+4)*QRScale).RGBA()
			return r == 0
		}
		for _, c := range [][2]int{{0, 0}, {modules - 7, 0}, {0, modules - 7}} { // the three finder patterns
			for i := 0; i < 7; i++ {
				if !black(c[0]+i, c[1]) || !black(c[0], c[1]+i) || !black(c[0]+3, c[1]+3) || black(c[0]+1, c[1]+1) {
					t.Fatalf("%d modules: no finder pattern at %v", modules, c)
				}
			}
		}
		for _, p := range [][2]int{{-1, -1}, {-4, modules / 2}, {modules + 3, modules}} {
			if black(p[0], p[1]) {
				t.Errorf("quiet zone at module %v is black", p)
			}
		}
	}
	if _, _, err := QRPNG(strings.Repeat("x", 5000)); err == nil {
		t.Error("5000 characters made a QR code")
	}
}
