package console

import (
	"errors"
	"fmt"
	"strings"
)

func init() {
	registerSim(map[string]simVerb{
		"memory": (*Shell).simMemory,
	})
}

// simMemory prints a replica's modelled memory (process_resident_memory_bytes)
// in etcdctl's `-w fields` layout, and its peak since the last reset:
//
//	sim memory [REPLICA] [--reset-peak]
//
//	"Replica" : "apiserver-0"
//	"Bytes" : 290455552        now
//	"PeakBytes" : 301989888    the highest since --reset-peak (0 before one)
//	"Limit" : 0                the container's limit (0: none)
//
// --reset-peak starts a new measurement from now: reset, start what you
// want to measure, advance, and read PeakBytes.
func (sh *Shell) simMemory(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{Bools: []string{"reset-peak"}})
	if err != nil {
		return "", err
	}
	if len(p.Args) > 1 {
		return "", errors.New("usage: sim memory [REPLICA] [--reset-peak]")
	}
	srv, err := sh.replica(p.Args)
	if err != nil {
		return "", err
	}
	if p.Bool("reset-peak") {
		srv.ResetPeakMemory()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q : %q\n", "Replica", srv.Name())
	fmt.Fprintf(&b, "%q : %d\n%q : %d\n%q : %d\n", "Bytes", srv.MemoryBytes(), "PeakBytes", srv.PeakMemoryBytes(),
		"Limit", srv.Config().Memory.Limit)
	return b.String(), nil
}
