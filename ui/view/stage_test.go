package view

import (
	"math"
	"strings"
	"testing"
	"time"

	"watchscope/lessons"
	"watchscope/ui/scene"
)

// fullSnap is a stage with one API server, two informers and a ring.
func fullSnap() Snapshot {
	return Snapshot{
		Now: 10 * time.Second, Rev: 120, CompactRev: 100,
		Records:  []Record{{Main: 119, Key: "/registry/pods/a", Version: 1}, {Main: 120, Key: "/registry/pods/a", Version: 2}},
		Replicas: 1, ClientRows: []string{"controller-0", "kubectl-0"},
	}
}

// fullRing is fullSnap's pods cache: 50 events in 100 slots.
var fullRing = scene.Ring{Start: 50, Capacity: 100, Len: 50, OldestRV: 71, RV: 120}

// castOf gives a snapshot the cast fullSnap's world would have
// (scene.Build) at step st.
func castOf(s Snapshot, st scene.Step) Snapshot { return castRing(s, st, fullRing) }

// castRing is castOf with the pods cache's ring.
func castRing(s Snapshot, st scene.Step, ring scene.Ring) Snapshot {
	w := scene.World{Etcd: []scene.Member{{Name: "etcd-0", Rev: s.Rev, CompactRev: s.CompactRev, Watches: []scene.Watch{
		{Owner: "apiserver-0/cache/pods", Key: "/registry/pods/", Prefix: true, MinRev: s.Rev + 1, Synced: true}}}},
		Resources: []string{"pods"}, Kubelets: 3,
		Replicas: []scene.Replica{{Name: "apiserver-0", Up: true, Memory: 900 << 20, Limit: 1 << 30,
			Caches: []scene.Cache{{Resource: "pods", WatcherN: 2, Ring: ring}}}},
		Clients: []scene.Client{
			{Name: "controller-0", Role: "controller", Informers: []scene.InformerState{{Resource: "pods", Informer: scene.Informer{Phase: "watching", LastRV: "120"}}}},
			{Name: "kubectl-0", Role: "kubectl", Informers: []scene.InformerState{{Resource: "pods", Informer: scene.Informer{Phase: "listing", LastRV: "40"}}}},
		},
	}
	s.Cast = scene.Build(w, st)
	BuildFigure(&s.Cast, w, st)
	return s
}

func settledStage(s Snapshot) Scene {
	if s.Cast.Actors == nil && s.Replicas > 0 {
		var st scene.Step
		if s.Lesson != nil {
			st.Highlights = s.Lesson.Highlights
		}
		s = castOf(s, st)
	}
	m := &Motion{Columns: Columns}
	m.Observe(s, 0)
	return BuildStage(s, m, time.Hour)
}

// The ring is drawn as a ring: a grey full circle, and the filled stretch
// from StartIndex to EndIndex modulo the capacity, as long as the fill.
func TestRingArc(t *testing.T) {
	cases := []struct {
		start, end, capacity int
		wantLen              float64 // radians
	}{
		{250, 300, 100, math.Pi},
		{0, 100, 100, 2 * math.Pi},
		{10, 35, 100, math.Pi / 2},
		{5, 5, 100, 0},
	}
	for _, c := range cases {
		s := fullSnap()
		sc := settledStage(castRing(s, scene.Step{}, scene.Ring{Start: c.start % c.capacity, Capacity: c.capacity, Len: c.end - c.start}))
		var fill []Arc
		for _, a := range sc.Arcs {
			if a.Color != Dark.Rule {
				fill = append(fill, a)
			}
		}
		if c.wantLen == 0 {
			if len(fill) != 0 {
				t.Errorf("empty ring %v drew %d filled arcs", c, len(fill))
			}
			continue
		}
		if len(fill) != 1 || math.Abs(fill[0].To-fill[0].From-c.wantLen) > 1e-9 {
			t.Fatalf("ring %v: arcs %+v, want one of %.3f rad", c, fill, c.wantLen)
		}
		if want := ringAngle(c.start, c.capacity); math.Abs(fill[0].From-want) > 1e-9 {
			t.Errorf("ring %v starts at %.3f, want slot %d at %.3f", c, fill[0].From, c.start, want)
		}
	}
}

