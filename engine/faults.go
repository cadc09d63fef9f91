package engine

import (
	"errors"

	"slices"
	"strings"
	"time"
)

// ErrBadPartition: a partition needs two non-empty, disjoint groups.
var ErrBadPartition = errors.New("engine: a partition needs two non-empty, disjoint groups")

// fault is one active network fault. A disconnect has only side A.
//
//	disconnect kubelet-7 for 30s:   A={kubelet-7}        until=now+30s
//	partition {etcd-0} | {apiserver-0, apiserver-1}:     A, B, until=0 (Heal)
type fault struct {
	id    uint64
	a, b  []string // sorted; b is nil for a disconnect
	until time.Duration
	timer Handle // the automatic heal, if any
}

// String is "disconnect kubelet-7" or "partition etcd-0 | apiserver-0,apiserver-1",
// with " until 31.000s" when it heals by itself.
func (f *fault) String() string {
	s := "disconnect " + strings.Join(f.a, ",")
	if f.b != nil {
		s = "partition " + strings.Join(f.a, ",") + " | " + strings.Join(f.b, ",")
	}
	if f.until > 0 {
		s += " until " + FormatTime(f.until)
	}
	return s
}

// Disconnect cuts node off the network: its connections close (OnClose
// gets ErrConnReset); its own dials fail with ErrNetworkUnreachable and
// dials to it with ErrConnTimedOut (its SYN-ACKs never come back). After d it heals by itself; d <= 0 lasts until
// Heal. The fault is recorded in the trace as DISCONNECT.
func (n *Network) Disconnect(node string, d time.Duration) error {
	if err := n.check(node); err != nil {
		return err
	}
	n.begin(&fault{a: []string{node}}, d, KindDisconnect)
	return nil
}

// Partition splits the network: nodes in a cannot reach nodes in b (each
// group still reaches itself and everyone else). Connections across it
// close and dials across it fail with ErrConnTimedOut. After d it heals
// by itself; d <= 0 lasts until Heal.
func (n *Network) Partition(a, b []string, d time.Duration) error {
	if err := n.check(slices.Concat(a, b)...); err != nil {
		return err
	}
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	if len(a) == 0 || len(b) == 0 || slices.ContainsFunc(a, func(x string) bool {
		return slices.Contains(b, x)
	}) {
		return ErrBadPartition
	}
	n.begin(&fault{a: a, b: b}, d, KindPartition)
	return nil
}

// begin activates f, records it, breaks the connections it cuts and
// schedules its end.
func (n *Network) begin(f *fault, d time.Duration, kind Kind) {
	w := n.w
	n.lastID++
	f.id = n.lastID
	if d > 0 {
		f.until = w.now + d
	}
	n.faults = append(n.faults, f)
	id := w.Record("net", kind, f.String())
	for _, c := range slices.Clone(n.open) {
		if f.cuts(c.local, c.remote) {
			c.closeWith(ErrConnReset, id)
		}
	}
	if d > 0 {
		f.timer = w.Schedule(f.until, id, func() { n.end(f.id) })
	}
}

// end heals one fault if it is still active.
func (n *Network) end(id uint64) {
	i := slices.IndexFunc(n.faults, func(f *fault) bool { return f.id == id })
	if i < 0 {
		return
	}
	f := n.faults[i]
	f.timer.Cancel()
	n.faults = slices.Delete(n.faults, i, i+1)
	n.w.Record("net", KindHeal, f.String())
}

// Heal ends every active fault now, oldest first.
func (n *Network) Heal() {
	for len(n.faults) > 0 {
		n.end(n.faults[0].id)
	}
}

// Faults describes the active faults, oldest first.
func (n *Network) Faults() []string {
	out := make([]string, len(n.faults))
	for i, f := range n.faults {
		out[i] = f.String()
	}
	return out
}

// Reachable reports whether a message could go from a to b right now.
func (n *Network) Reachable(a, b string) bool { return n.reach(a, b) == nil }

func (n *Network) reach(a, b string) error {
	for _, f := range n.faults {
		if f.cuts(a, b) {
			if f.b == nil && slices.Contains(f.a, a) {
				return ErrNetworkUnreachable
			}
			return ErrConnTimedOut
		}
	}
	return nil
}

// cuts reports whether the fault separates x from y.
func (f *fault) cuts(x, y string) bool {
	if f.b == nil {
		return slices.Contains(f.a, x) || slices.Contains(f.a, y)
	}
	inA := func(s string) bool { return slices.Contains(f.a, s) }
	inB := func(s string) bool { return slices.Contains(f.b, s) }
	return (inA(x) && inB(y)) || (inB(x) && inA(y))
}
