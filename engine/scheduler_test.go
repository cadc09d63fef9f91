package engine

import (
	"cmp"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSchedulerOrder(t *testing.T) {
	type ev struct {
		at   time.Duration
		name string
	}
	tests := []struct {
		name string
		evs  []ev
		want string
	}{
		{"by time", []ev{{3, "c"}, {1, "a"}, {2, "b"}}, "a b c"},
		{"same time keeps insertion order", []ev{{5, "x"}, {5, "y"}, {5, "z"}}, "x y z"},
		{"mixed", []ev{{2, "b1"}, {1, "a"}, {2, "b2"}, {0, "zero"}, {2, "b3"}, {1, "a2"}}, "zero a a2 b1 b2 b3"},
		{"empty", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Scheduler
			var got []string
			for _, e := range tt.evs {
				s.Schedule(e.at, 0, func() { got = append(got, e.name) })
			}
			for ev, ok := s.Pop(); ok; ev, ok = s.Pop() {
				ev.Run()
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("order = %q, want %q", g, tt.want)
			}
		})
	}
}

func TestSchedulerCancel(t *testing.T) {
	var s Scheduler
	var got []int
	h := make([]Handle, 5)
	for i := range h {
		h[i] = s.Schedule(time.Duration(i%2), 0, func() { got = append(got, i) })
	}
	if !h[2].Cancel() || h[2].Cancel() {
		t.Fatal("Cancel should succeed once, then report false")
	}
	if h[2].Pending() || !h[3].Pending() {
		t.Fatal("Pending wrong after cancel")
	}
	if (Handle{}).Cancel() {
		t.Fatal("zero Handle canceled something")
	}
	for ev, ok := s.Pop(); ok; ev, ok = s.Pop() {
		ev.Run()
	}
	if want := []int{0, 4, 1, 3}; !slices.Equal(got, want) {
		t.Errorf("ran %v, want %v", got, want)
	}
	if h[0].Cancel() {
		t.Error("canceling an event that already ran reported true")
	}
}

// TestSchedulerModel checks random schedules and cancels against a naive
// reference: sort the survivors by (time, insertion index).
func TestSchedulerModel(t *testing.T) {
	for seed := range uint64(20) {
		r := NewRand(seed)
		var s Scheduler
		type ref struct {
			at  time.Duration
			idx int
		}
		var live []ref
		var handles []Handle
		for i := range 300 {
			at := time.Duration(r.IntN(20))
			handles = append(handles, s.Schedule(at, 0, func() {}))
			live = append(live, ref{at, i})
			if r.IntN(4) == 0 {
				j := r.IntN(len(handles))
				if handles[j].Cancel() {
					live = slices.DeleteFunc(live, func(x ref) bool { return x.idx == j })
				}
			}
		}
		slices.SortFunc(live, func(a, b ref) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.idx, b.idx)) })
		for _, want := range live {
			ev, ok := s.Pop()
			if !ok || ev.At != want.at || ev.Seq != uint64(want.idx+1) {
				t.Fatalf("seed %d: popped (%v,%d,%v), want (%v,%d)", seed, ev.At, ev.Seq, ok, want.at, want.idx+1)
			}
		}
		if s.Len() != 0 {
			t.Fatalf("seed %d: %d events left", seed, s.Len())
		}
	}
}

