package etcd

import (
	"fmt"
	"strings"

	"watchscope/mvcc"
)

// Both targets report in mvcc's shapes; these functions give every result
// one canonical text, and two implementations agree on a step exactly when
// their texts are equal. ClusterID, MemberID and RaftTerm are left out of
// headers: they name the member, not the data.

func kvString(kv mvcc.KeyValue) string {
	s := fmt.Sprintf("%q c=%d m=%d v=%d val=%q", kv.Key, kv.CreateRevision, kv.ModRevision, kv.Version, kv.Value)
	if kv.Lease != 0 {
		s += fmt.Sprintf(" lease=%d", kv.Lease)
	}
	return "{" + s + "}"
}

func kvsString(kvs []mvcc.KeyValue) string {
	parts := make([]string, len(kvs))
	for i, kv := range kvs {
		parts[i] = kvString(kv)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func prevString(kv *mvcc.KeyValue) string {
	if kv == nil {
		return "<nil>"
	}
	return kvString(*kv)
}

func rangeRespString(r mvcc.RangeResponse) string {
	return fmt.Sprintf("hdr=%d count=%d more=%t kvs=%s", r.Header.Revision, r.Count, r.More, kvsString(r.Kvs))
}

func putRespString(r mvcc.PutResponse) string {
	return fmt.Sprintf("hdr=%d prev=%s", r.Header.Revision, prevString(r.PrevKv))
}

func deleteRespString(r mvcc.DeleteRangeResponse) string {
	return fmt.Sprintf("hdr=%d deleted=%d prev=%s", r.Header.Revision, r.Deleted, kvsString(r.PrevKvs))
}

func txnRespString(r mvcc.TxnResponse) string {
	parts := make([]string, len(r.Responses))
	for i, op := range r.Responses {
		parts[i] = respOpString(op)
	}
	return fmt.Sprintf("hdr=%d succeeded=%t {%s}", r.Header.Revision, r.Succeeded, strings.Join(parts, "; "))
}

func respOpString(op mvcc.ResponseOp) string {
	switch {
	case op.Range != nil:
		return "range " + rangeRespString(*op.Range)
	case op.Put != nil:
		return "put " + putRespString(*op.Put)
	case op.DeleteRange != nil:
		return "delete " + deleteRespString(*op.DeleteRange)
	case op.Txn != nil:
		return "txn " + txnRespString(*op.Txn)
	}
	return "empty"
}

func errString(err error) string { return "error: " + err.Error() }

// itemKind is what one entry of a flattened watch stream is.
type itemKind int

const (
	itemEvent    itemKind = iota // one event (responses are split into events)
	itemProgress                 // a progress notification (no events)
	itemCanceled                 // the server canceled the watch (compaction)
)

// watchItem is one entry of a watch as a client application sees it once
// responses are flattened: batching into responses depends on timing and is
// not compared, the events and their order are.
type watchItem struct {
	Kind     itemKind
	Event    mvcc.Event
	Revision int64 // header revision (progress, cancel)
	Compact  int64 // CompactRevision (cancel)
	Err      string
}

func (w watchItem) String() string {
	switch w.Kind {
	case itemProgress:
		return fmt.Sprintf("PROGRESS hdr=%d", w.Revision)
	case itemCanceled:
		return fmt.Sprintf("CANCELED compact_revision=%d hdr=%d err=%q", w.Compact, w.Revision, w.Err)
	}
	e := w.Event
	s := fmt.Sprintf("%s %s", e.Type, kvString(e.Kv))
	if e.PrevKv != nil {
		s += " prev=" + kvString(*e.PrevKv)
	}
	return s
}

// itemsOf flattens one WatchResponse the way clientv3 hands it to a watch
// channel: events one by one, a progress notification, or a compaction
// cancel. Created acks and plain cancel acks are not shown to clientv3
// users (without WithCreatedNotify), so they yield nothing.
func itemsOf(r mvcc.WatchResponse) []watchItem {
	switch {
	case r.CompactRevision != 0:
		return []watchItem{{Kind: itemCanceled, Revision: r.Header.Revision, Compact: r.CompactRevision, Err: errText(r.Err())}}
	case r.Created || r.Canceled:
		return nil
	case r.IsProgressNotify():
		return []watchItem{{Kind: itemProgress, Revision: r.Header.Revision}}
	}
	items := make([]watchItem, len(r.Events))
	for i, ev := range r.Events {
		items[i] = watchItem{Kind: itemEvent, Event: ev}
	}
	return items
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func itemsString(items []watchItem) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.String()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
