package live

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"watchscope/recording"
	"watchscope/ui/view"
)

// clusterView is the "your cluster" page (features.go): a recording of a
// real API server (`watchscope record`) read from a console file, which
// is how a .wsrec dropped on the page or fetched for ?recording=URL
// arrives (web/author.js writes it with cat > NAME, so `sim replay NAME`
// reads the same file). The view draws it from Chrome.Recording, which
// only it fills; close shuts it.
//
//	recording NAME      open the page of console file NAME (recording live:
//	                    serve --live's recording again, after a close)
//	recordingAway N     answer for a watcher away N seconds (default 90)
//	recordingAt S       the recording as it stood S seconds in (or "end");
//	                    ← and → (next, back) step the cursor, Home and
//	                    End go to its ends, a drag on its strip scrubs
//	recordingReplay     close the page and run sim replay NAME (its button)
//
//	"recording": {"name": "x.wsrec", "server": "v1.36.5", "durationMs": 120005,
//	  "awaySeconds": 90, "resources": [{"name": "pods", "events": 4, ...,
//	  "windowRV": [73, 77], "windowSeconds": 2749.5, "awayRV": 72, "awayGone": true,
//	  "answer": "a watcher away 1m30s resumes from rv 72, older than the window's 73: it gets a 410 and relists"}]}
type clusterView struct {
	h    Host
	name string
	rec  *recording.Recording
	away float64 // seconds
	live bool    // shown by ShowRecording (serve --live), not from a console file
	// liveRec is serve --live's recording as it has arrived so far (named
	// liveName), kept whole while another page shows or none does.
	liveRec  *recording.Recording
	liveName string
	// at is the time cursor in ms: the page shows the recording as it
	// stood then; atEnd follows the end (a live recording's grows).
	at    int64
	atEnd bool
	json  *RecordingJSON
}

// RecordingJSON is the open recording in state().
type RecordingJSON struct {
	Name        string              `json:"name"`
	Server      string              `json:"server"`
	DurationMs  int64               `json:"durationMs"`
	AtMs        int64               `json:"atMs"` // the time cursor: the facts are as of it
	Truncated   bool                `json:"truncated,omitempty"`
	Live        bool                `json:"live,omitempty"` // serve --live's, growing
	AwaySeconds float64             `json:"awaySeconds"`
	Resources   []RecordingResource `json:"resources"`
}

// RecordingResource is one resource of the recording in state().
type RecordingResource struct {
	Name        string  `json:"name"`
	Events      int     `json:"events"`
	Bookmarks   int     `json:"bookmarks"`
	Relists     int     `json:"relists"`
	Gone        int     `json:"gone"` // 410s
	GoneMessage string  `json:"goneMessage,omitempty"`
	Rate        float64 `json:"rate"`     // events/s the watch cache received
	Capacity    int     `json:"capacity"` // the ring's, from /metrics (0: not sampled)
	// WindowRV is the cache's window at the end, [oldest, newest];
	// WindowSeconds how long capacity events last at Rate (0: unknown).
	WindowRV      []uint64 `json:"windowRV,omitempty"`
	WindowSeconds float64  `json:"windowSeconds,omitempty"`
	AwayRV        uint64   `json:"awayRV"`   // where a watcher away AwaySeconds resumes
	AwayGone      bool     `json:"awayGone"` // ... and that is a 410
	Answer        string   `json:"answer"`
}

func (c *clusterView) verbs() map[string]func(arg string) {
	return map[string]func(arg string){
		"recording": c.open,
		"recordingAway": func(arg string) {
			n, err := strconv.ParseFloat(arg, 64)
			if err != nil || n <= 0 || n > 1e6 {
				c.h.Say("recordingAway wants seconds, such as 90, not " + strconv.Quote(arg))
				return
			}
			c.away = n
			c.build()
		},
		"recordingAt": c.seek,
		"recordingReplay": func(string) {
			if c.rec == nil || c.live || c.h.Chrome().Recording == nil {
				return
			}
			c.close()
			c.h.Exec("sim replay " + c.name)
		},
	}
}

// close closes the page (Escape): this file is the one writer of
// chrome.Recording.
func (c *clusterView) close() { c.h.Chrome().Recording = nil }

func (c *clusterView) fillState(st *State) {
	if c.h.Chrome().Recording != nil && c.json != nil {
		st.Recording = c.json
	}
}

// open reads console file name as a recording and shows it; the name of
// serve --live's recording shows that again.
func (c *clusterView) open(name string) {
	if c.liveRec != nil && name == c.liveName {
		c.showLive()
		return
	}
	c.live, c.atEnd = false, true
	text, found := c.h.File(name)
	if !found {
		c.h.Say(name + ": no such console file: drop the .wsrec on the page, or open ?recording=URL")
		return
	}
	c.show(name, text)
}

