package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func newNetWorld(t *testing.T, nodes ...string) *World {
	t.Helper()
	w := newTestWorld(t, Config{Seed: 3})
	for _, n := range nodes {
		w.Net.AddNode(n)
	}
	return w
}

// TestLinkFIFOUnderJitter sends many messages on one connection over a
// link whose jitter is larger than the gap between sends: they must still
// arrive in order, and each no earlier than the minimum latency.
func TestLinkFIFOUnderJitter(t *testing.T) {
	w := newNetWorld(t, "a", "b")
	if err := w.Net.SetLink("a", "b", LinkConfig{Latency: ms(10), Jitter: ms(9)}); err != nil {
		t.Fatal(err)
	}
	c, err := w.Net.Dial("a", "b")
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	sent := map[int]time.Duration{}
	waited := 0
	var last time.Duration
	for i := range 200 {
		w.Schedule(time.Duration(i)*ms(0.1), 0, func() {
			sent[i] = w.Now()
			c.Send(100, 0, func() {
				got = append(got, i)
				if w.Now()-sent[i] < ms(1) || w.Now()-sent[i] > ms(19)+ms(0.1)*200 {
					t.Errorf("message %d took %v", i, w.Now()-sent[i])
				}
				if w.Now() == last {
					waited++
				}
				last = w.Now()
			})
		})
	}
	w.RunUntil(time.Second)
	for i, v := range got {
		if v != i {
			t.Fatalf("arrival order %v", got)
		}
	}
	if len(got) != 200 {
		t.Fatalf("%d of 200 delivered", len(got))
	}
	if waited == 0 {
		t.Error("no message ever waited behind an earlier one: jitter too small for the test to bite")
	}
	if w.Net.BytesSent("a") != 20000 || w.Net.BytesReceived("b") != 20000 || w.Net.BytesReceived("a") != 0 {
		t.Errorf("bytes a sent %d, b received %d, a received %d",
			w.Net.BytesSent("a"), w.Net.BytesReceived("b"), w.Net.BytesReceived("a"))
	}
}

func TestLinkDefaultsAndPerLink(t *testing.T) {
	w := newNetWorld(t, "a", "b", "c")
	if got := w.Net.Link("a", "b"); got != (LinkConfig{DefaultLatency, DefaultJitter}) {
		t.Errorf("default link %v", got)
	}
	w.Net.SetLink("c", "a", LinkConfig{Latency: time.Second})
	if got := w.Net.Link("a", "c"); got.Latency != time.Second {
		t.Errorf("per-link config not symmetric: %v", got)
	}
	if err := w.Net.SetLink("a", "zz", LinkConfig{}); !errors.Is(err, ErrUnknownNode) {
		t.Errorf("SetLink to unknown node: %v", err)
	}
	c, _ := w.Net.Dial("a", "c")
	var at time.Duration
	c.Peer().Send(1, 0, func() { at = w.Now() })
	w.RunUntil(5 * time.Second)
	if at != time.Second {
		t.Errorf("reply over a 1s link without jitter arrived at %v", at)
	}
}

