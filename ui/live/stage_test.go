package live

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"watchscope/engine"
	"watchscope/lessons"
	"watchscope/ui/view"
)

// TestClassify: each marker from the facts the engine records with an
// event (the text is there for people only: a LIST of 410 items is not a
// 410, a watch-list's "after 410" reason is a relist, not a 410).
func TestClassify(t *testing.T) {
	type ev = engine.TraceEvent
	cases := []struct {
		name string
		e    ev
		want view.Marker
	}{
		{"a LIST answered 410", ev{Kind: engine.KindResp, Code: 410, Reason: "Expired"}, view.MarkGone},
		{"a watch's 410 ERROR", ev{Kind: engine.KindWatchError, Code: 410, RV: 40, OldestRV: 41}, view.MarkGone},
		{"the informer's 410 line", ev{Kind: engine.KindReflector, Code: 410}, view.MarkGone},
		{"a LIST of 410 items", ev{Kind: engine.KindResp, Code: 200, Detail: "#12 200 410 items rv=5 (cache)"}, view.NoMarker},
		{"a request", ev{Kind: engine.KindReq, Verb: "LIST"}, view.NoMarker}, // the reflector's own event marks it
		{"first list", ev{Kind: engine.KindReflector, List: engine.FirstList, Reason: "initial list"}, view.MarkList},
		{"relist", ev{Kind: engine.KindReflector, List: engine.Relist, Reason: "relist after 410"}, view.MarkRelist},
		{"a continue page", ev{Kind: engine.KindReflector, Reason: "page 2"}, view.NoMarker},
		{"a re-watch", ev{Kind: engine.KindReflector, Reason: "re-watch after close"}, view.NoMarker},
		{"compaction", ev{Kind: engine.KindCompact, RV: 120}, view.MarkCompact},
		{"OOM kill", ev{Kind: engine.KindKilled, Reason: engine.ReasonOOMKilled}, view.MarkOOM},
		{"a fault that OOM-kills", ev{Kind: engine.KindFault, Reason: engine.ReasonOOMKilled}, view.MarkOOM},
		{"restart", ev{Kind: engine.KindRestart}, view.MarkRestart},
		{"fault", ev{Kind: engine.KindFault, Detail: "disconnect node-3 30s"}, view.MarkFault},
		{"put", ev{Kind: engine.KindPut, RV: 5}, view.NoMarker},
	}
	for _, c := range cases {
		if got := Classify(c.e); got != c.want {
			t.Errorf("%s: Classify(%+v) = %v, want %v", c.name, c.e, got, c.want)
		}
	}
}

func TestParseLink(t *testing.T) {
	cases := []struct {
		q        string
		problems int
		check    func(Link) bool
	}{
		{"lesson=revisions&step=3&seed=9&speed=2.5x&theme=projector&motion=reduced", 0, func(l Link) bool {
			return l.Lesson == "revisions" && l.Step == 3 && l.Seed == 9 && l.Speed == 2.5 && l.Theme == view.Projector && l.Reduced
		}},
		{"", 0, func(l Link) bool { return l.Lesson == "" && l.Nodes == 20 && l.Demo }},
		{"lesson=nope", 1, func(l Link) bool { return l.Lesson == "" }},
		{"speed=1000&seed=-1&step=zz", 3, func(l Link) bool { return l.Speed == 0 && l.Seed == 0 && l.Step == 0 }},
		{"theme=%3Cscript%3E&motion=fast&nodes=99999", 3, func(l Link) bool { return l.Theme == (view.Theme{}) && l.Nodes == 20 }},
		{"speed=NaN", 1, func(l Link) bool { return l.Speed == 0 }},
	}
	for _, c := range cases {
		q, _ := url.ParseQuery(c.q)
		l := ParseLink(q)
		if len(l.Problems) != c.problems || !c.check(l) {
			t.Errorf("ParseLink(%q) = %+v", c.q, l)
		}
		if c.problems > 0 && strings.Contains(l.Message(), "\n") {
			t.Errorf("message for %q is not one line: %q", c.q, l.Message())
		}
	}
}

// A garbage link still opens a working stage, with the message shown.
func TestOpenGarbageLink(t *testing.T) {
	q, _ := url.ParseQuery("lesson=nope&nodes=0&step=4")
	s, err := Open(ParseLink(q))
	if err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if st.Mode != "sandbox" || !strings.Contains(st.Message, "no such lesson") || !strings.Contains(st.Message, "step= needs lesson=") {
		t.Errorf("state %+v", st)
	}
}

