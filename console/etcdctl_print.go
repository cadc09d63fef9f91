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

// simpleKV is etcdctl's printKV: the key on one line (unless only values
// are asked for), the value on the next; with --hex every byte as \xNN.
func simpleKV(b *strings.Builder, d display, valueOnly bool, kv *mvcc.KeyValue) {
	k, v := string(kv.Key), string(kv.Value)
	if d.hex {
		k, v = hexBytes(kv.Key), hexBytes(kv.Value)
	}
	if !valueOnly {
		b.WriteString(k + "\n")
	}
	b.WriteString(v + "\n")
}

func hexBytes(p []byte) string {
	var b strings.Builder
	for _, c := range p {
		fmt.Fprintf(&b, "\\x%02x", c)
	}
	return b.String()
}

func fieldsHeader(b *strings.Builder, d display, h mvcc.ResponseHeader) {
	if d.hex {
		fmt.Fprintf(b, "\"ClusterID\" : %x\n", h.ClusterID)
		fmt.Fprintf(b, "\"MemberID\" : %x\n", h.MemberID)
	} else {
		fmt.Fprintln(b, `"ClusterID" :`, h.ClusterID)
		fmt.Fprintln(b, `"MemberID" :`, h.MemberID)
	}
	if h.Revision > 0 {
		fmt.Fprintln(b, `"Revision" :`, h.Revision)
	}
	fmt.Fprintln(b, `"RaftTerm" :`, h.RaftTerm)
}

func fieldsKV(b *strings.Builder, d display, pfx string, kv *mvcc.KeyValue) {
	fmt.Fprintf(b, "\"%sKey\" : %q\n", pfx, string(kv.Key))
	fmt.Fprintf(b, "\"%sCreateRevision\" : %d\n", pfx, kv.CreateRevision)
	fmt.Fprintf(b, "\"%sModRevision\" : %d\n", pfx, kv.ModRevision)
	fmt.Fprintf(b, "\"%sVersion\" : %d\n", pfx, kv.Version)
	fmt.Fprintf(b, "\"%sValue\" : %q\n", pfx, string(kv.Value))
	if d.hex {
		fmt.Fprintf(b, "\"%sLease\" : %016x\n", pfx, kv.Lease)
	} else {
		fmt.Fprintf(b, "\"%sLease\" : %d\n", pfx, kv.Lease)
	}
}

type jsonRange struct {
	Header *jsonHeader `json:"header,omitempty"`
	Kvs    []*jsonKV   `json:"kvs,omitempty"`
	More   bool        `json:"more,omitempty"`
	Count  int64       `json:"count,omitempty"`
}

func toJSONRange(r mvcc.RangeResponse) *jsonRange {
	return &jsonRange{toJSONHeader(r.Header), toJSONKVs(r.Kvs), r.More, r.Count}
}

type jsonPut struct {
	Header *jsonHeader `json:"header,omitempty"`
	PrevKv *jsonKV     `json:"prev_kv,omitempty"`
}

func toJSONPut(r mvcc.PutResponse) *jsonPut {
	return &jsonPut{toJSONHeader(r.Header), toJSONKV(r.PrevKv)}
}

type jsonDel struct {
	Header  *jsonHeader `json:"header,omitempty"`
	Deleted int64       `json:"deleted,omitempty"`
	PrevKvs []*jsonKV   `json:"prev_kvs,omitempty"`
}

func toJSONDel(r mvcc.DeleteRangeResponse) *jsonDel {
	return &jsonDel{toJSONHeader(r.Header), r.Deleted, toJSONKVs(r.PrevKvs)}
}

func printGet(d display, valueOnly bool, r mvcc.RangeResponse) string {
	var b strings.Builder
	switch d.format {
	case "json":
		return marshalLine(toJSONRange(r))
	case "fields":
		fieldsHeader(&b, d, r.Header)
		for i := range r.Kvs {
			fieldsKV(&b, d, "", &r.Kvs[i])
		}
		fmt.Fprintln(&b, `"More" :`, r.More)
		fmt.Fprintln(&b, `"Count" :`, r.Count)
	default:
		for i := range r.Kvs {
			simpleKV(&b, d, valueOnly, &r.Kvs[i])
		}
	}
	return b.String()
}