// Every highlight of etcd's in the lessons' vocabulary, the console and
// the timeline point somewhere on the etcd stage, inside the 1920x1080
// canvas; the others are the diagram's (castFocus frames their actors).
func TestEveryEtcdTargetHasARegion(t *testing.T) {
	s := busySnapshot()
	for _, spec := range lessons.Targets {
		name := spec.Name
		if spec.Param != "" {
			name += ":x"
		}
		r, ok := TargetRegion(s, name)
		want := strings.HasPrefix(name, "etcd.") || name == "console" || name == "timeline"
		if ok != want {
			t.Errorf("target %s has a region on the etcd stage: %v, want %v", name, ok, want)
			continue
		}
		if ok && (r.X < 0 || r.Y < 0 || r.X+r.W > DesignW || r.Y+r.H > DesignH || r.W <= 0 || r.H <= 0) {
			t.Errorf("target %s region %+v is off the canvas", name, r)
		}
	}
}

// A step that points at the ring dims, by an overlay, every actor but
// the pods cache, and frames the cache.
func TestFocusDimsTheRest(t *testing.T) {
	s := fullSnap()
	s.Lesson = &LessonView{ID: "x", Title: "x", Steps: 3, Step: 1, Right: -1, Picked: -1, Highlights: []string{"apiserver.ring"}}
	s = castOf(s, scene.Step{Highlights: s.Lesson.Highlights})
	sc := settledStage(s)
	l := LayoutCast(&s.Cast, Dark)
	covered := func(r Region) bool {
		for _, o := range sc.Over.Rects {
			if o.Fill.A > 0 && o.X == r.X && o.Y == r.Y && o.W == r.W && o.H == r.H {
				return true
			}
		}
		return false
	}
	for _, b := range l.Boxes {
		want := b.ID != "apiserver-0/cache/pods"
		if covered(b.Dim) != want {
			t.Errorf("%s dimmed: %v, want %v", b.ID, covered(b.Dim), want)
		}
	}
}

func TestHit(t *testing.T) {
	s := fullSnap()
	for _, b := range Buttons(s) { // a widget's click (ui/widgets), not the scene's
		if got := Hit(s, b.X+b.W/2, b.Y+b.H/2); got != "" {
			t.Errorf("click on button %q: the scene sends %q as well", b.Label, got)
		}
	}
	s.Lesson = &LessonView{Steps: 4, Question: "Which RV?", Choices: []string{"a", "b", "c"}, Right: -1, Picked: -1}
	for i, b := range ChoiceButtons(s) { // widgets (ui/widgets) at the regions the choices are drawn in
		if r := ChoiceRegion(s.UI.Theme, s.Lesson, i); b.Region != r || b.Cmd != "pick "+itoa(i+1) {
			t.Errorf("choice %d: button %+v, drawn at %+v", i, b, r)
		}
		if got := Hit(s, b.X+10, b.Y+b.H/2); got != "" {
			t.Errorf("click on choice %d: the scene sends %q as well", i, got)
		}
	}
	s.Lesson.Refs = []LessonRef{{"gone-410", "410 Gone: falling off the cache window"}, {"snapshots", "Snapshots"}}
	for i, r := range s.Lesson.Refs {
		g := RefRegion(s.UI.Theme, s.Lesson, i)
		if got := Hit(s, g.X+g.W/2, g.Y+g.H/2); got != "lesson "+r.ID {
			t.Errorf("click on the link to %s sends %q", r.ID, got)
		}
	}
	if a, b := RefRegion(s.UI.Theme, s.Lesson, 0), RefRegion(s.UI.Theme, s.Lesson, 1); b.X+b.W > a.X || a.X+a.W > NarrLeft+NarrWidth {
		t.Errorf("links overlap or leave the narration's width: %+v %+v", a, b)
	}
	sc := settledStage(s)
	for i, r := range s.Lesson.Refs {
		g, drawn := RefRegion(s.UI.Theme, s.Lesson, i), false
		for _, tx := range sc.Texts {
			drawn = drawn || tx.S == "→ "+r.Title && g.Contains(tx.X, tx.Y)
		}
		if !drawn {
			t.Errorf("the stage does not draw the link to %s in its region", r.ID)
		}
	}
	if got := Hit(s, ScrubRight, ScrubY); got != "goto 4" {
		t.Errorf("click at the end of a lesson's bar sends %q, want goto 4", got)
	}
	s.Lesson = nil
	if got := Hit(s, ScrubLeft+(ScrubRight-ScrubLeft)/2, ScrubY); got != "seek 5.0s" {
		t.Errorf("click mid-bar in the sandbox sends %q, want seek 5.0s", got)
	}
	legend := s
	legend.UI.ToggleOverlay("legend")
	if got := Hit(legend, ScrubLeft+(ScrubRight-ScrubLeft)/2, ScrubY); got != "" || !legend.UI.Covered() || legend.UI.DialogOpen() {
		t.Errorf("with the legend shown, a click on the bar sends %q; its closer (a widget) takes the clicks", got)
	}
	s.UI.Picker, s.UI.Lessons = true, []string{"a", "b"}
	if got := Hit(s, ScrubLeft+(ScrubRight-ScrubLeft)/2, ScrubY); got != "" {
		t.Errorf("with the picker open, a click on the bar sends %q; the picker takes the clicks", got)
	}
}