// TestFaults walks through disconnect, partition and heal, checking which
// connections close, why, and which dials are refused.
func TestFaults(t *testing.T) {
	type dial struct {
		from, to string
		werr     error
	}
	tests := []struct {
		name       string
		fault      func(n *Network) error
		wclosed    string // which of the connections a-b, b-c, c-d closed
		dials      []dial
		healAfter  time.Duration // 0: heal with Heal()
		wFaultText string
	}{
		{"disconnect b", func(n *Network) error { return n.Disconnect("b", 5*time.Second) },
			"a-b b-c", []dial{{"a", "b", ErrConnTimedOut}, {"b", "d", ErrNetworkUnreachable}, {"a", "c", nil}},
			5 * time.Second, "disconnect b until 6.000s"},
		{"partition a,b | c", func(n *Network) error { return n.Partition([]string{"b", "a"}, []string{"c"}, 0) },
			"b-c", []dial{{"a", "c", ErrConnTimedOut}, {"c", "b", ErrConnTimedOut}, {"a", "b", nil}, {"c", "d", nil}, {"a", "d", nil}},
			0, "partition a,b | c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newNetWorld(t, "a", "b", "c", "d")
			w.RunUntil(time.Second)
			var closed []string
			lost := 0
			for _, p := range [][2]string{{"a", "b"}, {"b", "c"}, {"c", "d"}} {
				c, err := w.Net.Dial(p[0], p[1])
				if err != nil {
					t.Fatal(err)
				}
				name := p[0] + "-" + p[1]
				for _, end := range []*Conn{c, c.Peer()} {
					end.OnClose(func(reason error) {
						if !errors.Is(reason, ErrConnReset) {
							t.Errorf("%s closed with %v", name, reason)
						}
						if end == c {
							closed = append(closed, name)
						}
					})
				}
				c.Send(10, 0, func() { lost-- }) // in flight when the fault hits
				lost++
			}
			if err := tt.fault(w.Net); err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(w.Net.Faults()); got != "["+tt.wFaultText+"]" {
				t.Errorf("faults %s, want [%s]", got, tt.wFaultText)
			}
			w.RunFor(ms(100))
			if fmt.Sprint(closed) != fmt.Sprint(strings.Fields(tt.wclosed)) {
				t.Errorf("closed %v, want %v", closed, tt.wclosed)
			}
			if lost != len(strings.Fields(tt.wclosed)) {
				t.Errorf("%d messages lost, want one per closed connection", lost)
			}
			for _, d := range tt.dials {
				if _, err := w.Net.Dial(d.from, d.to); !errors.Is(err, d.werr) || (err == nil) != (d.werr == nil) {
					t.Errorf("Dial(%s,%s) = %v, want %v", d.from, d.to, err, d.werr)
				}
			}
			if tt.healAfter > 0 {
				w.RunUntil(time.Second + tt.healAfter - 1)
				if len(w.Net.Faults()) != 1 {
					t.Fatal("healed early")
				}
				w.RunUntil(time.Second + tt.healAfter)
			} else {
				w.Net.Heal()
			}
			for _, d := range tt.dials {
				if _, err := w.Net.Dial(d.from, d.to); err != nil {
					t.Errorf("after heal Dial(%s,%s) = %v", d.from, d.to, err)
				}
			}
			if tr := w.Trace.Recent(1); len(tr) != 1 || tr[0].Kind != KindHeal {
				t.Errorf("last trace event %v, want HEAL", tr)
			}
		})
	}
}

func TestConnCloseAndSendAfterClose(t *testing.T) {
	w := newNetWorld(t, "a", "b")
	c, _ := w.Net.Dial("a", "b")
	var reasons []string
	c.OnClose(func(err error) { reasons = append(reasons, "a:"+err.Error()) })
	c.Peer().OnClose(func(err error) { reasons = append(reasons, "b:"+err.Error()) })
	delivered := false
	c.Send(5, 0, func() { delivered = true })
	c.Peer().Close()
	if err := c.Send(1, 0, func() {}); !errors.Is(err, ErrClosed) {
		t.Errorf("Send after close: %v", err)
	}
	w.RunFor(time.Second)
	if delivered {
		t.Error("message in flight survived Close")
	}
	want := "[a:use of closed network connection b:use of closed network connection]"
	if fmt.Sprint(reasons) != want {
		t.Errorf("OnClose calls %v, want %v", reasons, want)
	}
	if len(w.Net.Conns()) != 0 {
		t.Errorf("closed connection still listed: %v", w.Net.Conns())
	}
	if _, err := w.Net.Dial("a", "nope"); !errors.Is(err, ErrUnknownNode) {
		t.Errorf("Dial to unknown node: %v", err)
	}
	if err := w.Net.Partition([]string{"a"}, []string{"a", "b"}, 0); !errors.Is(err, ErrBadPartition) {
		t.Errorf("overlapping partition: %v", err)
	}
	w.Net.Disconnect("a", time.Minute)
	w.Net.Heal()
	if !w.Idle() || len(w.Net.Faults()) != 0 {
		t.Errorf("Heal left %d events queued, faults %v", w.Pending(), w.Net.Faults())
	}
}
