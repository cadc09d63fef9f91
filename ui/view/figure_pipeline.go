package view

import (
	"image/color"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"watchscope/ui/scene"
)

// drawPipeline draws an informer's stages left to right as boxes joined
// by arrows, each with how many items it holds and, where the world
// names them (the FIFO, the handler's backlog, the workqueue, the
// workers, the back-off), the keys themselves as tokens that move from
// stage to stage (tm remembers where each was).
func drawPipeline(sc *Scene, r Region, f *scene.Figure, tm *TokenMotion) []Region {
	out := make([]Region, len(f.Marks))
	th := sc.Theme
	n := len(f.Marks)
	gap := 24.0
	if n >= 7 { // with the workqueue: narrower arrows, so "workqueue" and a key's name fit a box
		gap = 16
	}
	bw := (r.W - gap*float64(n-1)) / float64(n)
	bh := min(r.H-16, 360)
	y := r.Y + (r.H-bh)/2
	var toks []keyToken
	tops := make([]float64, n)
	for i, m := range f.Marks {
		b := Region{X: r.X + float64(i)*(bw+gap), Y: y, W: bw, H: bh}
		sc.rect(Rect{X: b.X, Y: b.Y, W: b.W, H: b.H, Radius: 10, Fill: stageFill(th, m.Label)})
		sc.label(b.X+b.W/2, b.Y+14, th.fitText(Prose, FigText, m.Label, b.W-8), Prose, FigText, Center, th.Ink)
		vy := b.Y + 24 + LineHeight(th.TextSize(FigText))
		foot := vy + LineHeight(th.TextSize(FigBig))
		if m.Label == "Reflector" { // its phase, in words
			sc.label(b.X+b.W/2, vy, th.fitText(Prose, FigText, m.Source, b.W-8), Prose, FigText, Center, th.Ink)
		} else {
			sc.label(b.X+b.W/2, vy, th.fitText(Mono, FigBig, thousands(m.Value), b.W-8), Mono, FigBig, Center, th.Ink)
			if m.Source != "" { // a caption under the count: "13 failed"
				sc.label(b.X+b.W/2, foot, th.fitText(Prose, FigText, m.Source, b.W-8), Prose, FigText, Center, th.Ink)
				foot += LineHeight(th.TextSize(FigText))
			}
		}
		tops[i] = foot + 8
		if len(m.Keys) > 0 {
			ks := stageTokens(th, Region{X: b.X, Y: foot + 8, W: b.W, H: b.Y + b.H - foot - 16}, i, m.Keys)
			for k := range ks {
				ks[k].whole = int64(len(ks)) >= m.Value
			}
			toks = append(toks, ks...)
		} else if m.Label != "handlers" { // its count is of handlers; its items are the backlog's keys
			tokens(sc, b, m.Value)
		}
		if i > 0 {
			ax := b.X - gap + 6
			sc.line(Line{X0: ax, Y0: b.Y + b.H/2, X1: b.X - 8, Y1: b.Y + b.H/2, Width: 4, Color: th.Muted})
			sc.mark(Mark{X: b.X - 10, Y: b.Y + b.H/2, R: 8, Shape: Triangle, Color: th.Muted})
		}
		out[i] = b
	}
	drawTokens(sc, tm.place(toks, tops, bw+gap), th)
	return out
}

func stageFill(th Theme, label string) color.RGBA {
	switch label {
	case "workqueue", "worker", "reconciled":
		return Mix(th.PanelHi, BluishGreen, 0.18)
	case "back-off":
		return Mix(th.PanelHi, Orange, 0.18)
	}
	return th.PanelHi
}

// tokens draws up to twelve items of a stage as small squares at its foot
// (a stage whose items the world does not name: the Indexer's objects).
func tokens(sc *Scene, b Region, n int64) {
	k := int(min(n, 12))
	per := max(1, int((b.W-24)/26))
	for i := range k {
		x := b.X + 12 + float64(i%per)*26
		y := b.Y + b.H - 34 - float64(i/per)*26
		sc.rect(Rect{X: x, Y: y, W: 18, H: 18, Radius: 3, Fill: SkyBlue})
	}
}

// keyToken is one key in one stage: the key, its box, its words.
type keyToken struct {
	id         string
	stage, row int
	Region
	words string // "" for a bare square: the name does not fit whole
	// whole: the stage shows all its keys, so a key new to the picture
	// has just come from the stage before (not from further down a long
	// queue, where it waited unseen).
	whole bool
}

// tokenH is a key token's height: one line of figure text and its pad.
const tokenH = 40

