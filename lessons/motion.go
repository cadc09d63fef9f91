package lessons

import (
	"fmt"
	"strconv"
	"strings"

	"watchscope/engine"
)

// Motion: how the stage plays a step in slow motion. A step's key events
// each get a beat of their own on screen (about half a second); the rest
// of the step then plays fast. A `motion` block names the key events,
// one trace filter per line (the filter language of checks), optionally
// preceded by how many of its first matches to take:
//
//	```motion
//	3 kind=REQ node=loadgen
//	kind=WATCH_ERROR
//	```
//
// Without the block, the stage picks the step's first events of the
// kinds its narration talks about (DefaultKeys). The header's `pace:`
// scales every step's motion (0.5: half as fast; 2: twice as fast).

// KeyFilter is one line of a motion block: the first N events of the
// step matching Filter are key events.
type KeyFilter struct {
	Line   int
	N      int
	Filter Filter
}

// Bounds of a motion block.
const (
	MaxKeysPerLine = 12
	MaxKeys        = 16 // key events per step, over all lines
	DefaultKeysN   = 2  // matches taken per narrated kind without a block
	defaultKeysMax = 6
	MinPace        = 0.125
	MaxPace        = 8.0
)

// motion reads a motion block into the step's KeyFilters.
func (p *parser) motion(b *block) {
	total, lines := 0, 0
	eachLine(b, func(n int, text string) {
		if strings.HasPrefix(text, "#") {
			return
		}
		lines++
		kf, err := parseKeyFilter(text)
		if err != nil {
			p.ps.add(n, "motion: %v", err)
			return
		}
		kf.Line = n
		total += kf.N
		if total > MaxKeys {
			p.ps.add(n, "motion: %d key events in one step; at most %d (each takes half a second of the class's attention)", total, MaxKeys)
			return
		}
		p.step.Keys = append(p.step.Keys, kf)
	})
	if lines == 0 {
		p.ps.add(b.line, "a motion block names at least one trace filter (kind=REQ node=loadgen)")
	}
}

// parseKeyFilter reads "[N] FILTER".
func parseKeyFilter(text string) (KeyFilter, error) {
	kf := KeyFilter{N: 1}
	if word, rest, _ := strings.Cut(text, " "); word != "" && word[0] >= '0' && word[0] <= '9' {
		n, err := strconv.Atoi(word)
		if err != nil || n < 1 || n > MaxKeysPerLine {
			return kf, fmt.Errorf("%q: the count before a filter is a whole number from 1 to %d", word, MaxKeysPerLine)
		}
		kf.N, text = n, strings.TrimSpace(rest)
	}
	toks, err := lexCheck(text)
	if err != nil {
		return kf, err
	}
	c := &cursor{toks: toks}
	f, err := parseFilter(c, false)
	switch {
	case err != nil:
		return kf, err
	case !c.done():
		return kf, fmt.Errorf("expected a trace filter (kind=..., node=..., detail~\"...\"), found %s", c.describe())
	case len(f.Terms) == 0:
		return kf, fmt.Errorf("an empty filter would make every event a key event; name a kind (kind=REQ)")
	}
	kf.Filter = f
	return kf, nil
}

// parsePace reads the header's pace: a number from MinPace to MaxPace,
// optionally written with an x ("0.5x").
func parsePace(value string, n int, ps *problems) float64 {
	v, err := strconv.ParseFloat(strings.TrimSuffix(value, "x"), 64)
	if err != nil || v < MinPace || v > MaxPace {
		ps.add(n, "pace %q: want a number from %g (eight times slower) to %g (eight times faster); 1 is the default", value, MinPace, MaxPace)
		return 1
	}
	return v
}

// KeyEvents marks the step's key events among evs (the step's trace
// events, oldest first): the first matches of each motion line, or
// without a motion block DefaultKeys. Commands (CMD) are never keys: they
// are the cause, shown as the step's commands.
func (s *Step) KeyEvents(evs []engine.TraceEvent) []bool {
	keys := make([]bool, len(evs))
	if len(s.Keys) == 0 {
		for i, k := range DefaultKeys(s.Narration, evs) {
			keys[i] = k
		}
		return keys
	}
	for _, kf := range s.Keys {
		taken := 0
		for i, ev := range evs {
			if taken == kf.N {
				break
			}
			if ev.Kind != engine.KindCmd && kf.Filter.matches(ev) {
				keys[i], taken = true, taken+1
			}
		}
	}
	return keys
}

// narratedKinds maps words of a narration to the trace kinds they talk
// about, most telling first: a step that says "410" is about the error,
// one that says "writes" about the writes.
var narratedKinds = []struct {
	words []string
	kinds []engine.Kind
}{
	{[]string{"410", "gone", "expired", "too old"}, []engine.Kind{engine.KindWatchError}},
	{[]string{"oom", "kill", "memory"}, []engine.Kind{engine.KindKilled, engine.KindRestart}}, // the kill, then the kubelet's restart: the replica stays down a beat
	{[]string{"restart"}, []engine.Kind{engine.KindRestart}},
	{[]string{"compact"}, []engine.Kind{engine.KindCompact}},
	{[]string{"drops", "dropped", "unresponsive", "terminat"}, []engine.Kind{engine.KindWatcherTerminated}},
	{[]string{"partition", "disconnect", "network", "fault"}, []engine.Kind{engine.KindFault, engine.KindDisconnect, engine.KindPartition}},
	{[]string{"write", "put", "creat", "delete", "annotat"}, []engine.Kind{engine.KindPut, engine.KindDelete, engine.KindReq}},
	{[]string{"etcd sends", "copies", "watcher", "event"}, []engine.Kind{engine.KindWatchResp}},
	{[]string{"list", "page", "continue", "request", "poll", "get"}, []engine.Kind{engine.KindReq, engine.KindResp}},
	{[]string{"bookmark"}, []engine.Kind{engine.KindBookmark}},
	{[]string{"reflector", "informer", "relist", "resume"}, []engine.Kind{engine.KindReflector}},
	{[]string{"cache", "ready"}, []engine.Kind{engine.KindCacheReady, engine.KindCachePending}},
}

// DefaultKeys picks key events for a step without a motion block: the
// first DefaultKeysN events of each kind its narration talks about, at
// most a handful in all; if it names none that happened, the step's
// first few events.
func DefaultKeys(narration string, evs []engine.TraceEvent) []bool {
	keys := make([]bool, len(evs))
	text := strings.ToLower(narration)
	picked := 0
	for _, nk := range narratedKinds {
		if !mentions(text, nk.words) {
			continue
		}
		for _, kind := range nk.kinds {
			taken := 0
			for i, ev := range evs {
				if picked == defaultKeysMax || taken == DefaultKeysN {
					break
				}
				if ev.Kind == kind && !keys[i] {
					keys[i], taken, picked = true, taken+1, picked+1
				}
			}
		}
	}
	for i, ev := range evs {
		if picked > 0 || countKeys(keys) == 3 {
			break
		}
		keys[i] = ev.Kind != engine.KindCmd
	}
	return keys
}

func mentions(text string, words []string) bool {
	for _, w := range words {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

func countKeys(keys []bool) int {
	n := 0
	for _, k := range keys {
		if k {
			n++
		}
	}
	return n
}
