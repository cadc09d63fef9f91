package live

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"watchscope/ui/view"
)

// scrubbed opens the fixture (a real kube-apiserver v1.36.5, recorded by
// make conformance-live) as a console file and sends cmds.
func scrubbed(t *testing.T, cmds ...string) (*Session, *RecordingJSON) {
	t.Helper()
	data, err := os.ReadFile("../../recording/testdata/kube-1.36.5.wsrec")
	if err != nil {
		t.Fatal(err)
	}
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	s.Send("cat > kube.wsrec <<'EOF'\n" + string(data) + "EOF")
	s.Send("recording kube.wsrec")
	for _, c := range cmds {
		s.Send(c)
	}
	s.Tick(0)
	rj, ok := s.State().Recording.(*RecordingJSON)
	if !ok {
		t.Fatalf("no recording (message %q)", s.State().Message)
	}
	return s, rj
}

// facts is a resource's facts as one comparable line.
func facts(r RecordingResource) string {
	return fmt.Sprintf("%s events %d bookmarks %d relists %d gone %d window %v away rv %d gone %v",
		r.Name, r.Events, r.Bookmarks, r.Relists, r.Gone, r.WindowRV, r.AwayRV, r.AwayGone)
}

// The time cursor shows the recording as it stood: before the bookmarks,
// after the minute's bookmarks, between the restart's 410 and the relist,
// and at the end; a watcher away 90 s from each time resumes from what it
// had 90 s before (the first list's 66 while the recording is younger).
func TestRecordingScrub(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		atMs int64
		want []string
	}{
		{"recordingAt 2", 2000, []string{
			"pods events 0 bookmarks 0 relists 0 gone 0 window [66 66] away rv 66 gone false",
			"configmaps events 3 bookmarks 0 relists 0 gone 0 window [66 69] away rv 66 gone false"}},
		{"recordingAt 61", 61000, []string{
			"pods events 2 bookmarks 1 relists 0 gone 0 window [66 72] away rv 66 gone false",
			"configmaps events 4 bookmarks 1 relists 0 gone 0 window [66 72] away rv 66 gone false"}},
		{"recordingAt 72.5", 72500, []string{
			"pods events 2 bookmarks 1 relists 0 gone 1 window [73 73] away rv 66 gone true",
			"configmaps events 4 bookmarks 1 relists 0 gone 1 window [73 73] away rv 66 gone true"}},
		{"recordingAt end", 120005, []string{
			"pods events 4 bookmarks 1 relists 1 gone 1 window [73 77] away rv 72 gone true",
			"configmaps events 7 bookmarks 1 relists 1 gone 1 window [73 78] away rv 71 gone true"}},
	} {
		s, rj := scrubbed(t, tc.cmd)
		if rj.AtMs != tc.atMs || rj.DurationMs != 120005 || len(rj.Resources) != 2 {
			t.Fatalf("%s: at %d of %d", tc.cmd, rj.AtMs, rj.DurationMs)
		}
		for i, r := range rj.Resources {
			if got := facts(r); got != tc.want[i] {
				t.Errorf("%s:\n got %s\nwant %s", tc.cmd, got, tc.want[i])
			}
		}
		// The axis keeps the whole recording's span while marks arrive on it.
		if a := s.chrome.Recording.Rows[0].Axis; a.From != 66 || a.To != 77 {
			t.Errorf("%s: pods axis %d..%d", tc.cmd, a.From, a.To)
		}
		if v := s.chrome.Recording; v.At != tc.atMs || v.Span != 120005 {
			t.Errorf("%s: strip at %d of %d", tc.cmd, v.At, v.Span)
		}
	}
}

// ← and → (next, back) step the cursor a twentieth of the recording (6 s
// of 2 m), clamped to its ends; End goes back to the end; bad input is one
// line; with the page closed the keys are the lesson's again.
func TestRecordingScrubKeys(t *testing.T) {
	s, rj := scrubbed(t, "back", "back")
	if rj.AtMs != 120005-12000 {
		t.Errorf("two backs: at %d", rj.AtMs)
	}
	s.Send("recordingAt 3")
	s.Send("back")
	s.Send("next")
	s.Tick(0)
	if at := s.State().Recording.(*RecordingJSON).AtMs; at != 6000 {
		t.Errorf("3 s, back, next: at %d", at)
	}
	s.Send("skip")
	s.Tick(0)
	if at := s.State().Recording.(*RecordingJSON).AtMs; at != 120005 {
		t.Errorf("End: at %d", at)
	}
	if !strings.Contains(s.chrome.Recording.Lines[1], "as of 2m0s of 2m0s · ← → step 6s · Home, End") {
		t.Errorf("cursor line %q", s.chrome.Recording.Lines)
	}
	s.Send("home")
	s.Tick(0)
	if at := s.State().Recording.(*RecordingJSON).AtMs; at != 0 {
		t.Errorf("Home: at %d", at)
	}
	// A press on the time strip (a drag sends the same as it goes) moves
	// the cursor there: a quarter of the way is 30 s of 120.005; its last
	// pixel is the end; left of it nothing answers.
	strip := view.RecordingStrip(s.chrome.Theme, s.chrome.Recording)
	for _, c := range []struct {
		x    float64
		want string
	}{{strip.X + (strip.W-1)/4, "recordingAt 30.001"}, {strip.X + strip.W - 1, "recordingAt end"}, {strip.X - 50, ""}} {
		if cmd := view.Hit(s.Snapshot(), c.x, strip.Y+strip.H/2); cmd != c.want {
			t.Errorf("a press at x %.0f sends %q, want %q", c.x, cmd, c.want)
		}
	}
	s.Send(view.Hit(s.Snapshot(), strip.X+(strip.W-1)/4, strip.Y+strip.H/2))
	s.Tick(0)
	if at := s.State().Recording.(*RecordingJSON).AtMs; at != 30001 {
		t.Errorf("a press a quarter of the way: at %d", at)
	}
	s.Send("recordingAt soon")
	s.Tick(0)
	if m := s.State().Message; m != `recordingAt wants seconds into the recording, such as 30, or end, not "soon"` {
		t.Errorf("message %q", m)
	}
	s.Send("close")
	s.Send("recordingAt 3")
	s.Tick(0)
	if m := s.State().Message; !strings.HasPrefix(m, "recordingAt: no recording is open") {
		t.Errorf("closed: message %q", m)
	}
	if s.cluster.scrub(true) {
		t.Error("→ scrubbed a closed page")
	}
}
