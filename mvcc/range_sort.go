package mvcc

import (
	"bytes"
	"sort"
)

// filterAndSort is etcd's step after the read (etcdserver/txn executeRange):
// drop the KVs outside the mod/create revision bounds, then sort. A target
// other than the key with no order sorts ascending; the key ascending is the
// read's own order. etcd sorts with sort.Sort (not stable) and reverses with
// sort.Reverse; so does this, so ties come out in the same order.
func filterAndSort(kvs []KeyValue, r *RangeRequest) []KeyValue {
	keep := func(kv *KeyValue) bool {
		return (r.MaxModRevision == 0 || kv.ModRevision <= r.MaxModRevision) &&
			(r.MinModRevision == 0 || kv.ModRevision >= r.MinModRevision) &&
			(r.MaxCreateRevision == 0 || kv.CreateRevision <= r.MaxCreateRevision) &&
			(r.MinCreateRevision == 0 || kv.CreateRevision >= r.MinCreateRevision)
	}
	order := r.SortOrder
	switch {
	case r.SortTarget != SortByKey && order == SortNone:
		order = SortAscend
	case r.SortTarget == SortByKey && order == SortAscend:
		order = SortNone
	}
	filtering := r.MaxModRevision != 0 || r.MinModRevision != 0 || r.MaxCreateRevision != 0 || r.MinCreateRevision != 0
	if !filtering && order == SortNone {
		return kvs
	}
	out := make([]KeyValue, 0, len(kvs))
	for i := range kvs {
		if keep(&kvs[i]) {
			out = append(out, kvs[i])
		}
	}
	if order == SortNone {
		return out
	}
	var s sort.Interface = kvSort{out, lessBy(r.SortTarget)}
	if order == SortDescend {
		s = sort.Reverse(s)
	}
	sort.Sort(s)
	return out
}

type kvSort struct {
	kvs  []KeyValue
	less func(a, b *KeyValue) bool
}

func (s kvSort) Len() int           { return len(s.kvs) }
func (s kvSort) Swap(i, j int)      { s.kvs[i], s.kvs[j] = s.kvs[j], s.kvs[i] }
func (s kvSort) Less(i, j int) bool { return s.less(&s.kvs[i], &s.kvs[j]) }

func lessBy(t SortTarget) func(a, b *KeyValue) bool {
	switch t {
	case SortByVersion:
		return func(a, b *KeyValue) bool { return a.Version < b.Version }
	case SortByCreate:
		return func(a, b *KeyValue) bool { return a.CreateRevision < b.CreateRevision }
	case SortByMod:
		return func(a, b *KeyValue) bool { return a.ModRevision < b.ModRevision }
	case SortByValue:
		return func(a, b *KeyValue) bool { return bytes.Compare(a.Value, b.Value) < 0 }
	}
	return func(a, b *KeyValue) bool { return bytes.Compare(a.Key, b.Key) < 0 }
}
