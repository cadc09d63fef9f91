//go:build js

// The baseline for the page's first frame: the smallest Ebiten program
// that draws, built and served exactly as app.wasm is (web/build.sh's
// flags, brotli 11, the same server). TestPageBudgets loads it beside the
// real page in the same run, so the first frame's budget is a ratio
// (page / baseline) that a busy machine slows on both sides alike.
package main

import (
	"image/color"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

type game struct{ drawn bool }

func (g *game) Update() error { return nil }

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{0x0e, 0x11, 0x16, 0xff})
	if !g.drawn {
		g.drawn = true
		js.Global().Set("baselineReadyAt", js.Global().Get("performance").Call("now"))
	}
}

func (g *game) Layout(w, h int) (int, int) { return w, h }

func main() {
	if err := ebiten.RunGame(&game{}); err != nil {
		panic(err)
	}
}
