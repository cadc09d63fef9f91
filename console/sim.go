package console

import (
	"errors"
	"fmt"
	"strings"
)

var simCommands = []string{"advance", "time", "disconnect", "partition", "heal", "restart", "kill", "compact-now", "slow-consumer", "slow-handler", "set", "informer", "informers"}

// sim runs the simulator's own verbs: things no real tool can do, such as
// letting time pass.
func (sh *Shell) sim(words []string) (string, error) {
	if len(words) == 0 {
		return "", fmt.Errorf("sim needs a verb: %s", strings.Join(simCommands, ", "))
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
	case "disconnect":
		return sh.simDisconnect(words[1:])
	case "partition":
		return sh.simPartition(words[1:])
	case "heal":
		sh.w.Heal()
		return "every network fault healed\n", nil
	case "restart":
		return sh.simRestart(words[1:])
	case "kill":
		return sh.simKill(words[1:])
	case "compact-now":
		return sh.simCompactNow(words[1:])
	case "slow-consumer":
		return sh.simSlowConsumer(words[1:])
	case "slow-handler":
		return sh.simSlowHandler(words[1:])
	case "set":
		return sh.simSet(words[1:])
	case "informer":
		return sh.simInformer(words[1:])
	case "informers":
		return sh.simInformers()
	case "time":
		return fmt.Sprintf("time=%s revision=%d compact_revision=%d\n",
			sh.w.Now(), sh.etcd().Rev(), sh.etcd().Metrics().CompactRevision), nil
	}
	return "", unknownCommand(words[0], "sim", simCommands)
}
