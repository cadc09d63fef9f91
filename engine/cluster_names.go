package engine

import (
	"fmt"
	"strconv"
)

// clusterNames keeps the generated names the cluster's writers use again
// and again, each made on first use: every lease renewal names its node,
// every replaced pod its node, namespace and app label. A 5,000-node
// cluster writes about a thousand objects a second, and formatting these
// names was a third of the allocations of building them.
//
//	nodes:      ["node-0", "", "node-2", ...]   ("" not made yet)
//	namespaces: ["ns-0", ...]
//	apps:       ["app-0", ... "app-96"]
type clusterNames struct {
	nodes, namespaces, apps []string
}

// podApps is how many app labels pods spread over (slot % podApps).
const podApps = 97

func newClusterNames(cfg ClusterConfig) clusterNames {
	return clusterNames{nodes: make([]string, cfg.Nodes), namespaces: make([]string, cfg.Namespaces),
		apps: make([]string, podApps)}
}

// cached returns names[i], making it with format the first time.
func cached(names []string, i int, format func(int) string) string {
	if names[i] == "" {
		names[i] = format(i)
	}
	return names[i]
}

func (n *clusterNames) node(i int) string      { return cached(n.nodes, i, NodeName) }
func (n *clusterNames) namespace(i int) string { return cached(n.namespaces, i, NamespaceName) }
func (n *clusterNames) app(i int) string {
	return cached(n.apps, i, func(i int) string { return fmt.Sprintf("app-%d", i) })
}

// podName is "pod-<node>-<index on node>-<generation>" of a pod slot.
func (c *Cluster) podName(slot int) string {
	ppn := c.cfg.PodsPerNode
	b := make([]byte, 0, 32)
	b = strconv.AppendInt(append(b, "pod-"...), int64(slot/ppn), 10)
	b = strconv.AppendInt(append(b, '-'), int64(slot%ppn), 10)
	b = strconv.AppendUint(append(b, '-'), uint64(c.gen[slot]), 10)
	return string(b)
}
