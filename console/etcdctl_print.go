package console

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"watchscope/mvcc"
)

// This file renders etcd responses exactly as etcdctl 3.6 prints them, in
// its three useful output formats: "simple" (the default), "json" (the
// protobuf messages through encoding/json, so keys and values come out
// base64-encoded) and "fields" (one `"Name" : value` line per field).

// The JSON shapes below carry etcd's protobuf json tags, so encoding/json
// produces byte-for-byte what `etcdctl -w json` prints.
type jsonHeader struct {
	ClusterID uint64 `json:"cluster_id,omitempty"`
	MemberID  uint64 `json:"member_id,omitempty"`
	Revision  int64  `json:"revision,omitempty"`
	RaftTerm  uint64 `json:"raft_term,omitempty"`
}

type jsonKV struct {
	Key            []byte `json:"key,omitempty"`
	CreateRevision int64  `json:"create_revision,omitempty"`
	ModRevision    int64  `json:"mod_revision,omitempty"`
	Version        int64  `json:"version,omitempty"`
	Value          []byte `json:"value,omitempty"`
	Lease          int64  `json:"lease,omitempty"`
}

type jsonEvent struct {
	Type   mvcc.EventType `json:"type,omitempty"`
	Kv     *jsonKV        `json:"kv,omitempty"`
	PrevKv *jsonKV        `json:"prev_kv,omitempty"`
}

func toJSONHeader(h mvcc.ResponseHeader) *jsonHeader {
	return &jsonHeader{h.ClusterID, h.MemberID, h.Revision, h.RaftTerm}
}

func toJSONKV(kv *mvcc.KeyValue) *jsonKV {
	if kv == nil {
		return nil
	}
	return &jsonKV{kv.Key, kv.CreateRevision, kv.ModRevision, kv.Version, kv.Value, kv.Lease}
}

func toJSONKVs(kvs []mvcc.KeyValue) []*jsonKV {
	out := make([]*jsonKV, len(kvs))
	for i := range kvs {
		out[i] = toJSONKV(&kvs[i])
	}
	return out
}

func marshalLine(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error() + "\n"
	}
	return string(b) + "\n"
}

// simpleKV is etcdctl's printKV: the key on one line, the value on the next.
func simpleKV(b *strings.Builder, kv *mvcc.KeyValue) {
	b.WriteString(string(kv.Key) + "\n" + string(kv.Value) + "\n")
}

func fieldsHeader(b *strings.Builder, h mvcc.ResponseHeader) {
	fmt.Fprintln(b, `"ClusterID" :`, h.ClusterID)
	fmt.Fprintln(b, `"MemberID" :`, h.MemberID)
	if h.Revision > 0 {
		fmt.Fprintln(b, `"Revision" :`, h.Revision)
	}
	fmt.Fprintln(b, `"RaftTerm" :`, h.RaftTerm)
}

func fieldsKV(b *strings.Builder, pfx string, kv *mvcc.KeyValue) {
	fmt.Fprintf(b, "\"%sKey\" : %q\n", pfx, string(kv.Key))
	fmt.Fprintf(b, "\"%sCreateRevision\" : %d\n", pfx, kv.CreateRevision)
	fmt.Fprintf(b, "\"%sModRevision\" : %d\n", pfx, kv.ModRevision)
	fmt.Fprintf(b, "\"%sVersion\" : %d\n", pfx, kv.Version)
	fmt.Fprintf(b, "\"%sValue\" : %q\n", pfx, string(kv.Value))
	fmt.Fprintf(b, "\"%sLease\" : %d\n", pfx, kv.Lease)
}

func printGet(format string, r mvcc.RangeResponse) string {
	var b strings.Builder
	switch format {
	case "json":
		return marshalLine(struct {
			Header *jsonHeader `json:"header,omitempty"`
			Kvs    []*jsonKV   `json:"kvs,omitempty"`
			More   bool        `json:"more,omitempty"`
			Count  int64       `json:"count,omitempty"`
		}{toJSONHeader(r.Header), toJSONKVs(r.Kvs), r.More, r.Count})
	case "fields":
		fieldsHeader(&b, r.Header)
		for i := range r.Kvs {
			fieldsKV(&b, "", &r.Kvs[i])
		}
		fmt.Fprintln(&b, `"More" :`, r.More)
		fmt.Fprintln(&b, `"Count" :`, r.Count)
	default:
		for i := range r.Kvs {
			simpleKV(&b, &r.Kvs[i])
		}
	}
	return b.String()
}

func printPut(format string, r mvcc.PutResponse) string {
	var b strings.Builder
	switch format {
	case "json":
		return marshalLine(struct {
			Header *jsonHeader `json:"header,omitempty"`
			PrevKv *jsonKV     `json:"prev_kv,omitempty"`
		}{toJSONHeader(r.Header), toJSONKV(r.PrevKv)})
	case "fields":
		fieldsHeader(&b, r.Header)
		if r.PrevKv != nil {
			fieldsKV(&b, "Prev", r.PrevKv)
		}
	default:
		b.WriteString("OK\n")
		if r.PrevKv != nil {
			simpleKV(&b, r.PrevKv)
		}
	}
	return b.String()
}