func printPut(d display, r mvcc.PutResponse) string {
	var b strings.Builder
	switch d.format {
	case "json":
		return marshalLine(toJSONPut(r))
	case "fields":
		fieldsHeader(&b, d, r.Header)
		if r.PrevKv != nil {
			fieldsKV(&b, d, "Prev", r.PrevKv)
		}
	default:
		b.WriteString("OK\n")
		if r.PrevKv != nil {
			simpleKV(&b, d, false, r.PrevKv)
		}
	}
	return b.String()
}

func printDel(d display, r mvcc.DeleteRangeResponse) string {
	var b strings.Builder
	switch d.format {
	case "json":
		return marshalLine(toJSONDel(r))
	case "fields":
		fieldsHeader(&b, d, r.Header)
		fmt.Fprintln(&b, `"Deleted" :`, r.Deleted)
		for i := range r.PrevKvs {
			fieldsKV(&b, d, "Prev", &r.PrevKvs[i])
		}
	default:
		fmt.Fprintln(&b, r.Deleted)
		for i := range r.PrevKvs {
			simpleKV(&b, d, false, &r.PrevKvs[i])
		}
	}
	return b.String()
}

// printWatch renders one watch response the way etcdctl's watch loop does:
// a cancel notice on stderr, "progress notify: N" for progress responses,
// then the events in the chosen format.
func printWatch(d display, r mvcc.WatchResponse) string {
	var b strings.Builder
	if r.Canceled {
		fmt.Fprintf(&b, "watch was canceled (%v)\n", r.Err())
	}
	if r.IsProgressNotify() {
		fmt.Fprintf(&b, "progress notify: %d\n", r.Header.Revision)
	}
	switch d.format {
	case "table":
		b.WriteString("Error: table not supported as output format\n")
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
		fieldsHeader(&b, d, r.Header)
		for i := range r.Events {
			e := &r.Events[i]
			fmt.Fprintln(&b, `"Type" :`, e.Type)
			if e.PrevKv != nil {
				fieldsKV(&b, d, "Prev", e.PrevKv)
			}
			fieldsKV(&b, d, "", &e.Kv)
		}
	default:
		for i := range r.Events {
			e := &r.Events[i]
			fmt.Fprintln(&b, e.Type)
			if e.PrevKv != nil {
				simpleKV(&b, d, false, e.PrevKv)
			}
			simpleKV(&b, d, false, &e.Kv)
		}
	}
	return b.String()
}

// endpoint is the address the simulated member answers on, as etcdctl's
// default --endpoints.
const endpoint = "127.0.0.1:2379"

