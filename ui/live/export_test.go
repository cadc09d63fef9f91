package live

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"watchscope/lessons"
)

// Frame i of a sandbox range shows from + i/fps; the count is (to-from)*fps.
func TestSandboxFrames(t *testing.T) {
	for _, c := range []struct {
		from, to time.Duration
		fps, n   int
	}{
		{2 * time.Second, 6 * time.Second, 10, 40},
		{0, time.Second, 30, 30},
		{time.Second, 1500 * time.Millisecond, 4, 2},
		{0, 60 * time.Second, 10, 600},
		{0, 10 * time.Millisecond, 10, 0}, // shorter than a frame
	} {
		plan := sandboxFrames(c.from, c.to, c.fps)
		if len(plan) != c.n {
			t.Errorf("%v..%v at %d fps: %d frames, want %d", c.from, c.to, c.fps, len(plan), c.n)
			continue
		}
		for i, f := range plan {
			want := c.from + time.Duration(i)*time.Second/time.Duration(c.fps)
			if d := f.At - want; d < -time.Microsecond || d > time.Microsecond || f.At >= c.to {
				t.Errorf("%v..%v at %d fps: frame %d at %v, want %v", c.from, c.to, c.fps, i, f.At, want)
			}
		}
	}
}

// Without motion each lesson step from..to is held 2 s; with it, a step
// after the first plays its motion and holds its end a second more.
func TestLessonFrames(t *testing.T) {
	plan := lessonFrames(1, 3, 5, nil)
	if len(plan) != 3*10 {
		t.Fatalf("%d frames, want 30", len(plan))
	}
	for i, f := range plan {
		if want := 1 + i/10; f.Step != want {
			t.Errorf("frame %d shows step %d, want %d", i, f.Step, want)
		}
	}
	plan = lessonFrames(1, 3, 5, func(step int) time.Duration { return time.Duration(step) * time.Second })
	count := map[int]int{}
	for _, f := range plan {
		count[f.Step]++
	}
	if count[1] != 10 || count[2] != 15 || count[3] != 20 {
		t.Errorf("frames per step %v; want 1:10 (held 2 s), 2:15 (2 s of motion + 1 s), 3:20", count)
	}
}

// TestGIFShowsSlowMotion: a GIF of gone-410's step 2 gives the step at
// least 1.5 s of frames, and their captions show its time passing (the
// screen's clock), not the step's end on every frame.
func TestGIFShowsSlowMotion(t *testing.T) {
	s := newSession(t, Options{})
	if err := s.Lessons().Open("gone-410", 0, 2); err != nil {
		t.Fatal(err)
	}
	s.Tick(frame)
	rec, err := s.Export().Record(Range{From: 1, To: 2, FPS: 10, Width: 640})
	if err != nil {
		t.Fatal(err)
	}
	perStep, times := map[string]int{}, map[string]bool{}
	for {
		_, caption, ok := rec.Next()
		if !ok {
			break
		}
		step := caption[strings.Index(caption, "step"):strings.Index(caption, " t=")]
		perStep[step]++
		if step == "step 2/9" {
			times[caption[strings.Index(caption, "t="):strings.Index(caption, " rev=")]] = true
		}
	}
	rec.Finish(nil)
	if perStep["step 2/9"] < 15 || len(times) < 5 {
		t.Errorf("step 2: %d frames at 10 fps with %d distinct times; want >= 15 frames (1.5 s) and >= 5 times (%v)",
			perStep["step 2/9"], len(times), perStep)
	}
}

// The delays of n frames add up to n/fps seconds, and none is off by
// more than the GIF unit's rounding.
func TestDelays(t *testing.T) {
	for _, fps := range []int{1, 3, 7, 10, 15, 24, 30} {
		for _, n := range []int{1, 2, 9, 30, 600} {
			ds := Delays(n, fps)
			sum := 0
			for _, d := range ds {
				sum += d
				if lo, hi := 100/fps, (100+fps-1)/fps; d < lo || d > hi {
					t.Errorf("fps %d: delay %d outside %d..%d", fps, d, lo, hi)
				}
			}
			if want := (n*100*2 + fps) / (2 * fps); sum != want {
				t.Errorf("fps %d, %d frames: delays sum to %d cs, want %d", fps, n, sum, want)
			}
		}
	}
}