func TestWrapFits(t *testing.T) {
	text := strings.Repeat("A watch that resumes from the oldest watchable RV is fine. ", 8)
	for _, w := range []float64{200, 600, 1120} {
		lines := Wrap(text, Prose, 22, w)
		if len(lines) < 2 {
			t.Errorf("width %v: %d lines", w, len(lines))
		}
		for _, l := range lines {
			if Measure(Prose, 22, l) > w && strings.Contains(l, " ") {
				t.Errorf("width %v: line %q is %.0f wide", w, l, Measure(Prose, 22, l))
			}
		}
		if got := strings.Join(lines, " "); strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(text), " ") {
			t.Errorf("width %v: wrapping lost words", w)
		}
	}
}

func TestNextSpeed(t *testing.T) {
	cases := []struct {
		cur  float64
		dir  int
		want float64
	}{{1, 1, 2}, {1, -1, 0.5}, {100, 1, 100}, {0.1, -1, 0.1}, {3, 1, 10}, {3, -1, 2}}
	for _, c := range cases {
		if got := NextSpeed(c.cur, c.dir); got != c.want {
			t.Errorf("NextSpeed(%v, %d) = %v, want %v", c.cur, c.dir, got, c.want)
		}
	}
}

// In a lesson, markers sit inside the step that produced them.
func TestMarkerXByStep(t *testing.T) {
	s := fullSnap()
	s.Lesson = &LessonView{Steps: 4, Step: 2, StepEndsMs: []int64{1000, 5000}}
	w := float64(ScrubRight - ScrubLeft)
	cases := []struct {
		at   int64
		want float64
	}{{0, 0}, {1000, w / 4}, {3000, w * 1.5 / 4}, {5000, w / 2}, {9000, w / 2}}
	for _, c := range cases {
		if got := MarkerX(s, c.at) - ScrubLeft; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("marker at %d ms: x %.1f, want %.1f", c.at, got, c.want)
		}
	}
}

