package engine

import (
	"fmt"
	"testing"
)

// TestClusterNames checks the cached and appended names against the
// formats they replace.
func TestClusterNames(t *testing.T) {
	cfg, err := ClusterConfig{Nodes: 120, PodsPerNode: 7}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	c := &Cluster{cfg: cfg, gen: make([]uint32, cfg.Nodes*cfg.PodsPerNode), names: newClusterNames(cfg)}
	for slot := range c.gen {
		c.gen[slot] = uint32(slot * 7919 % 5000)
		ppn := cfg.PodsPerNode
		if got, want := c.podName(slot), fmt.Sprintf("pod-%d-%d-%d", slot/ppn, slot%ppn, c.gen[slot]); got != want {
			t.Fatalf("podName(%d) = %q, want %q", slot, got, want)
		}
		p := c.pod(slot)
		if p.Spec.NodeName != fmt.Sprintf("node-%d", slot/ppn) || p.Namespace != fmt.Sprintf("ns-%d", slot%cfg.Namespaces) ||
			p.Labels["app"] != fmt.Sprintf("app-%d", slot%97) {
			t.Fatalf("pod(%d) = %+v", slot, p)
		}
	}
	for range 2 { // made, then cached
		if got := c.names.node(119); got != "node-119" {
			t.Fatalf("node(119) = %q", got)
		}
	}
}
