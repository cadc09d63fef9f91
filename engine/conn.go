package engine

import (
	"fmt"
	"slices"
	"time"
)

// Conn is one end of a connection between two nodes, like a TCP socket.
// Dial returns the dialer's end; Peer is the other one. Messages sent on
// an end arrive at the peer in the order they were sent: each message's
// arrival time is drawn from the link (latency +- jitter) but never
// earlier than the previous message's arrival on the same end.
//
//	send:    m1 @0ms          m2 @0.1ms
//	drawn:   arrives 1.4ms    arrives 0.7ms   <- jitter would reorder
//	FIFO:    arrives 1.4ms    arrives 1.4ms   <- so m2 waits behind m1
//
// A closed connection drops the messages still in flight.
type Conn struct {
	net           *Network
	id            uint64
	local, remote string
	peer          *Conn
	dialer        bool          // this is the end Dial returned
	tail          time.Duration // arrival time of the last message sent here
	closed        *bool         // shared by both ends
	onClose       []func(reason error)
	// from and to are the two nodes' traffic counters (nodes are never
	// removed), so a message does not look them up by name.
	from, to *netNode
	// inHeap: the oldest message sent here that has not arrived is in
	// the Scheduler's heap; waiting holds the ones after it
	// (msg_queue.go).
	inHeap  bool
	waiting msgQueue
}

// Dial opens a connection from one node to another. It fails while either
// node is disconnected or a partition separates them.
func (n *Network) Dial(from, to string) (*Conn, error) {
	if err := n.check(from, to); err != nil {
		return nil, err
	}
	if err := n.reach(from, to); err != nil {
		return nil, fmt.Errorf("dial %s->%s: %w", from, to, err)
	}
	n.lastConn++
	a, b := n.nodes[from], n.nodes[to]
	p := new(connPair)
	c, peer := &p.ends[0], &p.ends[1]
	*c = Conn{net: n, id: n.lastConn, local: from, remote: to, closed: &p.closed, dialer: true, peer: peer, from: a, to: b}
	*peer = Conn{net: n, id: n.lastConn, local: to, remote: from, closed: &p.closed, peer: c, from: b, to: a}
	n.open = append(n.open, c)
	return c, nil
}

// connPair is a connection's two ends and their shared closed flag in
// one allocation: a 5,000-node world keeps 5,000 connections open.
type connPair struct {
	ends   [2]Conn
	closed bool
}

// String is "conn#3 kubelet-1->apiserver-0" (seen from this end).
func (c *Conn) String() string { return fmt.Sprintf("conn#%d %s->%s", c.id, c.local, c.remote) }

// ID numbers connections in dial order; both ends share it.
func (c *Conn) ID() uint64 { return c.id }

// Local is this end's node; Remote the peer's.
func (c *Conn) Local() string { return c.local }

// Remote is the node at the other end.
func (c *Conn) Remote() string { return c.remote }

// Peer is the other end of the connection.
func (c *Conn) Peer() *Conn { return c.peer }

// Closed reports whether the connection has been closed (by either end
// or by a fault).
func (c *Conn) Closed() bool { return *c.closed }

// OnClose registers f to run (as an event, at the time of closing) when
// the connection closes, with the reason: ErrClosed for Close, or
// ErrConnReset for a fault. Both ends' callbacks run.
func (c *Conn) OnClose(f func(reason error)) { c.onClose = append(c.onClose, f) }

// Send transmits a message of size bytes to the peer. deliver runs as an
// event on arrival, with Cause() = cause. Sending on a closed connection
// fails with ErrClosed.
func (c *Conn) Send(size int, cause EventID, deliver func()) error {
	if deliver == nil {
		panic("engine: Send with a nil function")
	}
	return c.send(size, cause, funcTask(deliver))
}

// send is Send with the arrival's work as a task (see task).
func (c *Conn) send(size int, cause EventID, deliver task) error {
	if *c.closed {
		return ErrClosed
	}
	n, w := c.net, c.net.w
	link := n.def
	if len(n.links) > 0 { // the map lookup only when some link was set
		link = n.Link(c.local, c.remote)
	}
	at := max(w.now+Spread(w.rng, link.Latency, link.Jitter), c.tail)
	c.tail = at
	c.from.sent.Add(float64(size))
	w.sched.postMessage(max(at, w.now), cause, c, size, deliver)
	return nil
}

// arrive is a message's arrival (the event Send queued): the bytes count
// as received and deliver runs, unless the connection closed meanwhile.
func (c *Conn) arrive(size int, deliver task) {
	if *c.closed {
		c.net.dropped.Inc()
		return
	}
	c.to.recv.Add(float64(size))
	deliver.run()
}

// Close closes the connection for both ends. Messages in flight are lost.
func (c *Conn) Close() { c.closeWith(ErrClosed, c.net.w.cause) }

// closeWith marks the connection closed and queues both ends' OnClose
// callbacks at the current time: the dialer's first, then the peer's.
func (c *Conn) closeWith(reason error, cause EventID) {
	if *c.closed {
		return
	}
	*c.closed = true
	n := c.net
	dialer := c
	if !c.dialer {
		dialer = c.peer
	}
	n.open = slices.DeleteFunc(n.open, func(o *Conn) bool { return o == dialer })
	for _, end := range []*Conn{dialer, dialer.peer} {
		for _, f := range end.onClose {
			n.w.Schedule(n.w.now, cause, func() { f(reason) })
		}
	}
}
