package console

import (
	"errors"
	"fmt"
)

var simCommands = []string{"advance", "time"}

// sim runs the simulator's own verbs: things no real tool can do, such as
// letting time pass.
func (sh *Shell) sim(words []string) (string, error) {
	if len(words) == 0 {
		return "", errors.New("sim needs a verb: advance DURATION, time")
	}
	switch words[0] {
	case "advance":
		if len(words) != 2 {
			return "", errors.New("usage: sim advance DURATION (e.g. 5s)")
		}
		d, err := parseDuration(words[1])
		if err != nil {
			return "", err
		}
		sh.w.RunFor(d)
		return "", nil
	case "time":
		return fmt.Sprintf("time=%s revision=%d compact_revision=%d\n",
			sh.w.Now(), sh.etcd().Rev(), sh.etcd().Metrics().CompactRevision), nil
	}
	return "", unknownCommand(words[0], "sim", simCommands)
}
