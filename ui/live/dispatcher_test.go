package live

import (
	"slices"
	"strings"
	"testing"
	"time"

	"watchscope/lessons"
	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// TestDispatcherCardShowsTheCachersCounters: too-many-watchers talks
// about the pods cache's dispatcher at every step that points at it or
// at the watchers it serves (apiserver.broadcaster, apiserver.watchers): how many watchers an event is offered to, the
// waits within the budget, the watchers cut off. The stage draws those
// numbers from the simulation's cacher (DispatchStats), not from the
// narration: at each such step the card's texts are the cacher's values
// now, and they change as the lesson says (offered to 2, then 8 or 9 once
// the dashboards watch; watchers cut off by step 4).
func TestDispatcherCardShowsTheCachersCounters(t *testing.T) {
	l, err := lessons.ByID("too-many-watchers")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(Link{Lesson: l.ID})
	if err != nil {
		t.Fatal(err)
	}
	offered := map[int]int64{}
	for step := 1; step <= len(l.Steps); step++ {
		for st := s.State(); st.Step < step || st.Pending; st = s.State() {
			s.Send("next")
			s.Tick(time.Second / 60)
		}
		s.Send("skip")
		for range 30 {
			s.Tick(time.Second / 60)
		}
		shown := false
		for _, h := range l.Steps[step-1].Highlights {
			shown = shown || h.Name == "apiserver.broadcaster" || h.Name == "apiserver.watchers"
		}
		var card *scene.Actor
		snap := s.Snapshot()
		for _, a := range snap.Cast.Of(scene.KindCache) {
			if a.Dispatch != nil {
				card = a
			}
		}
		if !shown {
			if card != nil {
				t.Errorf("step %d does not point at the dispatcher, but %s carries its numbers", step, card.ID)
			}
			continue
		}
		if card == nil {
			t.Fatalf("step %d points at the dispatcher; no cache carries its numbers", step)
		}
		c := s.sim.World().APIServers[0].Cacher("pods")
		st := c.DispatchStats()
		lines := cardLines(s.Scene())
		for name, want := range map[string]int64{
			"watchers":                      int64(c.WatcherCount()),
			"found by node (index)":         int64(c.IndexedWatcherCount()),
			"latest event offered to":       st.LastOffers,
			"events that met a full buffer": st.BlockedEvents,
			"watchers cut off as too slow":  c.Metrics().TerminatedWatchersTotal,
		} {
			if got := lines[name]; got != scene.Thousands(want) {
				t.Errorf("step %d: the card's %q reads %q, the cacher has %d", step, name, got, want)
			}
		}
		if got, want := lines["stood waiting, in all"], scene.Thousands(st.Waited.Milliseconds())+" ms"; got != want {
			t.Errorf("step %d: the card's wait reads %q, the cacher waited %s", step, got, want)
		}
		offered[step] = st.LastOffers
	}
	t.Logf("the latest event offered to, by step: %v", offered)
	if offered[1] != 2 || offered[2] < 8 {
		t.Errorf("the latest event was offered to %d watchers at step 1 and %d at step 2; the narration says about 2, then 9", offered[1], offered[2])
	}
}

// A lesson that does not read the dispatcher's counters (fan-out: no
// `sim dispatch`) draws no card, even where it points at the broadcaster.
func TestNoDispatcherCardWithoutSimDispatch(t *testing.T) {
	s, err := Open(Link{Lesson: "fan-out", Step: 2})
	if err != nil {
		t.Fatal(err)
	}
	s.Tick(time.Second / 60)
	snap := s.Snapshot()
	if snap.Lesson == nil || !slices.Contains(snap.Lesson.Highlights, "apiserver.broadcaster") {
		t.Fatalf("fan-out step 2 no longer points at the broadcaster (%+v); pick another step", snap.Lesson)
	}
	for _, a := range snap.Cast.Of(scene.KindCache) {
		if a.Dispatch != nil {
			t.Errorf("fan-out step 2: %s carries the dispatcher's counters", a.ID)
		}
	}
	if _, ok := cardLines(s.Scene())["latest event offered to"]; ok {
		t.Error("fan-out step 2 draws a dispatcher card")
	}
}

// cardLines reads the dispatcher card off a drawn frame: each row's name
// and the value drawn on the same line.
func cardLines(sc view.Scene) map[string]string {
	out := map[string]string{}
	var names []view.Text
	for _, t := range sc.Texts {
		if t.Font == view.Prose && t.Align == view.Left {
			names = append(names, t)
		}
	}
	for _, t := range sc.Texts {
		if t.Font != view.Mono || t.Align != view.Right {
			continue
		}
		for _, n := range names {
			if d := t.Y - n.Y; d > -4 && d < 4 && strings.TrimSpace(n.S) != "" {
				out[n.S] = t.S
			}
		}
	}
	return out
}
