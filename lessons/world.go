package lessons

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"watchscope/engine"
	"watchscope/informer"
)

// The `world:` header field shapes the simulated cluster a lesson runs
// on, with comma-separated settings:
//
//	world: apiservers=1, nodes=50, pods-per-node=30, kubectl-watchers=2
//
// Without it a lesson runs on etcd alone (lessons 1-3). Everything here is
// a property of the simulation, not a real flag; real flags go in `flags:`.
type worldSetting struct {
	name string
	help string
	set  func(c *engine.Config, v string) error
}

var worldSettings = []worldSetting{
	{"apiservers", "kube-apiserver replicas (0-16)", intIn(0, 16, func(c *engine.Config, n int) { c.APIServers.Replicas = n })},
	{"nodes", "nodes, each with a kubelet and a lease (0-20000)", intIn(0, 20000, func(c *engine.Config, n int) { c.Cluster.Nodes = n })},
	{"pods-per-node", "pods per node (0-500, default 30)", intIn(0, 500, func(c *engine.Config, n int) { c.Cluster.PodsPerNode = n })},
	{"namespaces", "namespaces (default nodes/50)", intIn(1, 20000, func(c *engine.Config, n int) { c.Cluster.Namespaces = n })},
	{"secrets-per-namespace", "secrets per namespace (default 10)", intIn(0, 100000, func(c *engine.Config, n int) { c.Cluster.SecretsPerNamespace = n })},
	{"kubectl-watchers", "users running kubectl get pods -A -w", intIn(0, 1000, func(c *engine.Config, n int) { c.Cluster.KubectlWatchers = n })},
	{"pollers", "controllers LISTing configmaps every poll period", intIn(0, 10000, func(c *engine.Config, n int) { c.Cluster.Pollers = n })},
	{"bad-controller", "the seeds' controller: an unpaginated LIST of all secrets per reconcile", boolean(func(c *engine.Config, b bool) { c.Cluster.BadController = b })},
	{"no-controllers", "leave out the controller manager", boolean(func(c *engine.Config, b bool) { c.Cluster.NoControllers = b })},
	{"client-watch-list", "informers stream their lists (client-go 1.35+ default)", boolean(func(c *engine.Config, b bool) { c.Cluster.DisableWatchList = !b })},
	{"lease-interval", "node lease renewal period (default 10s; 0 turns renewals off)", durationOf(func(c *engine.Config, d time.Duration) {
		if d == 0 {
			d = -1
		}
		c.Cluster.LeaseInterval = d
	})},
	{"poll-period", "how often pollers LIST (default 1s)", durationOf(func(c *engine.Config, d time.Duration) { c.Cluster.PollPeriod = d })},
	{"bad-reconcile", "the bad controller's reconcile period (default 10s)", durationOf(func(c *engine.Config, d time.Duration) { c.Cluster.BadReconcile = d })},
	{"pod-churn", "pod replacements per second (default nodes/30; 0 turns churn off)", floatOf(func(c *engine.Config, f float64) {
		if f == 0 {
			f = -1
		}
		c.Cluster.PodChurn = f
	})},
	{"handler-cost", "virtual time each informer handler takes per event", durationOf(func(c *engine.Config, d time.Duration) { c.Cluster.HandlerCost = d })},
	{"memory-limit", "kube-apiserver container memory limit (e.g. 4Gi)", quantityOf(func(c *engine.Config, n int64) { c.APIServers.Server.Memory.Limit = n })},
	{"client-backoff", "client-go reflectors' initial backoff (default 800ms, doubling to 30s; 0s: none)", durationOf(func(c *engine.Config, d time.Duration) {
		b := clientBackoff(c)
		b.Duration = d
		if d == 0 {
			b.Factor, b.Steps = 0, 0
		}
	})},
	{"client-jitter", "client-go reflectors' backoff jitter factor (default 1.0; 0: none)", floatOf(func(c *engine.Config, f float64) { clientBackoff(c).Jitter = f })},
	{"consistent-reads", "RV=\"\" LISTs served from the cache (1.31+ default); false: quorum reads from etcd, as before 1.31", boolean(func(c *engine.Config, b bool) { c.APIServers.Server.DisableConsistentReads = !b })},
	{"streaming-list-encoding", "LIST responses encoded item by item (1.34+, locked on); false: each response serialized whole first, as before 1.34", boolean(func(c *engine.Config, b bool) { c.APIServers.Server.Memory.BufferedListEncoding = !b })},
	{"size-based-list-cost", "APF charges a LIST by the bytes it holds (SizeBasedListCostEstimate, 1.34+ default); false: one seat per 100 objects, at most 10, as before 1.34", boolean(func(c *engine.Config, b bool) { c.APIServers.Server.DisableSizeBasedListCost = !b })},
	{"priority-and-fairness", "API Priority and Fairness (default on); false: the max-in-flight filter (--enable-priority-and-fairness=false)", boolean(func(c *engine.Config, b bool) { c.APIServers.Server.DisableAPF = !b })},
	{"server-watch-list", "the API server's WatchList gate (on in 1.34-1.36); false: sendInitialEvents refused, every watch charged one seat", boolean(func(c *engine.Config, b bool) { c.APIServers.Server.DisableWatchList = !b })},
	{"trigger-index", "the pods cache indexes its watchers by spec.nodeName (default); false: a what-if, every kubelet's watch offered every pod event", boolean(func(c *engine.Config, b bool) { c.APIServers.Server.DisableTriggerIndex = !b })},
	{"legacy-fixed-watch-cache-sizes", "pre-1.19 API servers: a --watch-cache-sizes entry fixes that ring's capacity", boolean(func(c *engine.Config, b bool) { c.APIServers.Server.LegacyFixedWatchCacheSizes = b })},
}