func printDel(format string, r mvcc.DeleteRangeResponse) string {
	var b strings.Builder
	switch format {
	case "json":
		return marshalLine(struct {
			Header  *jsonHeader `json:"header,omitempty"`
			Deleted int64       `json:"deleted,omitempty"`
			PrevKvs []*jsonKV   `json:"prev_kvs,omitempty"`
		}{toJSONHeader(r.Header), r.Deleted, toJSONKVs(r.PrevKvs)})
	case "fields":
		fieldsHeader(&b, r.Header)
		fmt.Fprintln(&b, `"Deleted" :`, r.Deleted)
		for i := range r.PrevKvs {
			fieldsKV(&b, "Prev", &r.PrevKvs[i])
		}
	default:
		fmt.Fprintln(&b, r.Deleted)
		for i := range r.PrevKvs {
			simpleKV(&b, &r.PrevKvs[i])
		}
	}
	return b.String()
}

// printWatch renders one watch response the way etcdctl's watch loop does:
// a cancel notice on stderr, "progress notify: N" for progress responses,
// then the events in the chosen format.
func printWatch(format string, r mvcc.WatchResponse) string {
	var b strings.Builder
	if r.Canceled {
		fmt.Fprintf(&b, "watch was canceled (%v)\n", r.Err())
	}
	if r.IsProgressNotify() {
		fmt.Fprintf(&b, "progress notify: %d\n", r.Header.Revision)
	}
	switch format {
	case "json":
		evs := make([]*jsonEvent, len(r.Events))
		for i := range r.Events {
			e := &r.Events[i]
			evs[i] = &jsonEvent{e.Type, toJSONKV(&e.Kv), toJSONKV(e.PrevKv)}
		}
		b.WriteString(marshalLine(struct {
			Header          jsonHeader
			Events          []*jsonEvent
			CompactRevision int64
			Canceled        bool
			Created         bool
		}{*toJSONHeader(r.Header), evs, r.CompactRevision, r.Canceled, r.Created}))
	case "fields":
		fieldsHeader(&b, r.Header)
		for i := range r.Events {
			e := &r.Events[i]
			fmt.Fprintln(&b, `"Type" :`, e.Type)
			if e.PrevKv != nil {
				fieldsKV(&b, "Prev", e.PrevKv)
			}
			fieldsKV(&b, "", &e.Kv)
		}
	default:
		for i := range r.Events {
			e := &r.Events[i]
			fmt.Fprintln(&b, e.Type)
			if e.PrevKv != nil {
				simpleKV(&b, e.PrevKv)
			}
			simpleKV(&b, &e.Kv)
		}
	}
	return b.String()
}

// endpoint is the address the simulated member answers on, as etcdctl's
// default --endpoints.
const endpoint = "127.0.0.1:2379"

func printStatus(format string, s mvcc.StatusResponse, quota int64) string {
	if format == "json" {
		return marshalLine([]any{struct {
			Ep   string `json:"Endpoint"`
			Resp any    `json:"Status"`
		}{endpoint, statusJSON(s, quota)}})
	}
	inUse := int64(0)
	if s.DbSize > 0 {
		inUse = s.DbSizeInUse * 100 / s.DbSize
	}
	row := []string{
		endpoint, fmt.Sprintf("%x", s.Header.MemberID), s.Version, storageVersion,
		humanBytes(uint64(s.DbSize)), humanBytes(uint64(s.DbSizeInUse)),
		fmt.Sprintf("%d%%", int(float64(100-inUse))), humanBytes(uint64(quota)),
		fmt.Sprint(s.Leader == s.Header.MemberID), fmt.Sprint(s.IsLearner),
		fmt.Sprint(s.RaftTerm), fmt.Sprint(s.RaftIndex), fmt.Sprint(s.RaftAppliedIndex),
		"", "", "false",
	}
	return strings.Join(row, ", ") + "\n"
}

// storageVersion is what a 3.6 member reports as its storage schema.
const storageVersion = "3.6.0"

func statusJSON(s mvcc.StatusResponse, quota int64) any {
	return struct {
		Header           *jsonHeader `json:"header,omitempty"`
		Version          string      `json:"version,omitempty"`
		DbSize           int64       `json:"dbSize,omitempty"`
		Leader           uint64      `json:"leader,omitempty"`
		RaftIndex        uint64      `json:"raftIndex,omitempty"`
		RaftTerm         uint64      `json:"raftTerm,omitempty"`
		RaftAppliedIndex uint64      `json:"raftAppliedIndex,omitempty"`
		DbSizeInUse      int64       `json:"dbSizeInUse,omitempty"`
		IsLearner        bool        `json:"isLearner,omitempty"`
		StorageVersion   string      `json:"storageVersion,omitempty"`
		DbSizeQuota      int64       `json:"dbSizeQuota,omitempty"`
		DowngradeInfo    struct{}    `json:"downgradeInfo"`
	}{toJSONHeader(s.Header), s.Version, s.DbSize, s.Leader, s.RaftIndex, s.RaftTerm,
		s.RaftAppliedIndex, s.DbSizeInUse, s.IsLearner, storageVersion, quota, struct{}{}}
}

// humanBytes is go-humanize's Bytes, which etcdctl uses for sizes: SI
// units (1 kB = 1000 B), one decimal below 10.
func humanBytes(n uint64) string {
	if n < 10 {
		return fmt.Sprintf("%d B", n)
	}
	sizes := []string{"B", "kB", "MB", "GB", "TB", "PB", "EB"}
	e := math.Floor(math.Log(float64(n)) / math.Log(1000))
	val := math.Floor(float64(n)/math.Pow(1000, e)*10+0.5) / 10
	f := "%.0f %s"
	if val < 10 {
		f = "%.1f %s"
	}
	return fmt.Sprintf(f, val, sizes[int(e)])
}