func printStatus(d display, s mvcc.StatusResponse, quota int64) string {
	switch d.format {
	case "json":
		return marshalLine([]any{struct {
			Ep   string `json:"Endpoint"`
			Resp any    `json:"Status"`
		}{endpoint, statusJSON(s, quota)}})
	case "fields":
		var b strings.Builder
		fieldsHeader(&b, d, s.Header)
		fmt.Fprintf(&b, "\"Version\" : %q\n", s.Version)
		fmt.Fprintf(&b, "\"StorageVersion\" : %q\n", storageVersion)
		fmt.Fprintln(&b, `"DBSize" :`, s.DbSize)
		fmt.Fprintln(&b, `"DBSizeInUse" :`, s.DbSizeInUse)
		fmt.Fprintln(&b, `"DBSizeQuota" :`, quota)
		fmt.Fprintln(&b, `"Leader" :`, s.Leader)
		fmt.Fprintln(&b, `"IsLearner" :`, s.IsLearner)
		fmt.Fprintln(&b, `"RaftIndex" :`, s.RaftIndex)
		fmt.Fprintln(&b, `"RaftAppliedIndex" :`, s.RaftAppliedIndex)
		fmt.Fprintln(&b, `"Errors" :`, s.Errors)
		fmt.Fprintf(&b, "\"Endpoint\" : %q\n", endpoint)
		fmt.Fprintf(&b, "\"DowngradeTargetVersion\" : %q\n", "")
		fmt.Fprintln(&b, `"DowngradeEnabled" :`, false)
		b.WriteString("\n")
		return b.String()
	}
	notInUse := int64(0)
	if s.DbSize > 0 {
		notInUse = 100 - s.DbSizeInUse*100/s.DbSize
	}
	hdr := []string{"endpoint", "ID", "version", "storage version", "db size", "in use", "percentage not in use",
		"quota", "is leader", "is learner", "raft term", "raft index", "raft applied index", "errors",
		"downgrade target version", "downgrade enabled"}
	row := []string{
		endpoint, fmt.Sprintf("%x", s.Header.MemberID), s.Version, storageVersion,
		humanBytes(uint64(s.DbSize)), humanBytes(uint64(s.DbSizeInUse)),
		fmt.Sprintf("%d%%", notInUse), humanBytes(uint64(quota)),
		fmt.Sprint(s.Leader == s.Header.MemberID), fmt.Sprint(s.IsLearner),
		fmt.Sprint(s.RaftTerm), fmt.Sprint(s.RaftIndex), fmt.Sprint(s.RaftAppliedIndex),
		strings.Join(s.Errors, ", "), "", "false",
	}
	if d.format == "table" {
		return renderTable(hdr, [][]string{row})
	}
	return strings.Join(row, ", ") + "\n"
}

// The member the simulation runs, as a fresh `etcd` with default flags
// lists itself.
const (
	memberName      = "default"
	memberPeerURL   = "http://localhost:2380"
	memberClientURL = "http://localhost:2379"
)

func printMemberList(d display, h mvcc.ResponseHeader) string {
	hdr := []string{"ID", "Status", "Name", "Peer Addrs", "Client Addrs", "Is Learner"}
	row := []string{fmt.Sprintf("%x", h.MemberID), "started", memberName, memberPeerURL, memberClientURL, "false"}
	h.Revision = 0 // member list responses carry no revision
	switch d.format {
	case "json":
		type member struct {
			ID         uint64   `json:"ID,omitempty"`
			Name       string   `json:"name,omitempty"`
			PeerURLs   []string `json:"peerURLs,omitempty"`
			ClientURLs []string `json:"clientURLs,omitempty"`
		}
		return marshalLine(struct {
			Header  *jsonHeader `json:"header,omitempty"`
			Members []member    `json:"members,omitempty"`
		}{toJSONHeader(h), []member{{h.MemberID, memberName, []string{memberPeerURL}, []string{memberClientURL}}}})
	case "fields":
		var b strings.Builder
		fieldsHeader(&b, d, h)
		if d.hex {
			fmt.Fprintf(&b, "\"ID\" : %x\n", h.MemberID)
		} else {
			fmt.Fprintln(&b, `"ID" :`, h.MemberID)
		}
		fmt.Fprintf(&b, "\"Name\" : %q\n\"PeerURL\" : %q\n\"ClientURL\" : %q\n", memberName, memberPeerURL, memberClientURL)
		fmt.Fprintln(&b, `"IsLearner" :`, false)
		b.WriteString("\n")
		return b.String()
	case "table":
		return renderTable(hdr, [][]string{row})
	}
	return strings.Join(row, ", ") + "\n"
}

