package view

import (
	"testing"
	"time"
)

// TestTokensMoveStageToStage: a key that moves on is drawn on its way
// (from where it stood, eased over TokenDur), a key that leaves travels to
// the next stage and is then forgotten, a key new to a stage showing all
// its keys comes from the stage before; reduced motion draws each where
// it is.
func TestTokensMoveStageToStage(t *testing.T) {
	const step = 200.0
	tops := []float64{100, 100, 100, 100, 100, 100, 100}
	at := func(stage, row int) keyToken {
		return keyToken{id: "ns/a", stage: stage, row: row, Region: Region{X: 10 + float64(stage)*step, W: 60, H: tokenH}, words: "a", whole: true}
	}
	var tm TokenMotion
	x := func(now time.Duration, toks ...keyToken) []float64 {
		tm.now = now
		var out []float64
		for _, k := range tm.place(toks, tops, step) {
			out = append(out, k.X)
		}
		return out
	}
	if got := x(0, at(4, 0)); len(got) != 1 || got[0] != 10+4*step {
		t.Fatalf("first sight: %v, want the token at rest in stage 4", got)
	}
	x(time.Second, at(5, 0)) // the worker takes it
	if got := x(time.Second+TokenDur/2, at(5, 0)); got[0] <= 10+4*step || got[0] >= 10+5*step {
		t.Errorf("half way: x %v, want between stage 4 and 5", got)
	}
	if got := x(time.Second+TokenDur, at(5, 0)); got[0] != 10+5*step {
		t.Errorf("arrived: x %v, want stage 5", got)
	}
	x(2 * time.Second) // reconciled: it leaves the worker
	if got := x(2*time.Second + TokenDur/2); len(got) != 1 || got[0] <= 10+5*step {
		t.Errorf("leaving: %v, want one token past stage 5", got)
	}
	x(2*time.Second + TokenDur)
	if got := x(3 * time.Second); len(got) != 0 {
		t.Errorf("gone: %v, want none", got)
	}
	x(4*time.Second, at(3, 0)) // a new key in a stage showing all its keys
	if got := x(4*time.Second+TokenDur/2, at(3, 0)); got[0] <= 10+2*step || got[0] >= 10+3*step {
		t.Errorf("new key: x %v, want on its way from stage 2", got)
	}
	tm.Still = true
	if got := x(5*time.Second, at(6, 0)); got[0] != 10+6*step {
		t.Errorf("reduced motion: x %v, want stage 6 at once", got)
	}
}
