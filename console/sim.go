package console

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// simVerb is one simulator verb: `sim NAME ARGS...`. Verbs live in a
// registry so that each family (time, faults, knobs, clients, load) sits
// in its own file and registers itself in init.
type simVerb func(sh *Shell, args []string) (string, error)

var simVerbs = map[string]simVerb{}

// registerSim adds verbs; a name registered twice is a programming error.
func registerSim(verbs map[string]simVerb) {
	for name, v := range verbs {
		if _, dup := simVerbs[name]; dup {
			panic("console: sim verb registered twice: " + name)
		}
		simVerbs[name] = v
	}
}

func simVerbNames() []string {
	return slices.Sorted(maps.Keys(simVerbs))
}

func init() {
	registerSim(map[string]simVerb{
		"advance": (*Shell).simAdvance,
		"time":    (*Shell).simTime,
	})
}

// sim runs the simulator's own verbs: things no real tool can do, such as
// letting time pass or cutting a node off the network.
func (sh *Shell) sim(words []string) (string, error) {
	if len(words) == 0 {
		return "", fmt.Errorf("sim needs a verb: %s", strings.Join(simVerbNames(), ", "))
	}
	v, ok := simVerbs[words[0]]
	if !ok {
		return "", unknownCommand(words[0], "sim", simVerbNames())
	}
	return v(sh, words[1:])
}

func (sh *Shell) simAdvance(args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("usage: sim advance DURATION (e.g. 5s)")
	}
	d, err := parseDuration(args[0])
	if err != nil {
		return "", err
	}
	sh.w.RunFor(d)
	return "", nil
}

func (sh *Shell) simTime(args []string) (string, error) {
	if len(args) != 0 {
		return "", errors.New("usage: sim time")
	}
	return fmt.Sprintf("time=%s revision=%d compact_revision=%d\n",
		sh.w.Now(), sh.etcd().Rev(), sh.etcd().Metrics().CompactRevision), nil
}
