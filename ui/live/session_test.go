package live

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

const frame = time.Second / 60

func newSession(t *testing.T, o Options) *Session {
	t.Helper()
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	return New(sim, o)
}

func run(s *Session, d time.Duration) {
	for i := time.Duration(0); i < d; i += frame {
		s.Tick(frame)
	}
}

// The demo script must run against the real console without a single
// failed command, write revisions, delete keys and compact.
func TestDemoDrivesTheWorld(t *testing.T) {
	s := newSession(t, Options{Demo: true})
	run(s, 45*time.Second)
	sn := s.Snapshot()
	for _, l := range sn.Log {
		if l.Failed {
			t.Errorf("demo command %q failed: %s", l.Cmd, l.Out)
		}
	}
	if sn.Rev < 35 {
		t.Errorf("after 45s the revision is %d, want >= 35 (one write a second)", sn.Rev)
	}
	if sn.CompactRev == 0 || sn.CompactRev >= sn.Rev {
		t.Errorf("compact revision %d (rev %d): the demo compacts every 10 steps", sn.CompactRev, sn.Rev)
	}
	var tomb, created, modified bool
	for _, r := range sn.Records {
		switch r.Kind().String() {
		case "DELETED":
			tomb = true
		case "ADDED":
			created = true
		case "MODIFIED":
			modified = true
		}
		// etcd 3.6 keeps a tombstone exactly at the compact revision
		// (until the next compaction); older ones must be gone.
		if r.Main < sn.CompactRev && r.Tombstone {
			t.Errorf("tombstone %d.%d below the compact revision %d survived", r.Main, r.Sub, sn.CompactRev)
		}
	}
	if !tomb || !created || !modified {
		t.Errorf("history lacks a kind: tombstone=%v created=%v modified=%v", tomb, created, modified)
	}
	if sn.LiveKeys == 0 || len(sn.Keys) == 0 {
		t.Errorf("no keys in the index: %+v", sn.Keys)
	}
}

// Commands sent from the page apply on the next tick, even while paused,
// and the state JSON shows their effect.
func TestSendAppliesOnNextTick(t *testing.T) {
	s := newSession(t, Options{})
	s.clock.Paused, s.snap.Paused = true, true
	before := s.State().Revision
	if !s.Send("etcdctl put /e2e/a 1") || !s.Send("put /e2e/a 2") {
		t.Fatal("Send refused with an empty queue")
	}
	if s.State().Revision != before {
		t.Fatal("Send applied before the tick")
	}
	s.Tick(frame)
	st := s.State()
	if st.Revision != before+2 {
		t.Fatalf("revision %d, want %d", st.Revision, before+2)
	}
	s.Send("etcdctl compact " + itoa(st.Revision-1))
	s.Send("etcdctl frobnicate")
	s.Tick(frame)
	var decoded State
	if err := json.Unmarshal([]byte(s.StateJSON()), &decoded); err != nil {
		t.Fatal(err)
	}
	if decoded.CompactRevision != st.Revision-1 {
		t.Errorf("compactRevision %d, want %d", decoded.CompactRevision, st.Revision-1)
	}
	last := decoded.Log[len(decoded.Log)-1]
	if !last.Error || !strings.Contains(last.Cmd, "frobnicate") {
		t.Errorf("last log line %+v, want the failed command", last)
	}
	if decoded.TimeMs != 0 || !decoded.Paused {
		t.Errorf("paused session moved virtual time to %dms (paused=%v)", decoded.TimeMs, decoded.Paused)
	}
	if ev := decoded.Events[len(decoded.Events)-1]; ev.Key != "/e2e/a" || ev.Type != "MODIFIED" || ev.Version != 2 {
		t.Errorf("newest event %+v, want MODIFIED /e2e/a version 2", ev)
	}
}

func TestSendQueueIsBounded(t *testing.T) {
	s := newSession(t, Options{})
	for i := 0; i < queueMax; i++ {
		if !s.Send("put k v") {
			t.Fatalf("Send %d refused below the bound", i)
		}
	}
	if s.Send("put k v") {
		t.Fatal("Send accepted beyond the bound")
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

// The picker answers the keyboard: ↓ and ↑ move the selection (wrapping),
// Enter opens the selected lesson, so every lesson is reachable without a
// mouse, not only the first nine digits.
func TestPickerKeyboard(t *testing.T) {
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	do := func(cmds ...string) {
		for _, c := range cmds {
			s.Send(c)
		}
		s.Tick(0)
	}
	do("down") // outside the picker: nothing
	if s.chrome.Picker || s.lesson != nil {
		t.Fatal("down outside the picker did something")
	}
	do("picker", "up") // wraps to the last row
	if s.chrome.PickerAt != len(s.picker.rows)-1 {
		t.Fatalf("up from the first row selects %d, want the last (%d)", s.chrome.PickerAt, len(s.picker.rows)-1)
	}
	want := s.picker.rows[len(s.picker.rows)-1].ID
	do("enter")
	if s.lesson == nil || s.lesson.l.ID != want || s.chrome.Picker {
		t.Fatalf("enter opened %v (picker open %v), want %s", s.lesson, s.chrome.Picker, want)
	}
}

// TestDeepLinkShowsTheLessonsClients: a link to a lesson's step shows that
// world's informers from the first frame. The costly parts of the
// snapshot are otherwise re-read a slice per tick, and the session opens
// on an empty world before the link's lesson replaces it.
func TestDeepLinkShowsTheLessonsClients(t *testing.T) {
	s, err := Open(Link{Lesson: "restart-storm", Step: 5})
	if err != nil {
		t.Fatal(err)
	}
	snap, counts := s.Snapshot(), s.State().Counts
	if len(snap.ClientRows) == 0 || counts.Clients == 0 {
		t.Fatalf("first frame of restart-storm step 5 shows %d clients (%d in all), want the controller-manager and the kubelets",
			len(snap.ClientRows), counts.Clients)
	}
	if err := s.Lessons().Open("informers", 0, 2); err != nil { // a new world mid-session
		t.Fatal(err)
	}
	s.Tick(time.Second / 60)
	if got := s.State().Counts.Clients; got == counts.Clients {
		t.Errorf("after opening another lesson the stage still counts %d clients, the old world's", got)
	}
}

// TestPickerInState: the open picker's rows are in state() for the page's
// accessibility layer, in the order pickLesson numbers them.
func TestPickerInState(t *testing.T) {
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	if s.State().Picker != nil {
		t.Fatal("a closed picker is in state()")
	}
	s.Send("picker")
	s.Send("down")
	s.Tick(0)
	p, ok := s.State().Picker.(*PickerJSON)
	if !ok || len(p.Rows) != len(s.picker.rows) || p.At != 1 {
		t.Fatalf("open picker in state(): %#v, want %d rows at row 1", s.State().Picker, len(s.picker.rows))
	}
	if p.Rows[0].ID != "revisions" || p.Rows[0].Title == "" {
		t.Errorf("first row %+v, want the revisions lesson with its title", p.Rows[0])
	}
	s.Send("pickLesson 2")
	s.Tick(0)
	if s.lesson == nil || s.lesson.l.ID != p.Rows[2].ID || s.State().Picker != nil {
		t.Errorf("pickLesson 2 opened %v (picker %v), want %s and the picker closed", s.lesson, s.State().Picker, p.Rows[2].ID)
	}
}
