package live

import (
	"encoding/json"
	"strconv"
	"strings"

	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// State is what window.watchscope.state() returns (as JSON): enough for a
// test or an embedding page to follow the world without reading pixels.
type State struct {
	Tick            int64       `json:"tick"`
	TimeMs          int64       `json:"timeMs"`
	Time            string      `json:"time"`
	Revision        int64       `json:"revision"`
	CompactRevision int64       `json:"compactRevision"`
	Keys            int         `json:"keys"`
	Paused          bool        `json:"paused"`
	Settled         bool        `json:"settled"` // no animation running
	Events          []EventJSON `json:"events"`
	Log             []LogJSON   `json:"log"`

	Mode    string      `json:"mode"` // "lesson" or "sandbox"
	Lesson  string      `json:"lesson,omitempty"`
	Step    int         `json:"step"`  // steps played (the question of step+1 may be showing)
	Steps   int         `json:"steps"` // steps in the lesson
	Pending bool        `json:"pending"`
	Done    bool        `json:"done"`
	Passed  int         `json:"passed"` // checks passed in the steps played
	Failed  int         `json:"failed"`
	Checks  []CheckJSON `json:"checks"` // the shown step's checks
	Counts  CountsJSON  `json:"counts"`
	Message string      `json:"message,omitempty"`
	// Busy is the long work the stage is taking a piece a frame (work.go):
	// "replaying step 2 of 5"; the commands sent meanwhile wait for it.
	Busy string `json:"busy,omitempty"`
	// ReducedMotion: the motion command (or the system setting) has
	// turned travel into highlights and stilled every loop.
	ReducedMotion bool           `json:"reducedMotion,omitempty"`
	Highlights    []string       `json:"highlights,omitempty"`
	Speed         float64        `json:"speed"`
	Markers       map[string]int `json:"markers"`
	Start         bool           `json:"start,omitempty"` // the start screen shows
	// StartScreen is the start screen in words and buttons while it
	// shows, and Legend the legend (K) while it shows: for the
	// accessibility layer (web/a11y.js).
	StartScreen *StartJSON   `json:"startScreen,omitempty"`
	Legend      *LegendJSON  `json:"legend,omitempty"`
	Playback    PlaybackJSON `json:"playback"` // a step's slow motion (playback.go)

	// The features' parts (see features.go), each filled by its own file.
	Present  any `json:"present,omitempty"`  // present.go: notes, next cue, timer
	Share    any `json:"share,omitempty"`    // share.go: the share link and trace hash
	Feed     any `json:"feed,omitempty"`     // announce.go: the screen reader's event feed
	Export   any `json:"export,omitempty"`   // export.go: a running GIF export's progress
	Picker   any `json:"picker,omitempty"`   // picker.go: the open lesson picker's rows
	Progress any `json:"progress,omitempty"` // progress.go: the learner's progress kept in this browser
	// Recording is cluster.go's: the open recording of a real cluster.
	Recording any `json:"recording,omitempty"`

	// Scene is the stage's cast, focus, callout and drawn text boxes.
	Scene *scene.Scene `json:"scene"`
}

// CheckJSON is one check's verdict.
type CheckJSON struct {
	Claim string `json:"claim"`
	Pass  bool   `json:"pass"`
	Saw   string `json:"saw,omitempty"`
}

// CountsJSON counts the world's moving parts.
type CountsJSON struct {
	APIServers int    `json:"apiservers"`
	Clients    int    `json:"clients"`
	Watchers   int    `json:"watchers"`
	RingLen    int    `json:"ringLen"`
	RingCap    int    `json:"ringCap"`
	OldestRV   uint64 `json:"oldestRV"`
	MemBytes   int64  `json:"memBytes"`
}

// EventJSON is one stored change, newest last.
type EventJSON struct {
	Rev     int64  `json:"rev"`
	Sub     int64  `json:"sub"`
	Type    string `json:"type"`
	Key     string `json:"key"`
	Version int64  `json:"version"`
}

// LogJSON is one console command and its answer.
type LogJSON struct {
	Cmd   string `json:"cmd"`
	Out   string `json:"out"`
	Error bool   `json:"error,omitempty"`
}

const stateEvents, stateLog = 10, 5

// State is the session's state after the last tick.
func (s *Session) State() State {
	sn := s.snap
	st := State{
		Tick: s.ticks, TimeMs: sn.Now.Milliseconds(), Time: view.SimTime(sn.Now),
		Revision: sn.Rev, CompactRevision: sn.CompactRev, Keys: sn.LiveKeys, Paused: sn.Paused,
		Settled: s.Settled(),
		Events:  []EventJSON{}, Log: []LogJSON{},
	}
	for _, r := range sn.Records[max(0, len(sn.Records)-stateEvents):] {
		st.Events = append(st.Events, EventJSON{r.Main, r.Sub, r.Kind().String(), r.Key, r.Version})
	}
	for _, l := range sn.Log[max(0, len(sn.Log)-stateLog):] {
		st.Log = append(st.Log, LogJSON{l.Cmd, l.Out, l.Failed})
	}
	st.Counts = s.counts
	st.Message, st.Speed, st.Busy = s.msg.Text(), speed(s.clock), s.work.Busy()
	st.ReducedMotion = s.chrome.Reduced
	st.Playback = s.replay.state(s.sim.World())
	st.Markers = map[string]int{}
	for _, m := range s.markers {
		st.Markers[m.Mark.String()]++
	}
	st.Scene, st.Start = s.sceneState(), s.chrome.Start
	st.StartScreen, st.Legend = startJSON(s.chrome), legendJSON(s.chrome)
	s.all.fillState(&st)
	return st
}

// StateJSON is State as one JSON string.
func (s *Session) StateJSON() string {
	b, err := json.Marshal(s.State())
	if err != nil {
		return `{"error":` + quote(err.Error()) + `}`
	}
	return string(b)
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// StartJSON is the start screen for the accessibility layer: what
// WatchScope is, and its buttons in order (the first lesson or the one to
// resume, each lesson of the path with its minutes, the sandbox), each
// with the command a click on the stage sends.
type StartJSON struct {
	About   string        `json:"about"`
	Buttons []StartButton `json:"buttons"`
}

// StartButton is one of the start screen's buttons.
type StartButton struct {
	Label string `json:"label"`
	Cmd   string `json:"cmd"`
}

// LegendJSON is the legend in words, by section.
type LegendJSON struct {
	Stage   []string `json:"stage"`
	Events  []string `json:"events"`
	Markers []string `json:"markers"`
}

// startJSON is state().startScreen while chrome c shows the start screen.
func startJSON(c view.Chrome) *StartJSON {
	if !c.Start {
		return nil
	}
	bs := view.StartButtons(c)
	out := &StartJSON{About: strings.Join(view.StartAbout[:], " "), Buttons: []StartButton{}}
	for i, b := range bs {
		label := b.Label
		if i > 0 && i <= len(c.Path) {
			label += " (" + strconv.Itoa(c.Path[i-1].Minutes) + " min)"
		}
		out.Buttons = append(out.Buttons, StartButton{label, b.Cmd})
	}
	return out
}

// legendJSON is state().legend while chrome c shows the legend.
func legendJSON(c view.Chrome) *LegendJSON {
	if !c.Shows("legend") {
		return nil
	}
	st, ev, mk := view.LegendWords()
	return &LegendJSON{st, ev, mk}
}
