package lessons

import (
	"strings"
	"testing"
)

const worldLesson = `---
id: world-demo
title: A small cluster
minutes: 1
kubernetes: 1.36
etcd: 3.6
world: apiservers=1, nodes=3, pods-per-node=2, pod-churn=0
flags: --watch-cache-sizes=pods#0, --etcd-compaction-interval=0
---

## Pods are there

Three nodes with two pods each exist from the start.

` + "```do\nkubectl get pods -A -o name\n```\n\n```check\ncount \"pod/\" in output 1 == 6\n```\n"

func TestWorldHeader(t *testing.T) {
	l, err := Parse("world.md", []byte(worldLesson))
	if err != nil {
		t.Fatal(err)
	}
	cfg := l.WorldConfig(1)
	if cfg.APIServers.Replicas != 1 || cfg.Cluster.Nodes != 3 || cfg.Cluster.PodsPerNode != 2 || cfg.Cluster.PodChurn != -1 {
		t.Fatalf("world settings not applied: %+v %+v", cfg.APIServers, cfg.Cluster)
	}
	if cfg.APIServers.Server.WatchCacheSizes != "pods#0" || cfg.APIServers.Server.CompactionInterval != -1 {
		t.Fatalf("API server flags not applied: %+v", cfg.APIServers.Server)
	}
	rep, err := Play(l, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if p, f := rep.Counts(); p != 1 || f != 0 {
		t.Fatalf("checks: %d passed, %d failed", p, f)
	}
}

func TestWorldHeaderErrors(t *testing.T) {
	tests := []struct{ world, want string }{
		{"apiserver=1", `world.md:7: unknown world setting "apiserver" (did you mean "apiservers"?)`},
		{"nodes=-3", "world.md:7: world setting nodes=-3: want a whole number from 0 to 20000"},
		{"memory-limit=2", "world.md:7: world setting memory-limit=2: want a memory quantity from 64Mi to 1024Gi"},
	}
	for _, tt := range tests {
		src := strings.Replace(worldLesson, "apiservers=1, nodes=3, pods-per-node=2, pod-churn=0", tt.world, 1)
		_, err := Parse("world.md", []byte(src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("world: %s\n got %v\nwant %s", tt.world, err, tt.want)
		}
	}
}
