//go:build js

package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"syscall/js"
	"time"

	"watchscope/ui/live"
)

// The frame budget as the browser sees it: every drawn frame's Go time
// for simulation and layout (the tick's simulation and snapshot, the
// draw's layout) goes into a ring of the last frameWindow frames, beside
// the draw's whole Go time (layout plus issuing the draw calls, which
// with a software renderer includes the rendering itself), and
//
//	watchscope.frameStats()  JSON {frames, p50Ms, p95Ms, maxMs, simP95Ms, drawP95Ms, over}
//
// where over lists the frames above the 8 ms bound (at most the last
// frameOverKept), each as "tick T (beat B): sim S + snapshot R + layout L
// ms", so a miss can be traced to its part and to the snapshot's beat.
//
// summarizes it; watchscope.frameStats(true) also empties the ring, to
// measure from a given moment (issue "The stage": at most 8 ms at p95
// during the 5,000-node restart storm).
const frameWindow = 600

// frameBound is the budget a frame is listed as over; frameOverKept is
// how many such frames frameStats keeps.
const (
	frameBound    = 8 * time.Millisecond
	frameOverKept = 40
)

type frameCosts struct {
	tick  time.Duration   // the last tick's Go time
	sim   time.Duration   // ... of which simulation
	total []time.Duration // simulation + snapshot + layout per drawn frame, newest last
	sims  []time.Duration
	draws []time.Duration  // the whole Draw
	over  []string         // frames over frameBound, newest last
	ticks int64            // the last tick's number
	beat  int64            // ... and its beat (Session.Beat)
	parts [1]time.Duration // the last tick's snapshot (refresh)
}

func (f *frameCosts) add(total, sim, draw time.Duration) {
	if len(f.total) == frameWindow {
		f.total, f.sims, f.draws = f.total[1:], f.sims[1:], f.draws[1:]
	}
	f.total, f.sims, f.draws = append(f.total, total), append(f.sims, sim), append(f.draws, draw)
	if total > frameBound {
		if len(f.over) == frameOverKept {
			f.over = f.over[1:]
		}
		f.over = append(f.over, fmt.Sprintf("tick %d (beat %d): sim %.1f + snapshot %.1f + layout %.1f ms",
			f.ticks, f.beat, ms(sim), ms(f.parts[0]), ms(total-sim-f.parts[0])))
	}
}

func (f *frameCosts) json() string {
	q := func(ds []time.Duration, p float64) float64 {
		if len(ds) == 0 {
			return 0
		}
		c := slices.Clone(ds)
		slices.Sort(c)
		return ms(c[int(p*float64(len(c)-1))])
	}
	b, _ := json.Marshal(map[string]any{"frames": len(f.total), "p50Ms": q(f.total, 0.5),
		"p95Ms": q(f.total, 0.95), "maxMs": q(f.total, 1), "simP95Ms": q(f.sims, 0.95), "drawP95Ms": q(f.draws, 0.95), "over": f.over})
	return string(b)
}

func init() {
	apiParts = append(apiParts, func(p *apiPage) {
		f := &frameCosts{}
		var sess *live.Session
		p.afterTick = append(p.afterTick, func(s *live.Session) {
			sess, f.tick, f.sim = s, s.Timing.Sim+s.Timing.Refresh, s.Timing.Sim
			f.ticks, f.beat, f.parts[0] = s.Ticks(), s.Beat(), s.Timing.Refresh
		})
		p.afterDraw = append(p.afterDraw, func(int64) {
			if sess != nil { // the layout of the frame just drawn
				f.add(f.tick+sess.Timing.Layout, f.sim, p.game.DrawTime)
			}
		})
		p.api.Set("frameStats", js.FuncOf(func(_ js.Value, args []js.Value) any {
			out := f.json()
			if len(args) > 0 && args[0].Truthy() {
				f.total, f.sims, f.draws, f.over = f.total[:0], f.sims[:0], f.draws[:0], nil
			}
			return out
		}))
	})
}
