package view

import (
	"testing"
	"time"

	"watchscope/ui/scene"
)

// TestFanOutLooksLikeItsCount: the fan-out figure draws a line and a
// dot per copy, so 200 direct watchers are 200 lines out of etcd and 1 is
// one; while a step plays the copies go out over FanDur, the count
// growing with them; at rest (or with reduced motion) all are sent.
func TestFanOutLooksLikeItsCount(t *testing.T) {
	fig := func(direct int64) *scene.Figure {
		return &scene.Figure{Kind: scene.FigFanOut, Marks: []scene.FigureMark{
			{Label: "direct", Value: direct}, {Label: "to the cache", Value: 1}, {Label: "from the cache", Value: 201}}}
	}
	r := Region{X: 100, Y: 300, W: 1300, H: 400}
	fromEtcd := func(sc *Scene) int {
		n := 0
		for _, l := range sc.Lines {
			if l.X0 == r.X+70+40 {
				n++
			}
		}
		return n
	}
	for _, direct := range []int64{1, 200} {
		sc := Scene{Theme: Dark}
		drawFanOut(&sc, r, fig(direct), nil)
		if got := fromEtcd(&sc); got != int(direct)+1 { // and the one to the cache
			t.Errorf("%d direct watchers: %d lines leave etcd, want %d", direct, got, direct+1)
		}
	}
	var fm FanMotion
	words := func(now time.Duration, still bool) string {
		fm.now, fm.Still = now, still
		sc := Scene{Theme: Dark}
		drawFanOut(&sc, r, fig(200), &fm)
		for _, x := range sc.Texts {
			if len(x.S) > 6 && x.S[len(x.S)-6:] == "m etcd" {
				return x.S
			}
		}
		return ""
	}
	if got := words(time.Second, false); got != "0 copies, straight from etcd" {
		t.Errorf("a playing step's first sight: %q, want none sent yet", got)
	}
	if got := words(time.Second+FanDur/2, false); got != "100 copies, straight from etcd" {
		t.Errorf("half way: %q", got)
	}
	if got := words(time.Second+FanDur, false); got != "200 copies, straight from etcd" {
		t.Errorf("at the end: %q", got)
	}
	fm = FanMotion{}
	if got := words(time.Second, true); got != "200 copies, straight from etcd" {
		t.Errorf("at rest: %q, want all sent", got)
	}
}
