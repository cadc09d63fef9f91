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
// (the tick's simulation and snapshot, then the draw's layout and draw
// calls) goes into a ring of the last frameWindow frames, and
//
//	watchscope.frameStats()  JSON {frames, p50Ms, p95Ms, maxMs, simP95Ms}
//
// summarizes it; watchscope.frameStats(true) also empties the ring, to
// measure from a given moment (issue "The stage": at most 8 ms at p95
// during the 5,000-node restart storm).
const frameWindow = 600

type frameCosts struct {
	tick  time.Duration   // the last tick's Go time
	sim   time.Duration   // ... of which simulation
	total []time.Duration // per drawn frame, newest last
	sims  []time.Duration
}

func (f *frameCosts) add(total, sim time.Duration) {
	if len(f.total) == frameWindow {
		f.total, f.sims = f.total[1:], f.sims[1:]
	}
	f.total, f.sims = append(f.total, total), append(f.sims, sim)
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
		"p95Ms": q(f.total, 0.95), "maxMs": q(f.total, 1), "simP95Ms": q(f.sims, 0.95)})
	return string(b)
}

func init() {
	apiParts = append(apiParts, func(p *apiPage) {
		f := &frameCosts{}
		p.afterTick = append(p.afterTick, func(s *live.Session) {
			f.tick, f.sim = s.Timing.Sim+s.Timing.Refresh, s.Timing.Sim
		})
		p.afterDraw = append(p.afterDraw, func(int64) { f.add(f.tick+p.game.DrawTime, f.sim) })
		p.api.Set("frameStats", js.FuncOf(func(_ js.Value, args []js.Value) any {
			out := f.json()
			if len(args) > 0 && args[0].Truthy() {
				f.total, f.sims = f.total[:0], f.sims[:0]
			}
			return out
		}))
	})
}
