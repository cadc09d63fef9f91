package live

import (
	"slices"
	"testing"
	"time"

	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// sample plays step n of lesson id in motion and calls fn with
// state().scene every 200 ms of screen time until the motion ends; it
// returns the session at the step's end.
func sample(t *testing.T, id string, n int, fn func(at time.Duration, st State)) *Session {
	t.Helper()
	return sampleSession(t, id, n, func(s *Session, at time.Duration) { fn(at, s.State()) })
}

// sampleSession is sample with the session itself.
func sampleSession(t *testing.T, id string, n int, fn func(s *Session, at time.Duration)) *Session {
	t.Helper()
	s := stepPlaying(t, id, n)
	for at := time.Duration(0); s.replay.playing(s.sim.World()) && at < time.Minute; at += 200 * time.Millisecond {
		fn(s, at)
		run(s, 200*time.Millisecond)
	}
	if s.replay.playing(s.sim.World()) {
		t.Fatalf("%s step %d still plays after a minute", id, n)
	}
	return s
}

func findActor(sc *scene.Scene, id string) *scene.Actor {
	if sc == nil {
		return nil
	}
	return sc.Find(id)
}

// TestCacheFillsAtScreenTime: while gone-410's second step (300 writes)
// plays, the pods cache on the stage fills as the writes show: its len
// and rv take many values, never go back and never run ahead of the
// screen's revision; the motion ends on the world's own cache.
func TestCacheFillsAtScreenTime(t *testing.T) {
	const cache = "apiserver-0/cache/pods"
	var lens, rvs []int
	var received []float64 // the chart of the events the cache got
	s := sample(t, "gone-410", 2, func(at time.Duration, st State) {
		a := findActor(st.Scene, cache)
		if a == nil || a.Ring == nil {
			t.Fatalf("at %v: no %s with a ring on the stage", at, cache)
		}
		if a.Ring.RV > uint64(st.Revision) {
			t.Errorf("at %v: the cache at rv %d, ahead of the screen's revision %d", at, a.Ring.RV, st.Revision)
		}
		if n := len(lens); n > 0 && (a.Ring.Len < lens[n-1] || int(a.Ring.RV) < rvs[n-1]) {
			t.Errorf("at %v: the cache went back from len %d rv %d to len %d rv %d", at, lens[n-1], rvs[n-1], a.Ring.Len, a.Ring.RV)
		}
		lens, rvs = append(lens, a.Ring.Len), append(rvs, int(a.Ring.RV))
		for _, c := range st.Scene.Of(scene.KindChart) {
			if c.Metric == `apiserver_watch_cache_events_received_total{resource="pods"}` {
				received = append(received, c.Value)
			}
		}
	})
	c := s.sim.World().APIServers[0].Cacher("pods")
	win := c.Window()
	end := findActor(s.State().Scene, cache)
	if end.Ring.Len != win.EndIndex-win.StartIndex || end.Ring.RV != c.ResourceVersion() || end.Ring.OldestRV != win.OldestWatchableRV {
		t.Errorf("at the end the stage's cache is len %d rv %d oldest %d; the world's is len %d rv %d oldest %d",
			end.Ring.Len, end.Ring.RV, end.Ring.OldestRV, win.EndIndex-win.StartIndex, c.ResourceVersion(), win.OldestWatchableRV)
	}
	distinct := map[int]bool{}
	for _, l := range lens {
		distinct[l] = true
	}
	t.Logf("pods cache len over %d samples: %v; the chart of events received: %v", len(lens), lens, received)
	if len(received) != len(lens) || received[0] != 0 || received[len(received)/2] >= 300 {
		t.Errorf("the chart of events received while the step played: %v; want it on every sample, from 0, below 300 halfway", received)
	}
	if lens[0] != 0 || len(distinct) < 5 || lens[len(lens)-1] >= end.Ring.Len && len(distinct) < 2 {
		t.Errorf("the ring's len while the step played: %v; want it to start empty and take at least 5 values", lens)
	}
}

// TestStalledWatcherTurnsOrangeBeforeIts410: in gone-410's sixth step
// app's watcher falls behind (queued > 0, drawn orange) while the step
// plays, before the 410 packet reaches it, and is dropped by the end.
func TestStalledWatcherTurnsOrangeBeforeIts410(t *testing.T) {
	const watcher = "apiserver-0/cache/pods/watcher/app"
	behind, gone := time.Duration(-1), time.Duration(-1)
	most := 0
	s := sample(t, "gone-410", 6, func(at time.Duration, st State) {
		if a := findActor(st.Scene, watcher); a != nil && a.Queued > 0 && behind < 0 {
			behind = at
		}
		if a := findActor(st.Scene, watcher); a != nil {
			most = max(most, a.Queued)
			if c := findActor(st.Scene, "apiserver-0/cache/pods"); a.Queued > 0 && !slices.Contains(c.Ring.Behind, a.Queued) {
				t.Errorf("at %v app's watcher is %d behind; the ring marks %v", at, a.Queued, c.Ring.Behind)
			}
		}
		for _, p := range st.Scene.Packets {
			if p.To == watcher && p.Label == "410" && gone < 0 {
				gone = at
			}
		}
	})
	t.Logf("app's watcher behind from %v (at most %d queued), its 410 at %v", behind, most, gone)
	if behind < 0 || gone < 0 || behind >= gone {
		t.Errorf("app's watcher fell behind at %v and got its 410 at %v; want both, behind first", behind, gone)
	}
	if a := findActor(s.State().Scene, watcher); a != nil {
		t.Errorf("at the end app's stalled watcher is still on the stage: %+v", *a)
	}
}

// TestEffectsLandAtScreenTime: an informer's Indexer counts up as the
// Deltas reach it (gone-410 step 2: app's pods informer), and an OOM
// kill empties the replica when it shows (the-incident step 3: a
// replica is up when the step starts and down when the kill has shown).
func TestEffectsLandAtScreenTime(t *testing.T) {
	var indexer []int
	sample(t, "gone-410", 2, func(at time.Duration, st State) {
		if a := findActor(st.Scene, "informer/app/pods"); a != nil && a.Parts != nil {
			indexer = append(indexer, a.Parts.Indexer)
		}
	})
	distinct := map[int]bool{}
	for _, n := range indexer {
		distinct[n] = true
	}
	t.Logf("app's Indexer while step 2 played: %v", indexer)
	if len(indexer) == 0 || indexer[0] != 0 || len(distinct) < 3 {
		t.Errorf("app's Indexer while step 2 played: %v; want it to start at 0 and take at least 3 values", indexer)
	}

	var downs []string
	s := sample(t, "the-incident", 3, func(at time.Duration, st State) {
		d := ""
		for _, a := range st.Scene.Of(scene.KindAPIServer) {
			if a.Down {
				d += a.ID + " "
			}
		}
		downs = append(downs, d)
	})
	t.Logf("replicas down while the-incident step 3 played: %q", downs)
	down := 0
	for _, d := range downs {
		if d == "apiserver-2 " {
			down++
		}
	}
	if len(downs) < 3 || downs[0] != "" || down == 0 {
		t.Errorf("replicas down while the step played: %q; want none at first, then apiserver-2 (OOM-killed)", downs)
	}
	c := findActor(s.State().Scene, "apiserver-2/cache/secrets")
	if a := findActor(s.State().Scene, "apiserver-2"); a == nil || a.Down || c == nil || c.Ring.Objects == 20000 {
		t.Errorf("at the end apiserver-2 is %+v with cache %+v; want it restarted, its cache not yet the 20,000 secrets it held", a, c)
	}
}

// TestCompactionSweepsAtScreenTime: compaction's second step compacts at
// revision 4; the tape's compaction line stays where it was until the
// COMPACT event shows, and is at 4 when the step ends.
func TestCompactionSweepsAtScreenTime(t *testing.T) {
	var revs []int64
	s := sample(t, "compaction", 2, func(at time.Duration, st State) { revs = append(revs, st.CompactRevision) })
	t.Logf("compact revision while compaction step 2 played: %v", revs)
	if len(revs) < 2 || revs[0] >= 4 || s.State().CompactRevision != 4 {
		t.Errorf("compact revision while the step played: %v, %d at the end; want below 4 at first, 4 at the end", revs, s.State().CompactRevision)
	}
}

// stormStep is restart-storm with its third step (the restart) played in
// motion: 200 nodes, 6,000 pods, thousands of events.
func stormStep(b *testing.B) *Session {
	b.Helper()
	s := newSession(&testing.T{}, Options{})
	if err := s.Lessons().Open("restart-storm", 0, 2); err != nil {
		b.Fatal(err)
	}
	s.Tick(frame)
	for i := 0; i < 3 && s.lesson.r.Next() < 3; i++ { // a question is a beat of its own
		s.Send("next")
		s.Tick(frame)
	}
	if !s.replay.playing(s.sim.World()) || len(s.replay.play.frames) == 0 {
		b.Fatalf("restart-storm step 3 does not play with frames (playing %v)", s.replay.playing(s.sim.World()))
	}
	return s
}

// BenchmarkStormFrameCast is what a replay frame pays when the picture on
// screen changes: the scene built from a frame of restart-storm's restart
// step (its worst case; a frame whose picture did not change pays nothing).
func BenchmarkStormFrameCast(b *testing.B) {
	s := stormStep(b)
	pl := s.replay.play
	mid := pl.frames[len(pl.frames)/2].id
	for b.Loop() {
		pl.cast = nil
		_ = pl.frameCast(mid, s.snap.Cast, s.lesson, s.heavy.charts)
	}
	b.ReportMetric(float64(len(pl.frames)), "frames/step")
}

// BenchmarkStormFrameTake is one picture of restart-storm's world while
// a step runs (a step takes at most maxFrames of them when → is pressed).
func BenchmarkStormFrameTake(b *testing.B) {
	s := stormStep(b)
	f := &castFrames{w: s.sim.World(), resources: s.lesson.resources(), every: 1}
	for b.Loop() {
		f.list, f.pinned = f.list[:0], 0
		f.take(1, false)
	}
}

// TestPicturesLayOutWithoutCollisions: the steps whose pictures differ
// most from their ends, laid out while they play in both themes: no two
// drawn texts overlap (the end states are checked by
// TestEveryStepLaysOutWithoutCollisions).
func TestPicturesLayOutWithoutCollisions(t *testing.T) {
	for _, tc := range []struct {
		id   string
		step int
	}{{"gone-410", 2}, {"gone-410", 6}, {"the-incident", 3}, {"restart-storm", 3}, {"bookmarks", 4}} {
		checks := 0
		sampleSession(t, tc.id, tc.step, func(s *Session, at time.Duration) {
			for _, th := range []view.Theme{view.Dark, view.Projector} {
				s.Chrome().Theme = th
				s.Scene()
				checks++
				if p := overlap(s.texts); p != "" {
					t.Errorf("%s step %d at %v (%s theme): %s", tc.id, tc.step, at, th.Name, p)
				}
			}
			s.Chrome().Theme = view.Dark
		})
		t.Logf("%s step %d: %d layouts checked", tc.id, tc.step, checks)
	}
}
