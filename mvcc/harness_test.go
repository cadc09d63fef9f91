package mvcc

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"
)

// harness drives a Server and the naive model with the same ops and
// checks them against each other.
type harness struct {
	s       *Server
	m       *naiveModel
	streams [2]*WatchStream
	watches map[[2]int64]*modelWatch // (stream, id) -> watch
	order   [][2]int64               // watches in creation order
	now     time.Duration
}

// modelWatch is what the test knows about one watch and what it received.
type modelWatch struct {
	op         simOp
	start      int64 // effective start revision
	mustCancel bool  // start was already below the compaction revision
	created    bool
	canceled   int64 // CompactRevision of the cancel response, if any
	byClient   bool
	got        []Event
}

func newHarness(seed uint64) (*harness, error) {
	s, err := NewServer(Config{Rand: rand.New(rand.NewPCG(seed, 7))})
	if err != nil {
		return nil, err
	}
	h := &harness{s: s, m: newNaiveModel(), watches: map[[2]int64]*modelWatch{}}
	h.streams[0], h.streams[1] = s.NewWatchStream(), s.NewWatchStream()
	return h, nil
}

func (h *harness) apply(op simOp) error {
	var err error
	switch op.kind {
	case "put", "del", "delrange":
		err = h.applyWrite(op)
	case "txn":
		err = h.applyTxn(op.txn)
	case "compact":
		err = h.applyCompact(op.rev)
	case "watch":
		err = h.applyWatch(op)
	case "cancel":
		err = h.applyCancel(op)
	case "advance":
		h.now += op.dur
		h.s.Advance(h.now)
		err = h.drain()
	}
	if err == nil && (h.s.Rev() != h.m.rev || h.s.CompactRev() != h.m.compact) {
		err = fmt.Errorf("rev %d compact %d, model %d %d", h.s.Rev(), h.s.CompactRev(), h.m.rev, h.m.compact)
	}
	if err != nil {
		return fmt.Errorf("%v: %w", op, err)
	}
	return nil
}

func (h *harness) applyWrite(op simOp) error {
	switch op.kind {
	case "put":
		prev, hadPrev := h.m.stateAt(string(op.key), h.m.rev)
		resp, err := h.s.Put(PutRequest{Key: op.key, Value: op.value, PrevKv: true})
		h.m.put(op.key, op.value, 0)
		h.m.commit()
		if err != nil || resp.Header.Revision != h.m.rev || (resp.PrevKv != nil) != hadPrev ||
			(hadPrev && !kvEqual(*resp.PrevKv, prev)) {
			return fmt.Errorf("put: %+v %v", resp, err)
		}
	default:
		resp, err := h.s.DeleteRange(DeleteRangeRequest{Key: op.key, RangeEnd: op.end, PrevKv: true})
		prev := h.m.deleteRange(op.key, op.end, 0)
		h.m.commit()
		if err != nil || resp.Header.Revision != h.m.rev || resp.Deleted != int64(len(prev)) || !kvsEqual(resp.PrevKvs, prev) {
			return fmt.Errorf("delete: %+v %v, want %d deleted", resp, err, len(prev))
		}
	}
	return nil
}

func toRequestOps(ops []simOp) []RequestOp {
	var out []RequestOp
	for _, o := range ops {
		if o.kind == "put" {
			out = append(out, RequestOp{Put: &PutRequest{Key: o.key, Value: o.value}})
		} else {
			out = append(out, RequestOp{DeleteRange: &DeleteRangeRequest{Key: o.key, RangeEnd: o.end}})
		}
	}
	return out
}

// modelDuplicate is the naive form of etcd's rule: in one branch, no key
// put twice, and no put key inside a delete (from-key deletes excepted).
func modelDuplicate(ops []simOp) bool {
	for i, a := range ops {
		if a.kind != "put" {
			continue
		}
		for j, b := range ops {
			switch {
			case j != i && b.kind == "put" && string(a.key) == string(b.key):
				return true
			case b.kind == "del" && string(a.key) == string(b.key):
				return true
			case b.kind == "delrange" && !(len(b.end) == 1 && b.end[0] == 0) &&
				inRange(string(a.key), b.key, b.end):
				return true
			}
		}
	}
	return false
}

