package engine

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

var soak = flag.Bool("soak", false, "run the long chaos soak (10,000 schedules)")

// chaosSchedules is how many seeded fault schedules TestChaos runs:
// 500 by default, 10,000 with -soak or WATCHSCOPE_SOAK=1, 20 with -short,
// or WATCHSCOPE_CHAOS_RUNS.
func chaosSchedules(t *testing.T) int {
	if n, err := strconv.Atoi(os.Getenv("WATCHSCOPE_CHAOS_RUNS")); err == nil && n > 0 {
		return n
	}
	switch {
	case *soak || os.Getenv("WATCHSCOPE_SOAK") == "1":
		return 10000
	case testing.Short():
		return 20
	}
	return 500
}

// tinyChaos is a chaos run small enough to do hundreds of: 3 nodes of 4
// pods, two replicas, 30s of faults.
func tinyChaos(seed uint64) Scenario {
	return Scenario{Name: "chaos", Nodes: 3, Duration: 30 * time.Second, Seed: seed, CheckStreams: true,
		Tune: func(c *Config) {
			c.Cluster.PodsPerNode = 4
			c.Cluster.SecretsPerNamespace = 2
			c.Cluster.PodChurn = 2
			c.Cluster.KubectlGetPeriod = 0
			c.Cluster.Pollers = 0
			c.Cluster.StartSpread = time.Second
			c.TraceWindow = 20000
		}}
}

// TestChaos runs many seeded fault schedules and asserts, for each, that
// nothing panics, that every watch stream is ordered, complete and
// continuous (StreamChecker), and that every informer converges on etcd.
func TestChaos(t *testing.T) {
	n := chaosSchedules(t)
	faults, relists := 0, 0.0
	for seed := range uint64(n) {
		res := runChaosSeed(t, seed)
		faults += res.Faults
		relists += res.Metrics["reflector_relists_total"]
		if t.Failed() {
			return
		}
	}
	t.Logf("%d schedules, %d faults, %.0f relists", n, faults, relists)
	if faults < n {
		t.Fatalf("only %d faults in %d schedules: the schedules are not exercising anything", faults, n)
	}
}

func runChaosSeed(t *testing.T, seed uint64) (res SimResult) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("seed %d panicked: %v", seed, p)
		}
	}()
	res, _, err := RunScenario(tinyChaos(seed))
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	if !res.Converged {
		t.Errorf("seed %d did not converge: %d differences: %v", seed, res.TotalDiffs, res.Differences)
	}
	if len(res.StreamViolations) > 0 {
		t.Errorf("seed %d: stream violations: %v", seed, res.StreamViolations)
	}
	if res.StreamsChecked == 0 {
		t.Errorf("seed %d: no stream was checked", seed)
	}
	return res
}

func TestChaosOneSeedDeterministic(t *testing.T) {
	a, _, _ := RunScenario(tinyChaos(42))
	b, _, _ := RunScenario(tinyChaos(42))
	if a.TraceHash != b.TraceHash || fmt.Sprint(a.Metrics) != fmt.Sprint(b.Metrics) {
		t.Fatalf("same seed, different runs: %s vs %s", a.TraceHash, b.TraceHash)
	}
}
