package engine

import (
	"fmt"
	"testing"
	"time"
)

func TestTraceEventString(t *testing.T) {
	tests := []struct {
		ev   TraceEvent
		want string
	}{
		{TraceEvent{ID: 12, Cause: 7, At: 1250 * time.Millisecond, Node: "etcd-0", Kind: KindPut, Detail: "key=/a rev=5"},
			"#12 <-#7  1.250s  etcd-0  PUT  key=/a rev=5"},
		{TraceEvent{ID: 1, At: 0, Node: "user", Kind: KindCmd, Detail: "etcdctl put a 1"},
			"#1 <-ext  0.000s  user  CMD  etcdctl put a 1"},
		{TraceEvent{ID: 3, Cause: 2, At: 61*time.Second + 999999*time.Microsecond, Node: "n", Kind: kindK},
			"#3 <-#2  61.999s  n  K"},
		{TraceEvent{ID: 40, Cause: 39, At: -1005 * time.Millisecond, Node: "n", Kind: kindK, Detail: "d"},
			"#40 <-#39  -1.005s  n  K  d"},
		{TraceEvent{ID: 9, Cause: 8, At: 3*time.Hour + 70*time.Millisecond, Node: "", Kind: kindK},
			"#9 <-#8  10800.070s    K"},
	}
	for _, tt := range tests {
		if got := tt.ev.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestTraceWindowAndChain(t *testing.T) {
	tr := NewTrace(4)
	// 1 <- 2 <- 3, then 4 unrelated, 5 <- 3, 6 <- 5
	causes := []EventID{0, 1, 2, 0, 3, 5}
	for i, c := range causes {
		if id := tr.Record(TraceEvent{Cause: c, Node: "n", Kind: kindK, Detail: fmt.Sprint("K", i+1)}); id != EventID(i+1) {
			t.Fatalf("id = %v, want %d", id, i+1)
		}
	}
	if tr.Len() != 6 || tr.Dropped() != 2 || tr.Window() != 4 {
		t.Fatalf("len %d dropped %d window %d, want 6 2 4", tr.Len(), tr.Dropped(), tr.Window())
	}
	for id, in := range map[EventID]bool{1: false, 2: false, 3: true, 6: true, 7: false, 0: false} {
		if ev, ok := tr.Get(id); ok != in || (ok && ev.ID != id) {
			t.Errorf("Get(%v) = %v, %v; in window: %v", id, ev.ID, ok, in)
		}
	}
	tests := []struct {
		id   EventID
		want []EventID
	}{
		{6, []EventID{3, 5, 6}}, // 3's cause (2) has left the window
		{4, []EventID{4}},
		{1, nil},
	}
	for _, tt := range tests {
		var got []EventID
		for _, ev := range tr.Chain(tt.id) {
			got = append(got, ev.ID)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Chain(%v) = %v, want %v", tt.id, got, tt.want)
		}
	}
	if got := tr.Recent(2); len(got) != 2 || got[0].ID != 5 || got[1].ID != 6 {
		t.Errorf("Recent(2) = %v", got)
	}
	if got := tr.Since(4); len(got) != 2 || got[0].ID != 5 {
		t.Errorf("Since(4) = %v", got)
	}
}

func TestTraceHash(t *testing.T) {
	record := func(details ...string) string {
		tr := NewTrace(2) // the hash covers dropped events too
		for _, d := range details {
			tr.Record(TraceEvent{Node: "n", Kind: kindK, Detail: d})
		}
		return tr.Hash()
	}
	a, b := record("x", "y", "z"), record("x", "y", "z")
	if a != b || len(a) != 64 {
		t.Fatalf("same events gave %s and %s", a, b)
	}
	if a == record("w", "y", "z") {
		t.Error("changing a dropped event did not change the hash")
	}
	if a == record("x", "y") {
		t.Error("hash ignores the last event")
	}
}

func TestTraceRejectsFutureCause(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a cause from the future")
		}
	}()
	NewTrace(4).Record(TraceEvent{Cause: 1})
}
