package live

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"watchscope/engine"
	"watchscope/recording"
	"watchscope/ui/view"
)

// The fixture (a real kube-apiserver v1.36.5, recorded by make
// conformance-live) dropped as a console file opens the "your cluster"
// page: per resource its counts, the window after the restart (the 410
// named 73 as the cache's start) and the answer for a watcher away 90 s,
// which left before the restart at rv 72 and so gets a 410.
func TestRecordingPage(t *testing.T) {
	data, err := os.ReadFile("../../recording/testdata/kube-1.36.5.wsrec")
	if err != nil {
		t.Fatal(err)
	}
	cfg := engine.Config{Seed: 1}
	cfg.APIServers.Replicas = 1
	sim, err := NewWorldConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	s.Send("cat > kube.wsrec <<'EOF'\n" + string(data) + "EOF")
	s.Send("recording kube.wsrec")
	s.Tick(0)
	st := s.State()
	rj, ok := st.Recording.(*RecordingJSON)
	if !ok || s.chrome.Recording == nil {
		t.Fatalf("no recording in state (message %q)", st.Message)
	}
	if rj.Server != "v1.36.5" || rj.AwaySeconds != 90 || len(rj.Resources) != 2 {
		t.Fatalf("%+v", rj)
	}
	for i, want := range []struct {
		name   string
		events int
		away   uint64
	}{{"pods", 4, 72}, {"configmaps", 7, 71}} {
		r := rj.Resources[i]
		if r.Name != want.name || r.Events != want.events || r.Bookmarks != 1 || r.Relists != 1 || r.Gone != 1 ||
			r.Capacity != 100 || len(r.WindowRV) != 2 || r.WindowRV[0] != 73 || r.AwayRV != want.away || !r.AwayGone ||
			!strings.Contains(r.Answer, "it gets a 410") || r.WindowSeconds <= 0 {
			t.Errorf("%s: %+v", want.name, r)
		}
	}
	// A watcher away 20 s left after the relist: inside the window.
	s.Send("recordingAway 20")
	s.Tick(0)
	for _, r := range s.State().Recording.(*RecordingJSON).Resources {
		if r.AwayGone || !strings.Contains(r.Answer, "inside the window: no 410") {
			t.Errorf("away 20 s: %+v", r)
		}
	}
	// Its button closes the page and replays the file into the world.
	s.Send("recordingReplay")
	s.Tick(0)
	st = s.State()
	if st.Recording != nil || len(st.Log) == 0 || st.Log[len(st.Log)-1].Cmd != "sim replay kube.wsrec" ||
		!strings.Contains(st.Log[len(st.Log)-1].Out, "replaying 11 writes") {
		t.Errorf("replay: recording %v, log %+v", st.Recording, st.Log)
	}
	s.Send("recording kube.wsrec")
	s.Send("close")
	s.Tick(0)
	if s.State().Recording != nil || s.chrome.Recording != nil {
		t.Error("close left the recording open")
	}
	s.Send("recording nope.wsrec")
	s.Tick(0)
	if m := s.State().Message; !strings.Contains(m, "nope.wsrec: no such console file") {
		t.Errorf("message %q", m)
	}
}

// A recording cut off mid-write opens up to its last whole line and says
// so; a file that is no recording is one line naming it.
func TestRecordingPageBadFiles(t *testing.T) {
	data, err := os.ReadFile("../../recording/testdata/kube-1.36.5.wsrec")
	if err != nil {
		t.Fatal(err)
	}
	cut := string(data[:strings.Index(string(data), `"rv":"70"`)]) // inside pods' first event
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	s.ShowRecording("cut.wsrec", cut, false)
	s.Tick(0)
	st := s.State()
	rj, ok := st.Recording.(*RecordingJSON)
	if !ok || !rj.Truncated || rj.Resources[0].Events != 0 || rj.Resources[1].Events != 3 ||
		st.Message != "cut.wsrec ends inside a line (the recorder was cut off): shown up to its last whole line" {
		t.Fatalf("cut file: %+v, message %q", st.Recording, st.Message)
	}
	s.Send("close")
	s.Tick(0)
	s.ShowRecording("notes.wsrec", "# my notes\n", false)
	s.Tick(0)
	if st := s.State(); st.Recording != nil || !strings.HasPrefix(st.Message, "notes.wsrec: not a WatchScope recording: its first line is not a") {
		t.Errorf("foreign file: %+v, message %q", st.Recording, st.Message)
	}
}

func TestThinTicks(t *testing.T) {
	var rvs []uint64
	for i := range 10_000 {
		rvs = append(rvs, uint64(i+1))
	}
	got := thin(rvs, maxTicks)
	if len(got) > maxTicks+1 || got[0] != 1 || got[len(got)-1] != 10_000 || len(thin(rvs[:5], maxTicks)) != 5 {
		t.Errorf("%d ticks, %d..%d", len(got), got[0], got[len(got)-1])
	}
}

