package engine

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"
)

// Network errors. The dial errors carry the text a Go client sees from
// its kernel, so a learner meets the same words as in real logs.
var (
	ErrUnknownNode = errors.New("engine: unknown node")
	// ErrNetworkUnreachable: the dialing node has lost its network
	// (Disconnect).
	ErrNetworkUnreachable = errors.New("connect: network is unreachable")
	// ErrConnTimedOut: a partition separates the two nodes, or the node
	// dialed is disconnected; the handshake never completes.
	ErrConnTimedOut = errors.New("connect: connection timed out")
	// ErrClosed: Send on a connection that has been closed.
	ErrClosed = errors.New("use of closed network connection")
	// ErrConnReset is the reason OnClose callbacks get when a fault
	// (disconnect or partition) broke the connection.
	ErrConnReset = errors.New("read: connection reset by peer")
)

// LinkConfig is the one-way delay of a link: Latency +- Jitter, drawn
// uniformly per message. Jitter never reorders messages on one
// connection (see Conn.Send).
type LinkConfig struct {
	Latency time.Duration
	Jitter  time.Duration
}

// String is "1ms+-500µs".
func (l LinkConfig) String() string { return fmt.Sprintf("%v+-%v", l.Latency, l.Jitter) }

// Network connects named nodes. Messages travel on connections (Conn);
// each delivery is an ordinary scheduled event, so it interleaves with
// everything else in (time, seq) order. Faults (Disconnect, Partition)
// break connections and refuse new dials until healed.
//
//	kubelet-1 ──conn#4──▶ apiserver-0 ──conn#1──▶ etcd-0
//	          ◀─────────              ◀─────────
//	          (one FIFO queue per direction, per connection)
type Network struct {
	w        *World
	def      LinkConfig
	nodes    map[string]*netNode
	links    map[[2]string]LinkConfig // key: the two names, sorted
	open     []*Conn                  // open dialer ends, in dial order
	lastConn uint64
	faults   []*fault // active faults, in the order they began
	lastID   uint64
	dropped  *Counter // messages lost because their connection closed
}

// netNode is one node's traffic counters.
type netNode struct {
	sent, recv *Counter
}

func newNetwork(w *World, def LinkConfig) *Network {
	// One series per node: a 5,000-node cluster charts their sum.
	w.Metrics.SampleBySum("node_network_transmit_bytes_total")
	w.Metrics.SampleBySum("node_network_receive_bytes_total")
	return &Network{
		w: w, def: def,
		nodes:   map[string]*netNode{},
		links:   map[[2]string]LinkConfig{},
		dropped: w.Metrics.Counter("watchscope_network_dropped_messages_total"),
	}
}

// AddNode registers a node name (adding it twice is harmless). Its
// traffic is counted as node_network_transmit_bytes_total{node=...} and
// node_network_receive_bytes_total{node=...}.
func (n *Network) AddNode(name string) {
	if _, ok := n.nodes[name]; ok {
		return
	}
	m := n.w.Metrics
	n.nodes[name] = &netNode{
		sent: m.Counter("node_network_transmit_bytes_total", "node", name),
		recv: m.Counter("node_network_receive_bytes_total", "node", name),
	}
}

// Nodes lists node names, sorted.
func (n *Network) Nodes() []string {
	return slices.Sorted(maps.Keys(n.nodes))
}

func linkKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// SetLink sets the delay between a and b (both directions).
func (n *Network) SetLink(a, b string, cfg LinkConfig) error {
	if err := n.check(a, b); err != nil {
		return err
	}
	if cfg.Latency < 0 || cfg.Jitter < 0 {
		return errNegative
	}
	n.links[linkKey(a, b)] = cfg
	return nil
}

// Link returns the delay between a and b: its own or the world default.
func (n *Network) Link(a, b string) LinkConfig {
	if cfg, ok := n.links[linkKey(a, b)]; ok {
		return cfg
	}
	return n.def
}

// BytesSent and BytesReceived are a node's traffic so far.
func (n *Network) BytesSent(node string) int64 {
	if nd, ok := n.nodes[node]; ok {
		return int64(nd.sent.Value())
	}
	return 0
}

// BytesReceived counts bytes delivered to node.
func (n *Network) BytesReceived(node string) int64 {
	if nd, ok := n.nodes[node]; ok {
		return int64(nd.recv.Value())
	}
	return 0
}

// Conns lists the open connections (dialer ends) in dial order.
func (n *Network) Conns() []*Conn { return slices.Clone(n.open) }

func (n *Network) check(names ...string) error {
	for _, name := range names {
		if _, ok := n.nodes[name]; !ok {
			return fmt.Errorf("%w %q", ErrUnknownNode, name)
		}
	}
	return nil
}
