package live

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"watchscope/internal/budget"
	"watchscope/lessons"
)

// lessonSession opens lesson id at its intro on a fresh session.
func lessonSession(t *testing.T, id string) *Session {
	t.Helper()
	s := newSession(t, Options{})
	if err := s.Lessons().Open(id, 0, 0); err != nil {
		t.Fatal(err)
	}
	s.Tick(frame)
	return s
}

// playStep presses next until step n has been played.
func playStep(t *testing.T, s *Session, n int) {
	t.Helper()
	for i := 0; i < 4 && s.lesson.r.Next() < n; i++ {
		s.Send("next")
		s.Tick(frame)
	}
	if s.lesson.r.Next() != n {
		t.Fatalf("pressed next, yet %d steps played, want %d", s.lesson.r.Next(), n)
	}
}

// deepLinkHash is the trace hash a deep link to step n of id gives.
func deepLinkHash(t *testing.T, id string, n int) (string, time.Duration) {
	t.Helper()
	l, err := lessons.ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	r, err := lessons.NewRunner(l, lessons.Options{})
	if err == nil {
		err = r.Seek(n)
	}
	if err != nil {
		t.Fatal(err)
	}
	return r.World().Trace.Hash(), r.World().Now()
}

// TestStepPlaysInSlowMotion is the acceptance test natively: gone-410's
// second step (300 writes) pressed at speed 1, sampled every 200 ms: the
// screen's time takes at least 5 values over at least 1.5 s before the
// step's end, slowly first, then fast; the markers and trace items never
// run ahead of it; at the end the trace hash is the deep link's.
func TestStepPlaysInSlowMotion(t *testing.T) {
	s := lessonSession(t, "gone-410")
	playStep(t, s, 1)
	run(s, 10*time.Second) // let step 1's motion end
	playStep(t, s, 2)
	wantHash, end := deepLinkHash(t, "gone-410", 2)
	times, revs := map[int64]bool{}, map[int64]bool{}
	startRev, lastRev := s.State().Revision, int64(0)
	var took time.Duration
	sawSlow, sawFast := false, false
	for took = 0; took < 30*time.Second; took += 200 * time.Millisecond {
		st := s.State()
		if !st.Playback.Playing {
			break
		}
		times[st.TimeMs] = true
		revs[st.Revision] = true
		if st.Revision < lastRev || st.Revision > s.sim.World().Etcd.Rev() {
			t.Fatalf("revision on screen %d after %d (world at %d)", st.Revision, lastRev, s.sim.World().Etcd.Rev())
		}
		lastRev = st.Revision
		for _, a := range st.Scene.Actors {
			if a.Kind == "etcd" && a.RV != uint64(st.Revision) {
				t.Fatalf("the diagram's %s at revision %d, the screen at %d", a.ID, a.RV, st.Revision)
			}
		}
		sawSlow = sawSlow || st.Playback.Slow && st.Playback.Pace < 1
		sawFast = sawFast || !st.Playback.Slow && st.Playback.Pace >= 1
		if st.TimeMs > end.Milliseconds() {
			t.Fatalf("the screen's time %d ms passed the step's end %v", st.TimeMs, end)
		}
		run(s, 200*time.Millisecond)
	}
	t.Logf("gone-410 step 2: %v of screen time, %d distinct times", took, len(times))
	if len(times) < 5 || took < 1500*time.Millisecond {
		t.Errorf("the step played in %v with %d distinct times; want >= 1.5 s and >= 5", took, len(times))
	}
	if !sawSlow || !sawFast {
		t.Errorf("slow motion seen %v, fast seen %v: want both", sawSlow, sawFast)
	}
	if startRev != 1 || len(revs) < 5 || s.State().Revision != s.sim.World().Etcd.Rev() {
		t.Errorf("the tape: revision %d when the step began (want step 1's 1), %d values while it played, %d at the end (world %d)",
			startRev, len(revs), s.State().Revision, s.sim.World().Etcd.Rev())
	}
	st := s.State()
	if st.TimeMs != end.Milliseconds() || st.Playback.Pending != 0 || !st.Settled && s.replay.playing(s.sim.World()) {
		t.Errorf("at the end: time %d ms (want %d), pending %d", st.TimeMs, end.Milliseconds(), st.Playback.Pending)
	}
	if got := s.sim.World().Trace.Hash(); got != wantHash {
		t.Errorf("trace hash %s after the motion, deep link %s", got, wantHash)
	}
}

