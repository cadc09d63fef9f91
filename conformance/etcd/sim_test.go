package etcd

import (
	"math/rand/v2"
	"slices"
	"time"

	"watchscope/mvcc"
)

// simStep is the virtual time that passes after every op: two of etcd's
// 100ms unsynced-watcher sync passes, so history replays and compaction
// cancels have happened before the next op.
const simStep = 200 * time.Millisecond

// simTarget drives the simulated server. Nothing here waits: time moves
// only through Advance, and Collect drains the stream's queue.
type simTarget struct {
	srv    *mvcc.Server
	ws     *mvcc.WatchStream
	now    time.Duration
	ids    map[int64]int // server watch id -> watch number
	open   map[int]bool
	nWatch int
}

func newSimTarget(seed int64) (*simTarget, error) {
	srv, err := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(uint64(seed), 0x5eed))})
	if err != nil {
		return nil, err
	}
	return &simTarget{srv: srv, ws: srv.NewWatchStream(), ids: map[int64]int{}, open: map[int]bool{}}, nil
}

func (s *simTarget) Name() string { return "watchscope/mvcc" }

func (s *simTarget) Put(r mvcc.PutRequest) (mvcc.PutResponse, error) { return s.srv.Put(r) }

func (s *simTarget) Range(r mvcc.RangeRequest) (mvcc.RangeResponse, error) { return s.srv.Range(r) }

func (s *simTarget) DeleteRange(r mvcc.DeleteRangeRequest) (mvcc.DeleteRangeResponse, error) {
	return s.srv.DeleteRange(r)
}

func (s *simTarget) Txn(r mvcc.TxnRequest) (mvcc.TxnResponse, error) { return s.srv.Txn(r) }

func (s *simTarget) Compact(rev int64) (mvcc.CompactResponse, error) { return s.srv.Compact(rev) }

func (s *simTarget) Watch(r mvcc.WatchCreateRequest) error {
	r.WatchID = mvcc.AutoWatchID
	id, err := s.ws.Watch(r)
	if err != nil {
		return err
	}
	s.ids[id] = s.nWatch
	s.open[s.nWatch] = true
	s.nWatch++
	return nil
}

func (s *simTarget) CancelWatch(n int) {
	for id, m := range s.ids {
		if m == n && s.open[n] {
			delete(s.open, n)
			_ = s.ws.Cancel(id) // the ack is not shown to clientv3 users
		}
	}
}

func (s *simTarget) RequestProgress() { s.ws.RequestProgress() }

// Collect advances virtual time by simStep and drains the stream. A
// stream-wide progress response (WatchID -1) is fanned out to every open
// watch, as clientv3's broadcastResponse does.
func (s *simTarget) Collect(want []int) [][]watchItem {
	s.now += simStep
	s.srv.Advance(s.now)
	out := make([][]watchItem, s.nWatch)
	for {
		resp, ok := s.ws.Recv()
		if !ok {
			return out
		}
		if resp.WatchID == mvcc.InvalidWatchID && resp.IsProgressNotify() {
			for _, n := range s.Open() {
				out[n] = append(out[n], itemsOf(resp)...)
			}
			continue
		}
		n, known := s.ids[resp.WatchID]
		if !known || !s.open[n] {
			continue // e.g. late responses of a watch the client canceled
		}
		items := itemsOf(resp)
		out[n] = append(out[n], items...)
		if len(items) > 0 && items[len(items)-1].Kind == itemCanceled {
			// clientv3 closes the watch channel and, as for any closed
			// substream, sends a cancel request for its id: until then the
			// compacted watcher still sits on the stream (unsynced) and
			// keeps RequestProgress from being answered.
			delete(s.open, n)
			_ = s.ws.Cancel(resp.WatchID)
		}
	}
}

func (s *simTarget) Open() []int {
	var ns []int
	for n := range s.open {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

func (s *simTarget) Close() { s.ws.Close() }
