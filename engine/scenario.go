package engine

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// Scenario names, in the order the CLI lists them.
var ScenarioNames = []string{"steady", "restart-storm", "the-incident", "chaos"}

// ErrUnknownScenario names a scenario that does not exist.
var ErrUnknownScenario = errors.New("engine: unknown scenario")

// Scenario is a cluster plus a fault schedule:
//
//	steady         N nodes, leases, pod churn, controllers, kubectl; no faults
//	restart-storm  one API server, restarted at a third of the run: every
//	               watch breaks, 429 while the caches re-list, then 410s
//	               and a relist storm spread by backoff and APF
//	the-incident   the seeds' night: three replicas with a memory limit,
//	               tens of thousands of secrets and, from a quarter of the
//	               run, a controller LISTing all of them unpaginated on
//	               every reconcile - OOM kills, restarts, relists
//	chaos          random faults from the seed (disconnects, partitions,
//	               restarts, compactions, slow consumers, slow handlers)
type Scenario struct {
	Name     string
	Nodes    int
	Duration time.Duration
	Seed     uint64
	// CheckStreams runs the StreamChecker on every client watch.
	CheckStreams bool
	// Tune, if set, adjusts the generated configuration (tests use it for
	// tiny clusters).
	Tune func(*Config)
}

// Limits on what a scenario run accepts.
const (
	MaxScenarioNodes    = 20000
	MaxScenarioDuration = 24 * time.Hour
)

// Validate rejects unknown names and absurd sizes.
func (s Scenario) Validate() error {
	switch {
	case !slices.Contains(ScenarioNames, s.Name):
		return fmt.Errorf("%w %q (have %v)", ErrUnknownScenario, s.Name, ScenarioNames)
	case s.Nodes < 1 || s.Nodes > MaxScenarioNodes:
		return fmt.Errorf("engine: nodes must be in 1..%d, got %d", MaxScenarioNodes, s.Nodes)
	case s.Duration < time.Second || s.Duration > MaxScenarioDuration:
		return fmt.Errorf("engine: duration must be in 1s..%v, got %v", MaxScenarioDuration, s.Duration)
	}
	return nil
}

// Config is the world configuration of the scenario.
func (s Scenario) Config() Config {
	cl := ClusterConfig{Nodes: s.Nodes, KubectlWatchers: 1, KubectlGetPeriod: 30 * time.Second, Pollers: 2}
	api := APIServersConfig{Replicas: 1}
	switch s.Name {
	case "chaos":
		api.Replicas = 2
	case "the-incident":
		api.Replicas = 3
		cl.Namespaces = max(1, s.Nodes/5)
		cl.SecretsPerNamespace = 40
		cl.SecretBytes = 16 << 10
		cl.BadController = true
		cl.BadStartAt = s.Duration / 4
		api.Server.Memory.Limit = incidentMemoryLimit(cl)
	}
	cfg := Config{Seed: s.Seed, APIServers: api, Cluster: cl, TraceWindow: 20000}
	if s.Tune != nil {
		s.Tune(&cfg)
	}
	return cfg
}

// incidentMemoryLimit gives each replica room for its caches plus one
// in-flight copy of every secret: the second concurrent unpaginated LIST
// (or one on top of a relist storm) is the one that kills it.
func incidentMemoryLimit(cl ClusterConfig) int64 {
	cl, _ = cl.withDefaults()
	// apiserver.MemoryModel's defaults: 256 MiB base, 1 KiB per cached
	// object plus three times its size.
	const base, overhead, factor = 256 << 20, 1024, 3
	pods := int64(cl.Nodes * cl.PodsPerNode)
	secrets := int64(cl.Namespaces * cl.SecretsPerNamespace)
	objects := func(n int64, size int32) int64 {
		return n*overhead + n*int64(size)*factor
	}
	caches := objects(pods, cl.PodBytes) + objects(secrets, cl.SecretBytes) + objects(int64(cl.Nodes), 4096+cl.LeaseBytes)
	return base + caches + secrets*int64(cl.SecretBytes)*3/2
}
