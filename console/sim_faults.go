package console

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"watchscope/apiserver"
	"watchscope/engine"
)

// The simulator's fault and knob verbs. Each is one engine method; each
// lands in the trace as a FAULT so "why?" chains can start there.

func init() {
	registerSim(map[string]simVerb{
		"disconnect":    (*Shell).simDisconnect,
		"partition":     (*Shell).simPartition,
		"heal":          (*Shell).simHeal,
		"restart":       (*Shell).simRestart,
		"kill":          (*Shell).simKill,
		"compact-now":   (*Shell).simCompactNow,
		"compactor":     (*Shell).simCompactor,
		"slow-consumer": (*Shell).simSlowConsumer,
		"slow-handler":  (*Shell).simSlowHandler,
		"set":           (*Shell).simSet,
	})
}

func (sh *Shell) simHeal(args []string) (string, error) {
	if len(args) != 0 {
		return "", errors.New("usage: sim heal")
	}
	sh.w.Heal()
	return "every network fault healed\n", nil
}

func (sh *Shell) simDisconnect(args []string) (string, error) {
	if len(args) != 2 {
		return "", errors.New("usage: sim disconnect NODE DURATION (e.g. kubelet-7 30s)")
	}
	d, err := parseDuration(args[1])
	if err != nil {
		return "", err
	}
	if err := sh.w.Disconnect(args[0], d); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s disconnected for %s\n", args[0], d), nil
}

func (sh *Shell) simPartition(args []string) (string, error) {
	if len(args) != 3 {
		return "", errors.New("usage: sim partition NODE,NODE... NODE,NODE... DURATION")
	}
	d, err := parseDuration(args[2])
	if err != nil {
		return "", err
	}
	a, b := strings.Split(args[0], ","), strings.Split(args[1], ",")
	if err := sh.w.Partition(a, b, d); err != nil {
		return "", err
	}
	return fmt.Sprintf("partitioned %s from %s for %s\n", args[0], args[1], d), nil
}

func (sh *Shell) simRestart(args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("usage: sim restart apiserver-N")
	}
	if err := sh.w.RestartAPIServer(args[0]); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s restarted\n", args[0]), nil
}

func (sh *Shell) simKill(args []string) (string, error) {
	if len(args) < 1 || len(args) > 2 {
		return "", errors.New("usage: sim kill apiserver-N [RESTART_AFTER] (the kubelet restarts it after RESTART_AFTER, default 10s)")
	}
	after := 10 * time.Second
	if len(args) == 2 {
		d, err := parseDuration(args[1])
		if err != nil {
			return "", err
		}
		after = d
	}
	if err := sh.w.KillAPIServer(args[0], "killed", after); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s killed; the kubelet restarts it in %s\n", args[0], after), nil
}

// simCompactor runs an API server replica's compactor round now, as its
// 5-minute timer would: the first round only records compact_rev_key, each
// later one compacts etcd to the revision the previous round saw.
//
//	sim compactor REPLICA
func (sh *Shell) simCompactor(args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("usage: sim compactor REPLICA (e.g. apiserver-0)")
	}
	lines, err := sh.w.RunCompactor(args[0])
	if err != nil {
		return "", err
	}
	return strings.Join(lines, "\n") + "\n", nil
}

func (sh *Shell) simCompactNow(args []string) (string, error) {
	if len(args) != 0 {
		return "", errors.New("usage: sim compact-now")
	}
	rev := sh.etcd().Rev()
	if err := sh.w.CompactNow(); err != nil {
		return "", err
	}
	sh.record(engine.KindCompact, fmt.Sprintf("rev=%d", rev), rev) // as etcdctl compaction does: the timeline marks it
	return fmt.Sprintf("etcd compacted at revision %d\n", rev), nil
}

func (sh *Shell) simSlowConsumer(args []string) (string, error) {
	if len(args) != 2 {
		return "", errors.New("usage: sim slow-consumer CLIENT EVENTS_PER_SECOND (0 restores full speed)")
	}
	rate, err := strconv.ParseFloat(args[1], 64)
	if err != nil || rate < 0 || rate > 1e6 {
		return "", fmt.Errorf("invalid rate %q: a number of events per second from 0 to 1000000", args[1])
	}
	if err := sh.w.SlowConsumer(args[0], rate); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s now reads %g events/s per watch\n", args[0], rate), nil
}

