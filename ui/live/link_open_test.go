package live

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"watchscope/lessons"
)

// TestOpenFromIsOpen: a deep link followed on a page that already plays
// the lesson (OpenFrom, which plays on from the page's step) makes the
// very state a fresh page load of that link makes (Open, which replays
// from the first step): state() byte for byte, share hash included, at
// every step in order (the feed aside: its numbering is the page's and
// carries on, TestOpenFromCarriesThePage), and after a link back, to another lesson and to
// the sandbox. A lesson world a console command touched is replayed.
func TestOpenFromIsOpen(t *testing.T) {
	var prev *Session
	follow := func(l Link) {
		t.Helper()
		got, err := OpenFrom(l, prev)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Open(l)
		if err != nil {
			t.Fatal(err)
		}
		got.Scene()
		want.Scene()
		if g, w := stateButFeed(got), stateButFeed(want); g != w {
			t.Fatalf("link %+v: following it gives\n%s\nloading it gives\n%s", l, g, w)
		}
		prev = got
	}
	for _, id := range []string{"gone-410", "fan-out"} {
		l, err := lessons.ByID(id)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k <= len(l.Steps); k++ {
			follow(Link{Lesson: id, Step: k, Nodes: 20, Demo: true})
		}
		follow(Link{Lesson: id, Step: 2, Nodes: 20, Demo: true}) // back: a replay
	}
	follow(Link{Lesson: "gone-410", Step: 3, Nodes: 20, Seed: 7, Demo: true}) // another seed
	prev.Send("kubectl create configmap typed-by-hand")
	prev.Tick(0)
	if !prev.lessonTouched {
		t.Fatal("a console command in a lesson did not mark its world as touched")
	}
	follow(Link{Lesson: "gone-410", Step: 5, Nodes: 20, Seed: 7, Demo: true})
	follow(Link{Nodes: 20, Demo: true}) // the sandbox
}

// TestOpenFromCarriesThePage: what belongs to the page, not the link,
// survives a followed link: the learner's progress (the page hands it
// over once), the feed's numbering (ids never go back), presenter mode.
func TestOpenFromCarriesThePage(t *testing.T) {
	prev, err := Open(Link{Lesson: "revisions", Step: 1, Nodes: 20, Demo: true})
	if err != nil {
		t.Fatal(err)
	}
	prev.Send(`progress {"revisions":{"step":1,"steps":8}}`)
	prev.Send("next")
	prev.Tick(0)
	prev.presenter.on = true
	lastID := prev.announcer.nextID
	if lastID == 0 {
		t.Fatal("the feed announced nothing")
	}
	s, err := OpenFrom(Link{Lesson: "gone-410", Step: 2, Nodes: 20, Demo: true}, prev)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.State().Progress.(ProgressJSON).Lessons; got != 1 {
		t.Errorf("progress after the link: %d lessons, want 1", got)
	}
	for _, it := range s.announcer.items {
		if it.ID <= lastID {
			t.Errorf("feed item %d %q after the link; the page had shown up to %d", it.ID, it.Text, lastID)
		}
	}
	if !s.presenter.on {
		t.Error("presenter mode ended with the link")
	}
}

// stateButFeed is state() without the screen reader's feed.
func stateButFeed(s *Session) string { return stateJSON(s.State()) }

// TestDeepLinkSpreadIsOpen: a deep link opened on a page's budget
// (OpenWithin: the replay of the steps before the link's is long work,
// here one piece a tick) shows the lesson's start at once, says
// "replaying step k of n" in state().busy and on the message line while
// it replays, keeps the commands sent meanwhile for after it, in order,
// and ends in the very state a load without budget makes (Open, then the
// same commands): state() byte for byte, share hash included (the tick
// count and the feed aside). The links: late steps of several lessons,
// the largest replay (too-many-watchers at its last step), a question
// and its answer, the share link's trace hash right and wrong, a step
// out of range.
func TestDeepLinkSpreadIsOpen(t *testing.T) {
	last, err := lessons.ByID("too-many-watchers")
	if err != nil {
		t.Fatal(err)
	}
	queries := []string{"lesson=gone-410&step=5", "lesson=fan-out&step=3", "lesson=bookmarks&step=6",
		"lesson=informers&step=2&ask=1&pick=2", "lesson=too-many-watchers&step=" + strconv.Itoa(len(last.Steps)),
		"lesson=gone-410&step=99", "lesson=revisions&step=0"}
	then := []string{"next", "pick 1"} // sent on the first tick
	for _, q := range queries {
		spreadLink(t, q, time.Nanosecond, then, nil, spreadLink(t, q, 0, then, nil, nil))
	}
	// Followed from the same lesson, earlier (watchscope.open): played on
	// from the step on screen, over ticks too.
	for _, c := range [][2]string{{"lesson=gone-410&step=1", "lesson=gone-410&step=6"}, {"lesson=too-many-watchers", queries[4]}} {
		from := func() *Session { return spreadLink(t, c[0], time.Nanosecond, nil, nil, nil) }
		spreadLink(t, c[1], time.Nanosecond, then, from(), spreadLink(t, c[1], 0, then, from(), nil))
	}
	for _, q := range queries[:4] { // the share link's trace hash, checked once the replay ends
		hash := spreadLink(t, q, 0, nil, nil, nil).Share().Hash
		spreadLink(t, q+"&h="+hash[:12], time.Nanosecond, nil, nil, spreadLink(t, q+"&h="+hash[:12], 0, nil, nil, nil))
		wrong := spreadLink(t, q+"&h=0123456789ab", 0, nil, nil, nil)
		if !strings.Contains(wrong.State().Message, "did not replay exactly") {
			t.Errorf("%s with a wrong hash: message %q", q, wrong.State().Message)
		}
		spreadLink(t, q+"&h=0123456789ab", time.Nanosecond, nil, nil, wrong)
	}
}