func worldSettingNames() []string {
	names := make([]string, len(worldSettings))
	for i, s := range worldSettings {
		names[i] = s.name
	}
	return names
}

// parseWorld reads the `world:` value into settings applied by WorldConfig.
func parseWorld(value string, n int, ps *problems) []Flag {
	var out []Flag
	for _, item := range splitList(value) {
		name, v, has := strings.Cut(item, "=")
		name, v = strings.TrimSpace(name), strings.TrimSpace(v)
		s, ok := findWorldSetting(name)
		if !ok {
			ps.add(n, "unknown world setting %q%s", name, didYouMean(name, worldSettingNames()))
			continue
		}
		if !has {
			v = "true"
		}
		var probe engine.Config
		if err := s.set(&probe, v); err != nil {
			ps.add(n, "world setting %s=%s: %v", name, v, err)
			continue
		}
		out = append(out, Flag{Line: n, Name: name, Value: v, HasValue: true})
	}
	return out
}

func findWorldSetting(name string) (worldSetting, bool) {
	for _, s := range worldSettings {
		if s.name == name {
			return s, true
		}
	}
	return worldSetting{}, false
}

func intIn(lo, hi int, set func(*engine.Config, int)) func(*engine.Config, string) error {
	return func(c *engine.Config, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("want a whole number from %d to %d", lo, hi)
		}
		set(c, n)
		return nil
	}
}

func boolean(set func(*engine.Config, bool)) func(*engine.Config, string) error {
	return func(c *engine.Config, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("want true or false")
		}
		set(c, b)
		return nil
	}
}

func durationOf(set func(*engine.Config, time.Duration)) func(*engine.Config, string) error {
	return func(c *engine.Config, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > 24*time.Hour {
			return fmt.Errorf("want a duration from 0s to 24h")
		}
		set(c, d)
		return nil
	}
}

func floatOf(set func(*engine.Config, float64)) func(*engine.Config, string) error {
	return func(c *engine.Config, v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 || f > 100000 {
			return fmt.Errorf("want a number from 0 to 100000")
		}
		set(c, f)
		return nil
	}
}

func quantityOf(set func(*engine.Config, int64)) func(*engine.Config, string) error {
	return func(c *engine.Config, v string) error {
		mult := int64(1)
		num := v
		for _, u := range []struct {
			s string
			m int64
		}{{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}} {
			if strings.HasSuffix(v, u.s) {
				num, mult = strings.TrimSuffix(v, u.s), u.m
			}
		}
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || f*float64(mult) < 64<<20 || f*float64(mult) > 1<<40 {
			return fmt.Errorf("want a memory quantity from 64Mi to 1024Gi")
		}
		set(c, int64(f*float64(mult)))
		return nil
	}
}

// clientBackoff is the world's reflector backoff, created from client-go's
// defaults the first time a setting changes it.
func clientBackoff(c *engine.Config) *informer.Backoff {
	if c.ClientBackoff == nil {
		b := informer.DefaultReflectorBackoff()
		c.ClientBackoff = &b
	}
	return c.ClientBackoff
}
