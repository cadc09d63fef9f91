// Package ebitentest runs a package's tests inside Ebiten's game loop:
// Ebiten cannot read pixels (or build some images) before the game has
// started, so a test that draws needs its TestMain to be
//
//	func TestMain(m *testing.M) { ebitentest.Main(m) }
//
// It needs a display (xvfb-run -a go test ./ui/...).
package ebitentest

import (
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

type game struct {
	m    *testing.M
	code int
}

func (g *game) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}
func (*game) Draw(*ebiten.Image)         {}
func (*game) Layout(int, int) (int, int) { return 320, 240 }

// Main runs the tests on the game loop's first update and exits with
// their code.
func Main(m *testing.M) {
	g := &game{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		panic(err)
	}
	os.Exit(g.code)
}