func (h *harness) modelCompare(c Compare) bool {
	kv, ok := h.m.stateAt(string(c.Key), h.m.rev)
	if !ok {
		kv = KeyValue{}
	}
	have, want := kv.Version, c.Version
	if c.Target == CompareMod {
		have, want = kv.ModRevision, c.ModRevision
	}
	switch c.Result {
	case CompareEqual:
		return have == want
	case CompareGreater:
		return have > want
	case CompareLess:
		return have < want
	}
	return have != want
}

func (h *harness) applyTxn(t *simTxn) error {
	resp, err := h.s.Txn(TxnRequest{Compare: []Compare{t.cmp}, Success: toRequestOps(t.success), Failure: toRequestOps(t.failure)})
	if modelDuplicate(t.success) || modelDuplicate(t.failure) {
		if !errors.Is(err, ErrGRPCDuplicateKey) {
			return fmt.Errorf("txn: err %v, want duplicate key", err)
		}
		return nil
	}
	ok := h.modelCompare(t.cmp)
	ops := t.failure
	if ok {
		ops = t.success
	}
	sub := int64(0)
	for _, o := range ops {
		if o.kind == "put" {
			h.m.put(o.key, o.value, sub)
			sub++
			continue
		}
		sub += int64(len(h.m.deleteRange(o.key, o.end, sub)))
	}
	h.m.commit()
	if err != nil || resp.Succeeded != ok || resp.Header.Revision != h.m.rev || len(resp.Responses) != len(ops) {
		return fmt.Errorf("txn: %+v %v, want succeeded=%v rev %d", resp, err, ok, h.m.rev)
	}
	return nil
}

func (h *harness) applyCompact(rev int64) error {
	_, err := h.s.Compact(rev)
	var want error
	switch {
	case rev <= h.m.compact:
		want = ErrGRPCCompacted
	case rev > h.m.rev:
		want = ErrGRPCFutureRev
	default:
		h.m.compact = rev
	}
	if !errors.Is(err, want) && !(err == nil && want == nil) {
		return fmt.Errorf("compact %d: err %v, want %v", rev, err, want)
	}
	return nil
}

func (h *harness) applyWatch(op simOp) error {
	ws := h.streams[op.stream]
	id, err := ws.Watch(WatchCreateRequest{Key: op.key, RangeEnd: op.end, StartRevision: op.rev,
		Filters: op.filters, PrevKv: op.prevKV, WatchID: AutoWatchID})
	if err != nil {
		return fmt.Errorf("watch: %v", err)
	}
	w := &modelWatch{op: op, start: op.rev}
	if op.rev == 0 {
		w.start = h.m.rev + 1
	}
	w.mustCancel = op.rev >= 1 && op.rev < h.m.compact
	k := [2]int64{int64(op.stream), id}
	h.watches[k] = w
	h.order = append(h.order, k)
	return nil
}

func (h *harness) applyCancel(op simOp) error {
	k := [2]int64{int64(op.stream), op.rev}
	w, ok := h.watches[k]
	if err := h.drain(); err != nil {
		return err
	}
	err := h.streams[op.stream].Cancel(op.rev)
	switch {
	case !ok || w.byClient:
		if !errors.Is(err, ErrWatcherNotExist) {
			return fmt.Errorf("cancel unknown watch: %v", err)
		}
		return nil
	case err != nil:
		return err
	}
	w.byClient = true
	want := h.m.events(w.start, w.key(), w.op.end, w.op.filters)
	if w.canceled == 0 && (len(w.got) > len(want) || !eventsEqual(w.got, want[:len(w.got)])) {
		return fmt.Errorf("watch %v: before cancel got %s, want a prefix of %s", w.op, fmtEvents(w.got), fmtEvents(want))
	}
	return h.drain()
}

func (w *modelWatch) key() []byte {
	if len(w.op.key) == 0 {
		return []byte{0}
	}
	return w.op.key
}

func eventsEqual(a, b []Event) bool {
	return slices.EqualFunc(a, b, func(x, y Event) bool { return x.Type == y.Type && kvEqual(x.Kv, y.Kv) })
}

func fmtEvents(evs []Event) string {
	s := "["
	for _, e := range evs {
		s += fmt.Sprintf(" %v:%s@%d", e.Type, e.Kv.Key, e.Kv.ModRevision)
	}
	return s + " ]"
}
