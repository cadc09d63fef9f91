//go:build !js

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"watchscope/engine"
)

// runSim is "watchscope sim": run one scenario headless and print its
// metrics summary and whether every informer converged on etcd.
//
//	watchscope sim --scenario restart-storm --nodes 500 --duration 5m --seed 7 [--json]
//
// The wall-clock numbers (sim seconds per wall second, Go heap) are
// measured here, outside the deterministic engine.
func runSim(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	name := fs.String("scenario", "steady", "steady | restart-storm | the-incident | chaos")
	nodes := fs.Int("nodes", 100, "cluster nodes (kubelets), 1..20000")
	dur := fs.Duration("duration", 2*time.Minute, "simulated time before the faults stop, 1s..24h")
	seed := fs.Uint64("seed", 1, "seed of the world's random source")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("sim: %v", err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("sim: unexpected argument %q", fs.Arg(0))
	}
	s := engine.Scenario{Name: *name, Nodes: *nodes, Duration: *dur, Seed: *seed}
	if err := s.Validate(); err != nil {
		return fmt.Errorf("sim: %v", err)
	}
	start := time.Now()
	res, _, err := engine.RunScenario(s)
	if err != nil {
		return fmt.Errorf("sim: %v", err)
	}
	wall := time.Since(start).Seconds()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	report := simReport{SimResult: res, WallSeconds: wall, SimPerWall: res.SimSeconds / max(wall, 1e-9),
		HeapInUseBytes: ms.HeapInuse}
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(report)
	}
	fmt.Fprint(out, res.String())
	fmt.Fprintf(out, "wall %.1fs, %.1f simulated seconds per wall second, Go heap in use %d MiB\n",
		wall, report.SimPerWall, ms.HeapInuse>>20)
	if !res.Converged {
		return errNotConverged
	}
	return nil
}

var errNotConverged = errors.New("sim: informers did not converge")

// simReport is the JSON form: the engine's result plus wall-clock numbers.
type simReport struct {
	engine.SimResult
	WallSeconds    float64 `json:"wall_seconds"`
	SimPerWall     float64 `json:"sim_seconds_per_wall_second"`
	HeapInUseBytes uint64  `json:"go_heap_inuse_bytes"`
}