// Stepping a lesson on the stage gives what the headless runner gives:
// every check passes, questions show before their step runs, back undoes
// a beat, and the lesson's world does not run by itself between steps.
func TestLessonSteps(t *testing.T) {
	l, err := lessons.ByID("revisions")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(Link{Lesson: "revisions", Nodes: 0})
	if err != nil {
		t.Fatal(err)
	}
	asks := 0
	for i := 0; i < 3*len(l.Steps) && !s.State().Done; i++ {
		before := s.State()
		s.Send("next")
		s.Tick(time.Second / 60)
		after := s.State()
		if after.Pending {
			asks++
			if after.Step != before.Step {
				t.Fatalf("showing a question ran its step (%d -> %d)", before.Step, after.Step)
			}
			s.Send("pick 1")
		}
		idle := after.TimeMs
		for range 30 {
			s.Tick(time.Second / 60)
		}
		if s.State().TimeMs != idle {
			t.Fatalf("the lesson's world ran by itself: %d -> %d ms", idle, s.State().TimeMs)
		}
	}
	st := s.State()
	if !st.Done || st.Failed != 0 || st.Passed != l.CheckCount() {
		t.Fatalf("after playing: %+v, want done with %d checks passed", st, l.CheckCount())
	}
	want := 0
	for _, step := range l.Steps {
		if step.Ask != nil {
			want++
		}
	}
	if asks != want {
		t.Errorf("%d questions shown, the lesson has %d", asks, want)
	}
	s.Send("back")
	s.Tick(0)
	if got := s.State(); got.Step != len(l.Steps)-1 || got.Done {
		t.Errorf("back from the end: step %d done %v", got.Step, got.Done)
	}
}

// Rewinding the sandbox forks the world at an earlier time: the same
// revision it had then, and what follows is a new future.
func TestSandboxRewind(t *testing.T) {
	s, err := Open(Link{Nodes: 0, Demo: true, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for range 12 * 60 {
		s.Tick(time.Second / 60)
	}
	s.Send("seek 5s")
	s.Tick(0)
	st := s.State()
	if st.TimeMs != 5000 {
		t.Fatalf("after seek 5s the time is %d ms", st.TimeMs)
	}
	if st.Revision >= 13 {
		t.Errorf("revision %d after rewinding to 5s (the demo writes once a second)", st.Revision)
	}
}

func TestWhyChain(t *testing.T) {
	s, err := Open(Link{Nodes: 0, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.Send("etcdctl put /a 1")
	s.Send("etcdctl compact 2")
	s.Tick(0)
	s.Send("why")
	s.Tick(0)
	why := s.Chrome().Why
	if len(why) != 2 || why[0] != "you ran: etcdctl compact 2" || !strings.Contains(why[1], "etcd compacted its history") {
		t.Fatalf("why? %q: want the compaction caused by the command, in plain words", why)
	}
	// why #ID: the full chain, with trace ids and the rule of each link
	s.Send("why #" + strconv.FormatUint(uint64(s.sim.World().Trace.Last()), 10))
	s.Tick(0)
	why = s.Chrome().Why
	if len(why) < 2 || !strings.Contains(why[len(why)-1], "COMPACT") || !strings.Contains(why[0], "CMD") {
		t.Fatalf("why #ID chain %q: want the compaction caused by the command", why)
	}
	if !strings.Contains(strings.Join(why, "\n"), "etcd compaction") {
		t.Errorf("why #ID chain names no rule: %q", why)
	}
}

// TestListAndRelistMarkers plays gone-410, in which an informer lists,
// falls off the watch cache and relists: its first LIST is marked "list"
// and the one after the 410 "relist" (the timeline must not show a
// healthy start as a relist).
func TestListAndRelistMarkers(t *testing.T) {
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	if err := s.Lessons().Open("gone-410", 0, 0); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40 && !s.State().Done; i++ {
		s.Send("next")
		s.Tick(0)
	}
	st := s.State()
	if !st.Done || st.Markers["list"] < 1 || st.Markers["relist"] < 1 {
		t.Fatalf("done=%v markers %v: want at least one list and one relist", st.Done, st.Markers)
	}
}