// TestReducedMotionJumps: with reduced motion the step is at its end at
// once, as before.
func TestReducedMotionJumps(t *testing.T) {
	s := lessonSession(t, "gone-410")
	s.Send("motion")
	s.Tick(frame)
	if !s.State().ReducedMotion {
		t.Fatal("state().reducedMotion is false after the motion command")
	}
	playStep(t, s, 2)
	_, end := deepLinkHash(t, "gone-410", 2)
	st := s.State()
	if st.Playback.Playing || st.TimeMs != end.Milliseconds() {
		t.Errorf("reduced motion: playing %v at %d ms, want the end %d at once", st.Playback.Playing, st.TimeMs, end.Milliseconds())
	}
	// The key events' packets are highlights: landed at once, and still
	// there when everything else has settled (until the next step).
	run(s, 3*time.Second)
	ps := s.State().Scene.Packets
	if len(ps) == 0 || !s.Settled() {
		t.Fatalf("reduced motion: %d packets as highlights, settled %v", len(ps), s.Settled())
	}
	for _, p := range ps {
		if !strings.HasPrefix(p.From, "client/") && !strings.HasPrefix(p.From, "apiserver-0") && p.From != "etcd-0" {
			t.Errorf("highlight %+v from an unknown actor", p)
		}
	}
}

// TestPlaybackKeys: Space pauses a step in motion (and goes on), '.'
// shows one more event, End skips to the end, and Space on a step at
// rest is the next beat; back stops the motion.
func TestPlaybackKeys(t *testing.T) {
	s := lessonSession(t, "gone-410")
	playStep(t, s, 1)
	run(s, 100*time.Millisecond)
	s.Send("space")
	s.Tick(frame)
	paused := s.State()
	run(s, time.Second)
	if st := s.State(); !st.Paused || st.TimeMs != paused.TimeMs || st.Step != 1 || !st.Playback.Playing {
		t.Fatalf("space in motion: paused %v, time %d -> %d ms, step %d", st.Paused, paused.TimeMs, st.TimeMs, st.Step)
	}
	s.Send("tick")
	s.Tick(frame)
	if st := s.State(); st.Playback.Pending != paused.Playback.Pending-1 || !st.Paused {
		t.Errorf("'.': pending %d -> %d, want one fewer, still paused", paused.Playback.Pending, st.Playback.Pending)
	}
	s.Send("space")
	s.Send("skip")
	s.Tick(frame)
	if st := s.State(); st.Playback.Playing || st.Paused {
		t.Errorf("after space and skip: playing %v paused %v", st.Playback.Playing, st.Paused)
	}
	s.Send("space") // at rest: the next beat (step 2's question)
	s.Tick(frame)
	if st := s.State(); !st.Pending {
		t.Errorf("space at rest did not move to step 2's question")
	}
	s.Send("next")
	s.Tick(frame)
	if !s.State().Playback.Playing {
		t.Fatal("step 2 does not play")
	}
	s.Send("back")
	s.Tick(frame)
	if st := s.State(); st.Playback.Playing || st.Step != 1 {
		t.Errorf("back: playing %v at step %d", st.Playback.Playing, st.Step)
	}
}

// TestLessonPace: the header's pace and the stage's speed scale the motion.
func TestLessonPace(t *testing.T) {
	length := func(speed string, pace float64) time.Duration {
		s := lessonSession(t, "gone-410")
		s.lesson.l = withPace(s.lesson.l, pace)
		s.Send("speed " + speed)
		playStep(t, s, 1)
		var d time.Duration
		for ; s.replay.playing(s.sim.World()) && d < time.Minute; d += frame {
			s.Tick(frame)
		}
		return d
	}
	base := length("1", 1)
	if fast := length("2", 1); fast > base*6/10 {
		t.Errorf("speed 2: %v, speed 1: %v; want about half", fast, base)
	}
	if slow := length("1", 0.5); slow < base*18/10 {
		t.Errorf("pace 0.5: %v, pace 1: %v; want about twice", slow, base)
	}
}

func withPace(l *lessons.Lesson, pace float64) *lessons.Lesson {
	c := *l
	c.Pace = pace
	return &c
}

// stepPlaying opens lesson id after step n-1 and presses next until
// step n plays.
func stepPlaying(t *testing.T, id string, n int) *Session {
	t.Helper()
	s := lessonSession(t, id)
	if n > 1 {
		if err := s.Lessons().Open(id, 0, n-1); err != nil {
			t.Fatal(err)
		}
		s.Tick(frame)
	}
	playStep(t, s, n)
	return s
}