// ShowRecording takes serve --live's recording as it grows. more says
// text is only the lines that came after what was last handed over
// (web/author.js hands those over every second, so a long recording is
// not parsed again whole); the whole text (more false) starts it anew.
// The first part opens the page; later parts grow the page while it
// shows it. Closed, or left for a console file's recording, the page is
// not pushed back in front: the stream goes on arriving, and `recording
// live` shows it again.
func (s *Session) ShowRecording(name, text string, more bool) {
	c := s.cluster
	switch {
	case more && (c.liveRec == nil || c.liveName != name):
		return // lines of a stream whose start did not parse: no recording by themselves
	case more:
		if err := c.liveRec.More(name, []byte(text)); err != nil {
			c.liveRec = nil
			c.h.Fail(err)
			return
		}
	default:
		rec, err := recording.Parse(name, []byte(text))
		if err != nil {
			c.liveRec = nil
			c.h.Fail(err)
			return
		}
		c.liveName, c.liveRec = name, rec
	}
	if showing := c.live && c.name == name && s.chrome.Recording != nil; more && !showing {
		return
	}
	c.showLive()
	if !more && c.liveRec.Truncated {
		c.h.Say(name + " ends inside a line (the recorder was cut off): shown up to its last whole line")
	}
}

// showLive puts the live recording on the page (at its end, unless the
// page already shows it and its cursor was moved).
func (c *clusterView) showLive() {
	if !c.live || c.name != c.liveName || c.h.Chrome().Recording == nil {
		c.atEnd = true
	}
	c.live, c.name, c.rec = true, c.liveName, c.liveRec
	c.build()
}

// show parses text as recording name and shows it.
func (c *clusterView) show(name, text string) {
	rec, err := recording.Parse(name, []byte(text))
	if err != nil {
		c.h.Fail(err)
		return
	}
	c.name, c.rec = name, rec
	c.build()
	if rec.Truncated {
		c.h.Say(name + " ends inside a line (the recorder was cut off): shown up to its last whole line")
	}
}

// build turns the recording into the page and its state.
func (c *clusterView) build() {
	if c.rec == nil {
		return
	}
	rec := c.rec
	away := c.away
	if away == 0 { // 90 s, or half of a recording not longer
		away = 90
		if rec.Duration() <= 90_000 {
			away = max(math.Round(float64(rec.Duration())/2000), 1)
		}
	}
	dur := time.Duration(rec.Duration()) * time.Millisecond
	at := c.cursor()
	c.json = &RecordingJSON{Name: c.name, Server: rec.Header.Server, DurationMs: rec.Duration(), AtMs: at, Truncated: rec.Truncated, Live: c.live, AwaySeconds: away}
	next := "sim replay " + c.name + " sends them into the simulation"
	title := "Your cluster: " + c.name
	if c.live {
		next, title = "recording as the page shows it (serve --live)", "Your cluster, live"
	}
	v := &view.RecordingView{
		Title: title,
		Lines: []string{fmt.Sprintf("kube-apiserver %s · recorded %s from %s%s · a tick on the tape is a recorded event · %s",
			rec.Header.Server, dur.Round(time.Second), startedWords(rec.Header.Started), namespaceWords(rec.Header.Namespace), next)},
	}
	if !c.live { // a console file: sim replay reads it
		v.Replay = "replay it in the simulation"
	}
	v.Lines = append(v.Lines, cursorWords(at, rec.Duration(), c.stepMs()))
	v.At, v.Span = at, rec.Duration()
	cut := rec.Until(at)
	asOf := map[string]recording.Resource{}
	for _, r := range cut.Summary() {
		asOf[r.Name] = r
	}
	for i, r := range rec.Summary() {
		now, ok := asOf[r.Name]
		if !ok {
			now = recording.Resource{Name: r.Name}
		}
		f := factsOf(cut, now, away, at)
		f.axis.From, f.axis.To = uint64(r.FirstRV), uint64(r.LastRV) // the whole recording's span: marks arrive on it
		c.json.Resources = append(c.json.Resources, f.json)
		if i < view.RecordingRows {
			v.Rows = append(v.Rows, view.RecordingRow{Resource: r.Name, Lines: f.lines, Axis: f.axis})
		} else {
			v.More++
		}
	}
	c.h.Chrome().Recording = v
}

func namespaceWords(ns string) string {
	if ns == "" {
		return ""
	}
	return " in namespace " + ns
}

// startedWords is the recording's start to the second ("2026-11-29
// 01:28:48 UTC"), or as written if it is not RFC 3339.
func startedWords(started string) string {
	t, err := time.Parse(time.RFC3339Nano, started)
	if err != nil {
		return started
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}
