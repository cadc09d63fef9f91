package live

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"watchscope/engine"
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

// TestQRPNGReads reads the code back with zbar's zbarimg, when installed
// (apt-get install zbar-tools): the real test of a QR code is a reader.
func TestQRPNGReads(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("no zbarimg (apt-get install zbar-tools)")
	}
	for _, text := range []string{
		"http://127.0.0.1:8080/?lesson=gone-410&v=4c526237&seed=1&step=4&ask=1&pick=2&h=d018254cc4e9",
		"https://example.org/watchscope/?seed=1&nodes=0&demo=off&t=2.966666588&cmds=" + EncodeCommands(sampleLog(40)) + "&h=aa81d9ff5560",
	} {
		b, _, err := QRPNG(text)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), "qr.png")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(zbar, "-q", "--raw", p).Output()
		if got := strings.TrimSuffix(string(out), "\n"); err != nil || got != text {
			t.Errorf("zbarimg read %q (%v), want %q", got, err, text)
		}
	}
}

func sampleLog(n int) []engine.LoggedCommand {
	log := make([]engine.LoggedCommand, n)
	for i := range log {
		log[i] = engine.LoggedCommand{At: time.Duration(i) * 170 * time.Millisecond, Text: fmt.Sprintf("etcdctl put /registry/pods/p%d v%d", i%40, i)}
	}
	return log
}