// writesAt builds a sandbox session (no demo) and puts a key at each of
// the given times; it returns the session at the end time.
func writesAt(t *testing.T, end time.Duration, at ...time.Duration) *Session {
	t.Helper()
	s := newSession(t, Options{})
	for i, w := range at {
		run(s, w-s.sim.Now())
		s.Send(fmt.Sprintf("etcdctl put /k%d v", i))
		s.Tick(0)
	}
	run(s, end-s.sim.Now())
	return s
}

// record plays a whole recording and returns its captions.
func record(t *testing.T, s *Session, rg Range) []string {
	t.Helper()
	rec, err := s.Export().Record(rg)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c, ok := rec.Next(); ok; _, c, ok = rec.Next() {
		out = append(out, c)
	}
	rec.Finish(nil)
	return out
}

// A recording shows its range: each frame's caption carries the hidden
// world's time and revision, which must be the live world's at that
// instant (a write is seen from the first frame at or after it).
func TestRecordingShowsItsRange(t *testing.T) {
	s := writesAt(t, 6*time.Second, 1*time.Second, 3*time.Second, 4*time.Second)
	liveRev, liveNow := s.Snapshot().Rev, s.sim.Now()
	var writes []time.Duration // when the puts really ran (on a tick)
	for _, c := range s.sim.World().Log() {
		writes = append(writes, c.At)
	}
	caps := record(t, s, Range{From: 2.5, To: 5, FPS: 10, Width: 640})
	if len(caps) != 25 {
		t.Fatalf("%d frames, want 25", len(caps))
	}
	for i, c := range caps {
		at := 2500*time.Millisecond + time.Duration(i)*100*time.Millisecond
		rev := 1
		for _, w := range writes {
			if w <= at {
				rev++
			}
		}
		if !strings.Contains(c, fmt.Sprintf("rev=%d", rev)) || !strings.Contains(c, fmt.Sprintf("t=%d.%03ds", at/time.Second, at%time.Second/time.Millisecond)) {
			t.Errorf("frame %d: %q, want t=%v rev=%d", i, c, at, rev)
		}
	}
	if s.Snapshot().Rev != liveRev || s.sim.Now() != liveNow {
		t.Errorf("the live stage moved: rev %d, now %v", s.Snapshot().Rev, s.sim.Now())
	}
	if st := s.exporter.json(); !st.Done || st.Error != "" || st.Frames != 25 || st.Running {
		t.Errorf("state after the recording: %+v", st)
	}
}

// The same range twice gives the same scenes, frame by frame.
func TestRecordingIsDeterministic(t *testing.T) {
	s := writesAt(t, 5*time.Second, time.Second, 2*time.Second, 2200*time.Millisecond)
	scenes := func() []string {
		rec, err := s.Export().Record(Range{From: 1.5, To: 3, FPS: 10})
		if err != nil {
			t.Fatal(err)
		}
		defer rec.Finish(nil)
		var out []string
		for sc, c, ok := rec.Next(); ok; sc, c, ok = rec.Next() {
			line := c // each layer by value, not the pointer to the next
			for l := &sc; l != nil; l = l.Over {
				layer := *l
				layer.Over = nil
				line += fmt.Sprintf(" %+v", layer)
			}
			out = append(out, line)
		}
		return out
	}
	a, b := scenes(), scenes()
	if !reflect.DeepEqual(a, b) {
		for i := range a {
			if i < len(b) && a[i] != b[i] {
				t.Fatalf("frame %d differs between two recordings", i)
			}
		}
		t.Fatalf("%d frames, then %d", len(a), len(b))
	}
	if a[0] == a[len(a)-1] {
		t.Error("the first and last frames are the same scene")
	}
}

