package live

import (
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"watchscope/engine"
	"watchscope/internal/budget"
	"watchscope/ui/view"
)

// TestStormFrameBudget measures the Go side of a frame (session tick:
// commands, world, snapshot; then the stage's layout) during a restart
// storm of a 5,000-node cluster, and reports the p95 beside its budget,
// 8 ms per frame, for `make bench` (a wall-clock figure: it never fails).
// WS_STORM=1 turns it on (it builds a 150,000-pod world, which takes a
// while).
func TestStormFrameBudget(t *testing.T) {
	if os.Getenv("WS_STORM") == "" {
		t.Skip("WS_STORM=1 measures the 5,000-node restart storm")
	}
	nodes := 5000
	if n, err := strconv.Atoi(os.Getenv("WS_STORM")); err == nil && n > 1 {
		nodes = n
	}
	start := time.Now()
	s, err := Open(Link{Nodes: nodes, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("world built in %v", time.Since(start).Round(time.Millisecond))
	const frame = time.Second / 60
	// The cluster settles without the stage looking (a frame's budget
	// would stretch this over minutes of wall time).
	s.sim.RunUntil(20 * time.Second)
	s.Tick(frame)
	t.Logf("20 s of cluster time in %v", time.Since(start).Round(time.Millisecond))
	s.Send("sim restart apiserver-0")
	var all, sim, ui []time.Duration
	for range 10 * 60 {
		t0 := time.Now()
		s.Tick(frame)
		t1 := time.Now()
		_ = s.Scene()
		all = append(all, time.Since(t0))
		if os.Getenv("WS_STORM_DEBUG") != "" && time.Since(t0) > 8*time.Millisecond {
			t.Logf("tick %d beat %d: sim %v (budget %v) stage %v", s.ticks, s.ticks%heavyEvery, s.Timing.Sim, s.pace.simBudget(s.ticks), time.Since(t0)-s.Timing.Sim)
		}
		sim = append(sim, s.Timing.Sim)
		ui = append(ui, s.Timing.Refresh+time.Since(t1))
	}
	st := s.State()
	t.Logf("restart storm at %d nodes, %d frames (clients %d, markers %v):", nodes, len(all), st.Counts.Clients, st.Markers)
	t.Logf("  world at %v after %v of stage time (the frame budget dropped %v)", s.sim.Now().Round(time.Millisecond),
		s.clock.Virtual().Round(time.Millisecond), (s.clock.Virtual() - s.sim.Now()).Round(time.Millisecond))
	t.Logf("  whole frame  %s", pcts(all))
	t.Logf("  simulation   %s", pcts(sim))
	t.Logf("  stage (snapshot + layout) %s", pcts(ui))
	budget.Report(t, "storm frame, Go work p95 (native)", budget.Ms(p95(all)), 8, "ms")
}

// TestFramePace: a frame that keeps up reaches the stage time exactly;
// a frame out of budget stops between events and the stage clock keeps at
// most MaxLead ahead of the world (what Session.Tick does); the next frame
// with budget works that debt off; a jump of the world is run once; and
// however the frames were cut, the world's trace is the one a plain
// RunUntil gives.
func TestFramePace(t *testing.T) {
	cfg := engine.Scenario{Name: "steady", Nodes: 10, Duration: time.Minute, Seed: 3}.Config()
	w, err := engine.NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	const frame = time.Second / 60
	p := framePace{budget: time.Hour}
	var clock view.Clock
	tick := func() bool {
		clock.Tick(frame)
		ok := p.run(w, clock.Virtual(), 0)
		if !ok {
			clock.Drop(w.Now(), MaxLead)
		}
		clock.CatchUp(w.Now())
		return ok
	}
	for range 60 {
		if !tick() || w.Now() != clock.Virtual() {
			t.Fatalf("an unbounded frame must reach %v, world at %v", clock.Virtual(), w.Now())
		}
	}
	p.budget = time.Nanosecond // one event per frame
	clock.Speed = 600          // ten seconds a frame: far more than one event
	lead := time.Duration(float64(MaxLead) * clock.Speed)
	if tick() || !p.behind || clock.Virtual()-w.Now() > lead {
		t.Fatalf("a 1 ns frame: behind %v, clock %v, world %v: the clock may lead by %v at most", p.behind, clock.Virtual(), w.Now(), lead)
	}
	for range 30 { // 300 s of clock, far more than the lead
		tick()
	}
	if got := clock.Virtual() - w.Now(); got != lead {
		t.Fatalf("after 30 frames out of budget the clock leads by %v, want exactly the bound %v", got, lead)
	}
	p.budget, clock.Speed = time.Hour, 1
	before := w.Now()
	if !tick() || w.Now()-before != lead+frame {
		t.Fatalf("the next frame with budget moved the world %v, want the debt %v plus one frame", w.Now()-before, lead)
	}
	w.RunUntil(w.Now() + 2*time.Second) // "sim advance 2s", after which the session's clock catches up
	clock.CatchUp(w.Now())
	for range 3 {
		before := w.Now()
		if !tick() || w.Now()-before != frame {
			t.Fatalf("after a jump a frame moved the world %v, want one frame (%v)", w.Now()-before, frame)
		}
	}
	whole, _ := engine.NewWorld(cfg)
	whole.RunUntil(w.Now())
	if whole.Trace.Hash() != w.Trace.Hash() {
		t.Fatal("frames cut by the budget changed the world's trace")
	}
}

func p95(ds []time.Duration) time.Duration {
	c := slices.Clone(ds)
	slices.Sort(c)
	return c[int(0.95*float64(len(c)-1))]
}

func pcts(ds []time.Duration) string {
	c := slices.Clone(ds)
	slices.Sort(c)
	p := func(q float64) time.Duration { return c[int(q*float64(len(c)-1))].Round(10 * time.Microsecond) }
	return "p50 " + p(0.5).String() + "  p95 " + p(0.95).String() + "  p99 " + p(0.99).String() + "  max " + c[len(c)-1].Round(time.Microsecond).String()
}

// TestFramePlan: the world gets what the stage leaves of a frame, beat by
// beat, never less than minSimBudget nor more than FrameBudget; a spike
// is remembered at once and forgotten slowly.
func TestFramePlan(t *testing.T) {
	var p framePlan
	if got := p.simBudget(0); got != FrameBudget {
		t.Fatalf("fresh plan gives %v, want FrameBudget", got)
	}
	p.stage(6, 4*time.Millisecond) // beat 0: snapshot...
	p.stage(6, 2*time.Millisecond) // ... and layout of the same frame
	p.stage(7, time.Millisecond)   // beat 1
	if got := p.simBudget(12); got != minSimBudget {
		t.Errorf("after a 6 ms stage on beat 0 the world gets %v, want %v", got, minSimBudget)
	}
	if got := p.simBudget(13); got != FrameBudget {
		t.Errorf("beat 1 (1 ms stage) gives %v, want FrameBudget", got)
	}
	for tick := int64(12); tick < 12+heavyEvery*40; tick += heavyEvery {
		p.stage(tick, 500*time.Microsecond)
	}
	if got := p.simBudget(0); got != FrameBudget {
		t.Errorf("after 40 cheap frames on beat 0 the world gets %v, want the spike forgotten", got)
	}
}