// stageTokens lays out a stage's keys one under another in r, by their
// names without the namespace ("web-1"); the ones past r's foot are
// left to the count above.
func stageTokens(th Theme, r Region, stage int, keys []string) []keyToken {
	var out []keyToken
	size := th.TextSize(FigText)
	for i, k := range keys {
		y := r.Y + float64(i)*(tokenH+6)
		if y+tokenH > r.Y+r.H {
			break
		}
		name := k[strings.LastIndex(k, "/")+1:]
		w := Measure(Prose, size, name) + 12
		if w > r.W-8 {
			name, w = "", 28
		}
		out = append(out, keyToken{id: k, stage: stage, row: i,
			Region: Region{X: r.X + (r.W-w)/2, Y: y, W: w, H: tokenH}, words: name})
	}
	return out
}

func drawTokens(sc *Scene, toks []keyToken, th Theme) {
	for _, t := range toks {
		sc.rect(Rect{X: t.X, Y: t.Y, W: t.W, H: t.H, Radius: 8, Fill: Mix(th.Panel, SkyBlue, 0.55)})
		if t.words != "" {
			sc.label(t.X+6, t.Y+(t.H-LineHeight(th.TextSize(FigText)))/2, t.words, Prose, FigText, Left, th.Ink)
		}
	}
}

// TokenMotion remembers where each key's token stood, as a stage and a
// row (not pixels: the same picture in another theme moves nothing), so
// a key that moves to the next stage travels there (TokenDur) instead of
// jumping; with reduced motion (Still) every token is drawn where it is.
type TokenMotion struct {
	Still bool
	now   time.Duration
	at    map[string]tokenAt
}

// TokenDur is how long a key takes from one stage to the next.
const TokenDur = 600 * time.Millisecond

type tokenAt struct {
	stage, row Tween
	ts, tr     int  // where it is going
	keyToken        // its words and width, for its last trip
	gone       bool // no longer in any stage: on its way to the next, then forgotten
}

// place moves each token to where it is at now, on its way from where
// it stood last or, a key the picture has not shown yet, from the stage
// before its own; a key no longer in any stage travels on to the next
// (the worker's to "reconciled") and is then forgotten. tops are the
// first row's y in each stage, step the distance
// between stages. It returns the tokens to draw.
func (tm *TokenMotion) place(toks []keyToken, tops []float64, step float64) []keyToken {
	if tm == nil {
		return toks
	}
	first := tm.at == nil // the picture's first sight: everything where it is
	next := make(map[string]tokenAt, len(toks))
	seen := map[string]int{}
	for _, t := range toks {
		seen[t.id]++ // a key twice (queued again while a worker holds it): its second token is another
		id := t.id + "#" + strconv.Itoa(seen[t.id])
		a, ok := tm.at[id]
		s, r := float64(t.stage), float64(t.row)
		switch {
		case tm.Still || first:
			a = tokenAt{stage: Hold(s), row: Hold(r)}
		case !ok && t.whole:
			a = tokenAt{stage: Tween{From: s - 1, To: s, Start: tm.now, Dur: TokenDur, Ease: InOutCubic}, row: Hold(r)}
		case !ok:
			a = tokenAt{stage: Hold(s), row: Hold(r)}
		case a.ts != t.stage || a.tr != t.row || a.gone:
			a.stage = a.stage.Retarget(s, tm.now, TokenDur, InOutCubic)
			a.row = a.row.Retarget(r, tm.now, TokenDur, InOutCubic)
		}
		a.ts, a.tr, a.keyToken, a.gone = t.stage, t.row, t, false
		next[id] = a
	}
	for id, a := range tm.at { // the keys that left: on to the next stage
		if _, ok := next[id]; ok || tm.Still || a.gone && a.stage.Done(tm.now) || a.ts+1 >= len(tops) {
			continue
		}
		if !a.gone {
			a.gone = true
			a.stage = a.stage.Retarget(float64(a.ts+1), tm.now, TokenDur, InOutCubic)
		}
		next[id] = a
	}
	tm.at = next
	out := make([]keyToken, 0, len(next))
	for _, id := range slices.Sorted(maps.Keys(next)) { // drawn in one order, frame after frame
		a := next[id]
		t := a.keyToken
		sf, rf := max(a.stage.At(tm.now), 0), a.row.At(tm.now)
		lo := min(int(sf), len(tops)-1)
		hi := min(lo+1, len(tops)-1)
		top := tops[lo] + (tops[hi]-tops[lo])*(sf-float64(lo))
		t.X += (sf - float64(t.stage)) * step
		t.Y = top + rf*(tokenH+6)
		out = append(out, t)
	}
	return out
}

// Settled reports whether every token has arrived.
func (tm *TokenMotion) Settled(now time.Duration) bool {
	for _, a := range tm.at {
		if !a.stage.Done(now) || !a.row.Done(now) {
			return false
		}
	}
	return true
}
