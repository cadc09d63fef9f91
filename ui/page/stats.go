//go:build js

package page

import (
	"encoding/json"
	"fmt"
	"runtime/metrics"
	"slices"
	"syscall/js"
	"time"

	"watchscope/ui/live"
)

// The frame budget as the browser sees it: every drawn frame's Go time
// for simulation and layout (all the updates since the previous frame:
// input, the tick's simulation and snapshot, the page's state; then the
// draw's layout) goes into a ring of the last frameWindow frames, beside
// the draw's whole Go time (layout plus issuing the draw calls, which
// with a software renderer includes the rendering itself), and
//
//	watchscope.frameStats()  JSON {frames, p50Ms, p95Ms, maxMs, simP95Ms, drawP95Ms, over, gc}
//
// summarizes it; watchscope.frameStats(true) also empties the ring, to
// measure from a given moment (issue "The stage": at most 8 ms at p95
// during the 5,000-node restart storm). over lists the frames above the
// 8 ms bound (at most the last frameOverKept), each as "tick T (beat B):
// sim S + snapshot R + page P + layout L ms" (page: the rest of the
// updates), so a miss can be traced to its part and to the snapshot's
// beat. gc is what the garbage collector did in the same time (cycles
// finished, and the CPU time of its assists, of its idle-time marking
// and of its pauses, runtime/metrics' estimates): in the browser, marking
// the goroutine must help with lands inside whatever part of a frame
// allocates.
//
// The ring holds 20,000 frames, more than a storm measurement draws (four
// minutes at 60 frames a second is 14,400), so its p95 is the whole
// window's, not its last seconds'.
const frameWindow = 20000

// frameBound is the budget a frame is listed as over; frameOverKept is
// how many such frames frameStats keeps.
const (
	frameBound    = 8 * time.Millisecond
	frameOverKept = 40
)

type frameCosts struct {
	sim   time.Duration   // the last tick's simulation
	total []time.Duration // simulation + snapshot + layout per drawn frame, newest last
	sims  []time.Duration
	draws []time.Duration  // the whole Draw
	over  []string         // frames over frameBound, newest last
	ticks int64            // the last tick's number
	beat  int64            // ... and its beat (Session.Beat)
	parts [1]time.Duration // the last tick's snapshot (refresh)
	gc0   []metrics.Sample // gcNames when the ring was emptied
}

// gcNames are the collector's metrics frameStats reports the change of.
var gcNames = []string{"/gc/cycles/total:gc-cycles", "/cpu/classes/gc/mark/assist:cpu-seconds",
	"/cpu/classes/gc/mark/idle:cpu-seconds", "/cpu/classes/gc/pause:cpu-seconds"}

func gcRead() []metrics.Sample {
	s := make([]metrics.Sample, len(gcNames))
	for i, n := range gcNames {
		s[i].Name = n
	}
	metrics.Read(s)
	return s
}

// gcSince is the change of gcNames since from (nil: since the start), as
// "N cycles, assists A s, idle marking I s, pauses P s".
func gcSince(from []metrics.Sample) string {
	var d [4]float64
	for i, s := range gcRead() {
		d[i] = sampleValue(s)
		if from != nil {
			d[i] -= sampleValue(from[i])
		}
	}
	return fmt.Sprintf("%.0f cycles, assists %.2f s, idle marking %.2f s, pauses %.2f s", d[0], d[1], d[2], d[3])
}

func sampleValue(s metrics.Sample) float64 {
	switch s.Value.Kind() {
	case metrics.KindUint64:
		return float64(s.Value.Uint64())
	case metrics.KindFloat64:
		return s.Value.Float64()
	}
	return 0 // a metric this Go does not have
}

func (f *frameCosts) add(updates, layout, draw time.Duration) {
	total, sim := updates+layout, f.sim
	if len(f.total) == frameWindow {
		f.total, f.sims, f.draws = f.total[1:], f.sims[1:], f.draws[1:]
	}
	f.total, f.sims, f.draws = append(f.total, total), append(f.sims, sim), append(f.draws, draw)
	if total > frameBound {
		if len(f.over) == frameOverKept {
			f.over = f.over[1:]
		}
		f.over = append(f.over, fmt.Sprintf("tick %d (beat %d): sim %.1f + snapshot %.1f + page %.1f + layout %.1f ms",
			f.ticks, f.beat, ms(sim), ms(f.parts[0]), ms(updates-sim-f.parts[0]), ms(layout)))
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
		"p95Ms": q(f.total, 0.95), "maxMs": q(f.total, 1), "simP95Ms": q(f.sims, 0.95), "drawP95Ms": q(f.draws, 0.95), "over": f.over, "gc": gcSince(f.gc0)})
	return string(b)
}

// installStats publishes frameStats.
func installStats(p *apiPage) {
	f := &frameCosts{}
	var sess *live.Session
	p.afterTick = append(p.afterTick, func(s *live.Session) {
		sess, f.sim = s, s.Timing.Sim
		f.ticks, f.beat, f.parts[0] = s.Ticks(), s.Beat(), s.Timing.Refresh
	})
	p.afterDraw = append(p.afterDraw, func(int64) {
		if sess != nil { // the layout of the frame just drawn
			f.add(p.game.FrameUpdate, sess.Timing.Layout, p.game.DrawTime)
		}
	})
	p.api.Set("frameStats", js.FuncOf(func(_ js.Value, args []js.Value) any {
		out := f.json()
		if len(args) > 0 && args[0].Truthy() {
			f.total, f.sims, f.draws, f.over = f.total[:0], f.sims[:0], f.draws[:0], nil
			f.gc0 = gcRead()
		}
		return out
	}))
}