// BenchmarkScheduler measures steady-state throughput with about 10,000
// pending events: each popped event schedules one more.
func BenchmarkScheduler(b *testing.B) {
	var s Scheduler
	r := NewRand(1)
	noop := func() {}
	for range 10000 {
		s.Schedule(time.Duration(r.IntN(1e9)), 0, noop)
	}
	b.ResetTimer()
	for range b.N {
		ev, _ := s.Pop()
		s.Schedule(ev.At+time.Duration(r.IntN(1e9)), 0, noop)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkWorldStep measures the whole per-event loop of a World (clock,
// metric sampling, one ticker, trace record).
func BenchmarkWorldStep(b *testing.B) {
	w := newTestWorld(b, Config{Seed: 1})
	w.AddTicker("x", &fakeTicker{})
	var tick func()
	tick = func() {
		w.Record("x", kindTick, "")
		w.After(time.Millisecond, tick)
	}
	for range 100 {
		w.After(w.Uniform(0, time.Millisecond), tick)
	}
	b.ResetTimer()
	for range b.N {
		w.Step()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// TestSchedulerModelMixed is TestSchedulerModel with the events the
// engine queues without a Handle (post) and a reused slot (rearm) mixed
// in: the value heap must keep every slot's index right through moves.
func TestSchedulerModelMixed(t *testing.T) {
	for seed := range uint64(20) {
		r := NewRand(seed)
		var s Scheduler
		type ref struct {
			at  time.Duration
			seq uint64
		}
		var live []ref
		var handles []Handle
		var seqOf []uint64
		var own slot // one rearmed event, like a ticker's wake-up
		var ownH Handle
		var ownSeq uint64
		for range 400 {
			at := time.Duration(r.IntN(30))
			switch r.IntN(4) {
			case 0:
				s.post(at, 0, func() {})
				live = append(live, ref{at, s.seq})
			case 1:
				if ownH.Cancel() {
					live = slices.DeleteFunc(live, func(x ref) bool { return x.seq == ownSeq })
				}
				ownH = s.rearm(&own, at, 0, func() {})
				ownSeq = s.seq
				live = append(live, ref{at, s.seq})
			default:
				handles = append(handles, s.Schedule(at, 0, func() {}))
				seqOf = append(seqOf, s.seq)
				live = append(live, ref{at, s.seq})
			}
			if r.IntN(3) == 0 && len(handles) > 0 {
				j := r.IntN(len(handles))
				if handles[j].Cancel() {
					live = slices.DeleteFunc(live, func(x ref) bool { return x.seq == seqOf[j] })
				}
			}
			for _, h := range handles {
				if h.Pending() && h.sl.heap.q[h.sl.index].slot != h.sl {
					t.Fatalf("seed %d: a slot lost its entry", seed)
				}
			}
		}
		slices.SortFunc(live, func(a, b ref) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.seq, b.seq)) })
		for _, want := range live {
			ev, ok := s.Pop()
			if !ok || ev.At != want.at || ev.Seq != want.seq {
				t.Fatalf("seed %d: popped (%v,%d,%v), want (%v,%d)", seed, ev.At, ev.Seq, ok, want.at, want.seq)
			}
		}
		if s.Len() != 0 || ownH.Pending() {
			t.Fatalf("seed %d: %d events left", seed, s.Len())
		}
	}
}

// TestSchedulerShrinks: after a peak of pending events the queue's array
// does not stay at the peak's size.
func TestSchedulerShrinks(t *testing.T) {
	var s Scheduler
	for i := range 100000 {
		s.post(time.Duration(i), 0, func() {})
	}
	for s.Len() > 10 {
		s.pop()
	}
	if c := cap(s.near.q) + cap(s.far.q); c > 4*minShrink {
		t.Fatalf("%d pending events keep an array of %d", s.Len(), c)
	}
	for want := time.Duration(99990); s.Len() > 0; want++ {
		if e, _ := s.pop(); e.at != want {
			t.Fatalf("popped %v, want %v", e.at, want)
		}
	}
}

// TestSchedulerModelSplit interleaves pushes (due from now to a few
// horizons ahead, so both the near and the far heap fill), cancels and
// pops, and checks every pop against the earliest live event of a plain
// list.
func TestSchedulerModelSplit(t *testing.T) {
	type ref struct {
		at  time.Duration
		seq uint64
	}
	for seed := range uint64(10) {
		r := NewRand(seed)
		var s Scheduler
		var live []ref
		var handles []Handle
		var seqOf []uint64
		now, sawFar := time.Duration(0), false
		for step := range 5000 {
			switch k := r.IntN(10); {
			case k < 4:
				at := now + time.Duration(r.IntN(int(4*nearHorizon)))
				handles = append(handles, s.Schedule(at, 0, func() {}))
				seqOf = append(seqOf, s.seq)
				live = append(live, ref{at, s.seq})
			case k < 6:
				at := now + time.Duration(r.IntN(int(nearHorizon/10)))
				s.post(at, 0, func() {})
				live = append(live, ref{at, s.seq})
			case k < 7 && len(handles) > 0:
				j := r.IntN(len(handles))
				if handles[j].Cancel() {
					live = slices.DeleteFunc(live, func(x ref) bool { return x.seq == seqOf[j] })
				}
			default:
				ev, ok := s.Pop()
				if len(live) == 0 {
					if ok {
						t.Fatalf("seed %d step %d: popped from an empty queue", seed, step)
					}
					continue
				}
				i := 0
				for j, x := range live {
					if x.at < live[i].at || x.at == live[i].at && x.seq < live[i].seq {
						i = j
					}
				}
				if !ok || ev.At != live[i].at || ev.Seq != live[i].seq {
					t.Fatalf("seed %d step %d: popped (%v,%d), want (%v,%d)", seed, step, ev.At, ev.Seq, live[i].at, live[i].seq)
				}
				live = slices.Delete(live, i, i+1)
				now = ev.At
			}
			if s.Len() != len(live) {
				t.Fatalf("seed %d step %d: Len %d, want %d", seed, step, s.Len(), len(live))
			}
			sawFar = sawFar || len(s.far.q) > 0 && len(s.near.q) > 0
		}
		if !sawFar {
			t.Fatalf("seed %d: the far heap was never used next to the near one", seed)
		}
	}
}

// TestSchedulerModelMessages interleaves plain events and messages on a
// few connections (each connection's arrival times never decrease, as
// Conn.send makes them) with pops, and checks every pop against the
// earliest live event of a plain list, and Len against the list: only a
// connection's oldest message is in the heap, the rest wait on it.
func TestSchedulerModelMessages(t *testing.T) {
	type ref struct {
		at  time.Duration
		seq uint64
	}
	for seed := range uint64(100) {
		r := NewRand(seed + 40)
		var s Scheduler
		conns := make([]*Conn, 3)
		tails := make([]time.Duration, 3)
		for i := range conns {
			conns[i] = &Conn{}
		}
		var live []ref
		now := time.Duration(0)
		for range 2000 {
			switch k := r.IntN(10); {
			case k < 3:
				at := now + time.Duration(r.IntN(100))
				s.post(at, 0, func() {})
				live = append(live, ref{at, s.seq})
			case k < 7:
				i := r.IntN(len(conns))
				at := max(now+time.Duration(r.IntN(100)), tails[i])
				tails[i] = at
				s.postMessage(at, 0, conns[i], 1, funcTask(func() {}))
				live = append(live, ref{at, s.seq})
			default:
				if len(live) == 0 {
					continue
				}
				slices.SortFunc(live, func(a, b ref) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.seq, b.seq)) })
				e, ok := s.pop()
				if !ok || e.at != live[0].at || e.seq != live[0].seq {
					t.Fatalf("seed %d: popped (%v,%d,%v), want (%v,%d)", seed, e.at, e.seq, ok, live[0].at, live[0].seq)
				}
				now, live = e.at, live[1:]
			}
			if s.Len() != len(live) {
				t.Fatalf("seed %d: Len %d, want %d", seed, s.Len(), len(live))
			}
		}
	}
}
