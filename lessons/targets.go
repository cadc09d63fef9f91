package lessons

import (
	"fmt"
	"strings"
)

// Target is something on the stage a step points at: a fixed part such as
// etcd.tape, or a family member named by a parameter after a colon, such
// as etcd.key:/registry/pods/default/a.
type Target struct {
	Line  int
	Name  string // "etcd.key"
	Param string // "/registry/pods/default/a", "" for fixed targets
}

func (t Target) String() string {
	if t.Param != "" {
		return t.Name + ":" + t.Param
	}
	return t.Name
}

// TargetSpec describes one entry of the highlight vocabulary.
type TargetSpec struct {
	Name  string
	Param string // what the parameter names, "" if the target takes none
	Shows string // what the stage draws for it
}

// Targets is the one place the highlight vocabulary is defined. The UI
// maps every entry to a region of the stage; the parser rejects anything
// else. Add a target here first, then teach the UI to draw it.
var Targets = []TargetSpec{
	{"etcd.tape", "", "the revision tape: one cell per etcd revision"},
	{"etcd.revision", "", "etcd's current revision counter"},
	{"etcd.key", "key", "one key's row of generations (values, tombstones)"},
	{"etcd.tombstone", "key", "the tombstone that ended a key's generation"},
	{"etcd.compaction", "", "the compaction line on the tape"},
	{"etcd.watchers", "", "etcd's watchers: synced, unsynced, victims"},
	{"etcd.watch", "watch number", "one etcd watch opened by the console (0, 1, ...)"},
	{"etcd.progress", "", "progress notifications on etcd's watch streams"},
	{"apiserver.ring", "", "the watch cache's ring buffer (start, end, capacity)"},
	{"apiserver.store", "", "the watch cache's current-state store"},
	{"apiserver.broadcaster", "", "the fan-out from the cache to client watchers"},
	{"apiserver.watchers", "", "the API server's client watches"},
	{"apiserver.apf", "", "Priority and Fairness queues and seats"},
	{"apiserver.memory", "", "the API server's memory gauge"},
	{"apiserver.replica", "replica name", "one API server replica"},
	{"client.reflector", "", "the informer's Reflector (LIST+WATCH, last RV)"},
	{"client.fifo", "", "the informer's FIFO queue"},
	{"client.indexer", "", "the informer's local cache (Indexer)"},
	{"client.handlers", "", "the informer's event handlers"},
	{"client", "client name", "one client (informer, kubelet, kubectl)"},
	{"metric", "series", "a live chart of one metric series"},
	{"console", "", "the console pane"},
	{"timeline", "", "the timeline with its markers"},
	{"figure", "figure kind", "the step's figure, drawn large from the world: rv-axis, pages, pipeline, fan-out, file or time"},
}

// targetNames lists every target name, for suggestions.
func targetNames() []string {
	names := make([]string, len(Targets))
	for i, t := range Targets {
		names[i] = t.Name
	}
	return names
}

// parseTarget parses "name" or "name:param" against the vocabulary.
func parseTarget(s string) (Target, error) {
	name, param, hasParam := strings.Cut(s, ":")
	for _, spec := range Targets {
		if spec.Name != name {
			continue
		}
		switch {
		case spec.Param == "" && hasParam:
			return Target{}, fmt.Errorf("highlight %q takes no parameter", name)
		case spec.Param != "" && param == "":
			return Target{}, fmt.Errorf("highlight %q needs a %s: %s:<%s>", name, spec.Param, name, spec.Param)
		case name == "figure" && !contains(FigureKinds, param):
			return Target{}, fmt.Errorf("unknown figure %q%s: one of %s", param, didYouMean(param, FigureKinds), strings.Join(FigureKinds, ", "))
		}
		return Target{Name: name, Param: param}, nil
	}
	return Target{}, fmt.Errorf("unknown highlight %q%s", name, didYouMean(name, targetNames()))
}
