package mvcc

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

func TestMetricsCounters(t *testing.T) {
	s := newTestServer(t, Config{})
	ws := s.NewWatchStream()
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("a"), WatchID: AutoWatchID})
	mustWatch(t, ws, WatchCreateRequest{Key: []byte("b"), WatchID: AutoWatchID})
	mustPut(t, s, "a", "1")                                               // put 1
	mustPut(t, s, "b", "1")                                               // put 2
	mustDelete(t, s, "a")                                                 // delete 1
	s.Range(RangeRequest{Key: []byte("b")})                               // range 1
	s.Put(PutRequest{Key: []byte("b"), Value: []byte("2"), PrevKv: true}) // put 3, range 2 (a txn of two ops)
	s.Txn(TxnRequest{Success: []RequestOp{get("a"), put("c", "1")}})      // range 3, put 4: txn 2
	if _, err := s.Compact(4); err != nil {                               // drops 2.0 (a's first value)
		t.Fatal(err)
	}
	m := s.Metrics()
	want := Metrics{WatchStreamTotal: 1, WatcherTotal: 2, PendingEventsTotal: 4, CurrentRevision: 6,
		CompactRevision: 4, DbCompactionKeysTotal: 1, DbTotalSizeInBytes: m.DbTotalSizeInBytes,
		DbTotalSizeInUse: m.DbTotalSizeInUse, QuotaBackendBytes: DefaultQuotaBackendBytes,
		PutTotal: 4, DeleteTotal: 1, RangeTotal: 3, TxnTotal: 2}
	if m != want {
		t.Fatalf("metrics\n got %+v\nwant %+v", m, want)
	}
	if m.DbTotalSizeInUse <= 0 || m.DbTotalSizeInUse > m.DbTotalSizeInBytes {
		t.Fatalf("db size in use %d of %d", m.DbTotalSizeInUse, m.DbTotalSizeInBytes)
	}
	if m.DbTotalSizeInBytes <= freshDBBytes {
		t.Fatalf("db size %d did not grow", m.DbTotalSizeInBytes)
	}
	recvAll(ws)
	if p := s.Metrics().PendingEventsTotal; p != 0 {
		t.Fatalf("pending events after receiving: %d", p)
	}
	empty := s.NewWatchStream()
	empty.RequestProgress()
	if empty.Len() != 0 {
		t.Fatal("progress on a stream without watchers")
	}
}

func TestSchedulerOrder(t *testing.T) {
	var sc scheduler
	var got []string
	sc.at(20, "b", func() { got = append(got, fmt.Sprint("b@", sc.now)) })
	sc.at(10, "a", func() {
		got = append(got, fmt.Sprint("a@", sc.now))
		sc.after(0, "a2", func() { got = append(got, fmt.Sprint("a2@", sc.now)) })
	})
	stopped := sc.at(20, "c", func() { got = append(got, "c") })
	sc.at(20, "d", func() { got = append(got, fmt.Sprint("d@", sc.now)) })
	sc.stop(stopped)
	if at, ok := sc.next(); !ok || at != 10 {
		t.Fatalf("next %v %v", at, ok)
	}
	sc.advance(15)
	sc.advance(5) // time does not go back
	if sc.now != 15 {
		t.Fatalf("now %v", sc.now)
	}
	sc.advance(30)
	if w := "[a@10ns a2@10ns b@20ns d@20ns]"; fmt.Sprint(got) != w {
		t.Fatalf("order %v, want %s", got, w)
	}
	if _, ok := sc.next(); ok {
		t.Fatal("timers left")
	}
}

// TestDeterminism: the same seed and the same calls give the same
// responses, progress ticks included.
func TestDeterminism(t *testing.T) {
	run := func(seed uint64) string {
		s := newTestServer(t, Config{WatchProgressNotifyInterval: 200 * time.Millisecond, Rand: rand.New(rand.NewPCG(seed, 1))})
		r := rand.New(rand.NewPCG(seed, 2))
		streams := []*WatchStream{s.NewWatchStream(), s.NewWatchStream()}
		var trace []string
		for i := range 300 {
			ws := streams[r.IntN(2)]
			switch r.IntN(6) {
			case 0:
				ws.Watch(WatchCreateRequest{Key: []byte{0}, RangeEnd: []byte{0}, ProgressNotify: true,
					StartRevision: r.Int64N(s.Rev() + 1), WatchID: AutoWatchID})
			case 1:
				s.Compact(s.Rev() - r.Int64N(3))
			default:
				s.Put(PutRequest{Key: []byte(simKeys[r.IntN(len(simKeys))]), Value: []byte(fmt.Sprint(i))})
			}
			s.Advance(time.Duration(i) * 20 * time.Millisecond)
			for _, ws := range streams {
				for _, resp := range recvAll(ws) {
					trace = append(trace, fmt.Sprintf("%v %+v", s.Now(), resp))
				}
			}
		}
		return fmt.Sprint(trace, s.Metrics())
	}
	a, b, c := run(5), run(5), run(6)
	if a != b {
		t.Fatal("same seed, different trace")
	}
	if a == c {
		t.Fatal("different seeds, same trace: the seed is not used")
	}
}
