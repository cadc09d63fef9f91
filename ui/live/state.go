package live

import (
	"encoding/json"

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
