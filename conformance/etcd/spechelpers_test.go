package etcd

import (
	"strings"
	"testing"

	"watchscope/mvcc"
)

// Builders for the spec tables: ops and the canonical texts they expect.

func putOp(key, val string) Op {
	return Op{Kind: opKV, Req: mvcc.RequestOp{Put: &mvcc.PutRequest{Key: []byte(key), Value: []byte(val)}}}
}

func delOp(key string) Op {
	return Op{Kind: opKV, Req: mvcc.RequestOp{DeleteRange: &mvcc.DeleteRangeRequest{Key: []byte(key)}}}
}

// getOp reads one key, or every key with the prefix when end is "prefix".
func getOp(key, end string, rev, limit int64) Op {
	r := &mvcc.RangeRequest{Key: []byte(key), Revision: rev, Limit: limit}
	if end == "prefix" {
		r.RangeEnd = prefixEnd(r.Key)
	}
	return Op{Kind: opKV, Req: mvcc.RequestOp{Range: r}}
}

func compactOp(rev int64) Op { return Op{Kind: opCompact, Rev: rev} }

func watchOp(n int, key string, prefix bool, start int64, prevKv bool) Op {
	w := mvcc.WatchCreateRequest{Key: []byte(key), StartRevision: start, PrevKv: prevKv}
	if prefix {
		w.RangeEnd = prefixEnd(w.Key)
	}
	return Op{Kind: opWatch, Watch: w, WatchN: n}
}

func kv(key string, create, mod, version int64, val string) mvcc.KeyValue {
	return mvcc.KeyValue{Key: []byte(key), CreateRevision: create, ModRevision: mod, Version: version, Value: []byte(val)}
}

func rangeText(hdr, count int64, more bool, kvs ...mvcc.KeyValue) string {
	return rangeRespString(mvcc.RangeResponse{Header: mvcc.ResponseHeader{Revision: hdr}, Count: count, More: more, Kvs: kvs})
}

func putItem(k mvcc.KeyValue, prev *mvcc.KeyValue) string {
	return watchItem{Kind: itemEvent, Event: mvcc.Event{Type: mvcc.PUT, Kv: k, PrevKv: prev}}.String()
}

// delItem is a DELETE event: its kv holds only the key and the deletion
// revision.
func delItem(key string, mod int64, prev mvcc.KeyValue) string {
	ev := mvcc.Event{Type: mvcc.DELETE, Kv: mvcc.KeyValue{Key: []byte(key), ModRevision: mod}, PrevKv: &prev}
	return watchItem{Kind: itemEvent, Event: ev}.String()
}

func itemTexts(items []watchItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.String())
	}
	return out
}

func startEmbedded(t *testing.T) *Embedded {
	t.Helper()
	emb, err := StartEmbedded(t.TempDir())
	if err != nil {
		t.Fatalf("start embedded etcd: %v", err)
	}
	t.Cleanup(emb.Close)
	return emb
}

// shortName is a target's name as a subtest name: "etcd" or "sim".
func shortName(t target) string {
	if strings.HasPrefix(t.Name(), "etcd") {
		return "etcd"
	}
	return "sim"
}
func ptr[T any](v T) *T { return &v }