// seenPackets plays step n of lesson id in motion and returns every
// packet state().scene.packets showed while it played, by "from -> to
// label", with the largest count each reached (a stream's label is its
// newest packet's).
func seenPackets(t *testing.T, id string, n int) map[string]int {
	t.Helper()
	s := stepPlaying(t, id, n)
	seen := map[string]int{}
	for i := 0; i < 60*60 && (s.replay.playing(s.sim.World()) || s.replay.flight.Busy()); i++ {
		s.Tick(frame)
		for _, p := range s.State().Scene.Packets {
			k := p.From + " -> " + p.To + " " + p.Label
			seen[k] = max(seen[k], p.Count)
		}
	}
	return seen
}

// TestStepPackets names, lesson by lesson, labelled packets a step must
// show while it plays: the 410 from the cache to the watch it refuses,
// etcd's stream of 200 copies, the 429s of empty caches, an OOM kill.
func TestStepPackets(t *testing.T) {
	for _, tc := range []struct {
		id   string
		step int
		want string // "from -> to label"
		min  int    // the count it reaches at least
	}{
		{"gone-410", 2, "apiserver-0 -> etcd-0 PUT rv=", 1},
		{"gone-410", 2, "etcd-0 -> apiserver-0/cache/pods ADDED rv=", 1},
		{"gone-410", 2, "apiserver-0/cache/pods -> apiserver-0/cache/pods/watcher/app ADDED rv=", 1},
		{"gone-410", 5, "apiserver-0/cache/pods -> apiserver-0/cache/pods/watcher/kubectl 410", 1},
		{"gone-410", 6, "apiserver-0/cache/pods -> apiserver-0/cache/pods/watcher/app 410", 1},
		{"fan-out", 4, "etcd-0 -> etcd-0/watches ADDED rv=48", 200},
		{"fan-out", 4, "apiserver-0/cache/pods -> apiserver-0/cache/pods/watchers ADDED rv=48", 200},
		{"gone-410", 5, "client/kubectl -> apiserver-0 WATCH pods rv=600", 1},
		{"bookmarks", 3, "apiserver-0/cache/pods -> apiserver-0/cache/pods/watcher/kubectl 410", 1},
		{"bookmarks", 4, "apiserver-0/cache/pods -> apiserver-0/cache/pods/watcher/kubectl BOOKMARK rv=", 1},
		{"pagination", 2, "client/kubectl -> apiserver-0 LIST pods limit=500", 1},
		{"restart-storm", 3, "apiserver-0 -> client/kubectl 429", 1},
		{"restart-storm", 3, "kubelets -> apiserver-0 WATCH pods", 50},
		{"the-incident", 2, "client/kubectl -> apiserver-2 LIST secrets", 1},
		{"the-incident", 3, "apiserver-2/memory -> apiserver-2 OOMKilled", 1},
	} {
		t.Run(tc.id, func(t *testing.T) {
			seen := seenPackets(t, tc.id, tc.step)
			most := 0
			for k, n := range seen {
				if strings.HasPrefix(k, tc.want) {
					most = max(most, n)
				}
			}
			if most < tc.min {
				t.Errorf("step %d: no packet %q with count >= %d; saw %d packets:\n%v", tc.step, tc.want, tc.min, len(seen), firstKeys(seen, 30))
			}
		})
	}
}

func firstKeys(m map[string]int, n int) string {
	var out []string
	for k, v := range m {
		out = append(out, fmt.Sprintf("%s x%d", k, v))
	}
	sort.Strings(out)
	return strings.Join(out[:min(n, len(out))], "\n")
}

// TestStormLessonMotionBudget measures the Go time of each frame (tick
// and layout) while restart-storm's steps 2 to 5 play in slow motion with
// their packets on the wires: thousands of events a step, the streams
// aggregated. WS_STORM=1 turns it on; the p95 is reported beside the
// storm budget (8 ms) for `make bench`.
func TestStormLessonMotionBudget(t *testing.T) {
	if os.Getenv("WS_STORM") == "" {
		t.Skip("WS_STORM=1 measures restart-storm's steps in motion")
	}
	s := lessonSession(t, "restart-storm")
	playStep(t, s, 1)
	s.Send("skip")
	s.Tick(frame)
	var all []time.Duration
	most := 0
	for n := 2; n <= 5; n++ {
		playStep(t, s, n)
		for i := 0; i < 60*60 && s.replay.playing(s.sim.World()); i++ {
			t0 := time.Now()
			s.Tick(frame)
			_ = s.Scene()
			all = append(all, time.Since(t0))
			most = max(most, len(s.snap.Wires))
		}
	}
	t.Logf("restart-storm steps 2-5 in motion: %d frames, at most %d packets (streams) on the wires; frame %s", len(all), most, pcts(all))
	budget.Report(t, "restart-storm steps in motion, frame p95 (native)", budget.Ms(p95(all)), 8, "ms")
}