// Bad ranges get one line that names the problem; nothing starts.
func TestRecordRejects(t *testing.T) {
	s := writesAt(t, 25*time.Second)
	for _, c := range []struct {
		rg   Range
		want string
	}{
		{Range{From: 5, To: 2}, "must come before"},
		{Range{From: 3, To: 3}, "must come before"},
		{Range{From: -1, To: 2}, "0 s or later"},
		{Range{From: 2, To: 40}, "but the world has only run to 25.0"},
		{Range{From: 2, To: 5, FPS: 500}, "fps must be 1 to 30"},
		{Range{From: 2, To: 5, Width: 9000}, "width must be 320 to 1920"},
		{Range{From: 0, To: 21, FPS: 30, Width: 640}, "at most 600 frames"},
		{Range{From: 2, To: 2.01}, "shorter than one frame"},
	} {
		_, err := s.Export().Record(c.rg)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: %v, want one line with %q", c.rg, err, c.want)
		}
	}
	if s.Export().Recording() != nil {
		t.Fatal("a rejected range left a recording running")
	}
	rec, err := s.Export().Record(Range{From: 1, To: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Export().Record(Range{From: 1, To: 2}); err == nil {
		t.Error("a second recording started while one runs")
	}
	s.exporter.rec.Finish(ErrExportCancelled) // cancelled mid-way
	if _, _, ok := rec.Next(); ok || s.exporter.json().Error != ErrExportCancelled.Error() {
		t.Errorf("after cancel: next ok=%v, state %+v", ok, s.exporter.json())
	}
}

// A lesson range is steps: each step is held, the steps play in order,
// and the live lesson stays where it was.
func TestRecordLesson(t *testing.T) {
	s, err := Open(Link{Lesson: "revisions", Step: 1})
	if err != nil {
		t.Fatal(err)
	}
	st := s.State()
	ex := s.exporter.json()
	if ex.Unit != "step" || ex.To != 1 || ex.Max != float64(st.Steps) {
		t.Errorf("lesson defaults %+v (lesson at step %d of %d)", ex, st.Step, st.Steps)
	}
	if _, err := s.Export().Record(Range{From: 0.5, To: 2}); err == nil || !strings.Contains(err.Error(), "step numbers") {
		t.Errorf("fractional step: %v", err)
	}
	if _, err := s.Export().Record(Range{From: 0, To: float64(st.Steps + 1)}); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("past the last step: %v", err)
	}
	// Step 1 is held 2 s; steps 2 and 3, not played live yet, are planned
	// at 2 s of motion and a second's hold: 4 + 6 + 6 frames at 2 fps.
	caps := record(t, s, Range{From: 1, To: 3, FPS: 2})
	if len(caps) != 4+6+6 {
		t.Fatalf("%d frames, want 16", len(caps))
	}
	for i, c := range caps {
		if want := fmt.Sprintf("step %d/", 1+(i+2)/6); !strings.Contains(c, want) {
			t.Errorf("frame %d: %q, want %q", i, c, want)
		}
	}
	if s.State().Step != st.Step {
		t.Errorf("the live lesson moved from step %d to %d", st.Step, s.State().Step)
	}
}

func TestExportName(t *testing.T) {
	s := writesAt(t, 62500*time.Millisecond)
	if got := s.Export().Name("png"); got != "watchscope-sandbox-1m02.5s.png" {
		t.Errorf("name %q", got)
	}
}

// The export panel names a lesson by its title; its files keep the id.
func TestExportTitle(t *testing.T) {
	s := lessonSession(t, "gone-410")
	if got, want := s.Export().Title(), s.lesson.l.Title; got != want || got == "gone-410" {
		t.Errorf("title %q, want the lesson's %q", got, want)
	}
	if got := s.Export().Name("png"); !strings.HasPrefix(got, "watchscope-gone-410-") {
		t.Errorf("file name %q, want the lesson's id in it", got)
	}
	if got := writesAt(t, time.Second).Export().Title(); got != "" {
		t.Errorf("the sandbox's title %q, want none", got)
	}
}

func TestShortTitle(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"Revisions, not overwrites", 60, "Revisions, not overwrites"},
		{"Snapshots: paginated and historical lists from the cache", 56, "Snapshots: paginated and historical lists from the cache"},
		{"Snapshots: paginated and historical lists from the cache", 30, "Snapshots: paginated and…"},
		{"Snapshots: paginated and historical lists from the cache", 14, "Snapshots…"},
		{"Three API servers - failover", 20, "Three API servers…"},
		{"Supercalifragilistic", 8, "Superca…"},
		{"  padded  ", 60, "padded"},
	} {
		got := shortTitle(c.in, c.n)
		if got != c.want || utf8.RuneCountInString(got) > c.n {
			t.Errorf("shortTitle(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		if got := shortTitle(l.Title, exportTitleRunes); got != l.Title {
			t.Errorf("lesson %s's title is shortened to %q", l.ID, got)
		}
	}
}
