package live

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"
)

// The stage's share of a frame during the 5,000-node restart storm
// (issues 14-16: p95 at most 8 ms of Go time per frame in the browser,
// TestStormFrameBudgetInBrowser). The world is held still at the storm's
// heavy part (the caches relisting 150,000 pods) and each benchmark runs
// one of the per-frame costs the page pays besides the simulation:
//
//	BenchmarkStormSnapshot/beatN  the tick's copy of the world for the stage, per beat
//	BenchmarkStormPage            what the page reads after each tick (present, moment)
//	BenchmarkStormState           window.watchscope.state(), made when a test asks
//	BenchmarkStormLayout          laying the stage out for the frame (Session.Scene)
//
// The world is built once for all of them (about 3 s natively, minutes
// under wasm).

var storm struct {
	once sync.Once
	s    *Session
	err  error
}

// stormSession is a 5,000-node sandbox in the API server's restart
// storm (at 26.5 s of world time), with the stage's state read once.
func stormSession(b *testing.B) *Session {
	b.Helper()
	storm.once.Do(func() {
		s, err := Open(Link{Nodes: 5000, Seed: 1})
		if err != nil {
			storm.err = err
			return
		}
		s.sim.RunUntil(20 * time.Second)
		s.Tick(time.Second / 60)
		s.Send("sim restart apiserver-0")
		s.Tick(time.Second / 60)
		s.sim.RunUntil(26500 * time.Millisecond)
		s.Tick(time.Second / 60)
		s.Scene()
		storm.s = s
	})
	if storm.err != nil {
		b.Fatal(storm.err)
	}
	return storm.s
}

// stillTick is Session.Tick without the world: the snapshot and the
// features' hooks of one tick, on the beat of the tick number it sets.
func (s *Session) stillTick() {
	s.ticks++
	s.refresh()
	s.motion.Observe(s.snap, s.clock.Anim())
	s.all.afterTick()
}

func BenchmarkStormSnapshot(b *testing.B) {
	s := stormSession(b)
	for beat := range int64(heavyEvery) {
		b.Run(fmt.Sprintf("beat%d", beat), func(b *testing.B) {
			benchFrames(b, func() {
				s.ticks += heavyEvery - s.ticks%heavyEvery + beat - 1 // stillTick's tick is on beat
				s.stillTick()
			})
		})
	}
}

// BenchmarkStormPage is what ui/page does after every tick: the
// presenter's feed and the share link's query (the moment a crash screen
// links to). It used to publish state() too, which cost three times the
// rest (BenchmarkStormState); the page now makes it when asked.
func BenchmarkStormPage(b *testing.B) {
	s := stormSession(b)
	benchFrames(b, func() {
		s.ticks++
		pageAfterTick(s)
	})
}

func pageAfterTick(s *Session) {
	_, _ = json.Marshal(s.Present())
	_ = s.Share().Query
}

func BenchmarkStormState(b *testing.B) {
	s := stormSession(b)
	benchFrames(b, func() { _ = s.StateJSON() })
}

func BenchmarkStormLayout(b *testing.B) {
	s := stormSession(b)
	benchFrames(b, func() { s.Scene() })
}

// benchFrames runs one frame's part per op, with its allocations and CPU time.
func benchFrames(b *testing.B, part func()) {
	b.ReportAllocs()
	c0 := cpuTime()
	for b.Loop() {
		part()
	}
	reportCPU(b, c0)
}