// spreadLink opens the deep link query on budget (on a page showing
// prev, if any), sends cmds on its first tick and ticks until all is
// done; with want, it checks the replay was spread over ticks and ended
// in want's state.
func spreadLink(t *testing.T, query string, budget time.Duration, cmds []string, prev, want *Session) *Session {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	l := ParseLink(q)
	on := -1 // the step on screen before
	if prev != nil {
		on = prev.State().Step
	}
	s, err := OpenWithin(l, prev, budget)
	if err != nil {
		t.Fatal(err)
	}
	// A page load shows the start on its first tick; a link followed on a
	// page shows the step on screen, or a step on, as a step back does.
	if st := s.State(); want != nil && l.Step > 0 && s.lesson != nil && (st.Busy == "" || st.Step < max(0, on) || st.Step > max(0, on+1) || prev == nil && st.Step != 0) {
		t.Errorf("%s: the first tick shows step %d, busy %q; want step %d (or, followed, one more), replaying", query, st.Step, st.Busy, max(0, on))
	}
	for _, c := range cmds {
		s.Send(c)
	}
	ticks := 0
	for s.Tick(0); !idle(&s.work); s.Tick(0) {
		if st := s.State(); !strings.HasPrefix(st.Message, st.Busy) || ticks > 1000 {
			t.Fatalf("%s: busy %q, message %q after %d ticks", query, st.Busy, st.Message, ticks)
		}
		ticks++
	}
	if want == nil {
		return s
	}
	s.Scene()
	want.Scene()
	g, w := s.State(), want.State()
	g.Tick, w.Tick = 0, 0
	if gs, ws := stateJSON(g), stateJSON(w); gs != ws {
		t.Errorf("%s spread over %d ticks, state() differs from the one at once in %s", query, ticks, differingParts(gs, ws))
	}
	return s
}

// differingParts names the parts of two state() texts that differ
// ("counts", "scene"), with what the first of them holds in each.
func differingParts(got, want string) string {
	var g, w map[string]json.RawMessage
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		return err.Error()
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		return err.Error()
	}
	var out []string
	for k := range w {
		if string(g[k]) != string(w[k]) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	if len(out) == 0 {
		return "(none)"
	}
	return fmt.Sprintf("%v; %s is %.300s, want %.300s", out, out[0], g[out[0]], w[out[0]])
}

func stateJSON(st State) string {
	st.Feed = nil
	b, err := json.Marshal(st)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// TestDeepLinkFlush: a page that leaves a deep link's session before its
// replay has begun (another link followed at once: Flush) still has the
// replay and the commands sent behind it run, where they would have.
func TestDeepLinkFlush(t *testing.T) {
	l := ParseLink(url.Values{"lesson": {"gone-410"}, "step": {"4"}})
	want, err := Open(l)
	if err != nil {
		t.Fatal(err)
	}
	want.Send("next")
	want.Tick(0)
	s, err := OpenWithin(l, nil, time.Nanosecond)
	if err != nil {
		t.Fatal(err)
	}
	s.Send("next")
	s.work.Flush()
	g, w := s.State(), want.State()
	if !idle(&s.work) || g.Step != w.Step || g.Pending != w.Pending || s.Share().Hash != want.Share().Hash {
		t.Errorf("flushed: busy %v, %d queued, step %d pending %v; want step %d pending %v, the same trace", s.work.busy != nil, len(s.work.queue), g.Step, g.Pending, w.Step, w.Pending)
	}
}
