//go:build js

package main

import (
	"encoding/json"
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
//	watchscope.frameStats()  JSON {frames, p50Ms, p95Ms, maxMs, simP95Ms, drawP95Ms}
//
// summarizes it; watchscope.frameStats(true) also empties the ring, to
// measure from a given moment (issue "The stage": at most 8 ms at p95
// during the 5,000-node restart storm).
const frameWindow = 600

type frameCosts struct {
	tick  time.Duration   // the last tick's Go time
	sim   time.Duration   // ... of which simulation
	total []time.Duration // simulation + snapshot + layout per drawn frame, newest last
	sims  []time.Duration
	draws []time.Duration // the whole Draw
}

func (f *frameCosts) add(total, sim, draw time.Duration) {
	if len(f.total) == frameWindow {
		f.total, f.sims, f.draws = f.total[1:], f.sims[1:], f.draws[1:]
	}
	f.total, f.sims, f.draws = append(f.total, total), append(f.sims, sim), append(f.draws, draw)
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
		"p95Ms": q(f.total, 0.95), "maxMs": q(f.total, 1), "simP95Ms": q(f.sims, 0.95), "drawP95Ms": q(f.draws, 0.95)})
	return string(b)
}

func init() {
	apiParts = append(apiParts, func(p *apiPage) {
		f := &frameCosts{}
		var sess *live.Session
		p.afterTick = append(p.afterTick, func(s *live.Session) {
			sess, f.tick, f.sim = s, s.Timing.Sim+s.Timing.Refresh, s.Timing.Sim
		})
		p.afterDraw = append(p.afterDraw, func(int64) {
			if sess != nil { // the layout of the frame just drawn
				f.add(f.tick+sess.Timing.Layout, f.sim, p.game.DrawTime)
			}
		})
		p.api.Set("frameStats", js.FuncOf(func(_ js.Value, args []js.Value) any {
			out := f.json()
			if len(args) > 0 && args[0].Truthy() {
				f.total, f.sims, f.draws = f.total[:0], f.sims[:0], f.draws[:0]
			}
			return out
		}))
	})
}
