//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// playState is the slow motion's part of watchscope.state().
type playState struct {
	Tick     int64 `json:"tick"`
	TimeMs   int64 `json:"timeMs"`
	Step     int   `json:"step"`
	Pending  bool  `json:"pending"`
	Paused   bool  `json:"paused"`
	Settled  bool  `json:"settled"`
	Playback struct {
		Pace    float64 `json:"pace"`
		Slow    bool    `json:"slow"`
		Pending int     `json:"pending"`
		Playing bool    `json:"playing"`
		Counter string  `json:"counter"`
	} `json:"playback"`
	Share struct {
		Hash string `json:"hash"`
	} `json:"share"`
	Scene struct {
		Actors []struct {
			ID  string `json:"id"`
			Len int    `json:"len"`
		} `json:"actors"`
		Packets []struct {
			From  string `json:"from"`
			To    string `json:"to"`
			Label string `json:"label"`
			Count int    `json:"count"`
		} `json:"packets"`
	} `json:"scene"`
}

func getPlay(t *testing.T, ctx context.Context) playState {
	t.Helper()
	var s playState
	decode(t, run(t, ctx, chromedp.Evaluate[string](`window.watchscope.state()`)), &s)
	return s
}

// TestStepSlowMotionInBrowser: → on gone-410's second step (300 writes
// in a second) at speed 1, state() sampled every 200 ms: the screen's
// time takes at least 5 values over at least 1.5 s before the step's
// end, slow motion first and fast after; at the end the trace hash is
// the one a deep link to the step gives. Screenshots mid-motion in both
// themes go to E2E_SHOTS.
func TestStepSlowMotionInBrowser(t *testing.T) {
	ctx, cons, base := stage(t, 1280, 720, "/?lesson=gone-410&step=1")
	want := deepLinkState(t, ctx, base, "/?lesson=gone-410&step=2")
	do(t, ctx, chromedp.MouseClickXY(640, 300))  // focus the canvas, as a presenter's first click does
	do(t, ctx, chromedp.KeyEvent(kb.ArrowRight)) // step 2's question
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).pending`, 20*time.Second)
	do(t, ctx, chromedp.KeyEvent(kb.ArrowRight)) // step 2 plays
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).step === 2`, 20*time.Second)
	start := time.Now()
	tick0 := getPlay(t, ctx).Tick
	times := map[int64]bool{}
	var slow, fast, shot bool
	packets := 0
	lens := map[int]bool{} // the pods ring's len on screen: it fills as the step plays
	var last playState
	for time.Since(start) < 2*time.Minute {
		last = getPlay(t, ctx)
		if !last.Playback.Playing {
			break
		}
		times[last.TimeMs] = true
		if len(last.Scene.Packets) > 0 {
			packets++
		}
		for _, a := range last.Scene.Actors {
			if a.ID == "apiserver-0/cache/pods" {
				lens[a.Len] = true
			}
		}
		slow = slow || last.Playback.Slow && last.Playback.Pace < 1
		fast = fast || !last.Playback.Slow && last.Playback.Pace >= 1
		if !shot && time.Since(start) > 600*time.Millisecond {
			screenshot(t, ctx, shotsDir(t), "motion-gone-410-step2-dark.png")
			shot = true
		}
		time.Sleep(200 * time.Millisecond)
	}
	took := time.Since(start)
	t.Logf("step 2 played for %v (%d ticks) with %d distinct times, packets on %d samples, the pods ring at %d lens; slow %v fast %v",
		took.Round(time.Millisecond), last.Tick-tick0, len(times), packets, len(lens), slow, fast)
	if packets == 0 {
		t.Error("no sample showed packets on the wires while the step played")
	}
	if len(lens) < 3 || !lens[0] {
		t.Errorf("the pods ring's len while the step played: %v; want it empty at first, then filling (3 values or more)", lens)
	}
	// A lower bound, not a budget: the step's slow motion spans 1.5 s of
	// stage time, and a busy machine only stretches it.
	if len(times) < 5 || took < 1500*time.Millisecond {
		t.Errorf("the step played %v with %d distinct screen times; want >= 1.5 s and >= 5", took, len(times))
	}
	if !slow || !fast {
		t.Errorf("slow motion seen %v, fast seen %v: want both", slow, fast)
	}
	if last.TimeMs != want.TimeMs || last.Share.Hash != want.Share.Hash {
		t.Errorf("at the end: t=%d ms hash %.16s; the deep link gives t=%d ms hash %.16s",
			last.TimeMs, last.Share.Hash, want.TimeMs, want.Share.Hash)
	}

	// The projector theme, mid-motion of the next step.
	do(t, ctx, chromedp.KeyEvent("p"))
	send(t, ctx, "next")
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).step === 3`, 20*time.Second)
	time.Sleep(700 * time.Millisecond)
	screenshot(t, ctx, shotsDir(t), "motion-gone-410-step3-projector.png")
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// TestReducedMotionJumpsInBrowser: with motion=reduced a step is at its
// end at once, as it always was.
func TestReducedMotionJumpsInBrowser(t *testing.T) {
	ctx, _, base := stage(t, 1280, 720, "/?lesson=gone-410&step=2&motion=reduced")
	want := deepLinkState(t, ctx, base, "/?lesson=gone-410&step=3")
	open(t, ctx, base+"/?lesson=gone-410&step=2&motion=reduced")
	send(t, ctx, "next")
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).step === 3`, 20*time.Second)
	if s := getPlay(t, ctx); s.Playback.Playing || s.TimeMs != want.TimeMs || s.Share.Hash != want.Share.Hash {
		t.Errorf("reduced motion: playing %v at t=%d ms (hash %.16s); want the end at once: t=%d ms (hash %.16s)",
			s.Playback.Playing, s.TimeMs, s.Share.Hash, want.TimeMs, want.Share.Hash)
	}
	time.Sleep(time.Second) // the key events' packets stay as highlights
	if s := getPlay(t, ctx); len(s.Scene.Packets) == 0 {
		t.Error("reduced motion: no packets as highlights")
	}
}

// deepLinkState opens path and returns its state (then the caller goes on
// in the same tab).
func deepLinkState(t *testing.T, ctx context.Context, base, path string) playState {
	t.Helper()
	open(t, ctx, base+path)
	s := getPlay(t, ctx)
	if s.Playback.Playing {
		t.Fatalf("%s: a deep link plays in motion; it must jump", path)
	}
	back := fmt.Sprintf("%s/?lesson=gone-410&step=%d", base, s.Step-1)
	open(t, ctx, back)
	return s
}