// Whatever a file holds, the page either shows it or says why in one
// line, and drawing it does not panic.
func FuzzRecordingPage(f *testing.F) {
	data, _ := os.ReadFile("../../recording/testdata/kube-1.36.5.wsrec")
	f.Add(string(data))
	f.Add(string(data[:len(data)/3]))
	f.Add(`{"format":"watchscope-recording","version":1,"resources":["pods"]}` + "\n" +
		`{"t":5,"kind":"error","res":"pods","code":410,"message":"too old resource version: 18446744073709551615 (3)"}` + "\n" +
		`{"t":9,"kind":"metrics","samples":[{"name":"watch_cache_capacity","resource":"pods","value":-4}]}` + "\n")
	sim, err := NewWorld(1)
	if err != nil {
		f.Fatal(err)
	}
	s := New(sim, Options{})
	f.Fuzz(func(t *testing.T, text string) {
		s.chrome.Recording = nil
		s.msg.Clear()
		s.ShowRecording("f.wsrec", text, false)
		if v := s.chrome.Recording; v != nil {
			sc := view.Scene{Theme: view.Dark}
			for _, r := range v.Rows {
				view.DrawRVAxis(&sc, view.Region{X: 48, Y: 200, W: 1824, H: 300}, r.Axis)
			}
			s.cluster.moveTo(int64(len(text)) % 100_000) // scrubbed: as of any time
			for _, r := range s.chrome.Recording.Rows {
				view.DrawRVAxis(&sc, view.Region{X: 48, Y: 200, W: 1824, H: 300}, r.Axis)
			}
		} else if m := s.msg.Text(); strings.Contains(m, "\n") || m == "" {
			t.Fatalf("not shown, and the message is %q", m)
		}
	})
}

// The ring's window starts one revision before its oldest event: the
// cacher answers 410 only below oldest-1 (the M of "too old resource
// version: N (M)"). A ring of 3 holding events 12, 13 and 14: a watcher
// that had 11 resumes without a 410, one that had 10 gets it.
func TestRecordingWindowEdge(t *testing.T) {
	lines := []string{fmt.Sprintf(`{"format":%q,"version":%d,"server":"v1.36.5","started":"2026-11-29T00:00:00Z","resources":["pods"],"withObjects":false,"readOnly":true}`, recording.Format, recording.Version),
		`{"t":0,"kind":"metrics","samples":[{"name":"watch_cache_capacity","resource":"pods","value":3}]}`,
		`{"t":0,"kind":"list","res":"pods","code":200,"rv":"9"}`}
	for i := 1; i <= 5; i++ {
		lines = append(lines, fmt.Sprintf(`{"t":%d,"kind":"event","res":"pods","type":"ADDED","key":"default/p%d","rv":"%d"}`, i*1000, i, 9+i))
	}
	rec, err := recording.Parse("edge.wsrec", []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		away float64
		rv   uint64
		gone bool
	}{{3, 11, false}, {4, 10, true}} {
		f := factsOf(rec, rec.Summary()[0], c.away, 5000)
		if f.json.AwayRV != c.rv || f.json.AwayGone != c.gone || len(f.json.WindowRV) != 2 || f.json.WindowRV[0] != 11 {
			t.Errorf("away %gs: resumes from %d, 410 %v, window %v; want %d, %v, from 11", c.away, f.json.AwayRV, f.json.AwayGone, f.json.WindowRV, c.rv, c.gone)
		}
	}
}

// serve --live's page is handed the new lines every second, not the
// whole text again: shown in parts, the recording's page and state are
// what the whole file shows.
func TestLiveRecordingInParts(t *testing.T) {
	data, err := os.ReadFile("../../recording/testdata/kube-1.36.5.wsrec")
	if err != nil {
		t.Fatal(err)
	}
	show := func(parts ...string) *State {
		sim, err := NewWorld(1)
		if err != nil {
			t.Fatal(err)
		}
		s := New(sim, Options{})
		for i, p := range parts {
			s.ShowRecording("live", p, i > 0)
		}
		s.Tick(0)
		st := s.State()
		return &st
	}
	whole := show(string(data))
	lines := strings.SplitAfter(string(data), "\n")
	var parts []string
	for i := 0; i < len(lines); i += 7 {
		parts = append(parts, strings.Join(lines[i:min(i+7, len(lines))], ""))
	}
	inParts := show(parts...)
	if len(parts) < 3 || whole.Recording == nil || !reflect.DeepEqual(whole.Recording, inParts.Recording) {
		t.Fatalf("%d parts: %+v, whole: %+v", len(parts), inParts.Recording, whole.Recording)
	}
	if inParts.Message != whole.Message {
		t.Errorf("message %q, whole %q", inParts.Message, whole.Message)
	}
}

// The live recording goes on arriving while its page is closed or
// another recording's page is open, is not pushed back in front, and
// `recording live` shows it again, whole.
func TestLiveRecordingBehindAnotherPage(t *testing.T) {
	data, err := os.ReadFile("../../recording/testdata/kube-1.36.5.wsrec")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	half := len(lines) / 2
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	s.ShowRecording("live", strings.Join(lines[:half], ""), false)
	s.Send("cat > other.wsrec <<'EOF'\n" + string(data) + "EOF")
	s.Send("recording other.wsrec")
	s.ShowRecording("live", strings.Join(lines[half:], ""), true)
	s.Tick(0)
	if rj, ok := s.State().Recording.(*RecordingJSON); !ok || rj.Name != "other.wsrec" || rj.Live {
		t.Fatalf("a part of the stream pushed the live page over the open one: %+v", s.State().Recording)
	}
	s.Send("recording live")
	s.Tick(0)
	whole := New(sim, Options{})
	whole.ShowRecording("live", string(data), false)
	whole.Tick(0)
	if got, want := s.State().Recording, whole.State().Recording; !reflect.DeepEqual(got, want) {
		t.Errorf("recording live: %+v\nwant the whole stream: %+v", got, want)
	}
	s.Send("close")
	s.ShowRecording("live", "", true)
	s.Tick(0)
	if s.State().Recording != nil {
		t.Error("a closed live page came back by itself")
	}
}