func (sh *Shell) simSlowHandler(args []string) (string, error) {
	if len(args) != 3 {
		return "", errors.New("usage: sim slow-handler CLIENT RESOURCE COST_PER_EVENT (e.g. controller-0 pods 50ms)")
	}
	d, err := parseDuration(args[2])
	if err != nil {
		return "", err
	}
	if err := sh.w.SlowHandler(args[0], args[1], d); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s's %s handlers now take %s per event\n", args[0], args[1], d), nil
}

var simSetKnobs = []string{"watch-cache-sizes", "legacy-fixed-watch-cache-sizes", "memory-limit",
	"priority-and-fairness", "consistent-reads", "streaming-list-encoding", "watch-list", "etcd-compaction-interval",
	"client-bookmarks", "client-backoff"}

// simSet changes an API server flag on every replica. As on a real
// control plane, a flag change means a restart with the new manifest.
func (sh *Shell) simSet(args []string) (string, error) {
	if len(args) != 2 {
		return "", fmt.Errorf("usage: sim set KNOB VALUE (knobs: %s)", strings.Join(simSetKnobs, ", "))
	}
	if len(sh.w.APIServers) == 0 {
		return "", errNoAPIServer
	}
	if strings.HasPrefix(args[0], "client-") {
		return sh.simSetClients(args[0], args[1])
	}
	change, err := knobChange(args[0], args[1])
	if err != nil {
		return "", err
	}
	if err := sh.w.ReconfigureAPIServers(args[0]+"="+args[1], change); err != nil {
		return "", err
	}
	what := fmt.Sprintf("--%s=%s", args[0], args[1])
	if args[0] == "memory-limit" {
		what = "container memory limit " + args[1]
	}
	return fmt.Sprintf("%s set; %d API server replica(s) restarted with it\n", what, len(sh.w.APIServers)), nil
}

func knobChange(knob, value string) (func(*apiserver.Config), error) {
	boolean := func(set func(*apiserver.Config, bool)) (func(*apiserver.Config), error) {
		b, err := strconv.ParseBool(value)
		if err != nil {
			return nil, fmt.Errorf("sim set %s: %q is not true or false", knob, value)
		}
		return func(c *apiserver.Config) { set(c, b) }, nil
	}
	switch knob {
	case "watch-cache-sizes":
		return func(c *apiserver.Config) { c.WatchCacheSizes = value }, nil
	case "legacy-fixed-watch-cache-sizes":
		return boolean(func(c *apiserver.Config, b bool) { c.LegacyFixedWatchCacheSizes = b })
	case "priority-and-fairness":
		return boolean(func(c *apiserver.Config, b bool) { c.DisableAPF = !b })
	case "consistent-reads":
		return boolean(func(c *apiserver.Config, b bool) { c.DisableConsistentReads = !b })
	case "streaming-list-encoding":
		// StreamingCollectionEncodingToJSON/ToProtobuf (GA, locked on in
		// 1.34+); false models the servers before 1.34.
		return boolean(func(c *apiserver.Config, b bool) { c.Memory.BufferedListEncoding = !b })
	case "watch-list":
		return boolean(func(c *apiserver.Config, b bool) { c.DisableWatchList = !b })
	case "memory-limit":
		n, err := parseQuantity(value)
		if err != nil {
			return nil, err
		}
		return func(c *apiserver.Config) { c.Memory.Limit = n }, nil
	case "etcd-compaction-interval":
		d, err := parseDuration(value)
		if err != nil {
			return nil, err
		}
		if d == 0 {
			d = -1 // 0 disables the compactor, as the flag does
		}
		return func(c *apiserver.Config) { c.CompactionInterval = d }, nil
	}
	if s := suggest(knob, simSetKnobs); s != "" {
		return nil, fmt.Errorf("unknown knob %q (did you mean %q?)", knob, s)
	}
	return nil, fmt.Errorf("unknown knob %q (knobs: %s)", knob, strings.Join(simSetKnobs, ", "))
}

// parseQuantity reads a Kubernetes memory quantity: 512Mi, 2Gi, 1500M, or
// plain bytes. It rejects values below 64Mi or above 1Ti as absurd.
func parseQuantity(s string) (int64, error) {
	units := []struct {
		suffix string
		mult   int64
	}{{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}, {"Ti", 1 << 40}, {"k", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}}
	num, mult := s, int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			num, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, fmt.Errorf("invalid memory quantity %q (use forms like 512Mi, 2Gi)", s)
	}
	n := int64(f * float64(mult))
	if n < 64<<20 || n > 1<<40 {
		return 0, fmt.Errorf("memory limit %q out of range: choose 64Mi to 1Ti", s)
	}
	return n, nil
}