// renderTable draws rows as etcdctl's tablewriter does with right
// alignment: upper-case headers centred, a +---+ rule above and below the
// header and at the end, one space of padding each side.
func renderTable(hdr []string, rows [][]string) string {
	width := make([]int, len(hdr))
	for i, h := range hdr {
		width[i] = len(h)
		for _, r := range rows {
			width[i] = max(width[i], len(r[i]))
		}
	}
	var b strings.Builder
	rule := func() {
		for _, w := range width {
			b.WriteString("+" + strings.Repeat("-", w+2))
		}
		b.WriteString("+\n")
	}
	rule()
	for i, h := range hdr {
		h = strings.ToUpper(h)
		pad := width[i] - len(h)
		left := pad / 2
		b.WriteString("| " + strings.Repeat(" ", left) + h + strings.Repeat(" ", pad-left) + " ")
	}
	b.WriteString("|\n")
	rule()
	for _, r := range rows {
		for i, c := range r {
			b.WriteString("| " + strings.Repeat(" ", width[i]-len(c)) + c + " ")
		}
		b.WriteString("|\n")
	}
	rule()
	return b.String()
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
		Errors           []string    `json:"errors,omitempty"`
		DbSizeInUse      int64       `json:"dbSizeInUse,omitempty"`
		IsLearner        bool        `json:"isLearner,omitempty"`
		StorageVersion   string      `json:"storageVersion,omitempty"`
		DbSizeQuota      int64       `json:"dbSizeQuota,omitempty"`
		DowngradeInfo    struct{}    `json:"downgradeInfo"`
	}{toJSONHeader(s.Header), s.Version, s.DbSize, s.Leader, s.RaftIndex, s.RaftTerm,
		s.RaftAppliedIndex, s.Errors, s.DbSizeInUse, s.IsLearner, storageVersion, quota, struct{}{}}
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

// printTxn is etcdctl's Txn printer: SUCCESS or FAILURE, then each
// response after a blank line; in JSON the TxnResponse message, each
// response wrapped in its oneof field "Response".
func printTxn(d display, r mvcc.TxnResponse) string {
	var b strings.Builder
	switch d.format {
	case "json":
		return marshalLine(toJSONTxn(r, true))
	case "fields":
		fieldsHeader(&b, d, r.Header)
		fmt.Fprintln(&b, `"Succeeded" :`, r.Succeeded)
		for _, op := range r.Responses {
			b.WriteString(printTxnOp(d, op))
		}
		return b.String()
	}
	if r.Succeeded {
		b.WriteString("SUCCESS\n")
	} else {
		b.WriteString("FAILURE\n")
	}
	for _, op := range r.Responses {
		b.WriteString("\n" + printTxnOp(d, op))
	}
	return b.String()
}

// printTxnOp prints one response of a txn as its own command would.
func printTxnOp(d display, op mvcc.ResponseOp) string {
	switch {
	case op.DeleteRange != nil:
		return printDel(d, *op.DeleteRange)
	case op.Put != nil:
		return printPut(d, *op.Put)
	case op.Range != nil:
		return printGet(d, false, *op.Range)
	}
	return ""
}

type jsonTxn struct {
	Header    *jsonHeader  `json:"header,omitempty"`
	Succeeded bool         `json:"succeeded,omitempty"`
	Responses []jsonRespOp `json:"responses,omitempty"`
}

type jsonRespOp struct {
	Response struct {
		Range *jsonRange `json:"response_range,omitempty"`
		Put   *jsonPut   `json:"response_put,omitempty"`
		Del   *jsonDel   `json:"response_delete_range,omitempty"`
		Txn   *jsonTxn   `json:"response_txn,omitempty"`
	}
}

func toJSONTxn(r mvcc.TxnResponse, top bool) *jsonTxn {
	t := &jsonTxn{Succeeded: r.Succeeded}
	if h := toJSONHeader(r.Header); top || *h != (jsonHeader{}) {
		t.Header = h
	}
	for _, op := range r.Responses {
		var j jsonRespOp
		switch {
		case op.Range != nil:
			j.Response.Range = toJSONRange(*op.Range)
		case op.Put != nil:
			j.Response.Put = toJSONPut(*op.Put)
		case op.DeleteRange != nil:
			j.Response.Del = toJSONDel(*op.DeleteRange)
		case op.Txn != nil:
			j.Response.Txn = toJSONTxn(*op.Txn, false)
		}
		t.Responses = append(t.Responses, j)
	}
	return t
}