// TestCrowdedWatchersShareOnePill: with three replicas of three caches
// the columns are narrow. Five watchers of one cache are one pill across
// its column that says how many, and every one of them has that box (for
// wires and packets); the stage drew two pills that read "…" and left
// three out. A lone watcher whose name does not fit its pill draws the
// name's short form, and no text on the stage is a lone ellipsis.
func TestCrowdedWatchersShareOnePill(t *testing.T) {
	w := scene.World{Resources: []string{"pods", "configmaps", "leases"}}
	for _, name := range []string{"apiserver-0", "apiserver-1", "apiserver-2"} {
		r := scene.Replica{Name: name, Up: true, Memory: 100 << 20}
		for _, res := range w.Resources {
			r.Caches = append(r.Caches, scene.Cache{Resource: res, Ring: scene.Ring{Capacity: 100, Len: 10, RV: 300}})
		}
		w.Replicas = append(w.Replicas, r)
	}
	pods, leases := &w.Replicas[1].Caches[0], &w.Replicas[1].Caches[2]
	for _, n := range []string{"node-0", "node-49", "node-25", "node-20", "node-15"} {
		pods.Watchers = append(pods.Watchers, scene.CacheWatcher{Client: n})
	}
	pods.WatcherN = len(pods.Watchers)
	leases.Watchers, leases.WatcherN = []scene.CacheWatcher{{Client: "controller-manager"}}, 1
	s := Snapshot{Rev: 300, Lesson: &LessonView{ID: "x", Title: "x", Steps: 3, Step: 1, Right: -1, Picked: -1}}
	s.Replicas = len(w.Replicas)
	s.Cast = scene.Build(w, scene.Step{})
	l := LayoutCast(&s.Cast, Dark)
	first, ok := l.Box("apiserver-1/cache/pods/watcher/node-0")
	cache, _ := l.Box("apiserver-1/cache/pods")
	if !ok || first.Pill != 5 || first.W != cache.W {
		t.Fatalf("node-0's pill %+v: want one pill for the 5 watchers, as wide as the cache (%v)", first, cache.W)
	}
	for _, n := range []string{"node-49", "node-25", "node-20", "node-15"} {
		if b, ok := l.Box("apiserver-1/cache/pods/watcher/" + n); !ok || b.Region != first.Region || b.Pill != -1 {
			t.Errorf("%s: box %+v (found %v), want node-0's pill's box, drawn by it", n, b, ok)
		}
	}
	sc := settledStage(s)
	saw := map[string]bool{}
	for _, tx := range sc.Texts {
		saw[tx.S] = true
		if tx.S == "…" || tx.S == "config…" || strings.HasPrefix(tx.S, "controll…") {
			t.Errorf("the stage draws %q at %.0f,%.0f", tx.S, tx.X, tx.Y)
		}
	}
	if !saw["×5"] && !saw["5 watchers"] {
		t.Error("the shared pill does not say how many watchers it stands for")
	}
	if !saw["ctrl-mgr"] && !saw["controller-manager"] {
		t.Error("the controller manager's pill shows neither its name nor its short form")
	}
}

// TestDispatcherCard: a step that points at a cache's dispatcher
// (scene.Step.Dispatcher) gets a card of its counters beside the cache,
// right of the caches and clear of them; any other step does not.
func TestDispatcherCard(t *testing.T) {
	for _, on := range []bool{true, false} {
		s := fullSnap()
		s.Lesson = &LessonView{ID: "x", Title: "x", Steps: 3, Step: 1, Right: -1, Picked: -1}
		w := scene.World{Resources: []string{"pods"}, Replicas: []scene.Replica{{Name: "apiserver-0", Up: true,
			Caches: []scene.Cache{{Resource: "pods", WatcherN: 1008, Ring: scene.Ring{Capacity: 100},
				Dispatch: scene.Dispatch{Watchers: 1008, Indexed: 1000, LastOffers: 9, Blocked: 4, WaitedMs: 203, LongestMs: 100, BudgetMs: 41, Cut: 2}}}}}}
		s.Cast = scene.Build(w, scene.Step{Dispatcher: on})
		l := LayoutCast(&s.Cast, Dark)
		texts := map[string]bool{}
		for _, tx := range settledStage(s).Texts {
			texts[tx.S] = true
		}
		if !on {
			if len(l.Dispatchers) != 0 || texts["dispatcher · pods cache"] {
				t.Errorf("a step that does not point at the dispatcher draws its card (%v)", l.Dispatchers)
			}
			continue
		}
		if len(l.Dispatchers) != 1 {
			t.Fatalf("%d dispatcher cards, want the pods cache's", len(l.Dispatchers))
		}
		card, cache := l.Dispatchers[0], l.Boxes[l.byID["apiserver-0/cache/pods"]]
		if card.X < cache.X+cache.W {
			t.Errorf("the card %+v overlaps the cache %+v", card.Region, cache.Region)
		}
		for _, want := range []string{"dispatcher · pods cache", "1,008", "1,000", "9", "4", "203 ms", "100 ms", "41 ms", "2"} {
			if !texts[want] {
				t.Errorf("the card does not draw %q", want)
			}
		}
	}
}
